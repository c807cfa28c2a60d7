// The turn model: what one roll does, in one place. A GameState is everything that decides what
// happens next; apply_roll applies one roll to it under a board's rules and its house rules and
// says what happened; chance_outcomes lists the rolls that can come next with their odds. The
// game, replays, undo and saved games ask this file what a roll does; search and learning code
// can drive a game through it without a Game object (the shape of OpenSpiel's State API).
#pragma once

#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../rules/game_state.hpp"
#include "../rules/house_rule.hpp"
#include "turn_record.hpp"

#include <algorithm>
#include <concepts>
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

namespace detail {

// The seat after `seat` in a rotation of `seats`, home or not: the one step of every rotation
// (the games' and the simulation's loops keep the seat in a register and call this).
template <std::unsigned_integral Seat>
constexpr Seat seat_after(Seat seat, Seat seats) noexcept {
    return seat + 1 == seats ? Seat{0} : static_cast<Seat>(seat + 1);
}

// The seat after `seat` in the rotation whose token is not home yet.
inline std::uint32_t next_seat_after(const GameState& state, std::uint32_t seat,
                                     Square home) noexcept {
    const auto count = static_cast<std::uint32_t>(state.squares.size());
    for (std::uint32_t step = 0; step < count; ++step) {
        seat = seat_after(seat, count);
        if (state.squares[seat] != home) {
            return seat;
        }
    }
    return seat;
}

// The end of a turn: the game may be over, or the next player not home yet is due. Under house
// rules (`skips`), a seat the rotation comes to with turns to miss misses one, which counts as a
// turn, and the rotation moves on; the seats passed over are added to `skipped`. It ends, since
// every seat passed over has one turn fewer to miss.
template <bool skips>
void end_turn(GameState& state, bool play_to_last, Square home,
              std::vector<std::uint32_t>* skipped = nullptr) {
    state.rolls_in_turn = 0;
    state.streak = 0;
    state.turn_start = 0; // only meaningful mid-turn: states between turns compare equal
    ++state.turns_played;
    const std::size_t left = state.squares.size() - state.finish_order.size();
    state.finished = left == 0 || (!state.finish_order.empty() && (!play_to_last || left == 1));
    if (left == 0) {
        return;
    }
    state.seat_due = next_seat_after(state, state.seat_due, home);
    if constexpr (skips) {
        while (!state.finished && state.turns_to_miss[state.seat_due] != 0) {
            --state.turns_to_miss[state.seat_due];
            ++state.turns_played;
            if (skipped != nullptr) {
                skipped->push_back(state.seat_due);
            }
            state.seat_due = next_seat_after(state, state.seat_due, home);
        }
    }
}

// House rules that cannot be played with these dice on this board, refused before a game or a
// simulation starts, by asking each rule's check_playable hook (a six to start the dice never
// roll or that overshoots home from square 0, extra turns when every roll is the maximum...).
// `rolls` are the distinct rolls that move a token differently, in increasing order (the rolls
// the overshoot rule declares alike are listed as the shortest of them: detail/board_rolls.hpp).
// With `scripted` dice (FiniteDice), only the checks of a rule against the board apply.
template <class Config, HouseRule Rules, Dice D, class Rolls>
void check_house_rules_playable(const BasicBoard<Config>& board, const Rules& house_rules,
                                const D& dice, const Rolls& rolls, bool scripted = false) {
    const std::vector<int> listed(std::begin(rolls), std::end(rolls));
    const PlayableCheck check{listed,
                              static_cast<int>(dice.max_roll()),
                              board.size(),
                              Config::overshoot_rule::name,
                              [&board](int roll) { return board.step_unchecked(0, roll).blocked; },
                              scripted,
                              alike_from<typename Config::overshoot_rule>(board.size())};
    rule_check_playable(house_rules, check);
}

} // namespace detail

