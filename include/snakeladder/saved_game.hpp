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
#pragma once

#include "board.hpp"
#include "board_text.hpp"
#include "config.hpp"
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
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
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

// A name as a saved game writes it: in double quotes, printable ASCII as it is, every other
// byte (and the quote and backslash) escaped, so that any bytes at all come back unchanged.
inline std::string quoted_name(std::string_view name, std::size_t longest = std::string::npos) {
    constexpr std::string_view hex = "0123456789abcdef";
    std::string out = "\"";
    std::size_t written = 0;
    for (const char c : name) {
        if (written++ == longest) {
            out += "...";
            break;
        }
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            out += "\\x";
            out += hex[byte >> 4U];
            out += hex[byte & 0xfU];
        }
    }
    out += '"';
    return out;
}

// A name as an error message shows it: quoted and escaped like the document, and cut short, so
// that a message stays one printable line of reasonable length whatever the name holds.
inline std::string shown_name(std::string_view name) {
    constexpr std::size_t longest = 32;
    return quoted_name(name, longest);
}

// What a house rule did after a roll, as a saved game writes it.
struct SavedEffect {
    enum class Kind { sends, moves, misses };
    Kind kind = Kind::sends;
    std::uint64_t seat = 0; // `sends`, `misses`: the seat (unused for `moves`: the mover's)
    Square to = 0;          // `sends`, `moves`: the square the token was moved to
};

// One roll of a turn as a saved game writes it. `stays`, `seen` and `dice` are for games where
// players decide (saved_decision_game.hpp): the player declined the roll; the player had seen the
// roll and not yet decided when the game was saved; the dice picked for the roll.
struct SavedMove {
    enum class Kind { moves, blocked, waits, forfeits, stays, seen };
    std::int64_t roll = 0;
    std::optional<std::uint64_t> dice;
    Square start = 0;
    Kind kind = Kind::moves;
    Square end = 0; // for `moves`: where the board put the token; `forfeits`: where it goes back
    std::vector<SavedEffect> effects; // in order: the tokens moved, then the turns to miss
    std::size_t column = 0;           // where it starts on its line, when read
};

// The canonical text of a roll: consecutive seats sent to square 0 share one `sends`, and
// consecutive turns to miss one `misses`; a token sent elsewhere has a `sends S to T` of its own.
inline std::string to_text(const SavedMove& move) {
    std::string text = std::to_string(move.roll);
    if (move.dice) {
        text += fmt::format(" dice {}", *move.dice);
    }
    switch (move.kind) {
    case SavedMove::Kind::moves:
        text += fmt::format(": {} to {}", move.start, move.end);
        break;
    case SavedMove::Kind::blocked:
        text += fmt::format(": {} blocked", move.start);
        break;
    case SavedMove::Kind::waits:
        text += fmt::format(": {} waits", move.start);
        break;
    case SavedMove::Kind::forfeits:
        text += fmt::format(": {} forfeits to {}", move.start, move.end);
        break;
    case SavedMove::Kind::stays:
        text += fmt::format(": {} stays", move.start);
        break;
    case SavedMove::Kind::seen:
        text += fmt::format(": {} seen", move.start);
        break;
    }
    const SavedEffect* previous = nullptr;
    for (const SavedEffect& effect : move.effects) {
        switch (effect.kind) {
        case SavedEffect::Kind::sends:
            if (effect.to != 0) {
                text += fmt::format(" sends {} to {}", effect.seat, effect.to);
            } else if (previous != nullptr && previous->kind == SavedEffect::Kind::sends &&
                       previous->to == 0) {
                text += fmt::format(" {}", effect.seat);
            } else {
                text += fmt::format(" sends {}", effect.seat);
            }
            break;
        case SavedEffect::Kind::moves:
            text += fmt::format(" moves to {}", effect.to);
            break;
        case SavedEffect::Kind::misses:
            if (previous != nullptr && previous->kind == SavedEffect::Kind::misses) {
                text += fmt::format(" {}", effect.seat);
            } else {
                text += fmt::format(" misses {}", effect.seat);
            }
            break;
        }
        previous = &effect;
    }
    return text;
}

