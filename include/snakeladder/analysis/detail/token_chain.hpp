// The walk of one token as the exact analysis sees it: the rolls that matter with their
// probabilities, and the board's squares prepared for the solvers (detail/expectation_solver.hpp)
// and for the turn-by-turn propagation of analysis/analysis.hpp.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../board/board.hpp"
#include "../../rules/rules.hpp"
#include "../../turn/detail/board_rolls.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder::detail {

[[nodiscard]] inline std::vector<std::int64_t> rolls_of(std::span<const RollOdds> odds) {
    std::vector<std::int64_t> rolls;
    rolls.reserve(odds.size());
    for (const RollOdds& o : odds) {
        rolls.push_back(o.roll);
    }
    return rolls;
}

/// The walk of one token on a board with given roll odds, prepared for the solvers: which
/// squares a token can stand on, which of them reach home surely, the probability of leaving
/// each, and the squares that moves lead down to.
// A sweep's default listener to the work it does: nobody.
struct NoWork {
    constexpr void operator()(std::size_t /*rolls*/) const noexcept {}
};

template <typename Config>
class TokenChain {
public:
    enum Status : unsigned char {
        finite,       ///< home is reached from here with probability 1
        infinite,     ///< home can be reached, but so can a square from which it cannot
        dead,         ///< home can never be reached from here
        not_standing, ///< no token ever rests here (a jump's start under Reject/FollowChains)
    };

    /// `work(rolls)` hears each square classified with many rolls, as for sweep: building the
    /// chain follows every roll from every square once.
    template <typename Work = NoWork>
    TokenChain(const BasicBoard<Config>& board, std::vector<RollOdds> odds, Work&& work = Work{})
        : board_(&board), size_(board.size()), odds_(std::move(odds)) {
        for (const RollOdds& o : odds_) {
            max_roll_ = std::max(max_roll_, o.roll);
        }
        classify(work);
    }

    [[nodiscard]] const BasicBoard<Config>& board() const noexcept { return *board_; }
    [[nodiscard]] Square size() const noexcept { return size_; }
    /// The rolls that matter and their probabilities, in increasing order of roll.
    [[nodiscard]] std::span<const RollOdds> odds() const noexcept { return odds_; }
    /// The largest roll that matters (0 when none does).
    [[nodiscard]] std::int64_t max_roll() const noexcept { return max_roll_; }
    /// Index 0..size: where a token that lands on the square comes to rest (Board::resolve).
    [[nodiscard]] std::span<const Square> rest() const noexcept { return rest_; }
    [[nodiscard]] Status status(Square s) const noexcept {
        return static_cast<Status>(status_[static_cast<std::size_t>(s)]);
    }
    [[nodiscard]] bool has_infinite() const noexcept { return has_infinite_; }
    /// How many squares are standing and finite: the unknowns of the linear system.
    [[nodiscard]] std::size_t finite_squares() const noexcept { return finite_squares_; }
    /// Finite squares that some finite square moves down to, ascending.
    [[nodiscard]] std::span<const Square> fall_targets() const noexcept { return fall_targets_; }
    /// Squares from which home can never be reached (standing squares only).
    [[nodiscard]] std::span<const Square> dead_squares() const noexcept { return dead_; }

    /// Calls f(target, probability) for every roll from s, the largest roll first.
    template <typename F>
    void for_each_move(Square s, F&& f) const {
        const RollOdds* const first = odds_.data();
        const RollOdds* o = first + odds_.size();
        if (std::int64_t{s} + max_roll_ <= size_) {
            // No roll reaches past home: the overshoot rule has nothing to do.
            const Square* const rest = rest_.data() + s;
            while (o != first) {
                --o;
                f(rest[o->roll], o->probability);
            }
        } else {
            while (o != first) {
                --o;
                f(board_->advance(s, o->roll), o->probability);
            }
        }
    }

