// Optimal play for one player: the policy that minimises the expected number of turns when the
// player picks the dice before each roll and, where the choices allow, stays instead of moving.
//
// Between turns a lone token's state is its square, so this is a stochastic shortest-path
// problem on the squares, solved by policy iteration: each policy's expected turns are solved
// exactly (SparseRowsLu on I - P), then every square takes the dice, and every roll the move or
// the stay, that does best against those values, until nothing changes. It starts from a policy
// that reaches home surely, so every policy it meets does (each turn costs one), and ends in a
// handful of rounds. The Bellman residual of the answer is reported.
//
// For two players the state is both squares and who decides: a stochastic game on the joint
// squares, solved by value iteration (Gauss-Seidel sweeps from the top of the board). Two
// questions: the equilibrium, in which each player maximises their own chance to win, and the
// best reply to a given opponent policy. A game may never end (a trap), so each position holds
// both players' chances, not one and 1 less it.
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "decisions.hpp"
#include "detail/solve_ticker.hpp"
#include "detail/sparse_rows_lu.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "solve_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder {

/// The best play of one player, square by square.
struct OptimalPolicy {
    /// Index s in 0..size: the expected turns from square s under this policy (0 at home);
    /// +infinity on squares from which no way of playing reaches home surely. A square no token
    /// stands on (a jump's start under RejectChains or FollowChains) holds the value of the
    /// square the jump leads to, as ExpectedTurns::from_square does.
    std::vector<double> expected_turns;
    /// Index s in 0..size-1: the dice to roll there (an index into Choices::dice).
    std::vector<std::uint32_t> dice;
    /// Whether to stay on square s after rolling r: stay[s * (max_roll + 1) + r] (see stays()).
    /// Empty when the choices do not allow staying.
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
    /// False for a square or roll outside those ranges.
    [[nodiscard]] bool stays(Square square, int roll) const {
        if (square < 0 || roll < 1 || roll > max_roll) {
            return false;
        }
        const std::size_t at =
            static_cast<std::size_t>(square) * (static_cast<std::size_t>(max_roll) + 1) +
            static_cast<std::size_t>(roll);
        return at < stay.size() && stay[at];
    }
    /// The decision of the player due at `state` as this policy plays it, from the square of
    /// the seat due (for several players: each plays as if alone). Throws InvalidConfig at a
    /// chance point, after the end, and when the seat due is not on a square of the board
    /// below home.
    [[nodiscard]] Action action(const DecisionState& state) const {
        if (state.point == DecisionPoint::roll || state.point == DecisionPoint::over) {
            detail::throw_invalid_config("OptimalPolicy::action: nobody decides here (a chance "
                                         "point or the end of the game)");
        }
        const std::vector<Square>& squares = state.game.squares;
        const std::uint32_t seat = state.game.seat_due;
        if (seat >= squares.size() || squares[seat] < 0 ||
            static_cast<std::size_t>(squares[seat]) >= dice.size()) {
            detail::throw_invalid_config(
                fmt::format("OptimalPolicy::action: the seat due ({}) is not on a square below "
                            "home of the board this policy was solved for ({} squares)",
                            seat, dice.size()));
        }
        const Square square = squares[seat];
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(dice[static_cast<std::size_t>(square)]);
        }
        return stays(square, state.roll) ? Action::stay() : Action::move();
    }
};

namespace detail {

// The rolls of one of the dice that can happen.
struct PolicyRoll {
    int roll = 0;
    double probability = 0.0;
};

// The highest roll of any of the dice.
inline int highest_roll(const std::vector<std::vector<PolicyRoll>>& rolls) {
    int highest = 0;
    for (const auto& of_dice : rolls) {
        for (const PolicyRoll& r : of_dice) {
            highest = std::max(highest, r.roll);
        }
    }
    return highest;
}

// rests[s] for s below home: whether a token can stand on s between turns. Square 0 and every
// square a landing comes to rest on, which leaves out a jump's start under RejectChains and
// FollowChains (under SingleJump, a start on which another jump ends is one). Whatever the
// overshoot rule, a move ends where some landing rests or where it began, so no other square
// is ever reached.
template <class Config>
std::vector<bool> rest_squares(const BasicBoard<Config>& board) {
    std::vector<bool> rests(static_cast<std::size_t>(board.size()), false);
    rests[0] = true;
    for (Square landed = 1; landed < board.size(); ++landed) {
        const Square rest = board.resolve(landed);
        if (rest < board.size()) {
            rests[static_cast<std::size_t>(rest)] = true;
        }
    }
    return rests;
}

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

} // namespace detail

