// Pictures of a board: a text drawing for terminals and logs, and an SVG document.
//
// Rendering sits on top of the board and knows nothing of games: the tokens to draw are plain
// (label, square) values, so a game, a replay or a test can all pass their own.
#pragma once

#include "board.hpp"
#include "errors.hpp"
#include "jump.hpp"
#include "text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

namespace snakeladder {

/// A player's token as the renderers see it: what to write and where. Square 0 means the
/// player has not entered the board yet.
struct Token {
    std::string label;
    Square square = 0;
    friend bool operator==(const Token&, const Token&) = default;
};

/// Whether the text drawing uses ANSI colour: always, never, or only when standard output is a
/// terminal and the NO_COLOR environment variable is unset or empty (see no-color.org).
enum class ColorMode { automatic, always, never };

/// The largest board the renderers draw. A bigger picture helps nobody and would take memory
/// in proportion to a number a caller may not control.
inline constexpr Square max_drawn_squares = 100'000;
/// The widest row, in squares, the renderers accept.
inline constexpr int max_row_width = 1'000;
/// The most bytes a text drawing may take. Token labels widen every cell of the grid, so the
/// drawing grows with squares x label length; past this the request is refused.
inline constexpr std::size_t max_text_bytes = std::size_t{64} << 20;

/// How render_text() draws a board.
struct TextOptions {
    /// The tokens to draw, in the order their labels appear on a shared square.
    std::vector<Token> tokens{};
    /// Squares per row; the rows run back and forth.
    int row_width = 10;
    /// Mark jumps with `↑` and `↓` instead of the plain ASCII `^` and `v`.
    bool unicode_arrows = false;
    /// A string may end up anywhere, so colour is only used when asked for.
    ColorMode color = ColorMode::never;
};

/// The colours of an SVG picture. Each is written into the document as it is, so each must be
/// `#rgb`, `#rrggbb` or a colour name made of letters (`white`, `none`); render_svg() refuses
/// anything else. Start from light(), dark() or print() and change what you like.
struct SvgTheme {
    /// The page behind everything, and the halo around notes.
    std::string background;
    /// The title, the start marker, the "Waiting to start" strip and the legend's words.
    std::string text;
    /// The chequered squares, alternating so the back-and-forth rows are easy to follow.
    std::string square_light;
    std::string square_dark;
    /// The last square, which is also labelled HOME.
    std::string home;
    /// The squares' outlines.
    std::string grid;
    /// The square numbers; each is drawn on a halo of its square's colour.
    std::string number;
    /// Ladders (two thin rails and rungs) and snakes (a thick dashed body and a round head).
    std::string ladder;
    std::string snake;
    /// A heat map's tint: a square is covered by it at an opacity of 0.75 x its share of the
    /// hottest square.
    std::string heat;
    /// Notes (SvgOptions::notes).
    std::string note;
    /// Token labels, and the ring around each token's disc.
    std::string token_text;
    std::string token_outline;
    /// The tokens' discs: token i takes colour i modulo the size; at least one colour.
    std::vector<std::string> tokens;

