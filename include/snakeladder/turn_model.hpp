// The turn model: what one roll does, in one place. A GameState is everything that decides what
// happens next; apply_roll applies one roll to it under a board's rules and its house rules and
// says what happened; chance_outcomes lists the rolls that can come next with their odds. The
// game, replays, undo and saved games ask this file what a roll does; search and learning code
// can drive a game through it without a Game object (the shape of OpenSpiel's State API).
#pragma once

#include "board.hpp"
#include "dice.hpp"
#include "house_rules.hpp"
#include "jump.hpp"
#include "turn_record.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <iterator>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder {

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
    /// The seat to roll next.
    std::uint32_t seat_due = 0;
    /// Turns over so far; the turn under way is number `turns_played + 1`.
    std::uint64_t turns_played = 0;
    /// Rolls made so far in the turn under way (0 before its first roll).
    std::uint32_t rolls_in_turn = 0;
    /// Maximum rolls in a row so far in the turn under way.
    std::uint32_t streak = 0;
    /// Where the mover stood when the turn under way began (once it has rolled; 0 between turns).
    Square turn_start = 0;
    /// The dice's highest roll.
    int max_roll = 0;
    /// No roll can be applied any more: every player is home, or the first one is home (with
    /// play_to_last: all but one are).
    bool finished = false;

    GameState() = default;
    /// A game about to start: `players` tokens on square 0, seat 0 to roll.
    GameState(std::size_t players, int dice_max_roll)
        : squares(players, 0), max_roll(dice_max_roll) {
        finish_order.reserve(players); // getting home never allocates
    }

    /// Whether the turn under way has already rolled (the same player rolls again).
    [[nodiscard]] bool mid_turn() const noexcept { return rolls_in_turn != 0; }

    friend bool operator==(const GameState&, const GameState&) = default;
};

/// A token sent back to square 0 by a roll (house rule KnockBack).
struct TokenKnock {
    std::uint32_t seat = 0;
    /// The square it stood on, where the roll ended.
    Square from = 0;
    friend constexpr bool operator==(const TokenKnock&, const TokenKnock&) = default;
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
    /// Where it stands after the roll (after a forfeit: where the turn began).
    Square end = 0;
    JumpPath jumps;
    /// A blocked move: the roll that would have brought it exactly home; waiting: the maximum.
    Square needed = 0;
    /// The exact-finish rule forfeited the move.
    bool blocked = false;
    /// Starting rolls: the token is on square 0 and this roll does not let it start.
    bool waiting = false;
    /// This maximum was one too many in a row: the turn is forfeited, the token back on its
    /// turn's start.
    bool forfeits = false;
    /// The token reached home; `place` is 1 for the first player home, then 2, ...
    bool home = false;
    int place = 0;
    /// The tokens this roll sent back to square 0 (house rule KnockBack), by seat.
    std::vector<TokenKnock> knocked;
    /// The turn is over after this roll: the next roll is the next player's (or none).
    bool turn_over = true;

    friend bool operator==(const RollOutcome&, const RollOutcome&) = default;
};

namespace detail {

// The seat after `seat` in the rotation whose token is not home yet.
inline std::uint32_t next_seat_after(const GameState& state, std::uint32_t seat,
                                     Square home) noexcept {
    const auto count = static_cast<std::uint32_t>(state.squares.size());
    for (std::uint32_t step = 0; step < count; ++step) {
        seat = seat + 1 == count ? 0 : seat + 1;
        if (state.squares[seat] != home) {
            return seat;
        }
    }
    return seat;
}

// The end of a turn: the game may be over, or the next player not home yet is due.
inline void end_turn(GameState& state, bool play_to_last, Square home) noexcept {
    state.rolls_in_turn = 0;
    state.streak = 0;
    state.turn_start = 0; // only meaningful mid-turn: states between turns compare equal
    ++state.turns_played;
    const std::size_t left = state.squares.size() - state.finish_order.size();
    state.finished = left == 0 || (!state.finish_order.empty() && (!play_to_last || left == 1));
    if (left != 0) {
        state.seat_due = next_seat_after(state, state.seat_due, home);
    }
}

} // namespace detail

