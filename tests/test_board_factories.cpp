// Ready-made boards: classic, random boards valid by construction, the LeetCode 909 grid.
#include "support/catch.hpp"

#include <climits>
#include <cstdint>
#include <snakeladder/board/board_factories.hpp>
#include <vector>

using namespace snakeladder;

namespace {

template <typename Config>
void check_random_boards(Square size, std::int64_t snakes, std::int64_t ladders) {
    DefaultEngine engine(99);
    const Config config({.size = size});
    for (int i = 0; i < 10'000; ++i) {
        const Board<Config> board =
            random_board(engine, {.snakes = snakes, .ladders = ladders}, config);
        std::int64_t snakes_seen = 0;
        std::int64_t ladders_seen = 0;
        bool on_track = true;
        bool unchained = true;
        for (const Jump& jump : board.jumps()) {
            on_track = on_track && jump.start >= 2 && jump.start <= size - 1 && jump.end >= 1 &&
                       jump.end <= size;
            (jump.kind() == JumpKind::snake ? snakes_seen : ladders_seen) += 1;
            if constexpr (Config::chain_rule::policy == ChainPolicy::reject) {
                unchained = unchained && board.jump_from(jump.end) == nullptr;
            }
        }
        // One check per board: ten thousand boards would otherwise be millions of assertions.
        REQUIRE(on_track);
        REQUIRE(unchained);
        REQUIRE(snakes_seen == snakes);
        REQUIRE(ladders_seen == ladders);
    }
}

} // namespace

TEST_CASE("classic() is the Milton Bradley board under any rules of size 100", "[factories]") {
    const auto board = classic();
    CHECK(board.jumps().size() == 19);
    CHECK(board.step(0, 1).end == 38);
    CHECK(board.step(79, 1) == Move{79, 1, 80, 100, {{80, 100}}, false, true});
    const auto bounce = classic(GameConfig<BounceBack>());
    CHECK(bounce.step(97, 5) == Move{97, 5, 98, 78, {{98, 78}}, false, false});
    CHECK_THROWS_WITH(classic(GameConfig<>({.size = 50})),
                      SL_CONTAINS("the classic board has 100 squares, but the configuration asks "
                                  "for 50"));
}

TEMPLATE_TEST_CASE("10,000 seeded random boards are valid under each chain rule",
                   "[factories][random]", RejectChains, FollowChains, SingleJump) {
    using Config = GameConfig<ExactFinish, TestType>;
    check_random_boards<Config>(100, 8, 8);
    check_random_boards<Config>(30, 14, 14); // every free square carries a jump
    check_random_boards<Config>(5, 3, 0);
    check_random_boards<Config>(5, 0, 3);
    check_random_boards<Config>(2, 0, 0);
    check_random_boards<Config>(1, 0, 0);
}

TEST_CASE("random boards are the same for the same seed on every platform", "[factories][random]") {
    DefaultEngine engine(2024);
    const auto board =
        random_board(engine, {.snakes = 3, .ladders = 3}, GameConfig<>({.size = 30}));
    const std::vector<Jump> expected{{2, 17}, {4, 1}, {5, 8}, {11, 9}, {18, 29}, {27, 3}};
    CHECK(std::vector<Jump>(board.jumps().begin(), board.jumps().end()) == expected);
    // Under FollowChains a ladder may end on another jump (5-9 here; 9 is free above).
    DefaultEngine again(2024);
    const auto follow = random_board(again, {.snakes = 3, .ladders = 3},
                                     GameConfig<ExactFinish, FollowChains>({.size = 30}));
    CHECK(follow.jumps()[2] == Jump{5, 9});
}

TEST_CASE("random_board refuses requests the track cannot hold", "[factories][random]") {
    DefaultEngine engine(1);
    const DefaultEngine before = engine;
    CHECK_THROWS_WITH(random_board(engine, {.snakes = 50, .ladders = 49}),
                      SL_CONTAINS("50 snakes and 49 ladders need 99 distinct start squares, but a "
                                  "board of 100 squares has only 98"));
    CHECK_THROWS_AS(random_board(engine, {.snakes = -1, .ladders = 3}), InvalidConfig);
    CHECK_THROWS_AS(random_board(engine, {.snakes = 3, .ladders = -1}), InvalidConfig);
    CHECK_THROWS_AS(random_board(engine, {.snakes = INT64_MAX, .ladders = INT64_MAX}),
                    InvalidConfig);
    CHECK_THROWS_AS(random_board(engine, {.snakes = 1, .ladders = 0}, GameConfig<>({.size = 2})),
                    InvalidConfig);
    CHECK(engine == before); // a refused request draws nothing
    const auto board = random_board(engine, {.snakes = 49, .ladders = 49});
    CHECK(board.jumps().size() == 98);
}

TEST_CASE("random boards of a million squares", "[factories][random]") {
    DefaultEngine engine(5);
    const auto board = random_board(engine, {.snakes = 25'000, .ladders = 25'000},
                                    GameConfig<>({.size = 1'000'000}));
    CHECK(board.jumps().size() == 50'000);
}

TEST_CASE("from_grid reads the LeetCode 909 encoding", "[factories][grid]") {
    const std::vector<std::vector<int>> grid{{-1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1},
                                             {-1, -1, -1, -1, -1, -1}, {-1, 35, -1, -1, 13, -1},
                                             {-1, -1, -1, -1, -1, -1}, {-1, 15, -1, -1, -1, -1}};
    const auto board = from_grid(grid);
    CHECK(board.size() == 36);
    // Bottom row left to right is 1..6, the row above runs right to left 7..12, and so on.
    const std::vector<Jump> expected{{2, 15}, {14, 35}, {17, 13}};
    CHECK(std::vector<Jump>(board.jumps().begin(), board.jumps().end()) == expected);
    // One jump per landing: 2 -> 15 does not continue, 14 -> 35 ends on a free square.
    static_assert(std::is_same_v<decltype(board)::chain_rule, SingleJump>);

    const auto two = from_grid({{-1, -1}, {-1, 3}});
    CHECK(two.size() == 4);
    CHECK(std::vector<Jump>(two.jumps().begin(), two.jumps().end()) == std::vector<Jump>{{2, 3}});

    // A cell that names its own square is no jump.
    CHECK(from_grid({{-1, -1}, {1, -1}}).jumps().empty());
    CHECK(from_grid({{-1}}).size() == 1);
}

TEST_CASE("from_grid refuses grids that are not boards", "[factories][grid]") {
    CHECK_THROWS_WITH(from_grid({}), SL_CONTAINS("the grid is empty"));
    CHECK_THROWS_WITH(from_grid({{-1, -1}, {-1}}),
                      SL_CONTAINS("row 2 has 1 cells, but the grid has 2 rows"));
    const auto off = [] { return from_grid({{-1, -1}, {-1, 5}}); };
    CHECK_THROWS_AS(off(), InvalidBoard);
    CHECK_THROWS_WITH(off(), SL_CONTAINS("ladder 2-5 ends off the board: squares run 1..4"));
    CHECK_THROWS_AS(from_grid({{-1, -1}, {-1, 0}}), InvalidBoard);
    CHECK_THROWS_AS(from_grid({{-1, -1}, {-1, -7}}), InvalidBoard);
    CHECK_THROWS_AS(from_grid({{1, -1}, {-1, -1}}), InvalidBoard); // a jump on the last square
}
