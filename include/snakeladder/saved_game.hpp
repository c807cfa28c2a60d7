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
// - `misses S...`: seat S was given a turn to miss, once per turn given.
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
// This header holds what a user names (save_game, load_game, SavedEngine, SavedGameLimits) and
// the writer; the reader's machinery is in detail/saved_game_reader.hpp.
#pragma once

#include "board.hpp"
#include "board_text.hpp"
#include "config.hpp"
#include "detail/saved_game_reader.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "game.hpp"
#include "game_result.hpp"
#include "house_rules.hpp"
#include "jump.hpp"
#include "random.hpp"
#include "rules.hpp"
#include "turn_record.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// The version of the document format that save_game writes and load_game reads.
inline constexpr int saved_game_version = 1;

/// How an engine's state is written into a saved game and read back: specialise it for an engine
/// of your own. A specialisation gives
/// - `name`: the word that names the engine in the document;
/// - `words`: how many 64-bit words its state takes;
/// - `save(engine)`: the state, as `std::array<std::uint64_t, words>`;
/// - `load(words)`: an engine in that state (from a span of exactly `words` words), or
///   InvalidConfig, saying why, for words that are no state of the engine.
template <class Engine>
struct SavedEngine; // engines without a specialisation cannot be saved

template <>
struct SavedEngine<Xoshiro256> {
    static constexpr std::string_view name = "Xoshiro256";
    static constexpr std::size_t words = 4;
    [[nodiscard]] static std::array<std::uint64_t, words> save(const Xoshiro256& engine) noexcept {
        return engine.state();
    }
    [[nodiscard]] static Xoshiro256 load(std::span<const std::uint64_t> state) {
        Xoshiro256::State saved{};
        std::copy_n(state.begin(), saved.size(), saved.begin());
        if (saved == Xoshiro256::State{}) {
            // The engine never reaches it (it would give only zeros): the text was edited.
            throw InvalidConfig("an all-zero state is not one a Xoshiro256 engine can be in");
        }
        return Xoshiro256(saved);
    }
};

template <>
struct SavedEngine<SplitMix64> {
    static constexpr std::string_view name = "SplitMix64";
    static constexpr std::size_t words = 1;
    [[nodiscard]] static std::array<std::uint64_t, words> save(const SplitMix64& engine) noexcept {
        return {engine.state()};
    }
    [[nodiscard]] static SplitMix64 load(std::span<const std::uint64_t> state) {
        return SplitMix64(state.front()); // the seed is the state
    }
};

/// An engine whose state a saved game can hold: one with a complete SavedEngine specialisation.
template <class Engine>
concept SavableEngine = requires(const Engine& engine, std::span<const std::uint64_t> state) {
    { SavedEngine<Engine>::name } -> std::convertible_to<std::string_view>;
    { SavedEngine<Engine>::words } -> std::convertible_to<std::size_t>;
    {
        SavedEngine<Engine>::save(engine)
        } -> std::same_as<std::array<std::uint64_t, SavedEngine<Engine>::words>>;
    { SavedEngine<Engine>::load(state) } -> std::same_as<Engine>;
};

/// Dice driven by an engine (FairDice, LoadedDice): a saved game holds the engine's state, so the
/// loaded game rolls on exactly as the saved one would have.
template <class D>
concept DiceWithSavedEngine = Dice<D> && requires(D& dice) {
    typename D::engine_type;
    { dice.engine() } -> std::same_as<typename D::engine_type&>;
};

/// Limits on what a document may ask the loader to build, for documents from untrusted sources.
/// Everything else a document makes the loader keep (players, turns, rolls, names) is written
/// out in the document itself, so it is bounded by the document's length; the board's size is
/// the one number that sizes memory on its own (a few tens of bytes a square once the game has
/// checked that home can be reached from every square).
struct SavedGameLimits {
    /// The largest board a document may hold; the default is the largest the library builds.
    Square max_board_size = GameConfig<>::max_size;
    /// The largest file `load_game_file` (files.hpp) reads.
    std::uintmax_t max_file_bytes = std::uintmax_t{1} << 30;
};