/// Applies `roll` (at least 1) to `state` in place, under the board's rules (overshoot, chains,
/// play_to_last) and `house_rules` (none unless given), and says what it did. `state` must not be
/// finished and must have one square and one count of turns to miss per player, each square in
/// 0..size; nothing is checked (Game checks before it asks). May allocate: to list what a house
/// rule did, for a chain of more than three jumps, and to add to the finish order of a state that
/// was copied (a copy keeps only the room it needs). A house rule that throws (or breaks a rule of
/// Landing) leaves `state` partly changed: apply it to a copy (apply_roll does) when that matters.
///
/// The order of a roll: the starting roll, the forfeit, the overshoot rule, the jumps, the
/// rules' effects on the square reached, home, then another roll or the next player (passing
/// over the turns to be missed).
template <class Config, HouseRule Rules = NoHouseRules>
RollOutcome apply_roll_in_place(const BasicBoard<Config>& board, GameState& state, int roll,
                                const Rules& rules = Rules{}) {
    // Only house rules can give turns to miss: the standard game never looks for them.
    constexpr bool skips = !detail::rule_plays_plain<Rules>();
    const Square home = board.size();
    const bool to_last = board.config().play_to_last();
    const std::uint32_t seat = state.seat_due;
    const std::uint32_t streak = state.streak; // maximum rolls in a row before this one

    RollOutcome out;
    out.seat = seat;
    out.roll_in_turn = state.rolls_in_turn + 1;
    out.roll = roll;
    out.start = state.squares[seat];
    out.landed = out.start;
    out.end = out.start;
    // The rules see the state before the roll.
    const RollContext context{state, seat, out.start, roll, out.roll_in_turn, streak, home};
    int needed = 0;
    const bool waits = detail::rule_waits(rules, context, needed);
    const bool forfeits = !waits && detail::rule_forfeits(rules, context);
    if (state.rolls_in_turn == 0) {
        state.turn_start = out.start;
    }
    ++state.rolls_in_turn;

    // The starting roll: a rule may keep the token where it is, ending the turn.
    if (waits) {
        out.waiting = true;
        out.needed = static_cast<Square>(needed);
        detail::end_turn<skips>(state, to_last, home, &out.skipped);
        return out;
    }
    // The forfeit: the token goes back to where the turn began, and the turn is over.
    if (forfeits) {
        out.forfeits = true;
        state.squares[seat] = state.turn_start;
        out.end = state.turn_start;
        detail::end_turn<skips>(state, to_last, home, &out.skipped);
        return out;
    }
    // The overshoot rule, then the jumps: the board's part (a forfeited move takes no jump).
    const Move move = board.step_unchecked(out.start, roll);
    out.landed = move.landed;
    out.blocked = move.blocked;
    out.needed = move.blocked ? home - out.start : 0;
    out.jumps = move.jumps;
    out.end = move.end;
    state.squares[seat] = move.end;
    // The rules' effects on the square reached (knock-back, squares of the user's).
    Landing landing(state, out, home, streak);
    detail::rule_on_land(rules, landing);
    // Home. Turns to miss are dropped there (and kept in the outcome, for undo).
    if (state.squares[seat] == home) {
        if constexpr (skips) {
            out.misses_dropped = std::exchange(state.turns_to_miss[seat], 0);
        }
        state.finish_order.push_back(seat);
        out.home = true;
        out.place = static_cast<int>(state.finish_order.size());
    }
    // Another roll, if a rule grants one (never once home), or the next player.
    if (!out.home && detail::rule_rolls_again(rules, landing)) {
        state.streak = roll == state.max_roll ? streak + 1 : 0;
        out.turn_over = false;
        return out;
    }
    detail::end_turn<skips>(state, to_last, home, &out.skipped);
    return out;
}

