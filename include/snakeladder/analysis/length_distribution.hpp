// The length of a one-player game as a table: P(T = t), P(T > t) and P(T <= t) for each turn
// t, what the table leaves out, and the exact mean and variance, solved only when first asked
// for. length_distribution (analysis.hpp) makes one; the propagation that fills it is machinery
// (detail/length_propagation.hpp).
#pragma once

#include "../base/errors.hpp"
#include "../rules/config.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fmt/format.h>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder {

namespace detail {
struct LengthDistributionAccess;

// The mean and variance of a game's length, solved the first time they are asked for and then
// kept: a distribution nobody asks the moments of costs no linear solve. Shared by the copies of
// a LengthDistribution; several threads may ask at once (std::call_once).
class LazyLengthMoments {
public:
    struct Moments {
        double mean = 0.0;
        double variance = 0.0;
        // Why they cannot be given, if they cannot: the solve's exception, rethrown to every
        // caller with its type (NotConverged, AnalysisLimitExceeded).
        std::exception_ptr error;
    };

    explicit LazyLengthMoments(std::function<Moments()> solve) : solve_(std::move(solve)) {}

    const Moments& get() {
        std::call_once(once_, [this] {
            moments_ = solve_();
            solve_ = nullptr; // the board copy it holds is no longer needed
        });
        return moments_;
    }

private:
    std::once_flag once_;
    std::function<Moments()> solve_;
    Moments moments_;
};
} // namespace detail

/// Called with the turns tabulated so far and the probability that the game is still running
/// after them (and can still end).
using DistributionProgress = std::function<void(std::int64_t turns, double running)>;

/// Where `length_distribution` stops, and how it reports its progress.
struct DistributionOptions {
    /// The last turn tabulated (the horizon): at least 1. The same type as
    /// SimulationOptions::max_turns, but not the same default: every turn of the table costs
    /// the whole board's work (all the joint positions, for seat_chances under rules that couple
    /// the tokens), while a simulated game pays for its own turns only. The table usually ends
    /// long before, at tail_epsilon.
    std::uint64_t max_turns = 100'000;
    /// Stop once the probability that the game is still running, and can still end, is at or
    /// below this. The mass left is reported (`tail_mass`), never dropped silently.
    double tail_epsilon = 1e-15;
    /// Called on the calling thread while the table grows, at most once per `progress_interval`
    /// (a long table: a board of 100,000 squares takes tens of thousands of turns), and once more
    /// when it is complete. An exception it throws stops the call and reaches the caller.
    DistributionProgress progress{};
    std::chrono::milliseconds progress_interval{100};
};

/// The length T of a one-player game: P(T = t) and P(T > t) for t = 0..turns(), computed by
/// propagating the exact distribution of the token over the squares turn by turn, plus the
/// exact mean and variance from the linear system, solved only when first asked for.
class LengthDistribution {
public:
    /// P(T = t) at index t, t = 0..turns().
    [[nodiscard]] std::span<const double> probabilities() const& noexcept { return exactly_; }
    /// P(T > t) at index t, t = 0..turns().
    [[nodiscard]] std::span<const double> survival() const& noexcept { return longer_; }
    /// On a temporary distribution, copies: a view would dangle once the distribution is gone
    /// (`for (double p : length_distribution(board, dice).probabilities())`).
    [[nodiscard]] std::vector<double> probabilities() const&& { return exactly_; }
    [[nodiscard]] std::vector<double> survival() const&& { return longer_; }
    /// The last tabulated turn.
    [[nodiscard]] std::int64_t turns() const noexcept {
        return static_cast<std::int64_t>(exactly_.size()) - 1;
    }

    /// P(T = t). Past the table of a complete distribution (see `complete`) 0; past any other
    /// table, InvalidConfig.
    [[nodiscard]] double probability(std::int64_t t) const {
        if (t < 0) {
            return 0.0;
        }
        if (t > turns() && complete()) {
            return 0.0;
        }
        check_tabulated(t, "P(T = t)");
        return exactly_[static_cast<std::size_t>(t)];
    }
    /// P(T > t). Past the table of a complete distribution, the games that never end
    /// (`stuck_mass`, 0 without traps); past any other table, InvalidConfig.
    [[nodiscard]] double probability_longer_than(std::int64_t t) const {
        if (t < 0) {
            return 1.0;
        }
        check_tabulated(t, "P(T > t)");
        return longer_[static_cast<std::size_t>(std::min(t, turns()))];
    }
    /// P(T <= t), summed from the start so that small values keep their precision. Past the
    /// table of a complete distribution, its value on the last turn; past any other table,
    /// InvalidConfig.
    [[nodiscard]] double probability_within(std::int64_t t) const {
        if (t < 0) {
            return 0.0;
        }
        check_tabulated(t, "P(T <= t)");
        return within_[static_cast<std::size_t>(std::min(t, turns()))];
    }
    /// True when the table holds every game that ends: after its last turn no token that can
    /// still get home is left on the board (`tail_mass` is then `stuck_mass`, the games that
    /// never end), so every later turn ends no game. A table cut short by
    /// DistributionOptions::max_turns or tail_epsilon is not complete.
    [[nodiscard]] bool complete() const noexcept { return running_ == 0.0; }