    /// Dark ink on a warm, light board: for screens and colour printers.
    [[nodiscard]] static SvgTheme light() {
        return {.background = "#ffffff",
                .text = "#3e2723",
                .square_light = "#fff8e1",
                .square_dark = "#f3e0c0",
                .home = "#ffd54f",
                .grid = "#8d6e63",
                .number = "#5d4037",
                .ladder = "#2e7d32",
                .snake = "#c62828",
                .heat = "#b71c1c",
                .note = "#1a237e",
                .token_text = "#ffffff",
                .token_outline = "#ffffff",
                .tokens = {"#1565c0", "#e65100", "#6a1b9a", "#00838f", "#ad1457", "#4e342e",
                           "#37474f", "#283593"}};
    }
    /// Light ink on a dark slate board: for projectors in a dim room and dark pages.
    [[nodiscard]] static SvgTheme dark() {
        return {.background = "#121417",
                .text = "#eceff1",
                .square_light = "#37474f",
                .square_dark = "#263238",
                .home = "#8d6e00",
                .grid = "#607d8b",
                .number = "#cfd8dc",
                .ladder = "#9ccc65",
                .snake = "#ef5350",
                // Cyan: an orange tint was close to the snakes' red, and faint at low
                // shares on the dark squares.
                .heat = "#18ffff",
                .note = "#fff59d",
                .token_text = "#000000",
                .token_outline = "#ffffff",
                .tokens = {"#64b5f6", "#ffb74d", "#ce93d8", "#4dd0e1", "#f48fb1", "#dce775",
                           "#bcaaa4", "#9fa8da"}};
    }
    /// Black on white, with no filled area but the START badge (white squares, white tokens
    /// with black rings and labels): for a black-and-white printer or a photocopy. Ladders and
    /// snakes differ by shape, width and dash, as in every theme.
    [[nodiscard]] static SvgTheme print() {
        return {.background = "#ffffff",
                .text = "#000000",
                .square_light = "#ffffff",
                .square_dark = "#ffffff",
                .home = "#ffffff",
                .grid = "#000000",
                .number = "#000000",
                .ladder = "#000000",
                .snake = "#000000",
                .heat = "#000000",
                .note = "#000000",
                .token_text = "#000000",
                .token_outline = "#000000",
                .tokens = {"#ffffff"}};
    }
    /// The theme called `name`: "light", "dark" or "print". Throws InvalidConfig for any other
    /// name (for a command line's `--theme`).
    [[nodiscard]] static SvgTheme named(std::string_view name) {
        if (name == "light") {
            return light();
        }
        if (name == "dark") {
            return dark();
        }
        if (name == "print") {
            return print();
        }
        detail::throw_invalid_config(
            fmt::format("there is no SVG theme {}: the themes are light, dark and print",
                        detail::quoted_for_message(name)));
    }