namespace detail {

// The last steps of a roll of the standard game, once the mover's square holds where the move
// ended: home, then the next player. noexcept, for the game's fast paths: `state` must have room
// in its finish order for every player, as a state built by GameState({.players, .max_roll}) has (a
// copy has only the room it needs; Game copies only into states built so, or given that room
// first).
template <class Config>
void finish_plain_roll(const BasicBoard<Config>& board, GameState& state) noexcept {
    if (state.squares[state.seat_due] == board.size()) {
        state.finish_order.push_back(state.seat_due); // never allocates: see above
    }
    end_turn<false>(state, board.config().play_to_last(), board.size());
}

// A roll of the standard game, where no house rule can apply: what apply_roll_in_place does
// then, without building the outcome. The game's fast paths are this; returns the end square.
// Throws InvalidConfig before the state changes when the overshoot rule puts the token off the
// board (Board::land).
template <class Config>
Square apply_plain_roll(const BasicBoard<Config>& board, GameState& state, int roll) {
    Square& square = state.squares[state.seat_due];
    square = board.advance(square, roll);
    const Square end = square;
    finish_plain_roll(board, state);
    return end;
}

// A roll declined (a stay, in the decision variants): the turn ends with the token where it
// stood, as a roll that moved nothing, and no house rule acts on it (not even one that grants
// another roll); the rotation then passes over the turns to be missed, as after any turn.
template <class Config, HouseRule Rules>
RollOutcome stay_in_place(const BasicBoard<Config>& board, GameState& state, int roll,
                          const Rules& /*rules*/) {
    constexpr bool skips = !rule_plays_plain<Rules>();
    RollOutcome out;
    out.seat = state.seat_due;
    out.roll_in_turn = state.rolls_in_turn + 1;
    out.roll = roll;
    out.start = state.squares[state.seat_due];
    out.landed = out.start;
    out.end = out.start;
    end_turn<skips>(state, board.config().play_to_last(), board.size(), &out.skipped);
    return out;
}

// Takes back a turn, the outcomes of its rolls in order (at least one), from the state right
// after them: the state is as it was when the turn began (every turn begins between turns, with
// the player who played it due and the game not over). The turn may be whole or under way (its
// last roll's `turn_over` unset: a person deciding in the middle of it). Everything follows from
// the outcomes, taken back last first: the turns missed after it, the turns to miss it gave or
// dropped, the tokens it sent back, the mover's square and a homecoming. For a turn of the
// standard game, one outcome with `seat`, `start` and `home` set is enough.
inline void take_back_turn(GameState& state, std::span<const RollOutcome> rolls) noexcept {
    const RollOutcome& first = rolls.front();
    std::uint64_t turns = rolls.back().turn_over ? 1 : 0;
    for (std::size_t r = rolls.size(); r-- > 0;) {
        const RollOutcome& roll = rolls[r];
        for (const std::uint32_t seat : roll.skipped) {
            ++state.turns_to_miss[seat];
        }
        turns += roll.skipped.size();
        for (const TurnsToMiss& miss : roll.misses) {
            state.turns_to_miss[miss.seat] -= miss.turns;
        }
        if (roll.misses_dropped != 0) {
            state.turns_to_miss[roll.seat] += roll.misses_dropped;
        }
        for (std::size_t k = roll.knocked.size(); k-- > 0;) { // last move first
            state.squares[roll.knocked[k].seat] = roll.knocked[k].from;
        }
    }
    state.squares[first.seat] = first.start;
    if (rolls.back().home) {
        state.finish_order.pop_back();
    }
    state.seat_due = first.seat;
    state.finished = false;
    state.rolls_in_turn = 0;
    state.streak = 0;
    state.turn_start = 0;
    state.turns_played -= turns;
}

} // namespace detail

/// The state after a roll, and what the roll did: apply_roll's answer, where every roll is
/// applied (it may still be blocked, wait to start or forfeit the turn, as its outcome says).
/// (DecisionStep is its counterpart where players decide: a step may be a pick of dice or a roll
/// only seen, which did nothing yet, so its outcome is optional, and a stay is told apart.)
struct RollResult {
    GameState state;
    RollOutcome outcome;
};

