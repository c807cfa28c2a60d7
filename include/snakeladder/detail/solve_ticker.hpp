// Calls SolveOptions::progress while a solve runs: at most once per interval, counted from the
// start (so a solve done within the first interval reports only at its end), on the thread that
// solves. Each call reads the clock, so the solvers tick once per sweep or per block of rows,
// never per entry.
#pragma once

#include "../solve_report.hpp"

#include <chrono>
#include <functional>
#include <utility>

namespace snakeladder::detail {

class SolveTicker {
public:
    SolveTicker() = default;
    explicit SolveTicker(const SolveOptions& options)
        : progress_(options.progress), interval_(options.progress_interval),
          last_(std::chrono::steady_clock::now()) {}

    void tick(const SolveProgress& progress) {
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
    void finish(const SolveProgress& progress) const {
        if (progress_) {
            progress_(progress);
        }
    }

private:
    std::function<void(const SolveProgress&)> progress_;
    std::chrono::milliseconds interval_{0};
    std::chrono::steady_clock::time_point last_{};
};

} // namespace snakeladder::detail
