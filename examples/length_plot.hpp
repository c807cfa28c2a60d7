// An SVG bar chart of a game-length distribution, for snakeladder-analyze --plot.
//
// Plain data in (P(T = t) by turn, optionally simulated frequencies), a standalone SVG document
// out, in the colours of the board pictures' theme. The output depends only on the input: every
// coordinate is written with one decimal.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <snakeladder/render.hpp>
#include <snakeladder/text.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder::examples {

/// What render_length_plot() draws.
struct LengthPlot {
    /// The title, drawn above the chart and used as the document's <title> (any bytes: it is
    /// cleaned and escaped).
    std::string title;
    /// P(T = t) at index t; turns 0..last_turn are drawn (missing entries count as 0).
    std::span<const double> probabilities;
    /// The last turn on the horizontal axis.
    std::int64_t last_turn = 0;
    /// Simulated frequencies by turn (share of games of length t), drawn as a line over the
    /// bars; empty for none.
    std::vector<double> simulated;
    /// Drawn as dashed vertical lines when finite / non-negative.
    double mean = std::numeric_limits<double>::quiet_NaN();
    std::int64_t median = -1;
    /// P(T > last_turn), noted in the corner when above 0.
    double beyond = 0.0;
    /// Some games never end (traps): the note says "longer ... or never".
    bool some_never_end = false;
    /// The colours, as for the board pictures (--theme): the page is `background`; the title,
    /// the axes, their labels and the mean and median lines are `text`; the grid lines are
    /// `grid`, faint; the bars are the first token colour, outlined in `text` when that is the
    /// page's colour (the print theme's white bars); the simulated line is `snake`.
    SvgTheme theme = SvgTheme::light();
};

namespace detail_plot {

// Text made safe for XML: the library's xml_text (well-formed UTF-8 kept, other bytes U+FFFD,
// control characters dropped, & < > " ' escaped), as the board pictures write theirs.
using snakeladder::xml_text;

// One decimal, without a trailing ".0", never "-0".
inline std::string number(double value) {
    std::string text = fmt::format("{:.1f}", value);
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) {
        text.resize(text.size() - 2);
    }
    return text == "-0" ? "0" : text;
}

// The smallest step of the form 1, 2 or 5 times a power of ten that cuts `range` into at most
// `parts` parts.
inline double nice_step(double range, int parts) {
    if (!(range > 0.0)) {
        return 1.0;
    }
    double power = std::pow(10.0, std::floor(std::log10(range / parts)));
    for (;;) {
        for (const double factor : {1.0, 2.0, 5.0}) {
            if (range / (factor * power) <= parts) {
                return factor * power;
            }
        }
        power *= 10.0;
    }
}

// A percentage with as many decimals as the step needs.
inline std::string percent(double share, double step) {
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step * 100.0))), 0, 6);
    return fmt::format("{:.{}f}%", share * 100.0, decimals);
}

} // namespace detail_plot

