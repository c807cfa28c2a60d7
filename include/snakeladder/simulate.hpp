// Monte Carlo: play many seeded games of a board and dice on every core and summarise how long
// they last and who wins. The results depend on the seed alone, never on the number of threads,
// so a simulation can be repeated exactly and checked against the exact analysis.
#pragma once

#include "board.hpp"
#include "board_traps.hpp"
#include "detail/simulation_threads.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "jump.hpp"
#include "random.hpp"
#include "turn_model.hpp"

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

/// Dice that `simulate` can give a fresh random stream: copyable, driven by an engine that is
/// reached through `engine()` and can be built from a 64-bit seed (FairDice, LoadedDice).
/// Scripted dice are not: a simulation needs randomness, not a script.
template <class D>
concept ReseedableDice = Dice<D> && std::copy_constructible<D> && requires(D& dice) {
    typename D::engine_type;
    { dice.engine() } -> std::same_as<typename D::engine_type&>;
} && std::constructible_from<typename D::engine_type, std::uint64_t> &&
    std::is_move_assignable_v<typename D::engine_type>;

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

// The engine seed of block `block`: word number `block` of SplitMix64(seed), reached directly
// (SplitMix64 steps its state by a constant, so any word can be computed without the others).
constexpr std::uint64_t simulation_block_seed(std::uint64_t seed, std::uint64_t block) noexcept {
    SplitMix64 words(seed + block * 0x9e3779b97f4a7c15ULL);
    return words();
}

// Where a token on `from` ends after `roll`, for every roll the dice can make: one load a turn.
// Row r holds the moves of roll r, so the address of a move is the row (known as soon as the
// dice have rolled) plus the square, and the chain from one turn's square to the next is a
// single load. Not built for boards and dice too large for it to pay (see `fits`).
//
// For small boards and dice it holds the moves of two rolls in a row as well (see
// `TwoRollStep`), which halves the chain of loads of a one-player game.
class NextSquareTable {
public:
    static constexpr std::size_t max_entries = std::size_t{1} << 20; // 4 MiB
    // The two-roll table is built only while it stays in the fastest caches: 64 KiB, of which
    // the classic board with one die takes 19 KiB (7 x 7 rows of 101 squares), and only for
    // dice that roll at most max_pair_roll (two dice roll up to 12: not built).
    static constexpr std::size_t max_two_roll_entries = std::size_t{1} << 14;

    static constexpr bool fits(Square size, int max_roll) noexcept {
        return (static_cast<std::size_t>(max_roll) + 1) <=
               max_entries / (static_cast<std::size_t>(size) + 1);
    }

    // Row 0 stays unused: the simulation checks every roll is at least 1 before it looks up.
    // Only the moves a game can make ask the overshoot rule: the rolls of `made` (the dice's own,
    // dice_roll_runs) from the squares below home; the others (a token home, a roll of zero
    // weight) are never looked up, and a rule of the user's that could not apply to them must
    // not refuse the simulation (a token home stays home; the rest stay where they are).
    template <class Config>
    NextSquareTable(const BasicBoard<Config>& board, int max_roll, std::span<const RollRun> made)
        : stride_(static_cast<std::size_t>(board.size()) + 1),
          rolls_(static_cast<std::size_t>(max_roll) + 1) {
        next_.resize(rolls_ * stride_);
        for (std::size_t roll = 1; roll < rolls_; ++roll) {
            for (Square from = 0; from <= board.size(); ++from) {
                at(next_, roll, from) = from;
            }
        }
        for (const RollRun& run : made) {
            for (std::int64_t roll = run.low; roll <= std::min<std::int64_t>(run.high, max_roll);
                 ++roll) {
                for (Square from = 0; from < board.size(); ++from) {
                    at(next_, static_cast<std::size_t>(roll), from) = board.advance(from, roll);
                }
            }
        }
        for (std::size_t roll = 0; roll < rolls_; ++roll) {
            rows_.push_back(next_.data() + roll * stride_);
        }
        if (max_roll > max_pair_roll || rolls_ > max_two_roll_entries / rolls_ / stride_) {
            return;
        }
        // Row first * rolls_ + second: where two rolls take a token. A token the first roll takes
        // home stays there, so that one look at the second square tells a game that ended.
        const Square home = board.size();
        next_two_.resize(rolls_ * rolls_ * stride_);
        pair_rows_.assign(std::size_t{max_pair_roll} * max_pair_roll, nullptr);
        for (std::size_t first = 1; first < rolls_; ++first) {
            for (std::size_t second = 1; second < rolls_; ++second) {
                const std::size_t row = first * rolls_ + second;
                for (Square from = 0; from <= home; ++from) {
                    const Square middle = at(next_, first, from);
                    at(next_two_, row, from) = middle == home ? home : at(next_, second, middle);
                }
                pair_rows_[(first - 1) * max_pair_roll + (second - 1)] =
                    next_two_.data() + row * stride_;
            }
        }
    }

