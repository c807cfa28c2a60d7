// simulate(): seeded Monte Carlo checked against the exact analysis, exact outcomes on boards
// where every game is known, determinism across thread counts, options, progress and errors.
//
// Statistical checks: a simulated figure and its exact value must agree within four standard
// errors of the simulated figure (the standard error computed from the exact distribution, so a
// lucky simulation cannot widen its own tolerance). For a correct simulator each such check fails
// with probability about 6e-5, and the seeds are fixed, so the outcome is reproducible.
#include "support/catch.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace snakeladder;

// Sanitizer builds run several times slower; the million-game check plays fewer games there
// (its tolerance, in standard errors, stays the same). Every other check runs in full.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SL_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SL_TEST_SANITIZED 1
#endif
#endif
#if defined(SL_TEST_SANITIZED)
constexpr std::uint64_t seat_check_games = 200'000;
#else
constexpr std::uint64_t seat_check_games = 1'000'000;
#endif

namespace {

constexpr double tolerance_in_standard_errors = 4.0;
constexpr std::uint64_t proof_games = 200'000;

std::uint64_t sum(const std::vector<std::uint64_t>& counts) {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

// Mean and standard deviation of the simulation against the exact distribution of a one-player
// game: the mean within 4 standard errors (sigma / sqrt(n)), the variance within 4 standard
// errors of a sample variance (sqrt((mu4 - sigma^4) / n), mu4 the exact fourth central moment),
// and the share of shortest games within 4 standard errors of a proportion.
template <class Config, class D>
void check_against_exact(const BasicBoard<Config>& board, const D& dice, std::uint64_t seed) {
    const SimulationResult sim =
        simulate(board, dice, {.games = proof_games, .seed = seed, .threads = 2});
    const ExpectedTurns exact = expected_turns(board, dice);
    const LengthDistribution distribution = length_distribution(board, dice);
    REQUIRE(distribution.tail_mass() < 1e-12);

    const auto n = static_cast<double>(proof_games);
    REQUIRE(sim.games == proof_games);
    REQUIRE(sim.unfinished == 0);
    REQUIRE(sim.turns.games == proof_games);

    const double sigma = distribution.standard_deviation();
    const double mean_error = sigma / std::sqrt(n);
    INFO("simulated mean " << sim.turns.mean << ", exact " << exact.from_start
                           << ", standard error " << mean_error);
    CHECK(std::abs(sim.turns.mean - exact.from_start) <= tolerance_in_standard_errors * mean_error);
    CHECK(distribution.mean() == Approx(exact.from_start).epsilon(1e-9));

    double fourth_moment = 0.0;
    const std::span<const double> p = distribution.probabilities();
    for (std::size_t t = 0; t < p.size(); ++t) {
        const double d = static_cast<double>(t) - distribution.mean();
        fourth_moment += p[t] * d * d * d * d;
    }
    const double variance = distribution.variance();
    const double variance_error = std::sqrt((fourth_moment - variance * variance) / n);
    const double simulated_variance = sim.turns.standard_deviation * sim.turns.standard_deviation;
    INFO("simulated variance " << simulated_variance << ", exact " << variance
                               << ", standard error " << variance_error);
    CHECK(std::abs(simulated_variance - variance) <= tolerance_in_standard_errors * variance_error);

    // The shortest game: no simulated game is shorter than the exact minimum, and the share of
    // games that short matches its probability.
    std::size_t shortest = 0;
    while (p[shortest] == 0.0) {
        ++shortest;
    }
    REQUIRE(sim.turns.min >= shortest);
    const double share = static_cast<double>(sim.turns.histogram[shortest]) / n;
    const double share_error = std::sqrt(p[shortest] * (1 - p[shortest]) / n);
    INFO("shortest game " << shortest << ": simulated share " << share << ", exact "
                          << p[shortest]);
    CHECK(std::abs(share - p[shortest]) <= tolerance_in_standard_errors * share_error);

    // The confidence interval is mean +- 1.96 standard errors of the simulation itself.
    CHECK(sim.turns.standard_error ==
          Approx(sim.turns.standard_deviation / std::sqrt(n)).epsilon(1e-12));
    CHECK(sim.turns.confidence_95.low ==
          Approx(sim.turns.mean - 1.959963984540054 * sim.turns.standard_error).epsilon(1e-12));
    CHECK(sim.turns.confidence_95.high ==
          Approx(sim.turns.mean + 1.959963984540054 * sim.turns.standard_error).epsilon(1e-12));
}

// Dice that roll like FairDice but are not FairDice: simulate rolls them through roll() itself,
// the path every other kind of dice takes.
struct ForwardingDice {
    using engine_type = DefaultEngine;
    FairDice<> dice;
    int roll() { return dice.roll(); }
    [[nodiscard]] int min_roll() const { return dice.min_roll(); }
    [[nodiscard]] int max_roll() const { return dice.max_roll(); }
    engine_type& engine() { return dice.engine(); }
};

// A die that breaks its promise: after `honest` rolls it rolls one more than its max_roll().
struct LyingDice {
    using engine_type = DefaultEngine;
    engine_type rng{0};
    int rolls = 0;
    int roll() {
        ++rolls;
        return rolls > 5000 ? 7 : 1 + static_cast<int>(uniform_below(rng, 6));
    }
    [[nodiscard]] int min_roll() const { return 1; }
    [[nodiscard]] int max_roll() const { return 6; }
    engine_type& engine() { return rng; }
};

// Always rolls `face`: a loaded die with all its weight on one face.
LoadedDice<> always(int face) {
    std::vector<std::int64_t> weights(static_cast<std::size_t>(face), 0);
    weights.back() = 1;
    return LoadedDice<>(weights);
}

} // namespace

static_assert(ReseedableDice<FairDice<>>);
static_assert(ReseedableDice<LoadedDice<>>);
static_assert(ReseedableDice<ForwardingDice>);
static_assert(!ReseedableDice<ScriptedDice>, "a script cannot be reseeded");
static_assert(!ReseedableDice<int>);

TEST_CASE("simulate agrees with the exact expected length on the classic board, every overshoot "
          "rule, 200,000 games within 4 standard errors",
          "[simulate][statistics]") {
    SECTION("ExactFinish") {
        check_against_exact(classic(), FairDice<>(), 11);
    }
    SECTION("BounceBack") {
        check_against_exact(classic(GameConfig<BounceBack>()), FairDice<>(), 12);
    }
    SECTION("OvershootWins") {
        check_against_exact(classic(GameConfig<OvershootWins>()), FairDice<>(), 13);
    }
}

TEST_CASE("simulate agrees with the exact expected length for two dice and for a loaded die, "
          "200,000 games within 4 standard errors",
          "[simulate][statistics]") {
    SECTION("two six-sided dice, bounce back") {
        // (Under exact finish two dice never roll the 1 that square 99 needs: a trap.)
        check_against_exact(classic(GameConfig<BounceBack>()), FairDice<>({.sides = 6, .count = 2}),
                            21);
    }
    SECTION("a die loaded towards 6, exact finish") {
        check_against_exact(classic(), LoadedDice<>({1, 1, 1, 2, 3, 5}), 22);
    }
}

TEST_CASE("simulate agrees with the exact figures where the dice are too large for its move "
          "table (the board's own move is used)",
          "[simulate][statistics]") {
    // Faces 1..6 and a face of 20,000, which exact finish always forfeits: 20,001 rolls x 101
    // squares is more than the table holds.
    std::vector<std::int64_t> weights(20'000, 0);
    std::fill(weights.begin(), weights.begin() + 6, 1);
    weights.back() = 1;
    const LoadedDice<> dice(weights);
    REQUIRE_FALSE(detail::NextSquareTable::fits(100, dice.max_roll()));
    const SimulationResult sim = simulate(classic(), dice, {.games = 50'000, .seed = 31});
    const LengthDistribution exact = length_distribution(classic(), dice);
    const double error = exact.standard_deviation() / std::sqrt(50'000.0);
    INFO("simulated " << sim.turns.mean << ", exact " << exact.mean());
    CHECK(std::abs(sim.turns.mean - exact.mean()) <= tolerance_in_standard_errors * error);
    // With a blocked roll one turn in seven, the exact expectation is 7/6 of the classic one.
    CHECK(exact.mean() == Approx(39.59837 * 7 / 6).epsilon(1e-6));
}

TEST_CASE("two-player seat chances and game length agree with the exact seat chances, within "
          "4 standard errors per seat",
          "[simulate][statistics]") {
    const auto board = classic();
    const FairDice<> dice;
    const SimulationResult sim =
        simulate(board, dice, {.games = seat_check_games, .players = 2, .seed = 41});
    const SeatChances exact = seat_chances(board, dice, 2);
    const auto n = static_cast<double>(seat_check_games);

    REQUIRE(sim.unfinished == 0);
    REQUIRE(sim.wins.size() == 2);
    REQUIRE(sim.wins[0] + sim.wins[1] == seat_check_games);
    REQUIRE(exact.undecided < 1e-12);
    for (int seat = 0; seat < 2; ++seat) {
        const double p = exact.win_probability[static_cast<std::size_t>(seat)];
        const double error = std::sqrt(p * (1 - p) / n);
        INFO("seat " << seat << ": simulated " << sim.win_rate(seat) << ", exact " << p);
        CHECK(std::abs(sim.win_rate(seat) - p) <= tolerance_in_standard_errors * error);
        CHECK(sim.win_rate_standard_error(seat) == Approx(error).epsilon(0.01));
    }
    // Seat 0 moves first, and that is an advantage.
    CHECK(exact.win_probability[0] > 0.5);

    // Game length in turns of both players together: the simulation's own standard error is
    // used here (the exact variance of the two-player game is not part of the analysis), with
    // a sample this large it is within a fraction of a percent of the true one.
    INFO("simulated turns " << sim.turns.mean << ", exact " << exact.expected_turns);
    CHECK(std::abs(sim.turns.mean - exact.expected_turns) <=
          tolerance_in_standard_errors * sim.turns.standard_error);
}

TEST_CASE("simulate gives bitwise identical results for 1, 2 and 3 threads",
          "[simulate][determinism]") {
    const auto board = classic(GameConfig<BounceBack>());
    const FairDice<> dice({.sides = 6, .count = 1});
    // Not a whole number of blocks, so the last block is a short one.
    const std::uint64_t games = 20 * simulation_block_games + 7;
    for (const int players : {1, 3}) {
        const SimulationResult one =
            simulate(board, dice, {.games = games, .players = players, .seed = 5, .threads = 1});
        const SimulationResult two =
            simulate(board, dice, {.games = games, .players = players, .seed = 5, .threads = 2});
        const SimulationResult three =
            simulate(board, dice, {.games = games, .players = players, .seed = 5, .threads = 3});
        const SimulationResult all_cores =
            simulate(board, dice, {.games = games, .players = players, .seed = 5});
        CHECK(one == two);
        CHECK(one == three);
        CHECK(one == all_cores);
        // Bitwise, not merely close: the doubles were computed from the same integer counts.
        CHECK(std::bit_cast<std::uint64_t>(one.turns.mean) ==
              std::bit_cast<std::uint64_t>(three.turns.mean));
        CHECK(std::bit_cast<std::uint64_t>(one.turns.standard_deviation) ==
              std::bit_cast<std::uint64_t>(three.turns.standard_deviation));

        const SimulationResult other_seed =
            simulate(board, dice, {.games = games, .players = players, .seed = 6, .threads = 2});
        CHECK(other_seed.turns.histogram != one.turns.histogram);
    }
}

TEST_CASE("the counts of a simulation add up", "[simulate]") {
    const auto board = classic();
    const SimulationResult sim =
        simulate(board, FairDice<>(), {.games = 30'000, .players = 3, .seed = 9});
    REQUIRE(sim.games == 30'000);
    REQUIRE(sim.players == 3);
    REQUIRE(sim.unfinished == 0);
    CHECK(sum(sim.turns.histogram) == sim.games);
    CHECK(sum(sim.winner_rolls.histogram) == sim.games);
    CHECK(sum(sim.wins) == sim.games);
    CHECK(sim.turns.games == sim.games);
    CHECK(sim.turns.histogram.size() == sim.turns.max + 1);
    CHECK(sim.turns.histogram[sim.turns.min] > 0);
    CHECK(sim.turns.histogram[sim.turns.max] > 0);
    // Three players each need at least 7 rolls; the first can win on turn 1 + 3 * 6 = 19.
    CHECK(sim.turns.min >= 19);
    CHECK(sim.winner_rolls.min >= 7);

    // A game that ends on turn t was won by seat (t - 1) % 3 on its ceil(t / 3)-th roll.
    std::vector<std::uint64_t> wins(3, 0);
    std::vector<std::uint64_t> rolls(sim.winner_rolls.histogram.size(), 0);
    for (std::size_t t = 1; t < sim.turns.histogram.size(); ++t) {
        wins[(t - 1) % 3] += sim.turns.histogram[t];
        rolls[(t + 2) / 3] += sim.turns.histogram[t];
    }
    CHECK(wins == sim.wins);
    CHECK(rolls == sim.winner_rolls.histogram);
    CHECK(sim.turns.mean > sim.winner_rolls.mean);

    // One player: the winner's rolls are the game's turns.
    const SimulationResult solo = simulate(board, FairDice<>(), {.games = 5'000, .seed = 9});
    CHECK(solo.winner_rolls == solo.turns);
    CHECK(solo.wins == std::vector<std::uint64_t>{5'000});
    CHECK(solo.turns.min >= 7); // the classic board's shortest game
}

TEST_CASE("boards where every game is known give exact statistics", "[simulate]") {
    // Ten squares, no jumps, a die that always rolls 2: every token is home on its 5th roll.
    const Board<GameConfig<OvershootWins>> board(std::vector<Jump>{},
                                                 GameConfig<OvershootWins>({.size = 10}));
    SECTION("one player") {
        const SimulationResult sim = simulate(board, always(2), {.games = 3'000});
        CHECK(sim.unfinished == 0);
        CHECK(sim.turns.mean == 5.0);
        CHECK(sim.turns.standard_deviation == 0.0);
        CHECK(sim.turns.standard_error == 0.0);
        CHECK(sim.turns.confidence_95 == ConfidenceInterval{5.0, 5.0});
        CHECK(sim.turns.min == 5);
        CHECK(sim.turns.max == 5);
        CHECK(sim.turns.histogram == std::vector<std::uint64_t>{0, 0, 0, 0, 0, 3'000});
        CHECK(sim.wins == std::vector<std::uint64_t>{3'000});
    }
    SECTION("three players: seat 0 always wins, on turn 4 * 3 + 1 = 13 with its 5th roll") {
        const SimulationResult sim = simulate(board, always(2), {.games = 3'000, .players = 3});
        CHECK(sim.turns.mean == 13.0);
        CHECK(sim.turns.min == 13);
        CHECK(sim.turns.max == 13);
        CHECK(sim.winner_rolls.mean == 5.0);
        CHECK(sim.winner_rolls.histogram == std::vector<std::uint64_t>{0, 0, 0, 0, 0, 3'000});
        CHECK(sim.wins == std::vector<std::uint64_t>{3'000, 0, 0});
        CHECK(sim.win_rate(0) == 1.0);
        CHECK(sim.win_rate(2) == 0.0);
        CHECK_THROWS_AS(sim.win_rate(3), InvalidConfig);
    }
    SECTION("a roll far past home: overshoot wins at once") {
        const SimulationResult sim = simulate(board, always(1000), {.games = 100});
        CHECK(sim.turns.histogram == std::vector<std::uint64_t>{0, 100});
    }
    SECTION("a single game") {
        const SimulationResult sim = simulate(board, always(2), {.games = 1});
        CHECK(sim.turns.mean == 5.0);
        CHECK(std::isnan(sim.turns.standard_deviation)); // undefined for one game
    }
}

TEST_CASE("fair dice too large to tabulate their odds can still be simulated", "[simulate]") {
    // 100,000 faces: no face probabilities (they stop at max_tabulated_roll), no move table. On
    // ten squares with overshoot wins, a game lasts one turn unless the first roll is below 10.
    const Board<GameConfig<OvershootWins>> board(std::vector<Jump>{},
                                                 GameConfig<OvershootWins>({.size = 10}));
    const FairDice<> huge({.sides = 100'000});
    REQUIRE(huge.max_roll() > max_tabulated_roll);
    const SimulationResult sim = simulate(board, huge, {.games = 2'000, .seed = 8});
    CHECK(sim.unfinished == 0);
    CHECK(sim.turns.min == 1);
    // P(first roll < 10) = 9 / 100,000: the odd game of two turns or more, at most a handful.
    CHECK(sim.turns.histogram[1] >= 1'990);
}

TEST_CASE("games past the turn cap are counted as unfinished, never played on", "[simulate]") {
    const Board<GameConfig<OvershootWins>> board(std::vector<Jump>{},
                                                 GameConfig<OvershootWins>({.size = 10}));
    SECTION("every game needs 5 turns: a cap of 4 stops them all, a cap of 5 stops none") {
        const SimulationResult stopped = simulate(board, always(2), {.games = 500, .max_turns = 4});
        CHECK(stopped.games == 500);
        CHECK(stopped.unfinished == 500);
        CHECK(stopped.finished() == 0);
        CHECK(stopped.turns.games == 0);
        CHECK(std::isnan(stopped.turns.mean));
        CHECK(stopped.turns.histogram.empty());
        CHECK(stopped.wins == std::vector<std::uint64_t>{0});

        const SimulationResult finished =
            simulate(board, always(2), {.games = 500, .max_turns = 5});
        CHECK(finished.unfinished == 0);
        CHECK(finished.turns.max == 5);
    }
    SECTION("the board configuration's turn limit caps games too") {
        const Board<GameConfig<OvershootWins>> limited(
            std::vector<Jump>{}, GameConfig<OvershootWins>({.size = 10, .turn_limit = 4}));
        CHECK(simulate(limited, always(2), {.games = 500}).unfinished == 500);
    }
    SECTION("dice that practically never finish: every game stopped at the cap and counted") {
        // A die of INT_MAX faces on the classic board forfeits every roll above 100 under
        // ExactFinish: a token moves about once in 21 million rolls. The default cap is a game's
        // default turn limit; a small one stops each game after exactly that many turns.
        CHECK(SimulationOptions{}.max_turns == default_turn_limit);
        const SimulationResult stopped =
            simulate(classic(), FairDice<>({.sides = INT_MAX}),
                     {.games = 5, .players = 2, .threads = 1, .max_turns = 100});
        CHECK(stopped.games == 5);
        CHECK(stopped.unfinished == 5);
        CHECK(stopped.turns.games == 0);
        CHECK(stopped.wins == std::vector<std::uint64_t>{0, 0});
    }
    SECTION("on the classic board, the unfinished share is the exact P(T > 20)") {
        const std::uint64_t games = 100'000;
        const SimulationResult sim =
            simulate(classic(), FairDice<>(), {.games = games, .seed = 3, .max_turns = 20});
        CHECK(sim.turns.max <= 20);
        CHECK(sum(sim.turns.histogram) + sim.unfinished == games);
        const double p = length_distribution(classic(), FairDice<>()).probability_longer_than(20);
        const double error = std::sqrt(p * (1 - p) / static_cast<double>(games));
        const double share = static_cast<double>(sim.unfinished) / static_cast<double>(games);
        INFO("simulated " << share << ", exact " << p);
        CHECK(std::abs(share - p) <= tolerance_in_standard_errors * error);
    }
}

// One-player games played the plainest way: the block's fair dice rolled one at a time through
// FairDice::roll, each roll moved by Board::advance, the turns counted up to the cap. Nothing
// of simulate's tables or rollers is used, only its documented seeding (block b of 1024 games
// rolls dice whose engine is built from simulation_block_seed(seed, b)).
template <class Config>
SimulationResult solo_games_one_roll_at_a_time(const BasicBoard<Config>& board, int sides,
                                               std::uint64_t games, std::uint64_t seed,
                                               std::uint64_t max_turns) {
    SimulationResult counted;
    std::vector<std::uint64_t> histogram;
    for (std::uint64_t first = 0; first < games; first += simulation_block_games) {
        FairDice<> dice = FairDice<>::seeded(
            detail::simulation_block_seed(seed, first / simulation_block_games), {.sides = sides});
        for (std::uint64_t game = first; game < std::min(games, first + simulation_block_games);
             ++game) {
            Square square = 0;
            for (std::uint64_t turn = 1;; ++turn) {
                square = board.advance(square, static_cast<int>(dice.roll()));
                if (square == board.size()) {
                    histogram.resize(std::max<std::size_t>(histogram.size(), turn + 1), 0);
                    ++histogram[turn];
                    break;
                }
                if (turn == max_turns) {
                    ++counted.unfinished;
                    break;
                }
            }
        }
    }
    counted.turns.histogram = histogram;
    return counted;
}

TEST_CASE("one-player games are the games of rolling one roll at a time, whichever roll ends "
          "them and wherever the turn cap falls",
          "[simulate][determinism]") {
    // simulate plays one player two rolls to a table load; a game that ends on the first roll
    // of a pair hands the second to the next game. Small boards end most games within a few
    // rolls, so both cases come up hundreds of times; caps of 1 to 4 turns stop games after
    // either roll of a pair.
    const std::vector<Jump> jumps{{3, 7}, {9, 2}};
    const auto check = [](const auto& board, int sides) {
        for (const std::uint64_t max_turns : {1U, 2U, 3U, 4U, 7U, 1000U}) {
            for (const std::uint64_t games : {1U, 1023U, 2'500U}) {
                INFO("size " << board.size() << ", " << sides << " sides, cap " << max_turns << ", "
                             << games << " games");
                const SimulationResult sim =
                    simulate(board, FairDice<>({.sides = sides}),
                             {.games = games, .seed = 99, .threads = 2, .max_turns = max_turns});
                const SimulationResult plain =
                    solo_games_one_roll_at_a_time(board, sides, games, 99, max_turns);
                CHECK(sim.unfinished == plain.unfinished);
                CHECK(sim.turns.histogram == plain.turns.histogram);
            }
        }
    };
    check(Board<GameConfig<ExactFinish>>(jumps, GameConfig<ExactFinish>({.size = 12})), 6);
    check(Board<GameConfig<BounceBack>>(jumps, GameConfig<BounceBack>({.size = 12})), 6);
    check(Board<GameConfig<OvershootWins>>(jumps, GameConfig<OvershootWins>({.size = 12})), 6);
    check(Board<GameConfig<OvershootWins>>(jumps, GameConfig<OvershootWins>({.size = 12})), 2);
    check(classic(GameConfig<BounceBack>()), 6);
    check(classic(), 6);
    // The largest die that plays two rolls to a load (8 sides: the pair table is laid out for
    // rolls of at most 8), the smallest that does not, and dice whose draws are rejected more
    // or less often (2^64 mod sides is 1 for 3 sides, 2 for 7 and 0 for 8).
    for (const int sides : {3, 7, 8, 9}) {
        check(Board<GameConfig<ExactFinish>>(jumps, GameConfig<ExactFinish>({.size = 12})), sides);
        check(Board<GameConfig<BounceBack>>(jumps, GameConfig<BounceBack>({.size = 30})), sides);
    }
}

TEST_CASE("dice that are not FairDice play the same one-player games as the fair dice they "
          "forward to",
          "[simulate][determinism]") {
    // Fair dice go through their own roller; other dice roll themselves, one checked roll at a
    // time. One player's games take two rolls to a load either way.
    const std::vector<Jump> jumps{{3, 7}, {9, 2}};
    const Board<GameConfig<BounceBack>> board(jumps, GameConfig<BounceBack>({.size = 12}));
    for (const int sides : {2, 6, 8}) {
        // A cap of 5 turns stops most games of a two-sided die (and some of the others) after
        // either roll of a pair.
        for (const std::uint64_t max_turns : {5U, 1000U}) {
            INFO(sides << " sides, cap " << max_turns);
            const SimulationOptions options{.games = 3'000, .seed = 5, .max_turns = max_turns};
            const SimulationResult fair = simulate(board, FairDice<>({.sides = sides}), options);
            const SimulationResult forwarded =
                simulate(board, ForwardingDice{FairDice<>({.sides = sides})}, options);
            CHECK(fair.unfinished == forwarded.unfinished);
            CHECK(fair.turns.histogram == forwarded.turns.histogram);
            CHECK(fair.turns.games > 0);
        }
    }
}

TEST_CASE("fair dice roll the same games in simulate as through their own roll()",
          "[simulate][determinism]") {
    // One six-sided die (its own draw, with a constant bound), one five-sided, three dice; one
    // player (two rolls to a table load) and two.
    const auto board = classic(GameConfig<BounceBack>());
    for (const auto& [sides, count] : {std::pair{6, 1}, std::pair{5, 1}, std::pair{6, 3}}) {
        const FairDice<> fair({.sides = sides, .count = count});
        for (const int players : {1, 2}) {
            const SimulationOptions options{.games = 5'000, .players = players, .seed = 77};
            const SimulationResult direct = simulate(board, fair, options);
            const SimulationResult forwarded = simulate(board, ForwardingDice{fair}, options);
            CHECK(direct == forwarded);
        }
    }
}

TEST_CASE("the prototype dice are neither used nor advanced", "[simulate][determinism]") {
    FairDice<> dice = FairDice<>::seeded(123);
    const Xoshiro256 before = dice.engine();
    const SimulationResult a = simulate(classic(), dice, {.games = 2'000, .seed = 1});
    CHECK(dice.engine() == before);
    const SimulationResult b =
        simulate(classic(), FairDice<>::seeded(999), {.games = 2'000, .seed = 1});
    CHECK(a == b); // only options.seed matters
}

TEST_CASE("the progress callback runs on the calling thread and reaches the total",
          "[simulate][progress]") {
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<std::uint64_t> done;
    bool on_caller = true;
    bool total_right = true;
    const std::uint64_t games = 50 * simulation_block_games;
    const SimulationResult sim =
        simulate(classic(), FairDice<>(),
                 {.games = games,
                  .threads = 2,
                  .progress =
                      [&](std::uint64_t games_done, std::uint64_t games_total) {
                          on_caller = on_caller && std::this_thread::get_id() == caller;
                          total_right = total_right && games_total == games;
                          done.push_back(games_done);
                      },
                  .progress_interval = std::chrono::milliseconds(0)});
    REQUIRE_FALSE(done.empty());
    CHECK(on_caller);
    CHECK(total_right);
    CHECK(done.back() == games);
    CHECK(std::is_sorted(done.begin(), done.end()));
    CHECK(sim.games == games);
}

TEST_CASE("an exception from the progress callback stops the simulation and reaches the caller",
          "[simulate][progress]") {
    struct Cancelled : std::runtime_error {
        using std::runtime_error::runtime_error;
    };
    int calls = 0;
    CHECK_THROWS_AS(simulate(classic(), FairDice<>(),
                             {.games = 200 * simulation_block_games,
                              .threads = 2,
                              .progress =
                                  [&](std::uint64_t, std::uint64_t) {
                                      ++calls;
                                      throw Cancelled("stop");
                                  },
                              .progress_interval = std::chrono::milliseconds(0)}),
                    Cancelled);
    CHECK(calls == 1);
}

TEST_CASE("dice that roll past their max_roll() are reported, from whichever thread rolled them",
          "[simulate]") {
    CHECK_THROWS_WITH(
        simulate(classic(), LyingDice{}, {.games = 20 * simulation_block_games, .threads = 2}),
        SL_CONTAINS("the dice rolled 7, outside the 1..6 their max_roll() promises"));
}

TEST_CASE("bad options are refused before anything is played, naming the option",
          "[simulate][errors]") {
    const auto board = classic();
    const FairDice<> dice;
    CHECK_THROWS_WITH(simulate(board, dice, {.games = 0}),
                      SL_CONTAINS("games must be at least 1, got 0"));
    CHECK_THROWS_WITH(simulate(board, dice, {.players = 0}),
                      SL_CONTAINS("players must be at least 1, got 0"));
    CHECK_THROWS_WITH(simulate(board, dice, {.players = -3}),
                      SL_CONTAINS("players must be at least 1, got -3"));
    CHECK_THROWS_WITH(simulate(board, dice, {.players = 9}),
                      SL_CONTAINS("players is 9, more than the 8 the board's configuration "
                                  "allows (max_players)"));
    CHECK_THROWS_WITH(simulate(board, dice, {.threads = 5000}),
                      SL_CONTAINS("threads must be at most 1024"));
    CHECK_THROWS_WITH(simulate(board, dice, {.max_turns = 0}),
                      SL_CONTAINS("max_turns must be at least 1, got 0"));
    CHECK_THROWS_WITH(simulate(board, dice, {.progress_interval = std::chrono::milliseconds(-1)}),
                      SL_CONTAINS("progress_interval must not be negative"));
    CHECK_THROWS_AS(simulate(board, dice, {.games = 0}), InvalidConfig);

    // One player is allowed although the default configuration asks for two to play a game,
    // and a configuration for twelve allows twelve.
    CHECK(simulate(board, dice, {.games = 10, .players = 1}).players == 1);
    const auto big_table = classic(GameConfig<>({.max_players = 12}));
    CHECK(simulate(big_table, dice, {.games = 10, .players = 12}).wins.size() == 12);
}

TEST_CASE("boards with a trap are refused before anything is played", "[simulate][errors]") {
    SECTION("exact finish, rolls of 2 and 4, nine squares: the even squares past the ladder "
            "never get home") {
        // 0 -> 2 -> (ladder) 3 reaches the odd squares and home; a first roll of 4 never does.
        const Board<> board(std::vector<Jump>{{2, 3}}, GameConfig<>({.size = 9}));
        const LoadedDice<> twos_and_fours({0, 1, 0, 1});
        CHECK_THROWS_AS(simulate(board, twos_and_fours), InvalidConfig);
        CHECK_THROWS_WITH(simulate(board, twos_and_fours),
                          SL_CONTAINS("simulate: the board is refused, as some games would never "
                                      "end: squares 4, 6 and 8 are traps: a token can reach them "
                                      "from the start, but from them home can never be reached "
                                      "with rolls {2, 4}"));
        // With a die that can also roll 1 the same board is sound.
        const SimulationResult sim = simulate(board, LoadedDice<>({1, 1}), {.games = 1'000});
        CHECK(sim.unfinished == 0);
        // The shortest game, 2 (ladder to 3), 2, 2, 2, has probability 1/16: 1,000 games see it.
        CHECK(sim.turns.min == 4);
    }
    SECTION("bounce back with rolls far past home: every move ends on square 1") {
        const Board<GameConfig<BounceBack>> board(std::vector<Jump>{},
                                                  GameConfig<BounceBack>({.size = 9}));
        // Every roll of 2 * size - 1 or more moves a token like that roll (BounceBack's
        // alike_from: from square 0 a 17 goes 9 up and 8 back, onto square 1), and the search
        // follows it as a 17; the sentence names the dice's own roll (issue 36, item 9).
        CHECK_THROWS_WITH(
            simulate(board, always(1000)),
            SL_CONTAINS("home can never be reached from the start with rolls {1000}"));
    }
}

// --- House rules, played through the turn model -------------------------------------------------

namespace {

// The expected turns of one player under ExtraTurnOnMax<3> with one fair die, worked out here
// from the rule itself rather than from the turn model: a turn from square s is a first roll;
// a six (unless it brings the token home) grants a second roll, a second six a third, and a
// third six forfeits the turn, the token back on s. Each turn's end squares are enumerated over
// the 6^3 roll sequences, and E(s) = 1 + sum_t P(s -> t) E(t) is solved by iteration.
template <class Config>
double expected_turns_extra_turn_on_six(const BasicBoard<Config>& board) {
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;
    // turn_end[s][t]: the probability that a turn from s ends on t.
    std::vector<std::vector<double>> turn_end(squares, std::vector<double>(squares, 0.0));
    for (Square s = 0; s < home; ++s) {
        auto& ends = turn_end[static_cast<std::size_t>(s)];
        for (int r1 = 1; r1 <= 6; ++r1) {
            const Square s1 = board.advance(s, r1);
            if (r1 < 6 || s1 == home) {
                ends[static_cast<std::size_t>(s1)] += 1.0 / 6;
                continue;
            }
            for (int r2 = 1; r2 <= 6; ++r2) {
                const Square s2 = board.advance(s1, r2);
                if (r2 < 6 || s2 == home) {
                    ends[static_cast<std::size_t>(s2)] += 1.0 / 36;
                    continue;
                }
                for (int r3 = 1; r3 <= 6; ++r3) {
                    const Square s3 = r3 == 6 ? s : board.advance(s2, r3); // a third six forfeits
                    ends[static_cast<std::size_t>(s3)] += 1.0 / 216;
                }
            }
        }
    }
    std::vector<double> expected(squares, 0.0);
    for (int sweep = 0; sweep < 100'000; ++sweep) {
        double change = 0.0;
        for (Square s = 0; s < home; ++s) {
            double value = 1.0;
            for (std::size_t t = 0; t < squares; ++t) {
                value += turn_end[static_cast<std::size_t>(s)][t] * expected[t];
            }
            change = std::max(change, std::abs(value - expected[static_cast<std::size_t>(s)]));
            expected[static_cast<std::size_t>(s)] = value;
        }
        if (change < 1e-13) {
            break;
        }
    }
    return expected[0];
}

} // namespace

TEST_CASE("simulate plays house rules through the turn model, checked against exact values "
          "within 4 standard errors",
          "[simulate][statistics][house]") {
    // One board for every rule set: the house rules go to simulate.
    const Board<> board = classic();
    const FairDice<> die({.sides = 6, .count = 1});
    constexpr std::uint64_t games = 200'000;

    SECTION("knock-back alone does nothing to one player: the very same games as without it") {
        const SimulationResult plain =
            simulate(board, die, ChosenHouseRules(), {.games = 20'000, .players = 1, .seed = 3});
        const SimulationResult knock_back =
            simulate(board, die, ChosenHouseRules({.knock_back = true}),
                     {.games = 20'000, .players = 1, .seed = 3});
        CHECK(knock_back == plain);
    }
    SECTION("six to start: six turns on average to roll the six that moves the token to 6, then "
            "the standard game from there") {
        const double exact = 6.0 + expected_turns(classic(), die).from_square[6];
        const SimulationResult result =
            simulate(board, die, ChosenHouseRules({.max_roll_to_start = true}),
                     {.games = games, .players = 1, .seed = 31});
        REQUIRE(result.unfinished == 0);
        CHECK(std::abs(result.turns.mean - exact) < 4 * result.turns.standard_error);
    }
    SECTION("extra turn on a six, the third six forfeits: the classic board and a small one") {
        const HouseRuleSwitches extra{.forfeit_streak = 3};
        const double exact_classic = expected_turns_extra_turn_on_six(board);
        const SimulationResult classic_result = simulate(
            board, die, ChosenHouseRules(extra), {.games = games, .players = 1, .seed = 32});
        CHECK(std::abs(classic_result.turns.mean - exact_classic) <
              4 * classic_result.turns.standard_error);
        // A turn with extra rolls is still one turn: fewer turns than the standard 39.598.
        CHECK(exact_classic < 39.0);

        const Board<> small({{4, 7}, {8, 2}}, GameConfig<>({.size = 9}));
        const double exact_small = expected_turns_extra_turn_on_six(small);
        const SimulationResult small_result = simulate(small, die, ChosenHouseRules(extra),
                                                       {.games = games, .players = 1, .seed = 33});
        CHECK(std::abs(small_result.turns.mean - exact_small) <
              4 * small_result.turns.standard_error);
    }
    SECTION("every rule at once, two players: counts add up, and the same for any thread count") {
        const ChosenHouseRules all(
            {.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true});
        const std::uint64_t some = 5 * simulation_block_games + 3;
        const SimulationResult one =
            simulate(board, die, all, {.games = some, .players = 2, .seed = 34, .threads = 1});
        const SimulationResult two =
            simulate(board, die, all, {.games = some, .players = 2, .seed = 34, .threads = 2});
        CHECK(one == two);
        // The order of 0.x, the options before the house rules, is deprecated (so the warning is
        // silenced here) and plays the same games.
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
        const SimulationResult old_order =
            simulate(board, die, {.games = some, .players = 2, .seed = 34, .threads = 1}, all);
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
        CHECK(old_order == one);
        REQUIRE(one.unfinished == 0);
        CHECK(one.wins[0] + one.wins[1] == some);
        CHECK(one.turns.games == some);
    }
    SECTION("house rules these dice cannot play are refused, as a game refuses them") {
        const LoadedDice<> only_six({0, 0, 0, 0, 0, 1});
        REQUIRE_THROWS_WITH(simulate(board, only_six, ExtraTurnOnMax<3>(), {.games = 10}),
                            SL_CONTAINS("every roll of these dice is 6, their maximum, so under "
                                        "house rule ExtraTurnOnMax<3> every turn would be "
                                        "forfeited after 3 of them"));
        const Board<> tiny({}, GameConfig<>({.size = 5}));
        REQUIRE_THROWS_WITH(simulate(tiny, die, SixToStart(), {.games = 10}),
                            SL_CONTAINS("a token needs a roll of 6 to start, but a 6 from square 0 "
                                        "overshoots home (square 5) under ExactFinish"));
    }
}
