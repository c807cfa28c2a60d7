// A picture of how long games last: an SVG bar chart of a game-length distribution, in the
// colours of the board pictures' theme.
//
// Plain data in (P(T = t) by turn, optionally simulated frequencies), a standalone SVG document
// out, like render_svg(): it knows nothing of boards or games, so an exact distribution, a
// simulation or a table of the caller's own can all be drawn. The output depends only on the
// input: every coordinate is written with one decimal.
#pragma once

#include "detail/length_plot_drawing.hpp"
#include "render_options.hpp"

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace snakeladder {

/// The most turns a length plot spans. The chart draws at most 400 bars, but each averages
/// its turns, so the work grows with the turns.
inline constexpr std::int64_t max_plotted_turns = 10'000'000;

/// What render_length_plot() draws.
struct LengthPlot {
    /// The title, drawn above the chart and used as the document's <title> (any bytes: it is
    /// cleaned and escaped as the board pictures' labels are).
    std::string title;
    /// P(T = t) at index t (LengthDistribution::probabilities()); turns 0..last_turn are drawn
    /// (missing entries count as 0). Each must be finite and at least 0.
    std::span<const double> probabilities;
    /// The last turn on the horizontal axis, 0..max_plotted_turns.
    std::int64_t last_turn = 0;
    /// Simulated frequencies by turn (share of games of length t), drawn as a line over the
    /// bars; empty for none. Each must be finite and at least 0.
    std::vector<double> simulated;
    /// Drawn as dashed vertical lines when finite (mean) and at least 0 (median).
    double mean = std::numeric_limits<double>::quiet_NaN();
    std::int64_t median = -1;
    /// P(T > last_turn), noted in the corner when above 0; finite and at least 0.
    double beyond = 0.0;
    /// Some games never end (traps): the note says "longer ... or never".
    bool some_never_end = false;
    /// The colours, as for the board pictures: the page is `background`; the title, the axes,
    /// their labels and the mean and median lines are `text`; the grid lines are `grid`, faint;
    /// the bars are the first token colour, outlined in `text` when that is the page's colour
    /// (the print theme's white bars); the simulated line is `snake`.
    SvgTheme theme = SvgTheme::light();
};

/// The distribution as a standalone SVG document of 800 x 440 units: one bar per turn (or per
/// group of turns, averaged, when there are more than 400), a vertical axis of the share of
/// games with ticks at 1, 2 or 5 times a power of ten, a horizontal axis of turns, the
/// simulated frequencies as a line through the bars' middles, the mean and median as dashed
/// lines, and a legend with the share of games longer than the last turn. docs/rendering.md
/// shows one.
///
/// Throws InvalidConfig for a last turn outside 0..max_plotted_turns, a probability, simulated
/// frequency or `beyond` that is negative or not finite, or a theme colour that is not `#rgb`,
/// `#rrggbb` or a name of letters (or no token colours), naming the bad value.
[[nodiscard]] inline std::string render_length_plot(const LengthPlot& plot) {
    detail::check_length_plot(plot.last_turn, plot.probabilities, plot.simulated, plot.beyond,
                              plot.theme);
    const detail::PlotFrame frame(plot.last_turn, plot.probabilities, plot.simulated);
    const detail::PlotInk ink(plot.theme);
    std::string svg;
    detail::draw_plot_page(svg, ink, plot.title);
    detail::draw_plot_grid(svg, frame, ink);
    detail::draw_plot_bars(svg, frame, ink, plot.probabilities);
    detail::draw_plot_simulated(svg, frame, ink, plot.simulated);
    detail::draw_plot_markers(svg, frame, ink, plot.mean, plot.median);
    detail::draw_plot_turn_axis(svg, frame, ink);
    detail::draw_plot_legend(svg, frame, ink, !plot.simulated.empty(), plot.beyond,
                             plot.some_never_end);
    svg += "</svg>\n";
    return svg;
}

} // namespace snakeladder
