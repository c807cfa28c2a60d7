// Saved games: a game written out as a text document a person can read, and read back into an
// equal game that continues identically with the same dice.
//
//     snakeladder saved game 1
//     overshoot ExactFinish
//     chains RejectChains
//     house_rules "ExtraTurnOnMax<3> + KnockBack"
//     forfeit_streak 3
//     max_roll_to_start false
//     knock_back true
//     min_players 2
//     max_players 8
//     play_to_last false
//     turn_limit none
//     min_roll 1
//     max_roll 6
//     engine Xoshiro256 11400714819323198485 3 9 27
//     board
//     size 100
//     ladder 4-14
//     snake 16-6
//     end board
//     player 0 "Ana"
//     player 1 "Ben"
//     turn 1 seat 0 | 3: 0 to 3
//     turn 2 seat 1 | 3: 0 to 3 sends 0
//     turn 3 seat 0 | 6: 0 to 6 | 6: 6 to 12 | 6: 12 forfeits to 0
//     turn 4 seat 1 | 1: 3 to 14
//     end
//
// The settings (any order, each once) come first, then the board in the board text format
// (board_text.hpp), the players by seat, one line per turn and `end`.
//
// House rules. `house_rules` names the game's rules, as their `name()` says (quoted like a
// player's name); `forfeit_streak`, `max_roll_to_start` and `knock_back` say which of the classic
// three (ExtraTurnOnMax, SixToStart, KnockBack) are among them. `house_rules` is optional when a
// document is read (documents written before it have none): without it, only the three switches
// and the turns themselves are checked against the game type's rules.
//
// Turns. A turn line gives the turn's number, the seat that played and every roll with the
// squares it moved between: `R: A to B` (moved: B is where the board put the token, jumps
// included), `R: A blocked` (the overshoot rule forfeited the move), `R: A waits` (a starting
// roll was needed), `R: A forfeits to B` (the turn is forfeited, the token back to B). Each is
// followed by what the house rules then did, in order:
// - `sends S...`: the tokens of seats S sent back to square 0 (KnockBack);
// - `sends S to T`: the token of seat S sent to square T (not 0);
// - `moves to T`: a rule moved the mover on to square T (where the next roll starts);
// - `misses S...`: seat S was given a turn to miss; `misses S for N`, N turns (a count: a rule
//   that gives a million turns writes one word more than a rule that gives one).
// The tokens moved come before the turns to miss. A turn missed takes a number but has no line:
// after `turn 5 seat 0 | 3: 17 to 20 misses 1` with two players, the next line is turn 7.
//
// Names are quoted, with `\"`, `\\` and `\xNN` escapes for every byte that is not printable
// ASCII, so any name round-trips.
//
// Loading needs the house rules' values: load_game<GameType>(text, dice) builds them by default
// (or, for ChosenHouseRules, from the document's three switches); rules that have no default
// (StartingRolls{1, 6}, MissTurnSquares{20, 45}, a rule of yours with values) are passed:
// load_game<GameType>(text, dice, house_rules), and the document must name the same rules.
//
// This header holds the calls a user names (save_game, load_game); SavedEngine, SavedGameLimits
// and the format's version are in saved_format.hpp, the writer's machinery in
// detail/saved_game_writer.hpp and the reader's in detail/saved_game_reader.hpp.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../base/random.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../game/game.hpp"
#include "../game/game_result.hpp"
#include "../rules/config.hpp"
#include "../rules/house_rules.hpp"
#include "../rules/rules.hpp"
#include "../turn/decisions.hpp"
#include "../turn/turn_record.hpp"
#include "board_text.hpp"
#include "detail/saved_game_reader.hpp"
#include "detail/saved_game_writer.hpp"
#include "saved_format.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// The game as a text document (see the top of saved_game.hpp): its rules and settings, the
/// range of its dice and, for dice driven by an engine, the engine's state, the board, the
/// players and every turn with each roll and the squares it moved between. `load_game` reads it
/// back into an equal game.
///
/// Save a game while no turn is being played: the turns and the dice are read one after the
/// other, not under one lock.
template <Dice D, class Config, BasicLockable Mutex>
[[nodiscard]] std::string save_game(const Game<D, Config, Mutex>& game) {
    return detail::write_saved_game(game);
}

