// The board as an SVG document: render_svg()'s drawing, in the order it is painted. Each part
// of the picture is one function over the layout that svg_layout() works out first.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../base/text.hpp"
#include "../../board/board.hpp"
#include "../render_options.hpp"
#include "drawing.hpp"
#include "svg_layout.hpp"

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

/// Whether the segments a-b and c-d cross (touching at an end does not count).
inline bool segments_cross(Point a, Point b, Point c, Point d) noexcept {
    const auto side = [](Point p, Point q, Point r) {
        return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    };
    return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

/// The snake's cubic Bezier from head to tail: an S-bend whose control points pull to
/// opposite sides of the straight line, the first to the side `sign` (+1 or -1) picks.
struct SnakeCurve {
    Point head, first, second, tail;
};

inline SnakeCurve snake_curve(Point head, Point tail, double cell, double sign) {
    const double dx = tail.x - head.x;
    const double dy = tail.y - head.y;
    const double length = std::sqrt(dx * dx + dy * dy);
    const double bend = std::min(cell * 0.6, length * 0.25) * sign;
    const double nx = -dy / length * bend;
    const double ny = dx / length * bend;
    return {head,
            {head.x + dx / 3 + nx, head.y + dy / 3 + ny},
            {head.x + dx * 2 / 3 - nx, head.y + dy * 2 / 3 - ny},
            tail};
}

/// The curve as 16 straight pieces, enough to count what it crosses.
inline std::array<Point, 17> sampled(const SnakeCurve& c) {
    std::array<Point, 17> points{};
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double t = static_cast<double>(i) / 16;
        const double u = 1 - t;
        const double a = u * u * u;
        const double b = 3 * u * u * t;
        const double e = 3 * u * t * t;
        const double f = t * t * t;
        points[i] = {a * c.head.x + b * c.first.x + e * c.second.x + f * c.tail.x,
                     a * c.head.y + b * c.first.y + e * c.second.y + f * c.tail.y};
    }
    return points;
}

/// Above this many jumps every snake bends the same way: choosing the side compares each snake
/// with every jump drawn before it, which grows with the square of the number of jumps.
inline constexpr std::size_t max_untangled_jumps = 400;

// The document's head, the page and the title.
inline void draw_page(std::string& out, const SvgLayout& at, const SvgTheme& theme,
                      const std::string& title) {
    constexpr auto n = &svg_number;
    fmt::format_to(std::back_inserter(out),
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" "
                   "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n"
                   "<title>{2}</title>\n"
                   "<rect class=\"background\" width=\"{0}\" height=\"{1}\" fill=\"{6}\"/>\n"
                   "<text class=\"title\" x=\"{3}\" y=\"{4}\" font-size=\"{5}\" "
                   "font-weight=\"bold\" fill=\"{7}\">{2}</text>\n",
                   n(at.width), n(at.height), title, n(at.margin),
                   n(at.margin + at.title_band * 0.6), n(at.title_font), theme.background,
                   theme.text);
}

// The squares, then the heat map's tint over them.
inline void draw_squares(std::string& out, const SvgLayout& at, const SvgOptions& options,
                         double hottest) {
    constexpr auto n = &svg_number;
    const SvgTheme& theme = options.theme;
    const double cell = at.cell;
    auto to = std::back_inserter(out);
    fmt::format_to(to, "<g class=\"squares\" stroke=\"{}\" stroke-width=\"{}\">\n", theme.grid,
                   n(std::max(1.0, cell / 60)));
    for (Square square = 1; square <= at.size; ++square) {
        const Point corner = at.top_left(square);
        fmt::format_to(to, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       n(corner.x), n(corner.y), n(cell), n(cell), square_fill(at, theme, square));
    }
    out += "</g>\n";
    // A heat map tints each square but home, by its share of the hottest, over the square's
    // own colour: any theme colour works, named or not, and the chequer still shows.
    if (options.heat.empty()) {
        return;
    }
    fmt::format_to(to, "<g class=\"heat-map\" fill=\"{}\" stroke=\"none\">\n", theme.heat);
    for (Square square = 1; square < at.size; ++square) {
        const double share =
            hottest > 0.0 ? options.heat[static_cast<std::size_t>(square)] / hottest : 0.0;
        const Point corner = at.top_left(square);
        fmt::format_to(to,
                       "<rect class=\"heat\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                       "fill-opacity=\"{:.2f}\"><title>square {}: {:.0f}% of the "
                       "hottest</title></rect>\n",
                       n(corner.x), n(corner.y), n(cell), n(cell), 0.75 * share, square,
                       100.0 * share);
    }
    out += "</g>\n";
}

