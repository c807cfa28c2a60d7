// exact_expected_turns: the expected length as an exact fraction (needs Boost.Multiprecision;
// tests/CMakeLists.txt builds this file only when Boost is found). The fractions are worked out
// by hand on boards small enough for it, or published (Althoen, King and Schilling, 1993).
#include "support/catch.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/exact_turns.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

template <typename Overshoot>
Board<GameConfig<Overshoot>> board_of(Square size, std::vector<Jump> jumps) {
    return Board<GameConfig<Overshoot>>(std::move(jumps), GameConfig<Overshoot>({.size = size}));
}

} // namespace

TEST_CASE("the classic board with the chute at 47-26 gives the published fraction digit for "
          "digit",
          "[exact]") {
    std::vector<Jump> jumps(classic_jumps.begin(), classic_jumps.end());
    std::replace(jumps.begin(), jumps.end(), Jump{48, 26}, Jump{47, 26});
    const Fraction exact = exact_expected_turns(Board<>(jumps), FairDice<>());
    CHECK(numerator(exact).str() == "225837582538403273407117496273279920181931269186581786048583");
    CHECK(denominator(exact).str() == "5757472998140039232950575874628786131130999406013041613400");
}

TEST_CASE("exact fractions on boards solved by hand, under every overshoot rule", "[exact]") {
    // Size 5, one die of three faces, snake 4-1 (see test_analysis.cpp, where the equations are
    // written out): E0 = 48/7 bouncing back, 6 with an exact finish, 48/11 when overshooting wins.
    const FairDice<> d3({.sides = 3});
    CHECK(exact_expected_turns(board_of<BounceBack>(5, {{4, 1}}), d3) == Fraction(48, 7));
    CHECK(exact_expected_turns(board_of<ExactFinish>(5, {{4, 1}}), d3) == Fraction(6));
    CHECK(exact_expected_turns(board_of<OvershootWins>(5, {{4, 1}}), d3) == Fraction(48, 11));
    // Size 9, ladder 4-7, snake 8-2, one die, exact finish: 8.6 = 43/5 (test_analysis.cpp).
    CHECK(exact_expected_turns(board_of<ExactFinish>(9, {{4, 7}, {8, 2}}), FairDice<>()) ==
          Fraction(43, 5));
    // One square and a loaded coin that rolls 1 with probability 1/4 (a 2 overshoots and is
    // blocked): a geometric law, 4 turns.
    CHECK(exact_expected_turns(board_of<ExactFinish>(1, {}), LoadedDice<>({1, 3})) == Fraction(4));
    // Two squares, two fair coins (sums 2, 3, 4 with 1/4, 1/2, 1/4), overshoot wins: home on
    // the first roll.
    CHECK(exact_expected_turns(board_of<OvershootWins>(2, {}),
                               FairDice<>({.sides = 2, .count = 2})) == Fraction(1));
}

TEST_CASE("the exact fraction rounds to what expected_turns gives", "[exact]") {
    const Fraction exact = exact_expected_turns(classic(), FairDice<>());
    CHECK(static_cast<double>(exact) ==
          Approx(expected_turns(classic(), FairDice<>()).from_start).epsilon(1e-14));
    CHECK(static_cast<double>(exact) == Approx(39.598365640208193).epsilon(1e-14));
    const Fraction loaded = exact_expected_turns(classic(), LoadedDice<>({1, 1, 1, 2, 3, 5}));
    CHECK(static_cast<double>(loaded) ==
          Approx(expected_turns(classic(), LoadedDice<>({1, 1, 1, 2, 3, 5})).from_start)
              .epsilon(1e-13));
}

TEST_CASE("exact fractions are refused for infinite lengths and for boards too large",
          "[exact][errors]") {
    // Two dice never roll the 1 that square 99 needs under an exact finish: a trap.
    REQUIRE_THROWS_AS(exact_expected_turns(classic(), FairDice<>({.sides = 6, .count = 2})),
                      InvalidConfig);
    REQUIRE_THROWS_WITH(exact_expected_turns(classic(), FairDice<>({.sides = 6, .count = 2})),
                        SL_CONTAINS("square 99 is a trap"));
    DefaultEngine engine(5);
    const auto board =
        random_board(engine, {.snakes = 500, .ladders = 500}, GameConfig<>({.size = 20'000}));
    REQUIRE_THROWS_WITH(exact_expected_turns(board, FairDice<>()),
                        SL_CONTAINS("use expected_turns"));
}

TEST_CASE("exact_expected_turns reports the squares eliminated, and a callback that throws stops "
          "it",
          "[exact][progress]") {
    // The classic board, a six-sided die: no rolls to count while the chain is built (6 rolls
    // are quick), then squares 0..99 eliminated one by one, each reported as (s + 1, 100) with
    // no interval, and (100, 100) at the end.
    std::vector<std::pair<std::int64_t, std::int64_t>> reports;
    ProgressOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.progress = [&reports](std::int64_t done, std::int64_t total) {
        reports.emplace_back(done, total);
    };
    (void)exact_expected_turns(classic(), FairDice<>(), options);
    std::vector<std::pair<std::int64_t, std::int64_t>> expected;
    for (std::int64_t s = 1; s <= 100; ++s) {
        expected.emplace_back(s, 100);
    }
    expected.emplace_back(100, 100);
    CHECK(reports == expected);

    struct Stop {};
    options.progress = [](std::int64_t, std::int64_t) { throw Stop{}; };
    CHECK_THROWS_AS(exact_expected_turns(classic(), FairDice<>(), options), Stop);
    options.progress_interval = std::chrono::milliseconds(-1);
    CHECK_THROWS_AS(exact_expected_turns(classic(), FairDice<>(), options), InvalidConfig);
}
