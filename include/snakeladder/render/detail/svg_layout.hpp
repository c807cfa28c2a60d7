// Where everything goes in an SVG picture: the checks of what render_svg() is asked to draw,
// the legend's items and the layout of the page, before anything is written.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../board/board.hpp"
#include "../render_options.hpp"
#include "drawing.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder::detail {

/// Fixed precision, so the same board gives the same bytes everywhere; "12.0" is written "12".
inline std::string svg_number(double value) {
    std::string text = fmt::format("{:.1f}", value);
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) {
        text.resize(text.size() - 2);
    }
    if (text == "-0") {
        text = "0";
    }
    return text;
}

struct Point {
    double x = 0;
    double y = 0;
};

/// Whether `colour` may be written into an attribute: `#rgb`, `#rrggbb`, or a name of letters.
inline bool is_svg_colour(std::string_view colour) noexcept {
    const auto hex = [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    };
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (colour.starts_with('#') && (colour.size() == 4 || colour.size() == 7)) {
        return std::all_of(colour.begin() + 1, colour.end(), hex);
    }
    return !colour.empty() && colour.size() <= 40 &&
           std::all_of(colour.begin(), colour.end(), letter);
}

// A colour goes into an attribute as it is: a quote would end the attribute and let the rest
// of the value write markup, so only plain colours pass.
inline void check_svg_theme(const SvgTheme& theme) {
    const std::array<std::pair<std::string_view, const std::string*>, 13> fields{{
        {"background", &theme.background},
        {"text", &theme.text},
        {"square_light", &theme.square_light},
        {"square_dark", &theme.square_dark},
        {"home", &theme.home},
        {"grid", &theme.grid},
        {"number", &theme.number},
        {"ladder", &theme.ladder},
        {"snake", &theme.snake},
        {"heat", &theme.heat},
        {"note", &theme.note},
        {"token_text", &theme.token_text},
        {"token_outline", &theme.token_outline},
    }};
    const auto check = [](std::string_view field, const std::string& colour) {
        if (!is_svg_colour(colour)) {
            throw_invalid_config(
                fmt::format("the SVG theme's {} colour must be #rgb, #rrggbb or a name made of "
                            "letters, got {}",
                            field, quoted_for_message(colour)));
        }
    };
    for (const auto& [field, colour] : fields) {
        check(field, *colour);
    }
    if (theme.tokens.empty()) {
        throw_invalid_config("the SVG theme has no token colours: give at least one");
    }
    for (std::size_t i = 0; i < theme.tokens.size(); ++i) {
        check(fmt::format("tokens[{}]", i), theme.tokens[i]);
    }
}

/// An estimate of a text's width: an average sans-serif character is about 0.55 of the font
/// size wide (0.62 in bold). Used to lay out the legend and to size the picture.
inline double text_width(std::size_t code_points, double font, bool bold = false) noexcept {
    return static_cast<double>(code_points) * font * (bold ? 0.62 : 0.55);
}

/// Checks what render_svg() is asked to draw, and gives the largest heat value on squares 1 and
/// up (0 without a heat map): the share each square is tinted by is its value over that one.
inline double checked_hottest(Square size, const SvgOptions& options) {
    check_drawable(size, options.row_width, options.tokens, "SVG");
    if (options.cell_size < 8 || options.cell_size > 1000) {
        detail::throw_invalid_config(fmt::format(
            "the SVG cell size must be between 8 and 1000 units, got {}", options.cell_size));
    }
    if (!options.heat.empty() && options.heat.size() != static_cast<std::size_t>(size)) {
        detail::throw_invalid_config(
            fmt::format("the SVG heat map needs one value per square 0 to {}, {} in all; got {}",
                        size - 1, size, options.heat.size()));
    }
    if (!options.notes.empty() && options.notes.size() != static_cast<std::size_t>(size)) {
        detail::throw_invalid_config(
            fmt::format("the SVG notes need one text per square 0 to {}, {} in all; got {}",
                        size - 1, size, options.notes.size()));
    }
    double hottest = 0.0;
    for (std::size_t square = 0; square < options.heat.size(); ++square) {
        const double value = options.heat[square];
        if (!(value >= 0.0) || !std::isfinite(value)) {
            detail::throw_invalid_config(
                fmt::format("the SVG heat map's value for square {} is {}; each must be a finite "
                            "number of at least 0",
                            square, value));
        }
        hottest = square == 0 ? hottest : std::max(hottest, value);
    }
    check_svg_theme(options.theme);
    return hottest;
}

/// The tokens by where they are drawn: waiting on square 0 in the strip under the grid, or on
/// a square of the board, each list in the order the tokens were given.
struct TokenPlaces {
    std::vector<std::size_t> waiting;
    std::map<Square, std::vector<std::size_t>> on_square;
};

inline TokenPlaces token_places(std::span<const Token> tokens) {
    TokenPlaces places;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i].square == 0) {
            places.waiting.push_back(i);
        } else {
            places.on_square[tokens[i].square].push_back(i);
        }
    }
    return places;
}

/// One item of the legend: a symbol drawn as on the board and the words that explain it.
enum class LegendSymbol { ladder, snake, token, heat, note };
struct LegendItem {
    LegendSymbol symbol;
    CleanLabel words;
    double symbol_width = 0;
    double x = 0; // where svg_layout() places it
    double y = 0;
};