// The rolls of a played turn, in the words of a saved game.
inline std::vector<SavedMove> saved_moves(const TurnRecord& record) {
    std::vector<SavedMove> moves;
    moves.reserve(1 + record.extra_rolls.size());
    SavedMove first;
    first.roll = record.roll;
    first.start = record.start;
    first.dice = record.dice;
    if (record.stayed) {
        first.kind = SavedMove::Kind::stays;
        first.end = record.start;
    } else if (record.waiting) {
        first.kind = SavedMove::Kind::waits;
        first.end = record.start;
    } else if (record.forfeited && record.extra_rolls.empty()) {
        // A rule of the user's may forfeit a turn on its first roll.
        first.kind = SavedMove::Kind::forfeits;
        first.end = record.end;
    } else if (record.blocked) {
        first.kind = SavedMove::Kind::blocked;
        first.end = record.start;
    } else {
        first.end = record.extra_rolls.empty() ? record.end : record.extra_rolls.front().start;
    }
    moves.push_back(std::move(first));
    for (const ExtraRoll& extra : record.extra_rolls) {
        SavedMove move;
        move.roll = extra.roll;
        move.start = extra.start;
        move.end = extra.end;
        move.dice = extra.dice;
        if (extra.stayed) {
            move.kind = SavedMove::Kind::stays;
        } else if (extra.forfeits) {
            move.kind = SavedMove::Kind::forfeits;
            move.end = record.end;
        } else if (extra.blocked) {
            move.kind = SavedMove::Kind::blocked;
        } else if (extra.waiting) {
            move.kind = SavedMove::Kind::waits;
        }
        moves.push_back(std::move(move));
    }
    // Where the board put the mover, when a rule then moved it on: the first such move's start.
    std::vector<bool> moved(moves.size(), false);
    for (const KnockedBack& knocked : record.knocked_back) {
        if (knocked.by_roll >= moves.size()) {
            continue;
        }
        SavedMove& move = moves[knocked.by_roll];
        if (knocked.seat == record.seat) {
            if (!moved[knocked.by_roll] && move.kind == SavedMove::Kind::moves) {
                move.end = knocked.from;
            }
            moved[knocked.by_roll] = true;
            move.effects.push_back({SavedEffect::Kind::moves, 0, knocked.to});
        } else {
            move.effects.push_back({SavedEffect::Kind::sends, knocked.seat, knocked.to});
        }
    }
    for (const TurnToMiss& miss : record.turns_to_miss) {
        if (miss.by_roll < moves.size()) {
            moves[miss.by_roll].effects.push_back({SavedEffect::Kind::misses, miss.seat, 0});
        }
    }
    return moves;
}

// The lines of a document, one at a time, numbered from 1. A final newline ends the last line;
// it does not start another.
class SavedGameLines {
public:
    explicit SavedGameLines(std::string_view text) : text_(text) {}

    // The next line, without its '\n' or a '\r' before it; false at the end of the text.
    bool next(std::string_view& line) {
        if (at_ >= text_.size()) {
            return false;
        }
        std::size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) {
            end = text_.size();
        }
        line = text_.substr(at_, end - at_);
        last_length_ = line.size();
        at_ = end + 1;
        ++number_;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        return true;
    }

    // The number of the line next() gave last.
    [[nodiscard]] std::size_t number() const noexcept { return number_; }
    // Where the text after that line begins (past the end of the text after its last line).
    [[nodiscard]] std::size_t offset() const noexcept { return std::min(at_, text_.size()); }
    [[nodiscard]] std::string_view text() const noexcept { return text_; }

    // The document stops where more was due: the error points just past its last byte.
    [[noreturn]] void fail_at_end(const std::string& what) const {
        if (text_.empty() || text_.back() == '\n') {
            throw ParseError(number_ + 1, 1, what);
        }
        throw ParseError(number_, last_length_ + 1, what);
    }

private:
    std::string_view text_;
    std::size_t at_ = 0;
    std::size_t number_ = 0;
    std::size_t last_length_ = 0;
};

// Reads one line of a document, keeping the 1-based column of what it looks at.
class SavedGameLine {
public:
    SavedGameLine(std::string_view line, std::size_t number) : line_(line), number_(number) {}

    [[nodiscard]] std::size_t number() const noexcept { return number_; }
    [[nodiscard]] std::size_t column() const noexcept { return at_ + 1; }
    [[nodiscard]] std::size_t end_column() const noexcept { return line_.size() + 1; }

