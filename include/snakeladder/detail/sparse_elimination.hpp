// Sparse Gaussian elimination of (I - Q) over the finite squares of a TokenChain, in the order of
// the squares, without pivoting: the solver for boards whose snakes are short, however many.
//
// Why it works, and when. Row s of the system holds square s and the squares its rolls lead to:
// above s, except where a snake leads down. Eliminating in the order of the squares, a row whose
// rolls reach no snake needs no work at all; a row that reaches a snake's end e gets entries
// between e and itself (fill), and nowhere else. So the work is the sum, over the rows that reach
// a snake, of the snake's length times a row's width: small for boards whose snakes are short
// (a 100,000-square board with 2,500 snakes of up to 100 squares: a few million operations),
// hopeless for a random board whose snakes cross the whole track, which the Schur complement
// methods handle (see expectation_solver.hpp). `estimated_work` tells them apart before anything
// is computed.
//
// No pivoting is needed: I - Q restricted to the squares from which home is sure to be reached
// is a nonsingular M-matrix (weakly diagonally dominant, irreducibly so towards home), whose LU
// factors exist and are computed stably in any order.
#pragma once

#include "../board.hpp"
#include "solve_ticker.hpp"
#include "token_chain.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace snakeladder::detail {

template <typename Config>
class SparseElimination {
public:
    using Chain = TokenChain<Config>;

    /// The most entries the factors may hold (12 bytes each: 768 MiB), whatever the budget of
    /// operations allows.
    static constexpr std::size_t max_entries = std::size_t{1} << 26;

    /// The operations the factorization takes, counted without fill: for each finite square,
    /// the squares between the lowest one its rolls reach and itself, times the squares a row
    /// reaches. Fill only makes the rows wider, so this is a lower bound, and on boards with
    /// short snakes a close one.
    /// `on_square(rolls)` hears each finite square, as TokenChain::sweep's `work` does.
    template <typename Work = NoWork>
    [[nodiscard]] static double estimated_work(const Chain& chain, Work&& on_square = Work{}) {
        double work = 0.0;
        const auto width = static_cast<double>(chain.odds().size() + 2);
        for (Square s = 0; s < chain.size(); ++s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            Square lowest = s;
            chain.for_each_move(s, [&](Square t, double) { lowest = std::min(lowest, t); });
            work += static_cast<double>(s - lowest) * width + width;
            on_square(chain.odds().size());
        }
        return work;
    }

    /// Factors the system, keeping both factors for solve(); false, with nothing kept, when that
    /// would take more than `budget` operations or more than max_entries entries (the caller
    /// then uses another method). Both are checked before anything large is allocated.
    /// `on_rows(share)` is called with the share of the squares factored so far every
    /// rows_per_report rows, and also once work_between_clock_reads operations have passed
    /// since it was last called (with thousands of rolls a row takes thousands of them).
    static constexpr Square rows_per_report = 4096;
    template <typename OnRows = void (*)(double)>
    bool factor(
        const Chain& chain, double budget, OnRows&& on_rows = [](double) {}) {
        return factor_rows(
            chain, budget, on_rows, true, [](Square) { return 0.0; }, nullptr);
    }

    /// Factors the system as factor() does and solves it for `rhs` on the way, into `v` (as
    /// solve() would): the forward substitution is carried along with the rows, so L is needed
    /// only as it is formed. With `keep_lower` false it is not stored (about half the factors'
    /// entries, and 20 to 40% of the time on boards of short snakes), and solve() cannot be
    /// called afterwards: factor again for another right-hand side.
    template <typename Rhs, typename OnRows = void (*)(double)>
    bool factor_solving(
        const Chain& chain, double budget, bool keep_lower, Rhs&& rhs, std::vector<double>& v,
        OnRows&& on_rows = [](double) {}) {
        if (!factor_rows(chain, budget, on_rows, keep_lower, rhs, &v)) {
            return false;
        }
        substitute_upwards(v);
        return true;
    }

    /// True when factored with L kept: solve() may be called.
    [[nodiscard]] bool can_solve() const noexcept { return chain_ != nullptr && lower_kept_; }

