// The exact analysis under house rules (expected_turns, length_distribution and seat_chances with
// a rule set): against values worked out by hand on boards small enough to follow every turn,
// against an independent model of knock-back written here, against the standard analysis where a
// rule's effect has a closed form, and against simulate within 4 standard errors.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/detail/joint_chain.hpp>
#include <snakeladder/analysis/detail/sparse_rows_lu.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/turn_model.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

// The rules of this file, in a named namespace: nothing here compares two of them, and clang
// warns of an unused operator== in an unnamed one.
namespace rule_analysis_rules {

// A board of `size` squares without jumps, exact finish.
inline Board<> plain_board(Square size) {
    return Board<>({}, GameConfig<>({.size = size}));
}

// SixToStart under another name that does not promise to touch only the mover: the analysis must
// then follow all tokens at once, and agree with the one-token formula.
struct SixToStartJointly {
    [[nodiscard]] static std::string name() { return "SixToStartJointly"; }
    [[nodiscard]] static bool waits(const RollContext& roll) noexcept {
        return SixToStart::waits(roll);
    }
    friend bool operator==(const SixToStartJointly&, const SixToStartJointly&) = default;
};

// A rule of the user's: landing at the foot of a ladder's climb (after climbing it) grants
// another roll; it touches only the mover, and says so.
struct ClimbRollsAgain {
    static constexpr bool touches_only_the_mover = true;
    [[nodiscard]] static std::string name() { return "ClimbRollsAgain"; }
    [[nodiscard]] static bool rolls_again(const Landing& landing) noexcept {
        return !landing.jumps().empty() && landing.square() > landing.start() + landing.roll();
    }
    friend bool operator==(const ClimbRollsAgain&, const ClimbRollsAgain&) = default;
};

// Moves a token that lands on square 2 to square 3.
struct DetourFromTwo {
    [[nodiscard]] static std::string name() { return "DetourFromTwo"; }
    static void on_land(Landing& landing) {
        if (landing.square() == 2) {
            landing.move_to(3);
        }
    }
    friend bool operator==(const DetourFromTwo&, const DetourFromTwo&) = default;
};

// MissTurnSquares{10} without the promise to touch only the mover: followed jointly.
struct MissOnTenJointly {
    [[nodiscard]] static std::string name() { return "MissOnTenJointly"; }
    static void on_land(Landing& landing) { MissTurnSquares{10}.on_land(landing); }
    friend bool operator==(const MissOnTenJointly&, const MissOnTenJointly&) = default;
};

// Moves a token that lands on square 2 to square 4, the foot of a ladder, where it rests.
struct TwoToFour {
    [[nodiscard]] static std::string name() { return "TwoToFour"; }
    static void on_land(Landing& landing) {
        if (landing.square() == 2) {
            landing.move_to(4);
        }
    }
    friend bool operator==(const TwoToFour&, const TwoToFour&) = default;
};

} // namespace rule_analysis_rules

using namespace rule_analysis_rules;

namespace {

// An independent model of two players under knock-back on a board without jumps, exact finish,
// a fair die of `faces`: P(seat 0 wins) and the expected turns from (a, b, seat due), by
// Gauss-Seidel sweeps until nothing changes.
struct KnockBackReference {
    double seat0_wins = 0.0;
    double expected_turns = 0.0;
};

KnockBackReference knock_back_reference(int size, int faces) {
    const auto n = static_cast<std::size_t>(size);
    const auto index = [n](std::size_t a, std::size_t b, std::size_t due) {
        return (a * n + b) * 2 + due;
    };
    std::vector<double> win(n * n * 2, 0.0);
    std::vector<double> turns(n * n * 2, 0.0);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t b = 0; b < n; ++b) {
                for (std::size_t due = 0; due < 2; ++due) {
                    double w = 0.0;
                    double t = 1.0;
                    for (int r = 1; r <= faces; ++r) {
                        std::size_t mover = due == 0 ? a : b;
                        std::size_t other = due == 0 ? b : a;
                        const std::size_t landed = mover + static_cast<std::size_t>(r);
                        if (landed == n) {
                            w += due == 0 ? 1.0 / faces : 0.0;
                            continue;
                        }
                        if (landed < n) {
                            mover = landed;
                            if (other == mover) {
                                other = 0;
                            }
                        }
                        const std::size_t next =
                            due == 0 ? index(mover, other, 1) : index(other, mover, 0);
                        w += win[next] / faces;
                        t += turns[next] / faces;
                    }
                    const std::size_t i = index(a, b, due);
                    changed = changed || std::abs(w - win[i]) > 1e-16 ||
                              std::abs(t - turns[i]) > 1e-13 * t;
                    win[i] = w;
                    turns[i] = t;
                }
            }
        }
    }
    return {win[index(0, 0, 0)], turns[index(0, 0, 0)]};
}

} // namespace