    // What the game loop holds: a pointer to one row pointer per roll. The row of a move is
    // found from the roll alone, off the chain of dependent loads from one turn's square to the
    // next, which is then a single load. Copied into the loop, it stays in a register.
    struct Step {
        const Square* const* rows;
        [[nodiscard]] Square operator()(Square from, int roll) const noexcept {
            return rows[roll][from];
        }
    };
    [[nodiscard]] Step step() const noexcept { return {rows_.data()}; }

    // Two rolls with one load on the chain from square to square: a row pointer per pair of
    // rolls, found from the rolls alone, then the square.
    //
    // The pair is given as its two rolls less one each (0 for a roll of 1), and its row pointer
    // is at (first - 1) * 8 + (second - 1). Fair dice draw exactly those numbers (a roll is 1 +
    // the draw), so the game loop's `roll() - 1` folds away and the index is one address
    // computation with a constant stride. Measured on the classic board, the +1s, the -1s and a
    // stride held in a variable cost about a tenth of the time of a turn.
    static constexpr int max_pair_roll = 8;
    struct TwoRollStep {
        const Square* const* one_rows;
        const Square* const* pair_rows;
        [[nodiscard]] Square operator()(Square from, int roll) const noexcept {
            return one_rows[roll][from];
        }
        [[nodiscard]] Square pair(Square from, int first_less_one,
                                  int second_less_one) const noexcept {
            // Both at least 0 (the roller checks every roll is at least 1): as unsigned they
            // widen for free.
            return pair_rows[static_cast<unsigned>(first_less_one) * max_pair_roll +
                             static_cast<unsigned>(second_less_one)][from];
        }
    };
    // None when the board and dice are too large for the two-roll table, or the dice roll more
    // than max_pair_roll.
    [[nodiscard]] std::optional<TwoRollStep> two_roll_step() const noexcept {
        if (next_two_.empty()) {
            return std::nullopt;
        }
        return TwoRollStep{rows_.data(), pair_rows_.data()};
    }

private:
    Square& at(std::vector<Square>& table, std::size_t row, Square from) const {
        return table[row * stride_ + static_cast<std::size_t>(from)];
    }

    std::size_t stride_;
    std::size_t rolls_; // max_roll + 1
    std::vector<Square> next_;
    std::vector<const Square*> rows_;      // rows_[roll] = &next_[roll * stride_]
    std::vector<Square> next_two_;         // empty when too large
    std::vector<const Square*> pair_rows_; // [(first - 1) * 8 + second - 1]: its row of next_two_
};

// The board's own move, for boards whose table would be too large.
template <class Config>
struct BoardStep {
    const BasicBoard<Config>* board;
    [[nodiscard]] Square operator()(Square from, int roll) const {
        return board->advance(from, roll);
    }
};

// One thread's counts. Integers only, so merging the tallies of all threads gives the same
// numbers in any order.
struct SimulationTally {
    std::vector<std::uint64_t> length_counts; // [turns] over finished games
    std::vector<std::uint64_t> wins;          // [seat]
    std::uint64_t unfinished = 0;

    // Called once a game: short, so that it is inlined into the game loop; the histogram rarely
    // needs to grow.
    void count_finished(std::uint64_t turns, std::size_t seat) {
        if (turns >= length_counts.size()) [[unlikely]] {
            grow_to(turns);
        }
        ++length_counts[turns];
        ++wins[seat];
    }
    void grow_to(std::uint64_t turns) { length_counts.resize(turns + 1, 0); }
    void merge(const SimulationTally& other) {
        if (other.length_counts.size() > length_counts.size()) {
            length_counts.resize(other.length_counts.size(), 0);
        }
        for (std::size_t n = 0; n < other.length_counts.size(); ++n) {
            length_counts[n] += other.length_counts[n];
        }
        for (std::size_t s = 0; s < wins.size(); ++s) {
            wins[s] += other.wins[s];
        }
        unfinished += other.unfinished;
    }
};