/// The centre lines of what is drawn so far, for a snake to count the crossings of each way it
/// could bend.
using DrawnLines = std::vector<std::array<Point, 2>>;

// Ladders: two thin rails with rungs. Each jump is one <path>, with a <title> a viewer shows
// on hover, slightly transparent so crossing jumps both show. Only sqrt is used, which
// IEEE 754 rounds the same everywhere.
inline void draw_ladders(std::string& out, const SvgLayout& at, const SvgTheme& theme,
                         std::span<const Jump> jumps, DrawnLines* drawn) {
    constexpr auto n = &svg_number;
    const double cell = at.cell;
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<g class=\"ladders\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-linecap=\"round\" fill=\"none\">\n",
                   theme.ladder, n(cell * 0.055));
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::ladder) {
            continue;
        }
        const Point a = at.centre(jump.start);
        const Point b = at.centre(jump.end);
        if (drawn != nullptr) {
            drawn->push_back({a, b});
        }
        const double dx = b.x - a.x;
        const double dy = b.y - a.y;
        const double length = std::sqrt(dx * dx + dy * dy);
        const double half = cell * 0.14;
        const double nx = -dy / length * half;
        const double ny = dx / length * half;
        std::string d =
            fmt::format("M{} {}L{} {}M{} {}L{} {}", n(a.x + nx), n(a.y + ny), n(b.x + nx),
                        n(b.y + ny), n(a.x - nx), n(a.y - ny), n(b.x - nx), n(b.y - ny));
        const int rungs = std::max(1, static_cast<int>(length / (cell * 0.3)));
        for (int i = 1; i <= rungs; ++i) {
            const double t = static_cast<double>(i) / (rungs + 1);
            const double px = a.x + dx * t;
            const double py = a.y + dy * t;
            fmt::format_to(std::back_inserter(d), "M{} {}L{} {}", n(px + nx), n(py + ny),
                           n(px - nx), n(py - ny));
        }
        fmt::format_to(to,
                       "<g class=\"ladder\" opacity=\"0.85\"><title>{}</title><path d=\"{}\"/>"
                       "</g>\n",
                       jump, d);
    }
    out += "</g>\n";
}

/// How many of the lines drawn so far the curve crosses.
inline std::size_t crossings(const SnakeCurve& curve, const DrawnLines& drawn) {
    const std::array<Point, 17> points = sampled(curve);
    std::size_t count = 0;
    for (std::size_t i = 1; i < points.size(); ++i) {
        for (const auto& line : drawn) {
            count += segments_cross(points[i - 1], points[i], line[0], line[1]) ? 1U : 0U;
        }
    }
    return count;
}

// Snakes: thick and dashed like scales (told from a ladder's thin solid rails without colour),
// with a round head. With `drawn`, each bends to the side that crosses fewer of the jumps
// drawn before it.
inline void draw_snakes(std::string& out, const SvgLayout& at, const SvgTheme& theme,
                        std::span<const Jump> jumps, DrawnLines* drawn) {
    constexpr auto n = &svg_number;
    const double cell = at.cell;
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<g class=\"snakes\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-dasharray=\"{} {}\" fill=\"none\">\n",
                   theme.snake, n(cell * 0.13), n(cell * 0.24), n(cell * 0.06));
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::snake) {
            continue;
        }
        const Point head = at.centre(jump.start);
        const Point tail = at.centre(jump.end);
        SnakeCurve curve = snake_curve(head, tail, cell, 1.0);
        if (drawn != nullptr) {
            const SnakeCurve other = snake_curve(head, tail, cell, -1.0);
            if (crossings(other, *drawn) < crossings(curve, *drawn)) {
                curve = other;
            }
            const std::array<Point, 17> points = sampled(curve);
            for (std::size_t i = 1; i < points.size(); ++i) {
                drawn->push_back({points[i - 1], points[i]});
            }
        }
        fmt::format_to(to,
                       "<g class=\"snake\" opacity=\"0.85\"><title>{}</title>"
                       "<path d=\"M{} {}C{} {} {} {} {} {}\"/>"
                       "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"none\"/></g>\n",
                       jump, n(head.x), n(head.y), n(curve.first.x), n(curve.first.y),
                       n(curve.second.x), n(curve.second.y), n(tail.x), n(tail.y), n(head.x),
                       n(head.y), n(cell * 0.15), theme.snake);
    }
    out += "</g>\n";
}