/// The distribution as an SVG document: one bar per turn (or per group of turns, averaged, when
/// there are more than 400), axes with ticks, the simulated frequencies as a line, and the mean
/// and median as dashed lines.
inline std::string render_length_plot(const LengthPlot& plot) {
    using detail_plot::number;
    constexpr double width = 800;
    constexpr double height = 440;
    constexpr double left = 80;
    constexpr double right = 30;
    constexpr double top = 60;
    constexpr double bottom = 70;
    constexpr double chart_width = width - left - right;
    constexpr double chart_height = height - top - bottom;
    constexpr std::int64_t max_bars = 400;

    const std::int64_t last = std::max<std::int64_t>(plot.last_turn, 1);
    const std::int64_t group = (last + max_bars) / max_bars; // turns per bar
    const auto value_at = [](std::span<const double> values, std::int64_t t) {
        return t >= 0 && static_cast<std::size_t>(t) < values.size()
                   ? values[static_cast<std::size_t>(t)]
                   : 0.0;
    };
    // The mean over a bar's turns, so the axis still reads "share of games per turn".
    const auto bar_value = [&](std::span<const double> values, std::int64_t first) {
        double sum = 0.0;
        const std::int64_t end = std::min(first + group, last + 1);
        for (std::int64_t t = first; t < end; ++t) {
            sum += value_at(values, t);
        }
        return sum / static_cast<double>(end - first);
    };

    double highest = 0.0;
    for (std::int64_t t = 0; t <= last; t += group) {
        highest = std::max({highest, bar_value(plot.probabilities, t),
                            bar_value(std::span<const double>(plot.simulated), t)});
    }
    const double y_step = detail_plot::nice_step(highest > 0.0 ? highest : 1.0, 6);
    const double y_top = std::max(1.0, std::ceil(highest / y_step)) * y_step;
    const double x_span = static_cast<double>(last + 1);
    const auto x_of = [&](double turn) { return left + chart_width * turn / x_span; };
    const auto y_of = [&](double share) { return top + chart_height * (1.0 - share / y_top); };

    const std::string title = detail_plot::xml_text(plot.title);
    // The colours are the theme's own, written into attributes: escaped like any text.
    const SvgTheme& theme = plot.theme;
    const std::string ink = detail_plot::xml_text(theme.text);
    const std::string bar_fill =
        detail_plot::xml_text(theme.tokens.empty() ? theme.background : theme.tokens.front());
    const std::string simulated_ink = detail_plot::xml_text(theme.snake);
    // Bars the colour of the page (the print theme's white) are outlined to show; others are
    // not, as an outline would hide a narrow bar's colour.
    const std::string background = detail_plot::xml_text(theme.background);
    const std::string bar_outline = bar_fill == background ? ink : "none";
    std::string svg;
    svg +=
        fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                    "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"13\" "
                    "fill=\"{4}\">\n"
                    "<title>{2}</title>\n"
                    "<rect width=\"{0}\" height=\"{1}\" fill=\"{5}\"/>\n"
                    "<text x=\"{3}\" y=\"30\" text-anchor=\"middle\" font-size=\"17\">{2}</text>\n",
                    number(width), number(height), title, number(width / 2), ink, background);

    // Grid lines and the vertical axis.
    const auto y_ticks = static_cast<int>(std::lround(y_top / y_step));
    svg += fmt::format("<g stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"1\">\n",
                       detail_plot::xml_text(theme.grid));
    for (int i = 0; i <= y_ticks; ++i) {
        const double y = i * y_step;
        svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", number(left),
                           number(y_of(y)), number(left + chart_width), number(y_of(y)));
    }
    svg += "</g>\n<g text-anchor=\"end\">\n";
    for (int i = 0; i <= y_ticks; ++i) {
        const double y = i * y_step;
        svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", number(left - 8),
                           number(y_of(y) + 4), detail_plot::percent(y, y_step));
    }
    svg += "</g>\n";

    // Bars.
    const double bar_width = chart_width * static_cast<double>(group) / x_span;
    const double gap = bar_width > 4 ? 1.0 : 0.0;
    svg +=
        fmt::format("<g fill=\"{}\" stroke=\"{}\" stroke-width=\"0.5\">\n", bar_fill, bar_outline);
    for (std::int64_t t = 0; t <= last; t += group) {
        const double value = bar_value(plot.probabilities, t);
        if (value <= 0.0) {
            continue;
        }
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                           number(x_of(static_cast<double>(t)) + gap / 2), number(y_of(value)),
                           number(std::max(bar_width - gap, 0.5)), number(y_of(0) - y_of(value)));
    }
    svg += "</g>\n";

    // The simulation, as a line through the middle of each bar.
    if (!plot.simulated.empty()) {
        std::string points;
        for (std::int64_t t = 0; t <= last; t += group) {
            const double middle = static_cast<double>(t) + static_cast<double>(group) / 2;
            points +=
                fmt::format("{}{},{}", points.empty() ? "" : " ", number(x_of(middle)),
                            number(y_of(bar_value(std::span<const double>(plot.simulated), t))));
        }
        svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
                           "points=\"{}\"/>\n",
                           simulated_ink, points);
    }

    // Mean and median.
    const auto marker = [&](double turn, const std::string& label, double label_y) {
        if (!(turn >= 0.0 && turn <= x_span)) {
            return;
        }
        const double x = x_of(turn);
        svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{6}\" "
                           "stroke-dasharray=\"5,4\"/>\n"
                           "<text x=\"{3}\" y=\"{4}\">{5}</text>\n",
                           number(x), number(top), number(y_of(0)), number(x + 5), number(label_y),
                           label, ink);
    };
    if (plot.median >= 0) {
        marker(static_cast<double>(plot.median) + 0.5, fmt::format("median {}", plot.median),
               top + 16);
    }
    if (std::isfinite(plot.mean)) {
        marker(plot.mean + 0.5, fmt::format("mean {:.1f}", plot.mean), top + 34);
    }

    // Horizontal axis.
    const double x_step = std::max(1.0, detail_plot::nice_step(x_span, 12));
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\"/>\n"
                       "<g text-anchor=\"middle\">\n",
                       number(left), number(y_of(0)), number(left + chart_width), ink);
    for (std::int64_t i = 0; static_cast<double>(i) * x_step <= static_cast<double>(last); ++i) {
        const double t = static_cast<double>(i) * x_step;
        svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{5}\"/>"
                           "<text x=\"{0}\" y=\"{3}\">{4}</text>\n",
                           number(x_of(t + 0.5)), number(y_of(0)), number(y_of(0) + 5),
                           number(y_of(0) + 20), number(t), ink);
    }
    svg += fmt::format("</g>\n<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">turns until home"
                       "</text>\n"
                       "<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">"
                       "share of games</text>\n",
                       number(left + chart_width / 2), number(height - 22),
                       number(top + chart_height / 2));

    // Legend and the part of the distribution off the chart.
    double legend_y = top + 10;
    const double legend_x = left + chart_width - 250;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{}\" "
                       "stroke=\"{}\" stroke-width=\"0.5\"/>"
                       "<text x=\"{}\" y=\"{}\">exact P(T = t)</text>\n",
                       number(legend_x), number(legend_y - 9), bar_fill, bar_outline,
                       number(legend_x + 20), number(legend_y));
    if (!plot.simulated.empty()) {
        legend_y += 18;
        svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                           "stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">simulated</text>\n",
                           number(legend_x), number(legend_y - 4), number(legend_x + 14),
                           number(legend_y - 4), simulated_ink, number(legend_x + 20),
                           number(legend_y));
    }
    if (plot.beyond > 0.0) {
        legend_y += 18;
        svg += fmt::format("<text x=\"{}\" y=\"{}\">longer than {} turns{}: {:.2g}%</text>\n",
                           number(legend_x), number(legend_y), last,
                           plot.some_never_end ? " or never" : "", plot.beyond * 100.0);
    }
    svg += "</svg>\n";
    return svg;
}

} // namespace snakeladder::examples
