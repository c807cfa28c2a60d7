// What a saved game says before its turns (its settings, dice, board and players), read without
// loading the game: for a program that must know the board or the players before it can build
// what load_game takes (computer players that plan on the board, a seat list to check), or that
// lists saved games. The format is described at the top of saved_game.hpp and
// saved_decision_game.hpp.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../rules/config.hpp"
#include "../rules/house_rules.hpp"
#include "detail/saved_game_reader.hpp"
#include "detail/text_reader.hpp"
#include "saved_format.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// One dice of a saved game, as its settings give it: the range of its rolls and the name of
/// the engine that drives it (`Xoshiro256`; `none` for dice without one, such as ScriptedDice).
struct SavedDice {
    std::int64_t min_roll = 0;
    std::int64_t max_roll = 0;
    std::string engine;

    friend bool operator==(const SavedDice&, const SavedDice&) = default;
};

/// The part of a saved game above its turns, as read_saved_game_header reads it.
struct SavedGameHeader {
    /// The rules by the names the document gives them (`ExactFinish`, `RejectChains`): the names
    /// of the game type's policies (`Overshoot::name`, `Chains::name`) when it was saved.
    std::string overshoot;
    std::string chains;
    /// The house rules' `name()`, when the document gives one (older documents do not), and the
    /// switches of the classic three (a ChosenHouseRules built from them plays them).
    std::optional<std::string> house_rules;
    HouseRuleSwitches house;
    /// The settings, the board's size (`settings.size`) included: a board's configuration built
    /// from them, with the jumps, gives the saved board (when the rules take it).
    GameSettings settings;
    std::vector<Jump> jumps;
    /// The dice: one for a Game; for a DecisionGame, the dice to choose from, in order.
    std::vector<SavedDice> dice;
    /// Whether a player may stay instead of moving (a DecisionGame's Choices::may_stay).
    bool may_stay = false;
    /// The players' names by seat.
    std::vector<std::string> players;

    friend bool operator==(const SavedGameHeader&, const SavedGameHeader&) = default;
};

namespace detail {

// The player limits read_players checks a document's players against: the document's own.
struct SavedPlayerLimits {
    int least = 0;
    int most = 0;
    [[nodiscard]] int min_players() const noexcept { return least; }
    [[nodiscard]] int max_players() const noexcept { return most; }
};

inline SavedDice saved_dice(const SavedSettings& settings) {
    return {settings.min_roll, settings.max_roll, std::string(settings.engine_name)};
}

} // namespace detail

/// Reads the settings, the dice, the board and the players of a document that save_game wrote,
/// and stops there: the turns are not read, and nothing is built or checked against a game
/// type (the rules' names are as written, and a board the rules would refuse is read as it is).
/// What it reads is checked as load_game checks it, and a document it refuses throws
/// ParseError with the line and column of the first problem: a wrong header line, an unknown,
/// missing or repeated setting, player limits that cannot be, incomplete decision lines, a board
/// section that is not closed, that is larger than `limits.max_board_size` or whose text is
/// wrong, players out of order, without a name, of the same name or more or fewer than the
/// settings allow, and a document that ends before its first turn line or `end`. load_game
/// reads the same document again in full.
[[nodiscard]] inline SavedGameHeader read_saved_game_header(std::string_view text,
                                                            const SavedGameLimits& limits = {}) {
    detail::TextLines lines(text);
    detail::read_header(lines, saved_game_version);
    detail::SavedChoices choices;
    const detail::SavedSettings saved = detail::read_settings(
        lines, [&choices](detail::TextReader& line) { return read_choice_setting(line, choices); },
        [&choices] { return has_decision_lines(choices); });
    const std::size_t board_line = lines.number();
    detail::check_saved_settings(saved);
    detail::complete_choices(choices, saved, board_line);
    detail::BoardText board = detail::read_board_section(lines, limits.max_board_size);
    std::string_view line;
    std::vector<std::string> players = detail::read_players(
        lines, line,
        detail::SavedPlayerLimits{saved.settings.min_players, saved.settings.max_players});

    SavedGameHeader header;
    header.overshoot = saved.overshoot_name;
    header.chains = saved.chains_name;
    if (saved.places[detail::setting::house_rules].line != 0) {
        header.house_rules = saved.house_rules_name;
    }
    header.house = saved.house;
    header.settings = saved.settings;
    header.settings.size = static_cast<Square>(board.size);
    header.jumps = std::move(board.jumps);
    for (const detail::SavedSettings& dice : choices.dice) {
        header.dice.push_back(detail::saved_dice(dice));
    }
    header.may_stay = *choices.may_stay;
    header.players = std::move(players);
    return header;
}

} // namespace snakeladder
