// Monte Carlo: play many seeded games of a board and dice on every core and summarise how long
// they last and who wins. The results depend on the seed alone, never on the number of threads,
// so a simulation can be repeated exactly and checked against the exact analysis.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../base/random.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../turn/board_traps.hpp"
#include "../turn/turn_model.hpp"
#include "detail/simulation_games.hpp"
#include "detail/simulation_threads.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace snakeladder {

/// Called with the number of games finished so far and the number asked for.
using SimulationProgress = std::function<void(std::uint64_t games_done, std::uint64_t games_total)>;

/// How to run a simulation. An aggregate, so `simulate(board, dice, {.games = 200'000,
/// .seed = 7})` reads well.
struct SimulationOptions {
    /// How many games to play; at least 1.
    std::uint64_t games = 100'000;
    /// Players per game, taking turns in seat order (seat 0 first) with independent tokens; a
    /// game ends as soon as one of them gets home. At least 1 and at most the board
    /// configuration's `max_players()`; one player is allowed whatever `min_players()` says, as
    /// that is the length of a game the exact analysis measures.
    int players = 1;
    /// Fixes every roll of every game (see `simulate`).
    std::uint64_t seed = 0;
    /// Worker threads; 0 means one per core (`std::thread::hardware_concurrency()`). Never more
    /// are started than there are blocks of games to share out. Does not change the results.
    unsigned threads = 0;
    /// A game still running after this many turns (every player's turn counts) is stopped and
    /// counted in `SimulationResult::unfinished` instead of the statistics, so a simulation
    /// always ends. The board configuration's `turn_limit()` applies as well when it is lower.
    /// The default is a game's (default_turn_limit). A simulation keeps no log, so memory does
    /// not grow with turns; time does, up to games x max_turns for dice that practically never
    /// finish (a die of INT_MAX faces under ExactFinish): lower it, or cancel from `progress`.
    std::uint64_t max_turns = default_turn_limit;
    /// Called on the thread that called `simulate`, never concurrently: between blocks of games
    /// at most once per `progress_interval`, and once more with (games, games) when all are done.
    /// An exception it throws stops the simulation and is passed on to the caller.
    SimulationProgress progress{};
    std::chrono::milliseconds progress_interval{100};
};

/// The most threads `simulate` accepts in `SimulationOptions::threads`.
inline constexpr unsigned max_simulation_threads = 1024;

/// Games are played in blocks of this many, each block with its own engine seeded from
/// (seed, block number); threads take whole blocks. Part of what a seed means: changing it
/// would change every simulated game.
inline constexpr std::uint64_t simulation_block_games = 1024;

/// mean +- 1.96 standard errors: where the true mean lies with 95% confidence (normal
/// approximation, sound for the thousands of games a simulation plays).
struct ConfidenceInterval {
    double low = 0.0;
    double high = 0.0;
    [[nodiscard]] constexpr bool contains(double value) const noexcept {
        return low <= value && value <= high;
    }
    friend constexpr bool operator==(const ConfidenceInterval&,
                                     const ConfidenceInterval&) = default;
};

/// A distribution of game lengths over the finished games. With no finished game `games` is 0
/// and the mean, deviations and interval are NaN; with one, the deviations are NaN.
struct LengthStatistics {
    /// Finished games counted here.
    std::uint64_t games = 0;
    double mean = std::numeric_limits<double>::quiet_NaN();
    /// Sample standard deviation (divides by games - 1).
    double standard_deviation = std::numeric_limits<double>::quiet_NaN();
    /// Standard error of the mean: standard_deviation / sqrt(games).
    double standard_error = std::numeric_limits<double>::quiet_NaN();
    ConfidenceInterval confidence_95{std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::quiet_NaN()};
    std::uint64_t min = 0;
    std::uint64_t max = 0;
    /// histogram[n] is the number of games of length n; its size is max + 1 (empty when no game
    /// finished), so the lengths below `min` show as zeros.
    std::vector<std::uint64_t> histogram;

    friend bool operator==(const LengthStatistics&, const LengthStatistics&) = default;
};

