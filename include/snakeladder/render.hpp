// Pictures of a board: a text drawing for terminals and logs, and an SVG document.
//
// Rendering sits on top of the board and knows nothing of games: the tokens to draw are plain
// (label, square) values, so a game, a replay or a test can all pass their own.
#pragma once

#include "board.hpp"
#include "errors.hpp"
#include "jump.hpp"

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

/// How render_svg() draws a board.
struct SvgOptions {
    /// The tokens to draw, as coloured discs with their labels.
    std::vector<Token> tokens{};
    /// Squares per row; the rows run back and forth.
    int row_width = 10;
    /// Shown above the grid and in the document's <title>; empty means "Snakes and ladders:
    /// N squares".
    std::string title{};
    /// Side of a square in SVG user units (pixels when displayed at 100%), 8..1000.
    int cell_size = 60;
    /// A heat map: empty, or one value per square 0..size-1 (square 0 is not drawn), each
    /// square 1..size-1 shaded from the board's colour (0) to deep red (the largest value),
    /// with the value's share of the largest in the square's `<title>`; home keeps its colour.
    /// Values must be finite and at least 0 (square_statistics' visits or landing chances).
    std::vector<double> heat{};
    /// Notes: empty, or one short text per square 0..size-1 (square 0 is not drawn), each drawn
    /// in bold at the foot of its square, over the jumps, on a white halo, in a smaller font
    /// when it is too wide for the square (an empty note draws nothing). For example a policy's
    /// decision on each square (snakeladder-analyze --policy).
    std::vector<std::string> notes{};
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
        } else if (c.code >= 0x20 && (c.code < 0x7F || c.code > 0x9F)) {
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

/// `text` with the five characters XML gives a meaning escaped (assumes clean text).
inline std::string xml_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
    return out;
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
    const auto n = [](double value) { return svg_number(value); };
    const int row_width = options.row_width;
    const double cell = options.cell_size;
    const int columns = std::min(row_width, static_cast<int>(size));
    const int rows = (size - 1) / row_width + 1;
    const double margin = cell * 0.25;
    const double title_band = cell * 0.8;
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
    const double waiting_radius = cell * 0.2;
    const double waiting_step = waiting_radius * 2.6;
    const double waiting_left = margin + cell * 3;
    const double waiting_band = waiting.empty() ? 0 : cell;
    const double width =
        std::max(2 * margin + grid_width,
                 waiting_left + static_cast<double>(waiting.size()) * waiting_step + margin);
    const double height = 2 * margin + title_band + grid_height + waiting_band;

    const auto centre = [&](Square square) {
        const GridCell at = grid_cell(square, row_width);
        return Point{margin + (at.column + 0.5) * cell,
                     grid_top + (rows - 1 - at.row + 0.5) * cell};
    };
    const std::string title =
        xml_escaped(options.title.empty() ? fmt::format("Snakes and ladders: {} squares", size)
                                          : clean_label(options.title).text);

    std::string out;
    out.reserve(static_cast<std::size_t>(size) * 160 + options.tokens.size() * 200 + 2048);
    auto to = std::back_inserter(out);
    fmt::format_to(to,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" "
                   "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n"
                   "<title>{2}</title>\n"
                   "<rect class=\"background\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n"
                   "<text class=\"title\" x=\"{3}\" y=\"{4}\" font-size=\"{5}\" "
                   "font-weight=\"bold\" fill=\"#3e2723\">{2}</text>\n",
                   n(width), n(height), title, n(margin), n(margin + title_band * 0.6),
                   n(cell * 0.4));

    // The squares, chequered so the back-and-forth rows are easy to follow; home stands out.
    fmt::format_to(to, "<g class=\"squares\" stroke=\"#8d6e63\" stroke-width=\"1\">\n");
    for (Square square = 1; square <= size; ++square) {
        const GridCell at = grid_cell(square, row_width);
        const char* fill = square == size                  ? "#ffd54f"
                           : (at.row + at.column) % 2 == 0 ? "#fff8e1"
                                                           : "#f3e0c0";
        const double x = margin + at.column * cell;
        const double y = grid_top + (rows - 1 - at.row) * cell;
        if (options.heat.empty() || square == size) {
            fmt::format_to(to, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                           n(x), n(y), n(cell), n(cell), fill);
            continue;
        }
        // From the light board colour (255, 248, 225) to deep red (183, 28, 28), by the
        // square's share of the hottest.
        const double share =
            hottest > 0.0 ? options.heat[static_cast<std::size_t>(square)] / hottest : 0.0;
        const auto mix = [share](int light, int deep) {
            return static_cast<int>(std::lround(light + (deep - light) * share));
        };
        fmt::format_to(to,
                       "<rect class=\"heat\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                       "fill=\"#{:02x}{:02x}{:02x}\"><title>square {}: {:.0f}% of the "
                       "hottest</title></rect>\n",
                       n(x), n(y), n(cell), n(cell), mix(255, 183), mix(248, 28), mix(225, 28),
                       square, 100.0 * share);
    }
    fmt::format_to(to, "</g>\n<g class=\"numbers\" font-size=\"{}\" fill=\"#5d4037\">\n",
                   n(cell * 0.26));
    for (Square square = 1; square <= size; ++square) {
        const GridCell at = grid_cell(square, row_width);
        fmt::format_to(to, "<text x=\"{}\" y=\"{}\">{}</text>\n",
                       n(margin + at.column * cell + cell * 0.07),
                       n(grid_top + (rows - 1 - at.row) * cell + cell * 0.3), square);
    }
    out += "</g>\n";

    // Ladders under snakes, tokens on top. Each jump is one <path>, with a <title> a viewer
    // shows on hover; only sqrt is used, which IEEE 754 rounds the same everywhere.
    fmt::format_to(to,
                   "<g class=\"ladders\" stroke=\"#2e7d32\" stroke-width=\"{}\" "
                   "stroke-linecap=\"round\" fill=\"none\">\n",
                   n(cell * 0.06));
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::ladder) {
            continue;
        }
        const Point a = centre(jump.start);
        const Point b = centre(jump.end);
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
        fmt::format_to(to, "<g class=\"ladder\"><title>{}</title><path d=\"{}\"/></g>\n", jump, d);
    }
    fmt::format_to(to,
                   "</g>\n<g class=\"snakes\" stroke=\"#c62828\" stroke-width=\"{}\" "
                   "stroke-linecap=\"round\" fill=\"none\">\n",
                   n(cell * 0.1));
    for (const Jump& jump : jumps) {
        if (jump.kind() != JumpKind::snake) {
            continue;
        }
        const Point head = centre(jump.start);
        const Point tail = centre(jump.end);
        const double dx = tail.x - head.x;
        const double dy = tail.y - head.y;
        const double length = std::sqrt(dx * dx + dy * dy);
        // An S-bend: the two control points pull to opposite sides of the straight line.
        const double bend = std::min(cell * 0.6, length * 0.25);
        const double nx = -dy / length * bend;
        const double ny = dx / length * bend;
        fmt::format_to(to,
                       "<g class=\"snake\"><title>{}</title><path d=\"M{} {}C{} {} {} {} {} {}\"/>"
                       "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#c62828\" stroke=\"none\"/>"
                       "</g>\n",
                       jump, n(head.x), n(head.y), n(head.x + dx / 3 + nx), n(head.y + dy / 3 + ny),
                       n(head.x + dx * 2 / 3 - nx), n(head.y + dy * 2 / 3 - ny), n(tail.x),
                       n(tail.y), n(head.x), n(head.y), n(cell * 0.12));
    }
    out += "</g>\n";

    // Notes at the foot of their squares, over the jumps (a halo keeps them readable on a
    // ladder or a snake), in a smaller font when a note is too wide for its square.
    if (!options.notes.empty()) {
        const double font = cell * 0.2;
        fmt::format_to(to,
                       "<g class=\"notes\" font-size=\"{}\" font-weight=\"bold\" fill=\"#1a237e\" "
                       "stroke=\"#ffffff\" stroke-width=\"{}\" paint-order=\"stroke\" "
                       "text-anchor=\"middle\">\n",
                       n(font), n(cell * 0.05));
        for (Square square = 1; square < size; ++square) {
            const std::string& raw = options.notes[static_cast<std::size_t>(square)];
            if (raw.empty()) {
                continue;
            }
            const CleanLabel note = clean_label(raw);
            const std::string text = xml_escaped(note.text);
            const Point at = centre(square);
            // A bold sans-serif character is about 0.62 of the font size wide.
            const double fits = cell * 0.94 / (0.62 * static_cast<double>(note.width));
            const std::string size_attribute =
                fits < font ? fmt::format(" font-size=\"{}\"", n(fits)) : std::string();
            fmt::format_to(to, "<text x=\"{}\" y=\"{}\"{}><title>square {}: {}</title>{}</text>\n",
                           n(at.x), n(at.y + cell * 0.4), size_attribute, square, text, text);
        }
        out += "</g>\n";
    }

    // Tokens: a disc per token in the player's colour, its label on it.
    static constexpr std::array<const char*, 8> palette{
        "#1565c0", "#e65100", "#6a1b9a", "#00838f", "#ad1457", "#4e342e", "#37474f", "#283593",
    };
    // The label is written inside the disc, smaller for a longer label so it stays inside; the
    // <title> shows it in full on hover.
    const auto draw_token = [&](std::size_t i, Point at, double radius, std::string_view where) {
        const CleanLabel clean = clean_label(options.tokens[i].label);
        const std::string label = xml_escaped(clean.text);
        const double font = std::min(radius * 1.1, radius * 3 / static_cast<double>(clean.width));
        fmt::format_to(to,
                       "<g class=\"token\"><title>{} {}</title>"
                       "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>"
                       "<text x=\"{}\" y=\"{}\" dy=\"0.35em\" font-size=\"{}\" fill=\"#ffffff\" "
                       "stroke=\"none\">{}</text></g>\n",
                       label, where, n(at.x), n(at.y), n(radius), palette[i % palette.size()],
                       n(at.x), n(at.y), n(font), label);
    };
    if (!options.tokens.empty()) {
        fmt::format_to(to,
                       "<g class=\"tokens\" stroke=\"#ffffff\" stroke-width=\"{}\" "
                       "text-anchor=\"middle\" font-weight=\"bold\">\n",
                       n(cell * 0.02));
        fmt::format_to(to, "<g class=\"on-board\">\n");
        for (const auto& [square, group] : on_square) {
            const Point middle = centre(square);
            const auto count = static_cast<double>(group.size());
            const double radius = std::min(cell * 0.17, cell * 0.45 / count);
            const std::string where = fmt::format("on square {}", square);
            for (std::size_t k = 0; k < group.size(); ++k) {
                const double x =
                    middle.x - cell * 0.45 + cell * 0.9 * (static_cast<double>(k) + 0.5) / count;
                draw_token(group[k], Point{x, middle.y + cell * 0.18}, radius, where);
            }
        }
        out += "</g>\n";
        if (!waiting.empty()) {
            const double band_middle = grid_top + grid_height + waiting_band * 0.5;
            fmt::format_to(to,
                           "<g class=\"waiting\">\n<text x=\"{}\" y=\"{}\" dy=\"0.35em\" "
                           "font-size=\"{}\" text-anchor=\"start\" fill=\"#3e2723\" "
                           "stroke=\"none\">Waiting to start</text>\n",
                           n(margin), n(band_middle), n(cell * 0.28));
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

/// The board as a standalone SVG document: the title, the grid of numbered squares in the same
/// back-and-forth layout as render_text(), each ladder as a green path with two rails and
/// rungs, each snake as a red S-shaped path with a round head, and the tokens as coloured discs
/// labelled with their labels (those on square 0 in a "Waiting to start" strip under the
/// grid). Every jump is exactly one <path> element; every label and the title are XML-escaped
/// and cleaned as for render_text(). The output depends only on the arguments: coordinates
/// are written with one decimal.
///
/// Throws InvalidConfig for a row width outside 1..max_row_width, a board above
/// max_drawn_squares, a token off the board, or a cell size outside 8..1000.
template <typename Config>
[[nodiscard]] std::string render_svg(const BasicBoard<Config>& board,
                                     const SvgOptions& options = {}) {
    return detail::draw_svg(board.size(), board.jumps(), options);
}

} // namespace snakeladder
