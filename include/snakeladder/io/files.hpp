// Boards and saved games in files: load a board from a path, save a game to a path and load it
// back. Reading is bounded in size; a save writes a file beside the target and renames it over
// the target, so a failed save never leaves a half-written file. Every error names the path:
// FileError when the file cannot be read or written, ParseError (with `file()`) or InvalidBoard
// when its text is refused (InvalidConfig for rules that refuse it), the message starting `board
// file 'PATH': ` or `saved game 'PATH': `.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../game/decision_game.hpp"
#include "../game/game.hpp"
#include "../turn/decisions.hpp"
#include "board_text.hpp"
#include "detail/text_file.hpp"
#include "saved_decision_game.hpp"
#include "saved_game.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// The largest board file `load_board_file` reads by default: a board of the largest size with
/// a jump on every square fits well within it.
inline constexpr std::uintmax_t max_board_file_bytes = std::uintmax_t{512} << 20;

namespace detail {

inline constexpr std::string_view board_file = "board file";
inline constexpr std::string_view saved_game_file = "saved game";

// `read(text)` on the text of the file at `path`, with the path put into the errors its text
// causes.
template <class Read>
auto read_from_file(const std::filesystem::path& path, std::string_view kind,
                    std::uintmax_t max_bytes, Read read) {
    const std::string text = read_text_file(path, kind, max_bytes);
    try {
        return read(std::string_view(text));
    } catch (const ParseError& error) {
        throw ParseError(error, kind, path.string());
    } catch (const InvalidBoard& error) {
        throw InvalidBoard(error.reason(),
                           std::string(kind) + " '" + path.string() + "': " + error.what());
    } catch (const InvalidConfig& error) {
        throw InvalidConfig(std::string(kind) + " '" + path.string() + "': " + error.what());
    }
}

} // namespace detail

/// The whole text of the file at `path`, read as the loaders read theirs: at most `max_bytes`
/// (a larger file, or one that never ends, a pipe or /dev/zero, is refused once that much is
/// read). FileError, with path() and reason(), when it cannot be read, its message naming the
/// file as a `kind`: `cannot read saved game 'PATH': No such file or directory`.
[[nodiscard]] inline std::string read_text_file(const std::filesystem::path& path,
                                                std::uintmax_t max_bytes,
                                                std::string_view kind = "file") {
    return detail::read_text_file(path, kind, max_bytes);
}

/// The board in the file at `path`, in the text format of board_text.hpp, under the rules of
/// `config` (whose size the file's replaces). A file of more than `max_bytes` is refused.
template <typename Config = GameConfig<>>
[[nodiscard]] Board<Config> load_board_file(const std::filesystem::path& path,
                                            Config config = Config{},
                                            std::uintmax_t max_bytes = max_board_file_bytes) {
    return detail::read_from_file(path, detail::board_file, max_bytes,
                                  [&](std::string_view text) { return parse_board(text, config); });
}

/// Writes `board` to `path` in the text format (through a file beside it, renamed over it).
template <typename Config>
void save_board_file(const std::filesystem::path& path, const BasicBoard<Config>& board) {
    detail::write_text_file(path, detail::board_file, to_text(board));
}

/// Writes `save_game(game)` to `path`, a Game's or a DecisionGame's, through a file beside it
/// that is renamed over it: `path` keeps its old contents when the save fails.
template <class D, class Config, class Mutex>
void save_game_file(const std::filesystem::path& path, const Game<D, Config, Mutex>& game) {
    detail::write_text_file(path, detail::saved_game_file, save_game(game));
}
template <class D, class Config, class Mutex>
void save_game_file(const std::filesystem::path& path, const DecisionGame<D, Config, Mutex>& game) {
    detail::write_text_file(path, detail::saved_game_file, save_game(game));
}

/// `load_game<GameType>(text, dice[, house_rules][, limits])` on the text of the file at `path`
/// (at most `limits.max_file_bytes`), for a Game.
template <class GameType>
requires detail::is_game<GameType>
[[nodiscard]] GameType load_game_file(const std::filesystem::path& path,
                                      typename GameType::dice_type dice,
                                      const SavedGameLimits& limits = {}) {
    return detail::read_from_file(
        path, detail::saved_game_file, limits.max_file_bytes,
        [&](std::string_view text) { return load_game<GameType>(text, std::move(dice), limits); });
}
template <class GameType>
requires detail::is_game<GameType>
[[nodiscard]] GameType
load_game_file(const std::filesystem::path& path, typename GameType::dice_type dice,
               const typename GameType::config_type::house_rule_policy& house_rules,
               const SavedGameLimits& limits = {}) {
    return detail::read_from_file(
        path, detail::saved_game_file, limits.max_file_bytes, [&](std::string_view text) {
            return load_game<GameType>(text, std::move(dice), house_rules, limits);
        });
}

/// `load_game<GameType>(text, choices, seats[, house_rules][, limits])` on the text of the file
/// at `path` (at most `limits.max_file_bytes`), for a DecisionGame.
template <class GameType>
requires detail::is_decision_game<GameType>
[[nodiscard]] GameType load_game_file(const std::filesystem::path& path,
                                      Choices<typename GameType::dice_type> choices,
                                      std::vector<Seat> seats, const SavedGameLimits& limits = {}) {
    return detail::read_from_file(
        path, detail::saved_game_file, limits.max_file_bytes, [&](std::string_view text) {
            return load_game<GameType>(text, std::move(choices), std::move(seats), limits);
        });
}
template <class GameType>
requires detail::is_decision_game<GameType>
[[nodiscard]] GameType
load_game_file(const std::filesystem::path& path, Choices<typename GameType::dice_type> choices,
               std::vector<Seat> seats,
               const typename GameType::config_type::house_rule_policy& house_rules,
               const SavedGameLimits& limits = {}) {
    return detail::read_from_file(
        path, detail::saved_game_file, limits.max_file_bytes, [&](std::string_view text) {
            return load_game<GameType>(text, std::move(choices), std::move(seats), house_rules,
                                       limits);
        });
}

} // namespace snakeladder