    /// Solves the factored system for rhs(s) on the finite squares, in place in `v` (size + 1
    /// values; the others are left as they are, v[size] must be 0). Needs can_solve().
    template <typename Rhs>
    void solve(std::vector<double>& v, Rhs&& rhs) const {
        const Chain& chain = *chain_;
        const Square home = chain.size();
        // L y = rhs, rows upwards (L has a unit diagonal: its entries are the factors used).
        for (Square s = 0; s < home; ++s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            const auto row = static_cast<std::size_t>(s);
            double sum = rhs(s);
            for (std::size_t k = lower_start_[row]; k < lower_start_[row + 1]; ++k) {
                sum -= lower_value_[k] * v[static_cast<std::size_t>(lower_column_[k])];
            }
            v[row] = sum;
        }
        substitute_upwards(v);
    }

private:
    // The elimination, row by row upwards. With `carried` given, rhs is reduced along with the
    // rows (L y = rhs) into it, the finite squares only.
    template <typename OnRows, typename Rhs>
    bool factor_rows(const Chain& chain, double budget, OnRows& on_rows, bool keep_lower, Rhs&& rhs,
                     std::vector<double>* carried) {
        // Factors that a failure, or an exception from on_rows, leaves half-built are never
        // taken for factors: chain_ is set only once the last row is done.
        chain_ = nullptr;
        const auto squares = static_cast<std::size_t>(chain.size()) + 1;
        diagonal_.assign(squares, 0.0);
        upper_start_.assign(squares + 1, 0);
        lower_start_.assign(squares + 1, 0);
        upper_column_.clear();
        upper_value_.clear();
        lower_column_.clear();
        lower_value_.clear();
        // Room from the start, so that the factors are never copied as they grow: L holds at
        // most the squares between each row's lowest target and the row, U about one entry per
        // roll and row, and twice that leaves room for the fill above the rows.
        std::size_t lower_entries = 0;
        for (Square s = 0; s < chain.size(); ++s) {
            if (chain.status(s) == Chain::finite) {
                Square lowest = s;
                chain.for_each_move(s, [&](Square t, double) { lowest = std::min(lowest, t); });
                lower_entries += static_cast<std::size_t>(s - lowest);
            }
        }
        // L alone has this many entries, and the scan that forms them as many operations.
        if (static_cast<double>(lower_entries) > budget || lower_entries > max_entries) {
            release();
            return false;
        }
        if (keep_lower) {
            lower_column_.reserve(lower_entries);
            lower_value_.reserve(lower_entries);
        }
        upper_column_.reserve(2 * chain.finite_squares() * chain.odds().size());
        upper_value_.reserve(2 * chain.finite_squares() * chain.odds().size());
        std::vector<double> work(squares, 0.0);
        // 1 / U's diagonal: each column eliminated takes a multiplication, not a division,
        // on the path that the next column waits for (7% of the time).
        std::vector<double> inverse_diagonal(squares, 0.0);
        // The columns above the row being eliminated that hold a value: above[0 .. count), the
        // highest `high`. Sized for the most a row can have, so adding one is a store.
        std::vector<Square> above(squares);
        std::vector<Square> mark(squares, -1); // mark[c] == s: c is already in `above`
        double operations = 0.0;
        double next_report = 0.0; // the operations at which on_rows is called next
        const Square home = chain.size();
        for (Square s = 0; s < home; ++s) {
            const auto row = static_cast<std::size_t>(s);
            upper_start_[row] = upper_column_.size();
            lower_start_[row] = lower_column_.size();
            if (s % rows_per_report == 0 || operations >= next_report) {
                next_report = operations + static_cast<double>(work_between_clock_reads);
                on_rows(static_cast<double>(s) / static_cast<double>(home));
            }
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            // The row as the chain gives it: P(leave s) on the diagonal (a blocked roll stays),
            // -p for every other square a roll leads to; home's value is 0 and drops out.
            double leave = 0.0;
            Square lowest = s;
            std::size_t moves_above = 0;
            Square highest = s;
            chain.for_each_move(s, [&](Square t, double p) {
                if (t == s) {
                    return;
                }
                leave += p;
                if (t == home) {
                    return;
                }
                work[static_cast<std::size_t>(t)] -= p;
                lowest = std::min(lowest, t);
                if (t > s && mark[static_cast<std::size_t>(t)] != s) {
                    mark[static_cast<std::size_t>(t)] = s;
                    above[moves_above++] = t;
                    highest = std::max(highest, t);
                }
            });
            // Copies that no lambda has seen, for the loop below: the compiler can keep them in
            // registers, where it would store the captured ones after every write to `work`
            // and `above` (which, for all it knows, might alias them): 5% of the time.
            double diagonal = leave;
            std::size_t count = moves_above;
            Square high = highest;
            double reduced = carried != nullptr ? rhs(s) : 0.0;
            // Eliminate the columns below s in increasing order: each elimination only adds to
            // columns above the one eliminated, so one pass upwards meets them all.
            for (Square j = lowest; j < s; ++j) {
                const double value = work[static_cast<std::size_t>(j)];
                if (value == 0.0) {
                    continue;
                }
                work[static_cast<std::size_t>(j)] = 0.0;
                const double factor = value * inverse_diagonal[static_cast<std::size_t>(j)];
                if (keep_lower) {
                    lower_column_.push_back(j);
                    lower_value_.push_back(factor);
                }
                if (carried != nullptr) {
                    reduced -= factor * (*carried)[static_cast<std::size_t>(j)];
                }
                const std::size_t end = upper_start_[static_cast<std::size_t>(j) + 1];
                for (std::size_t k = upper_start_[static_cast<std::size_t>(j)]; k < end; ++k) {
                    const Square c = upper_column_[k];
                    const double change = factor * upper_value_[k];
                    if (c == s) {
                        diagonal -= change;
                        continue;
                    }
                    work[static_cast<std::size_t>(c)] -= change;
                    if (c > s && mark[static_cast<std::size_t>(c)] != s) {
                        mark[static_cast<std::size_t>(c)] = s;
                        above[count++] = c;
                        high = std::max(high, c);
                    }
                }
                operations += static_cast<double>(end - upper_start_[static_cast<std::size_t>(j)]);
            }
            operations += static_cast<double>(s - lowest) + static_cast<double>(count);
            if (operations > budget || upper_column_.size() + count > max_entries) {
                release();
                return false;
            }
            // U's row in column order. When the columns above s fill most of the window up to
            // the highest of them (short jumps: the common case), reading the window in order is
            // cheaper than sorting them; a row with a few far columns (a long ladder's fill) is
            // sorted, so that the window never costs more than 4 times the row itself.
            if (count > 0) {
                if (static_cast<std::size_t>(high - s) <= 4 * count) {
                    for (Square c = s + 1; c <= high; ++c) {
                        if (mark[static_cast<std::size_t>(c)] == s) {
                            upper_column_.push_back(c);
                            upper_value_.push_back(work[static_cast<std::size_t>(c)]);
                            work[static_cast<std::size_t>(c)] = 0.0;
                        }
                    }
                } else {
                    const auto first = above.begin();
                    std::sort(first, first + static_cast<std::ptrdiff_t>(count));
                    for (const Square c : std::span(above).first(count)) {
                        upper_column_.push_back(c);
                        upper_value_.push_back(work[static_cast<std::size_t>(c)]);
                        work[static_cast<std::size_t>(c)] = 0.0;
                    }
                }
            }
            diagonal_[row] = diagonal;
            inverse_diagonal[row] = 1.0 / diagonal;
            if (carried != nullptr) {
                (*carried)[row] = reduced;
            }
        }
        upper_start_[static_cast<std::size_t>(home)] = upper_column_.size();
        lower_start_[static_cast<std::size_t>(home)] = lower_column_.size();
        upper_start_[squares] = upper_column_.size();
        lower_start_[squares] = lower_column_.size();
        chain_ = &chain;
        lower_kept_ = keep_lower;
        return true;
    }

