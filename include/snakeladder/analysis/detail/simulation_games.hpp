// The simulator's game loops: one thread's tally, the rollers that draw a block's rolls, and
// the loops that play a block of games (one player, several, or roll by roll under house rules).
#pragma once

#include "../../base/random.hpp"
#include "../../board/board.hpp"
#include "../../dice/dice.hpp"
#include "../../turn/turn_model.hpp"
#include "next_square_table.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// The engine seed of block `block`: word number `block` of SplitMix64(seed), reached directly
// (SplitMix64 steps its state by a constant, so any word can be computed without the others).
constexpr std::uint64_t simulation_block_seed(std::uint64_t seed, std::uint64_t block) noexcept {
    SplitMix64 words(seed + block * 0x9e3779b97f4a7c15ULL);
    return words();
}

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

} // namespace snakeladder::detail