/// What `simulate` found. Two results are equal when every count and every statistic is
/// bitwise the same (a NaN statistic, from no finished game, never compares equal); a simulation
/// repeated with the same seed gives an equal result whatever the number of threads.
struct SimulationResult {
    /// Games played: the finished ones plus the unfinished ones.
    std::uint64_t games = 0;
    /// Games stopped at the turn cap, left out of every statistic below.
    std::uint64_t unfinished = 0;
    int players = 1;
    /// Length of a game in turns, every player's turn counting one: the game ends on turn
    /// number `turns` (seat (turns - 1) % players moves on it). For one player, that player's
    /// rolls.
    LengthStatistics turns;
    /// Length of a game in rounds: the number of rolls the winner made, ceil(turns / players)
    /// (under house rules, the winner's turns, missed ones included). The same as `turns` for
    /// one player.
    LengthStatistics winner_rolls;
    /// wins[seat] is the number of finished games that seat won; seat 0 moves first.
    std::vector<std::uint64_t> wins;

    [[nodiscard]] constexpr std::uint64_t finished() const noexcept { return games - unfinished; }

    /// The share of finished games that `seat` won (NaN when none finished). Throws
    /// InvalidConfig for a seat that did not play.
    [[nodiscard]] double win_rate(int seat) const {
        return static_cast<double>(wins_of(seat)) / static_cast<double>(finished());
    }
    /// The standard error of `win_rate(seat)` as an estimate of the seat's chance of winning:
    /// sqrt(p (1 - p) / finished).
    [[nodiscard]] double win_rate_standard_error(int seat) const {
        const double p = win_rate(seat);
        return std::sqrt(p * (1.0 - p) / static_cast<double>(finished()));
    }

    friend bool operator==(const SimulationResult&, const SimulationResult&) = default;

private:
    [[nodiscard]] std::uint64_t wins_of(int seat) const {
        if (seat < 0 || static_cast<std::size_t>(seat) >= wins.size()) {
            throw InvalidConfig("seat " + std::to_string(seat) +
                                " did not play: the simulation had seats 0 to " +
                                std::to_string(static_cast<long long>(wins.size()) - 1));
        }
        return wins[static_cast<std::size_t>(seat)];
    }
};