/// Two players' play on the joint squares: what the player who decides does, given both
/// squares. In the equilibrium both seats play it; in a best reply, the responder does.
struct TwoPlayerPolicy {
    /// The board's size: squares 0..size-1 are below home.
    Square size = 0;
    /// The highest roll of any of the dice.
    int max_roll = 0;
    /// win[own * size + other] (see win_from): the chance that the player about to decide, on
    /// `own` with the other on `other` (both below home), wins, played this way from there.
    /// A square no token rests on (a jump's start under RejectChains or FollowChains) holds the
    /// chance of the square the jump leads to: what landing there is worth (a jump to home is
    /// a game won, by the player deciding when both tokens are on one).
    std::vector<double> win;
    /// other_win[own * size + other] (see other_win_from): the chance that the other player
    /// wins from there. A game in which neither ever gets home is won by nobody, so this is
    /// 1 - win only where every game ends.
    std::vector<double> other_win;
    /// dice[own * size + other]: the dice to roll there.
    std::vector<std::uint32_t> dice;
    /// Whether to stay after each roll (see stays()); empty when staying is not allowed.
    std::vector<bool> stay;
    /// The chance that the seat this policy plays wins from the start: seat 0 in the
    /// equilibrium, the responder's seat in a best reply.
    double win_chance = 0.0;
    /// The chance that the other seat wins from the start (seat 1 in the equilibrium, the
    /// opponent in a best reply); 1 - win_chance less the chance that nobody ever gets home.
    double other_win_chance = 0.0;
    /// The largest change of a chance in the last sweep of value iteration.
    double residual = 0.0;
    /// Sweeps of value iteration over the joint squares.
    int sweeps = 0;

    [[nodiscard]] std::size_t index(Square own, Square other) const {
        return static_cast<std::size_t>(own) * static_cast<std::size_t>(size) +
               static_cast<std::size_t>(other);
    }
    /// The chance that the player deciding on `own` (the other on `other`) wins.
    [[nodiscard]] double win_from(Square own, Square other) const {
        return win.at(index(own, other));
    }
    /// The chance that the other player (on `other`, not deciding) wins.
    [[nodiscard]] double other_win_from(Square own, Square other) const {
        return other_win.at(index(own, other));
    }
    /// Whether the player on `own` (the other on `other`) stays after rolling `roll`.
    /// False for squares or a roll outside the board's and the dice's ranges.
    [[nodiscard]] bool stays(Square own, Square other, int roll) const {
        if (own < 0 || other < 0 || own >= size || other >= size || roll < 1 || roll > max_roll) {
            return false;
        }
        const std::size_t i = index(own, other) * (static_cast<std::size_t>(max_roll) + 1) +
                              static_cast<std::size_t>(roll);
        return i < stay.size() && stay[i];
    }
    /// The decision of the player due at `state`, a state of two seats. Throws InvalidConfig
    /// for another number of seats, at a chance point and after the end.
    [[nodiscard]] Action action(const DecisionState& state) const {
        if (state.game.squares.size() != 2 || state.point == DecisionPoint::roll ||
            state.point == DecisionPoint::over || state.game.seat_due > 1) {
            detail::throw_invalid_config("TwoPlayerPolicy::action: it decides for the seat due "
                                         "of two at a decision point");
        }
        const Square own = state.game.squares[state.game.seat_due];
        const Square other = state.game.squares[1 - state.game.seat_due];
        if (own < 0 || other < 0 || own >= size || other >= size) {
            detail::throw_invalid_config(
                fmt::format("TwoPlayerPolicy::action: squares {} and {} are not both below home "
                            "of the board this policy was solved for ({} squares)",
                            own, other, size));
        }
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(dice[index(own, other)]);
        }
        return stays(own, other, state.roll) ? Action::stay() : Action::move();
    }
};

namespace detail {

// Value iteration on the joint squares of two players, for TwoPlayerPolicy.
template <class Config>
class DuelSolver {
public:
    /// Joint squares times the rolls of all the dice: the work of one sweep.
    static constexpr double max_sweep_work = 2.0e7;
    static constexpr int max_sweeps = 100000;
    /// A sweep that changes no chance by more than this ends the iteration.
    static constexpr double settled = 1e-13;

