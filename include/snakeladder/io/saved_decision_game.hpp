// Saved games of games where players decide (DecisionGame): the document of saved_game.hpp, with
// a `may_stay` setting, the dice to choose from each under a `dice I` line that its min_roll,
// max_roll and engine follow, and turn lines that show each pick of dice and each stay:
//
//     snakeladder saved game 1
//     overshoot ExactFinish
//     ...                        (the settings of saved_game.hpp, up to turn_limit)
//     may_stay true
//     dice 0
//     min_roll 1
//     max_roll 6
//     engine Xoshiro256 11400714819323198485 3 9 27
//     dice 1
//     min_roll 2
//     max_roll 12
//     engine Xoshiro256 5 8 13 21
//     board
//     size 10
//     ladder 3-8
//     snake 6-1
//     end board
//     player 0 "Ana"
//     player 1 "Cpu"
//     turn 1 seat 0 | 3 dice 1: 0 to 8
//     turn 2 seat 1 | 6 dice 0: 0 stays
//     turn 3 seat 0 | 5 dice 1: 8 seen
//     end
//
// `R dice K: ...` is a roll of the dice the player picked (numbered from 0, as in Choices); with
// one dice there is nothing to pick and no `dice K`. `A stays`: the player saw the roll and
// stayed on A. `A seen`: the game was saved while the player due had seen the roll and not yet
// decided. The last turn line may be a turn under way: one whose rolls do not end it (a player
// deciding after a roll that grants another) or that ends with `seen`; every other turn line
// is a whole turn.
//
// Who decides for each seat is not saved: the loader takes the seats (persons and computer
// players), whose names must be the document's, and the choices, whose dice must roll what the
// `dice` lines say; dice driven by an engine get the engine's saved state.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../game/decision_game.hpp"
#include "../turn/decisions.hpp"
#include "../turn/turn_record.hpp"
#include "saved_game.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

namespace detail {

template <class T>
inline constexpr bool is_decision_game = false;
template <class D, class Config, class Mutex>
inline constexpr bool is_decision_game<DecisionGame<D, Config, Mutex>> = true;

// The choices given against the document's: as many dice, each with its range of rolls (and its
// engine's saved state put into it), and the same may_stay. `board_line` is where the settings
// end, for what is missing.
template <Dice D>
void check_and_restore_choices(const SavedChoices& saved, Choices<D>& choices) {
    if (saved.dice.size() != choices.dice.size()) {
        fail_at(saved.dice_at.back(), fmt::format("the game was saved with {} dice to choose "
                                                  "from, but the choices given have {}",
                                                  saved.dice.size(), choices.dice.size()));
    }
    if (*saved.may_stay != choices.may_stay) {
        fail_at(saved.may_stay_at, fmt::format("the game was saved with may_stay {}, but the "
                                               "choices given have may_stay {}",
                                               *saved.may_stay, choices.may_stay));
    }
    for (std::size_t i = 0; i < saved.dice.size(); ++i) {
        check_and_restore_dice(saved.dice[i], choices.dice[i]);
    }
}

// Plays a turn line back on a decision game, step by step (the pick, the roll, the move or the
// stay), and checks that it did what the line says. Only the last line (`last`) may leave the
// turn under way.
template <class GameType>
void replay_decision_turn(GameType& game, const SavedTurn& turn, std::size_t line_number,
                          bool last) {
    check_turn_line(game, turn, line_number);
    const std::uint64_t number = game.turns() + 1;
    const auto fail = [&](std::size_t column, const std::string& what) {
        throw ParseError(line_number, column, fmt::format("turn {}: {}", number, what));
    };
    std::optional<TurnRecord> record;
    for (std::size_t i = 0; i < turn.moves.size(); ++i) {
        const SavedMove& move = turn.moves[i];
        if (record) {
            fail(move.column, fmt::format("the turn was over after {} of the {} rolls the line "
                                          "gives",
                                          i, turn.moves.size()));
        }
        if (i > 0 && turn.moves[i - 1].kind == SavedMove::Kind::seen) {
            fail(move.column, "a roll 'seen' and not yet decided is the last roll of its line");
        }
        try {
            const bool picks = game.state().point == DecisionPoint::choose_dice;
            if (picks && !move.dice) {
                fail(move.column, "the player picks the dice first: expected 'ROLL dice K: ...'");
            }
            if (!picks && move.dice) {
                fail(move.column, "there is one dice and nothing to pick: a roll names no dice");
            }
            if (picks) {
                (void)game.apply_action(Action::roll_with(static_cast<std::uint32_t>(*move.dice)));
            }
            record = game.apply_chance(static_cast<int>(move.roll));
            if (!record && game.state().point == DecisionPoint::move_or_stay &&
                move.kind != SavedMove::Kind::seen) {
                record = game.apply_action(move.kind == SavedMove::Kind::stays ? Action::stay()
                                                                               : Action::move());
            }
        } catch (const ParseError&) {
            throw;
        } catch (const Error& error) {
            fail(move.column, error.what());
        }
    }
    check_turn_moves(turn, record ? saved_moves(*record) : moves_under_way(game), number,
                     line_number);
    if (!record && !last) {
        fail(turn.turn_column, "the turn is not over after its rolls: only the last turn line "
                               "may be a turn under way");
    }
}

// What the reader (load_saved_game) needs of a DecisionGame: the decision lines of its settings,
// the choices given checked against them and restored, the seats' names checked against the
// players', and every turn line played back step by step (the last may be a turn under way).
template <class GameType>
struct DecisionTable {
    static constexpr bool decides = true;
    Choices<typename GameType::dice_type> choices;
    std::vector<Seat> seats;
    SavedChoices choices_read{};