    friend bool operator==(const SvgTheme&, const SvgTheme&) = default;
};

/// How render_svg() draws a board.
struct SvgOptions {
    /// The tokens to draw, as large discs in the theme's token colours, labelled.
    std::vector<Token> tokens{};
    /// Squares per row; the rows run back and forth.
    int row_width = 10;
    /// Shown above the grid and in the document's <title>; empty means "Snakes and ladders:
    /// N squares".
    std::string title{};
    /// Side of a square in SVG user units (pixels when displayed at 100%), 8..1000.
    int cell_size = 60;
    /// A heat map: empty, or one value per square 0..size-1 (square 0 is not drawn), each
    /// square 1..size-1 tinted with the theme's heat colour by its share of the largest value,
    /// with the share in the square's `<title>`; home is not tinted. Values must be finite and
    /// at least 0 (square_statistics' visits or landing chances). The legend shows the scale.
    std::vector<double> heat{};
    /// Notes: empty, or one short text per square 0..size-1 (square 0 is not drawn), each drawn
    /// in bold at the foot of its square, over the jumps, on a halo, in a smaller font when it
    /// is too wide for the square (an empty note draws nothing). For example a policy's
    /// decision on each square (snakeladder-analyze --policy).
    std::vector<std::string> notes{};
    /// The colours; see SvgTheme.
    SvgTheme theme = SvgTheme::light();
    /// The legend's words for the heat scale; empty means "share of the hottest square".
    std::string heat_legend{};
    /// The legend's words for the notes, saying what they mean; empty means "a note on the
    /// square".
    std::string notes_legend{};
    /// Draw the legend under the board. It explains only what is drawn: a ladder when the
    /// board has one, a snake when it has one, a token when there are tokens, the heat scale
    /// with a heat map and the notes' meaning when a note is drawn. With nothing to explain
    /// there is no legend band.
    bool legend = true;
};

/// True when standard output is a terminal (isatty on POSIX systems; always false elsewhere).
[[nodiscard]] inline bool stdout_is_terminal() noexcept {
#if __has_include(<unistd.h>)
    return ::isatty(STDOUT_FILENO) != 0;
#else
    return false;
#endif
}

/// Whether `mode` means colour for output written to standard output now.
[[nodiscard]] inline bool color_enabled(ColorMode mode) noexcept {
    switch (mode) {
    case ColorMode::always:
        return true;
    case ColorMode::never:
        return false;
    case ColorMode::automatic:
        break;
    }
#if __has_include(<unistd.h>)
    const char* no_color = std::getenv("NO_COLOR");
    return stdout_is_terminal() && (no_color == nullptr || *no_color == '\0');
#else
    return false;
#endif
}

namespace detail {

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

inline std::string draw_text(Square size, std::span<const Jump> jumps, const TextOptions& options) {
    check_drawable(size, options.row_width, options.tokens, "text");
    const bool color = color_enabled(options.color);
    const int row_width = options.row_width;

    std::vector<CleanLabel> labels;
    labels.reserve(options.tokens.size());
    // Tokens per square, in the order given; the map stays as small as the token list.
    std::map<Square, std::vector<std::size_t>> on_square;
    for (std::size_t i = 0; i < options.tokens.size(); ++i) {
        labels.push_back(clean_label(options.tokens[i].label));
        on_square[options.tokens[i].square].push_back(i);
    }
    const auto group_width = [&](const std::vector<std::size_t>& group) {
        std::size_t width = group.size() - 1; // the commas
        for (const std::size_t i : group) {
            width += labels[i].width;
        }
        return width;
    };
    const auto mark_width = [&](Square square) -> std::size_t {
        const Jump* jump = jump_starting_on(jumps, square);
        return jump == nullptr ? 0 : 1 + static_cast<std::size_t>(decimal_digits(jump->end));
    };

    // Every cell has the same width: the number, right-aligned, then what follows it: the jump
    // mark and the tokens on the square. That part is as wide as the widest mark could be
    // (`^` and the largest number) or as the widest mark and tokens actually drawn together.
    const auto number_width = static_cast<std::size_t>(decimal_digits(size));
    std::size_t tail_width = jumps.empty() ? 0 : 1 + number_width;
    for (const auto& [square, group] : on_square) {
        if (square != 0) {
            tail_width = std::max(tail_width, mark_width(square) + 1 + group_width(group));
        }
    }
    const std::size_t cell_width = number_width + tail_width;
    const int rows = (size - 1) / row_width + 1;

    const std::uint64_t estimate = std::uint64_t{static_cast<std::uint32_t>(rows)} *
                                   static_cast<std::uint32_t>(row_width) *
                                   (cell_width + 1 + (color ? 20 : 0));
    if (estimate > max_text_bytes) {
        detail::throw_invalid_config(fmt::format(
            "drawing this board as text would take about {} MiB (at most {} MiB): use shorter "
            "token labels or a smaller board",
            estimate >> 20, max_text_bytes >> 20));
    }

    std::string out;
    out.reserve(static_cast<std::size_t>(estimate));
    const std::string_view up = options.unicode_arrows ? "\u2191" : "^";
    const std::string_view down = options.unicode_arrows ? "\u2193" : "v";
    const auto pad = [&out](std::size_t columns) { out.append(columns, ' '); };

    for (int row = rows - 1; row >= 0; --row) {
        for (int column = 0; column < row_width; ++column) {
            if (column > 0) {
                out += ' ';
            }
            const Square square = square_at(row, column, row_width, size);
            if (square == 0) {
                pad(cell_width);
                continue;
            }
            const std::string number = std::to_string(square);
            pad(number_width - number.size());
            out += number;
            std::size_t used = 0;
            if (const Jump* jump = jump_starting_on(jumps, square)) {
                const bool ladder = jump->kind() == JumpKind::ladder;
                out += color ? (ladder ? ansi::ladder : ansi::snake) : "";
                out += ladder ? up : down;
                out += std::to_string(jump->end);
                out += color ? ansi::reset : "";
                used += mark_width(square);
            }
            if (const auto it = on_square.find(square); it != on_square.end()) {
                out += ' ';
                out += color ? ansi::token : "";
                for (std::size_t k = 0; k < it->second.size(); ++k) {
                    out += k == 0 ? "" : ",";
                    out += labels[it->second[k]].text;
                }
                out += color ? ansi::reset : "";
                used += 1 + group_width(it->second);
            }
            pad(tail_width - used);
        }
        // Blank cells and padding at the end of a line are noise in logs and golden files.
        out.erase(out.find_last_not_of(' ') + 1);
        out += '\n';
    }

    if (const auto waiting = on_square.find(0); waiting != on_square.end()) {
        out += "waiting to start: ";
        for (std::size_t k = 0; k < waiting->second.size(); ++k) {
            out += k == 0 ? "" : ", ";
            out += color ? ansi::token : "";
            out += labels[waiting->second[k]].text;
            out += color ? ansi::reset : "";
        }
        out += '\n';
    }
    return out;
}

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

/// An estimate of a text's width: an average sans-serif character is about 0.55 of the font
/// size wide (0.62 in bold). Used to lay out the legend and to size the picture.
inline double text_width(std::size_t code_points, double font, bool bold = false) noexcept {
    return static_cast<double>(code_points) * font * (bold ? 0.62 : 0.55);
}

inline std::string draw_svg(Square size, std::span<const Jump> jumps, const SvgOptions& options) {
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
    const SvgTheme& theme = options.theme;
    const auto n = [](double value) { return svg_number(value); };
    const int row_width = options.row_width;
    const double cell = options.cell_size;
    const int columns = std::min(row_width, static_cast<int>(size));
    const int rows = (size - 1) / row_width + 1;
    const double margin = cell * 0.25;
    const double title_band = cell * 0.8;
    const double text_font = cell * 0.26; // the strip under the grid and the legend
    const double grid_top = margin + title_band;
    const double grid_width = columns * cell;
    const double grid_height = rows * cell;

    std::vector<std::size_t> waiting;
    std::map<Square, std::vector<std::size_t>> on_square;
    for (std::size_t i = 0; i < options.tokens.size(); ++i) {
        if (options.tokens[i].square == 0) {
            waiting.push_back(i);
        } else {
            on_square[options.tokens[i].square].push_back(i);
        }
    }
    const CleanLabel clean_title =
        clean_label(options.title.empty() ? fmt::format("Snakes and ladders: {} squares", size)
                                          : options.title);
    const std::string title = xml_escaped(clean_title.text);

    // The strip under the grid: START under square 1 (always at the bottom left), then the
    // tokens still waiting to enter the board.
    const double strip_top = grid_top + grid_height;
    const double strip_height = cell * 0.8;
    const double waiting_radius = cell * 0.25;
    const double waiting_step = cell * 0.6;
    const double waiting_text_x = margin + cell * 1.15;
    const double waiting_left = waiting_text_x + text_width(17, text_font);
    double right = margin + grid_width;
    if (!waiting.empty()) {
        right = std::max(right, waiting_left + static_cast<double>(waiting.size()) * waiting_step);
    }

    // The legend: items of a symbol and words, left to right, wrapped to the picture's width
    // (widened to the widest item when the board is narrow).
    enum class Symbol { ladder, snake, token, heat, note };
    struct LegendItem {
        Symbol symbol;
        CleanLabel words;
        double symbol_width = 0;
        double x = 0;
        double y = 0;
    };
    // It explains only what is drawn: a sample ladder only on a board with a ladder, and so
    // on; with nothing to explain there is no legend band at all.
    std::vector<LegendItem> legend;
    if (options.legend) {
        const auto has = [&](JumpKind kind) {
            return std::any_of(jumps.begin(), jumps.end(),
                               [kind](const Jump& jump) { return jump.kind() == kind; });
        };
        if (has(JumpKind::ladder)) {
            legend.push_back({Symbol::ladder, clean_label("ladder: climb to its top"), cell * 0.7});
        }
        if (has(JumpKind::snake)) {
            legend.push_back({Symbol::snake, clean_label("snake: slide to its tail"), cell * 0.9});
        }
        if (!options.tokens.empty()) {
            legend.push_back({Symbol::token, clean_label("token: a player"), cell * 0.5});
        }
        if (!options.heat.empty()) {
            const std::string words =
                options.heat_legend.empty() ? "share of the hottest square" : options.heat_legend;
            legend.push_back(
                {Symbol::heat, clean_label(fmt::format("0% to 100%: {}", words)), cell * 1.5});
        }
        // Notes are drawn on squares 1..size-1, and an empty one draws nothing.
        const bool any_note = !options.notes.empty() &&
                              std::any_of(std::next(options.notes.begin()), options.notes.end(),
                                          [](const std::string& note) { return !note.empty(); });
        if (any_note) {
            const std::string words =
                options.notes_legend.empty() ? "a note on the square" : options.notes_legend;
            legend.push_back({Symbol::note, clean_label(words), cell * 0.5});
        }
    }
    const double legend_row = cell * 0.55;
    const double legend_top = strip_top + strip_height;
    const auto item_width = [&](const LegendItem& item) {
        return item.symbol_width + cell * 0.15 + text_width(item.words.width, text_font);
    };
    for (const LegendItem& item : legend) {
        right = std::max(right, margin + item_width(item));
    }
    // A long title on a narrow board is set smaller, down to 0.25 of a square, before it
    // widens the picture.
    const double title_natural = text_width(clean_title.width, cell * 0.4, true);
    const double title_font =
        title_natural <= right - margin
            ? cell * 0.4
            : std::max(cell * 0.25, cell * 0.4 * (right - margin) / title_natural);
    right = std::max(right, margin + text_width(clean_title.width, title_font, true));
    int legend_lines = 0;
    double cursor = margin;
    for (LegendItem& item : legend) {
        const double w = item_width(item);
        if (legend_lines == 0 || cursor + w > right) {
            ++legend_lines;
            cursor = margin;
        }
        item.x = cursor;
        item.y = legend_top + (legend_lines - 0.5) * legend_row;
        cursor += w + cell * 0.45;
    }
    const double width = right + margin;
    const double height = legend_top + legend_lines * legend_row + margin;

    const auto top_left = [&](Square square) {
        const GridCell at = grid_cell(square, row_width);
        return Point{margin + at.column * cell, grid_top + (rows - 1 - at.row) * cell};
    };
    const auto centre = [&](Square square) {
        const Point corner = top_left(square);
        return Point{corner.x + cell * 0.5, corner.y + cell * 0.5};
    };
    const auto square_fill = [&](Square square) -> const std::string& {
        const GridCell at = grid_cell(square, row_width);
        return square == size                  ? theme.home
               : (at.row + at.column) % 2 == 0 ? theme.square_light
                                               : theme.square_dark;
    };

    std::string out;
    out.reserve(static_cast<std::size_t>(size) * 220 + options.tokens.size() * 300 + 4096);
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" "
                   "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n"
                   "<title>{2}</title>\n"
                   "<rect class=\"background\" width=\"{0}\" height=\"{1}\" fill=\"{6}\"/>\n"
                   "<text class=\"title\" x=\"{3}\" y=\"{4}\" font-size=\"{5}\" "
                   "font-weight=\"bold\" fill=\"{7}\">{2}</text>\n",
                   n(width), n(height), title, n(margin), n(margin + title_band * 0.6),
                   n(title_font), theme.background, theme.text);