    // A best reply's opponent, its decisions asked once on every joint square:
    // dice[r * n + o] and stay[(r * n + o) * (max_roll + 1) + roll], with the responder on r
    // and the opponent on o.
    struct Opponent {
        std::vector<std::uint32_t> dice;
        std::vector<bool> stay;
    };

    DuelSolver(const BasicBoard<Config>& board, std::vector<std::vector<PolicyRoll>> rolls,
               bool may_stay)
        : board_(board), rolls_(std::move(rolls)), may_stay_(may_stay),
          n_(static_cast<std::size_t>(board.size())) {
        max_roll_ = highest_roll(rolls_);
    }

    [[nodiscard]] std::size_t squares() const { return n_; }
    [[nodiscard]] int max_roll() const { return max_roll_; }
    [[nodiscard]] const std::vector<PolicyRoll>& rolls(std::size_t dice) const {
        return rolls_[dice];
    }
    [[nodiscard]] std::size_t target(std::size_t s, int roll) const {
        return static_cast<std::size_t>(board_.advance(static_cast<Square>(s), roll));
    }

    // Both play their best, each for their own chance to win. win(a, b), the mover on a: the
    // best over the dice of the expected [home ? 1 : other_win(b, t)], where t is where the
    // move ends or, when staying is allowed and better, a; other_win(a, b) is the same
    // expectation of [home ? 0 : win(b, t)] under that choice. Both are needed: a game in which
    // neither ever gets home is won by nobody, so one chance is not 1 less the other.
    TwoPlayerPolicy equilibrium(ProgressTicker<Steps>& ticker) {
        TwoPlayerPolicy policy = empty_policy();
        std::vector<double>& win = policy.win;
        std::vector<double>& other_win = policy.other_win;
        // Where every way of playing ends the game, the two chances sum to 1. Starting them so
        // leaves the sweeps only the split between them to find; from 0 they would also have to
        // find the chance that the game is over, which settles slower (345 sweeps instead of 167
        // on the classic board with one die). Elsewhere both start at 0 and rise to the least
        // solution, in which a game that never ends is won by nobody.
        const std::vector<bool> may_never_end = squares_that_may_never_end();
        for (std::size_t a = 0; a < n_; ++a) {
            for (std::size_t b = 0; b < n_; ++b) {
                other_win[a * n_ + b] = may_never_end[a] && may_never_end[b] ? 0.0 : 1.0;
            }
        }
        iterate(policy, ticker, [&](std::size_t a, std::size_t b, bool record) {
            const std::size_t at = a * n_ + b;
            const Chances chances = decide(
                policy, a, b, [&](std::size_t t) { return other_win[b * n_ + t]; },
                [&](std::size_t t) { return win[b * n_ + t]; }, record);
            const double change =
                std::max(std::abs(chances.own - win[at]), std::abs(chances.other - other_win[at]));
            win[at] = chances.own;
            other_win[at] = chances.other;
            return change;
        });
        policy.win_chance = win[0];
        policy.other_win_chance = other_win[0];
        return policy;
    }

    // The responder plays its best against the opponent's fixed decisions. mine(r, o): the
    // responder on r decides; theirs(r, o): the opponent on o decides; both hold the
    // responder's chance to win; opponent_mine (policy.other_win) and opponent_theirs hold the
    // opponent's beside them. The responder is seat `seat`.
    TwoPlayerPolicy best_reply(const Opponent& opponent, std::uint32_t seat,
                               ProgressTicker<Steps>& ticker) {
        TwoPlayerPolicy policy = empty_policy();
        std::vector<double>& mine = policy.win;
        std::vector<double>& opponent_mine = policy.other_win;
        std::vector<double> theirs(n_ * n_, 0.0);
        std::vector<double> opponent_theirs(n_ * n_, 0.0);
        iterate(policy, ticker, [&](std::size_t r, std::size_t o, bool record) {
            // The opponent's turn, with the responder on r and the opponent on o.
            const std::size_t at = r * n_ + o;
            Chances q;
            for (const PolicyRoll& roll : rolls_[opponent.dice[at]]) {
                const std::size_t t = target(o, roll.roll);
                const bool stays =
                    may_stay_ && opponent.stay[at * (static_cast<std::size_t>(max_roll_) + 1) +
                                               static_cast<std::size_t>(roll.roll)];
                if (!stays && t == n_) { // a move home wins the game for the opponent
                    q.other += roll.probability;
                } else {
                    const std::size_t next = r * n_ + (stays ? o : t);
                    q.own += roll.probability * mine[next];
                    q.other += roll.probability * opponent_mine[next];
                }
            }
            double change =
                std::max(std::abs(q.own - theirs[at]), std::abs(q.other - opponent_theirs[at]));
            theirs[at] = q.own;
            opponent_theirs[at] = q.other;
            // The responder's turn.
            const Chances chances = decide(
                policy, r, o, [&](std::size_t t) { return theirs[t * n_ + o]; },
                [&](std::size_t t) { return opponent_theirs[t * n_ + o]; }, record);
            change = std::max({change, std::abs(chances.own - mine[at]),
                               std::abs(chances.other - opponent_mine[at])});
            mine[at] = chances.own;
            opponent_mine[at] = chances.other;
            return change;
        });
        policy.win_chance = seat == 0 ? mine[0] : theirs[0];
        policy.other_win_chance = seat == 0 ? opponent_mine[0] : opponent_theirs[0];
        return policy;
    }

