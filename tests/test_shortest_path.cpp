// min_rolls: the fewest rolls home when the player chooses each roll, with a path the board
// really allows; LeetCode 909; no path when home cannot be reached.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <snakeladder/analysis/shortest_path.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <span>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// Every move of the path is one the board makes: step(square, roll) ends on the next square.
template <typename Config>
void check_path(const BasicBoard<Config>& board, const ShortestPath& path, Square from,
                std::int64_t max_roll) {
    REQUIRE(path.squares.size() == path.rolls.size() + 1);
    CHECK(path.squares.front() == from);
    CHECK(path.squares.back() == board.size());
    for (std::size_t i = 0; i < path.rolls.size(); ++i) {
        INFO("move " << i << ": " << path.squares[i] << " rolls " << path.rolls[i]);
        CHECK(path.rolls[i] >= 1);
        CHECK(path.rolls[i] <= max_roll);
        const Move move = board.step(path.squares[i], path.rolls[i]);
        CHECK(move.end == path.squares[i + 1]);
        CHECK(move.home == (i + 1 == path.rolls.size()));
    }
}

// An independent count: the set of squares reachable after k rolls, grown one roll at a time.
template <typename Config>
std::optional<std::size_t> fewest_by_layers(const BasicBoard<Config>& board, std::int64_t max_roll,
                                            Square from) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<bool> reached(n + 1, false);
    reached[static_cast<std::size_t>(from)] = true;
    for (std::size_t rolls = 0; rolls <= n + 1; ++rolls) {
        if (reached[n]) {
            return rolls;
        }
        std::vector<bool> next = reached;
        for (std::size_t s = 0; s < n; ++s) {
            if (reached[s]) {
                for (std::int64_t r = 1; r <= max_roll; ++r) {
                    next[static_cast<std::size_t>(board.step(static_cast<Square>(s), r).end)] =
                        true;
                }
            }
        }
        if (next == reached) {
            return std::nullopt;
        }
        reached = std::move(next);
    }
    return std::nullopt;
}

} // namespace

TEST_CASE("the classic board takes at least 7 rolls, along a path the board allows",
          "[shortest_path]") {
    const auto board = classic();
    const std::optional<ShortestPath> path = min_rolls(board, 6);
    REQUIRE(path.has_value());
    CHECK(path->roll_count() == 7);
    check_path(board, *path, 0, 6);
    // The path found: 1 climbs to 38, then 39, 45, 51 climbs to 67, 68, 74 and 80 climbs home.
    CHECK(path->squares == std::vector<Square>{0, 38, 39, 45, 67, 68, 74, 100});
    CHECK(path->rolls == std::vector<std::int64_t>{1, 1, 6, 6, 1, 6, 6});
    CHECK(fewest_by_layers(board, 6, 0) == std::optional<std::size_t>(7));
}