namespace detail {

template <class T>
inline constexpr bool is_game = false;
template <class D, class Config, class Mutex>
inline constexpr bool is_game<Game<D, Config, Mutex>> = true;

// Whether a saved game holds the state of these dice's engine (false for dice without one).
template <class D>
constexpr bool saves_engine() {
    if constexpr (DiceWithSavedEngine<D>) {
        return SavableEngine<typename D::engine_type>;
    } else {
        return false;
    }
}
template <class D>
inline constexpr bool can_be_saved = saves_engine<D>() || !DiceWithSavedEngine<D>;

// The dice given against the document's: the same range of rolls (house rules and the replay's
// roll checks depend on it), and the engine's saved state put into them.
template <class D>
void check_and_restore_dice(const SavedSettings& saved, D& dice) {
    const auto& at = saved.places;
    const auto low = static_cast<std::int64_t>(dice.min_roll());
    const auto high = static_cast<std::int64_t>(dice.max_roll());
    if (saved.min_roll != low || saved.max_roll != high) {
        const bool low_differs = saved.min_roll != low;
        fail_at(at[low_differs ? setting::min_roll : setting::max_roll],
                fmt::format("the game was saved with dice that roll {} to {}, but the dice given "
                            "roll {} to {}",
                            saved.min_roll, saved.max_roll, low, high));
    }
    const Place& engine_at = at[setting::engine];
    if constexpr (saves_engine<D>()) {
        using Engine = typename D::engine_type;
        using Saved = SavedEngine<Engine>;
        if (saved.engine_name != Saved::name) {
            fail_at(engine_at, saved.engine_name == "none"
                                   ? fmt::format("the document holds no engine state, but the "
                                                 "dice given are driven by a {} engine",
                                                 Saved::name)
                                   : fmt::format("the document holds the state of a {} engine, "
                                                 "but the dice given are driven by a {} engine",
                                                 shown(saved.engine_name), Saved::name));
        }
        if (saved.engine_words.size() != Saved::words) {
            const Place& place = saved.engine_words.size() > Saved::words
                                     ? saved.engine_word_places[Saved::words]
                                     : engine_at;
            fail_at(place, fmt::format("the state of a {} engine is {} word{}, but the document "
                                       "gives {}",
                                       Saved::name, Saved::words, Saved::words == 1 ? "" : "s",
                                       saved.engine_words.size()));
        }
        try {
            dice.engine() = Saved::load(std::span<const std::uint64_t>(saved.engine_words));
        } catch (const Error& error) {
            fail_at(saved.engine_word_places.front(), error.what());
        }
    } else {
        if (saved.engine_name != "none") {
            fail_at(engine_at, fmt::format("the document holds the state of a {} engine, but the "
                                           "dice given have no engine (expected 'engine none')",
                                           shown(saved.engine_name)));
        }
        if (!saved.engine_words.empty()) {
            fail_at(saved.engine_word_places.front(),
                    "'engine none' is followed by nothing, but the document gives a state");
        }
    }
}

// The lines a saved game begins with: the header, the rules and the settings of the game, up to
// the turn limit (the dice come next).
template <class Config>
void write_rules(std::string& out, const Config& config) {
    const HouseRuleSwitches house = switches_of(config.house_rules());
    auto sink = std::back_inserter(out);
    fmt::format_to(sink, "snakeladder saved game {}\n", saved_game_version);
    fmt::format_to(sink, "overshoot {}\nchains {}\n", Config::overshoot_rule::name,
                   Config::chain_rule::name);
    fmt::format_to(sink, "house_rules {}\n", quoted_name(config.house_rules().name()));
    fmt::format_to(sink, "forfeit_streak {}\nmax_roll_to_start {}\nknock_back {}\n",
                   house.forfeit_streak, house.max_roll_to_start, house.knock_back);
    fmt::format_to(sink, "min_players {}\nmax_players {}\nplay_to_last {}\n", config.min_players(),
                   config.max_players(), config.play_to_last());
    if (config.turn_limit() == std::numeric_limits<std::uint64_t>::max()) {
        out += "turn_limit none\n";
    } else {
        fmt::format_to(sink, "turn_limit {}\n", config.turn_limit());
    }
}

// The range of the dice's rolls and their engine's state, as `min_roll 1 max_roll 6 engine
// Xoshiro256 ...` (`separator` between them: a new line for a game's settings, a space for a
// decision game's `dice` line), without the final new line.
template <Dice D>
void write_dice(std::string& out, const D& dice, char separator) {
    auto sink = std::back_inserter(out);
    fmt::format_to(sink, "min_roll {}{}max_roll {}{}", dice.min_roll(), separator, dice.max_roll(),
                   separator);
    if constexpr (saves_engine<D>()) {
        using Saved = SavedEngine<typename D::engine_type>;
        fmt::format_to(sink, "engine {}", Saved::name);
        for (const std::uint64_t word : Saved::save(dice.engine())) {
            fmt::format_to(sink, " {}", word);
        }
    } else {
        out += "engine none";
    }
}

// The board section and the players.
template <class Config>
void write_board_and_players(std::string& out, const BasicBoard<Config>& board,
                             const std::vector<std::string>& names) {
    out += "board\n";
    out += to_text(board);
    out += "end board\n";
    for (std::size_t seat = 0; seat < names.size(); ++seat) {
        fmt::format_to(std::back_inserter(out), "player {} {}\n", seat, quoted_name(names[seat]));
    }
}

// A turn line, from the saved moves of its rolls.
inline void write_turn(std::string& out, std::uint64_t turn, std::size_t seat,
                       const std::vector<SavedMove>& moves) {
    fmt::format_to(std::back_inserter(out), "turn {} seat {}", turn, seat);
    for (const SavedMove& move : moves) {
        fmt::format_to(std::back_inserter(out), " | {}", to_text(move));
    }
    out += '\n';
}

} // namespace detail