// How the game loop rolls one block's dice. The rolls are always the dice's own: dice in general
// roll themselves (a copy of the prototype with the block's engine), and each roll is checked
// against max_roll() so that dice breaking their promise fail loudly instead of reading outside
// the move table.
template <ReseedableDice D>
class DiceRoller {
public:
    DiceRoller(D prototype, std::uint64_t engine_seed, int max_roll)
        : dice_(std::move(prototype)), max_roll_(max_roll) {
        dice_.engine() = typename D::engine_type(engine_seed);
    }
    int operator()() {
        const int roll = static_cast<int>(dice_.roll());
        if (static_cast<unsigned>(roll - 1) >= static_cast<unsigned>(max_roll_)) [[unlikely]] {
            throw InvalidConfig("simulate: the dice rolled " + std::to_string(roll) +
                                ", outside the 1.." + std::to_string(max_roll_) +
                                " their max_roll() promises");
        }
        return roll;
    }

private:
    D dice_;
    int max_roll_;
};

// Fair dice, by far the most common, are rolled here by their own rule: each of `count` faces
// is 1 + uniform_below(engine, sides), exactly as FairDice::roll does it (a test checks that the
// games are the same), with the rejection threshold of the draw worked out once per block (see
// FixedBoundDraw). Held in a local object of a few scalars, the engine state and the draw stay
// in registers through the game loop, which the dice object itself does not guarantee: its
// members are reloaded after writes to the engine, and roll() is not always inlined. A single
// die, the usual case, gets a roller without the loop over faces.
template <class Engine>
class FairDiceRoller {
public:
    FairDiceRoller(const FairDice<Engine>& prototype, std::uint64_t engine_seed)
        : engine_(engine_seed), draw_(static_cast<std::uint64_t>(prototype.sides())),
          count_(prototype.count()) {}
    int operator()() {
        int sum = count_;
        for (int i = 0; i < count_; ++i) {
            sum += static_cast<int>(draw_(engine_));
        }
        return sum;
    }

private:
    Engine engine_;
    FixedBoundDraw draw_;
    int count_;
};

// One fair die. The six-sided one, by far the most common, gets its draw's bound as a constant
// (ConstantBoundDraw<6>): with both in registers, clang 14 kept three of the two-roll loop's
// values on the stack, and the loop took 0.87x the time of the bench's hand-written loop (0.85x
// now, measured alongside; g++ 12: 0.81x to 0.82x either way).
template <class Engine, class Draw = FixedBoundDraw>
class FairDieRoller {
public:
    FairDieRoller(std::uint64_t engine_seed, Draw draw) : engine_(engine_seed), draw_(draw) {}
    int operator()() { return 1 + static_cast<int>(draw_(engine_)); }

private:
    Engine engine_;
    Draw draw_;
};

// `games` games of one player.
template <class Roller, class Step>
void play_solo_games(Roller roll, const Step step, Square home, std::uint64_t games,
                     std::uint64_t max_turns, SimulationTally& tally) {
    for (std::uint64_t game = 0; game < games; ++game) {
        Square square = 0;
        // Counted down, so the loop compares with zero and keeps no limit in a register.
        std::uint64_t turns_left = max_turns;
        for (;;) {
            --turns_left;
            square = step(square, roll());
            if (square == home) {
                tally.count_finished(max_turns - turns_left, 0);
                break;
            }
            if (turns_left == 0) [[unlikely]] {
                ++tally.unfinished;
                break;
            }
        }
    }
}

// `games` games of one player, two rolls to a table load. The square after two rolls is one
// load from the square before them, where one roll at a time takes two dependent loads; the
// rolls, and so the games, are the same as play_solo_games plays.
//
// A game that ends on the first roll of a pair leaves the second roll drawn: it is the next
// game's first roll, as it would be had the rolls been drawn one at a time. One drawn at the end
// of the block is dropped with the block's dice, which no other block uses.
template <class Roller>
void play_solo_games_two_rolls_at_a_time(Roller roll, const NextSquareTable::TwoRollStep step,
                                         Square home, std::uint64_t games, std::uint64_t max_turns,
                                         SimulationTally& tally) {
    int carried = 0; // a roll drawn for a game that had already ended, or 0
    for (std::uint64_t game = 0; game < games; ++game) {
        Square square = 0;
        std::uint64_t turns = 0;
        if (carried != 0) {
            square = step(square, carried);
            turns = 1;
            carried = 0;
        }
        if (square != home) {
            // The pairs the cap leaves room for, counted down: the loop's one test besides
            // "home?" is the count reaching zero, and the turns are worked out after it.
            const std::uint64_t pairs = (max_turns - turns) / 2;
            std::uint64_t pairs_left = pairs;
            for (; pairs_left != 0; --pairs_left) {
                const int first_less_one = roll() - 1;
                const int second_less_one = roll() - 1;
                const Square from = square;
                square = step.pair(from, first_less_one, second_less_one);
                if (square == home) [[unlikely]] {
                    turns += 2;                                   // the pair the loop stops on
                    if (step(from, first_less_one + 1) == home) { // home on the first roll
                        carried = second_less_one + 1;
                        turns -= 1;
                    }
                    break;
                }
            }
            turns += 2 * (pairs - pairs_left);
            if (square != home && turns < max_turns) { // one turn left before the cap
                square = step(square, roll());
                turns += 1;
            }
        }
        if (square == home) {
            tally.count_finished(turns, 0);
        } else {
            ++tally.unfinished;
        }
    }
}

