// Calls a progress callback while a long computation runs: at most once per interval, counted
// from the start (so work done within the first interval reports only at its end), on the
// thread that works. Each tick reads the clock, so the solvers tick once per sweep or per block
// of rows, never per entry; inside a pass whose length grows with the squares times the rolls
// (seconds with thousands of rolls), `add_work` counts the work and ticks only every
// work_between_clock_reads units of it, so a callback that throws stops even one long pass.
#pragma once

#include "../../base/errors.hpp"
#include "../solve_report.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <string_view>
#include <utility>

namespace snakeladder::detail {

/// How much work (moves followed: a square times a roll, or an elimination's operations) passes
/// at most between two reads of the clock in the analysis's inner loops, besides their own
/// cadence (a sweep, 64 turns, 4,096 rows): about a millisecond's worth, so a callback that
/// throws is heard within that and a progress interval even in a pass of thousands of rolls a
/// square, while the clock costs nothing beside the work.
inline constexpr std::size_t work_between_clock_reads = std::size_t{1} << 20;

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
    /// Counts `units` of work, and ticks with make() once work_between_clock_reads have passed
    /// since the last tick; with nobody listening, it does nothing (not even count).
    template <class Make>
    void add_work(std::size_t units, Make&& make) {
        if (!progress_) {
            return;
        }
        work_ += units;
        if (work_ < work_between_clock_reads) {
            return;
        }
        work_ = 0;
        tick(make());
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
    std::size_t work_ = 0; // since the last tick of add_work
};

/// The solvers' ticker, for SolveOptions.
using SolveTicker = ProgressTicker<SolveProgress>;

/// What SolveOptions::progress hears before a solve starts: the chain being built and the
/// method chosen (each follows every roll from every square once).
inline SolveProgress before_solving() noexcept {
    SolveProgress progress;
    progress.method = SolveMethod::automatic;
    return progress;
}

/// Where a call of ProgressOptions is: `done` steps of at most `total`.
struct Steps {
    std::int64_t done = 0;
    std::int64_t total = 0;
};

/// The ticker for ProgressOptions, after checking its interval (InvalidConfig when negative).
inline ProgressTicker<Steps> steps_ticker(const ProgressOptions& options) {
    check_progress_interval("ProgressOptions::progress_interval", options.progress_interval);
    struct Adapted {
        std::function<void(const Steps&)> progress;
        std::chrono::milliseconds progress_interval;
    };
    Adapted adapted{nullptr, options.progress_interval};
    if (options.progress) {
        adapted.progress = [&callback = options.progress](const Steps& now) {
            callback(now.done, now.total);
        };
    }
    return ProgressTicker<Steps>(adapted);
}

} // namespace snakeladder::detail
