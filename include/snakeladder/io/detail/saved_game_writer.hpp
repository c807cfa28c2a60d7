// The saved-game writer: the rules, the dice, the board, the players and every turn, as the
// format at the top of io/saved_game.hpp gives them; and the check that a loaded game's dice are
// those it was saved with.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../base/random.hpp"
#include "../../board/board.hpp"
#include "../../dice/dice.hpp"
#include "../../game/game.hpp"
#include "../../game/game_result.hpp"
#include "../../rules/config.hpp"
#include "../../rules/house_rules.hpp"
#include "../../rules/rules.hpp"
#include "../../turn/decisions.hpp"
#include "../../turn/turn_record.hpp"
#include "../board_text.hpp"
#include "../saved_format.hpp"
#include "saved_game_reader.hpp"

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

namespace snakeladder::detail {

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

// The rolls of the turn under way of a game where players decide, as a saved game writes them:
// the rolls made, then the roll seen when the player due is deciding whether to move.
template <class GameType>
std::vector<SavedMove> moves_under_way(const GameType& game) {
    std::vector<SavedMove> moves;
    if (const std::optional<TurnRecord> so_far = game.turn_so_far()) {
        moves = saved_moves(*so_far);
    }
    const DecisionState state = game.state();
    if (state.point == DecisionPoint::move_or_stay) {
        SavedMove seen;
        seen.roll = state.roll;
        seen.start = state.game.squares[state.seat_due()];
        seen.end = seen.start;
        seen.kind = SavedMove::Kind::seen;
        if (game.choices().dice.size() > 1) {
            seen.dice = state.dice;
        }
        moves.push_back(seen);
    }
    return moves;
}

// The one writer, for both games: the rules and settings; the dice (a Game's as settings of the
// document, a DecisionGame's choices as the decision lines: may_stay, then each dice under a
// `dice I` line); the board and the players; every turn over, and a DecisionGame's turn under
// way.
template <class GameType>
[[nodiscard]] std::string write_saved_game(const GameType& game) {
    static_assert(can_be_saved<typename GameType::dice_type>,
                  "a saved game holds the state of the dice's engine: specialise "
                  "snakeladder::SavedEngine for this engine type (see saved_game.hpp)");
    constexpr bool decides = requires {
        game.choices();
    };
    const std::vector<TurnRecord> records = game.records();
    std::string out;
    write_rules(out, game.config());
    if constexpr (decides) {
        fmt::format_to(std::back_inserter(out), "may_stay {}\n", game.choices().may_stay);
        for (std::size_t i = 0; i < game.choices().dice.size(); ++i) {
            fmt::format_to(std::back_inserter(out), "dice {}\n", i);
            write_dice(out, game.choices().dice[i], '\n');
            out += '\n';
        }
    } else {
        write_dice(out, game.dice(), '\n');
        out += '\n';
    }
    write_board_and_players(out, game.board(), game.players());
    for (const TurnRecord& record : records) {
        write_turn(out, record.turn, record.seat, saved_moves(record));
    }
    if constexpr (decides) {
        const std::vector<SavedMove> under_way = moves_under_way(game);
        if (!under_way.empty()) {
            write_turn(out, game.turns() + 1, game.state().seat_due(), under_way);
        }
    }
    out += "end\n";
    return out;
}

} // namespace snakeladder::detail