namespace detail {

// Throws InvalidConfig, naming what is wrong, unless `state` is one the rules could have reached
// on `board` under `rules`: what apply_roll_in_place takes on trust.
template <class Config, HouseRule Rules>
void check_state(const BasicBoard<Config>& board, const GameState& state, const Rules& rules) {
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
    // The standard game never reads the turns to miss: a state built without them is fine.
    const bool plain = detail::rule_plays_plain<Rules>();
    if (state.turns_to_miss.size() != seats && !(plain && state.turns_to_miss.empty())) {
        fail("there are " + std::to_string(seats) + " seats but " +
             std::to_string(state.turns_to_miss.size()) + " counts of turns to miss");
    }
    for (std::size_t seat = 0; seat < state.turns_to_miss.size(); ++seat) {
        if (state.turns_to_miss[seat] != 0 && state.squares[seat] == home) {
            fail("seat " + std::to_string(seat) + " is home but has turns to miss");
        }
    }
    // Between turns the rotation has passed over every seat with turns to miss (end_turn); in a
    // turn under way, the mover's own roll may have given it some.
    if (state.rolls_in_turn == 0 && !state.turns_to_miss.empty() &&
        state.turns_to_miss[state.seat_due] != 0) {
        const std::uint32_t turns = state.turns_to_miss[state.seat_due];
        fail("seat " + std::to_string(state.seat_due) + " is due to begin a turn but has " +
             std::to_string(turns) + (turns == 1 ? " turn" : " turns") +
             " to miss: the rotation passes over a seat with turns to miss");
    }
    // A game not over: the first player home ends it unless play_to_last, and then the last but
    // one does (the state given is not finished: apply_roll refuses finished states first).
    const std::size_t left = seats - at_home;
    if (at_home > 0 && !board.config().play_to_last()) {
        fail(std::to_string(at_home) + (at_home == 1 ? " token is" : " tokens are") +
             " home but the game is not over, and it ends when the first player gets home "
             "(play_to_last is off)");
    }
    if (at_home > 0 && left < 2) {
        fail(std::to_string(at_home) + (at_home == 1 ? " token is" : " tokens are") +
             " home but the game is not over, and it ends when one player is left");
    }
    if (state.rolls_in_turn == 0
            ? state.streak != 0 || state.turn_start != 0
            : !detail::may_roll_again(rules) || state.streak > state.rolls_in_turn) {
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

/// Applies `roll` to a copy of `state` under the board's rules and `house_rules` (none unless
/// given; see apply_roll_in_place): the state is not changed.
/// Throws IllegalRoll (an InvalidConfig) for a finished state and a roll below 1, and
/// InvalidConfig for a state the rules could not have reached on this board, naming what is wrong:
/// a square off the board; a seat due that does not exist, is home, or begins a turn with turns to
/// miss (the rotation passes over such a seat); a finish order that does not match the tokens at
/// home; a token home in a game not over though play_to_last is off, or with one player left; turns
/// to miss for a seat at home; a turn under way under house rules that never grant another roll, or
/// with more maximum rolls in a row than rolls. What a state cannot tell is taken on trust: which
/// squares a token can rest on (a rule's move_to may leave one on a jump's start), how many turns a
/// rule could have given, the turns played, and the history of a turn under way (three sixes under
/// ExtraTurnOnMax<3> are accepted, and play on).
template <class Config, HouseRule Rules = NoHouseRules>
[[nodiscard]] RollResult apply_roll(const BasicBoard<Config>& board, const GameState& state,
                                    int roll, const Rules& house_rules = Rules{}) {
    if (state.finished) {
        throw IllegalRoll(roll, "apply_roll: the game in this state is over");
    }
    if (roll < 1) {
        throw IllegalRoll(roll,
                          "apply_roll: a roll must be at least 1, got " + std::to_string(roll));
    }
    detail::check_state(board, state, house_rules);
    RollResult result{state, {}};
    result.outcome = apply_roll_in_place(board, result.state, roll, house_rules);
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
            record.knocked_back.push_back({knock.seat, names[knock.seat], knock.from, i, knock.to});
        }
        for (const TurnsToMiss& miss : roll.misses) {
            record.turns_to_miss.push_back({miss.seat, names[miss.seat], i, miss.turns});
        }
    }
    std::uint64_t missed = turn;
    for (const std::uint32_t seat : last.skipped) {
        record.missed_after.push_back({++missed, seat, names[seat]});
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

} // namespace snakeladder
