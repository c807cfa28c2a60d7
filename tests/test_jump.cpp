// Squares and jumps (jump.hpp): a jump's kind and order, and JumpPath, which keeps the first three
// jumps of a move inline and spills longer chains to the heap: the same sequence either way, when
// copied, compared, viewed as a span, cleared and filled again.
#include "support/catch.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <snakeladder/base/jump.hpp>
#include <span>
#include <vector>

using namespace snakeladder;

TEST_CASE("a jump up is a ladder, a jump down a snake; jumps order by start, then end", "[jump]") {
    STATIC_REQUIRE(Jump{4, 14}.kind() == JumpKind::ladder);
    STATIC_REQUIRE(Jump{17, 7}.kind() == JumpKind::snake);
    STATIC_REQUIRE(to_string(JumpKind::ladder) == "ladder");
    STATIC_REQUIRE(to_string(JumpKind::snake) == "snake");
    STATIC_REQUIRE(Jump{4, 14} < Jump{9, 2});
    STATIC_REQUIRE(Jump{9, 2} < Jump{9, 31});
    STATIC_REQUIRE(Jump{9, 31} == Jump{9, 31});
    CHECK(fmt::format("{} and {}", Jump{4, 14}, Jump{17, 7}) == "ladder 4-14 and snake 17-7");
}

TEST_CASE("a jump path holds any number of jumps, three of them inline, the same either way",
          "[jump]") {
    STATIC_REQUIRE(JumpPath::inline_capacity == 3);
    JumpPath path;
    CHECK(path.empty());
    CHECK(path.begin() == path.end());
    // Five ladders 2-3, 3-4, ..., 6-7: the fourth spills the path to the heap.
    std::vector<Jump> pushed;
    for (Square s = 2; s < 7; ++s) {
        path.push_back({s, s + 1});
        pushed.push_back({s, s + 1});
        INFO(pushed.size() << " jumps");
        CHECK(path.size() == pushed.size());
        CHECK(std::equal(path.begin(), path.end(), pushed.begin(), pushed.end()));
        CHECK(path.front() == Jump{2, 3});
        CHECK(path.back() == pushed.back());
    }
    CHECK(path[3] == Jump{5, 6});
    const std::span<const Jump> view(path);
    CHECK(view.size() == 5);
    CHECK(view[4] == Jump{6, 7});

    // Equal sequences are equal paths; a prefix is not.
    CHECK(path == JumpPath{{2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}});
    CHECK_FALSE(path == JumpPath{{2, 3}, {3, 4}, {4, 5}});
    CHECK_FALSE(JumpPath{{2, 3}} == JumpPath{{2, 4}});
    // A copy goes its own way.
    JumpPath copy = path;
    copy.push_back({7, 8});
    CHECK(path.size() == 5);
    CHECK(copy.size() == 6);
    CHECK(copy.back() == Jump{7, 8});

    // Cleared, it fills inline again, then spills again.
    path.clear();
    CHECK(path.empty());
    path.push_back({9, 1});
    CHECK(path == JumpPath{{9, 1}});
    path.push_back({1, 5});
    path.push_back({5, 2});
    path.push_back({2, 8});
    CHECK(path == JumpPath{{9, 1}, {1, 5}, {5, 2}, {2, 8}});
    CHECK(path.back() == Jump{2, 8});
}
