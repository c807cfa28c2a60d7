// Rolls as the library's searches and solvers take them: distinct, ascending, in runs of
// consecutive values, and every roll the overshoot rule declares to move alike counted as one
// (fold_roll: the one place that decides which rolls stand for others).
#pragma once

#include "../../base/jump.hpp"
#include "../../rules/rules.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace snakeladder::detail {

// Rolls low..high, both at least 1.
struct RollRun {
    std::int64_t low = 0;
    std::int64_t high = 0;
    friend constexpr bool operator==(const RollRun&, const RollRun&) = default;
};

// The shortest roll from which every roll moves a token alike on a board of `size` squares, as
// the rule declares it (DeclaresRollsAlike); INT64_MAX, folding nothing, for a rule that does
// not declare it: only the rule knows which of its rolls are alike.
template <OvershootRule Overshoot>
constexpr std::int64_t alike_from(Square size) noexcept {
    if constexpr (DeclaresRollsAlike<Overshoot>) {
        return std::max<std::int64_t>(1, Overshoot::alike_from(size));
    } else {
        return std::numeric_limits<std::int64_t>::max();
    }
}

// The roll that stands for `roll` (at least 1) when every roll of at least `alike` moves a
// token alike (alike_from): itself, or `alike` when it is longer.
constexpr std::int64_t fold_roll(std::int64_t roll, std::int64_t alike) noexcept {
    return std::min(roll, alike);
}

// Adds `roll` (at least 1) to `runs`, whose rolls so far are all at most `roll`.
inline void add_roll(std::vector<RollRun>& runs, std::int64_t roll) {
    if (!runs.empty() && roll - 1 <= runs.back().high) { // roll >= 1: no overflow
        runs.back().high = std::max(runs.back().high, roll);
    } else {
        runs.push_back({roll, roll});
    }
}

// The rolls at least 1 among `rolls` as ascending runs, folded from `alike` on (alike_from;
// INT64_MAX folds nothing).
inline std::vector<RollRun> runs_of(std::span<const std::int64_t> rolls, std::int64_t alike) {
    std::vector<std::int64_t> sorted;
    sorted.reserve(rolls.size());
    for (const std::int64_t roll : rolls) {
        if (roll >= 1) {
            sorted.push_back(fold_roll(roll, alike));
        }
    }
    std::sort(sorted.begin(), sorted.end());
    std::vector<RollRun> runs;
    for (const std::int64_t roll : sorted) {
        add_roll(runs, roll);
    }
    return runs;
}

// The runs of several dice as one list: sorted by their first roll, overlapping or adjacent runs
// joined.
inline std::vector<RollRun> merged_runs(std::vector<RollRun> all) {
    std::sort(all.begin(), all.end(),
              [](const RollRun& a, const RollRun& b) { return a.low < b.low; });
    std::vector<RollRun> merged;
    for (const RollRun& run : all) {
        if (!merged.empty() && run.low - 1 <= merged.back().high) {
            merged.back().high = std::max(merged.back().high, run.high);
        } else {
            merged.push_back(run);
        }
    }
    return merged;
}

// How many rolls the runs hold.
inline std::uint64_t roll_count(std::span<const RollRun> runs) {
    std::uint64_t count = 0;
    for (const RollRun& run : runs) {
        count += static_cast<std::uint64_t>(run.high - run.low) + 1;
    }
    return count;
}

// Every roll of the runs, ascending.
inline std::vector<std::int64_t> listed_rolls(std::span<const RollRun> runs) {
    std::vector<std::int64_t> rolls;
    rolls.reserve(static_cast<std::size_t>(roll_count(runs)));
    for (const RollRun& run : runs) {
        for (std::int64_t k = 0; k <= run.high - run.low; ++k) { // no overflow at INT64_MAX
            const std::int64_t roll = run.low + k;
            rolls.push_back(roll);
        }
    }
    return rolls;
}

} // namespace snakeladder::detail
