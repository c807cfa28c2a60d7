// Optimal play for two players, solved by value iteration on the joint squares (see
// analysis/optimal_play.hpp for the method and its guarantees), and the check of a problem's size.
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

} // namespace snakeladder::detail
