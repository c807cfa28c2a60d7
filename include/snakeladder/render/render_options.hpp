// What the renderers draw and how: the tokens, the layout, the colours and the limits of a
// picture. render.hpp draws with them; a program that only builds options (a command line's
// parser, say) includes this alone.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"

#include <cstddef>
#include <cstdlib>
#include <fmt/format.h>
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

} // namespace snakeladder