    // Whether a token can stand on square s (below home) between turns; see rest_squares.
    [[nodiscard]] bool rests_on(std::size_t s) const { return rests_on_[s]; }

private:
    // never[s]: whether some way of playing (dice, stays) may keep a token on square s from
    // home for ever: s lies in a set of squares from which some dice's every roll stays within
    // the set (staying put counts, for a roll that is not home). The largest such set, found
    // by striking out squares until none can be, from the top down since a square is mostly
    // struck for the squares above it. Every way of playing ends the game from a position
    // exactly when one of its tokens is not on such a square.
    [[nodiscard]] std::vector<bool> squares_that_may_never_end() const {
        std::vector<bool> never(rests_on_);
        for (bool struck = true; struck;) {
            struck = false;
            for (std::size_t s = n_; s-- > 0;) {
                if (!never[s]) {
                    continue;
                }
                const auto kept = [&](const PolicyRoll& r) {
                    const std::size_t t = target(s, r.roll);
                    return t != n_ && (may_stay_ || never[t]);
                };
                const bool stays = std::any_of(rolls_.begin(), rolls_.end(), [&](const auto& d) {
                    return std::all_of(d.begin(), d.end(), kept);
                });
                if (!stays) {
                    never[s] = false;
                    struck = true;
                }
            }
        }
        return never;
    }

    // The chances of the player deciding and of the other.
    struct Chances {
        double own = 0.0;
        double other = 0.0;
    };

    [[nodiscard]] TwoPlayerPolicy empty_policy() const {
        TwoPlayerPolicy policy;
        policy.size = static_cast<Square>(n_);
        policy.max_roll = max_roll_;
        policy.win.assign(n_ * n_, 0.0);
        policy.other_win.assign(n_ * n_, 0.0);
        policy.dice.assign(n_ * n_, 0);
        if (may_stay_) {
            policy.stay.assign(n_ * n_ * (static_cast<std::size_t>(max_roll_) + 1), false);
        }
        return policy;
    }