// `games` games of several players taking turns; `squares` is scratch space, one per seat.
template <class Roller, class Step>
void play_multiplayer_games(Roller roll, const Step step, Square home, std::uint64_t games,
                            std::uint64_t max_turns, std::vector<Square>& squares,
                            SimulationTally& tally) {
    const std::size_t seats = squares.size();
    for (std::uint64_t game = 0; game < games; ++game) {
        std::fill(squares.begin(), squares.end(), Square{0});
        std::uint64_t turns_left = max_turns; // counted down, as in play_solo_games
        std::size_t seat = 0;
        for (;;) {
            --turns_left;
            Square& square = squares[seat];
            square = step(square, roll());
            if (square == home) {
                tally.count_finished(max_turns - turns_left, seat);
                break;
            }
            if (turns_left == 0) [[unlikely]] {
                ++tally.unfinished;
                break;
            }
            seat = detail::seat_after(seat, seats);
        }
    }
}

// One block of games with the block's roller and the right loop for the number of players.
template <class Roller, class Step>
void play_block(Roller roll, const Step& step, Square home, std::uint64_t games,
                std::uint64_t max_turns, std::vector<Square>& squares, SimulationTally& tally) {
    if (squares.size() == 1) {
        play_solo_games(std::move(roll), step, home, games, max_turns, tally);
    } else {
        play_multiplayer_games(std::move(roll), step, home, games, max_turns, squares, tally);
    }
}

// Calls `play(roller)` with the roller for one block's dice, seeded with `engine_seed`.
template <ReseedableDice D, class PlayGames>
void with_block_roller(const D& prototype, std::uint64_t engine_seed, PlayGames&& play) {
    if constexpr (is_fair_dice<D>) {
        using Engine = typename D::engine_type;
        if (prototype.count() == 1 && prototype.sides() == 6) {
            play(FairDieRoller<Engine, ConstantBoundDraw<6>>(engine_seed, {}));
        } else if (prototype.count() == 1) {
            play(FairDieRoller<Engine>(
                engine_seed, FixedBoundDraw(static_cast<std::uint64_t>(prototype.sides()))));
        } else {
            play(FairDiceRoller(prototype, engine_seed));
        }
    } else {
        play(DiceRoller<D>(prototype, engine_seed, static_cast<int>(prototype.max_roll())));
    }
}

template <ReseedableDice D, class Step>
void play_block(const D& prototype, std::uint64_t engine_seed, const Step& step, Square home,
                std::uint64_t games, std::uint64_t max_turns, std::vector<Square>& squares,
                SimulationTally& tally) {
    with_block_roller(prototype, engine_seed, [&](auto roller) {
        play_block(std::move(roller), step, home, games, max_turns, squares, tally);
    });
}

// Games under house rules, played roll by roll through the turn model: a turn may take several
// rolls, and tokens may act on each other. A game ends when the first player is home.
template <class Roller, class Config, class Rules>
void play_turn_model_games(Roller roll, const BasicBoard<Config>& board, const Rules& rules,
                           const GameState& start, std::uint64_t games, std::uint64_t max_turns,
                           SimulationTally& tally) {
    GameState state;
    for (std::uint64_t game = 0; game < games; ++game) {
        state = start; // reuses the vectors' room: no allocation after the first game
        for (;;) {
            const RollOutcome outcome = apply_roll_in_place(board, state, roll(), rules);
            if (outcome.home) {
                tally.count_finished(state.turns_played, outcome.seat);
                break;
            }
            // At or past the limit: turns missed under a house rule may step over it.
            if (outcome.turn_over && state.turns_played >= max_turns) [[unlikely]] {
                ++tally.unfinished;
                break;
            }
        }
    }
}

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

    {
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
    run.rethrow_error();

    detail::SimulationTally total;
    total.wins.assign(players, 0);
    for (const detail::SimulationTally& tally : tallies) {
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
        result.winner_rolls = detail::length_statistics(std::move(rounds));
        result.turns = detail::length_statistics(std::move(total.length_counts));
    } else {
        result.turns = detail::length_statistics(std::move(total.length_counts));
        result.winner_rolls = result.turns;
    }
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
