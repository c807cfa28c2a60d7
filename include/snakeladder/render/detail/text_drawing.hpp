// The board as text: render_text()'s drawing.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../board/board.hpp"
#include "../render_options.hpp"
#include "drawing.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder::detail {

/// The square drawn at (row, column), or 0 where the top row has no square.
inline Square square_at(int row, int column, int row_width, Square size) noexcept {
    const int along = row % 2 == 0 ? column : row_width - 1 - column;
    const std::int64_t square = std::int64_t{row} * row_width + along + 1;
    return square <= size ? static_cast<Square>(square) : 0;
}

inline const Jump* jump_starting_on(std::span<const Jump> jumps, Square square) noexcept {
    const auto it = std::lower_bound(jumps.begin(), jumps.end(), square,
                                     [](const Jump& j, Square s) { return j.start < s; });
    return (it != jumps.end() && it->start == square) ? &*it : nullptr;
}

inline int decimal_digits(Square value) noexcept {
    int digits = 1;
    for (; value >= 10; value /= 10) {
        ++digits;
    }
    return digits;
}

namespace ansi {
inline constexpr std::string_view ladder = "\x1b[32m";
inline constexpr std::string_view snake = "\x1b[31m";
inline constexpr std::string_view token = "\x1b[1;36m";
inline constexpr std::string_view reset = "\x1b[0m";
} // namespace ansi

/// The text drawing's cells: the tokens' labels and where they are, and the widths that every
/// cell shares.
struct TextGrid {
    std::vector<CleanLabel> labels;
    /// Tokens per square, in the order given; the map stays as small as the token list.
    std::map<Square, std::vector<std::size_t>> on_square;
    std::size_t number_width = 0;
    /// What follows a square's number in every cell: its jump mark and its tokens.
    std::size_t tail_width = 0;
    bool color = false;
    std::string_view up;
    std::string_view down;

    [[nodiscard]] std::size_t cell_width() const noexcept { return number_width + tail_width; }
    /// The labels of the tokens on a square and the commas between them.
    [[nodiscard]] std::size_t group_width(const std::vector<std::size_t>& group) const noexcept {
        std::size_t width = group.size() - 1;
        for (const std::size_t i : group) {
            width += labels[i].width;
        }
        return width;
    }
};

/// The width of the mark of a jump starting on `square` (`^38`), 0 where none does.
inline std::size_t mark_width(std::span<const Jump> jumps, Square square) noexcept {
    const Jump* jump = jump_starting_on(jumps, square);
    return jump == nullptr ? 0 : 1 + static_cast<std::size_t>(decimal_digits(jump->end));
}

// Every cell has the same width: the number, right-aligned, then what follows it: the jump mark
// and the tokens on the square. That part is as wide as the widest mark could be (`^` and the
// largest number) or as the widest mark and tokens actually drawn together.
inline TextGrid text_grid(Square size, std::span<const Jump> jumps, const TextOptions& options) {
    TextGrid grid;
    grid.color = color_enabled(options.color);
    grid.up = options.unicode_arrows ? "\u2191" : "^";
    grid.down = options.unicode_arrows ? "\u2193" : "v";
    grid.labels.reserve(options.tokens.size());
    for (std::size_t i = 0; i < options.tokens.size(); ++i) {
        grid.labels.push_back(clean_label(options.tokens[i].label));
        grid.on_square[options.tokens[i].square].push_back(i);
    }
    grid.number_width = static_cast<std::size_t>(decimal_digits(size));
    grid.tail_width = jumps.empty() ? 0 : 1 + grid.number_width;
    for (const auto& [square, group] : grid.on_square) {
        if (square != 0) {
            grid.tail_width =
                std::max(grid.tail_width, mark_width(jumps, square) + 1 + grid.group_width(group));
        }
    }
    return grid;
}

// One square's cell: its number, its jump's mark and its tokens, padded to the cell's width.
inline void draw_text_cell(std::string& out, const TextGrid& grid, std::span<const Jump> jumps,
                           Square square) {
    const bool color = grid.color;
    const std::string number = std::to_string(square);
    out.append(grid.number_width - number.size(), ' ');
    out += number;
    std::size_t used = 0;
    if (const Jump* jump = jump_starting_on(jumps, square)) {
        const bool ladder = jump->kind() == JumpKind::ladder;
        out += color ? (ladder ? ansi::ladder : ansi::snake) : "";
        out += ladder ? grid.up : grid.down;
        out += std::to_string(jump->end);
        out += color ? ansi::reset : "";
        used += mark_width(jumps, square);
    }
    if (const auto it = grid.on_square.find(square); it != grid.on_square.end()) {
        out += ' ';
        out += color ? ansi::token : "";
        for (std::size_t k = 0; k < it->second.size(); ++k) {
            out += k == 0 ? "" : ",";
            out += grid.labels[it->second[k]].text;
        }
        out += color ? ansi::reset : "";
        used += 1 + grid.group_width(it->second);
    }
    out.append(grid.tail_width - used, ' ');
}

inline std::string draw_text(Square size, std::span<const Jump> jumps, const TextOptions& options) {
    check_drawable(size, options.row_width, options.tokens, "text");
    const TextGrid grid = text_grid(size, jumps, options);
    const int row_width = options.row_width;
    const int rows = (size - 1) / row_width + 1;
    const std::uint64_t estimate = std::uint64_t{static_cast<std::uint32_t>(rows)} *
                                   static_cast<std::uint32_t>(row_width) *
                                   (grid.cell_width() + 1 + (grid.color ? 20 : 0));
    if (estimate > max_text_bytes) {
        detail::throw_invalid_config(fmt::format(
            "drawing this board as text would take about {} MiB (at most {} MiB): use shorter "
            "token labels or a smaller board",
            estimate >> 20, max_text_bytes >> 20));
    }

    std::string out;
    out.reserve(static_cast<std::size_t>(estimate));
    for (int row = rows - 1; row >= 0; --row) {
        for (int column = 0; column < row_width; ++column) {
            if (column > 0) {
                out += ' ';
            }
            const Square square = square_at(row, column, row_width, size);
            if (square == 0) {
                out.append(grid.cell_width(), ' ');
            } else {
                draw_text_cell(out, grid, jumps, square);
            }
        }
        // Blank cells and padding at the end of a line are noise in logs and golden files.
        out.erase(out.find_last_not_of(' ') + 1);
        out += '\n';
    }

    if (const auto waiting = grid.on_square.find(0); waiting != grid.on_square.end()) {
        out += "waiting to start: ";
        for (std::size_t k = 0; k < waiting->second.size(); ++k) {
            out += k == 0 ? "" : ", ";
            out += grid.color ? ansi::token : "";
            out += grid.labels[waiting->second[k]].text;
            out += grid.color ? ansi::reset : "";
        }
        out += '\n';
    }
    return out;
}

} // namespace snakeladder::detail
