// What each square and jump does (board_effects.hpp): visits and landing chances worked out by
// hand on boards of four squares, their sum against the expected length, the turns each jump
// adds, under house rules too, and the heat map that draws them.
#include "support/catch.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <limits>
#include <numeric>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/board_effects.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/io/board_text.hpp>
#include <snakeladder/render/render.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

TEST_CASE("visits and landing chances match values worked out by hand", "[analysis][effects]") {
    const FairDice<> die({.sides = 2});

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
    const FairDice<> die({.sides = 6});
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

TEST_CASE("regression: a square a token almost never leaves is counted as often as it is "
          "visited, not as the rounding of 1 - P(stay)",
          "[analysis][effects][regression]") {
    // 100d100 on the classic board under exact finish: from square 0 only a roll of exactly 100
    // (every die a 1: (1/100)^100 = 1e-200) moves, and it goes home. So a game begins 1e200
    // turns on square 0 and none elsewhere. The visits came out 2^47, the inverse of the
    // rounding of the folded odds (1 - P(stay) = 7e-15).
    const FairDice<> dice({.sides = 100, .count = 100});
    const SquareStatistics stats = square_statistics(classic(), dice);
    CHECK(stats.visits[0] == Approx(1e200).epsilon(1e-12));
    CHECK(stats.landing[0] == 1.0);
    CHECK(std::accumulate(stats.visits.begin() + 1, stats.visits.end(), 0.0) == 0.0);
    CHECK(expected_turns(classic(), dice).from_start == Approx(1e200).epsilon(1e-12));
}

TEST_CASE("square statistics refuse traps and bad options", "[analysis][effects]") {
    // Square 5 of 6 with a die that rolls only 2s: 1, 3, 5 never get home, and 5 is reached
    // from 1 and 3, but the start goes 2, 4, 6. A snake from 4 to 3 sends every game there.
    const LoadedDice<> twos({0, 1});
    REQUIRE_THROWS_WITH(square_statistics(Board<>({{4, 3}}, {.size = 6}), twos),
                        SL_CONTAINS("squares 0, 2, 3, 5 are reached") &&
                            SL_CONTAINS("the visits are infinite"));
    const EffectsOptions backwards{.progress_interval = std::chrono::milliseconds{-1}};
    REQUIRE_THROWS_AS(square_statistics(classic(), FairDice<>({.sides = 6}), backwards),
                      InvalidConfig);
    REQUIRE_THROWS_WITH(square_statistics(classic(), FairDice<>({.sides = 6}), backwards),
                        SL_CONTAINS("EffectsOptions::progress_interval must not be negative, "
                                    "got -1 ms"));
    REQUIRE_THROWS_WITH(jump_effects(classic(), FairDice<>({.sides = 6}), backwards),
                        SL_CONTAINS("got -1 ms"));
}

namespace {

// A fixed sequence of numbers below a bound, for boards that differ from test to test but not
// from run to run (a linear congruential generator's high bits).
struct SmallGenerator {
    std::uint64_t state;
    std::uint64_t operator()(std::uint64_t below) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % below;
    }
};

// N = (I - K)^-1 by Gauss-Jordan in long double, K given densely over squares 0..n-1 (home
// left out): the reference for row 0 and the diagonal.
std::vector<std::vector<long double>> dense_inverse(std::vector<std::vector<long double>> a) {
    const std::size_t n = a.size();
    std::vector<std::vector<long double>> inverse(n, std::vector<long double>(n, 0.0L));
    for (std::size_t i = 0; i < n; ++i) {
        inverse[i][i] = 1.0L;
    }
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c; r < n; ++r) {
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) {
                pivot = r;
            }
        }
        std::swap(a[pivot], a[c]);
        std::swap(inverse[pivot], inverse[c]);
        const long double d = a[c][c];
        for (std::size_t j = 0; j < n; ++j) {
            a[c][j] /= d;
            inverse[c][j] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            const long double f = a[r][c];
            if (r == c || f == 0.0L) {
                continue;
            }
            for (std::size_t j = 0; j < n; ++j) {
                a[r][j] -= f * a[c][j];
                inverse[r][j] -= f * inverse[c][j];
            }
        }
    }
    return inverse;
}

