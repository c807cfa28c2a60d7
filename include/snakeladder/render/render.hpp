// Pictures of a board: a text drawing for terminals and logs, and an SVG document.
//
// Rendering sits on top of the board and knows nothing of games: the tokens to draw are plain
// (label, square) values, so a game, a replay or a test can all pass their own. The options
// are in render_options.hpp, the drawings in detail/text_drawing.hpp and detail/svg_drawing.hpp.
#pragma once

#include "../board/board.hpp"
#include "detail/svg_drawing.hpp"
#include "detail/text_drawing.hpp"
#include "render_options.hpp"

#include <string>

namespace snakeladder {

/// The board as text, one line per row of `options.row_width` squares, home at the top.
///
/// Rows run back and forth: square 1 is bottom left, the bottom row runs left to right, the
/// next right to left, and so on, so consecutive squares always touch. A top row that is not
/// full continues that path: its squares sit at the left when it runs left to right and at the
/// right when it runs right to left, above the squares they follow.
///
/// A cell holds the square's number, right-aligned; for a ladder's foot `^` and where it leads
/// (`1^38`), for a snake's head `v` and where it leads (`98v78`) (`↑` and `↓` with
/// unicode_arrows); then a space and the labels of the tokens on the square, separated by
/// commas (`12 A,B`). All cells have the same width: the largest square number, then room for
/// `^` and the largest number when the board has jumps, or more if a mark and tokens drawn
/// together need it (short labels such as initials keep the classic board 79 columns wide).
/// Cells are separated by one space and lines carry no trailing spaces. Tokens on square 0 are
/// listed on a last line, `waiting to start: A, B`. Labels are drawn without control
/// characters (and with U+FFFD for bytes that are not UTF-8); their width is counted in code
/// points, so double-width and combining characters misalign.
///
/// With colour, ladder marks are green, snake marks red and tokens bold cyan (ANSI escapes).
/// Throws InvalidConfig for a row width outside 1..max_row_width, a board above
/// max_drawn_squares, a token off the board, or a drawing above max_text_bytes.
template <typename Config>
[[nodiscard]] std::string render_text(const BasicBoard<Config>& board,
                                      const TextOptions& options = {}) {
    return detail::draw_text(board.size(), board.jumps(), options);
}

/// The board as a standalone SVG document, in the colours of `options.theme`: the title; the
/// grid of numbered squares in the same back-and-forth layout as render_text(), chequered, home
/// labelled HOME; each ladder as two thin rails with rungs and each snake as a thick dashed
/// S-curve with a round head (bent to the side that crosses fewer jumps), both under the
/// numbers, which sit on halos of their squares' colours; the notes; START under square 1 with
/// the tokens waiting on square 0 beside it; the tokens as discs about half a square wide,
/// ringed, shadowed and labelled; and a legend of what is drawn (ladder, snake, token, heat
/// scale, notes), left out when nothing is.
/// Every jump is exactly one <path> element (nothing else is a <path>); every label and the
/// title are XML-escaped and cleaned as for render_text(). The output depends only on the
/// arguments: coordinates are written with one decimal. docs/rendering.md describes the picture.
///
/// Throws InvalidConfig for a row width outside 1..max_row_width, a board above
/// max_drawn_squares, a token off the board, a cell size outside 8..1000, a heat map or notes
/// of the wrong length or a heat value that is negative or not finite, or a theme colour that
/// is not `#rgb`, `#rrggbb` or a name of letters (or no token colours).
template <typename Config>
[[nodiscard]] std::string render_svg(const BasicBoard<Config>& board,
                                     const SvgOptions& options = {}) {
    return detail::draw_svg(board.size(), board.jumps(), options);
}

} // namespace snakeladder