namespace detail {

// The one reader, for both games: the header, the settings (with the decision lines, which
// `table` reads), the board, the players, the game built, and every turn line played back and
// compared with what it says. What differs between the games is `table`'s: a Game's (GameTable,
// its dice) or a DecisionGame's (saved_decision_game.hpp: its choices and seats). `given` is the
// house rules passed to load_game, or null to build them.
template <class GameType, class Table>
[[nodiscard]] GameType
load_saved_game(std::string_view text, Table table,
                const typename GameType::config_type::house_rule_policy* given,
                const SavedGameLimits& limits) {
    using Config = typename GameType::config_type;
    static_assert(can_be_saved<typename GameType::dice_type>,
                  "a saved game holds the state of the dice's engine: specialise "
                  "snakeladder::SavedEngine for this engine type (see saved_game.hpp)");

    TextLines lines(text);
    read_header(lines, saved_game_version);
    const SavedSettings saved = read_settings(
        lines, [&table](TextReader& line) { return read_choice_setting(line, table.choices_read); },
        [&table] { return has_decision_lines(table.choices_read); });
    const std::size_t board_line = lines.number(); // named for errors of the board as a whole
    const auto config = checked_config<Config>(saved, given);
    complete_choices(table.choices_read, saved, board_line);
    table.restore();
    Board<Config> board = read_board(lines, config, limits.max_board_size);
    std::string_view line;
    std::vector<std::size_t> name_lines;
    std::vector<std::string> names = read_players(lines, line, config, &name_lines);
    table.check_players(names, name_lines, lines.number());

    GameType game = build_loaded_game(board_line, [&] {
        return table.build(std::move(board), std::move(names), config.house_rules());
    });
    read_turns<Config>(lines, line, Table::decides,
                       [&](const SavedTurn& turn, std::size_t number, bool last) {
                           table.replay(game, turn, number, last);
                       });
    return game;
}

// What the reader needs of a Game: its dice, restored from the document's settings; every turn
// line played back through replay_turn.
template <class GameType>
struct GameTable {
    static constexpr bool decides = false;
    typename GameType::dice_type dice;
    SavedChoices choices_read{};

    void restore() {
        if (choices_read.dice.size() != 1) {
            fail_at(choices_read.dice_at.back(),
                    fmt::format("the game was saved with {} dice to choose from, and a Game "
                                "rolls one: load it as a DecisionGame",
                                choices_read.dice.size()));
        }
        if (*choices_read.may_stay) {
            fail_at(choices_read.may_stay_at, "the game was saved with may_stay true, and in a "
                                              "Game nobody stays: load it as a DecisionGame");
        }
        check_and_restore_dice(choices_read.dice.front(), dice);
    }
    static void check_players(const std::vector<std::string>& /*names*/,
                              const std::vector<std::size_t>& /*name_lines*/,
                              std::size_t /*line*/) {}
    GameType build(typename GameType::board_type board, std::vector<std::string> names,
                   const typename GameType::house_rule_policy& house_rules) {
        return GameType(std::move(board), std::move(dice), std::move(names), house_rules);
    }
    static void replay(GameType& game, const SavedTurn& turn, std::size_t number, bool /*last*/) {
        replay_saved_turn(game, turn, number);
    }
};

} // namespace detail