    void skip_blanks() noexcept {
        while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t')) {
            ++at_;
        }
    }
    [[nodiscard]] bool done() noexcept {
        skip_blanks();
        return at_ == line_.size();
    }
    // Whether the next thing on the line is `c` (after blanks); not consumed.
    [[nodiscard]] bool at(char c) noexcept {
        skip_blanks();
        return at_ < line_.size() && line_[at_] == c;
    }

    [[noreturn]] void fail(std::size_t column, const std::string& what) const {
        throw ParseError(number_, column, what);
    }

    // Whether the next thing on the line (after blanks) is a digit; not consumed.
    [[nodiscard]] bool at_digit() noexcept {
        skip_blanks();
        return at_ < line_.size() && line_[at_] >= '0' && line_[at_] <= '9';
    }
    // Reads the word `expected` if it comes next; otherwise reads nothing and returns false.
    bool accept_word(std::string_view expected) noexcept {
        skip_blanks();
        const std::size_t begin = at_;
        if (word() == expected) {
            return true;
        }
        at_ = begin;
        return false;
    }

    // A word of letters, digits and underscores; empty when there is none.
    std::string_view word() noexcept {
        skip_blanks();
        const std::size_t begin = at_;
        while (at_ < line_.size() && is_word_char(line_[at_])) {
            ++at_;
        }
        return line_.substr(begin, at_ - begin);
    }

    void expect_word(std::string_view expected) {
        skip_blanks();
        const std::size_t begin = column();
        if (word() != expected) {
            at_ = begin - 1;
            fail(begin, fmt::format("expected '{}', found {}", expected, found()));
        }
    }

    void expect(char c, std::string_view what) {
        skip_blanks();
        if (at_ >= line_.size() || line_[at_] != c) {
            fail(column(), fmt::format("expected {}, found {}", what, found()));
        }
        ++at_;
    }

    void expect_end(std::string_view after) {
        if (!done()) {
            fail(column(), fmt::format("unexpected {} after {}", found(), after));
        }
    }

    // A whole number in 0..largest: digits only, no sign.
    std::uint64_t number(std::uint64_t largest, std::string_view what) {
        skip_blanks();
        const std::size_t begin = at_;
        std::uint64_t value = 0;
        while (at_ < line_.size() && line_[at_] >= '0' && line_[at_] <= '9') {
            const auto digit = static_cast<std::uint64_t>(line_[at_] - '0');
            if (digit > largest || value > (largest - digit) / 10) {
                fail(begin + 1,
                     fmt::format("{} is too large: it can be at most {}", what, largest));
            }
            value = value * 10 + digit;
            ++at_;
        }
        if (at_ == begin) {
            fail(column(), fmt::format("expected {} (a whole number), found {}", what, found()));
        }
        return value;
    }

    bool boolean(std::string_view what) {
        const std::size_t begin = (skip_blanks(), column());
        const std::string_view value = word();
        if (value == "true") {
            return true;
        }
        if (value == "false") {
            return false;
        }
        at_ = begin - 1;
        fail(begin, fmt::format("expected 'true' or 'false' for {}, found {}", what, found()));
    }

    // A name in double quotes, with the escapes quoted_name() writes.
    std::string quoted(std::string_view what) {
        skip_blanks();
        const std::size_t open = column();
        expect('"', fmt::format("{} in double quotes", what));
        std::string value;
        for (;;) {
            if (at_ >= line_.size()) {
                fail(open, fmt::format("{} has no closing '\"' before the end of the line", what));
            }
            const char c = line_[at_];
            const auto byte = static_cast<unsigned char>(c);
            if (c == '"') {
                ++at_;
                return value;
            }
            if (c == '\\') {
                value += escape(what);
                continue;
            }
            if (byte < 0x20 || byte == 0x7f) {
                fail(column(), fmt::format("byte 0x{:02x} cannot stand as it is in {}: write it "
                                           "as \\x{:02x}",
                                           byte, what, byte));
            }
            value += c;
            ++at_;
        }
    }

    // What the line holds from here, quoted and printable, for an error message.
    [[nodiscard]] std::string found() const {
        if (at_ >= line_.size()) {
            return "the end of the line";
        }
        constexpr std::size_t longest = 20;
        std::size_t end = at_;
        while (end < line_.size() && line_[end] != ' ' && line_[end] != '\t' &&
               end - at_ < longest) {
            ++end;
        }
        std::string text(line_.substr(at_, end - at_));
        for (char& c : text) {
            const auto byte = static_cast<unsigned char>(c);
            if (byte < 0x20 || byte >= 0x7f) {
                c = '?'; // keep the message printable whatever the document holds
            }
        }
        return "'" + text + "'";
    }

private:
    static bool is_word_char(char c) noexcept {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    }
    static int hex_digit(char c) noexcept {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    // The escape at the backslash under the cursor.
    char escape(std::string_view what) {
        const std::size_t backslash = column();
        ++at_;
        if (at_ < line_.size() && (line_[at_] == '"' || line_[at_] == '\\')) {
            return line_[at_++];
        }
        if (at_ < line_.size() && line_[at_] == 'x') {
            const int high = at_ + 1 < line_.size() ? hex_digit(line_[at_ + 1]) : -1;
            const int low = at_ + 2 < line_.size() ? hex_digit(line_[at_ + 2]) : -1;
            if (high < 0 || low < 0) {
                fail(backslash, fmt::format("\\x in {} must be followed by two hexadecimal "
                                            "digits",
                                            what));
            }
            at_ += 3;
            return static_cast<char>(high * 16 + low);
        }
        fail(backslash, fmt::format(R"(unknown escape in {}: write \", \\ or \xNN)", what));
    }

    std::string_view line_;
    std::size_t number_;
    std::size_t at_ = 0;
};

// Where a value was read, for the errors found when it is checked.
struct Place {
    std::size_t line = 0;
    std::size_t column = 0;
};

[[noreturn]] inline void fail_at(const Place& place, const std::string& what) {
    throw ParseError(place.line, place.column, what);
}

// The settings at the top of a document: every key once, in any order.
namespace setting {
enum Key : std::size_t {
    overshoot,
    chains,
    house_rules,
    forfeit_streak,
    max_roll_to_start,
    knock_back,
    min_players,
    max_players,
    play_to_last,
    turn_limit,
    min_roll,
    max_roll,
    engine,
    key_count
};
inline constexpr std::array<std::string_view, key_count> names = {
    "overshoot",  "chains",      "house_rules", "forfeit_streak", "max_roll_to_start",
    "knock_back", "min_players", "max_players", "play_to_last",   "turn_limit",
    "min_roll",   "max_roll",    "engine"};
// The settings a document may leave out: `house_rules`, which documents written before it was
// added do not have.
[[nodiscard]] constexpr bool optional(std::size_t key) noexcept {
    return key == house_rules;
}
} // namespace setting

struct SavedSettings {
    std::string_view overshoot_name;
    std::string_view chains_name;
    std::string house_rules_name; // when the document has `house_rules`
    HouseRuleSwitches house;
    GameSettings settings;
    std::int64_t min_roll = 0;
    std::int64_t max_roll = 0;
    std::string_view engine_name; // "none" for dice without an engine
    std::vector<std::uint64_t> engine_words;
    std::vector<Place> engine_word_places;
    std::array<Place, setting::key_count>
        places{}; // of each value; line 0 while the key is missing
};

