// Ready-made boards: the classic Milton Bradley board, random boards that are valid by
// construction, and the LeetCode 909 grid encoding.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../base/random.hpp"
#include "../rules/config.hpp"
#include "board.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder {

/// The 19 jumps of the classic 100-square Milton Bradley board.
inline constexpr std::array<Jump, 19> classic_jumps{{
    {1, 38},  {4, 14},   {9, 31},  {21, 42}, {28, 84}, {36, 44}, {51, 67},
    {71, 91}, {80, 100}, {16, 6},  {48, 26}, {49, 11}, {56, 53}, {62, 19},
    {64, 60}, {87, 24},  {93, 73}, {95, 75}, {98, 78},
}};

/// The classic board under the rules of `config` (whose size must be 100).
template <typename Config = GameConfig<>>
constexpr Board<Config> classic(Config config = Config{}) {
    if (config.size() != 100) {
        detail::throw_invalid_config("the classic board has 100 squares, but the configuration "
                                     "asks for " +
                                     std::to_string(config.size()));
    }
    return Board<Config>(std::span<const Jump>(classic_jumps), config);
}

namespace detail {
// Knuth's selection sampling: `count` distinct values of [low, high], in increasing order, in
// one pass and without retries.
template <UniformRandomBitGenerator Engine>
std::vector<Square> sample_sorted(Engine& engine, std::int64_t count, Square low, Square high) {
    std::vector<Square> chosen;
    chosen.reserve(static_cast<std::size_t>(count));
    std::int64_t remaining = std::int64_t{high} - low + 1;
    for (Square s = low; s <= high && count > 0; ++s, --remaining) {
        if (uniform_below(engine, static_cast<std::uint64_t>(remaining)) <
            static_cast<std::uint64_t>(count)) {
            chosen.push_back(s);
            --count;
        }
    }
    return chosen;
}

// The `index`-th (0-based) square of [1, size] that is not in the sorted list `taken`.
inline Square nth_free_square(const std::vector<Square>& taken, std::int64_t index) {
    // free_up_to(x) = x - |{t in taken : t <= x}| is non-decreasing; find the first x where
    // it exceeds index. That x is free, because free_up_to just increased there.
    Square low = 1;
    Square high = std::numeric_limits<Square>::max() - 1;
    while (low < high) {
        const Square mid = low + (high - low) / 2;
        const auto taken_up_to = std::upper_bound(taken.begin(), taken.end(), mid) - taken.begin();
        if (std::int64_t{mid} - taken_up_to > index) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    return low;
}

// How many squares of [1, x] are not in the sorted list `taken`.
inline std::int64_t free_squares_up_to(const std::vector<Square>& taken, Square x) {
    return std::int64_t{x} - (std::upper_bound(taken.begin(), taken.end(), x) - taken.begin());
}
} // namespace detail

/// How many snakes and ladders random_board places, named at the call
/// (`random_board(engine, {.snakes = 8, .ladders = 8})`) because two bare counts are too easily
/// swapped.
struct JumpCounts {
    std::int64_t snakes = 0;
    std::int64_t ladders = 0;
};

/// A random board with `counts.snakes` snakes and `counts.ladders` ladders, valid by construction
/// under the chain rule of `config` (no retry loop): jumps start on distinct squares of 2..size-1,
/// so square 1 is always free for a snake to end on and home always free for a ladder. Snakes never
/// end where a jump starts, so no cycle can form; under RejectChains ladders do not either, and
/// under FollowChains and SingleJump a ladder may end on another jump. The same engine state gives
/// the same board on every platform.
template <typename Config = GameConfig<>, UniformRandomBitGenerator Engine>
Board<Config> random_board(Engine& engine, JumpCounts counts, Config config = Config{}) {
    const auto [snakes, ladders] = counts;
    if (snakes < 0 || ladders < 0) {
        detail::throw_invalid_config("random_board needs a count of snakes and ladders of at "
                                     "least 0, got " +
                                     std::to_string(snakes) + " snakes and " +
                                     std::to_string(ladders) + " ladders");
    }
    // Jumps start on 2..size-1; a board of one or two squares has no room for any.
    const std::int64_t free_squares = std::max<std::int64_t>(0, std::int64_t{config.size()} - 2);
    if (snakes > free_squares || ladders > free_squares - snakes) {
        detail::throw_invalid_config("random_board: " + std::to_string(snakes) + " snakes and " +
                                     std::to_string(ladders) + " ladders need " +
                                     std::to_string(static_cast<std::uint64_t>(snakes) +
                                                    static_cast<std::uint64_t>(ladders)) +
                                     " distinct start squares, but a board of " +
                                     std::to_string(config.size()) + " squares has only " +
                                     std::to_string(free_squares) +
                                     " (jumps start on squares 2 to size - 1)");
    }
    const std::int64_t count = snakes + ladders;
    const std::vector<Square> starts = detail::sample_sorted(engine, count, 2, config.size() - 1);
    // Which of the starts are snakes: `snakes` of the `count` positions, again in one pass.
    std::vector<bool> is_snake(starts.size(), false);
    for (const Square position :
         detail::sample_sorted(engine, snakes, 0, static_cast<Square>(count) - 1)) {
        is_snake[static_cast<std::size_t>(position)] = true;
    }
    const bool ladders_may_chain = Config::chain_rule::policy != ChainPolicy::reject;
    std::vector<Jump> jumps;
    jumps.reserve(starts.size());
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const Square start = starts[i];
        if (is_snake[i]) {
            const std::int64_t choices = detail::free_squares_up_to(starts, start - 1);
            const auto pick = static_cast<std::int64_t>(
                uniform_below(engine, static_cast<std::uint64_t>(choices)));
            jumps.push_back({start, detail::nth_free_square(starts, pick)});
        } else if (ladders_may_chain) {
            jumps.push_back({start, static_cast<Square>(uniform_between(
                                        engine, std::int64_t{start} + 1, config.size()))});
        } else {
            const std::int64_t below = detail::free_squares_up_to(starts, start);
            const std::int64_t choices = detail::free_squares_up_to(starts, config.size()) - below;
            const auto pick = static_cast<std::int64_t>(
                uniform_below(engine, static_cast<std::uint64_t>(choices)));
            jumps.push_back({start, detail::nth_free_square(starts, below + pick)});
        }
    }
    return Board<Config>(std::move(jumps), config);
}