namespace detail {

// House rules that would stop every token for good with these dice, refused before a game or a
// simulation starts: a six to start that the dice never roll or that overshoots home from square
// 0, or extra turns when every roll is the maximum (every turn forfeited). `rolls` are the
// distinct rolls that move a token differently, in increasing order (rolls of twice the board's
// size or more all move a token alike, so the list stops there).
template <class Config, Dice D, class Rolls>
void check_house_rules_playable(const Board<Config>& board, const D& dice, const Rolls& rolls) {
    const auto& house = board.config().house_rules();
    const std::int64_t largest = 2 * std::int64_t{board.size()};
    const auto top = static_cast<std::int64_t>(dice.max_roll());
    if (house.max_roll_to_start() && top <= largest &&
        std::find(std::begin(rolls), std::end(rolls), top) == std::end(rolls)) {
        throw_invalid_config(fmt::format("under the six-to-start house rule a token needs a "
                                         "roll of {} to start, which these dice never roll",
                                         top));
    }
    if (house.max_roll_to_start() && board.step_unchecked(0, std::min(top, largest)).blocked) {
        throw_invalid_config(fmt::format(
            "under the six-to-start house rule a token needs a roll of {} to start, but a {} "
            "from square 0 overshoots home (square {}) under {}, so no token could ever start",
            top, top, board.size(), Config::overshoot_rule::name));
    }
    if (house.forfeit_streak() != 0 && std::begin(rolls) != std::end(rolls) &&
        *std::begin(rolls) == top) {
        throw_invalid_config(fmt::format(
            "every roll of these dice is {}, their maximum, so under the extra-turn house "
            "rule every turn would be forfeited after {} of them",
            top, house.forfeit_streak()));
    }
}

} // namespace detail

/// Applies `roll` (at least 1) to `state` in place, under the board's rules and its
/// configuration's house rules, and says what it did. `state` must not be finished and must
/// have one square per player, each in 0..size; nothing is checked (Game checks before it
/// asks). May allocate: to list a knocked-back token, for a chain of more than three jumps, and
/// to add to the finish order of a state that was copied (a copy keeps only the room it needs).
///
/// The order of a roll: the starting roll, the forfeit, the overshoot rule, the jumps, the
/// rules' effects on the square reached (knock-back), home, then another roll or the next
/// player.
template <class Config>
RollOutcome apply_roll_in_place(const Board<Config>& board, GameState& state, int roll) {
    const auto& house = board.config().house_rules();
    const Square home = board.size();
    const std::uint32_t seat = state.seat_due;
    Square& square = state.squares[seat];
    if (state.rolls_in_turn == 0) {
        state.turn_start = square;
    }
    ++state.rolls_in_turn;
    const bool maximum = roll == state.max_roll;

    RollOutcome out;
    out.seat = seat;
    out.roll_in_turn = state.rolls_in_turn;
    out.roll = roll;
    out.start = square;
    out.landed = square;
    out.end = square;

    // The starting roll: under SixToStart a token leaves square 0 only with a maximum.
    if (house.max_roll_to_start() && square == 0 && !maximum) {
        out.waiting = true;
        out.needed = static_cast<Square>(state.max_roll);
        detail::end_turn(state, board.config().play_to_last(), home);
        return out;
    }
    // The forfeit: the Nth maximum in a row sends the token back to where the turn began.
    const auto streak_limit = static_cast<std::uint32_t>(house.forfeit_streak());
    if (maximum && streak_limit != 0 && state.streak + 1 == streak_limit) {
        out.forfeits = true;
        square = state.turn_start;
        out.end = square;
        detail::end_turn(state, board.config().play_to_last(), home);
        return out;
    }
    // The overshoot rule, then the jumps: the board's part (a forfeited move takes no jump).
    const Move move = board.step_unchecked(square, roll);
    out.landed = move.landed;
    out.blocked = move.blocked;
    out.needed = move.blocked ? home - square : 0;
    out.jumps = move.jumps;
    out.end = move.end;
    square = move.end;
    // Knock-back: a token ending a move on another's square sends it back to square 0.
    if (house.knock_back() && square != 0 && square != home) {
        for (std::uint32_t other = 0; other < state.squares.size(); ++other) {
            if (other != seat && state.squares[other] == square) {
                out.knocked.push_back({other, square});
                state.squares[other] = 0;
            }
        }
    }
    // Home.
    if (square == home) {
        state.finish_order.push_back(seat);
        out.home = true;
        out.place = static_cast<int>(state.finish_order.size());
    }
    // Another roll (a maximum under ExtraTurnOnMax, unless home), or the next player.
    if (maximum && streak_limit != 0 && square != home) {
        ++state.streak;
        out.turn_over = false;
        return out;
    }
    detail::end_turn(state, board.config().play_to_last(), home);
    return out;
}