    void restore() { check_and_restore_choices(choices_read, choices); }
    void check_players(const std::vector<std::string>& names,
                       const std::vector<std::size_t>& name_lines, std::size_t line) const {
        if (names.size() != seats.size()) {
            throw ParseError(line, 1,
                             fmt::format("the game was saved with {} players, but {} {} given",
                                         names.size(), seats.size(),
                                         seats.size() == 1 ? "seat is" : "seats are"));
        }
        for (std::size_t seat = 0; seat < names.size(); ++seat) {
            if (seats[seat].name != names[seat]) {
                throw ParseError(name_lines[seat], 1,
                                 fmt::format("player {} is {} in the document, but the seat "
                                             "given is {}",
                                             seat, shown_name(names[seat]),
                                             shown_name(seats[seat].name)));
            }
        }
    }
    GameType build(typename GameType::board_type board, const std::vector<std::string>& /*names*/,
                   const typename GameType::house_rule_policy& house_rules) {
        return GameType(std::move(board), std::move(choices), std::move(seats), house_rules);
    }
    static void replay(GameType& game, const SavedTurn& turn, std::size_t number, bool last) {
        replay_decision_turn(game, turn, number, last);
    }
};

} // namespace detail

/// A game where players decide as a text document (see the top of saved_decision_game.hpp): its
/// rules and settings, may_stay and each dice to choose from (its range of rolls and, for dice
/// driven by an engine, the engine's state), the board, the players, every turn with each pick,
/// roll and stay, and the turn under way. `load_game` reads it back into an equal game. Save a
/// game while no call is playing it. Throws InvalidConfig for a game whose dice are picked and
/// about to roll (which only apply_action leaves).
template <Dice D, class Config, BasicLockable Mutex>
[[nodiscard]] std::string save_game(const DecisionGame<D, Config, Mutex>& game) {
    const DecisionState state = game.state();
    if (state.point == DecisionPoint::roll && game.choices().dice.size() > 1) {
        // Only apply_action leaves a game here: every other call rolls right after a pick.
        detail::throw_invalid_config(fmt::format(
            "save_game: dice {} are picked and about to roll, and a saved game keeps a pick "
            "with its roll: save after apply_chance",
            state.dice));
    }
    return detail::write_saved_game(game);
}

/// Reads a document written by save_game from a DecisionGame into a new game of type
/// `GameType` (a DecisionGame), with `choices` and `seats`, and returns it. The choices must
/// have the document's number of dice, each with the saved range of rolls, and its may_stay;
/// dice driven by an engine get the saved state, so the game rolls on exactly as the saved one
/// would have. The seats (persons and computer players: who decides is not saved) must have the
/// document's names, in order.
///
/// Everything is checked as load_game for a Game checks it, and any document refused throws
/// ParseError with the line and column of the first problem; every turn is played back step by
/// step and must do what its line says (`turn 5: ...`). The house rules are built as that
/// load_game builds them; the overload below takes them.
template <class GameType>
requires detail::is_decision_game<GameType>
[[nodiscard]] GameType load_game(std::string_view text,
                                 Choices<typename GameType::dice_type> choices,
                                 std::vector<Seat> seats, const SavedGameLimits& limits = {}) {
    using House = typename GameType::config_type::house_rule_policy;
    static_assert(std::constructible_from<House, HouseRuleSwitches> ||
                      std::default_initializable<House>,
                  "load_game<GameType>(text, choices, seats): these house rules cannot be built "
                  "without their values (StartingRolls{1, 6}, MissTurnSquares{20, 45}...): pass "
                  "them, load_game<GameType>(text, choices, seats, house_rules)");
    return detail::load_saved_game<GameType>(
        text, detail::DecisionTable<GameType>{std::move(choices), std::move(seats)}, nullptr,
        limits);
}

/// As above, with the game's house rules given.
template <class GameType>
requires detail::is_decision_game<GameType>
[[nodiscard]] GameType
load_game(std::string_view text, Choices<typename GameType::dice_type> choices,
          std::vector<Seat> seats,
          const typename GameType::config_type::house_rule_policy& house_rules,
          const SavedGameLimits& limits = {}) {
    return detail::load_saved_game<GameType>(
        text, detail::DecisionTable<GameType>{std::move(choices), std::move(seats)}, &house_rules,
        limits);
}

} // namespace snakeladder