inline void read_setting(SavedGameLine& line, SavedSettings& saved) {
    line.skip_blanks();
    const std::size_t key_column = line.column();
    const std::string_view key = line.word();
    const auto found = std::find(setting::names.begin(), setting::names.end(), key);
    if (key.empty() || found == setting::names.end()) {
        line.fail(key_column,
                  key.empty() ? fmt::format("expected a setting or 'board', found {}", line.found())
                              : fmt::format("unknown setting '{}'", BoardTextReader::shown(key)));
    }
    const auto index = static_cast<std::size_t>(found - setting::names.begin());
    Place& place = saved.places[index];
    if (place.line != 0) {
        line.fail(key_column, fmt::format("the setting '{}' is given twice (first on line {})", key,
                                          place.line));
    }
    line.skip_blanks();
    place = {line.number(), line.column()};
    const std::string what = fmt::format("the value of '{}'", key);
    constexpr auto int_max = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
    switch (static_cast<setting::Key>(index)) {
    case setting::overshoot:
    case setting::chains: {
        const std::string_view name = line.word();
        if (name.empty()) {
            line.fail(place.column, fmt::format("expected the name of a rule for '{}', found {}",
                                                key, line.found()));
        }
        (index == setting::overshoot ? saved.overshoot_name : saved.chains_name) = name;
        break;
    }
    case setting::house_rules:
        saved.house_rules_name = line.quoted("the house rules' name");
        break;
    case setting::forfeit_streak:
        saved.house.forfeit_streak = static_cast<int>(line.number(int_max, what));
        break;
    case setting::max_roll_to_start:
        saved.house.max_roll_to_start = line.boolean(what);
        break;
    case setting::knock_back:
        saved.house.knock_back = line.boolean(what);
        break;
    case setting::min_players:
        saved.settings.min_players = static_cast<int>(line.number(int_max, what));
        break;
    case setting::max_players:
        saved.settings.max_players = static_cast<int>(line.number(int_max, what));
        break;
    case setting::play_to_last:
        saved.settings.play_to_last = line.boolean(what);
        break;
    case setting::turn_limit:
        if (line.at('n')) {
            line.expect_word("none");
            saved.settings.turn_limit = std::numeric_limits<std::uint64_t>::max();
        } else {
            saved.settings.turn_limit =
                line.number(std::numeric_limits<std::uint64_t>::max(), what);
        }
        break;
    case setting::min_roll:
        saved.min_roll = static_cast<std::int64_t>(line.number(int_max, what));
        break;
    case setting::max_roll:
        saved.max_roll = static_cast<std::int64_t>(line.number(int_max, what));
        break;
    case setting::engine:
        saved.engine_name = line.word();
        if (saved.engine_name.empty()) {
            line.fail(place.column, fmt::format("expected the name of the dice's engine, or "
                                                "'none', found {}",
                                                line.found()));
        }
        while (!line.done()) {
            line.skip_blanks();
            saved.engine_word_places.push_back({line.number(), line.column()});
            saved.engine_words.push_back(line.number(std::numeric_limits<std::uint64_t>::max(),
                                                     "a word of the engine's state"));
        }
        break;
    case setting::key_count:
        break;
    }
    line.expect_end(fmt::format("the value of '{}'", key));
}

// A house rules' name as an error message shows it: quoted, and cut short when it comes from a
// document (it may be as long as its line).
inline std::string shown_rules(std::string_view name) {
    constexpr std::size_t longest = 160;
    return quoted_name(name, longest);
}