    /// P(T > turns()): the mass the table does not cover.
    [[nodiscard]] double tail_mass() const noexcept { return longer_.back(); }
    /// The part of `tail_mass` on squares from which home can never be reached: such games
    /// never end. P(T is infinite) lies between `stuck_mass` and `tail_mass`.
    [[nodiscard]] double stuck_mass() const noexcept { return stuck_; }
    /// True when no trap can be reached: every game ends.
    [[nodiscard]] bool finishes_surely() const noexcept { return finishes_surely_; }

    /// E[T], exact (solved, not summed from the table). +infinity when a trap can be reached.
    /// Solved on the first call to mean(), variance() or standard_deviation() of this
    /// distribution or of a copy of it (the three share one solve), never before. Throws what
    /// expected_turns does (NotConverged, or Error), on a board where a game almost never ends and
    /// the mean is too large to compute (the table itself is still valid there).
    [[nodiscard]] double mean() const { return moments().mean; }
    /// Var[T], exact from the linear system; +infinity when a trap can be reached.
    [[nodiscard]] double variance() const { return moments().variance; }
    [[nodiscard]] double standard_deviation() const { return std::sqrt(variance()); }

    /// The most likely length (the first, if several tie), among the tabulated turns.
    [[nodiscard]] std::int64_t mode() const noexcept {
        return static_cast<std::int64_t>(std::max_element(exactly_.begin(), exactly_.end()) -
                                         exactly_.begin());
    }
    /// The smallest t with P(T <= t) >= q, for q in (0, 1). Throws InvalidConfig when q is
    /// outside (0, 1), or when the table does not reach q: either the horizon is too short or,
    /// on a board with traps, the quantile is infinite.
    [[nodiscard]] std::int64_t quantile(double q) const {
        if (!(q > 0.0 && q < 1.0)) {
            throw InvalidConfig(
                fmt::format("a quantile must be strictly between 0 and 1, got {}", q));
        }
        const auto it = std::lower_bound(within_.begin(), within_.end(), q);
        if (it == within_.end()) {
            if (complete() && finishes_surely_) {
                // Every game ends within the table: P(T <= turns()) is 1, and the sum of the
                // table falls short of q only by rounding.
                return turns();
            }
            if (!finishes_surely_ && 1.0 - stuck_ < q) {
                throw InvalidConfig(fmt::format(
                    "the {} quantile of the game length is infinite: the game never ends with "
                    "probability at least {:.6g}, because a trap can be reached",
                    q, stuck_));
            }
            throw InvalidConfig(
                fmt::format("the {} quantile of the game length lies beyond the {} tabulated turns "
                            "(P(T <= {}) = {:.17g}); raise DistributionOptions::max_turns",
                            q, turns(), turns(), within_.back()));
        }
        return static_cast<std::int64_t>(it - within_.begin());
    }
    [[nodiscard]] std::int64_t median() const { return quantile(0.5); }

private:
    friend struct detail::LengthDistributionAccess;

    [[nodiscard]] const detail::LazyLengthMoments::Moments& moments() const {
        if (!moments_) { // default-constructed: no game, no moments to solve
            static const detail::LazyLengthMoments::Moments none;
            return none;
        }
        const detail::LazyLengthMoments::Moments& moments = moments_->get();
        if (moments.error) {
            std::rethrow_exception(moments.error);
        }
        return moments;
    }

    void check_tabulated(std::int64_t t, const char* what) const {
        if (t > turns() && !complete()) {
            throw InvalidConfig(fmt::format("{} for t = {} lies beyond the {} tabulated turns "
                                            "(tail mass {:.3g}); raise "
                                            "DistributionOptions::max_turns",
                                            what, t, turns(), tail_mass()));
        }
    }

    // Turn 0: no game ends before a roll.
    std::vector<double> exactly_{0.0};
    std::vector<double> longer_{1.0};
    std::vector<double> within_{0.0};
    double stuck_ = 0.0;
    // P(T > turns()) of the games that can still end: 0 once the table is complete. A
    // default-constructed distribution tabulates no game, so nothing past turn 0 is known.
    double running_ = 1.0;
    bool finishes_surely_ = true;
    std::shared_ptr<detail::LazyLengthMoments> moments_;
};

} // namespace snakeladder