    /// One top-down sweep: y[s] = (rhs(s) + sum over rolls of p * y[target]) / P(leave s) for
    /// each finite standing square, self-loops excluded. Squares below s are read as they are
    /// on entry: the caller puts the Schur unknowns on the fall targets. y[size] must be 0.
    /// Other squares (infinite ones, jump starts no token stands on) get values no finite
    /// square reads. `work(rolls)` hears each square swept with many rolls (more than 6, where a
    /// sweep of a long board takes seconds), so a progress callback can be heard within one.
    template <typename Rhs, typename Work = NoWork>
    void sweep(std::vector<double>& y, Rhs&& rhs, Work&& work = Work{}) const {
        double* const v = y.data();
        const double* const inverse = leave_inverse_.data();
        // Squares above `interior` can roll past home, where the overshoot rule applies.
        const auto interior = static_cast<Square>(std::max<std::int64_t>(-1, size_ - max_roll_));
        for (Square s = size_ - 1; s > interior; --s) {
            // Zero first, so a self-loop (a blocked roll, a snake back to s) adds nothing: its
            // probability is already out of P(leave s).
            v[s] = 0.0;
            double sum = rhs(s);
            for_each_move(s, [v, &sum](Square t, double p) { sum += p * v[t]; });
            v[s] = inverse[s] != 0.0 ? sum * inverse[s] : 0.0;
            if (max_roll_ > 6) { // else at most 6 squares: the window sweep's quick case
                work(odds_.size());
            }
        }
        if (interior < 0) {
            return;
        }
        if (max_roll_ <= 6) {
            window_sweep(v, rhs, interior);
        } else {
            const Square* const rest = rest_.data();
            for (Square s = interior; s >= 0; --s) {
                v[s] = 0.0;
                double sum = rhs(s);
                for (std::size_t i = odds_.size(); i-- > 0;) {
                    sum += odds_[i].probability * v[rest[s + odds_[i].roll]];
                }
                v[s] = sum * inverse[s];
                work(odds_.size());
            }
        }
    }

    /// A sweep of `width` columns at once with a zero right-hand side; y holds square s's
    /// columns at y[s * width ...]. Used to form the Schur complement: many columns per pass,
    /// and the loop over columns vectorizes. Non-finite squares get 0.
    /// `work(moves)` hears each square's rolls times `width`, as for sweep.
    template <typename Work = NoWork>
    void block_sweep(std::vector<double>& y, std::size_t width, Work&& work = Work{}) const {
        std::vector<double> sum(width);
        double* const base = y.data();
        for (Square s = size_ - 1; s >= 0; --s) {
            double* const row = base + static_cast<std::size_t>(s) * width;
            const double inverse = leave_inverse_[static_cast<std::size_t>(s)];
            std::fill(row, row + width, 0.0);
            if (inverse == 0.0) {
                continue;
            }
            std::fill(sum.begin(), sum.end(), 0.0);
            double* const acc = sum.data();
            for_each_move(s, [&](Square t, double p) {
                const double* const from = base + static_cast<std::size_t>(t) * width;
                for (std::size_t j = 0; j < width; ++j) {
                    acc[j] += p * from[j];
                }
            });
            for (std::size_t j = 0; j < width; ++j) {
                row[j] = acc[j] * inverse;
            }
            work(odds_.size() * width);
        }
    }

    /// Calls f(s) for every finite standing square, top down.
    template <typename F>
    void for_each_finite(F&& f) const {
        for (Square s = size_ - 1; s >= 0; --s) {
            if (leave_inverse_[static_cast<std::size_t>(s)] != 0.0) {
                f(s);
            }
        }
    }