TEST_CASE("expected turns under house rules match values worked out by hand",
          "[analysis][house_rules]") {
    // Board of 4 squares, no jumps, exact finish, a two-sided die (its maximum: 2).
    const Board<> board = plain_board(4);
    const FairDice<> die({.sides = 2});

    SECTION("missing a turn after landing on square 2") {
        // E3 = 2, E2 = 2; landing on 2 costs a turn more: E1 = (2 + 2)/2 + (1 + 2)/2 = 3.5,
        // E0 = (1 + 3.5)/2 + (2 + 2)/2 = 4.25 (3.5 without the rule).
        const ExpectedTurns e = expected_turns(board, die, MissTurnSquares{2});
        REQUIRE(e.from_start == Approx(4.25).epsilon(1e-14));
        REQUIRE(e.from_square[1] == Approx(3.5).epsilon(1e-14));
        REQUIRE(e.from_square[2] == Approx(2.0).epsilon(1e-14));
        REQUIRE(e.from_square[3] == Approx(2.0).epsilon(1e-14));
        REQUIRE(e.from_square[4] == 0.0);
        REQUIRE(e.finite());
        REQUIRE(e.solve.method == SolveMethod::elimination);
        REQUIRE(e.solve.error_bound < 1e-13);
        // No game ends before turn 3; it ends on turn 3 by 1, 2, 1 (1/8) or by 2 (missing turn
        // 2), then 2 (1/4).
        const LengthDistribution d = length_distribution(board, die, MissTurnSquares{2});
        REQUIRE(d.probability(1) == 0.0);
        REQUIRE(d.probability(2) == 0.0);
        REQUIRE(d.probability(3) == Approx(0.375).epsilon(1e-14));
        REQUIRE(d.mean() == Approx(4.25).epsilon(1e-13));
    }

    SECTION("an extra roll on a maximum, forfeited at the second in a row") {
        // From 3: a 1 wins, a 2 is blocked and rolls again (1 wins, 2 forfeits): E3 = 4/3.
        // E2 = 1 + E3/2 = 5/3. From 1: a 1 ends on 2; a 2 reaches 3 and rolls again (1 wins,
        // 2 forfeits back to 1): E1 = (1 + E2/2) / (3/4) = 22/9. From 0: a 1 ends on 1; a 2
        // reaches 2 and rolls again (1 ends on 3, 2 forfeits): E0 = (1 + E1/2 + E3/4) / (3/4)
        // = 92/27.
        const ExpectedTurns e = expected_turns(board, die, ExtraTurnOnMax<2>{});
        REQUIRE(e.from_square[3] == Approx(4.0 / 3.0).epsilon(1e-14));
        REQUIRE(e.from_square[2] == Approx(5.0 / 3.0).epsilon(1e-14));
        REQUIRE(e.from_square[1] == Approx(22.0 / 9.0).epsilon(1e-14));
        REQUIRE(e.from_start == Approx(92.0 / 27.0).epsilon(1e-14));
        // The same rule chosen at run time.
        REQUIRE(expected_turns(board, die, ChosenHouseRules({.forfeit_streak = 2})).from_start ==
                Approx(92.0 / 27.0).epsilon(1e-14));
    }

    SECTION("rolling again on every maximum") {
        // From 3 every turn ends home (a 2 is blocked and rolls again): E3 = 1. E2 = 1 + 1/2,
        // E1 = 1 + E2/2 = 1.75 (a 2 reaches 3 and finishes in the same turn), E0 = 1 + E1/2 +
        // E3/4 = 2.125 (a 2 then a 2 wins in one turn).
        const ExpectedTurns e = expected_turns(board, die, RollAgainOnMax{});
        REQUIRE(e.from_square[3] == Approx(1.0).epsilon(1e-14));
        REQUIRE(e.from_square[2] == Approx(1.5).epsilon(1e-14));
        REQUIRE(e.from_square[1] == Approx(1.75).epsilon(1e-14));
        REQUIRE(e.from_start == Approx(2.125).epsilon(1e-14));
        const LengthDistribution d = length_distribution(board, die, RollAgainOnMax{});
        // Home in one turn: 2, 2 (1/4). In two: a 1 to square 1, then a 2 to 3 and the rest of
        // that turn, which ends home (1/2 x 1/2); or 2, 1 to square 3, then home (1/4).
        REQUIRE(d.probability(1) == Approx(0.25).epsilon(1e-14));
        REQUIRE(d.probability(2) == Approx(0.5).epsilon(1e-14));
    }

    SECTION("rules off are the standard game") {
        const ExpectedTurns plain = expected_turns(board, die);
        REQUIRE(expected_turns(board, die, ChosenHouseRules{}).from_start == plain.from_start);
        REQUIRE(expected_turns(board, die, NoHouseRules{}).from_start == plain.from_start);
        REQUIRE(plain.from_start == Approx(3.5).epsilon(1e-14));
    }

    SECTION("solve options: the progress as the chain is built and factored, a method other "
            "than automatic refused") {
        std::vector<SolveProgress> seen;
        SolveOptions options;
        options.progress_interval = std::chrono::milliseconds(0);
        options.progress = [&seen](const SolveProgress& progress) { seen.push_back(progress); };
        const ExpectedTurns e = expected_turns(board, die, MissTurnSquares{2}, options);
        REQUIRE(e.from_start == Approx(4.25).epsilon(1e-14));
        // Four squares: a report before the turns from each are followed, one as row 0 is
        // factored, one at the end.
        REQUIRE(seen.size() == 6);
        for (const SolveProgress& progress : seen) {
            CHECK(progress.method == SolveMethod::elimination);
            CHECK(std::isnan(progress.residual));
        }
        for (std::size_t s = 0; s < 4; ++s) {
            CHECK(seen[s].followed == static_cast<double>(s) / 4.0);
            CHECK(seen[s].factored == 0.0);
        }
        CHECK(seen[4].followed == 1.0);
        CHECK(seen[4].factored == 0.0);
        CHECK(seen[5].followed == 1.0);
        CHECK(seen[5].factored == 1.0);
        CHECK(seen[5].sweeps == e.solve.sweeps);
        // Rules off: the standard solve, which reports each of its sweeps.
        seen.clear();
        const ExpectedTurns plain = expected_turns(board, die, ChosenHouseRules{}, options);
        CHECK(plain.from_start == Approx(3.5).epsilon(1e-14));
        CHECK(seen.size() == plain.solve.sweeps + 1);
        for (const SolveProgress& progress : seen) {
            CHECK(std::isnan(progress.followed));
        }

        options.method = SolveMethod::gmres;
        seen.clear();
        REQUIRE_THROWS_AS(expected_turns(board, die, MissTurnSquares{2}, options), InvalidConfig);
        REQUIRE_THROWS_WITH(expected_turns(board, die, MissTurnSquares{2}, options),
                            SL_CONTAINS("SolveOptions::method must be automatic, got gmres"));
        CHECK(seen.empty());
    }
}

