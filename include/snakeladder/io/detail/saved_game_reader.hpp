// The machinery of saved games (io/saved_game.hpp) that a user never names: the grammar of a
// document's lines, read with the library's one tokeniser (detail/text_reader.hpp) and written
// back in canonical form, the settings and their checks against a game type, the board section
// and the turn lines played back on a game.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../board/board.hpp"
#include "../../game/game_result.hpp"
#include "../../rules/config.hpp"
#include "../../rules/house_rules.hpp"
#include "../../turn/decisions.hpp"
#include "../../turn/turn_record.hpp"
#include "../board_text.hpp"
#include "text_reader.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder::detail {

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
    std::uint64_t seat = 0;  // `sends`, `misses`: the seat (unused for `moves`: the mover's)
    Square to = 0;           // `sends`, `moves`: the square the token was moved to
    std::uint64_t turns = 1; // `misses`: how many turns to miss (`misses S for N`)
};

// One roll of a turn as a saved game writes it. `stays`, `seen` and `dice` are for games where
// players decide (io/saved_decision_game.hpp): the player declined the roll; the player had seen
// the roll and not yet decided when the game was saved; the dice picked for the roll.
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
            if (effect.turns != 1) {
                text += fmt::format(" for {}", effect.turns);
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
            moves[miss.by_roll].effects.push_back(
                {SavedEffect::Kind::misses, miss.seat, 0, miss.turns});
        }
    }
    return moves;
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