    // Gauss-Seidel sweeps over the joint squares the tokens can stand on, from the top of the
    // board down, until a sweep changes nothing by more than `settled`; then one more that
    // records the decisions. A position with a token on a square no token stands on (a jump's
    // start) is never played, and iterating it can only flip its chances: every roll from a
    // jump's start may be blocked. It takes the chances of the position landing there leads
    // to. `ticker` hears the sweeps done, of at most max_sweeps (each at most max_sweep_work).
    template <class Update>
    void iterate(TwoPlayerPolicy& policy, ProgressTicker<Steps>& ticker, Update&& update) {
        std::vector<std::size_t> squares;
        for (std::size_t s = n_; s-- > 0;) {
            if (rests_on_[s]) {
                squares.push_back(s);
            }
        }
        for (bool record = false;;) {
            double change = 0.0;
            for (const std::size_t a : squares) {
                for (const std::size_t b : squares) {
                    change = std::max(change, update(a, b, record));
                }
            }
            ++policy.sweeps;
            const auto sweeps = static_cast<std::int64_t>(policy.sweeps);
            if (record) {
                policy.residual = change;
                break;
            }
            ticker.tick({sweeps, max_sweeps});
            record = change <= settled;
            if (!record && policy.sweeps >= max_sweeps) {
                throw NotConverged(change,
                                   fmt::format("optimal play for two players did not settle in "
                                               "{} sweeps on {} squares (last change {:.1e})",
                                               max_sweeps, n_, change));
            }
        }
        const auto rest = [&](std::size_t s) {
            return rests_on_[s] ? s
                                : static_cast<std::size_t>(board_.resolve(static_cast<Square>(s)));
        };
        for (std::size_t a = 0; a < n_; ++a) {
            for (std::size_t b = 0; b < n_; ++b) {
                const std::size_t at = a * n_ + b;
                if (rests_on_[a] && rests_on_[b]) {
                    continue;
                }
                // A jump to home is a game won: by the player deciding when both are.
                if (rest(a) == n_ || rest(b) == n_) {
                    policy.win[at] = rest(a) == n_ ? 1.0 : 0.0;
                    policy.other_win[at] = 1.0 - policy.win[at];
                } else {
                    policy.win[at] = policy.win[rest(a) * n_ + rest(b)];
                    policy.other_win[at] = policy.other_win[rest(a) * n_ + rest(b)];
                }
            }
        }
        const auto sweeps = static_cast<std::int64_t>(policy.sweeps);
        ticker.finish({sweeps, sweeps});
    }

    // The best the player deciding on a (the other on b) can do, given worth(t): what ending
    // its turn on t (below home) is worth to it, and theirs(t): what it is worth to the other;
    // home is worth 1 to it and 0 to the other. Staying, where allowed, ends on a. Ties go to
    // the first dice and to moving. With `record`, the choice is kept in `policy`.
    template <class Worth, class Theirs>
    Chances decide(TwoPlayerPolicy& policy, std::size_t a, std::size_t b, Worth&& worth,
                   Theirs&& theirs, bool record) const {
        const double stay_worth = may_stay_ ? worth(a) : 0.0;
        // Where a roll to t (below home) leaves the token: on a when staying is better.
        const auto end = [&](std::size_t t) { return may_stay_ && stay_worth > worth(t) ? a : t; };
        Chances best{-1.0, 0.0};
        std::uint32_t best_dice = 0;
        for (std::size_t d = 0; d < rolls_.size(); ++d) {
            Chances q;
            for (const PolicyRoll& r : rolls_[d]) {
                const std::size_t t = target(a, r.roll);
                if (t == n_) {
                    q.own += r.probability;
                } else {
                    const std::size_t e = end(t);
                    q.own += r.probability * worth(e);
                    q.other += r.probability * theirs(e);
                }
            }
            if (q.own > best.own) {
                best = q;
                best_dice = static_cast<std::uint32_t>(d);
            }
        }
        if (record) {
            const std::size_t at = a * n_ + b;
            policy.dice[at] = best_dice;
            for (int roll = 1; may_stay_ && roll <= max_roll_; ++roll) {
                const std::size_t t = target(a, roll);
                policy.stay[at * (static_cast<std::size_t>(max_roll_) + 1) +
                            static_cast<std::size_t>(roll)] = t != n_ && stay_worth > worth(t);
            }
        }
        return best;
    }