TEST_CASE("expected turns under house rules report the squares followed, then the rows factored",
          "[analysis][house_rules][progress]") {
    // 10,000 squares: a report before the turns from each square are followed, then one every
    // 4,096 rows factored (rows 0, 4,096 and 8,192), then one at the end.
    static_assert(detail::SparseRowsLu::rows_per_report == 4'096);
    const Board<> board({}, GameConfig<>({.size = 10'000}));
    std::vector<SolveProgress> seen;
    SolveOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.progress = [&seen](const SolveProgress& progress) { seen.push_back(progress); };
    const ExpectedTurns e = expected_turns(board, FairDice<>{}, ExtraTurnOnMax<3>{}, options);
    REQUIRE(e.finite());
    REQUIRE(seen.size() == 10'000 + 3 + 1);
    std::vector<std::pair<double, double>> expected; // (followed, factored)
    expected.reserve(seen.size());
    for (int s = 0; s < 10'000; ++s) {
        expected.emplace_back(s / 10'000.0, 0.0);
    }
    for (const double factored : {0.0, 0.4096, 0.8192, 1.0}) {
        expected.emplace_back(1.0, factored);
    }
    for (std::size_t i = 0; i < seen.size(); ++i) {
        INFO("report " << i);
        CHECK(seen[i].method == SolveMethod::elimination);
        CHECK(seen[i].followed == expected[i].first);
        CHECK(seen[i].factored == expected[i].second);
    }
    SECTION("an exception from the callback stops the analysis and reaches the caller") {
        struct Cancelled {};
        options.progress = [](const SolveProgress&) { throw Cancelled{}; };
        CHECK_THROWS_AS(expected_turns(board, FairDice<>{}, ExtraTurnOnMax<3>{}, options),
                        Cancelled);
    }
}

TEST_CASE("length_distribution under house rules reports while the turns are followed",
          "[analysis][house_rules][progress]") {
    // 10,000 squares: (0 turns, 1 running) before the turns from each square are followed,
    // then every 64 turns as the table grows, as for the standard game.
    const Board<> board({}, GameConfig<>({.size = 10'000}));
    std::vector<std::pair<std::int64_t, double>> seen;
    DistributionOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.progress = [&seen](std::int64_t turns, double running) {
        seen.emplace_back(turns, running);
    };
    const LengthDistribution lengths =
        length_distribution(board, FairDice<>{}, ExtraTurnOnMax<3>{}, options);
    REQUIRE(seen.size() == 10'000 + static_cast<std::size_t>(lengths.turns() / 64) + 1);
    for (std::size_t i = 0; i < 10'000; ++i) {
        CHECK(seen[i] == std::pair<std::int64_t, double>(0, 1.0));
    }
    CHECK(seen[10'000].first == 63);
    CHECK(seen.back().first == lengths.turns());

    struct Cancelled {};
    std::int64_t stopped_at = -1;
    options.progress = [&stopped_at](std::int64_t turns, double) {
        stopped_at = turns;
        throw Cancelled{};
    };
    CHECK_THROWS_AS(length_distribution(board, FairDice<>{}, ExtraTurnOnMax<3>{}, options),
                    Cancelled);
    CHECK(stopped_at == 0); // while the turns were followed
}

TEST_CASE("six to start adds the wait for a six to the standard game from where a six leads",
          "[analysis][house_rules]") {
    // From square 0 each turn moves with probability 1/6, onto where a 6 leads, else waits:
    // E0 = 6 + E(resolve(6)) of the standard game, on every board. With a die of 24 faces (a
    // maximum of 24 to start), a turn from a square ends on up to 24 squares, which the turn
    // follower finds through its hash index rather than its linear search.
    for (const auto& [board, faces] :
         {std::pair{classic(), 6}, std::pair{plain_board(30), 6}, std::pair{plain_board(60), 24}}) {
        const FairDice<> die({.sides = faces});
        const ExpectedTurns plain = expected_turns(board, die);
        const ExpectedTurns six = expected_turns(board, die, SixToStart{});
        const double by_hand =
            faces + plain.from_square[static_cast<std::size_t>(board.resolve(faces))];
        REQUIRE(six.from_start == Approx(by_hand).epsilon(1e-12));
        // Every other square is the standard game's: the rule acts on square 0 alone.
        for (Square s = 1; s <= board.size(); ++s) {
            REQUIRE(six.from_square[static_cast<std::size_t>(s)] ==
                    Approx(plain.from_square[static_cast<std::size_t>(s)]).epsilon(1e-12));
        }
        const LengthDistribution d = length_distribution(board, die, SixToStart{});
        REQUIRE(d.mean() == Approx(by_hand).epsilon(1e-12));
        // P(T = 1) = 0 on every board (a maximum then reaches at most itself + a ladder).
        REQUIRE(d.probability(1) == 0.0);
    }
}

TEST_CASE("seat chances under knock-back follow all tokens at once, as an independent model does",
          "[analysis][house_rules]") {
    // Three faces on 7 squares; 20 faces on 25, where a turn ends in up to 20 states, found
    // through the turn follower's hash index.
    const auto [size, faces] = GENERATE(std::pair{7, 3}, std::pair{25, 20});
    INFO(size << " squares, " << faces << " faces");
    const FairDice<> die({.sides = faces});
    const Board<> board = plain_board(size);
    const KnockBackReference reference = knock_back_reference(size, faces);
    const SeatChances chances = seat_chances(board, die, 2, KnockBack{});
    REQUIRE(chances.win_probability.size() == 2);
    REQUIRE(chances.win_probability[0] == Approx(reference.seat0_wins).epsilon(1e-12));
    REQUIRE(chances.win_probability[1] == Approx(1.0 - reference.seat0_wins).epsilon(1e-12));
    REQUIRE(chances.expected_turns == Approx(reference.expected_turns).epsilon(1e-11));
    REQUIRE(chances.undecided < 1e-14);
    // Knock-back changes the race: the standard game's figures differ.
    const SeatChances plain = seat_chances(board, die, 2);
    REQUIRE(std::abs(plain.win_probability[0] - chances.win_probability[0]) > 1e-3);
}

// The order of 0.x, the options before the house rules, still works for this release (and warns:
// it is deprecated, so this test silences the warning): the same call, the same figures.
TEST_CASE("the options before the house rules, deprecated, give what the new order gives",
          "[analysis][house_rules]") {
    const Board<> board = plain_board(20);
    const FairDice<> die({.sides = 6});
    const DistributionOptions options{.max_turns = 120}; // the table would run to 195 turns
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    const LengthDistribution old_lengths = length_distribution(board, die, options, KnockBack{});
    const SeatChances old_seats = seat_chances(board, die, 2, options, KnockBack{});
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
    const LengthDistribution lengths = length_distribution(board, die, KnockBack{}, options);
    CHECK(old_lengths.probabilities().size() == lengths.probabilities().size());
    CHECK(std::equal(old_lengths.probabilities().begin(), old_lengths.probabilities().end(),
                     lengths.probabilities().begin()));
    CHECK(old_lengths.turns() == 120); // the options were heard
    const SeatChances seats = seat_chances(board, die, 2, KnockBack{}, options);
    CHECK(old_seats.win_probability == seats.win_probability);
    CHECK(old_seats.expected_turns == seats.expected_turns);
}

TEST_CASE("the joint chain and the one-token formula agree on a rule that touches only the mover",
          "[analysis][house_rules]") {
    const FairDice<> die({.sides = 6});
    for (const int players : {2, 3}) {
        const Board<> board = players == 2 ? classic() : plain_board(30);
        const SeatChances alone = seat_chances(board, die, players, SixToStart{});
        const SeatChances jointly = seat_chances(board, die, players, SixToStartJointly{});
        for (std::size_t seat = 0; seat < static_cast<std::size_t>(players); ++seat) {
            REQUIRE(jointly.win_probability[seat] ==
                    Approx(alone.win_probability[seat]).epsilon(1e-10));
        }
        REQUIRE(jointly.expected_turns == Approx(alone.expected_turns).epsilon(1e-10));
    }
}

TEST_CASE("the race ends with the winner's turn, even when play goes on to the last player",
          "[analysis][house_rules]") {
    // Under play_to_last the turn that brings the winner home is followed by the turns the
    // rotation passes over (seats with turns to miss); the race's length must not count them.
    const Board<> board({}, GameConfig<>({.size = 30, .play_to_last = true}));
    const FairDice<> die({.sides = 6});
    const SeatChances alone = seat_chances(board, die, 3, MissTurnSquares{10});
    const SeatChances jointly = seat_chances(board, die, 3, MissOnTenJointly{});
    for (std::size_t seat = 0; seat < 3; ++seat) {
        REQUIRE(jointly.win_probability[seat] ==
                Approx(alone.win_probability[seat]).epsilon(1e-10));
    }
    REQUIRE(jointly.expected_turns == Approx(alone.expected_turns).epsilon(1e-10));
}

TEST_CASE("a jump's start a rule leaves a token on is worth standing there",
          "[analysis][house_rules]") {
    // A ladder from 4 to 9; the rule moves a token landing on 2 to 4, where it rests (a rule's
    // move takes no jump). Standing on 4 is then worth 1 + the mean over the six rolls of the
    // squares they lead to, not the value of square 9.
    const Board<> board({{4, 9}}, {.size = 12});
    const FairDice<> die({.sides = 6});
    const ExpectedTurns e = expected_turns(board, die, TwoToFour{});
    double bellman = 1.0;
    for (int roll = 1; roll <= 6; ++roll) {
        bellman += e.from_square[static_cast<std::size_t>(board.resolve(4 + roll))] / 6.0;
    }
    REQUIRE(e.from_square[4] == Approx(bellman).epsilon(1e-13));
    REQUIRE(e.from_square[4] > e.from_square[9] + 0.5);
}

TEST_CASE("the analysis under house rules agrees with simulate within 4 standard errors",
          "[analysis][house_rules][simulate]") {
    const Board<> board = classic();
    const FairDice<> die({.sides = 6});
    const SimulationOptions one{.games = 40'000, .seed = 12};
    const auto check_length = [&](const auto& rules) {
        CAPTURE(rules.name());
        const double exact = expected_turns(board, die, rules).from_start;
        const SimulationResult sim = simulate(board, die, rules, one);
        REQUIRE(sim.unfinished == 0);
        REQUIRE(std::abs(sim.turns.mean - exact) <= 4.0 * sim.turns.standard_error);
        // The deviation too: its standard error is sd sqrt((kurtosis - 1) / (4 games)), under
        // 0.7% of sd for 40,000 games (a game's length has a kurtosis below 9): 3% is more than
        // 4 standard errors.
        const double sd = length_distribution(board, die, rules).standard_deviation();
        REQUIRE(std::abs(sim.turns.standard_deviation - sd) <= 0.03 * sd);
    };
    check_length(ExtraTurnOnMax<3>{});
    check_length(RollAgainOnMax{});
    check_length(SixToStart{});
    check_length(StartingRolls{1, 6});
    check_length(MissTurnSquares{20, 45, 70});
    check_length(HouseRules<ExtraTurnOnMax<3>, SixToStart, MissTurnSquares>({}, {}, {30}));
    check_length(ClimbRollsAgain{});

    // Two seats under knock-back: the joint chain.
    const SimulationOptions two{.games = 40'000, .players = 2, .seed = 5};
    const HouseRules<ExtraTurnOnMax<3>, KnockBack> family;
    const SeatChances exact = seat_chances(board, die, 2, family);
    const SimulationResult sim = simulate(board, die, family, two);
    for (int seat = 0; seat < 2; ++seat) {
        REQUIRE(
            std::abs(sim.win_rate(seat) - exact.win_probability[static_cast<std::size_t>(seat)]) <=
            4.0 * sim.win_rate_standard_error(seat));
    }
    REQUIRE(std::abs(sim.turns.mean - exact.expected_turns) <= 4.0 * sim.turns.standard_error);

    // Three seats under a rule of the user's that touches only the mover: the one-token formula.
    const SimulationOptions three{.games = 40'000, .players = 3, .seed = 8};
    const SeatChances climbing = seat_chances(board, die, 3, ClimbRollsAgain{});
    const SimulationResult climbed = simulate(board, die, ClimbRollsAgain{}, three);
    for (int seat = 0; seat < 3; ++seat) {
        REQUIRE(std::abs(climbed.win_rate(seat) -
                         climbing.win_probability[static_cast<std::size_t>(seat)]) <=
                4.0 * climbed.win_rate_standard_error(seat));
    }
    REQUIRE(std::abs(climbed.turns.mean - climbing.expected_turns) <=
            4.0 * climbed.turns.standard_error);
}

TEST_CASE("the analysis under house rules refuses past its limits, naming them",
          "[analysis][house_rules]") {
    const FairDice<> die({.sides = 6});
    SECTION("three players under knock-back on the classic board") {
        // Up to 100^3 x 3 = 3,000,000 positions: past the limit of 1,000,000 states.
        REQUIRE_THROWS_WITH(seat_chances(classic(), die, 3, KnockBack{}),
                            SL_CONTAINS("all 3 tokens") && SL_CONTAINS("up to 3e+06 states") &&
                                SL_CONTAINS("where the limit is 1000000") &&
                                SL_CONTAINS("simulate"));
        // The same figures apart from the message, to act on.
        const auto refused = thrown_by<AnalysisLimitExceeded>(
            [&] { (void)seat_chances(classic(), die, 3, KnockBack{}); });
        CHECK(refused.count() == 3e6);
        CHECK(refused.limit() == 1e6);
        CHECK(refused.instead() == "simulate estimates them");
    }
    SECTION("positions counted as they are found, past the limit") {
        // 30^2 x 2 = 1,800 positions at most, within twice a limit of 1,000 (the library's is
        // 1,000,000; a smaller one here keeps the test quick): counted as they are found.
        const std::vector<ChanceOutcome> rolls =
            chance_outcomes(die, GameState({.players = 2, .max_roll = 6}));
        REQUIRE_THROWS_WITH(detail::joint_race(plain_board(30),
                                               std::span<const ChanceOutcome>(rolls), 6,
                                               KnockBack{}, 2, 1000, 1e-15, {},
                                               std::chrono::milliseconds(100), 1000),
                            SL_CONTAINS("more than 1000 states, where the limit is 1000"));
        const auto found = thrown_by<AnalysisLimitExceeded>([&] {
            (void)detail::joint_race(plain_board(30), std::span<const ChanceOutcome>(rolls), 6,
                                     KnockBack{}, 2, 1000, 1e-15, {},
                                     std::chrono::milliseconds(100), 1000);
        });
        CHECK(found.count() == 1001.0); // refused on finding the 1,001st
        CHECK(found.limit() == 1000.0);
        REQUIRE(detail::joint_race(plain_board(30), std::span<const ChanceOutcome>(rolls), 6,
                                   KnockBack{}, 2, 100'000, 1e-15, {},
                                   std::chrono::milliseconds(100), 2000)
                    .states > 1000);
    }
    SECTION("eight players under knock-back, refused before any work") {
        REQUIRE_THROWS_WITH(seat_chances(classic(), die, 8, KnockBack{}),
                            SL_CONTAINS("up to 8e+16 states"));
    }
    SECTION("too many rolls to follow") {
        const Board<> big({}, GameConfig<>({.size = 100'000}));
        REQUIRE_THROWS_WITH(expected_turns(big, FairDice<>({.sides = 2000}), SixToStart{}),
                            SL_CONTAINS("100000 squares times 2000 rolls") &&
                                SL_CONTAINS("simulate"));
        const auto rolls = thrown_by<AnalysisLimitExceeded>(
            [&] { (void)expected_turns(big, FairDice<>({.sides = 2000}), SixToStart{}); });
        CHECK(rolls.count() == 2e8);
        CHECK(rolls.limit() == 1e8);
        CHECK(rolls.instead() == "simulate estimates this game");
    }
    SECTION("a turn that practically never ends") {
        // Roll again on a 2, which comes up 9,999 times in 10,000: after 100,000 rolls a turn is
        // still under way with probability 0.9999^100000 = e^-10.0005 = 4.54e-5, far above the
        // 2^-64 left out. Not a size: the chance under way is the residual.
        const LoadedDice<> twos({1, 9999});
        const double under_way = std::pow(0.9999, 100'000.0);
        const auto endless = thrown_by<NotConverged>(
            [&] { (void)expected_turns(plain_board(4), twos, RollAgainOnMax{}); });
        CHECK(std::abs(endless.residual() - under_way) <= 1e-6 * under_way);
        CHECK_THAT(std::string(endless.what()),
                   SL_CONTAINS("RollAgainOnMax a turn may practically never end") &&
                       SL_CONTAINS("after 100000 rolls with probability 4.54e-05"));
    }
    SECTION("rules these dice cannot play, refused as a game refuses them") {
        REQUIRE_THROWS_AS(expected_turns(classic(), FairDice<>({.sides = 1}), RollAgainOnMax{}),
                          InvalidConfig);
        REQUIRE_THROWS_WITH(expected_turns(plain_board(4), die, SixToStart{}),
                            SL_CONTAINS("no token could ever start"));
    }
    SECTION("bad options and player counts") {
        REQUIRE_THROWS_AS(seat_chances(classic(), die, 0, KnockBack{}), InvalidConfig);
        REQUIRE_THROWS_AS(length_distribution(classic(), die, SixToStart{}, {.max_turns = 0}),
                          InvalidConfig);
    }
}

TEST_CASE("a trap that a house rule makes gives an infinite length and names its squares",
          "[analysis][house_rules]") {
    // A die that always rolls 2 on a board of 6 squares reaches home by 2, 4, 6. A rule that
    // moves a token landing on 2 to 3 leads it to 5, where every 2 overshoots: 5 traps, and so
    // do 3 and the start, whose only way leads there.
    const Board<> board = plain_board(6);
    const LoadedDice<> twos({0, 1}); // weights of faces 1 and 2
    REQUIRE(expected_turns(board, twos).from_start == 3.0);
    const ExpectedTurns e = expected_turns(board, twos, DetourFromTwo{});
    REQUIRE(std::isinf(e.from_start));
    REQUIRE(e.traps == std::vector<Square>{0, 3, 5});
    REQUIRE_FALSE(e.finite());
    REQUIRE(e.from_square[4] == 1.0);
    const LengthDistribution d = length_distribution(board, twos, DetourFromTwo{});
    REQUIRE_FALSE(d.finishes_surely());
    REQUIRE(d.stuck_mass() == 1.0);
    REQUIRE(std::isinf(d.mean()));
}