// The numbers, over the jumps, each on a halo of its square's colour (the stroke, painted
// first) so a jump passing under it never hides it; HOME on the last square.
inline void draw_numbers(std::string& out, const SvgLayout& at, const SvgTheme& theme) {
    constexpr auto n = &svg_number;
    const double cell = at.cell;
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<g class=\"numbers\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" "
                   "stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n",
                   n(cell * 0.26), theme.number, n(cell * 0.08));
    for (Square square = 1; square <= at.size; ++square) {
        const Point corner = at.top_left(square);
        fmt::format_to(to, "<text x=\"{}\" y=\"{}\" stroke=\"{}\">{}</text>\n",
                       n(corner.x + cell * 0.07), n(corner.y + cell * 0.3),
                       square_fill(at, theme, square), square);
    }
    out += "</g>\n";
    const Point home = at.top_left(at.size);
    fmt::format_to(to,
                   "<text class=\"home\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" "
                   "text-anchor=\"middle\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-linejoin=\"round\" paint-order=\"stroke\">HOME</text>\n",
                   n(home.x + cell * 0.5), n(home.y + cell * 0.9), n(cell * 0.22), theme.text,
                   theme.home, n(cell * 0.08));
}

// Notes at the foot of their squares, over the jumps on a halo, in a smaller font when a note
// is too wide for its square.
inline void draw_notes(std::string& out, const SvgLayout& at, const SvgOptions& options) {
    if (options.notes.empty()) {
        return;
    }
    constexpr auto n = &svg_number;
    const double cell = at.cell;
    const double font = cell * 0.2;
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<g class=\"notes\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" "
                   "stroke=\"{}\" stroke-width=\"{}\" paint-order=\"stroke\" "
                   "text-anchor=\"middle\">\n",
                   n(font), options.theme.note, options.theme.background, n(cell * 0.05));
    for (Square square = 1; square < at.size; ++square) {
        const std::string& raw = options.notes[static_cast<std::size_t>(square)];
        if (raw.empty()) {
            continue;
        }
        const CleanLabel note = clean_label(raw);
        const std::string text = xml_escaped(note.text);
        const Point middle = at.centre(square);
        const double fits = cell * 0.94 / (0.62 * static_cast<double>(note.width));
        const std::string size_attribute =
            fits < font ? fmt::format(" font-size=\"{}\"", n(fits)) : std::string();
        fmt::format_to(to, "<text x=\"{}\" y=\"{}\"{}><title>square {}: {}</title>{}</text>\n",
                       n(middle.x), n(middle.y + cell * 0.4), size_attribute, square, text, text);
    }
    out += "</g>\n";
}

// START under square 1: a marker pointing up at it.
inline void draw_start(std::string& out, const SvgLayout& at, const SvgTheme& theme) {
    constexpr auto n = &svg_number;
    const double cell = at.cell;
    const double start_x = at.margin + cell * 0.5;
    const double badge_top = at.strip_top + cell * 0.2;
    fmt::format_to(std::back_inserter(out),
                   "<g class=\"start\" fill=\"{0}\" stroke=\"none\">"
                   "<polygon points=\"{1},{2} {3},{4} {5},{4}\"/>"
                   "<rect x=\"{6}\" y=\"{4}\" width=\"{7}\" height=\"{8}\" rx=\"{9}\"/>"
                   "<text x=\"{10}\" y=\"{11}\" dy=\"0.35em\" font-size=\"{12}\" "
                   "font-weight=\"bold\" text-anchor=\"middle\" fill=\"{13}\">START</text></g>\n",
                   theme.text, n(start_x), n(at.strip_top + cell * 0.05), n(start_x - cell * 0.12),
                   n(badge_top), n(start_x + cell * 0.12), n(at.margin + cell * 0.04),
                   n(cell * 0.92), n(cell * 0.42), n(cell * 0.08), n(start_x),
                   n(badge_top + cell * 0.21), n(cell * 0.22), theme.background);
}

// A token: a disc in the player's colour with a ring and a shadow, so it stands out on a
// ladder or a snake, its label on it (smaller for a longer label so it stays inside; the
// <title> shows it in full on hover).
inline void draw_token(std::string& out, const SvgOptions& options, std::size_t i, Point at,
                       double radius, std::string_view where) {
    constexpr auto n = &svg_number;
    const SvgTheme& theme = options.theme;
    const CleanLabel clean = clean_label(options.tokens[i].label);
    const std::string label = xml_escaped(clean.text);
    const double font = std::min(radius * 1.1, radius * 2.6 / static_cast<double>(clean.width));
    fmt::format_to(std::back_inserter(out),
                   "<g class=\"token\"><title>{} {}</title>"
                   "<circle class=\"shadow\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#000000\" "
                   "fill-opacity=\"0.35\" stroke=\"none\"/>"
                   "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>"
                   "<text x=\"{}\" y=\"{}\" dy=\"0.35em\" font-size=\"{}\" fill=\"{}\" "
                   "stroke=\"none\">{}</text></g>\n",
                   label, where, n(at.x + radius * 0.12), n(at.y + radius * 0.16), n(radius),
                   n(at.x), n(at.y), n(radius), theme.tokens[i % theme.tokens.size()], n(at.x),
                   n(at.y), n(font), theme.token_text, label);
}