// Checks `stats` against N: visits N(0, s), landing N(0, s) / N(s, s).
void check_against(const SquareStatistics& stats,
                   const std::vector<std::vector<long double>>& n_matrix) {
    REQUIRE(stats.visits.size() == n_matrix.size());
    for (std::size_t s = 0; s < n_matrix.size(); ++s) {
        const auto visits = static_cast<double>(n_matrix[0][s]);
        const auto landing = static_cast<double>(n_matrix[0][s] / n_matrix[s][s]);
        CHECK(stats.visits[s] == Approx(visits).epsilon(1e-12).margin(1e-14));
        CHECK(stats.landing[s] == Approx(landing).epsilon(1e-12).margin(1e-14));
    }
}

} // namespace

TEST_CASE("square statistics match a dense inverse on many small boards, any size and rules",
          "[analysis][effects]") {
    // Boards of 8 to 67 squares with jumps anywhere (a fixed sequence of a small generator),
    // fair dice of 2 to 6 faces, exact finish. One turn from s: each roll r lands on s + r
    // (a roll past home leaves the token where it is) and takes the jump there: K written
    // from the rules, not from the library.
    SmallGenerator next{12345};
    int checked = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const auto size = static_cast<Square>(8 + next(60));
        const auto faces = static_cast<int>(2 + next(5));
        std::vector<bool> used(static_cast<std::size_t>(size) + 1, false);
        used[0] = used[static_cast<std::size_t>(size)] = true;
        std::vector<Jump> jumps;
        for (Square k = 0; k < size / 5; ++k) {
            const auto from = static_cast<Square>(1 + next(static_cast<std::uint64_t>(size - 1)));
            const auto to = static_cast<Square>(next(static_cast<std::uint64_t>(size)));
            if (!used[static_cast<std::size_t>(from)] && !used[static_cast<std::size_t>(to)] &&
                from != to) {
                used[static_cast<std::size_t>(from)] = used[static_cast<std::size_t>(to)] = true;
                jumps.push_back({from, to});
            }
        }
        const Board<> board(jumps, {.size = size});
        const FairDice<> die({.sides = faces});
        SquareStatistics stats;
        try {
            stats = square_statistics(board, die);
        } catch (const InvalidConfig&) {
            continue; // a trap can be reached (a cycle of snakes): no finite visits
        }
        const auto n = static_cast<std::size_t>(size);
        std::vector<std::vector<long double>> a(n, std::vector<long double>(n, 0.0L));
        for (Square s = 0; s < size; ++s) {
            a[static_cast<std::size_t>(s)][static_cast<std::size_t>(s)] += 1.0L;
            for (int r = 1; r <= faces; ++r) {
                const Square to = s + r > size ? s : board.resolve(s + r);
                if (to != size) {
                    a[static_cast<std::size_t>(s)][static_cast<std::size_t>(to)] -= 1.0L / faces;
                }
            }
        }
        check_against(stats, dense_inverse(a));
        ++checked;
    }
    CHECK(checked >= 30);

    SECTION("under house rules, against the inverse of the turn kernel's own matrix") {
        // The kernel (the turn model's turns) is checked elsewhere; here, only the solve.
        const Board<> board({{7, 2}, {4, 11}, {13, 5}, {16, 9}}, {.size = 18});
        const FairDice<> die({.sides = 6});
        const auto check_rules = [&](const auto& rules) {
            const auto kernel = detail::turn_kernel(board, die, rules);
            std::vector<std::vector<long double>> a(18, std::vector<long double>(18, 0.0L));
            for (Square s = 0; s < 18; ++s) {
                a[static_cast<std::size_t>(s)][static_cast<std::size_t>(s)] = 1.0L;
                for (const detail::KernelMove& move : kernel->moves(s)) {
                    if (move.to != 18) {
                        a[static_cast<std::size_t>(s)][static_cast<std::size_t>(move.to)] -=
                            move.probability;
                    }
                }
            }
            check_against(square_statistics(board, die, rules), dense_inverse(a));
        };
        check_rules(ExtraTurnOnMax<3>{});
        check_rules(SixToStart{});
        check_rules(HouseRules<RollAgainOnMax, MissTurnSquares>({}, MissTurnSquares{3, 10}));
    }
}