// Checks the settings against the game type's compile-time rules and the dice, and builds the
// configuration (its size comes with the board). The house rules are `given` (load_game's
// argument), else built from the document's switches when the type can be (ChosenHouseRules),
// else default-built; the document must name the same rules.
template <class Config>
Config checked_config(const SavedSettings& saved, const typename Config::house_rule_policy* given) {
    using House = typename Config::house_rule_policy;
    const auto& at = saved.places;
    const std::string_view overshoot = Config::overshoot_rule::name;
    if (saved.overshoot_name != overshoot) {
        fail_at(at[setting::overshoot],
                fmt::format("the game was saved under the overshoot rule {}, but this game type "
                            "plays {}",
                            BoardTextReader::shown(saved.overshoot_name), overshoot));
    }
    const std::string_view chains = Config::chain_rule::name;
    if (saved.chains_name != chains) {
        fail_at(at[setting::chains],
                fmt::format("the game was saved under the chain rule {}, but this game type "
                            "plays {}",
                            BoardTextReader::shown(saved.chains_name), chains));
    }
    std::optional<House> built;
    bool from_switches = false;
    if (given == nullptr) {
        if constexpr (std::constructible_from<House, HouseRuleSwitches>) {
            from_switches = true;
            try {
                built.emplace(saved.house);
            } catch (const Error& error) {
                fail_at(at[setting::forfeit_streak], error.what());
            }
        } else if constexpr (std::default_initializable<House>) {
            built.emplace();
        }
        // else: load_game refuses to compile without the rules' value.
    }
    const House& house = given != nullptr ? *given : *built;
    if (at[setting::house_rules].line != 0) {
        const std::string own = house.name();
        if (saved.house_rules_name != own) {
            fail_at(
                at[setting::house_rules],
                fmt::format("the game was saved with house rules {}, but {} {}{}",
                            shown_rules(saved.house_rules_name),
                            given != nullptr ? "the house rules given are" : "this game type plays",
                            quoted_name(own),
                            from_switches ? " (built from the document's forfeit_streak, "
                                            "max_roll_to_start and knock_back, which name "
                                            "only the classic three rules)"
                                          : ""));
        }
    }
    if (!from_switches) {
        // House rules fixed by the type or given: the switches must describe them too.
        const HouseRuleSwitches fixed = switches_of(house);
        const auto mismatch = [&](setting::Key key, auto saved_value, auto own_value) {
            fail_at(at[key], fmt::format("the game was saved with {} {}, but {} have {} {}",
                                         setting::names[key], saved_value,
                                         given != nullptr ? "the house rules given"
                                                          : "this game type's house rules",
                                         setting::names[key], own_value));
        };
        if (saved.house.forfeit_streak != fixed.forfeit_streak) {
            mismatch(setting::forfeit_streak, saved.house.forfeit_streak, fixed.forfeit_streak);
        }
        if (saved.house.max_roll_to_start != fixed.max_roll_to_start) {
            mismatch(setting::max_roll_to_start, saved.house.max_roll_to_start,
                     fixed.max_roll_to_start);
        }
        if (saved.house.knock_back != fixed.knock_back) {
            mismatch(setting::knock_back, saved.house.knock_back, fixed.knock_back);
        }
    }
    const GameSettings& settings = saved.settings;
    if (settings.min_players < 1) {
        fail_at(at[setting::min_players], "min_players must be at least 1");
    }
    if (settings.max_players > Config::max_player_limit) {
        fail_at(at[setting::max_players],
                fmt::format("max_players can be at most {}", Config::max_player_limit));
    }
    if (settings.max_players < settings.min_players) {
        fail_at(at[setting::max_players], fmt::format("max_players ({}) is below min_players ({})",
                                                      settings.max_players, settings.min_players));
    }
    if (settings.turn_limit < 1) {
        fail_at(at[setting::turn_limit], "turn_limit must be at least 1");
    }
    try {
        return Config(settings, house);
    } catch (const Error& error) { // every setting was checked above; kept as a safety net
        fail_at(at[setting::min_players], error.what());
    }
}

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
            fail_at(engine_at,
                    saved.engine_name == "none"
                        ? fmt::format("the document holds no engine state, but the "
                                      "dice given are driven by a {} engine",
                                      Saved::name)
                        : fmt::format("the document holds the state of a {} engine, "
                                      "but the dice given are driven by a {} engine",
                                      BoardTextReader::shown(saved.engine_name), Saved::name));
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
                                           BoardTextReader::shown(saved.engine_name)));
        }
        if (!saved.engine_words.empty()) {
            fail_at(saved.engine_word_places.front(),
                    "'engine none' is followed by nothing, but the document gives a state");
        }
    }
}

// The board section: the lines from `board` to `end board`, read by parse_board with its line
// numbers moved to the document's.
template <class Config>
Board<Config> read_board(SavedGameLines& lines, const Config& config,
                         const SavedGameLimits& limits) {
    const std::size_t board_line = lines.number();
    const std::size_t begin = lines.offset();
    std::size_t end = begin;
    std::string_view line;
    bool closed = false;
    while (lines.next(line)) {
        // The board format has no word `end`, so a line that starts with it closes the board.
        SavedGameLine close(line, lines.number());
        const std::string_view first_word = close.word();
        if (first_word == "end") {
            close.expect_word("board");
            close.expect_end("'end board'");
            closed = true;
            break;
        }
        if (first_word == "player" || first_word == "turn") {
            close.fail(1, fmt::format("the board is not closed: expected 'end board' before the "
                                      "first {}",
                                      first_word));
        }
        // A board larger than the caller allows is refused before anything is built for it.
        std::string_view content = line.substr(0, line.find('#'));
        BoardTextReader reader(content, lines.number());
        if (!reader.done() && reader.word() == "size") {
            const std::size_t column = (reader.skip_blanks(), reader.column());
            const std::int64_t size = reader.number("the number of squares");
            if (size > limits.max_board_size) {
                reader.fail(column, fmt::format("the board has {} squares, more than the {} this "
                                                "load allows (SavedGameLimits::max_board_size)",
                                                size, limits.max_board_size));
            }
        }
        end = lines.offset();
    }
    if (!closed) {
        lines.fail_at_end("the board has no 'end board' line: the document is cut short");
    }
    const std::string_view text = lines.text().substr(begin, end - begin);
    try {
        // The board keeps the settings; the game gets the house rules.
        using BoardConfig = typename Board<Config>::config_type;
        return parse_board<BoardConfig>(text, BoardConfig(config.settings()));
    } catch (const ParseError& error) {
        // Its message starts with the line and column within the board; give the document's.
        std::string_view what = error.what();
        const std::string prefix =
            fmt::format("line {}, column {}: ", error.line(), error.column());
        if (what.substr(0, prefix.size()) == prefix) {
            what.remove_prefix(prefix.size());
        }
        throw ParseError(board_line + error.line(), error.column(), std::string(what));
    } catch (const Error& error) {
        throw ParseError(board_line, 1, fmt::format("the board is refused: {}", error.what()));
    }
}

// One turn line, read.
struct SavedTurn {
    std::uint64_t turn = 0;
    std::uint64_t seat = 0;
    std::size_t turn_column = 0;
    std::size_t seat_column = 0;
    std::vector<SavedMove> moves;
};

