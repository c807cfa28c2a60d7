// Optimal play for one player, solved by policy iteration on the squares (see
// analysis/optimal_play.hpp for the method and its guarantees).
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../turn/decisions.hpp"
#include "../analysis.hpp"
#include "../optimal_policy.hpp"
#include "../solve_report.hpp"
#include "policy_rolls.hpp"
#include "solve_ticker.hpp"
#include "sparse_rows_lu.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder::detail {

template <class Config>
class OnePlayerPlanner {
public:
    /// Squares times rolls (over all the dice) that optimal_policy follows: it keeps a target
    /// per square and distinct roll and reads every roll of every dice once per round.
    static constexpr double max_square_rolls = 2.0e7;
    /// Multiply-adds one solve may take.
    static constexpr double max_elimination_work = 2.0e9;
    static constexpr int max_iterations = 1000;

    OnePlayerPlanner(const BasicBoard<Config>& board, std::vector<std::vector<PolicyRoll>> rolls,
                     bool may_stay)
        : board_(board), rolls_(std::move(rolls)), may_stay_(may_stay),
          n_(static_cast<std::size_t>(board.size())) {
        max_roll_ = highest_roll(rolls_);
        find_safe_squares();
    }

    // `ticker` hears the rounds done, of at most max_iterations.
    OptimalPolicy solve(ProgressTicker<Steps>& ticker) {
        OptimalPolicy policy;
        policy.max_roll = max_roll_;
        policy.dice = first_dice_;
        if (may_stay_) {
            policy.stay.assign(n_ * stride(), false);
            for (std::size_t s = 0; s < n_; ++s) {
                for (int r = 1; r <= max_roll_; ++r) {
                    policy.stay[s * stride() + static_cast<std::size_t>(r)] = !safe_[target(s, r)];
                }
            }
        }
        if (!safe_[0]) {
            throw_invalid_config(
                "optimal_policy: no way of playing these choices on this board brings a token "
                "home surely from square 0 (some roll leads where home can never be reached)");
        }
        for (;;) {
            policy.expected_turns = evaluate(policy);
            ++policy.iterations;
            const bool improved = improve(policy);
            ticker.tick({policy.iterations, max_iterations});
            if (!improved) {
                break;
            }
            if (policy.iterations >= max_iterations) {
                throw NotConverged(residual(policy),
                                   fmt::format("optimal_policy: policy iteration did not settle "
                                               "in {} rounds on {} squares",
                                               max_iterations, n_));
            }
        }
        policy.residual = residual(policy);
        // A square no token stands on is worth what landing there is worth, as in
        // expected_turns: from it every roll may be blocked, which says nothing of the game.
        for (std::size_t s = 0; s < n_; ++s) {
            if (!rests_on_[s]) {
                policy.expected_turns[s] = policy.expected_turns[static_cast<std::size_t>(
                    board_.resolve(static_cast<Square>(s)))];
            }
        }
        ticker.finish({policy.iterations, policy.iterations});
        return policy;
    }

private:
    [[nodiscard]] std::size_t stride() const { return static_cast<std::size_t>(max_roll_) + 1; }
    [[nodiscard]] std::size_t target(std::size_t s, int roll) const {
        return static_cast<std::size_t>(board_.advance(static_cast<Square>(s), roll));
    }
    [[nodiscard]] bool moves(const OptimalPolicy& policy, std::size_t s, int roll) const {
        return !may_stay_ || !policy.stay[s * stride() + static_cast<std::size_t>(roll)];
    }

