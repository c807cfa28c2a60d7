// What each square and jump does (board_effects.hpp): visits and landing chances worked out by
// hand on boards of four squares, their sum against the expected length, the turns each jump
// adds, under house rules too, and the heat map that draws them.
#include "catch.hpp"

#include <cmath>
#include <cstddef>
#include <numeric>
#include <snakeladder/analysis.hpp>
#include <snakeladder/board_effects.hpp>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/dice.hpp>
#include <snakeladder/house_rules.hpp>
#include <snakeladder/render.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

TEST_CASE("visits and landing chances match values worked out by hand", "[analysis][effects]") {
    const FairDice<> die(2);

    SECTION("four squares, no jumps") {
        // Square 1 only by a first 1 (1/2); square 2 by a first 2 or 1, 1 (3/4); square 3 from
        // 1 by a 2 or from 2 by a 1 (1/4 + 3/8 = 5/8), where a 2 is blocked: 2 turns there on
        // average once there.
        const SquareStatistics stats = square_statistics(Board<>({}, {.size = 4}), die);
        REQUIRE(stats.visits.size() == 4);
        REQUIRE(stats.visits[0] == Approx(1.0).epsilon(1e-14));
        REQUIRE(stats.visits[1] == Approx(0.5).epsilon(1e-14));
        REQUIRE(stats.visits[2] == Approx(0.75).epsilon(1e-14));
        REQUIRE(stats.visits[3] == Approx(1.25).epsilon(1e-14));
        REQUIRE(stats.landing[0] == 1.0);
        REQUIRE(stats.landing[1] == Approx(0.5).epsilon(1e-14));
        REQUIRE(stats.landing[2] == Approx(0.75).epsilon(1e-14));
        REQUIRE(stats.landing[3] == Approx(0.625).epsilon(1e-14));
    }

    SECTION("four squares, a snake from 3 to 1") {
        // From 1 a token comes back to 1 with probability 3/4 (a 2 slides back; a 1 then a 1):
        // 4 turns there once there, and it gets there with probability 3/4: 3 turns. Square 2
        // is reached surely, and left for good only by a 2 (1/2): 2 turns. E = 1 + 3 + 2 = 6.
        const Board<> board({{3, 1}}, {.size = 4});
        const SquareStatistics stats = square_statistics(board, die);
        REQUIRE(stats.visits[1] == Approx(3.0).epsilon(1e-14));
        REQUIRE(stats.visits[2] == Approx(2.0).epsilon(1e-14));
        REQUIRE(stats.visits[3] == 0.0); // the snake's head: no token rests there
        REQUIRE(stats.landing[1] == Approx(0.75).epsilon(1e-14));
        REQUIRE(stats.landing[2] == Approx(1.0).epsilon(1e-14));
        REQUIRE(stats.landing[3] == 0.0);
        // Without the snake a game takes 3.5 turns: the snake adds 2.5.
        const std::vector<JumpEffect> effects = jump_effects(board, die);
        REQUIRE(effects.size() == 1);
        REQUIRE(effects[0].jump == Jump{3, 1});
        REQUIRE(effects[0].expected_turns_without == Approx(3.5).epsilon(1e-14));
        REQUIRE(effects[0].turns_added == Approx(2.5).epsilon(1e-13));
    }

    SECTION("a missed turn on square 2 counts in the length but not in the visits") {
        // The visits are the turns begun on each square: the same as without the rule, since
        // the rule changes no move; the length adds one turn per arrival on 2 (3/4).
        const Board<> board({}, {.size = 4});
        const SquareStatistics stats = square_statistics(board, die, MissTurnSquares{2});
        REQUIRE(stats.visits[2] == Approx(0.75).epsilon(1e-14));
        const double total = std::accumulate(stats.visits.begin(), stats.visits.end(), 0.0);
        REQUIRE(total == Approx(3.5).epsilon(1e-14));
        REQUIRE(expected_turns(board, die, MissTurnSquares{2}).from_start ==
                Approx(total + 0.75).epsilon(1e-14));
    }
}