// What the house rules did after a roll: `sends S...` (to square 0), `sends S to T`,
// `moves to T`, `misses S...`, in any number, up to the next `|` or the end of the line. In a
// `sends`, a seat followed by `to T` is the last of that `sends`.
template <class Config>
void read_effects(SavedGameLine& line, SavedMove& move) {
    constexpr auto square_max = static_cast<std::uint64_t>(Config::max_size);
    constexpr auto seat_max = static_cast<std::uint64_t>(Config::max_player_limit);
    while (!line.done() && !line.at('|')) {
        const std::size_t word_column = line.column();
        const std::string_view word = line.word();
        if (word == "sends") {
            do {
                SavedEffect effect{SavedEffect::Kind::sends, 0, 0};
                effect.seat = line.number(seat_max, "the seat sent back");
                const bool elsewhere = line.accept_word("to");
                if (elsewhere) {
                    effect.to =
                        static_cast<Square>(line.number(square_max, "the square it is sent to"));
                }
                move.effects.push_back(effect);
                if (elsewhere) {
                    break;
                }
            } while (line.at_digit());
        } else if (word == "moves") {
            line.expect_word("to");
            const auto to =
                static_cast<Square>(line.number(square_max, "the square the mover is moved to"));
            move.effects.push_back({SavedEffect::Kind::moves, 0, to});
        } else if (word == "misses") {
            do {
                move.effects.push_back({SavedEffect::Kind::misses,
                                        line.number(seat_max, "the seat given a turn to miss"), 0});
            } while (line.at_digit());
        } else {
            line.fail(word_column,
                      fmt::format("expected 'sends', 'moves', 'misses', '|' or the end of the "
                                  "line, found {}",
                                  word.empty() ? line.found()
                                               : "'" + BoardTextReader::shown(word) + "'"));
        }
    }
}

// One turn line. `decisions`: a game where players decide, whose rolls may name the dice picked
// (`R dice K: ...`) and end in `stays` or `seen`; a Game's may not.
template <class Config>
SavedTurn read_turn(SavedGameLine& line, bool decisions) {
    constexpr auto int_max = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
    constexpr auto square_max = static_cast<std::uint64_t>(Config::max_size);
    constexpr auto seat_max = static_cast<std::uint64_t>(Config::max_player_limit);
    SavedTurn turn;
    line.skip_blanks();
    turn.turn_column = line.column();
    turn.turn = line.number(std::numeric_limits<std::uint64_t>::max(), "the turn's number");
    line.expect_word("seat");
    line.skip_blanks();
    turn.seat_column = line.column();
    turn.seat = line.number(seat_max, "the seat that played");
    do {
        line.expect('|', "'|' before the next roll");
        SavedMove move;
        line.skip_blanks();
        move.column = line.column();
        move.roll = static_cast<std::int64_t>(line.number(int_max, "the roll"));
        if (decisions && line.accept_word("dice")) {
            move.dice = line.number(std::numeric_limits<std::uint32_t>::max(), "the dice picked");
        }
        line.expect(':', "':' after the roll");
        move.start = static_cast<Square>(line.number(square_max, "the square the roll starts on"));
        line.skip_blanks();
        const std::size_t kind_column = line.column();
        const std::string_view kind = line.word();
        if (kind == "to") {
            move.end = static_cast<Square>(line.number(square_max, "the square the roll ends on"));
        } else if (kind == "blocked") {
            move.kind = SavedMove::Kind::blocked;
            move.end = move.start;
        } else if (kind == "waits") {
            move.kind = SavedMove::Kind::waits;
            move.end = move.start;
        } else if (kind == "forfeits") {
            move.kind = SavedMove::Kind::forfeits;
            line.expect_word("to");
            move.end = static_cast<Square>(line.number(square_max, "the turn's first square"));
        } else if (decisions && (kind == "stays" || kind == "seen")) {
            move.kind = kind == "stays" ? SavedMove::Kind::stays : SavedMove::Kind::seen;
            move.end = move.start;
        } else {
            line.fail(kind_column,
                      fmt::format("expected {} after the square, found {}",
                                  decisions ? "'to', 'blocked', 'waits', 'forfeits', 'stays' or "
                                              "'seen'"
                                            : "'to', 'blocked', 'waits' or 'forfeits'",
                                  kind.empty() ? line.found()
                                               : "'" + BoardTextReader::shown(kind) + "'"));
        }
        read_effects<Config>(line, move);
        turn.moves.push_back(std::move(move));
    } while (!line.done());
    return turn;
}

