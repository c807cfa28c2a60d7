// Optimal play for one player: the policy that minimises the expected number of turns when the
// player picks the dice before each roll and, where the choices allow, stays instead of moving.
//
// Between turns a lone token's state is its square, so this is a stochastic shortest-path
// problem on the squares, solved by policy iteration: each policy's expected turns are solved
// exactly (SparseRowsLu on I - P), then every square takes the dice, and every roll the move or
// the stay, that does best against those values, until nothing changes. It starts from a policy
// that reaches home surely, so every policy it meets does (each turn costs one), and ends in a
// handful of rounds. The Bellman residual of the answer is reported.
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "decisions.hpp"
#include "detail/sparse_rows_lu.hpp"
#include "dice.hpp"
#include "errors.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <span>
#include <vector>

namespace snakeladder {

/// The best play of one player, square by square.
struct OptimalPolicy {
    /// Index s in 0..size: the expected turns from square s under this policy (0 at home);
    /// +infinity on squares from which no way of playing reaches home surely.
    std::vector<double> expected_turns;
    /// Index s in 0..size-1: the dice to roll there (an index into Choices::dice).
    std::vector<std::uint32_t> dice;
    /// Whether to stay on square s after rolling r: stay[s * (max_roll + 1) + r] (see stays()).
    /// All false when the choices do not allow staying.
    std::vector<bool> stay;
    /// The highest roll of any of the dice.
    int max_roll = 0;
    /// The expected turns of default play: always the first dice, always move (+infinity when
    /// that may never end).
    double default_turns = 0.0;
    /// The largest |(T V)(s) - V(s)| over the squares, with T the Bellman operator: how far the
    /// values are from satisfying the optimality equations (in turns).
    double residual = 0.0;
    /// Rounds of policy iteration (each an exact solve).
    int iterations = 0;

    /// The expected turns of a game played this way, from square 0.
    [[nodiscard]] double turns() const { return expected_turns.front(); }
    /// How many turns this policy saves over default play.
    [[nodiscard]] double gain() const { return default_turns - turns(); }
    /// Whether to stay on `square` (0..size-1) after rolling `roll` (1..max_roll).
    [[nodiscard]] bool stays(Square square, int roll) const {
        const std::size_t at =
            static_cast<std::size_t>(square) * (static_cast<std::size_t>(max_roll) + 1) +
            static_cast<std::size_t>(roll);
        return at < stay.size() && stay[at];
    }
    /// The decision of the player due at `state` as this policy plays it, from the square of
    /// the seat due (for several players: each plays as if alone). Throws InvalidConfig at a
    /// chance point or after the end.
    [[nodiscard]] Action action(const DecisionState& state) const {
        const Square square = state.game.squares.at(state.game.seat_due);
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(dice.at(static_cast<std::size_t>(square)));
        }
        if (state.point == DecisionPoint::move_or_stay) {
            return stays(square, state.roll) ? Action::stay() : Action::move();
        }
        detail::throw_invalid_config("OptimalPolicy::action: nobody decides here (a chance point "
                                     "or the end of the game)");
    }
};

namespace detail {

// The rolls of one of the dice that can happen.
struct PolicyRoll {
    int roll = 0;
    double probability = 0.0;
};

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
        for (const auto& of_dice : rolls_) {
            for (const PolicyRoll& r : of_dice) {
                max_roll_ = std::max(max_roll_, r.roll);
            }
        }
        find_safe_squares();
    }

    OptimalPolicy solve() {
        OptimalPolicy policy;
        policy.max_roll = max_roll_;
        policy.dice = first_dice_;
        policy.stay.assign(n_ * stride(), false);
        if (may_stay_) {
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
            if (!improve(policy)) {
                break;
            }
            if (policy.iterations >= max_iterations) {
                throw Error(fmt::format("optimal_policy: policy iteration did not settle in {} "
                                        "rounds on {} squares",
                                        max_iterations, n_));
            }
        }
        policy.residual = residual(policy);
        return policy;
    }