    /// max |rhs(s) - (I - Q) y| over the finite standing squares.
    template <typename Rhs>
    [[nodiscard]] double residual(const std::vector<double>& y, Rhs&& rhs) const {
        const double* const v = y.data();
        double worst = 0.0;
        for_each_finite([&](Square s) {
            double sum = rhs(s);
            double leave = 0.0;
            for_each_move(s, [v, s, &sum, &leave](Square t, double p) {
                if (t != s) {
                    sum += p * v[t];
                    leave += p;
                }
            });
            worst = std::max(worst, std::abs(sum - leave * v[s]));
        });
        return worst;
    }

private:
    // The sweep below the squares that can overshoot, for dice of at most 6 faces (the common
    // case). It is bound by latency, not arithmetic: each square needs the ones just computed.
    // So the values of landing on the 6 squares above s (z[l] = y[where landing on l ends]) are
    // kept in registers as a sliding window (w1..w6, separate scalars: an array is routed
    // through memory by the vectorizer) rather than stored and reloaded, and the nearest one
    // enters last: one multiply and one add separate two squares. Every square without a
    // self-loop leaves with probability sum(p), so one shared factor replaces a per-square
    // table.
    //
    // A snake whose head is at most 6 squares above its end t is the exception (`short_falls_`):
    // squares above t must see the value t had on entry (a Schur unknown), square t must not see
    // it at all (a self-loop), and squares below t see t's new value. Those few squares take the
    // exact path, then patch the window.
    template <typename Rhs>
    void window_sweep(double* const v, Rhs& rhs, const Square interior) const {
        constexpr std::size_t width = 6;
        std::array<double, width + 1> scaled{}; // p[r] / sum(p)
        for (const RollOdds& o : odds_) {
            scaled[static_cast<std::size_t>(o.roll)] = o.probability * common_inverse_;
        }
        const double c1 = scaled[1];
        const double c2 = scaled[2];
        const double c3 = scaled[3];
        const double c4 = scaled[4];
        const double c5 = scaled[5];
        const double c6 = scaled[6];
        const double common = common_inverse_;
        const Square* const rest = rest_.data();
        const auto landing = [&](std::int64_t l) { return l <= size_ ? v[rest[l]] : 0.0; };
        double w1 = landing(std::int64_t{interior} + 1);
        double w2 = landing(std::int64_t{interior} + 2);
        double w3 = landing(std::int64_t{interior} + 3);
        double w4 = landing(std::int64_t{interior} + 4);
        double w5 = landing(std::int64_t{interior} + 5);
        double w6 = landing(std::int64_t{interior} + 6);
        const Square* exception = short_falls_.data();
        const Square* const exceptions_end = exception + short_falls_.size();
        while (exception != exceptions_end && *exception > interior) {
            ++exception;
        }
        Square next_exception = exception != exceptions_end ? *exception : -1;
        for (Square s = interior; s >= 0; --s) {
            double value;
            if (s != next_exception) {
                const double far =
                    rhs(s) * common + c6 * w6 + c5 * w5 + c4 * w4 + c3 * w3 + c2 * w2;
                value = far + c1 * w1;
            } else {
                const std::array<double, width + 1> window{0.0, w1, w2, w3, w4, w5, w6};
                double sum = rhs(s);
                for (const RollOdds& o : odds_) {
                    if (rest[s + o.roll] != s) {
                        sum += o.probability * window[static_cast<std::size_t>(o.roll)];
                    }
                }
                const double inverse = leave_inverse_[static_cast<std::size_t>(s)];
                value = inverse != 0.0 ? sum * inverse : 0.0;
            }
            v[s] = value;
            w6 = w5;
            w5 = w4;
            w4 = w3;
            w3 = w2;
            w2 = w1;
            const Square t = rest[s];
            if (t == s) [[likely]] {
                w1 = value;
            } else {
                w1 = v[t];
            }
            if (s == next_exception) {
                // Squares below s landing on a snake down to s now see s's new value. (Written
                // out: taking the window's addresses would move it from registers to memory.)
                const auto falls_here = [&](std::int64_t r) {
                    return std::int64_t{s} + r <= size_ && rest[s + r] == s;
                };
                w2 = falls_here(1) ? value : w2;
                w3 = falls_here(2) ? value : w3;
                w4 = falls_here(3) ? value : w4;
                w5 = falls_here(4) ? value : w5;
                w6 = falls_here(5) ? value : w6;
                ++exception;
                next_exception = exception != exceptions_end ? *exception : -1;
            }
        }
    }

    [[nodiscard]] bool standing(Square s) const noexcept {
        return Config::chain_rule::policy == ChainPolicy::single ||
               rest_[static_cast<std::size_t>(s)] == s;
    }

    // The squares the sweeps take the exact path on (those a short snake leads down to, and
    // those that cannot finish surely), top down, and the finite squares something falls to
    // (`falls_to`).
    void collect_falls(const std::vector<unsigned char>& falls_to) {
        // Squares a short snake (head at most 6 squares up) leads down to, top down.
        for (const Jump& jump : board_->jumps()) {
            const Square end = rest_[static_cast<std::size_t>(jump.start)];
            if (end < jump.start && jump.start - end <= 6) {
                short_falls_.push_back(end);
            }
        }
        // Squares that cannot finish surely take the exact path too, which gives them 0: values
        // nobody reads must still never grow into an infinity that a zero probability would
        // turn into a NaN.
        if (has_infinite_) {
            for (Square s = 0; s < size_; ++s) {
                if (status(s) == infinite || status(s) == dead) {
                    short_falls_.push_back(s);
                }
            }
        }
        std::sort(short_falls_.begin(), short_falls_.end(), std::greater<>());
        short_falls_.erase(std::unique(short_falls_.begin(), short_falls_.end()),
                           short_falls_.end());
        for (Square s = 0; s < size_; ++s) {
            if (status(s) == finite) {
                ++finite_squares_;
                if (falls_to[static_cast<std::size_t>(s)] != 0) {
                    fall_targets_.push_back(s);
                }
            }
        }
    }