// Checks that a turn line can be the game's next turn: its number, a game not over, the seat
// due. Throws ParseError naming the turn.
template <class GameType>
void check_turn_line(const GameType& game, const SavedTurn& turn, std::size_t line_number) {
    const std::uint64_t number = game.turns() + 1;
    const std::vector<std::string>& names = game.players();
    const auto fail = [&](std::size_t column, const std::string& what) {
        throw ParseError(line_number, column, fmt::format("turn {}: {}", number, what));
    };
    if (turn.turn != number) {
        // Turns missed right after the last one take numbers but have no line.
        const std::optional<TurnRecord> last = game.last_record();
        std::string why = "turns are numbered from 1, without gaps";
        if (last.has_value() && !last->missed_after.empty()) {
            why = "the turns before it were missed:";
            const char* separator = " ";
            for (const MissedTurn& missed : last->missed_after) {
                why += fmt::format("{}turn {} by {}", separator, missed.turn,
                                   shown_name(missed.player));
                separator = ", ";
            }
        }
        throw ParseError(
            line_number, turn.turn_column,
            fmt::format("expected turn {}, found turn {} ({})", number, turn.turn, why));
    }
    const GameStatus status = game.status();
    if (status == GameStatus::finished) {
        fail(turn.turn_column, fmt::format("the game was already over after {} turns, won by {}",
                                           number - 1, shown_name(game.winner().value_or(""))));
    }
    if (status == GameStatus::turn_limit_reached) {
        fail(turn.turn_column, fmt::format("the game had reached its turn limit of {} turns",
                                           game.config().turn_limit()));
    }
    if (turn.seat >= names.size()) {
        fail(turn.seat_column,
             fmt::format("there is no seat {}: the game has {} player{} (seats 0 to {})", turn.seat,
                         names.size(), names.size() == 1 ? "" : "s", names.size() - 1));
    }
    const std::size_t due = game.current_seat();
    if (turn.seat != due) {
        fail(turn.seat_column,
             fmt::format("seat {} ({}) plays out of turn: it is seat {}'s turn ({})", turn.seat,
                         shown_name(names[turn.seat]), due, shown_name(names[due])));
    }
}

// Throws ParseError, naming the turn and the roll, unless the rolls `played` (what the game did)
// are what the line says.
inline void check_turn_moves(const SavedTurn& turn, const std::vector<SavedMove>& played,
                             std::uint64_t number, std::size_t line_number) {
    for (std::size_t i = 0; i < turn.moves.size(); ++i) {
        const std::string said = to_text(turn.moves[i]);
        const std::string done = i < played.size() ? to_text(played[i]) : "no roll";
        if (said != done) {
            throw ParseError(line_number, turn.moves[i].column,
                             fmt::format("turn {}: the document says \"{}\" for roll {} of the "
                                         "turn, but on this board under these rules it is \"{}\"",
                                         number, said, i + 1, done));
        }
    }
}

// Plays a turn line back on the game and checks that it did what the line says.
template <class GameType>
void replay_saved_turn(GameType& game, const SavedTurn& turn, std::size_t line_number) {
    check_turn_line(game, turn, line_number);
    const std::uint64_t number = game.turns() + 1;
    const auto fail = [&](std::size_t column, const std::string& what) {
        throw ParseError(line_number, column, fmt::format("turn {}: {}", number, what));
    };
    const auto low = static_cast<std::int64_t>(game.dice().min_roll());
    const auto high = static_cast<std::int64_t>(game.dice().max_roll());
    std::vector<int> rolls;
    rolls.reserve(turn.moves.size());
    for (const SavedMove& move : turn.moves) {
        if (move.roll < low || move.roll > high) {
            fail(move.column, fmt::format("roll {} is {} than the dice allow ({} to {})", move.roll,
                                          move.roll < low ? "smaller" : "larger", low, high));
        }
        rolls.push_back(static_cast<int>(move.roll));
    }
    TurnRecord record;
    try {
        record = game.replay_turn(rolls);
    } catch (const Error& error) {
        fail(turn.moves.front().column, error.what());
    }
    check_turn_moves(turn, saved_moves(record), number, line_number);
}

} // namespace detail

