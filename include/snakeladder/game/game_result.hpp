// Where a game stands: its status, the ranking and, once it is over, its result.
#pragma once

#include "../base/jump.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder {

/// Where a game is in its life.
enum class GameStatus {
    not_started, ///< no turn has been played
    in_progress, ///< turns are being played
    finished,    ///< the game has ended by its rules (a winner; under play_to_last, one left)
    turn_limit_reached, ///< the configuration's turn limit stopped the game before it finished
};

constexpr std::string_view to_string(GameStatus status) noexcept {
    switch (status) {
    case GameStatus::not_started:
        return "not started";
    case GameStatus::in_progress:
        return "in progress";
    case GameStatus::finished:
        return "finished";
    case GameStatus::turn_limit_reached:
        return "turn limit reached";
    }
    return "unknown";
}

/// One line of a ranking.
struct Standing {
    /// 1 for the best placed player; ranks are distinct (ties on a square go to the lower seat).
    std::size_t rank = 0;
    std::uint32_t seat = 0;
    std::string player;
    Square square = 0;
    bool home = false;

    friend bool operator==(const Standing&, const Standing&) = default;
};

/// The outcome of a game (or where it stands, if it is not over).
struct GameResult {
    GameStatus status = GameStatus::not_started;
    /// The first player home, if any.
    std::optional<std::string> winner;
    /// Turns played.
    std::uint64_t turns = 0;
    /// Players home in the order they got there, then the others by square (highest first),
    /// then by seat.
    std::vector<Standing> ranking;

    friend bool operator==(const GameResult&, const GameResult&) = default;
};

} // namespace snakeladder

template <>
struct fmt::formatter<snakeladder::GameStatus> : fmt::formatter<std::string_view> {
    template <typename FormatContext>
    auto format(snakeladder::GameStatus status, FormatContext& ctx) const {
        return fmt::formatter<std::string_view>::format(snakeladder::to_string(status), ctx);
    }
};

/// Prints `1. Ana (home)` or `2. Ben (on 87)`.
template <>
struct fmt::formatter<snakeladder::Standing> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::Standing& standing, FormatContext& ctx) const {
        if (standing.home) {
            return fmt::format_to(ctx.out(), "{}. {} (home)", standing.rank, standing.player);
        }
        return fmt::format_to(ctx.out(), "{}. {} (on {})", standing.rank, standing.player,
                              standing.square);
    }
};

/// Prints one line: what happened, then the ranking:
///   `Ana wins after 42 turns; ranking: 1. Ana (home), 2. Cy (on 87), 3. Ben (on 45)`
///   `no winner: stopped at the turn limit after 500 turns; ranking: ...`
template <>
struct fmt::formatter<snakeladder::GameResult> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::GameResult& result, FormatContext& ctx) const {
        using snakeladder::GameStatus;
        auto out = ctx.out();
        const std::string_view turns = result.turns == 1 ? "turn" : "turns";
        switch (result.status) {
        case GameStatus::not_started:
            return fmt::format_to(out, "not started");
        case GameStatus::finished:
            out = fmt::format_to(out, "{} wins after {} {}", result.winner.value_or("nobody"),
                                 result.turns, turns);
            break;
        case GameStatus::turn_limit_reached:
            if (result.winner) {
                out = fmt::format_to(out, "{} wins; play stopped at the turn limit after {} {}",
                                     *result.winner, result.turns, turns);
            } else {
                out = fmt::format_to(out, "no winner: stopped at the turn limit after {} {}",
                                     result.turns, turns);
            }
            break;
        case GameStatus::in_progress:
            out = fmt::format_to(out, "in progress after {} {}", result.turns, turns);
            if (result.winner) {
                out = fmt::format_to(out, " ({} has won)", *result.winner);
            }
            break;
        }
        const char* separator = "; ranking: ";
        for (const snakeladder::Standing& standing : result.ranking) {
            out = fmt::format_to(out, "{}{}", separator, standing);
            separator = ", ";
        }
        return out;
    }
};