/// The game as a text document (see the top of saved_game.hpp): its rules and settings, the
/// range of its dice and, for dice driven by an engine, the engine's state, the board, the
/// players and every turn with each roll and the squares it moved between. `load_game` reads it
/// back into an equal game.
///
/// Save a game while no turn is being played: the turns and the dice are read one after the
/// other, not under one lock.
template <Dice D, class Config, BasicLockable Mutex>
[[nodiscard]] std::string save_game(const Game<D, Config, Mutex>& game) {
    static_assert(detail::can_be_saved<D>,
                  "a saved game holds the state of the dice's engine: specialise "
                  "snakeladder::SavedEngine for this engine type (see saved_game.hpp)");
    const std::vector<TurnRecord> records = game.records();
    std::string out;
    detail::write_rules(out, game.config());
    detail::write_dice(out, game.dice(), '\n');
    out += '\n';
    detail::write_board_and_players(out, game.board(), game.players());
    for (const TurnRecord& record : records) {
        detail::write_turn(out, record.turn, record.seat, detail::saved_moves(record));
    }
    out += "end\n";
    return out;
}

namespace detail {

// load_game's work: `given` is the house rules passed to it, or null to build them.
template <class GameType>
[[nodiscard]] GameType
load_saved_game(std::string_view text, typename GameType::dice_type dice,
                const typename GameType::config_type::house_rule_policy* given,
                const SavedGameLimits& limits) {
    using Config = typename GameType::config_type;
    static_assert(can_be_saved<typename GameType::dice_type>,
                  "a saved game holds the state of the dice's engine: specialise "
                  "snakeladder::SavedEngine for this engine type (see saved_game.hpp)");

    TextLines lines(text);
    read_header(lines, saved_game_version);
    const SavedSettings saved = read_settings(
        lines, [](TextReader& /*line*/) { return false; }, false);
    const auto config = checked_config<Config>(saved, given);
    check_and_restore_dice(saved, dice);
    const std::size_t board_line = lines.number(); // named for errors of the board as a whole
    Board<Config> board = read_board(lines, config, limits.max_board_size);
    std::string_view line;
    std::vector<std::string> names = read_players(lines, line, config);

    GameType game = build_loaded_game(board_line, [&] {
        return GameType(std::move(board), std::move(dice), std::move(names), config.house_rules());
    });

    // The turns, each played back and compared with its line.
    read_turns<Config>(lines, line, false,
                       [&game](const SavedTurn& turn, std::size_t number, bool /*last*/) {
                           replay_saved_turn(game, turn, number);
                       });
    return game;
}

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
    return detail::load_saved_game<GameType>(text, std::move(dice), nullptr, limits);
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
    return detail::load_saved_game<GameType>(text, std::move(dice), &house_rules, limits);
}

} // namespace snakeladder
