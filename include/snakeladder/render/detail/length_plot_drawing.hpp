// The length plot's drawing: the checks of what it is given, the chart's frame (its scales and
// bars), and one function per part of the picture, in the order they are painted.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/text.hpp"
#include "../render_options.hpp"
#include "svg_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <string>
#include <string_view>

namespace snakeladder::detail {

inline void check_plotted_values(std::span<const double> values, std::string_view what) {
    for (std::size_t t = 0; t < values.size(); ++t) {
        if (!(values[t] >= 0.0) || !std::isfinite(values[t])) {
            throw_invalid_config(fmt::format("the length plot's {} for turn {} is {}; each must "
                                             "be a finite number of at least 0",
                                             what, t, values[t]));
        }
    }
}

inline void check_length_plot(std::int64_t last_turn, std::span<const double> probabilities,
                              std::span<const double> simulated, double beyond,
                              const SvgTheme& theme) {
    constexpr std::int64_t most = 10'000'000; // max_plotted_turns
    if (last_turn < 0 || last_turn > most) {
        throw_invalid_config(fmt::format(
            "the length plot's last turn must be between 0 and {}, got {}", most, last_turn));
    }
    check_plotted_values(probabilities, "probability");
    check_plotted_values(simulated, "simulated frequency");
    if (!(beyond >= 0.0) || !std::isfinite(beyond)) {
        throw_invalid_config(fmt::format("the length plot's share beyond the last turn is {}; it "
                                         "must be a finite number of at least 0",
                                         beyond));
    }
    check_svg_theme(theme);
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

/// The chart's frame: the page and the chart inside it, the turns each bar averages, and the
/// vertical scale, from the tallest bar of either series.
struct PlotFrame {
    static constexpr double width = 800;
    static constexpr double height = 440;
    static constexpr double left = 80;
    static constexpr double right = 30;
    static constexpr double top = 60;
    static constexpr double bottom = 70;
    static constexpr double chart_width = width - left - right;
    static constexpr double chart_height = height - top - bottom;
    static constexpr std::int64_t max_bars = 400;

    std::int64_t last = 1;
    std::int64_t group = 1; // turns per bar
    double x_span = 2;
    double y_step = 1;
    double y_top = 1;

    PlotFrame(std::int64_t last_turn, std::span<const double> probabilities,
              std::span<const double> simulated)
        : last(std::max<std::int64_t>(last_turn, 1)), group((last + max_bars) / max_bars),
          x_span(static_cast<double>(last + 1)) {
        double highest = 0.0;
        for (std::int64_t t = 0; t <= last; t += group) {
            highest = std::max({highest, bar_value(probabilities, t), bar_value(simulated, t)});
        }
        y_step = nice_step(highest > 0.0 ? highest : 1.0, 6);
        y_top = std::max(1.0, std::ceil(highest / y_step)) * y_step;
    }

    /// The mean over the turns of the bar that starts at `first`, so the axis still reads
    /// "share of games per turn"; missing entries count as 0.
    [[nodiscard]] double bar_value(std::span<const double> values, std::int64_t first) const {
        double sum = 0.0;
        const std::int64_t end = std::min(first + group, last + 1);
        for (std::int64_t t = first; t < end; ++t) {
            sum += static_cast<std::size_t>(t) < values.size() ? values[static_cast<std::size_t>(t)]
                                                               : 0.0;
        }
        return sum / static_cast<double>(end - first);
    }
    [[nodiscard]] double x_of(double turn) const { return left + chart_width * turn / x_span; }
    [[nodiscard]] double y_of(double share) const {
        return top + chart_height * (1.0 - share / y_top);
    }
};

/// The theme's colours as the plot uses them. Bars the colour of the page (the print theme's
/// white) are outlined to show; others are not, as an outline would hide a narrow bar's colour.
struct PlotInk {
    std::string text;
    std::string background;
    std::string grid;
    std::string bar;
    std::string bar_outline;
    std::string simulated;

    explicit PlotInk(const SvgTheme& theme)
        : text(theme.text), background(theme.background), grid(theme.grid),
          bar(theme.tokens.front()), bar_outline(bar == background ? text : "none"),
          simulated(theme.snake) {}
};

// The document's head, the page and the title.
inline void draw_plot_page(std::string& svg, const PlotInk& ink, std::string_view title) {
    constexpr auto n = &svg_number;
    const std::string clean = xml_text(title);
    svg +=
        fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                    "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"13\" "
                    "fill=\"{4}\">\n"
                    "<title>{2}</title>\n"
                    "<rect width=\"{0}\" height=\"{1}\" fill=\"{5}\"/>\n"
                    "<text x=\"{3}\" y=\"30\" text-anchor=\"middle\" font-size=\"17\">{2}</text>\n",
                    n(PlotFrame::width), n(PlotFrame::height), clean, n(PlotFrame::width / 2),
                    ink.text, ink.background);
}

// The grid lines of the vertical axis, and its labels.
inline void draw_plot_grid(std::string& svg, const PlotFrame& frame, const PlotInk& ink) {
    constexpr auto n = &svg_number;
    const auto ticks = static_cast<int>(std::lround(frame.y_top / frame.y_step));
    svg += fmt::format("<g stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"1\">\n", ink.grid);
    for (int i = 0; i <= ticks; ++i) {
        const double y = frame.y_of(i * frame.y_step);
        svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", n(PlotFrame::left),
                           n(y), n(PlotFrame::left + PlotFrame::chart_width), n(y));
    }
    svg += "</g>\n<g text-anchor=\"end\">\n";
    for (int i = 0; i <= ticks; ++i) {
        const double share = i * frame.y_step;
        svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", n(PlotFrame::left - 8),
                           n(frame.y_of(share) + 4), percent(share, frame.y_step));
    }
    svg += "</g>\n";
}