namespace detail {

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

// The first line: `snakeladder saved game 1`.
inline void read_header(SavedGameLines& lines) {
    std::string_view line;
    if (!lines.next(line)) {
        lines.fail_at_end("the document is empty: a saved game starts with 'snakeladder saved "
                          "game 1'");
    }
    SavedGameLine header(line, lines.number());
    for (const std::string_view word : {"snakeladder", "saved", "game"}) {
        if (header.word() != word) {
            header.fail(1, fmt::format("this is not a saved game: the first line must be "
                                       "'snakeladder saved game {}'",
                                       saved_game_version));
        }
    }
    header.skip_blanks();
    const std::size_t version_column = header.column();
    const std::uint64_t version =
        header.number(std::numeric_limits<std::uint64_t>::max(), "the format's version");
    if (version != saved_game_version) {
        header.fail(version_column,
                    fmt::format("this is version {} of the saved-game format; this library "
                                "reads version {}",
                                version, saved_game_version));
    }
    header.expect_end("the version");
}

// The settings, up to and including the line `board`. `other(line)` is offered each setting
// line first and returns whether it read it (a decision game's `may_stay` and dice);
// `without_dice`: the document gives no min_roll, max_roll or engine of its own (a decision
// game's, whose `other` reads them for each of its dice).
template <class Other>
SavedSettings read_settings(SavedGameLines& lines, Other&& other, bool without_dice) {
    SavedSettings saved;
    std::string_view line;
    for (;;) {
        if (!lines.next(line)) {
            lines.fail_at_end("the document ends before its board: it is cut short");
        }
        SavedGameLine setting(line, lines.number());
        if (setting.word() == "board") {
            setting.expect_end("'board'");
            break;
        }
        setting = SavedGameLine(line, lines.number());
        if (!other(setting)) {
            read_setting(setting, saved);
        }
    }
    for (std::size_t key = 0; key < setting::key_count; ++key) {
        const bool of_dice =
            key == setting::min_roll || key == setting::max_roll || key == setting::engine;
        if (saved.places[key].line == 0 && !setting::optional(key) && !(without_dice && of_dice)) {
            throw ParseError(lines.number(), 1,
                             fmt::format("the setting '{}' is missing; every setting comes "
                                         "before 'board'",
                                         setting::names[key]));
        }
    }
    return saved;
}

// The players, seat by seat, after the board: the names (and the line of each in
// `lines_of_names`, when given), and in `line` the first line after them (read from `lines`).
template <class Config>
std::vector<std::string> read_players(SavedGameLines& lines, std::string_view& line,
                                      const Config& config,
                                      std::vector<std::size_t>* lines_of_names = nullptr) {
    std::vector<std::string> names;
    std::vector<std::size_t> name_lines;
    for (;;) {
        if (!lines.next(line)) {
            lines.fail_at_end("the document ends after its board: it is cut short");
        }
        SavedGameLine player(line, lines.number());
        player.skip_blanks();
        const std::size_t word_column = player.column();
        if (player.word() != "player") {
            break;
        }
        player.skip_blanks();
        const std::size_t seat_column = player.column();
        const std::uint64_t seat =
            player.number(std::numeric_limits<std::uint64_t>::max(), "the player's seat");
        if (seat != names.size()) {
            player.fail(seat_column, fmt::format("expected player {} next, found player {} "
                                                 "(seats are numbered from 0, in order)",
                                                 names.size(), seat));
        }
        if (names.size() == static_cast<std::size_t>(config.max_players())) {
            player.fail(word_column, fmt::format("one player too many: the settings allow at most "
                                                 "{}",
                                                 config.max_players()));
        }
        player.skip_blanks();
        const std::size_t name_column = player.column();
        std::string name = player.quoted("a player's name");
        if (name.empty()) {
            player.fail(name_column, fmt::format("player {} has an empty name", seat));
        }
        player.expect_end("the player's name");
        names.push_back(std::move(name));
        name_lines.push_back(lines.number());
    }
    if (names.size() < static_cast<std::size_t>(config.min_players())) {
        throw ParseError(lines.number(), 1,
                         fmt::format("the game has {} player{}, but its settings ask for at "
                                     "least {}",
                                     names.size(), names.size() == 1 ? "" : "s",
                                     config.min_players()));
    }
    // The first name, in the order of the document, that repeats one before it.
    std::vector<std::size_t> by_name(names.size());
    std::iota(by_name.begin(), by_name.end(), std::size_t{0});
    std::stable_sort(by_name.begin(), by_name.end(),
                     [&](std::size_t a, std::size_t b) { return names[a] < names[b]; });
    std::size_t twin = names.size();
    std::size_t original = 0;
    std::size_t first_of_name = 0; // the lowest seat of the current run of equal names
    for (std::size_t i = 0; i < by_name.size(); ++i) {
        if (i == 0 || names[by_name[i]] != names[by_name[i - 1]]) {
            first_of_name = by_name[i];
        } else if (by_name[i] < twin) {
            twin = by_name[i];
            original = first_of_name;
        }
    }
    if (twin != names.size()) {
        throw ParseError(name_lines[twin], 1,
                         fmt::format("players {} and {} are both called {}; every player "
                                     "needs a different name",
                                     original, twin, shown_name(names[twin])));
    }
    if (lines_of_names != nullptr) {
        *lines_of_names = std::move(name_lines);
    }
    return names;
}

// The turn lines from `line` (the first line after the players) to `end`, each read (see
// read_turn for `decisions`) and handed to `replay(turn, line_number, last)` (whether no turn
// line follows it), then nothing after `end`.
template <class Config, class Replay>
void read_turns(SavedGameLines& lines, std::string_view line, bool decisions, Replay&& replay) {
    for (;;) {
        SavedGameLine turn_line(line, lines.number());
        turn_line.skip_blanks();
        const std::size_t word_column = turn_line.column();
        const std::string_view word = turn_line.word();
        if (word == "end") {
            turn_line.expect_end("'end'");
            break;
        }
        if (word != "turn") {
            turn_line.fail(word_column,
                           fmt::format("expected 'turn' or 'end', found {}",
                                       word.empty() ? turn_line.found()
                                                    : "'" + BoardTextReader::shown(word) + "'"));
        }
        const SavedTurn turn = read_turn<Config>(turn_line, decisions);
        SavedGameLines ahead = lines; // a look at the next line, which stays unread
        std::string_view next;
        const bool last_turn =
            !ahead.next(next) || SavedGameLine(next, ahead.number()).word() != "turn";
        replay(turn, lines.number(), last_turn);
        if (!lines.next(line)) {
            lines.fail_at_end("the document has no 'end' line after its turns: it is cut short");
        }
    }
    if (lines.next(line)) {
        throw ParseError(lines.number(), 1,
                         "unexpected text after 'end', the end of the saved "
                         "game");
    }
}

// The game a loader builds with `make()`: what the game's constructor refuses (players, dice
// that cannot bring a token home) is a ParseError at the document's `board` line.
template <class Make>
auto build_loaded_game(std::size_t board_line, Make&& make) {
    try {
        return make();
    } catch (const Error& error) {
        throw ParseError(board_line, 1, fmt::format("the game cannot be played: {}", error.what()));
    }
}

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

    SavedGameLines lines(text);
    read_header(lines);
    const SavedSettings saved = read_settings(
        lines, [](SavedGameLine& /*line*/) { return false; }, false);
    const auto config = checked_config<Config>(saved, given);
    check_and_restore_dice(saved, dice);
    const std::size_t board_line = lines.number(); // named for errors of the board as a whole
    Board<Config> board = read_board(lines, config, limits);
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