    const BasicBoard<Config>& board_;
    std::vector<std::vector<PolicyRoll>> rolls_;
    bool may_stay_ = false;
    std::size_t n_ = 0;
    int max_roll_ = 0;
    std::vector<bool> rests_on_ = rest_squares(board_);
};

// The rolls of each of the dice to choose from, with their odds.
template <DiceWithOdds D>
std::vector<std::vector<PolicyRoll>> policy_rolls(const Choices<D>& choices) {
    std::vector<std::vector<PolicyRoll>> rolls;
    const GameState start({.players = 1, .max_roll = 0});
    for (const D& dice : choices.dice) {
        std::vector<PolicyRoll> of_dice;
        for (const ChanceOutcome& outcome : chance_outcomes(dice, start)) {
            of_dice.push_back({outcome.roll, outcome.probability});
        }
        rolls.push_back(std::move(of_dice));
    }
    return rolls;
}

// Where staying is allowed, the decisions hold a stay for every roll up to the highest on each
// of `cells` positions, and each round reads them all: refuses more than `limit` of them.
inline void check_stay_table(const char* caller, double cells, const char* what,
                             const std::vector<std::vector<PolicyRoll>>& rolls, bool may_stay,
                             double limit) {
    const double entries = cells * (static_cast<double>(highest_roll(rolls)) + 1.0);
    if (may_stay && entries > limit) {
        std::string instead = "allow no stay, or give dice of fewer faces";
        const std::string message = fmt::format(
            "{}: with stays allowed, every roll up to the highest ({}) on each of {:.0f} {} makes "
            "{:.0f} decisions to keep, more than the limit of {:.0e}; {}",
            caller, highest_roll(rolls), cells, what, entries, limit, instead);
        throw AnalysisLimitExceeded(entries, limit, std::move(instead), message);
    }
}

// Refuses a two-player problem whose sweep would read more than max_sweep_work joint squares
// and rolls, naming the count.
template <class Config>
void check_duel_size(const BasicBoard<Config>& board,
                     const std::vector<std::vector<PolicyRoll>>& rolls, bool may_stay,
                     const char* caller) {
    double per_square = 0.0;
    for (const auto& of_dice : rolls) {
        per_square += static_cast<double>(of_dice.size());
    }
    const double states = static_cast<double>(board.size()) * static_cast<double>(board.size());
    if (states * per_square > DuelSolver<Config>::max_sweep_work) {
        throw AnalysisLimitExceeded(
            states * per_square, DuelSolver<Config>::max_sweep_work, "simulate plays such games",
            fmt::format("{}: two players on {} squares make {:.0f} joint states, times {:.0f} "
                        "rolls over the dice: more than the limit of {:.0e} (simulate plays such "
                        "games)",
                        caller, board.size(), states, per_square,
                        DuelSolver<Config>::max_sweep_work));
    }
    check_stay_table(caller, states, "joint states", rolls, may_stay,
                     DuelSolver<Config>::max_sweep_work);
}

} // namespace detail

/// The equilibrium of two players on `board` with `choices` (the standard game), each
/// maximising their own chance to win: the policy both seats play, the chances of each joint
/// position, and seat 0's and seat 1's chances from the start (`win_chance`,
/// `other_win_chance`). A game in which neither ever gets home counts as won by nobody, so the
/// two chances may sum to less than 1. Throws InvalidConfig for choices without dice and when
/// the joint squares times the rolls of all the dice pass 2e7 (AnalysisLimitExceeded, naming
/// both) or `options.progress_interval` is negative; NotConverged when value iteration does not
/// settle in 100,000 sweeps.
///
/// Each sweep reads the joint squares times the rolls (at most 2e7). `options.progress` hears
/// the sweeps done of at most 100,000, and at the end (sweeps, sweeps); an exception it throws
/// stops the call and reaches the caller.
template <class Config, DiceWithOdds D>
[[nodiscard]] TwoPlayerPolicy two_player_equilibrium(const BasicBoard<Config>& board,
                                                     const Choices<D>& choices,
                                                     const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "two_player_equilibrium");
    auto rolls = detail::policy_rolls(choices);
    detail::check_duel_size(board, rolls, choices.may_stay, "two_player_equilibrium");
    return detail::DuelSolver<Config>(board, std::move(rolls), choices.may_stay)
        .equilibrium(ticker);
}

