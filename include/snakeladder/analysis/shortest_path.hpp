// The fewest rolls home when the player may choose every roll: a breadth-first search over the
// moves the board allows. With from_grid and start square 1 it answers LeetCode 909.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../board/detail/roll_runs.hpp"
#include "detail/solve_ticker.hpp"
#include "solve_report.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace snakeladder {

/// One shortest way home: the roll chosen for each move and the squares the token stands on.
struct ShortestPath {
    /// From the start square to home, one entry more than `rolls`.
    std::vector<Square> squares;
    /// The roll made for each move; move i goes from squares[i] to squares[i + 1].
    std::vector<std::int64_t> rolls;

    /// The fewest rolls home.
    [[nodiscard]] std::size_t roll_count() const noexcept { return rolls.size(); }
    friend bool operator==(const ShortestPath&, const ShortestPath&) = default;
};

/// The fewest rolls that bring a token standing on `from` home, choosing each roll from
/// `rolls`, and one path that takes them (the first a breadth-first search finds, trying the
/// smaller rolls first); std::nullopt when home cannot be reached. Moves are the board's own
/// (Board::advance): the overshoot rule and the chain rule apply, so under ExactFinish a roll past
/// home is a move that goes nowhere, which is how LeetCode 909 forbids it.
///
/// It takes time proportional to the squares times the distinct rolls. `options.progress`
/// hears the squares searched so far out of the board's size + 1, at most once per interval
/// (the clock is read once 2^20 moves have been tried), and once at the end with the squares
/// it searched as both numbers; an exception it throws stops the search and reaches the caller.
///
/// Throws InvalidConfig when `from` is not a square of the board (0..size), when `rolls` is
/// empty or holds a roll below 1, and when `options.progress_interval` is negative.
template <typename Config>
[[nodiscard]] std::optional<ShortestPath>
min_rolls(const BasicBoard<Config>& board, std::span<const std::int64_t> rolls, Square from = 0,
          const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    const Square n = board.size();
    if (from < 0 || from > n) {
        throw InvalidConfig("min_rolls: square " + std::to_string(from) + " is not on a board of " +
                            std::to_string(n) + " squares (0 is the start)");
    }
    if (rolls.empty()) {
        throw InvalidConfig("min_rolls: no roll to choose from; give at least one roll");
    }
    // Rolls the overshoot rule declares alike (alike_from) are searched once, as the shortest of
    // them the caller gave.
    const std::int64_t alike = detail::alike_from<typename Config::overshoot_rule>(n);
    std::vector<std::int64_t> choices;
    for (const std::int64_t r : rolls) {
        if (r < 1) {
            throw InvalidConfig("min_rolls: a roll must be at least 1, got " + std::to_string(r));
        }
        choices.push_back(r);
    }
    std::sort(choices.begin(), choices.end());
    choices.erase(std::unique(choices.begin(), choices.end()), choices.end());
    const auto past_alike =
        std::find_if(choices.begin(), choices.end(), [alike](std::int64_t r) { return r > alike; });
    if (past_alike != choices.end()) {
        const std::int64_t representative = *past_alike;
        choices.erase(past_alike, choices.end());
        if (choices.empty() || choices.back() != alike) {
            choices.push_back(representative);
        }
    }

    ShortestPath path;
    if (from == n) {
        ticker.finish({0, 0});
        path.squares.push_back(n);
        return path;
    }
    const std::int64_t total = std::int64_t{n} + 1;
    const auto squares = static_cast<std::size_t>(n) + 1;
    constexpr Square unseen = -1;
    std::vector<Square> parent(squares, unseen);
    std::vector<std::int64_t> parent_roll(squares, 0);
    std::vector<Square> queue;
    queue.reserve(squares);
    queue.push_back(from);
    parent[static_cast<std::size_t>(from)] = from;
    bool home = false;
    std::size_t head = 0;
    for (; head < queue.size() && !home; ++head) {
        ticker.add_work(choices.size(), [head, total] {
            return detail::Steps{static_cast<std::int64_t>(head) + 1, total};
        });
        const Square s = queue[head];
        for (const std::int64_t r : choices) {
            const Square t = board.advance(s, r);
            if (parent[static_cast<std::size_t>(t)] == unseen) {
                parent[static_cast<std::size_t>(t)] = s;
                parent_roll[static_cast<std::size_t>(t)] = r;
                queue.push_back(t);
                if (t == n) {
                    home = true;
                    break;
                }
            }
        }
    }
    const auto searched = static_cast<std::int64_t>(head);
    ticker.finish({searched, searched});
    if (!home) {
        return std::nullopt;
    }
    for (Square s = n; s != from; s = parent[static_cast<std::size_t>(s)]) {
        path.squares.push_back(s);
        path.rolls.push_back(parent_roll[static_cast<std::size_t>(s)]);
    }
    path.squares.push_back(from);
    std::reverse(path.squares.begin(), path.squares.end());
    std::reverse(path.rolls.begin(), path.rolls.end());
    return path;
}

/// min_rolls with every roll from 1 to `max_roll` allowed (a die of `max_roll` faces whose
/// roll the player chooses). Throws InvalidConfig when `max_roll` is below 1.
template <typename Config>
[[nodiscard]] std::optional<ShortestPath> min_rolls(const BasicBoard<Config>& board,
                                                    std::int64_t max_roll, Square from = 0,
                                                    const ProgressOptions& options = {}) {
    if (max_roll < 1) {
        throw InvalidConfig("min_rolls: max_roll must be at least 1, got " +
                            std::to_string(max_roll));
    }
    // Rolls the overshoot rule declares alike (see above) need not be listed. Under a rule that
    // declares nothing each roll is tried from each square, so the rolls are bounded as the
    // trap search bounds them.
    const std::int64_t listed =
        std::min(max_roll, detail::alike_from<typename Config::overshoot_rule>(board.size()));
    if (static_cast<std::uint64_t>(listed) >
        max_trap_moves / static_cast<std::uint64_t>(board.size())) {
        throw AnalysisLimitExceeded(
            static_cast<double>(listed) * static_cast<double>(board.size()),
            static_cast<double>(max_trap_moves), "give fewer rolls or a smaller board",
            fmt::format("min_rolls: {} distinct rolls from each of {} squares under {} are more "
                        "than the {} moves allowed (max_trap_moves); give fewer rolls or a "
                        "smaller board",
                        listed, board.size(), Config::overshoot_rule::name, max_trap_moves));
    }
    std::vector<std::int64_t> rolls;
    rolls.reserve(static_cast<std::size_t>(listed));
    for (std::int64_t r = 1; r <= listed; ++r) {
        rolls.push_back(r);
    }
    return min_rolls(board, std::span<const std::int64_t>(rolls), from, options);
}

} // namespace snakeladder