namespace detail {

// The last steps of a roll of the standard game, once the mover's square holds where the move
// ended: home, then the next player. noexcept, for the game's fast paths: `state` must have room
// in its finish order for every player, as a state built by GameState(players, max_roll) has (a
// copy has only the room it needs; Game only ever copies into states built so).
template <class Config>
void finish_plain_roll(const Board<Config>& board, GameState& state) noexcept {
    if (state.squares[state.seat_due] == board.size()) {
        state.finish_order.push_back(state.seat_due); // never allocates: see above
    }
    end_turn(state, board.config().play_to_last(), board.size());
}

// A roll of the standard game, where no house rule can apply: what apply_roll_in_place does
// then, without building the outcome. The game's fast paths are this; returns the end square.
template <class Config>
Square apply_plain_roll(const Board<Config>& board, GameState& state, int roll) noexcept {
    static_assert(Config::house_rule_policy::plays_plain,
                  "apply_plain_roll plays the standard game only: use apply_roll_in_place");
    Square& square = state.squares[state.seat_due];
    square = board.advance(square, roll);
    const Square end = square;
    finish_plain_roll(board, state);
    return end;
}

} // namespace detail

/// The state after a roll, and what the roll did.
struct RollResult {
    GameState state;
    RollOutcome outcome;
};

namespace detail {

// Throws InvalidConfig, naming what is wrong, unless `state` is one the rules could have reached
// on `board`: what apply_roll_in_place takes on trust.
template <class Config>
void check_state(const Board<Config>& board, const GameState& state) {
    const auto fail = [](const std::string& what) {
        throw_invalid_config("apply_roll: the state does not fit the board and its rules: " + what);
    };
    const Square home = board.size();
    const std::size_t seats = state.squares.size();
    if (state.seat_due >= seats) {
        fail("seat " + std::to_string(state.seat_due) + " is due, but there are " +
             std::to_string(seats) + " seats");
    }
    if (state.max_roll < 1) {
        fail("max_roll must be at least 1, got " + std::to_string(state.max_roll));
    }
    std::size_t at_home = 0;
    for (std::size_t seat = 0; seat < seats; ++seat) {
        const Square square = state.squares[seat];
        if (square < 0 || square > home) {
            fail("seat " + std::to_string(seat) + " is on square " + std::to_string(square) +
                 ", not on a board of " + std::to_string(home) + " squares (0 is the start)");
        }
        at_home += square == home ? 1 : 0;
    }
    std::vector<bool> finished(seats, false);
    for (const std::uint32_t seat : state.finish_order) {
        if (seat >= seats || finished[seat] || state.squares[seat] != home) {
            fail("the finish order lists seat " + std::to_string(seat) +
                 ", which is not a seat at home listed once");
        }
        finished[seat] = true;
    }
    if (at_home != state.finish_order.size()) {
        fail(std::to_string(at_home) + " tokens are home but the finish order lists " +
             std::to_string(state.finish_order.size()));
    }
    if (state.squares[state.seat_due] == home) {
        fail("seat " + std::to_string(state.seat_due) + " is due but already home");
    }
    const auto streak_limit =
        static_cast<std::uint32_t>(board.config().house_rules().forfeit_streak());
    if (state.rolls_in_turn == 0 ? state.streak != 0 || state.turn_start != 0
                                 : streak_limit == 0 || state.streak != state.rolls_in_turn ||
                                       state.streak >= streak_limit) {
        fail("a turn under way of " + std::to_string(state.rolls_in_turn) + " rolls with " +
             std::to_string(state.streak) +
             " maximum rolls in a row cannot happen under these house rules");
    }
    if (state.turn_start < 0 || state.turn_start > home) {
        fail("the turn began on square " + std::to_string(state.turn_start) +
             ", which is not on the board");
    }
}

} // namespace detail

