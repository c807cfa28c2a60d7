// What both drawings share: a label made safe to draw, where a square sits in the grid, and
// the checks of what may be drawn.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/text.hpp"
#include "../../board/board.hpp"
#include "../render_options.hpp"

#include <cstddef>
#include <fmt/format.h>
#include <span>
#include <string>
#include <string_view>

namespace snakeladder::detail {

/// A label made safe to draw, and how many columns it takes (one per code point: wide and
/// combining characters are not measured).
struct CleanLabel {
    std::string text;
    std::size_t width = 0;
};

// Player names can hold any bytes. Control characters would move a terminal's cursor or
// change its colours, and are not allowed in XML 1.0 (nor are U+FFFE and U+FFFF), so they are
// dropped; bytes that are not UTF-8 become U+FFFD. A label left empty is drawn as "?", so
// every token stays visible.
inline CleanLabel clean_label(std::string_view raw) {
    CleanLabel clean;
    clean.text.reserve(raw.size());
    for (std::size_t at = 0; at < raw.size();) {
        const Utf8Char c = decode_utf8(raw, at);
        if (!c.valid || c.code == 0xFFFE || c.code == 0xFFFF) {
            clean.text += "\xEF\xBF\xBD";
            ++clean.width;
        } else if (allowed_in_xml(c.code)) {
            clean.text.append(raw.substr(at, c.length));
            ++clean.width;
        }
        at += c.length;
    }
    if (clean.text.empty()) {
        clean.text = "?";
        clean.width = 1;
    }
    return clean;
}

/// Where a square sits in the back-and-forth grid: row 0 is the bottom row, column 0 the left.
struct GridCell {
    int row = 0;
    int column = 0;
};

inline GridCell grid_cell(Square square, int row_width) noexcept {
    const int index = static_cast<int>(square) - 1;
    const int row = index / row_width;
    const int along = index % row_width;
    return {row, row % 2 == 0 ? along : row_width - 1 - along};
}

inline void check_drawable(Square size, int row_width, std::span<const Token> tokens,
                           std::string_view medium) {
    if (row_width < 1 || row_width > max_row_width) {
        detail::throw_invalid_config(fmt::format(
            "the row width must be between 1 and {} squares, got {}", max_row_width, row_width));
    }
    if (size > max_drawn_squares) {
        detail::throw_invalid_config(
            fmt::format("a board of {} squares is too large to draw as {} (at most {} squares)",
                        size, medium, max_drawn_squares));
    }
    for (const Token& token : tokens) {
        if (token.square < 0 || token.square > size) {
            detail::throw_invalid_config(
                fmt::format("token {} is on square {}, which is not on a board of {} squares "
                            "(0 is the start)",
                            detail::quoted_for_message(token.label), token.square, size));
        }
    }
}

} // namespace snakeladder::detail