namespace detail {

// Mean, deviations and extremes of a histogram of lengths. Everything is computed from the
// merged integer counts in index order, so equal histograms give bitwise equal statistics.
// The deviation uses the two-pass formula (sum of squared distances from the mean), which
// loses nothing to cancellation however large the lengths.
inline LengthStatistics length_statistics(std::vector<std::uint64_t> histogram) {
    LengthStatistics stats;
    while (!histogram.empty() && histogram.back() == 0) {
        histogram.pop_back();
    }
    std::uint64_t games = 0;
    std::uint64_t total_length = 0;
    for (std::size_t n = 0; n < histogram.size(); ++n) {
        games += histogram[n];
        total_length += histogram[n] * n;
    }
    if (games == 0) {
        return stats;
    }
    stats.games = games;
    stats.max = histogram.size() - 1;
    stats.min = static_cast<std::uint64_t>(
        std::find_if(histogram.begin(), histogram.end(), [](std::uint64_t c) { return c != 0; }) -
        histogram.begin());
    const long double mean =
        static_cast<long double>(total_length) / static_cast<long double>(games);
    stats.mean = static_cast<double>(mean);
    if (games > 1) {
        long double squares = 0.0L;
        for (std::size_t n = stats.min; n < histogram.size(); ++n) {
            const long double distance = static_cast<long double>(n) - mean;
            squares += static_cast<long double>(histogram[n]) * distance * distance;
        }
        const long double variance = squares / static_cast<long double>(games - 1);
        const long double deviation = std::sqrt(variance);
        const long double error = deviation / std::sqrt(static_cast<long double>(games));
        constexpr long double z95 = 1.959963984540054L; // the 97.5% point of the normal law
        stats.standard_deviation = static_cast<double>(deviation);
        stats.standard_error = static_cast<double>(error);
        stats.confidence_95 = {static_cast<double>(mean - z95 * error),
                               static_cast<double>(mean + z95 * error)};
    }
    stats.histogram = std::move(histogram);
    return stats;
}

[[noreturn]] inline void throw_simulation_option(const std::string& message) {
    throw InvalidConfig("simulate: " + message);
}

template <class Config, class D, class Rules>
void check_simulation(const BasicBoard<Config>& board, const D& dice,
                      const SimulationOptions& options, const Rules& house_rules) {
    if (options.games < 1) {
        throw_simulation_option("games must be at least 1, got 0");
    }
    if (options.players < 1) {
        throw_simulation_option("players must be at least 1, got " +
                                std::to_string(options.players));
    }
    if (options.players > board.config().max_players()) {
        throw_simulation_option("players is " + std::to_string(options.players) +
                                ", more than the " + std::to_string(board.config().max_players()) +
                                " the board's configuration allows (max_players)");
    }
    if (options.threads > max_simulation_threads) {
        throw_simulation_option("threads must be at most " +
                                std::to_string(max_simulation_threads) +
                                " (0 means one per core), got " + std::to_string(options.threads));
    }
    if (options.max_turns < 1) {
        throw_simulation_option("max_turns must be at least 1, got 0");
    }
    if (options.progress_interval.count() < 0) {
        throw_simulation_option("progress_interval must not be negative, got " +
                                std::to_string(options.progress_interval.count()) + " ms");
    }
    if (!rules_off(house_rules)) {
        check_house_rules_playable(board, house_rules, dice, rolls_that_matter(dice, board));
    }
    const TrapSearch found = search_traps(
        board, dice, house_rules, "simulate: checking that these dice can bring a token home",
        static_cast<std::size_t>(options.players));
    if (!found.traps.empty()) {
        throw_simulation_option(
            "the board is refused, as some games would never end: " +
            describe_trap_squares(found.traps, trap_roll_words(found.named, house_rules)));
    }
}

// Calls the progress callback at most once per interval.
class ProgressReporter {
public:
    ProgressReporter(const SimulationOptions& options, const SimulationRun& run)
        : options_(options), run_(run), last_(std::chrono::steady_clock::now()) {}
    void tick() {
        if (!options_.progress || run_.stopped()) {
            return;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ >= options_.progress_interval) {
            last_ = now;
            options_.progress(run_.games_done(), options_.games);
        }
    }
    void finish() const {
        if (options_.progress) {
            options_.progress(options_.games, options_.games);
        }
    }

private:
    const SimulationOptions& options_;
    const SimulationRun& run_;
    std::chrono::steady_clock::time_point last_;
};

// Plays `work(worker)` for workers 0 (the calling thread) to threads - 1, each on its own
// thread, and waits for them all, reporting progress meanwhile. An exception of a worker or of
// the progress callback is kept in `run` (run.rethrow_error() raises the first); a system
// without a thread to spare plays every block on the threads it has, with the same results.
template <class Work>
void play_on_threads(unsigned threads, SimulationRun& run, const SimulationOptions& options,
                     ProgressReporter& progress, const Work& work) {
    detail::JoiningThreads workers;
    try {
        workers.reserve(threads - 1);
        for (unsigned worker = 1; worker < threads; ++worker) {
            run.worker_starting();
            try {
                workers.start([&work, &run, worker] {
                    try {
                        work(worker);
                    } catch (...) {
                        run.fail(std::current_exception());
                    }
                    run.worker_finished();
                });
            } catch (const std::system_error&) {
                // The system has no thread to spare: the threads already running, and this
                // one, play every block between them; the results are the same.
                run.worker_finished();
                break;
            }
        }
        work(0);
    } catch (...) {
        run.fail(std::current_exception());
    }
    try {
        run.wait_for_workers(options.progress ? std::optional(options.progress_interval)
                                              : std::nullopt,
                             [&] { progress.tick(); });
    } catch (...) { // from the progress callback
        run.fail(std::current_exception());
        run.wait_for_workers(std::nullopt, [] {});
    }
    // The workers have all finished; `workers` joins them here.
}

// The result of the games that the threads' tallies count, merged in thread order (integers
// only, so the order changes nothing).
inline SimulationResult simulation_result(const SimulationOptions& options,
                                          const std::vector<SimulationTally>& tallies) {
    const auto players = static_cast<std::size_t>(options.players);
    SimulationTally total;
    total.wins.assign(players, 0);
    for (const SimulationTally& tally : tallies) {
        total.merge(tally);
    }

    SimulationResult result;
    result.games = options.games;
    result.unfinished = total.unfinished;
    result.players = options.players;
    result.wins = std::move(total.wins);
    if (players > 1) {
        std::vector<std::uint64_t> rounds((total.length_counts.size() + players - 1) / players + 1,
                                          0);
        for (std::size_t turns = 1; turns < total.length_counts.size(); ++turns) {
            rounds[(turns + players - 1) / players] += total.length_counts[turns];
        }
        result.winner_rolls = length_statistics(std::move(rounds));
        result.turns = length_statistics(std::move(total.length_counts));
    } else {
        result.turns = length_statistics(std::move(total.length_counts));
        result.winner_rolls = result.turns;
    }
    return result;
}

inline unsigned simulation_threads(unsigned requested, std::uint64_t blocks) {
    unsigned threads = requested != 0 ? requested : std::thread::hardware_concurrency();
    threads = std::max(threads, 1U);
    return static_cast<unsigned>(std::min<std::uint64_t>(threads, blocks));
}

} // namespace detail

