// Calls a progress callback while a long computation runs: at most once per interval, counted
// from the start (so work done within the first interval reports only at its end), on the
// thread that works. Each call reads the clock, so the solvers tick once per sweep or per block
// of rows, never per entry.
#pragma once

#include "../errors.hpp"
#include "../solve_report.hpp"

#include <chrono>
#include <fmt/format.h>
#include <functional>
#include <string_view>
#include <utility>

namespace snakeladder::detail {

/// The one check every options struct with a progress callback shares: `owner` names the
/// struct's field as the caller wrote it ("SolveOptions::progress_interval").
inline void check_progress_interval(std::string_view owner, std::chrono::milliseconds interval) {
    if (interval.count() < 0) {
        throw InvalidConfig(
            fmt::format("{} must not be negative, got {} ms", owner, interval.count()));
    }
}

/// Ticks `Options::progress` (a std::function taking a Progress) every
/// `Options::progress_interval`.
template <class Progress>
class ProgressTicker {
public:
    ProgressTicker() = default;
    template <class Options>
    explicit ProgressTicker(const Options& options)
        : progress_(options.progress), interval_(options.progress_interval),
          last_(std::chrono::steady_clock::now()) {}

    /// Whether anyone listens.
    [[nodiscard]] bool active() const noexcept { return static_cast<bool>(progress_); }

    void tick(const Progress& progress) {
        if (!progress_) {
            return;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < interval_) {
            return;
        }
        last_ = now;
        progress_(progress);
    }
    void finish(const Progress& progress) const {
        if (progress_) {
            progress_(progress);
        }
    }

private:
    std::function<void(const Progress&)> progress_;
    std::chrono::milliseconds interval_{0};
    std::chrono::steady_clock::time_point last_{};
};

/// The solvers' ticker, for SolveOptions.
using SolveTicker = ProgressTicker<SolveProgress>;

} // namespace snakeladder::detail