TEST_CASE("LeetCode 909: the examples of the design brief", "[shortest_path][leetcode]") {
    SECTION("a 6 x 6 grid takes 4 rolls") {
        const auto board = from_grid({{-1, -1, -1, -1, -1, -1},
                                      {-1, -1, -1, -1, -1, -1},
                                      {-1, -1, -1, -1, -1, -1},
                                      {-1, 35, -1, -1, 13, -1},
                                      {-1, -1, -1, -1, -1, -1},
                                      {-1, 15, -1, -1, -1, -1}});
        const std::optional<ShortestPath> path = min_rolls(board, 6, 1);
        REQUIRE(path.has_value());
        CHECK(path->roll_count() == 4);
        check_path(board, *path, 1, 6);
        CHECK(fewest_by_layers(board, 6, 1) == std::optional<std::size_t>(4));
    }
    SECTION("a 2 x 2 grid takes 1 roll") {
        const auto board = from_grid({{-1, -1}, {-1, 3}});
        const std::optional<ShortestPath> path = min_rolls(board, 6, 1);
        REQUIRE(path.has_value());
        CHECK(path->roll_count() == 1);
        CHECK(path->squares == std::vector<Square>{1, 4});
        CHECK(path->rolls == std::vector<std::int64_t>{3});
    }
    SECTION("a grid whose every roll from the start slides back has no path") {
        // 3 x 3: squares 2..7 all lead back to 1, and 8 and 9 are more than 6 squares away.
        const auto board = from_grid({{1, -1, -1}, {1, 1, 1}, {-1, 1, 1}});
        CHECK_FALSE(min_rolls(board, 6, 1).has_value());
        CHECK_FALSE(fewest_by_layers(board, 6, 1).has_value());
    }
    SECTION("under the puzzle's rule a jump's end that starts another jump is a resting place") {
        // 3 x 3, rolls of 1 or 2 from square 1: ladder 2-5 ends where ladder 5-9 starts.
        const std::vector<std::vector<int>> grid{{-1, -1, -1}, {-1, 9, -1}, {-1, 5, -1}};
        // One jump per landing: 1 -> 2 climbs to 5 and stops; the quickest is 1 -> 3 -> 5 -> 9.
        const auto single = from_grid(grid);
        const std::optional<ShortestPath> path = min_rolls(single, 2, 1);
        REQUIRE(path.has_value());
        CHECK(path->squares == std::vector<Square>{1, 3, 9});
        check_path(single, *path, 1, 2);
        // Following chains, 1 -> 2 climbs to 5 and on to 9 in one roll.
        const auto follow = from_grid(grid, GameConfig<ExactFinish, FollowChains>());
        CHECK(min_rolls(follow, 2, 1)->squares == std::vector<Square>{1, 9});
    }
}

TEST_CASE("min_rolls in small and unusual cases", "[shortest_path]") {
    SECTION("from home, no roll is needed") {
        const std::optional<ShortestPath> path = min_rolls(classic(), 6, 100);
        REQUIRE(path.has_value());
        CHECK(path->roll_count() == 0);
        CHECK(path->squares == std::vector<Square>{100});
    }
    SECTION("from a square near home") {
        const std::optional<ShortestPath> path = min_rolls(classic(), 6, 97);
        REQUIRE(path.has_value());
        CHECK(path->rolls == std::vector<std::int64_t>{3});
    }
    SECTION("rolls larger than the board") {
        // The smallest roll that brings the start home is 80, whose square climbs 80-100.
        CHECK(min_rolls(classic(), 1000)->rolls == std::vector<std::int64_t>{80});
        CHECK(min_rolls(classic(GameConfig<OvershootWins>()), 1000)->rolls ==
              std::vector<std::int64_t>{80});
        // On 5 squares a 12-sided die's 10, 11 and 12 all overshoot: only an exact 5 finishes.
        const Board<> five({}, GameConfig<>({.size = 5}));
        CHECK(min_rolls(five, 12)->rolls == std::vector<std::int64_t>{5});
    }
    SECTION("a bounce can be the only way home") {
        // Size 5, rolls 3 and 4: 0 -> 4, a 4 bounces from 8 back to 2, and 2 + 3 is home. With
        // exact finish the token only ever stands on 0, 3 and 4, and there is no way home.
        const std::vector<std::int64_t> rolls{3, 4};
        const Board<GameConfig<BounceBack>> bounce({}, GameConfig<BounceBack>({.size = 5}));
        const std::optional<ShortestPath> path =
            min_rolls(bounce, std::span<const std::int64_t>(rolls));
        REQUIRE(path.has_value());
        CHECK(path->squares == std::vector<Square>{0, 4, 2, 5});
        CHECK(path->rolls == std::vector<std::int64_t>{4, 4, 3});
        check_path(bounce, *path, 0, 4);
        const Board<> exact({}, GameConfig<>({.size = 5}));
        CHECK_FALSE(min_rolls(exact, std::span<const std::int64_t>(rolls)).has_value());
    }
    SECTION("only some rolls allowed: even rolls never reach an odd goal") {
        const Board<> board({}, GameConfig<>({.size = 9}));
        const std::vector<std::int64_t> even{2, 4, 6};
        CHECK_FALSE(min_rolls(board, std::span<const std::int64_t>(even)).has_value());
        const std::vector<std::int64_t> two_and_four{2, 4};
        const std::optional<ShortestPath> path = min_rolls(
            Board<>({}, GameConfig<>({.size = 8})), std::span<const std::int64_t>(two_and_four));
        REQUIRE(path.has_value());
        CHECK(path->squares == std::vector<Square>{0, 4, 8});
    }
    SECTION("random boards: the search agrees with a layer-by-layer count") {
        DefaultEngine engine(17);
        for (int round = 0; round < 20; ++round) {
            const auto board = random_board(engine, {.snakes = 15, .ladders = 10},
                                            GameConfig<ExactFinish, SingleJump>({.size = 80}));
            const std::int64_t max_roll = 1 + round % 6;
            const std::optional<ShortestPath> path = min_rolls(board, max_roll);
            const std::optional<std::size_t> layers = fewest_by_layers(board, max_roll, 0);
            REQUIRE(path.has_value() == layers.has_value());
            if (path) {
                CHECK(path->roll_count() == *layers);
                check_path(board, *path, 0, max_roll);
            }
        }
    }
}