private:
    [[nodiscard]] std::size_t stride() const { return static_cast<std::size_t>(max_roll_) + 1; }
    [[nodiscard]] std::size_t target(std::size_t s, int roll) const {
        return static_cast<std::size_t>(board_.advance(static_cast<Square>(s), roll));
    }
    [[nodiscard]] bool moves(const OptimalPolicy& policy, std::size_t s, int roll) const {
        return !policy.stay[s * stride() + static_cast<std::size_t>(roll)];
    }

    // The squares from which some way of playing reaches home with probability 1 (safe_), and a
    // first dice for each that gets it closer (first_dice_): a square stays safe while some dice
    // has every roll leading to a safe square (or, when the player may stay, any dice), and one
    // of its rolls leads to a square found before it on the way back from home.
    void find_safe_squares() {
        safe_.assign(n_ + 1, true);
        first_dice_.assign(n_, 0);
        for (;;) {
            std::vector<bool> allowed(n_ * rolls_.size(), false);
            for (std::size_t s = 0; s < n_; ++s) {
                for (std::size_t d = 0; d < rolls_.size() && safe_[s]; ++d) {
                    bool all_safe = true;
                    for (const PolicyRoll& r : rolls_[d]) {
                        all_safe = all_safe && safe_[target(s, r.roll)];
                    }
                    allowed[s * rolls_.size() + d] = may_stay_ || all_safe;
                }
            }
            // Back from home, along the rolls of allowed dice.
            std::vector<bool> reached(n_ + 1, false);
            reached[n_] = true;
            bool grew = true;
            while (grew) {
                grew = false;
                for (std::size_t s = n_; s-- > 0;) {
                    if (reached[s] || !safe_[s]) {
                        continue;
                    }
                    for (std::size_t d = 0; d < rolls_.size() && !reached[s]; ++d) {
                        if (!allowed[s * rolls_.size() + d]) {
                            continue;
                        }
                        for (const PolicyRoll& r : rolls_[d]) {
                            const std::size_t t = target(s, r.roll);
                            if (t != s && reached[t]) {
                                reached[s] = true;
                                first_dice_[s] = static_cast<std::uint32_t>(d);
                                grew = true;
                                break;
                            }
                        }
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
            throw Error(fmt::format("optimal_policy: solving a policy on {} squares takes more "
                                    "than {:.0e} multiply-adds (its jumps fill the factors)",
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
            if (!safe_[s]) {
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
            if (!safe_[s]) {
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
};

} // namespace detail

/// The policy that minimises one player's expected number of turns on `board` with `choices`
/// (the standard game: no house rules), with its values, its decision on every square and its
/// gain over default play. Throws InvalidConfig for choices without dice, when no way of playing
/// brings the token home surely from square 0, and when squares times the rolls of all the dice
/// exceed 2e7 (naming both); Error when one policy's solve would take more than 2e9
/// multiply-adds.
template <class Config, DiceWithOdds D>
[[nodiscard]] OptimalPolicy optimal_policy(const BasicBoard<Config>& board,
                                           const Choices<D>& choices) {
    detail::check_choices(choices, "optimal_policy");
    std::vector<std::vector<detail::PolicyRoll>> rolls;
    double square_rolls = 0.0;
    const GameState start(1, 0);
    for (const D& dice : choices.dice) {
        std::vector<detail::PolicyRoll> of_dice;
        for (const ChanceOutcome& outcome : chance_outcomes(dice, start)) {
            of_dice.push_back({outcome.roll, outcome.probability});
        }
        square_rolls += static_cast<double>(board.size()) * static_cast<double>(of_dice.size());
        rolls.push_back(std::move(of_dice));
    }
    using Planner = detail::OnePlayerPlanner<Config>;
    if (square_rolls > Planner::max_square_rolls) {
        detail::throw_invalid_config(fmt::format(
            "optimal_policy: {} squares times the rolls of the {} dice to choose from make {:.0f} "
            "states and rolls, more than the limit of {:.0e}",
            board.size(), choices.dice.size(), square_rolls, Planner::max_square_rolls));
    }
    OptimalPolicy policy = Planner(board, std::move(rolls), choices.may_stay).solve();
    policy.default_turns = expected_turns(board, choices.dice.front()).from_start;
    return policy;
}

} // namespace snakeladder
