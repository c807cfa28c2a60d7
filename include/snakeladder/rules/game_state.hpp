// The values of the turn model: GameState, everything that decides what happens next, and
// RollOutcome, what one roll did. Apart from the turn model itself (turn/turn_model.hpp) so that
// house rules, which read a state and write an outcome, can be declared before the board is.
#pragma once

#include "../base/jump.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <vector>

namespace snakeladder {

/// A game about to start, the argument of GameState's constructor: its fields are named at the
/// call (`GameState({.players = 2, .max_roll = 6})`) because two bare numbers are too easily
/// swapped.
struct GameStart {
    /// How many tokens, all on square 0.
    std::size_t players = 0;
    /// The dice's highest roll (`dice.max_roll()`).
    int max_roll = 0;
};

/// Everything that decides what happens next in a game: a copyable value, so copying it clones a
/// game (search code explores from a copy, a test continues a copy made mid-turn).
///
/// A turn is one roll, or several when a house rule grants more (a maximum under
/// ExtraTurnOnMax); `rolls_in_turn`, `turn_start` and `streak` say where a turn of several rolls
/// stands. `max_roll` is the highest roll of the dice the game is played with: what the house
/// rules call a maximum.
struct GameState {
    /// Each seat's square (0: not on the board yet; the board's size: home).
    std::vector<Square> squares;
    /// Seats, in the order they got home.
    std::vector<std::uint32_t> finish_order;
    /// Each seat's turns still to be missed (a house rule such as MissTurnSquares sets them):
    /// when the rotation comes to a seat with turns to miss, that turn is missed (it counts as a
    /// turn of the game) and the rotation moves on.
    std::vector<std::uint32_t> turns_to_miss;
    /// The seat to roll next.
    std::uint32_t seat_due = 0;
    /// Turns over so far, missed turns included; the turn under way is `turns_played + 1`.
    std::uint64_t turns_played = 0;
    /// Rolls made so far in the turn under way (0 before its first roll).
    std::uint32_t rolls_in_turn = 0;
    /// Maximum rolls in a row so far in the turn under way, ending with its last roll.
    std::uint32_t streak = 0;
    /// Where the mover stood when the turn under way began (once it has rolled; 0 between turns).
    Square turn_start = 0;
    /// The dice's highest roll.
    int max_roll = 0;
    /// No roll can be applied any more: every player is home, or the first one is home (with
    /// play_to_last: all but one are).
    bool finished = false;

    GameState() = default;
    /// A game about to start: `start.players` tokens on square 0, seat 0 to roll.
    explicit GameState(const GameStart& start)
        : squares(start.players, 0), turns_to_miss(start.players, 0), max_roll(start.max_roll) {
        finish_order.reserve(start.players); // getting home never allocates
    }

    /// Whether the turn under way has already rolled (the same player rolls again).
    [[nodiscard]] bool mid_turn() const noexcept { return rolls_in_turn != 0; }

    friend bool operator==(const GameState&, const GameState&) = default;
};

/// A token that a house rule moved after a roll: sent back to square 0 by KnockBack, or moved
/// anywhere on the board by a rule of the user's (the mover's own token included).
struct TokenKnock {
    std::uint32_t seat = 0;
    /// The square it stood on.
    Square from = 0;
    /// Where the rule put it.
    Square to = 0;
    friend constexpr bool operator==(const TokenKnock&, const TokenKnock&) = default;
};

/// Turns to miss that a house rule gave one seat after a roll (Landing::miss_turns): a count, so
/// that a rule giving millions of turns costs no more than one giving one.
struct TurnsToMiss {
    std::uint32_t seat = 0;
    std::uint32_t turns = 1;
    friend constexpr bool operator==(const TurnsToMiss&, const TurnsToMiss&) = default;
};

/// What one roll did: the pieces a TurnRecord is made of.
struct RollOutcome {
    /// Who rolled, and which roll of their turn this was (1 for the first).
    std::uint32_t seat = 0;
    std::uint32_t roll_in_turn = 0;
    int roll = 0;
    /// Where the token stood before the roll.
    Square start = 0;
    /// Where the overshoot rule put it, before any jump.
    Square landed = 0;
    /// Where it stands after the roll: after the jumps and the house rules' effects (after a
    /// forfeit: where the turn began).
    Square end = 0;
    JumpPath jumps;
    /// A blocked move: the roll that would have brought it exactly home; waiting: the roll it
    /// needed to start, when the rule says (SixToStart, StartingRolls of one roll), else 0.
    Square needed = 0;
    /// The exact-finish rule forfeited the move.
    bool blocked = false;
    /// A starting-roll rule kept the token on square 0: this roll does not let it start.
    bool waiting = false;
    /// This roll forfeited the turn (the Nth maximum in a row under ExtraTurnOnMax): the token is
    /// back on its turn's start.
    bool forfeits = false;
    /// The token reached home; `place` is 1 for the first player home, then 2, ...
    bool home = false;
    int place = 0;
    /// The tokens house rules moved after the move, in order (KnockBack's, and rules' of the
    /// user's; the mover's own token when a rule moved it).
    std::vector<TokenKnock> knocked;
    /// The turns to miss house rules gave, in order: one entry per seat and call, consecutive
    /// calls for the same seat merged.
    std::vector<TurnsToMiss> misses;
    /// When this roll ended the turn: the seats whose turn the rotation then passed over
    /// because they had a turn to miss, in order (each a turn of the game).
    std::vector<std::uint32_t> skipped;
    /// The turns to miss the mover still had when this roll brought it home, dropped there.
    std::uint32_t misses_dropped = 0;
    /// The turn is over after this roll: the next roll is the next player's (or none).
    bool turn_over = true;