    // U v = y, in place, rows downwards from the top of the track.
    void substitute_upwards(std::vector<double>& v) const {
        const Chain& chain = *chain_;
        for (Square s = chain.size() - 1; s >= 0; --s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            const auto row = static_cast<std::size_t>(s);
            double sum = v[row];
            for (std::size_t k = upper_start_[row]; k < upper_start_[row + 1]; ++k) {
                sum -= upper_value_[k] * v[static_cast<std::size_t>(upper_column_[k])];
            }
            v[row] = sum / diagonal_[row];
        }
    }

    void release() {
        chain_ = nullptr;
        diagonal_ = {};
        upper_start_ = {};
        lower_start_ = {};
        upper_column_ = {};
        upper_value_ = {};
        lower_column_ = {};
        lower_value_ = {};
    }

    const Chain* chain_ = nullptr; // null until factored
    bool lower_kept_ = false;
    std::vector<double> diagonal_;         // U's diagonal, by square
    std::vector<std::size_t> upper_start_; // U's row s: entries upper_start_[s] .. [s + 1]
    std::vector<Square> upper_column_;
    std::vector<double> upper_value_;
    std::vector<std::size_t> lower_start_; // L's row s, below the diagonal, likewise
    std::vector<Square> lower_column_;
    std::vector<double> lower_value_;
};

} // namespace snakeladder::detail