// The value of setting `key`, which begins at `place`, into `saved`.
inline void read_setting_value(TextReader& line, SavedSettings& saved, setting::Key key,
                               const Place& place) {
    const std::size_t index = key;
    const std::string what = fmt::format("the value of '{}'", setting::names[key]);
    constexpr auto int_max = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
    switch (key) {
    case setting::overshoot:
    case setting::chains: {
        const std::string_view name = line.word();
        if (name.empty()) {
            line.fail(place.column, fmt::format("expected the name of a rule for '{}', found {}",
                                                setting::names[key], line.found()));
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
            saved.engine_word_places.push_back(line.place());
            saved.engine_words.push_back(line.number(std::numeric_limits<std::uint64_t>::max(),
                                                     "a word of the engine's state"));
        }
        break;
    case setting::key_count:
        break;
    }
}

inline void read_setting(TextReader& line, SavedSettings& saved) {
    line.skip_blanks();
    const std::size_t key_column = line.column();
    const std::string_view key = line.word();
    const auto found = std::find(setting::names.begin(), setting::names.end(), key);
    if (key.empty() || found == setting::names.end()) {
        line.fail(key_column,
                  key.empty() ? fmt::format("expected a setting or 'board', found {}", line.found())
                              : fmt::format("unknown setting '{}'", shown(key)));
    }
    const auto index = static_cast<std::size_t>(found - setting::names.begin());
    Place& place = saved.places[index];
    if (place.line != 0) {
        line.fail(key_column, fmt::format("the setting '{}' is given twice (first on line {})", key,
                                          place.line));
    }
    line.skip_blanks();
    place = line.place();
    read_setting_value(line, saved, static_cast<setting::Key>(index), place);
    line.expect_end(fmt::format("the value of '{}'", key));
}

// A house rules' name as an error message shows it: quoted, and cut short when it comes from a
// document (it may be as long as its line).
inline std::string shown_rules(std::string_view name) {
    constexpr std::size_t longest = 160;
    return quoted_name(name, longest);
}

// That the document names the house rules `house` (given to load_game when `given`, else the
// game type's, built `from_switches` or default-built): by name, and by the classic three's
// switches where they do not come from them.
template <HouseRule House>
void check_saved_house_rules(const SavedSettings& saved, const House& house, bool given,
                             bool from_switches) {
    const auto& at = saved.places;
    if (at[setting::house_rules].line != 0) {
        const std::string own = house.name();
        if (saved.house_rules_name != own) {
            fail_at(at[setting::house_rules],
                    fmt::format("the game was saved with house rules {}, but {} {}{}",
                                shown_rules(saved.house_rules_name),
                                given ? "the house rules given are" : "this game type plays",
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
            fail_at(at[key],
                    fmt::format("the game was saved with {} {}, but {} have {} {}",
                                setting::names[key], saved_value,
                                given ? "the house rules given" : "this game type's house rules",
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
}

// Checks the settings that hold for every game type: the player limits and the turn limit.
inline void check_saved_settings(const SavedSettings& saved) {
    const auto& at = saved.places;
    const GameSettings& settings = saved.settings;
    if (settings.min_players < 1) {
        fail_at(at[setting::min_players], "min_players must be at least 1");
    }
    if (settings.max_players > GameConfig<>::max_player_limit) {
        fail_at(at[setting::max_players],
                fmt::format("max_players can be at most {}", GameConfig<>::max_player_limit));
    }
    if (settings.max_players < settings.min_players) {
        fail_at(at[setting::max_players], fmt::format("max_players ({}) is below min_players ({})",
                                                      settings.max_players, settings.min_players));
    }
    if (settings.turn_limit < 1) {
        fail_at(at[setting::turn_limit], "turn_limit must be at least 1");
    }
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
                            shown(saved.overshoot_name), overshoot));
    }
    const std::string_view chains = Config::chain_rule::name;
    if (saved.chains_name != chains) {
        fail_at(at[setting::chains],
                fmt::format("the game was saved under the chain rule {}, but this game type "
                            "plays {}",
                            shown(saved.chains_name), chains));
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
    check_saved_house_rules(saved, house, given != nullptr, from_switches);
    check_saved_settings(saved);
    try {
        return Config(saved.settings, house);
    } catch (const Error& error) { // every setting was checked above; kept as a safety net
        fail_at(at[setting::min_players], error.what());
    }
}

// The board section: the lines from `board` to `end board`, read as a board text that starts
// on the line after `board`, so its errors point into the document. `max_board_size` is the
// caller's SavedGameLimits::max_board_size.
inline BoardText read_board_section(TextLines& lines, Square max_board_size) {
    const std::size_t board_line = lines.number();
    const std::size_t begin = lines.offset();
    std::size_t end = begin;
    std::string_view line;
    bool closed = false;
    while (lines.next(line)) {
        // The board format has no word `end`, so a line that starts with it closes the board.
        TextReader close(line, lines.place());
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
        TextReader reader(line.substr(0, line.find('#')), lines.place());
        if (!reader.done() && reader.letters() == "size") {
            const std::size_t column = (reader.skip_blanks(), reader.column());
            const std::int64_t size = board_number(reader, "the number of squares");
            if (size > max_board_size) {
                reader.fail(column, fmt::format("the board has {} squares, more than the {} this "
                                                "load allows (SavedGameLimits::max_board_size)",
                                                size, max_board_size));
            }
        }
        end = lines.offset();
    }
    if (!closed) {
        lines.fail_at_end("the board has no 'end board' line: the document is cut short");
    }
    return read_board_text(lines.text().substr(begin, end - begin), {board_line + 1, 1});
}

// The board section read (see read_board_section), and the board built under `config`: one the
// rules refuse is a ParseError at the `board` line.
template <class Config>
Board<Config> read_board(TextLines& lines, const Config& config, Square max_board_size) {
    const std::size_t board_line = lines.number();
    BoardText text = read_board_section(lines, max_board_size);
    try {
        // The board keeps the settings; the game gets the house rules.
        using BoardConfig = typename Board<Config>::config_type;
        return Board<Config>(std::move(text.jumps),
                             BoardConfig(config.settings()).with_size(text.size));
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
void read_effects(TextReader& line, SavedMove& move) {
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
            // `misses S for N`: N turns (one without `for`). Consecutive turns for one seat are
            // one effect, as a rule's calls merge (Landing::miss_turns): `misses 1 1` is
            // `misses 1 for 2`, as documents before the count wrote it.
            do {
                SavedEffect effect{SavedEffect::Kind::misses,
                                   line.number(seat_max, "the seat given a turn to miss"), 0};
                if (line.accept_word("for")) {
                    const std::size_t column = line.column();
                    effect.turns = line.number(std::numeric_limits<std::uint32_t>::max(),
                                               "the number of turns to miss");
                    if (effect.turns == 0) {
                        line.fail(column, "the number of turns to miss must be at least 1");
                    }
                }
                SavedEffect* const last = move.effects.empty() ? nullptr : &move.effects.back();
                if (last != nullptr && last->kind == SavedEffect::Kind::misses &&
                    last->seat == effect.seat &&
                    last->turns + effect.turns <= std::numeric_limits<std::uint32_t>::max()) {
                    last->turns += effect.turns;
                } else {
                    move.effects.push_back(effect);
                }
            } while (line.at_digit());
        } else {
            line.fail(word_column,
                      fmt::format("expected 'sends', 'moves', 'misses', '|' or the end of the "
                                  "line, found {}",
                                  word.empty() ? line.found() : "'" + shown(word) + "'"));
        }
    }
}

// One turn line. `decisions`: a game where players decide, whose rolls may name the dice picked
// (`R dice K: ...`) and end in `stays` or `seen`; a Game's may not.
template <class Config>
SavedTurn read_turn(TextReader& line, bool decisions) {
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
                                  kind.empty() ? line.found() : "'" + shown(kind) + "'"));
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

// The first line: `snakeladder saved game V`, where V must be `version` (saved_game_version, which
// io/saved_game.hpp defines and passes).
inline void read_header(TextLines& lines, int version) {
    std::string_view line;
    if (!lines.next(line)) {
        lines.fail_at_end(fmt::format("the document is empty: a saved game starts with "
                                      "'snakeladder saved game {}'",
                                      version));
    }
    TextReader header(line, lines.place());
    for (const std::string_view word : {"snakeladder", "saved", "game"}) {
        if (header.word() != word) {
            header.fail(1, fmt::format("this is not a saved game: the first line must be "
                                       "'snakeladder saved game {}'",
                                       version));
        }
    }
    header.skip_blanks();
    const std::size_t version_column = header.column();
    const std::uint64_t found =
        header.number(std::numeric_limits<std::uint64_t>::max(), "the format's version");
    if (found != static_cast<std::uint64_t>(version)) {
        header.fail(version_column,
                    fmt::format("this is version {} of the saved-game format; this library "
                                "reads version {}",
                                found, version));
    }
    header.expect_end("the version");
}

// The settings, up to and including the line `board`. `other(line)` is offered each setting
// line first and returns whether it read it (the decision lines: `may_stay` and the dice);
// `without_dice()`, asked once all are read: the document gives no min_roll, max_roll or engine
// of its own (it has decision lines, whose dice have their own).
template <class Other, class WithoutDice>
SavedSettings read_settings(TextLines& lines, Other&& other, WithoutDice&& without_dice) {
    SavedSettings saved;
    std::string_view line;
    for (;;) {
        if (!lines.next(line)) {
            lines.fail_at_end("the document ends before its board: it is cut short");
        }
        TextReader setting(line, lines.place());
        if (setting.word() == "board") {
            setting.expect_end("'board'");
            break;
        }
        setting = TextReader(line, lines.place());
        if (!other(setting)) {
            read_setting(setting, saved);
        }
    }
    for (std::size_t key = 0; key < setting::key_count; ++key) {
        const bool of_dice =
            key == setting::min_roll || key == setting::max_roll || key == setting::engine;
        if (saved.places[key].line == 0 && !setting::optional(key) &&
            !(of_dice && without_dice())) {
            throw ParseError(lines.number(), 1,
                             fmt::format("the setting '{}' is missing; every setting comes "
                                         "before 'board'",
                                         setting::names[key]));
        }
    }
    return saved;
}

// The decision lines of a document, an optional part of the format: `may_stay`, and for each
// `dice I` line the settings that follow it (min_roll, max_roll and engine, read as the
// document's own are). A document without them has the one dice of its own settings, and no
// stay: a Game's, which a DecisionGame of one dice and no stay loads as well; a Game loads a
// document with them when they say exactly that.
struct SavedChoices {
    std::optional<bool> may_stay;
    Place may_stay_at;
    std::vector<SavedSettings> dice;
    std::vector<Place> dice_at; // each `dice I` line
};

// Reads a decision line, and says whether `line` was one: `may_stay`, `dice I`, and the
// min_roll, max_roll and engine of the dice named last (before any `dice` line they are the
// document's own: not a decision line).
inline bool read_choice_setting(TextReader& line, SavedChoices& saved) {
    TextReader peek = line;
    peek.skip_blanks();
    const std::size_t key_column = peek.column();
    const std::string_view key = peek.word();
    if (key == "may_stay") {
        peek.skip_blanks();
        if (saved.may_stay) {
            peek.fail(key_column, fmt::format("the setting 'may_stay' is given twice (first on "
                                              "line {})",
                                              saved.may_stay_at.line));
        }
        saved.may_stay_at = peek.place();
        saved.may_stay = peek.boolean("the value of 'may_stay'");
        peek.expect_end("the value of 'may_stay'");
        return true;
    }
    if (key == "dice") {
        peek.skip_blanks();
        const std::size_t index_column = peek.column();
        const std::uint64_t index =
            peek.number(std::numeric_limits<std::uint64_t>::max(), "the dice's number");
        if (index != saved.dice.size()) {
            peek.fail(index_column, fmt::format("expected dice {} next, found dice {} (dice are "
                                                "numbered from 0, in order)",
                                                saved.dice.size(), index));
        }
        constexpr std::size_t most = Choices<ScriptedDice>::max_dice;
        if (saved.dice.size() == most) {
            peek.fail(key_column,
                      fmt::format("one dice too many: a game chooses among at most {}", most));
        }
        peek.expect_end("the dice's number");
        saved.dice.emplace_back();
        saved.dice_at.push_back({peek.line_number(), key_column});
        return true;
    }
    if ((key == "min_roll" || key == "max_roll" || key == "engine") && !saved.dice.empty()) {
        read_setting(line, saved.dice.back());
        return true;
    }
    return false;
}

// Whether the document has decision lines.
inline bool has_decision_lines(const SavedChoices& saved) {
    return saved.may_stay.has_value() || !saved.dice.empty();
}

// The decision lines completed: a document without them is one dice, its own settings, and no
// stay; with them, it has `may_stay` and at least one `dice` line, each with its min_roll,
// max_roll and engine, and no dice settings of its own. `board_line` is where the settings end,
// for what is missing.
inline void complete_choices(SavedChoices& saved, const SavedSettings& settings,
                             std::size_t board_line) {
    if (!has_decision_lines(saved)) {
        saved.may_stay = false;
        saved.dice = {settings};
        saved.dice_at = {settings.places[setting::min_roll]};
        saved.may_stay_at = settings.places[setting::min_roll];
        return;
    }
    for (const auto key : {setting::min_roll, setting::max_roll, setting::engine}) {
        if (settings.places[key].line != 0) {
            fail_at(settings.places[key],
                    fmt::format("'{}' comes before 'dice 0': with decision lines (may_stay, "
                                "dice), each dice's min_roll, max_roll and engine follow its "
                                "'dice I' line",
                                setting::names[key]));
        }
    }
    if (!saved.may_stay) {
        throw ParseError(board_line, 1,
                         "the setting 'may_stay' is missing; every setting comes before 'board'");
    }
    if (saved.dice.empty()) {
        throw ParseError(board_line, 1,
                         "the document has no 'dice' line: a game where players decide lists "
                         "its dice, 'dice 0' and on, each with its min_roll, max_roll and "
                         "engine, before 'board'");
    }
    for (std::size_t i = 0; i < saved.dice.size(); ++i) {
        for (const auto key : {setting::min_roll, setting::max_roll, setting::engine}) {
            if (saved.dice[i].places[key].line == 0) {
                fail_at(saved.dice_at[i],
                        fmt::format("dice {} has no '{}' line after it", i, setting::names[key]));
            }
        }
    }
}

// The players, seat by seat, after the board: the names (and the line of each in
// `lines_of_names`, when given), and in `line` the first line after them (read from `lines`).
template <class Config>
std::vector<std::string> read_players(TextLines& lines, std::string_view& line,
                                      const Config& config,
                                      std::vector<std::size_t>* lines_of_names = nullptr) {
    std::vector<std::string> names;
    std::vector<std::size_t> name_lines;
    for (;;) {
        if (!lines.next(line)) {
            lines.fail_at_end("the document ends after its board: it is cut short");
        }
        TextReader player(line, lines.place());
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
void read_turns(TextLines& lines, std::string_view line, bool decisions, Replay&& replay) {
    for (;;) {
        TextReader turn_line(line, lines.place());
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
                                       word.empty() ? turn_line.found() : "'" + shown(word) + "'"));
        }
        const SavedTurn turn = read_turn<Config>(turn_line, decisions);
        TextLines ahead = lines; // a look at the next line, which stays unread
        std::string_view next;
        const bool last_turn =
            !ahead.next(next) || TextReader(next, ahead.place()).word() != "turn";
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

} // namespace snakeladder::detail