    template <typename Work>
    void classify(Work& work) {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        rest_.resize(squares);
        for (Square l = 0; l <= size_; ++l) {
            rest_[static_cast<std::size_t>(l)] = board_->resolve(l);
        }
        status_.assign(squares, finite);
        leave_inverse_.assign(squares, 0.0);
        std::vector<unsigned char> falls_to(squares, 0);
        // One top-down pass settles almost every square: a square with a forward move to a
        // square that reaches home reaches home too. Only squares whose every way forward is
        // blocked need the full search below.
        std::vector<unsigned char> reaches(squares, 0);
        reaches[squares - 1] = 1;
        bool undecided = false;
        for (Square s = size_ - 1; s >= 0; --s) {
            if (!standing(s)) {
                status_[static_cast<std::size_t>(s)] = not_standing;
                continue;
            }
            double leave = 0.0;
            bool forward = false;
            for_each_move(s, [&](Square t, double p) {
                if (t != s) {
                    leave += p;
                    if (t > s) {
                        forward = forward || reaches[static_cast<std::size_t>(t)] != 0;
                    } else {
                        falls_to[static_cast<std::size_t>(t)] = 1;
                    }
                }
            });
            leave_inverse_[static_cast<std::size_t>(s)] = leave > 0.0 ? 1.0 / leave : 0.0;
            reaches[static_cast<std::size_t>(s)] = forward ? 1 : 0;
            undecided = undecided || !forward;
            if (max_roll_ > 6) {
                work(odds_.size());
            }
        }
        if (undecided) {
            find_infinite(reaches);
        }
        if (has_infinite_) {
            // Moves of infinite squares do not count: recount from the finite ones only. An
            // infinite square takes no part in a sweep (its factor is 0).
            std::fill(falls_to.begin(), falls_to.end(), 0);
            for (Square s = 0; s < size_; ++s) {
                if (status(s) == finite) {
                    for_each_move(s, [&](Square t, double) {
                        if (t < s) {
                            falls_to[static_cast<std::size_t>(t)] = 1;
                        }
                    });
                } else {
                    leave_inverse_[static_cast<std::size_t>(s)] = 0.0;
                }
            }
        }
        double total = 0.0;
        for (const RollOdds& o : odds_) {
            total += o.probability;
        }
        common_inverse_ = 1.0 / total;
        collect_falls(falls_to);
    }

    // The exact search: backward from home over all moves finds the squares that can reach it;
    // the rest are dead; backward from the dead squares finds those that can fall into them.
    void find_infinite(std::vector<unsigned char>& reaches) {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        std::vector<std::uint32_t> first(squares + 1, 0);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing) {
                for_each_move(s, [&](Square t, double) {
                    if (t != s) {
                        ++first[static_cast<std::size_t>(t) + 1];
                    }
                });
            }
        }
        for (std::size_t i = 1; i <= squares; ++i) {
            first[i] += first[i - 1];
        }
        std::vector<Square> from(first[squares]);
        std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing) {
                for_each_move(s, [&](Square t, double) {
                    if (t != s) {
                        from[fill[static_cast<std::size_t>(t)]++] = s;
                    }
                });
            }
        }
        const auto search_back = [&](std::vector<Square> frontier,
                                     std::vector<unsigned char>& seen) {
            while (!frontier.empty()) {
                const auto t = static_cast<std::size_t>(frontier.back());
                frontier.pop_back();
                for (std::uint32_t e = first[t]; e < first[t + 1]; ++e) {
                    const auto s = static_cast<std::size_t>(from[e]);
                    if (seen[s] == 0) {
                        seen[s] = 1;
                        frontier.push_back(from[e]);
                    }
                }
            }
        };
        std::fill(reaches.begin(), reaches.end(), 0);
        reaches[squares - 1] = 1;
        search_back({size_}, reaches);
        std::vector<unsigned char> doomed(squares, 0);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing && reaches[static_cast<std::size_t>(s)] == 0) {
                dead_.push_back(s);
                doomed[static_cast<std::size_t>(s)] = 1;
            }
        }
        if (dead_.empty()) {
            return;
        }
        has_infinite_ = true;
        search_back(dead_, doomed);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing && doomed[static_cast<std::size_t>(s)]) {
                status_[static_cast<std::size_t>(s)] =
                    reaches[static_cast<std::size_t>(s)] != 0 ? infinite : dead;
            }
        }
    }

    const BasicBoard<Config>* board_;
    Square size_;
    std::vector<RollOdds> odds_;
    std::int64_t max_roll_ = 0;
    std::vector<Square> rest_; // a copy of Board::resolve, read without indirection
    std::vector<unsigned char> status_;
    std::vector<double> leave_inverse_; // 1 / P(leave s) on finite standing squares, else 0
    std::size_t finite_squares_ = 0;
    double common_inverse_ = 1.0;     // 1 / sum(p): P(leave s) for a square without a self-loop
    std::vector<Square> short_falls_; // see window_sweep, top down
    std::vector<Square> fall_targets_;
    std::vector<Square> dead_;
    bool has_infinite_ = false;
};

} // namespace snakeladder::detail