// The exact distribution, a bar per group of turns (none where it is 0).
inline void draw_plot_bars(std::string& svg, const PlotFrame& frame, const PlotInk& ink,
                           std::span<const double> probabilities) {
    constexpr auto n = &svg_number;
    const double bar_width =
        PlotFrame::chart_width * static_cast<double>(frame.group) / frame.x_span;
    const double gap = bar_width > 4 ? 1.0 : 0.0;
    svg += fmt::format("<g fill=\"{}\" stroke=\"{}\" stroke-width=\"0.5\">\n", ink.bar,
                       ink.bar_outline);
    for (std::int64_t t = 0; t <= frame.last; t += frame.group) {
        const double value = frame.bar_value(probabilities, t);
        if (value <= 0.0) {
            continue;
        }
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                           n(frame.x_of(static_cast<double>(t)) + gap / 2), n(frame.y_of(value)),
                           n(std::max(bar_width - gap, 0.5)), n(frame.y_of(0) - frame.y_of(value)));
    }
    svg += "</g>\n";
}

// The simulation, as a line through the middle of each bar.
inline void draw_plot_simulated(std::string& svg, const PlotFrame& frame, const PlotInk& ink,
                                std::span<const double> simulated) {
    if (simulated.empty()) {
        return;
    }
    constexpr auto n = &svg_number;
    std::string points;
    for (std::int64_t t = 0; t <= frame.last; t += frame.group) {
        const double middle = static_cast<double>(t) + static_cast<double>(frame.group) / 2;
        points += fmt::format("{}{},{}", points.empty() ? "" : " ", n(frame.x_of(middle)),
                              n(frame.y_of(frame.bar_value(simulated, t))));
    }
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
                       "points=\"{}\"/>\n",
                       ink.simulated, points);
}

// The median and the mean, as dashed lines through the middle of their turns.
inline void draw_plot_markers(std::string& svg, const PlotFrame& frame, const PlotInk& ink,
                              double mean, std::int64_t median) {
    constexpr auto n = &svg_number;
    const auto marker = [&](double turn, const std::string& label, double label_y) {
        if (!(turn >= 0.0 && turn <= frame.x_span)) {
            return;
        }
        const double x = frame.x_of(turn);
        svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{6}\" "
                           "stroke-dasharray=\"5,4\"/>\n"
                           "<text x=\"{3}\" y=\"{4}\">{5}</text>\n",
                           n(x), n(PlotFrame::top), n(frame.y_of(0)), n(x + 5), n(label_y), label,
                           ink.text);
    };
    if (median >= 0) {
        marker(static_cast<double>(median) + 0.5, fmt::format("median {}", median),
               PlotFrame::top + 16);
    }
    if (std::isfinite(mean)) {
        marker(mean + 0.5, fmt::format("mean {:.1f}", mean), PlotFrame::top + 34);
    }
}

// The horizontal axis with its ticks, and both axes' names.
inline void draw_plot_turn_axis(std::string& svg, const PlotFrame& frame, const PlotInk& ink) {
    constexpr auto n = &svg_number;
    const double step = std::max(1.0, nice_step(frame.x_span, 12));
    const double axis = frame.y_of(0);
    svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\"/>\n"
                       "<g text-anchor=\"middle\">\n",
                       n(PlotFrame::left), n(axis), n(PlotFrame::left + PlotFrame::chart_width),
                       ink.text);
    for (std::int64_t i = 0; static_cast<double>(i) * step <= static_cast<double>(frame.last);
         ++i) {
        const double t = static_cast<double>(i) * step;
        svg +=
            fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{5}\"/>"
                        "<text x=\"{0}\" y=\"{3}\">{4}</text>\n",
                        n(frame.x_of(t + 0.5)), n(axis), n(axis + 5), n(axis + 20), n(t), ink.text);
    }
    svg += fmt::format("</g>\n<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">turns until home"
                       "</text>\n"
                       "<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\">"
                       "share of games</text>\n",
                       n(PlotFrame::left + PlotFrame::chart_width / 2), n(PlotFrame::height - 22),
                       n(PlotFrame::top + PlotFrame::chart_height / 2));
}

// The legend, and the share of games longer than the chart.
inline void draw_plot_legend(std::string& svg, const PlotFrame& frame, const PlotInk& ink,
                             bool simulated, double beyond, bool some_never_end) {
    constexpr auto n = &svg_number;
    double y = PlotFrame::top + 10;
    const double x = PlotFrame::left + PlotFrame::chart_width - 250;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{}\" "
                       "stroke=\"{}\" stroke-width=\"0.5\"/>"
                       "<text x=\"{}\" y=\"{}\">exact P(T = t)</text>\n",
                       n(x), n(y - 9), ink.bar, ink.bar_outline, n(x + 20), n(y));
    if (simulated) {
        y += 18;
        svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
                           "stroke-width=\"2\"/><text x=\"{}\" y=\"{}\">simulated</text>\n",
                           n(x), n(y - 4), n(x + 14), n(y - 4), ink.simulated, n(x + 20), n(y));
    }
    if (beyond > 0.0) {
        y += 18;
        svg += fmt::format("<text x=\"{}\" y=\"{}\">longer than {} turns{}: {:.2g}%</text>\n", n(x),
                           n(y), frame.last, some_never_end ? " or never" : "", beyond * 100.0);
    }
}

} // namespace snakeladder::detail