/// A board from the LeetCode 909 encoding: an n x n grid whose squares are numbered from the
/// bottom-left corner, left to right on the bottom row and then back and forth; a cell holds
/// -1 (no jump) or the square its jump leads to (a cell that names its own square is no jump).
/// The default rules are those of the puzzle: one jump per landing, no move past the end.
template <typename Config = GameConfig<ExactFinish, SingleJump>>
Board<Config> from_grid(const std::vector<std::vector<int>>& grid, Config config = Config{}) {
    const std::size_t n = grid.size();
    if (n == 0) {
        detail::throw_invalid_config("from_grid: the grid is empty; it needs n rows of n cells");
    }
    if (n * n > static_cast<std::size_t>(Config::max_size)) {
        detail::throw_invalid_config("from_grid: a grid of " + std::to_string(n) + " x " +
                                     std::to_string(n) + " squares is larger than the " +
                                     std::to_string(Config::max_size) +
                                     " squares a board may have");
    }
    std::vector<Jump> jumps;
    for (std::size_t row = 0; row < n; ++row) {
        if (grid[row].size() != n) {
            detail::throw_invalid_config("from_grid: row " + std::to_string(row + 1) + " has " +
                                         std::to_string(grid[row].size()) +
                                         " cells, but the grid has " + std::to_string(n) +
                                         " rows; the grid must be square");
        }
        const std::size_t from_bottom = n - 1 - row;
        for (std::size_t column = 0; column < n; ++column) {
            const std::size_t along = (from_bottom % 2 == 0) ? column : n - 1 - column;
            const auto square = static_cast<Square>(from_bottom * n + along + 1);
            const int target = grid[row][column];
            if (target != -1 && target != square) {
                jumps.push_back({square, target});
            }
        }
    }
    return Board<Config>(std::move(jumps), config.with_size(static_cast<std::int64_t>(n * n)));
}

// The classic board is valid, and a token on 97 that rolls 1 slides down the snake on 98.
static_assert(classic().jumps().size() == 19);
static_assert(classic().advance(97, 1) == 78);

} // namespace snakeladder