TEST_CASE("the visits of the classic board add up to its expected length, under house rules too",
          "[analysis][effects]") {
    const FairDice<> die(6);
    const Board<> board = classic();
    const auto check = [&](const SquareStatistics& stats, double expected) {
        const double total = std::accumulate(stats.visits.begin(), stats.visits.end(), 0.0);
        REQUIRE(total == Approx(expected).epsilon(1e-12));
        for (const Jump& jump : board.jumps()) {
            REQUIRE(stats.visits[static_cast<std::size_t>(jump.start)] == 0.0);
        }
        for (const double p : stats.landing) {
            REQUIRE(p >= 0.0);
            REQUIRE(p <= 1.0);
        }
    };
    check(square_statistics(board, die), expected_turns(board, die).from_start);
    // A turn of several rolls is one turn begun on one square.
    check(square_statistics(board, die, ExtraTurnOnMax<3>{}),
          expected_turns(board, die, ExtraTurnOnMax<3>{}).from_start);
    // The top ladder 80-100 saves the most turns, of every jump; each effect is the length on
    // the board without the jump.
    const std::vector<JumpEffect> effects = jump_effects(board, die);
    REQUIRE(effects.size() == board.jumps().size());
    const double with = expected_turns(board, die).from_start;
    for (const JumpEffect& effect : effects) {
        std::vector<Jump> others;
        for (const Jump& jump : board.jumps()) {
            if (!(jump == effect.jump)) {
                others.push_back(jump);
            }
        }
        const double without = expected_turns(Board<>(others), die).from_start;
        REQUIRE(effect.expected_turns_without == Approx(without).epsilon(1e-12));
        REQUIRE(effect.turns_added == Approx(with - without).epsilon(1e-12));
        if (!(effect.jump == Jump{80, 100})) {
            REQUIRE(effect.turns_added > -19.0);
        }
    }
}

TEST_CASE("square statistics refuse traps and boards past their limit", "[analysis][effects]") {
    // Square 5 of 6 with a die that rolls only 2s: 1, 3, 5 never get home, and 5 is reached
    // from 1 and 3, but the start goes 2, 4, 6. A snake from 4 to 3 sends every game there.
    const LoadedDice<> twos({0, 1});
    REQUIRE_THROWS_WITH(square_statistics(Board<>({{4, 3}}, {.size = 6}), twos),
                        SL_CONTAINS("squares 0, 2, 3, 5 are reached") &&
                            SL_CONTAINS("the visits are infinite"));
    REQUIRE_THROWS_WITH(square_statistics(Board<>({}, {.size = 10'001}), FairDice<>(6)),
                        SL_CONTAINS("at most 10000 squares; this one has 10001"));
}

TEST_CASE("the SVG heat map shades each square by its share of the hottest", "[render][effects]") {
    const Board<> board({{3, 1}}, {.size = 4});
    const std::string svg =
        render_svg(board, {.heat = square_statistics(board, FairDice<>(2)).visits});
    // Square 1 (3 turns) is the hottest: deep red (183, 28, 28); square 2 (2 turns) two thirds
    // of the way from (255, 248, 225): (207, 101.3, 93.7), rounded;
    // square 3 (no visits) the board's light colour; home is not shaded.
    REQUIRE_THAT(svg, SL_CONTAINS("fill=\"#b71c1c\"><title>square 1: 100% of the hottest"));
    REQUIRE_THAT(svg, SL_CONTAINS("fill=\"#cf655e\"><title>square 2: 67% of the hottest"));
    REQUIRE_THAT(svg, SL_CONTAINS("fill=\"#fff8e1\"><title>square 3: 0% of the hottest"));
    REQUIRE_THAT(svg, !SL_CONTAINS("square 4:"));
    REQUIRE_THROWS_WITH(render_svg(board, {.heat = {1.0, 2.0}}),
                        SL_CONTAINS("one value per square 0 to 3, 4 in all; got 2"));
    REQUIRE_THROWS_WITH(render_svg(board, {.heat = {0.0, 1.0, -1.0, 0.0}}),
                        SL_CONTAINS("value for square 2 is -1"));
}