    // The squares, chequered so the back-and-forth rows are easy to follow; home stands out.
    fmt::format_to(to, "<g class=\"squares\" stroke=\"{}\" stroke-width=\"{}\">\n", theme.grid,
                   n(std::max(1.0, cell / 60)));
    for (Square square = 1; square <= size; ++square) {
        const Point at = top_left(square);
        fmt::format_to(to, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       n(at.x), n(at.y), n(cell), n(cell), square_fill(square));
    }
    out += "</g>\n";
    // A heat map tints each square but home, by its share of the hottest, over the square's
    // own colour: any theme colour works, named or not, and the chequer still shows.
    if (!options.heat.empty()) {
        fmt::format_to(to, "<g class=\"heat-map\" fill=\"{}\" stroke=\"none\">\n", theme.heat);
        for (Square square = 1; square < size; ++square) {
            const double share =
                hottest > 0.0 ? options.heat[static_cast<std::size_t>(square)] / hottest : 0.0;
            const Point at = top_left(square);
            fmt::format_to(to,
                           "<rect class=\"heat\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                           "fill-opacity=\"{:.2f}\"><title>square {}: {:.0f}% of the "
                           "hottest</title></rect>\n",
                           n(at.x), n(at.y), n(cell), n(cell), 0.75 * share, square, 100.0 * share);
        }
        out += "</g>\n";
    }