    // The squares from which some way of playing reaches home with probability 1 (safe_), and a
    // first dice for each that gets it closer (first_dice_): a square stays safe while some dice
    // has every roll leading to a safe square (or, when the player may stay, any dice), and one
    // of its rolls leads to a square found before it on the way back from home.
    void find_safe_squares() {
        // Who moves where: for each square t, the (square, dice) pairs with a roll from that
        // square to t, held once for every round of the search below.
        std::vector<std::size_t> first(n_ + 2, 0);
        for (std::size_t s = 0; s < n_; ++s) {
            for (const auto& of_dice : rolls_) {
                for (const PolicyRoll& r : of_dice) {
                    ++first[target(s, r.roll) + 1];
                }
            }
        }
        for (std::size_t t = 0; t <= n_; ++t) {
            first[t + 1] += first[t];
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> from(first[n_ + 1]);
        std::vector<std::size_t> fill(first.begin(), first.end() - 1);
        for (std::size_t s = 0; s < n_; ++s) {
            for (std::size_t d = 0; d < rolls_.size(); ++d) {
                for (const PolicyRoll& r : rolls_[d]) {
                    from[fill[target(s, r.roll)]++] = {static_cast<std::uint32_t>(s),
                                                       static_cast<std::uint32_t>(d)};
                }
            }
        }
        safe_.assign(n_ + 1, true);
        first_dice_.assign(n_, 0);
        std::vector<std::size_t> queue;
        for (;;) {
            std::vector<bool> allowed(n_ * rolls_.size(), false);
            for (std::size_t s = 0; s < n_; ++s) {
                for (std::size_t d = 0; d < rolls_.size() && safe_[s]; ++d) {
                    allowed[s * rolls_.size() + d] = may_stay_ || all_rolls_safe(s, d);
                }
            }
            // Back from home along the rolls of allowed dice, each pair looked at once.
            std::vector<bool> reached(n_ + 1, false);
            reached[n_] = true;
            queue.assign(1, n_);
            while (!queue.empty()) {
                const std::size_t t = queue.back();
                queue.pop_back();
                for (std::size_t e = first[t]; e < first[t + 1]; ++e) {
                    const auto [s, d] = from[e];
                    if (s != t && safe_[s] && !reached[s] && allowed[s * rolls_.size() + d]) {
                        reached[s] = true;
                        first_dice_[s] = d;
                        queue.push_back(s);
                    }
                }
            }
            if (reached == safe_) {
                return;
            }
            safe_ = std::move(reached);
        }
    }

    // The expected turns of `policy` on every square: (I - P) V = 1 on the safe squares.
    [[nodiscard]] std::vector<double> evaluate(const OptimalPolicy& policy) const {
        const auto row = [&](std::size_t s, auto&& add) {
            add(static_cast<std::uint32_t>(s), 1.0);
            if (!safe_[s]) {
                return;
            }
            for (const PolicyRoll& r : rolls_[policy.dice[s]]) {
                const std::size_t t = moves(policy, s, r.roll) ? target(s, r.roll) : s;
                if (t != n_) {
                    add(static_cast<std::uint32_t>(t), -r.probability);
                }
            }
        };
        SparseRowsLu lu;
        if (!lu.factor(n_, row, max_elimination_work)) {
            throw AnalysisLimitExceeded(
                max_elimination_work, max_elimination_work,
                "GreedyPolicy plays without solving the board",
                fmt::format("optimal_policy: solving a policy on {} squares takes more than "
                            "{:.0e} multiply-adds (its jumps fill the factors); GreedyPolicy "
                            "plays without solving the board",
                            n_, max_elimination_work));
        }
        std::vector<double> values(n_);
        for (std::size_t s = 0; s < n_; ++s) {
            values[s] = safe_[s] ? 1.0 : 0.0;
        }
        lu.solve(values);
        values.push_back(0.0);
        for (std::size_t s = 0; s < n_; ++s) {
            if (!safe_[s]) {
                values[s] = std::numeric_limits<double>::infinity();
            }
        }
        return values;
    }

    // The expected turns of rolling dice `d` on square s once, then following the values: the
    // player stays on rolls that would do worse than staying (when allowed).
    [[nodiscard]] double q_value(const std::vector<double>& v, std::size_t s, std::size_t d) const {
        double q = 1.0;
        for (const PolicyRoll& r : rolls_[d]) {
            const double moved = v[target(s, r.roll)];
            q += r.probability * (may_stay_ ? std::min(moved, v[s]) : moved);
        }
        return q;
    }

    // One round of improvement; false when the policy is already the best against its values.
    // A choice changes only when another is better by more than rounding, so the rounds end.
    bool improve(OptimalPolicy& policy) const {
        const std::vector<double>& v = policy.expected_turns;
        bool changed = false;
        for (std::size_t s = 0; s < n_; ++s) {
            if (!safe_[s] || !rests_on_[s]) {
                continue;
            }
            const double tolerance = 1e-12 * std::max(1.0, v[s]);
            if (may_stay_) {
                for (int r = 1; r <= max_roll_; ++r) {
                    const double moved = v[target(s, r)];
                    const std::size_t at = s * stride() + static_cast<std::size_t>(r);
                    if (moved > v[s] + tolerance && !policy.stay[at]) {
                        policy.stay[at] = true;
                        changed = true;
                    } else if (moved < v[s] - tolerance && policy.stay[at]) {
                        policy.stay[at] = false;
                        changed = true;
                    }
                }
            }
            double best = q_value(v, s, policy.dice[s]);
            for (std::size_t d = 0; d < rolls_.size(); ++d) {
                if (d == policy.dice[s] || (!may_stay_ && !all_rolls_safe(s, d))) {
                    continue;
                }
                const double q = q_value(v, s, d);
                if (q < best - tolerance) {
                    best = q;
                    policy.dice[s] = static_cast<std::uint32_t>(d);
                    changed = true;
                }
            }
        }
        return changed;
    }

    [[nodiscard]] bool all_rolls_safe(std::size_t s, std::size_t d) const {
        return std::all_of(rolls_[d].begin(), rolls_[d].end(),
                           [&](const PolicyRoll& r) { return safe_[target(s, r.roll)]; });
    }

    [[nodiscard]] double residual(const OptimalPolicy& policy) const {
        const std::vector<double>& v = policy.expected_turns;
        double worst = 0.0;
        for (std::size_t s = 0; s < n_; ++s) {
            if (!safe_[s] || !rests_on_[s]) {
                continue;
            }
            double best = std::numeric_limits<double>::infinity();
            for (std::size_t d = 0; d < rolls_.size(); ++d) {
                best = std::min(best, q_value(v, s, d));
            }
            worst = std::max(worst, std::abs(best - v[s]));
        }
        return worst;
    }

    const BasicBoard<Config>& board_;
    std::vector<std::vector<PolicyRoll>> rolls_;
    bool may_stay_ = false;
    std::size_t n_ = 0;
    int max_roll_ = 0;
    std::vector<bool> safe_;
    std::vector<std::uint32_t> first_dice_;
    std::vector<bool> rests_on_ = rest_squares(board_);
};

} // namespace snakeladder::detail