/// Plays `options.games` games of `board` with dice like `dice` and summarises them.
///
/// `dice` is a prototype: its faces and odds are used, its engine is not (nor advanced). Games
/// are played in blocks of `simulation_block_games`; block b rolls a copy of the dice whose
/// engine is built from word b of SplitMix64(options.seed). Threads take whole blocks as they
/// become free and count into tallies of their own, merged as integers at the end, and every
/// statistic is computed from the merged counts: the result depends on the seed, the board, the
/// dice and the options, never on `threads` or on the order in which blocks finished. Game i is
/// the same game in every run with the same seed, board, dice, players and max_turns.
///
/// `house_rules` (none in the overload without them) are played as a Game plays them: each roll
/// goes through the turn model (apply_roll), so a turn may take several rolls and tokens may send
/// each other back; a game still ends when its first player is home, and `turns` counts whole
/// turns.
///
/// Throws InvalidConfig, before playing, for options out of range (naming the option), for a
/// board with a trap for these dice (a square reachable from the start from which home cannot be
/// reached: such games would never end; under house rules, by whole turns, as describe_traps
/// with the rules says), and for house rules these dice cannot play (as Game's
/// constructor refuses them). Exceptions from the dice or the progress callback stop
/// every thread and reach the caller.
template <class Config, ReseedableDice D, HouseRule Rules>
[[nodiscard]] SimulationResult simulate(const BasicBoard<Config>& board, const D& dice,
                                        const Rules& house_rules,
                                        const SimulationOptions& options = {}) {
    detail::check_simulation(board, dice, options, house_rules);

    const auto players = static_cast<std::size_t>(options.players);
    const std::uint64_t max_turns = std::min(options.max_turns, board.config().turn_limit());
    const int max_roll = static_cast<int>(dice.max_roll());
    const Square home = board.size();
    const std::uint64_t blocks =
        options.games / simulation_block_games + (options.games % simulation_block_games != 0);
    const unsigned threads = detail::simulation_threads(options.threads, blocks);

    std::optional<detail::NextSquareTable> table;
    if (detail::NextSquareTable::fits(board.size(), max_roll)) {
        table.emplace(board, max_roll,
                      std::span<const detail::RollRun>(detail::dice_roll_runs(dice)));
    }
    const std::optional<detail::NextSquareTable::TwoRollStep> two_roll_step =
        table && players == 1 ? table->two_roll_step() : std::nullopt;
    const detail::BoardStep<Config> board_step{&board};
    // House rules switched on: every roll goes through the turn model.
    const bool by_turn_model = !detail::rules_off(house_rules);
    const GameState start({.players = players, .max_roll = max_roll});

    detail::SimulationRun run(blocks);
    detail::ProgressReporter progress(options, run);
    std::vector<detail::SimulationTally> tallies(threads);

    // Plays blocks until none is left. The calling thread (worker 0) reports progress between
    // its blocks; the others only play.
    const auto work = [&](unsigned worker) {
        detail::SimulationTally tally;
        tally.wins.assign(players, 0);
        std::vector<Square> squares(players, 0);
        std::uint64_t block = 0;
        while (run.take_block(block)) {
            const std::uint64_t engine_seed = detail::simulation_block_seed(options.seed, block);
            const std::uint64_t first = block * simulation_block_games;
            const std::uint64_t games = std::min(simulation_block_games, options.games - first);
            if (by_turn_model) {
                detail::with_block_roller(dice, engine_seed, [&](auto roller) {
                    detail::play_turn_model_games(std::move(roller), board, house_rules, start,
                                                  games, max_turns, tally);
                });
            } else if (two_roll_step) {
                detail::with_block_roller(dice, engine_seed, [&](auto roller) {
                    detail::play_solo_games_two_rolls_at_a_time(std::move(roller), *two_roll_step,
                                                                home, games, max_turns, tally);
                });
            } else if (table) {
                detail::play_block(dice, engine_seed, table->step(), home, games, max_turns,
                                   squares, tally);
            } else {
                detail::play_block(dice, engine_seed, board_step, home, games, max_turns, squares,
                                   tally);
            }
            run.add_games_done(games);
            if (worker == 0) {
                progress.tick();
            }
        }
        tallies[worker] = std::move(tally);
    };

    detail::play_on_threads(threads, run, options, progress, work);
    run.rethrow_error();

    SimulationResult result = detail::simulation_result(options, tallies);
    progress.finish();
    return result;
}