/// Reads a document written by save_game into a new game of type `GameType` (a Game), played
/// with `dice`, and returns it.
///
/// Everything is checked, and any document the loader refuses throws ParseError, with the line
/// and column of the first problem, so callers catch one type:
/// - text that does not follow the format: a wrong or missing header line, an unknown, missing
///   or repeated setting, a number out of range, a bad escape in a name, a truncated document,
///   anything after `end`; the board section's own errors point into the document too;
/// - settings that do not fit the game type: another overshoot or chain rule, other house rules
///   (`house_rules` names other rules, or the three switches differ), dice whose range of rolls
///   differs from the saved one, an engine of another kind; a board the rules refuse (`the
///   board is refused: ...`);
/// - turns that do not follow from the board and the rules: the message names the first bad
///   one (`turn 12: ...`), whether a square was changed, a roll is outside the dice's range, a
///   turn is out of rotation or comes after the game ended, the rolls do not make a turn, or
///   what the house rules did after a roll (tokens moved, turns to miss) is not what the line
///   says.
///
/// The house rules: this call builds them, so it takes rules that can be built without a value.
/// ChosenHouseRules is built from the document's forfeit_streak, max_roll_to_start and
/// knock_back, so one compiled type loads every combination of the classic three; any other
/// rules are default-built (NoHouseRules, ExtraTurnOnMax<N>, KnockBack, HouseRules<...> of such
/// rules, a rule of yours without values). Rules with values (StartingRolls{1, 6},
/// MissTurnSquares{20, 45}, HouseRules<...> holding one) are passed: see the overload below. The
/// document's `house_rules`, when it has one, must be the rules' `name()`.
///
/// The dice: the range of rolls must be the one saved. Dice driven by an engine
/// (DiceWithSavedEngine) get the saved engine state, so the game rolls on exactly as the saved
/// one would have. Dice without an engine (ScriptedDice) are used as given: pass them positioned
/// where the continued game should take its next roll.
///
/// The game is built afresh, so a document that is refused leaves nothing behind; `limits`
/// bounds what a document from an untrusted source can make the loader build.
template <class GameType>
[[nodiscard]] GameType load_game(std::string_view text, typename GameType::dice_type dice,
                                 const SavedGameLimits& limits = {}) {
    static_assert(detail::is_game<GameType>,
                  "load_game<GameType>(text, dice...): GameType must be a Game<...> (a "
                  "DecisionGame loads with load_game<GameType>(text, choices, seats...), from "
                  "saved_decision_game.hpp)");
    using House = typename GameType::config_type::house_rule_policy;
    static_assert(std::constructible_from<House, HouseRuleSwitches> ||
                      std::default_initializable<House>,
                  "load_game<GameType>(text, dice): these house rules cannot be built without "
                  "their values (StartingRolls{1, 6}, MissTurnSquares{20, 45}...): pass them, "
                  "load_game<GameType>(text, dice, house_rules)");
    return detail::load_saved_game<GameType>(text, detail::GameTable<GameType>{std::move(dice)},
                                             nullptr, limits);
}

/// As above, with the game's house rules given (the value its configuration holds, such as
/// `HouseRules<StartingRolls, KnockBack>(StartingRolls{1, 6}, {})`), for rules that cannot be
/// built without their values; any house rules may be given, ChosenHouseRules too (the document
/// must then have the same switches). The document's `house_rules`, when it has one, must be
/// `house_rules.name()`, and its three switches must be those of the rules given. (To pass
/// limits alone to the overload above, name their type: `SavedGameLimits{}`, not `{}`.)
template <class GameType>
[[nodiscard]] GameType
load_game(std::string_view text, typename GameType::dice_type dice,
          const typename GameType::config_type::house_rule_policy& house_rules,
          const SavedGameLimits& limits = {}) {
    static_assert(detail::is_game<GameType>,
                  "load_game<GameType>(text, dice...): GameType must be a Game<...> (a "
                  "DecisionGame loads with load_game<GameType>(text, choices, seats...), from "
                  "saved_decision_game.hpp)");
    return detail::load_saved_game<GameType>(text, detail::GameTable<GameType>{std::move(dice)},
                                             &house_rules, limits);
}

} // namespace snakeladder