TEST_CASE("square statistics of 100,000 squares add up to the expected length, with progress",
          "[analysis][effects]") {
    std::ifstream file(SNAKELADDER_TEST_BOARDS "/local_100k.txt");
    REQUIRE(file);
    std::stringstream text;
    text << file.rdbuf();
    const Board<> board = parse_board(text.str());
    std::vector<double> shares;
    const SquareStatistics stats =
        square_statistics(board, FairDice<>({.sides = 6}),
                          {.progress = [&shares](double share) { shares.push_back(share); },
                           .progress_interval = std::chrono::milliseconds{0}});
    // Every turn of a game begins on some square: the visits add up to the length, 33,863.44
    // turns, which expected_turns finds by another elimination.
    const double total = std::accumulate(stats.visits.begin(), stats.visits.end(), 0.0);
    CHECK(total ==
          Approx(expected_turns(board, FairDice<>({.sides = 6})).from_start).epsilon(1e-10));
    for (const Jump& jump : board.jumps()) {
        CHECK(stats.visits[static_cast<std::size_t>(jump.start)] == 0.0);
        CHECK(stats.landing[static_cast<std::size_t>(jump.start)] == 0.0);
    }
    CHECK(stats.landing[0] == 1.0);
    CHECK(stats.landing[99'999] > 0.0); // the last square below home, 1 in 6 of the finishes
    // Reports every square followed (100,000), every 4,096 rows factored (25) and inverted
    // (25), and 1 at the end: each a third of the way, in order.
    REQUIRE(shares.size() == 100'000 + 25 + 25 + 1);
    CHECK(shares[0] == 0.0);
    CHECK(shares[100'000] == Approx(1.0 / 3.0));
    CHECK(shares[100'025] == Approx(2.0 / 3.0));
    CHECK(shares.back() == 1.0);
    CHECK(std::is_sorted(shares.begin(), shares.end()));

    SECTION("an exception from the progress stops it") {
        int calls = 0;
        const EffectsOptions stop{.progress =
                                      [&calls](double share) {
                                          if (share > 0.5) {
                                              throw std::runtime_error("stopped by the caller");
                                          }
                                          ++calls;
                                      },
                                  .progress_interval = std::chrono::milliseconds{0}};
        REQUIRE_THROWS_WITH(square_statistics(board, FairDice<>({.sides = 6}), stop),
                            "stopped by the caller");
        // Past half way after 53,248 of the rows factored ((1 + 0.53248) / 3 = 0.51): the
        // squares followed and the 13 reports before.
        CHECK(calls == 100'000 + 13);
    }
}

namespace {

// jump_effects against one expected_turns per jump, on the board without it: the definition.
template <class Config, class D>
void check_each_jump(const BasicBoard<Config>& board, const D& dice) {
    const double with = expected_turns(board, dice).from_start;
    const std::vector<JumpEffect> effects = jump_effects(board, dice);
    REQUIRE(effects.size() == board.jumps().size());
    for (std::size_t i = 0; i < effects.size(); ++i) {
        std::vector<Jump> others(board.jumps().begin(), board.jumps().end());
        others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
        const double without =
            expected_turns(BasicBoard<Config>(others, board.config()), dice).from_start;
        CHECK(effects[i].jump == board.jumps()[i]);
        CHECK(effects[i].expected_turns_without == Approx(without).epsilon(1e-11));
        if (std::isinf(with) && std::isinf(without)) {
            CHECK(effects[i].turns_added == 0.0); // never ends either way
        } else {
            CHECK(effects[i].turns_added == Approx(with - without).epsilon(1e-9).margin(1e-9));
        }
    }
}

} // namespace

TEST_CASE("jump effects from one factorization match a solve per jump, under every rule",
          "[analysis][effects]") {
    // Boards of 12 to 71 squares with jumps anywhere, fair dice of 2 to 6 faces, each overshoot
    // rule; and chains, followed or taken one jump at a time.
    SmallGenerator next{777};
    const auto jumps_for = [&](Square size, bool chains) {
        std::vector<bool> start(static_cast<std::size_t>(size) + 1, false);
        std::vector<bool> end(static_cast<std::size_t>(size) + 1, false);
        std::vector<Jump> jumps;
        for (Square k = 0; k < size / 5; ++k) {
            const auto from = static_cast<Square>(1 + next(static_cast<std::uint64_t>(size - 1)));
            const auto to = static_cast<Square>(1 + next(static_cast<std::uint64_t>(size - 1)));
            const auto f = static_cast<std::size_t>(from);
            const auto t = static_cast<std::size_t>(to);
            if (from == to || start[f] || end[t] || (!chains && (end[f] || start[t]))) {
                continue;
            }
            start[f] = end[t] = true;
            jumps.push_back({from, to});
        }
        return jumps;
    };
    for (int trial = 0; trial < 12; ++trial) {
        const auto size = static_cast<Square>(12 + next(60));
        const FairDice<> die({.sides = static_cast<int>(2 + next(5))});
        try {
            check_each_jump(Board<>(jumps_for(size, false), {.size = size}), die);
            using Bounce = GameConfig<BounceBack>;
            check_each_jump(Board<Bounce>(jumps_for(size, false), Bounce({.size = size})), die);
            using Wins = GameConfig<OvershootWins>;
            check_each_jump(Board<Wins>(jumps_for(size, false), Wins({.size = size})), die);
            using Follow = GameConfig<ExactFinish, FollowChains>;
            check_each_jump(Board<Follow>(jumps_for(size, true), Follow({.size = size})), die);
            using Single = GameConfig<BounceBack, SingleJump>;
            check_each_jump(Board<Single>(jumps_for(size, true), Single({.size = size})), die);
        } catch (const InvalidBoard&) {
            // a cycle of jumps: no such board
        }
    }

    SECTION("a ladder without which the game never ends") {
        // Rolls of 2 only, overshoot wins: 0, 2, 4 up the ladder to 5, then 7, 9, home: 5
        // turns. Without it, 4 leads to 6 and the snake back to 2, for ever.
        using Wins = GameConfig<OvershootWins>;
        const Board<Wins> board({{4, 5}, {6, 2}}, Wins({.size = 10}));
        const LoadedDice<> twos({0, 1});
        REQUIRE(expected_turns(board, twos).from_start == Approx(5.0));
        const std::vector<JumpEffect> effects = jump_effects(board, twos);
        REQUIRE(effects.size() == 2);
        CHECK(std::isinf(effects[0].expected_turns_without));
        CHECK(effects[0].turns_added == -std::numeric_limits<double>::infinity());
        CHECK(effects[1].expected_turns_without == Approx(5.0)); // no game lands on 6
        CHECK(effects[1].turns_added == Approx(0.0).margin(1e-12));
    }

    SECTION("factors that would cost more than a solve per jump: one expected_turns per jump") {
        // 100 ladders from the lower half of 5,000 squares to the upper half, 25 squares apart:
        // each carries a column of fill across 2,500 rows, so the factorization would take
        // about 5,000 x 100^2 multiply-adds, far more than the 100 solves. Each effect is then
        // expected_turns on the board without the jump, bit for bit (the updates would differ
        // in the last digits).
        std::vector<Jump> ladders;
        ladders.reserve(100);
        for (Square i = 0; i < 100; ++i) {
            ladders.push_back({25 * i + 3, 2500 + 25 * i + 7});
        }
        const Board<> board(ladders, {.size = 5000});
        const FairDice<> die({.sides = 6});
        const std::vector<JumpEffect> effects = jump_effects(board, die);
        const double with = expected_turns(board, die).from_start;
        REQUIRE(effects.size() == ladders.size());
        for (std::size_t i = 0; i < ladders.size(); ++i) {
            std::vector<Jump> others = ladders;
            others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
            const double without = expected_turns(Board<>(others, {.size = 5000}), die).from_start;
            CHECK(effects[i].jump == ladders[i]);
            CHECK(effects[i].expected_turns_without == without);
            CHECK(effects[i].turns_added == with - without);
        }
    }
}

TEST_CASE("jump effects report their progress", "[analysis][effects]") {
    std::vector<double> shares;
    const EffectsOptions listening{.progress = [&shares](double share) { shares.push_back(share); },
                                   .progress_interval = std::chrono::milliseconds{0}};

    SECTION("one factorization: the squares followed, then the rows factored and inverted") {
        // The classic board's 100 squares, then one report each of the factoring and inverting
        // (every 4,096 rows), then 1.
        const std::vector<JumpEffect> effects =
            jump_effects(classic(), FairDice<>({.sides = 6}), listening);
        REQUIRE(effects.size() == 19);
        REQUIRE(shares.size() == 103);
        CHECK(shares[0] == 0.0);
        CHECK(shares[100] == Approx(1.0 / 3.0));
        CHECK(shares[101] == Approx(2.0 / 3.0));
        CHECK(shares[102] == 1.0);
        CHECK(std::is_sorted(shares.begin(), shares.end()));
    }
    SECTION("under house rules, one solve per jump") {
        // The board itself, then each jump, 20 solves in all; the last is the 1 at the end.
        const std::vector<JumpEffect> effects =
            jump_effects(classic(), FairDice<>({.sides = 6}), ExtraTurnOnMax<3>{}, listening);
        REQUIRE(effects.size() == 19);
        REQUIRE(shares.size() == 20);
        for (std::size_t i = 0; i < 20; ++i) {
            CHECK(shares[i] == Approx(static_cast<double>(i + 1) / 20.0));
        }
        CHECK(shares[19] == 1.0);
    }
    SECTION("a board without jumps: only the 1 at the end") {
        CHECK(jump_effects(Board<>({}, {.size = 10}), FairDice<>({.sides = 6}), listening).empty());
        CHECK(shares == std::vector<double>{1.0});
    }
}

TEST_CASE("the SVG heat map tints each square by its share of the hottest", "[render][effects]") {
    const Board<> board({{3, 1}}, {.size = 4});
    const std::string svg =
        render_svg(board, {.heat = square_statistics(board, FairDice<>({.sides = 2})).visits});
    // Square 1 (3 turns) is the hottest: covered by the heat colour at 0.75 opacity; square 2
    // (2 turns) at two thirds of that, 0.5; square 3 (no visits) not at all; home not covered.
    REQUIRE_THAT(svg, SL_CONTAINS("<g class=\"heat-map\" fill=\"#b71c1c\""));
    REQUIRE_THAT(svg, SL_CONTAINS("fill-opacity=\"0.75\"><title>square 1: 100% of the hottest"));
    REQUIRE_THAT(svg, SL_CONTAINS("fill-opacity=\"0.50\"><title>square 2: 67% of the hottest"));
    REQUIRE_THAT(svg, SL_CONTAINS("fill-opacity=\"0.00\"><title>square 3: 0% of the hottest"));
    REQUIRE_THAT(svg, !SL_CONTAINS("square 4:"));
    REQUIRE_THROWS_WITH(render_svg(board, {.heat = {1.0, 2.0}}),
                        SL_CONTAINS("one value per square 0 to 3, 4 in all; got 2"));
    REQUIRE_THROWS_WITH(render_svg(board, {.heat = {0.0, 1.0, -1.0, 0.0}}),
                        SL_CONTAINS("value for square 2 is -1"));
}

TEST_CASE("a chain of 20,000 ladders: visits and jump effects worked out by hand",
          "[analysis][effects]") {
    // Ladders 1-2, 2-3, ..., 19999-20000 on 20,001 squares, chains followed: any first roll of a
    // die of six lands on 1..6 and climbs the chain to 20000, where only a 1 gets home (exact
    // finish): 1 turn on square 0, then 6 on average on 20000, none anywhere else, 7 in all.
    // Both calls once listed every jump a landing passes through from every square: n^2 jumps.
    constexpr Square top = 20'000;
    using Rules = GameConfig<ExactFinish, FollowChains>;
    std::vector<Jump> chain;
    for (Square s = 1; s < top; ++s) {
        chain.push_back({s, s + 1});
    }
    const Board<Rules> board(std::move(chain), Rules({.size = top + 1}));
    const FairDice<> die;

    const SquareStatistics stats = square_statistics(board, die, ChosenHouseRules{});
    REQUIRE(stats.visits.size() == static_cast<std::size_t>(top) + 1);
    std::size_t elsewhere = 0; // squares other than 0 and 20000 with visits or a landing chance
    for (std::size_t s = 1; s < static_cast<std::size_t>(top); ++s) {
        elsewhere += stats.visits[s] != 0.0 || stats.landing[s] != 0.0 ? 1U : 0U;
    }
    CHECK(elsewhere == 0);
    CHECK(stats.visits[0] == Approx(1.0).epsilon(1e-12));
    CHECK(stats.visits[top] == Approx(6.0).epsilon(1e-12));
    CHECK(stats.landing[0] == Approx(1.0).epsilon(1e-12));
    CHECK(stats.landing[top] == Approx(1.0).epsilon(1e-12));

    // Without ladder 1-2, a first 1 stops on 1 (1/6), one turn more: 7 1/6. Without a ladder j-j+1
    // with 6 <= j <= 19994, every first roll stops on j, and the next climbs to 20000: 8. Without
    // the last, 19999-20000, every first roll stops on 19999, where a 1 climbs to 20000, a 2 goes
    // home and the rest are blocked: E = 1 + 6/6 + 4/6 E, so 6, and 7 in all, as with it.
    const std::vector<JumpEffect> effects = jump_effects(board, die);
    REQUIRE(effects.size() == static_cast<std::size_t>(top) - 1);
    CHECK(effects.front().jump == Jump{1, 2});
    CHECK(effects.front().expected_turns_without == Approx(7.0 + 1.0 / 6.0).epsilon(1e-12));
    CHECK(effects.front().turns_added == Approx(-1.0 / 6.0).epsilon(1e-12));
    std::size_t off = 0; // middle ladders whose effect is not -1 turn
    for (std::size_t i = 5; i + 6 < effects.size(); ++i) { // ladder i+1 - i+2
        const JumpEffect& e = effects[i];
        off += e.jump.start == static_cast<Square>(i) + 1 &&
                       std::abs(e.expected_turns_without - 8.0) < 1e-9 &&
                       std::abs(e.turns_added + 1.0) < 1e-9
                   ? 0U
                   : 1U;
    }
    CHECK(off == 0);
    CHECK(effects.back().jump == Jump{top - 1, top});
    CHECK(effects.back().expected_turns_without == Approx(7.0).epsilon(1e-12));
    CHECK(std::abs(effects.back().turns_added) < 1e-12);
}