/// The best reply of the player in seat `seat` (0 moves first, 1 second) to `opponent`, a
/// Policy playing the other seat: the responder's policy and its chance to win from the start
/// (`win_chance`), and the opponent's (`other_win_chance`). The opponent is asked once for its
/// decision at every joint position the tokens can stand on (states of two seats, at the start
/// of a turn; not a jump's start); it must answer with one of the legal actions. Throws as
/// two_player_equilibrium does, InvalidConfig for a seat other than 0 and 1, and IllegalAction
/// for an opponent's action that is not legal. `options` as for two_player_equilibrium (the sweeps;
/// asking the opponent comes before them).
template <class Config, DiceWithOdds D, Policy P>
[[nodiscard]] TwoPlayerPolicy best_reply(const BasicBoard<Config>& board, const Choices<D>& choices,
                                         const P& opponent, std::uint32_t seat,
                                         const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "best_reply");
    if (seat > 1) {
        detail::throw_invalid_config(
            fmt::format("best_reply: the responder's seat is 0 or 1, got {}", seat));
    }
    auto rolls = detail::policy_rolls(choices);
    detail::check_duel_size(board, rolls, choices.may_stay, "best_reply");
    detail::DuelSolver<Config> solver(board, std::move(rolls), choices.may_stay);
    const std::size_t n = solver.squares();
    const std::size_t stride = static_cast<std::size_t>(solver.max_roll()) + 1;
    typename detail::DuelSolver<Config>::Opponent fixed;
    fixed.dice.assign(n * n, 0);
    if (choices.may_stay) {
        fixed.stay.assign(n * n * stride, false);
    }
    const auto refuse = [](const Action& action, const DecisionState& state) {
        throw IllegalAction(
            action, state.point,
            fmt::format("best_reply: the opponent answered {}, which is not legal at {} ({})",
                        action, state.game,
                        state.point == DecisionPoint::choose_dice ? "a pick of dice"
                                                                  : "a roll seen"));
    };
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t o = 0; o < n; ++o) {
            if (!solver.rests_on(r) || !solver.rests_on(o)) {
                continue; // never played: the solver does not read it
            }
            DecisionState state = new_decision_state(choices, 2);
            state.game.squares[seat] = static_cast<Square>(r);
            state.game.squares[1 - seat] = static_cast<Square>(o);
            state.game.seat_due = 1 - seat;
            const std::size_t at = r * n + o;
            if (choices.dice.size() > 1) {
                const Action action = opponent.action(state);
                if (action.kind != Action::Kind::roll_with || action.dice >= choices.dice.size()) {
                    refuse(action, state);
                }
                fixed.dice[at] = action.dice;
            }
            if (!choices.may_stay) {
                continue;
            }
            state.point = DecisionPoint::move_or_stay;
            state.dice = fixed.dice[at];
            state.game.max_roll = static_cast<int>(choices.dice[state.dice].max_roll());
            for (const detail::PolicyRoll& roll : solver.rolls(state.dice)) {
                state.roll = roll.roll;
                const Action action = opponent.action(state);
                if (action.kind == Action::Kind::roll_with) {
                    refuse(action, state);
                }
                fixed.stay[at * stride + static_cast<std::size_t>(roll.roll)] =
                    action.kind == Action::Kind::stay;
            }
        }
    }
    return solver.best_reply(fixed, seat, ticker);
}

/// The policy that minimises one player's expected number of turns on `board` with `choices`
/// (the standard game: no house rules), with its values, its decision on every square and its
/// gain over default play. Throws InvalidConfig for choices without dice, when no way of playing
/// brings the token home surely from square 0, or `options.progress_interval` is negative;
/// AnalysisLimitExceeded when squares times the rolls of all the dice exceed 2e7 (naming both)
/// and when one policy's solve would take more than 2e9 multiply-adds; NotConverged when policy
/// iteration does not settle in 1,000 rounds.
///
/// Each round solves one policy exactly and improves it (squares times rolls). `options.progress`
/// hears the rounds done of at most 1,000, and at the end (rounds, rounds); an exception it
/// throws stops the call and reaches the caller.
template <class Config, DiceWithOdds D>
[[nodiscard]] OptimalPolicy optimal_policy(const BasicBoard<Config>& board,
                                           const Choices<D>& choices,
                                           const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "optimal_policy");
    std::vector<std::vector<detail::PolicyRoll>> rolls = detail::policy_rolls(choices);
    double square_rolls = 0.0;
    for (const auto& of_dice : rolls) {
        square_rolls += static_cast<double>(board.size()) * static_cast<double>(of_dice.size());
    }
    using Planner = detail::OnePlayerPlanner<Config>;
    if (square_rolls > Planner::max_square_rolls) {
        throw AnalysisLimitExceeded(
            square_rolls, Planner::max_square_rolls,
            "give fewer dice to choose from or a smaller board",
            fmt::format("optimal_policy: {} squares times the rolls of the {} dice to choose from "
                        "make {:.0f} states and rolls, more than the limit of {:.0e}; give fewer "
                        "dice to choose from or a smaller board",
                        board.size(), choices.dice.size(), square_rolls,
                        Planner::max_square_rolls));
    }
    detail::check_stay_table("optimal_policy", static_cast<double>(board.size()), "squares", rolls,
                             choices.may_stay, Planner::max_square_rolls);
    OptimalPolicy policy = Planner(board, std::move(rolls), choices.may_stay).solve(ticker);
    policy.default_turns = expected_turns(board, choices.dice.front()).from_start;
    return policy;
}

} // namespace snakeladder