// The legend explains only what is drawn: a sample ladder only on a board with a ladder, and
// so on; with nothing to explain there is no legend band at all.
inline std::vector<LegendItem> legend_items(std::span<const Jump> jumps,
                                            const SvgOptions& options) {
    std::vector<LegendItem> legend;
    if (!options.legend) {
        return legend;
    }
    const double cell = options.cell_size;
    const auto has = [&](JumpKind kind) {
        return std::any_of(jumps.begin(), jumps.end(),
                           [kind](const Jump& jump) { return jump.kind() == kind; });
    };
    if (has(JumpKind::ladder)) {
        legend.push_back(
            {LegendSymbol::ladder, clean_label("ladder: climb to its top"), cell * 0.7});
    }
    if (has(JumpKind::snake)) {
        legend.push_back(
            {LegendSymbol::snake, clean_label("snake: slide to its tail"), cell * 0.9});
    }
    if (!options.tokens.empty()) {
        legend.push_back({LegendSymbol::token, clean_label("token: a player"), cell * 0.5});
    }
    if (!options.heat.empty()) {
        const std::string words =
            options.heat_legend.empty() ? "share of the hottest square" : options.heat_legend;
        legend.push_back(
            {LegendSymbol::heat, clean_label(fmt::format("0% to 100%: {}", words)), cell * 1.5});
    }
    // Notes are drawn on squares 1..size-1, and an empty one draws nothing.
    const bool any_note = !options.notes.empty() &&
                          std::any_of(std::next(options.notes.begin()), options.notes.end(),
                                      [](const std::string& note) { return !note.empty(); });
    if (any_note) {
        const std::string words =
            options.notes_legend.empty() ? "a note on the square" : options.notes_legend;
        legend.push_back({LegendSymbol::note, clean_label(words), cell * 0.5});
    }
    return legend;
}

/// Where everything goes in the picture, in SVG user units: the title band, the grid, the
/// strip under it (START and the tokens waiting to enter) and the legend's lines.
struct SvgLayout {
    Square size = 0;
    int row_width = 0;
    int rows = 0;
    double cell = 0;
    double margin = 0;
    double title_band = 0;
    double title_font = 0;
    double text_font = 0; // the strip under the grid and the legend
    double grid_top = 0;
    double strip_top = 0;
    double strip_height = 0;
    double waiting_radius = 0;
    double waiting_step = 0;
    double waiting_text_x = 0;
    double waiting_left = 0;
    double width = 0;
    double height = 0;

    [[nodiscard]] Point top_left(Square square) const noexcept {
        const GridCell at = grid_cell(square, row_width);
        return Point{margin + at.column * cell, grid_top + (rows - 1 - at.row) * cell};
    }
    [[nodiscard]] Point centre(Square square) const noexcept {
        const Point corner = top_left(square);
        return Point{corner.x + cell * 0.5, corner.y + cell * 0.5};
    }
};

// The picture is as wide as the grid, the waiting tokens, the widest legend item and the title
// need; the legend's items run left to right, wrapped to that width, and `legend` is given
// their places.
inline SvgLayout svg_layout(Square size, const SvgOptions& options, const CleanLabel& title,
                            std::size_t waiting, std::vector<LegendItem>& legend) {
    SvgLayout at;
    at.size = size;
    at.row_width = options.row_width;
    at.cell = options.cell_size;
    const double cell = at.cell;
    const int columns = std::min(at.row_width, static_cast<int>(size));
    at.rows = (size - 1) / at.row_width + 1;
    at.margin = cell * 0.25;
    at.title_band = cell * 0.8;
    at.text_font = cell * 0.26;
    at.grid_top = at.margin + at.title_band;
    at.strip_top = at.grid_top + at.rows * cell;
    at.strip_height = cell * 0.8;
    at.waiting_radius = cell * 0.25;
    at.waiting_step = cell * 0.6;
    at.waiting_text_x = at.margin + cell * 1.15;
    at.waiting_left = at.waiting_text_x + text_width(17, at.text_font);
    double right = at.margin + columns * cell;
    if (waiting != 0) {
        right = std::max(right, at.waiting_left + static_cast<double>(waiting) * at.waiting_step);
    }
    const auto item_width = [&](const LegendItem& item) {
        return item.symbol_width + cell * 0.15 + text_width(item.words.width, at.text_font);
    };
    for (const LegendItem& item : legend) {
        right = std::max(right, at.margin + item_width(item));
    }
    // A long title on a narrow board is set smaller, down to 0.25 of a square, before it
    // widens the picture.
    const double title_natural = text_width(title.width, cell * 0.4, true);
    at.title_font = title_natural <= right - at.margin
                        ? cell * 0.4
                        : std::max(cell * 0.25, cell * 0.4 * (right - at.margin) / title_natural);
    right = std::max(right, at.margin + text_width(title.width, at.title_font, true));
    const double legend_row = cell * 0.55;
    const double legend_top = at.strip_top + at.strip_height;
    int legend_lines = 0;
    double cursor = at.margin;
    for (LegendItem& item : legend) {
        const double w = item_width(item);
        if (legend_lines == 0 || cursor + w > right) {
            ++legend_lines;
            cursor = at.margin;
        }
        item.x = cursor;
        item.y = legend_top + (legend_lines - 0.5) * legend_row;
        cursor += w + cell * 0.45;
    }
    at.width = right + at.margin;
    at.height = legend_top + legend_lines * legend_row + at.margin;
    return at;
}

/// A square's colour: chequered, so the back-and-forth rows are easy to follow; home stands out.
inline const std::string& square_fill(const SvgLayout& at, const SvgTheme& theme,
                                      Square square) noexcept {
    const GridCell cell = grid_cell(square, at.row_width);
    return square == at.size                   ? theme.home
           : (cell.row + cell.column) % 2 == 0 ? theme.square_light
                                               : theme.square_dark;
}

} // namespace snakeladder::detail