    friend bool operator==(const RollOutcome&, const RollOutcome&) = default;
};

/// A hash of every field of the state, for hash maps of states (transposition tables).
[[nodiscard]] inline std::size_t hash_value(const GameState& state) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a over the fields, word by word
    const auto mix = [&h](std::uint64_t word) {
        h ^= word;
        h *= 0x100000001b3ULL;
        h ^= h >> 29;
    };
    mix(state.squares.size());
    for (const Square square : state.squares) {
        mix(static_cast<std::uint64_t>(square));
    }
    mix(state.finish_order.size());
    for (const std::uint32_t seat : state.finish_order) {
        mix(seat);
    }
    mix(state.turns_to_miss.size());
    for (const std::uint32_t turns : state.turns_to_miss) {
        mix(turns);
    }
    mix(state.seat_due);
    mix(state.turns_played);
    mix(state.rolls_in_turn);
    mix(state.streak);
    mix(static_cast<std::uint64_t>(state.turn_start));
    mix(static_cast<std::uint64_t>(state.max_roll));
    mix(state.finished ? 1 : 0);
    return static_cast<std::size_t>(h);
}

} // namespace snakeladder

template <>
struct std::hash<snakeladder::GameState> {
    std::size_t operator()(const snakeladder::GameState& state) const noexcept {
        return snakeladder::hash_value(state);
    }
};

/// Prints a state on one line:
///   `turn 1, seat 0 to roll; squares 0 0`
///   `turn 7, seat 1 rolls again (roll 2, 1 maximum roll in a row, turn began on 10); squares 16
///   22`
///   `after 30 turns, over; squares 100 57; home: seat 0`
/// and, when seats have turns to miss, `; turns to miss: seat 1 (1)`.
template <>
struct fmt::formatter<snakeladder::GameState> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::GameState& state, FormatContext& ctx) const {
        auto out = ctx.out();
        if (state.finished) {
            out = fmt::format_to(out, "after {} turn{}, over", state.turns_played,
                                 state.turns_played == 1 ? "" : "s");
        } else if (state.mid_turn()) {
            out = fmt::format_to(out,
                                 "turn {}, seat {} rolls again (roll {}, {} maximum roll{} in a "
                                 "row, turn began on {})",
                                 state.turns_played + 1, state.seat_due, state.rolls_in_turn + 1,
                                 state.streak, state.streak == 1 ? "" : "s", state.turn_start);
        } else {
            out = fmt::format_to(out, "turn {}, seat {} to roll", state.turns_played + 1,
                                 state.seat_due);
        }
        out = fmt::format_to(out, "; squares");
        for (const snakeladder::Square square : state.squares) {
            out = fmt::format_to(out, " {}", square);
        }
        if (!state.finish_order.empty()) {
            out = fmt::format_to(out, "; home:");
            for (std::size_t i = 0; i < state.finish_order.size(); ++i) {
                out = fmt::format_to(out, "{} seat {}", i == 0 ? "" : ",", state.finish_order[i]);
            }
        }
        bool first_miss = true;
        for (std::size_t seat = 0; seat < state.turns_to_miss.size(); ++seat) {
            if (state.turns_to_miss[seat] != 0) {
                out = fmt::format_to(out, "{} seat {} ({})", first_miss ? "; turns to miss:" : ",",
                                     seat, state.turns_to_miss[seat]);
                first_miss = false;
            }
        }
        return out;
    }
};
