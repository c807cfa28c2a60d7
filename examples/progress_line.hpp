// The progress line of snakeladder-analyze, as a pure function of how far the work is and how
// long it has taken, so that its text can be tested exactly:
//
//     one player  [#############                 ]  45% · 4.5 k games/s · 3 s left
#pragma once

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace snakeladder::examples {

/// `count` with an SI prefix: `950`, `4.5 k`, `1.2 M`, `3.0 G`.
inline std::string si_count(double count) {
    if (count < 1e3) {
        return fmt::format("{:.0f}", count);
    }
    if (count < 1e6) {
        return fmt::format("{:.1f} k", count / 1e3);
    }
    if (count < 1e9) {
        return fmt::format("{:.1f} M", count / 1e6);
    }
    return fmt::format("{:.1f} G", count / 1e9);
}

/// A duration in whole seconds, rounded up: `3 s`, `2 min 5 s`, `1 h 3 min`.
inline std::string duration_text(double seconds) {
    const auto whole = static_cast<long long>(std::ceil(std::max(seconds, 0.0)));
    if (whole < 60) {
        return fmt::format("{} s", whole);
    }
    if (whole < 3600) {
        return fmt::format("{} min {} s", whole / 60, whole % 60);
    }
    return fmt::format("{} h {} min", whole / 3600, whole % 3600 / 60);
}

/// `label [bar] pct% · rate units/s · time left`: `fraction` of the work is done (0 to 1) after
/// `elapsed_seconds`, and that is `done` units (`unit`, e.g. "games"; empty: no rate shown).
/// The rate is done / elapsed; the time left assumes the rest goes at the same pace,
/// elapsed * (1 - fraction) / fraction. Neither is shown before there is something to measure
/// (nothing done, or no time elapsed), and no time left once all is done.
inline std::string progress_line(std::string_view label, double fraction, double elapsed_seconds,
                                 double done, std::string_view unit) {
    constexpr int bar_width = 30;
    fraction = std::clamp(std::isnan(fraction) ? 0.0 : fraction, 0.0, 1.0);
    const auto filled = static_cast<std::size_t>(std::floor(fraction * bar_width));
    std::string line = fmt::format("{} [{:<{}}] {:3.0f}%", label, std::string(filled, '#'),
                                   bar_width, std::floor(100.0 * fraction));
    const bool measured = elapsed_seconds > 0.0 && fraction > 0.0;
    if (measured && !unit.empty() && done > 0.0) {
        line += fmt::format(" · {} {}/s", si_count(done / elapsed_seconds), unit);
    }
    if (measured && fraction < 1.0) {
        line +=
            fmt::format(" · {} left", duration_text(elapsed_seconds * (1.0 - fraction) / fraction));
    }
    return line;
}

} // namespace snakeladder::examples