// The tokens on a square share the part under its number (0.92 x 0.66 of the square) in a
// grid of as many columns as gives the largest discs, at most 0.27 of the square.
inline void draw_tokens_on(std::string& out, const SvgLayout& at, const SvgOptions& options,
                           Square square, const std::vector<std::size_t>& group) {
    const double cell = at.cell;
    const Point corner = at.top_left(square);
    const std::size_t count = group.size();
    std::size_t best_columns = 1;
    double radius = 0;
    for (std::size_t c = 1; c <= count; ++c) {
        const std::size_t r = (count + c - 1) / c;
        const double fits = std::min({cell * 0.27, cell * 0.46 / static_cast<double>(c),
                                      cell * 0.33 / static_cast<double>(r)});
        if (fits > radius) {
            radius = fits;
            best_columns = c;
        }
    }
    const std::size_t grid_rows = (count + best_columns - 1) / best_columns;
    const std::string where = fmt::format("on square {}", square);
    for (std::size_t k = 0; k < count; ++k) {
        const auto column = static_cast<double>(k % best_columns);
        const std::size_t row_index = k / best_columns; // whole rows before k
        const auto row = static_cast<double>(row_index);
        const double x =
            corner.x + cell * 0.5 + (2 * column + 1 - static_cast<double>(best_columns)) * radius;
        const double y =
            corner.y + cell * 0.64 + (2 * row + 1 - static_cast<double>(grid_rows)) * radius;
        draw_token(out, options, group[k], Point{x, y}, radius, where);
    }
}

// The tokens on the board, then those waiting in the strip under it beside START.
inline void draw_tokens(std::string& out, const SvgLayout& at, const SvgOptions& options,
                        const TokenPlaces& places) {
    if (options.tokens.empty()) {
        return;
    }
    constexpr auto n = &svg_number;
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<g class=\"tokens\" stroke=\"{}\" stroke-width=\"{}\" "
                   "text-anchor=\"middle\" font-weight=\"bold\">\n",
                   options.theme.token_outline, n(at.cell * 0.04));
    fmt::format_to(to, "<g class=\"on-board\">\n");
    for (const auto& [square, group] : places.on_square) {
        draw_tokens_on(out, at, options, square, group);
    }
    out += "</g>\n";
    if (!places.waiting.empty()) {
        const double band_middle = at.strip_top + at.strip_height * 0.5;
        fmt::format_to(to,
                       "<g class=\"waiting\">\n<text x=\"{}\" y=\"{}\" dy=\"0.35em\" "
                       "font-size=\"{}\" font-weight=\"normal\" text-anchor=\"start\" "
                       "fill=\"{}\" stroke=\"none\">Waiting to start</text>\n",
                       n(at.waiting_text_x), n(band_middle), n(at.text_font), options.theme.text);
        for (std::size_t k = 0; k < places.waiting.size(); ++k) {
            draw_token(out, options, places.waiting[k],
                       Point{at.waiting_left + (static_cast<double>(k) + 0.5) * at.waiting_step,
                             band_middle},
                       at.waiting_radius, "waiting to start");
        }
        out += "</g>\n";
    }
    out += "</g>\n";
}