/// The standard game's simulation: simulate(board, dice, NoHouseRules{}, options).
template <class Config, ReseedableDice D>
[[nodiscard]] SimulationResult simulate(const BasicBoard<Config>& board, const D& dice,
                                        const SimulationOptions& options = {}) {
    return simulate(board, dice, NoHouseRules{}, options);
}

// The order of 0.x, the options before the house rules: it works for this release and warns,
// and goes in the next (CHANGELOG).
template <class Config, ReseedableDice D, HouseRule Rules>
[[deprecated("simulate(board, dice, options, house_rules): give the house rules first, "
             "simulate(board, dice, house_rules, options)")]] [[nodiscard]] SimulationResult
simulate(const BasicBoard<Config>& board, const D& dice, const SimulationOptions& options,
         const Rules& house_rules) {
    return simulate(board, dice, house_rules, options);
}

namespace detail {
// The result type of simulate()'s fallback: completing it at the call says what is missing.
template <class D>
struct SimulationDiceError {
    static_assert(report_dice<D>());
    static_assert(!Dice<D> || ReseedableDice<D>,
                  "simulate: the dice must be ReseedableDice (copyable, with an engine_type built "
                  "from a 64-bit seed and engine()), as FairDice and LoadedDice are; ScriptedDice "
                  "cannot be simulated");
};
} // namespace detail

// Dice simulate() cannot reseed: one error that names what is missing, at the call, instead of
// a list of the overloads and why each does not fit. Declared only.
template <class Config, class D, class... Rest>
requires(!ReseedableDice<D>) detail::SimulationDiceError<D> simulate(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <class Config, class D, class... Rest>
requires(!ReseedableDice<D>) detail::SimulationDiceError<D> simulate(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const SimulationOptions& /*options*/,
    Rest&&... /*rest*/);
// The house rules, then options written in braces, which a pack cannot take.
template <class Config, class D, class Rules>
requires(!ReseedableDice<D>) detail::SimulationDiceError<D> simulate(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const Rules& /*house_rules*/,
    const SimulationOptions& /*options*/);

} // namespace snakeladder