/// Applies `roll` to a copy of `state` (see apply_roll_in_place): the state is not changed.
/// Throws InvalidConfig for a finished state, a roll below 1, and a state the rules could not
/// have reached on this board (a square off the board, a seat due that does not exist or is
/// home, a finish order that does not match the tokens at home, a turn under way that the house
/// rules cannot produce), naming what is wrong.
template <class Config>
[[nodiscard]] RollResult apply_roll(const Board<Config>& board, const GameState& state, int roll) {
    if (state.finished) {
        detail::throw_invalid_config("apply_roll: the game in this state is over");
    }
    if (roll < 1) {
        detail::throw_invalid_config("apply_roll: a roll must be at least 1, got " +
                                     std::to_string(roll));
    }
    detail::check_state(board, state);
    RollResult result{state, {}};
    result.outcome = apply_roll_in_place(board, result.state, roll);
    return result;
}

/// The record of one whole turn from the outcomes of its rolls, in order (the last one's
/// `turn_over` set): `turn` is its number in the game, `names` the players by seat. This is how
/// Game writes its log's records; a program driving the turn model can keep the same records.
[[nodiscard]] inline TurnRecord turn_record(std::span<const RollOutcome> rolls, std::uint64_t turn,
                                            std::span<const std::string> names) {
    TurnRecord record;
    if (rolls.empty()) {
        return record;
    }
    const RollOutcome& first = rolls.front();
    const RollOutcome& last = rolls.back();
    record.turn = turn;
    record.seat = first.seat;
    record.player = names[first.seat];
    record.jumps = first.jumps;
    record.roll = first.roll;
    record.start = first.start;
    record.landed = first.landed;
    record.end = last.end;
    record.needed = first.needed;
    record.blocked = first.blocked;
    record.waiting = first.waiting;
    record.forfeited = last.forfeits;
    record.home = last.home;
    record.place = last.place;
    for (std::size_t i = 0; i < rolls.size(); ++i) {
        const RollOutcome& roll = rolls[i];
        if (i > 0) {
            ExtraRoll extra;
            extra.roll = roll.roll;
            extra.start = roll.start;
            // A forfeiting roll does not move the token: the record shows it where it stood.
            extra.landed = roll.forfeits ? roll.start : roll.landed;
            extra.end = roll.forfeits ? roll.start : roll.end;
            extra.jumps = roll.jumps;
            extra.needed = roll.needed;
            extra.blocked = roll.blocked;
            extra.forfeits = roll.forfeits;
            extra.waiting = roll.waiting;
            record.extra_rolls.push_back(std::move(extra));
        }
        for (const TokenKnock& knock : roll.knocked) {
            record.knocked_back.push_back({knock.seat, names[knock.seat], knock.from, i});
        }
    }
    return record;
}

/// One roll the dice can give, with its probability.
struct ChanceOutcome {
    int roll = 0;
    double probability = 0.0;
    friend constexpr bool operator==(const ChanceOutcome&, const ChanceOutcome&) = default;
};

/// Every roll the dice can give next at `state`, in increasing order, with its probability (from
/// the dice's face probabilities; rolls of probability 0 are left out), summing to 1: a chance
/// node. Empty when the game is over. Throws InvalidConfig as `face_probabilities` does for dice
/// too large to tabulate.
template <DiceWithOdds D>
[[nodiscard]] std::vector<ChanceOutcome> chance_outcomes(const D& dice, const GameState& state) {
    std::vector<ChanceOutcome> outcomes;
    if (state.finished) {
        return outcomes;
    }
    const std::span<const double> odds = dice.face_probabilities();
    for (std::size_t roll = 1; roll < odds.size(); ++roll) {
        if (odds[roll] > 0.0) {
            outcomes.push_back({static_cast<int>(roll), odds[roll]});
        }
    }
    return outcomes;
}

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
///   22` `after 30 turns, over; squares 100 57; home: seat 0`
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
        return out;
    }
};