// A legend item's symbol, drawn as on the board (lines, not paths: every <path> is a jump).
inline void draw_legend_symbol(std::string& out, const LegendItem& item, double cell,
                               const SvgTheme& theme) {
    constexpr auto n = &svg_number;
    const double x = item.x;
    const double y = item.y;
    auto to = std::back_inserter(out);
    switch (item.symbol) {
    case LegendSymbol::ladder:
        fmt::format_to(to,
                       "<g class=\"legend-ladder\" stroke=\"{}\" stroke-width=\"{}\" "
                       "stroke-linecap=\"round\">",
                       theme.ladder, n(cell * 0.055));
        for (const double dy : {-0.12, 0.12}) {
            fmt::format_to(to, R"(<line x1="{}" y1="{}" x2="{}" y2="{}"/>)", n(x), n(y + cell * dy),
                           n(x + cell * 0.7), n(y + cell * dy));
        }
        for (const double dx : {0.15, 0.35, 0.55}) {
            fmt::format_to(to, R"(<line x1="{}" y1="{}" x2="{}" y2="{}"/>)", n(x + cell * dx),
                           n(y - cell * 0.12), n(x + cell * dx), n(y + cell * 0.12));
        }
        out += "</g>";
        return;
    case LegendSymbol::snake:
        // A straight piece of body, tail at the left, head at the right.
        fmt::format_to(to,
                       "<g class=\"legend-snake\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" "
                       "y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
                       "stroke-dasharray=\"{} {}\"/><circle cx=\"{}\" cy=\"{}\" "
                       "r=\"{}\" fill=\"{}\"/></g>",
                       n(x), n(y), n(x + cell * 0.72), n(y), theme.snake, n(cell * 0.13),
                       n(cell * 0.24), n(cell * 0.06), n(x + cell * 0.75), n(y), n(cell * 0.15),
                       theme.snake);
        return;
    case LegendSymbol::token:
        fmt::format_to(to,
                       "<g class=\"legend-token\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" "
                       "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/><text x=\"{}\" "
                       "y=\"{}\" dy=\"0.35em\" font-size=\"{}\" font-weight=\"bold\" "
                       "text-anchor=\"middle\" fill=\"{}\">A</text></g>",
                       n(x + cell * 0.22), n(y), n(cell * 0.2), theme.tokens[0],
                       theme.token_outline, n(cell * 0.04), n(x + cell * 0.22), n(y),
                       n(cell * 0.22), theme.token_text);
        return;
    case LegendSymbol::heat:
        fmt::format_to(to, R"(<g class="legend-heat" stroke="{}">)", theme.grid);
        for (int k = 0; k <= 4; ++k) {
            fmt::format_to(to,
                           "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                           "fill=\"{4}\"/><rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                           "height=\"{3}\" fill=\"{5}\" fill-opacity=\"{6:.2f}\"/>",
                           n(x + cell * 0.3 * k), n(y - cell * 0.2), n(cell * 0.3), n(cell * 0.4),
                           theme.square_light, theme.heat, 0.75 * k / 4);
        }
        out += "</g>";
        return;
    case LegendSymbol::note:
        fmt::format_to(to,
                       "<text class=\"legend-note\" x=\"{}\" y=\"{}\" dy=\"0.35em\" "
                       "font-size=\"{}\" font-weight=\"bold\" fill=\"{}\">Aa</text>",
                       n(x), n(y), n(cell * 0.2), theme.note);
        return;
    }
}

// The legend: each item's symbol, then its words.
inline void draw_legend(std::string& out, const SvgLayout& at, const SvgTheme& theme,
                        std::span<const LegendItem> legend) {
    if (legend.empty()) {
        return;
    }
    constexpr auto n = &svg_number;
    auto to = std::back_inserter(out);
    fmt::format_to(to, "<g class=\"legend\" font-size=\"{}\" fill=\"{}\">\n", n(at.text_font),
                   theme.text);
    for (const LegendItem& item : legend) {
        draw_legend_symbol(out, item, at.cell, theme);
        fmt::format_to(to, "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
                       n(item.x + item.symbol_width + at.cell * 0.15), n(item.y),
                       xml_escaped(item.words.text));
    }
    out += "</g>\n";
}

// The picture, drawn back to front: the page, the squares, the jumps (ladders under snakes),
// the numbers and the notes over them, START, the tokens and the legend.
inline std::string draw_svg(Square size, std::span<const Jump> jumps, const SvgOptions& options) {
    const double hottest = checked_hottest(size, options);
    const TokenPlaces places = token_places(options.tokens);
    const CleanLabel title =
        clean_label(options.title.empty() ? fmt::format("Snakes and ladders: {} squares", size)
                                          : options.title);
    std::vector<LegendItem> legend = legend_items(jumps, options);
    const SvgLayout at = svg_layout(size, options, title, places.waiting.size(), legend);

    std::string out;
    out.reserve(static_cast<std::size_t>(size) * 220 + options.tokens.size() * 300 + 4096);
    draw_page(out, at, options.theme, xml_escaped(title.text));
    draw_squares(out, at, options, hottest);
    DrawnLines drawn;
    DrawnLines* untangle = jumps.size() <= max_untangled_jumps ? &drawn : nullptr;
    draw_ladders(out, at, options.theme, jumps, untangle);
    draw_snakes(out, at, options.theme, jumps, untangle);
    draw_numbers(out, at, options.theme);
    draw_notes(out, at, options);
    draw_start(out, at, options.theme);
    draw_tokens(out, at, options, places);
    draw_legend(out, at, options.theme, legend);
    out += "</svg>\n";
    return out;
}

} // namespace snakeladder::detail