TEST_CASE("min_rolls refuses what it cannot search", "[shortest_path][errors]") {
    const auto board = classic();
    REQUIRE_THROWS_AS(min_rolls(board, 0), InvalidConfig);
    REQUIRE_THROWS_WITH(min_rolls(board, 0), SL_CONTAINS("max_roll must be at least 1, got 0"));
    REQUIRE_THROWS_WITH(min_rolls(board, 6, 101),
                        SL_CONTAINS("square 101 is not on a board of 100"));
    REQUIRE_THROWS_AS(min_rolls(board, 6, -1), InvalidConfig);
    const std::vector<std::int64_t> none;
    REQUIRE_THROWS_WITH(min_rolls(board, std::span<const std::int64_t>(none)),
                        SL_CONTAINS("no roll"));
    const std::vector<std::int64_t> zero{0, 3};
    REQUIRE_THROWS_WITH(min_rolls(board, std::span<const std::int64_t>(zero)),
                        SL_CONTAINS("a roll must be at least 1, got 0"));
}

TEST_CASE("min_rolls reports the squares it searched, and a callback that throws stops it",
          "[shortest_path][progress]") {
    using Report = support::ProgressReport;
    std::vector<Report> reports;
    ProgressOptions options = support::recording_progress(reports);
    SECTION("three squares, rolls of 1: squares 0, 1 and 2 searched, reported once at the end") {
        REQUIRE(min_rolls(Board<>({}, GameConfig<>({.size = 3})), 1, 0, options)->roll_count() ==
                3);
        CHECK(reports == std::vector<Report>{{3, 3}});
    }
    SECTION("2^18 squares, rolls 1 to 6: the clock is read once 2^20 rolls have been tried") {
        // Each square searched tries 6 rolls, so the 174,763rd passes 2^20 (6 x 174,762 =
        // 1,048,572 < 1,048,576); of the 262,145 squares 0..2^18, the search takes 0..262,138
        // off its queue, in order, and 262,138 + 6 is home.
        const Board<> long_board({}, GameConfig<>({.size = 262'144}));
        REQUIRE(min_rolls(long_board, 6, 0, options)->roll_count() == 262'144 / 6 + 1);
        CHECK(reports == std::vector<Report>{{174'763, 262'145}, {262'139, 262'139}});

        struct Stop {
            std::int64_t done;
        };
        std::int64_t stopped_at = -1;
        options.progress = [](std::int64_t done, std::int64_t) { throw Stop{done}; };
        try {
            (void)min_rolls(long_board, 6, 0, options);
        } catch (const Stop& stop) {
            stopped_at = stop.done;
        }
        CHECK(stopped_at == 174'763);
    }
    SECTION("a negative interval is refused") {
        options.progress_interval = std::chrono::milliseconds(-1);
        CHECK_THROWS_AS(min_rolls(classic(), 6, 0, options), InvalidConfig);
    }
}