    // The jumps, under the numbers; ladders under snakes. Each jump is one <path>, with a
    // <title> a viewer shows on hover, slightly transparent so crossing jumps both show. Only
    // sqrt is used, which IEEE 754 rounds the same everywhere.
    fmt::format_to(to,
                   "<g class=\"ladders\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-linecap=\"round\" fill=\"none\">\n",
                   theme.ladder, n(cell * 0.055));
    std::vector<std::array<Point, 2>> drawn; // centre lines, to count crossings
    const bool untangle = jumps.size() <= max_untangled_jumps;
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::ladder) {
            continue;
        }
        const Point a = centre(jump.start);
        const Point b = centre(jump.end);
        if (untangle) {
            drawn.push_back({a, b});
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
    // Snakes: thick and dashed like scales (told from a ladder's thin solid rails without
    // colour), with a round head. Each bends to the side that crosses fewer of the jumps drawn
    // before it.
    fmt::format_to(to,
                   "</g>\n<g class=\"snakes\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-dasharray=\"{} {}\" fill=\"none\">\n",
                   theme.snake, n(cell * 0.13), n(cell * 0.24), n(cell * 0.06));
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::snake) {
            continue;
        }
        const Point head = centre(jump.start);
        const Point tail = centre(jump.end);
        SnakeCurve curve = snake_curve(head, tail, cell, 1.0);
        if (untangle) {
            const auto crossings = [&drawn](const SnakeCurve& c) {
                const std::array<Point, 17> points = sampled(c);
                std::size_t count = 0;
                for (std::size_t i = 1; i < points.size(); ++i) {
                    for (const auto& line : drawn) {
                        count +=
                            segments_cross(points[i - 1], points[i], line[0], line[1]) ? 1U : 0U;
                    }
                }
                return count;
            };
            const SnakeCurve other = snake_curve(head, tail, cell, -1.0);
            if (crossings(other) < crossings(curve)) {
                curve = other;
            }
            const std::array<Point, 17> points = sampled(curve);
            for (std::size_t i = 1; i < points.size(); ++i) {
                drawn.push_back({points[i - 1], points[i]});
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

    // The numbers, over the jumps, each on a halo of its square's colour (the stroke, painted
    // first) so a jump passing under it never hides it.
    fmt::format_to(to,
                   "<g class=\"numbers\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" "
                   "stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n",
                   n(cell * 0.26), theme.number, n(cell * 0.08));
    for (Square square = 1; square <= size; ++square) {
        const Point at = top_left(square);
        fmt::format_to(to, "<text x=\"{}\" y=\"{}\" stroke=\"{}\">{}</text>\n",
                       n(at.x + cell * 0.07), n(at.y + cell * 0.3), square_fill(square), square);
    }
    out += "</g>\n";
    const Point home = top_left(size);
    fmt::format_to(to,
                   "<text class=\"home\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" "
                   "text-anchor=\"middle\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-linejoin=\"round\" paint-order=\"stroke\">HOME</text>\n",
                   n(home.x + cell * 0.5), n(home.y + cell * 0.9), n(cell * 0.22), theme.text,
                   theme.home, n(cell * 0.08));

    // Notes at the foot of their squares, over the jumps on a halo, in a smaller font when a
    // note is too wide for its square.
    if (!options.notes.empty()) {
        const double font = cell * 0.2;
        fmt::format_to(to,
                       "<g class=\"notes\" font-size=\"{}\" font-weight=\"bold\" fill=\"{}\" "
                       "stroke=\"{}\" stroke-width=\"{}\" paint-order=\"stroke\" "
                       "text-anchor=\"middle\">\n",
                       n(font), theme.note, theme.background, n(cell * 0.05));
        for (Square square = 1; square < size; ++square) {
            const std::string& raw = options.notes[static_cast<std::size_t>(square)];
            if (raw.empty()) {
                continue;
            }
            const CleanLabel note = clean_label(raw);
            const std::string text = xml_escaped(note.text);
            const Point at = centre(square);
            const double fits = cell * 0.94 / (0.62 * static_cast<double>(note.width));
            const std::string size_attribute =
                fits < font ? fmt::format(" font-size=\"{}\"", n(fits)) : std::string();
            fmt::format_to(to, "<text x=\"{}\" y=\"{}\"{}><title>square {}: {}</title>{}</text>\n",
                           n(at.x), n(at.y + cell * 0.4), size_attribute, square, text, text);
        }
        out += "</g>\n";
    }

    // START under square 1: a marker pointing up at it.
    const double start_x = margin + cell * 0.5;
    const double badge_top = strip_top + cell * 0.2;
    fmt::format_to(to,
                   "<g class=\"start\" fill=\"{0}\" stroke=\"none\">"
                   "<polygon points=\"{1},{2} {3},{4} {5},{4}\"/>"
                   "<rect x=\"{6}\" y=\"{4}\" width=\"{7}\" height=\"{8}\" rx=\"{9}\"/>"
                   "<text x=\"{10}\" y=\"{11}\" dy=\"0.35em\" font-size=\"{12}\" "
                   "font-weight=\"bold\" text-anchor=\"middle\" fill=\"{13}\">START</text></g>\n",
                   theme.text, n(start_x), n(strip_top + cell * 0.05), n(start_x - cell * 0.12),
                   n(badge_top), n(start_x + cell * 0.12), n(margin + cell * 0.04), n(cell * 0.92),
                   n(cell * 0.42), n(cell * 0.08), n(start_x), n(badge_top + cell * 0.21),
                   n(cell * 0.22), theme.background);

    // Tokens: a disc half a square wide in the player's colour with a ring and a shadow, so it
    // stands out on a ladder or a snake, its label on it (smaller for a longer label so it stays
    // inside; the <title> shows it in full on hover).
    const auto draw_token = [&](std::size_t i, Point at, double radius, std::string_view where) {
        const CleanLabel clean = clean_label(options.tokens[i].label);
        const std::string label = xml_escaped(clean.text);
        const double font = std::min(radius * 1.1, radius * 2.6 / static_cast<double>(clean.width));
        fmt::format_to(to,
                       "<g class=\"token\"><title>{} {}</title>"
                       "<circle class=\"shadow\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#000000\" "
                       "fill-opacity=\"0.35\" stroke=\"none\"/>"
                       "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>"
                       "<text x=\"{}\" y=\"{}\" dy=\"0.35em\" font-size=\"{}\" fill=\"{}\" "
                       "stroke=\"none\">{}</text></g>\n",
                       label, where, n(at.x + radius * 0.12), n(at.y + radius * 0.16), n(radius),
                       n(at.x), n(at.y), n(radius), theme.tokens[i % theme.tokens.size()], n(at.x),
                       n(at.y), n(font), theme.token_text, label);
    };
    if (!options.tokens.empty()) {
        fmt::format_to(to,
                       "<g class=\"tokens\" stroke=\"{}\" stroke-width=\"{}\" "
                       "text-anchor=\"middle\" font-weight=\"bold\">\n",
                       theme.token_outline, n(cell * 0.04));
        fmt::format_to(to, "<g class=\"on-board\">\n");
        // The tokens on a square share the part under its number (0.92 x 0.66 of the square)
        // in a grid of as many columns as gives the largest discs, at most 0.27 of the square.
        for (const auto& [square, group] : on_square) {
            const Point corner = top_left(square);
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
                const double x = corner.x + cell * 0.5 +
                                 (2 * column + 1 - static_cast<double>(best_columns)) * radius;
                const double y = corner.y + cell * 0.64 +
                                 (2 * row + 1 - static_cast<double>(grid_rows)) * radius;
                draw_token(group[k], Point{x, y}, radius, where);
            }
        }
        out += "</g>\n";
        if (!waiting.empty()) {
            const double band_middle = strip_top + strip_height * 0.5;
            fmt::format_to(to,
                           "<g class=\"waiting\">\n<text x=\"{}\" y=\"{}\" dy=\"0.35em\" "
                           "font-size=\"{}\" font-weight=\"normal\" text-anchor=\"start\" "
                           "fill=\"{}\" stroke=\"none\">Waiting to start</text>\n",
                           n(waiting_text_x), n(band_middle), n(text_font), theme.text);
            for (std::size_t k = 0; k < waiting.size(); ++k) {
                draw_token(waiting[k],
                           Point{waiting_left + (static_cast<double>(k) + 0.5) * waiting_step,
                                 band_middle},
                           waiting_radius, "waiting to start");
            }
            out += "</g>\n";
        }
        out += "</g>\n";
    }

    // The legend: each symbol drawn as on the board (lines, not paths: every <path> is a jump).
    if (!legend.empty()) {
        fmt::format_to(to, "<g class=\"legend\" font-size=\"{}\" fill=\"{}\">\n", n(text_font),
                       theme.text);
        for (const LegendItem& item : legend) {
            const double x = item.x;
            const double y = item.y;
            switch (item.symbol) {
            case Symbol::ladder: {
                fmt::format_to(to,
                               "<g class=\"legend-ladder\" stroke=\"{}\" stroke-width=\"{}\" "
                               "stroke-linecap=\"round\">",
                               theme.ladder, n(cell * 0.055));
                for (const double dy : {-0.12, 0.12}) {
                    fmt::format_to(to, R"(<line x1="{}" y1="{}" x2="{}" y2="{}"/>)", n(x),
                                   n(y + cell * dy), n(x + cell * 0.7), n(y + cell * dy));
                }
                for (const double dx : {0.15, 0.35, 0.55}) {
                    fmt::format_to(to, R"(<line x1="{}" y1="{}" x2="{}" y2="{}"/>)",
                                   n(x + cell * dx), n(y - cell * 0.12), n(x + cell * dx),
                                   n(y + cell * 0.12));
                }
                out += "</g>";
                break;
            }
            case Symbol::snake:
                // A straight piece of body, tail at the left, head at the right.
                fmt::format_to(to,
                               "<g class=\"legend-snake\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" "
                               "y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
                               "stroke-dasharray=\"{} {}\"/><circle cx=\"{}\" cy=\"{}\" "
                               "r=\"{}\" fill=\"{}\"/></g>",
                               n(x), n(y), n(x + cell * 0.72), n(y), theme.snake, n(cell * 0.13),
                               n(cell * 0.24), n(cell * 0.06), n(x + cell * 0.75), n(y),
                               n(cell * 0.15), theme.snake);
                break;
            case Symbol::token:
                fmt::format_to(to,
                               "<g class=\"legend-token\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" "
                               "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/><text x=\"{}\" "
                               "y=\"{}\" dy=\"0.35em\" font-size=\"{}\" font-weight=\"bold\" "
                               "text-anchor=\"middle\" fill=\"{}\">A</text></g>",
                               n(x + cell * 0.22), n(y), n(cell * 0.2), theme.tokens[0],
                               theme.token_outline, n(cell * 0.04), n(x + cell * 0.22), n(y),
                               n(cell * 0.22), theme.token_text);
                break;
            case Symbol::heat:
                fmt::format_to(to, R"(<g class="legend-heat" stroke="{}">)", theme.grid);
                for (int k = 0; k <= 4; ++k) {
                    fmt::format_to(to,
                                   "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                                   "fill=\"{4}\"/><rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                                   "height=\"{3}\" fill=\"{5}\" fill-opacity=\"{6:.2f}\"/>",
                                   n(x + cell * 0.3 * k), n(y - cell * 0.2), n(cell * 0.3),
                                   n(cell * 0.4), theme.square_light, theme.heat, 0.75 * k / 4);
                }
                out += "</g>";
                break;
            case Symbol::note:
                fmt::format_to(to,
                               "<text class=\"legend-note\" x=\"{}\" y=\"{}\" dy=\"0.35em\" "
                               "font-size=\"{}\" font-weight=\"bold\" fill=\"{}\">Aa</text>",
                               n(x), n(y), n(cell * 0.2), theme.note);
                break;
            }
            fmt::format_to(to, "<text x=\"{}\" y=\"{}\" dy=\"0.35em\">{}</text>\n",
                           n(x + item.symbol_width + cell * 0.15), n(y),
                           xml_escaped(item.words.text));
        }
        out += "</g>\n";
    }
    out += "</svg>\n";
    return out;
}
} // namespace detail

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
