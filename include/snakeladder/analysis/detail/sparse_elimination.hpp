// Sparse Gaussian elimination of (I - Q) over the finite squares of a TokenChain, in descending
// order of the squares, left-looking, without pivoting: the solver for boards whose snakes are
// short, however many.
//
// Why it works, and when. Row s of the system holds square s and the squares its rolls lead to:
// above s, except where a snake leads down. Taking the rows from the top down, each row is
// expanded by substituting the rows above it that it refers to, already eliminated, highest
// first (a max-heap of the pending columns above the row); an eliminated row refers only to
// squares below its own. So what row s keeps (its fill) is one entry for each square below s
// that a move from s or above lands on, from a square at or above s: the ends of the snakes that
// cross s. On a board of short snakes that is about one entry a row (local_100k.txt: 5% of the
// squares start a jump of 1 to 100 squares), and the whole factorization costs a few sweeps; on
// a random board, whose snakes cross the whole track, thousands a row, which the Schur
// complement methods handle (see expectation_solver.hpp). `estimated_work` tells them apart
// before anything is computed, from those counts.
//
// No pivoting is needed: I - Q restricted to the squares from which home is sure to be reached
// is a nonsingular M-matrix (weakly diagonally dominant, irreducibly so towards home), whose LU
// factors exist and are computed stably in any order.
#pragma once

#include "../../board/board.hpp"
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

    /// The operations the factorization takes, counted as factor() counts them but without the
    /// columns that fill brings into a row above it: for each finite square, its rolls, one
    /// plus the entries of the square for each roll that leads above it (substituted), and its
    /// own entries, a square keeping one entry for each snake end crossing it (count_fill). On
    /// boards with short snakes within a few percent of the work (two rolls leading to one
    /// square, through a jump, are counted twice but substituted once).
    /// `on_square(rolls)` hears each finite square, as TokenChain::sweep's `work` does.
    template <typename Work = NoWork>
    [[nodiscard]] static double estimated_work(const Chain& chain, Work&& on_square = Work{}) {
        return count_fill(chain, on_square).work;
    }

    /// What an elimination in the order of the squares (upwards) would take, counted without
    /// fill: for each finite square, the squares between the lowest one its rolls reach and
    /// itself, times the squares a row reaches. exact_expected_turns eliminates so, in exact
    /// fractions, and gates on this.
    [[nodiscard]] static double ascending_work(const Chain& chain) {
        double work = 0.0;
        const auto width = static_cast<double>(chain.odds().size() + 2);
        for (Square s = 0; s < chain.size(); ++s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            Square lowest = s;
            chain.for_each_move(s, [&](Square t, double) { lowest = std::min(lowest, t); });
            work += static_cast<double>(s - lowest) * width + width;
        }
        return work;
    }

    /// estimated_work(chain, on_square), keeping what it counted for the next factorization of
    /// the same chain (which would otherwise count it again: a pass over every move).
    template <typename Work = NoWork>
    [[nodiscard]] double estimate(const Chain& chain, Work&& on_square = Work{}) {
        fill_ = count_fill(chain, on_square);
        fill_chain_ = &chain;
        return fill_.work;
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
    /// only as it is formed. With `keep_lower` false it is not stored, and solve() cannot be
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
        // L y = rhs, rows from the top down: each row adds the rows substituted into it, with
        // the factors they were substituted with.
        for (Square s = chain.size() - 1; s >= 0; --s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            const auto row = static_cast<std::size_t>(s);
            double sum = rhs(s);
            for (std::size_t k = lower_start_[row + 1]; k < lower_start_[row]; ++k) {
                sum += lower_value_[k] * v[static_cast<std::size_t>(lower_column_[k])];
            }
            v[row] = sum;
        }
        substitute_upwards(v);
    }

private:
    // What the counting before a factorization finds: the operations estimated_work promises,
    // the entries U will hold, and the most that one row holds.
    struct Fill {
        double work = 0.0;
        std::size_t entries = 0;
        std::size_t widest = 0;
    };

    // Row s keeps an entry for each square e < s that a move from a finite square t >= s lands
    // on. Each such e is a column of row s as soon as t is reached from s through squares above
    // s, which dice of consecutive faces always do (any square above is reached by rolls of 1
    // to 6); with gaps in the faces the count is an upper bound, never less. One pass over the
    // moves: the highest square that moves down to each e, and how many rows move up to each
    // square (each substitutes it); then a running count of the entries each row keeps.
    template <typename Work>
    [[nodiscard]] static Fill count_fill(const Chain& chain, Work& on_square) {
        const Square home = chain.size();
        const auto squares = static_cast<std::size_t>(home) + 1;
        std::vector<Square> highest_from(squares, -1); // the highest square moving down to e
        std::vector<std::uint32_t> moved_up_to(squares, 0);
        Fill fill;
        const auto rolls = static_cast<double>(chain.odds().size());
        for (Square t = 0; t < home; ++t) {
            if (chain.status(t) != Chain::finite) {
                continue;
            }
            fill.work += rolls;
            chain.for_each_move(t, [&](Square e, double) {
                const auto at = static_cast<std::size_t>(e);
                if (e < t) {
                    highest_from[at] = std::max(highest_from[at], t);
                } else if (e > t) {
                    ++moved_up_to[at];
                }
            });
            on_square(chain.odds().size());
        }
        // e is kept by the rows e + 1 .. highest_from[e]: one more from e + 1, one fewer past
        // the last; each e changes only the counts above it, so one pass upwards does.
        std::vector<std::int32_t> change(squares + 1, 0);
        std::int64_t kept = 0;
        for (std::size_t s = 0; s + 1 < squares; ++s) { // home keeps no row
            if (highest_from[s] >= 0) {
                ++change[s + 1];
                --change[static_cast<std::size_t>(highest_from[s]) + 1];
            }
            kept += change[s];
            const auto entries = static_cast<std::size_t>(kept);
            if (chain.status(static_cast<Square>(s)) == Chain::finite) {
                fill.entries += entries;
                fill.widest = std::max(fill.widest, entries);
                fill.work += static_cast<double>(entries);
            }
            // Substituted by each row that moves up to it: one, and its entries.
            fill.work += static_cast<double>(moved_up_to[s]) * (1.0 + static_cast<double>(entries));
        }
        return fill;
    }

    // The elimination, row by row from the top down (row s's entries of U, below s, at
    // upper_start_[s + 1] .. upper_start_[s], and of L likewise). A row is held as
    // diagonal * v[s] = y[s] + sum of value * v[column]. With `carried` given, rhs is reduced
    // along with the rows (L y = rhs) into it, the finite squares only.
    // A numerical kernel that stays whole (past 80 lines): the row's scatter, the substitution
    // of the rows above it in heap order and the gather of its factors share one work row and
    // one heap, and the budget is counted across all three.
    template <typename OnRows, typename Rhs>
    bool factor_rows(const Chain& chain, double budget, OnRows& on_rows, bool keep_lower, Rhs&& rhs,
                     std::vector<double>* carried) {
        // Factors that a failure, or an exception from on_rows, leaves half-built are never
        // taken for factors: chain_ is set only once the last row is done.
        chain_ = nullptr;
        const Square home = chain.size();
        const auto squares = static_cast<std::size_t>(home) + 1;
        // U's entries, known before any row (each row keeps the snake ends crossing it); each
        // took at least one operation.
        // (Counted by estimate() just before, or now; used once, so that a later chain at the
        // same address is counted afresh.)
        if (fill_chain_ != &chain) {
            NoWork no_work;
            fill_ = count_fill(chain, no_work);
        }
        fill_chain_ = nullptr;
        const std::size_t upper_entries = fill_.entries;
        const std::size_t widest = fill_.widest; // the most entries a row keeps
        if (static_cast<double>(upper_entries) > budget || upper_entries > max_entries) {
            release();
            return false;
        }
        // Only what the rows need is allocated (and so touched): at a million squares, touching
        // fresh memory costs as much as a tenth of the elimination.
        inverse_diagonal_.assign(squares, 0.0);
        upper_start_.assign(squares, 0);
        lower_start_.assign(keep_lower ? squares : 0, 0);
        upper_column_.clear();
        upper_value_.clear();
        lower_column_.clear();
        lower_value_.clear();
        // Room from the start, so that U is never copied as it grows; L holds one entry for each
        // square substituted, at least one for each roll above the row.
        upper_column_.reserve(upper_entries);
        upper_value_.reserve(upper_entries);
        if (keep_lower) {
            lower_column_.reserve(chain.finite_squares() * chain.odds().size());
            lower_value_.reserve(chain.finite_squares() * chain.odds().size());
        }
        std::vector<double> work(squares, 0.0); // the row being eliminated, by column
        std::vector<Square> mark(squares, -1);  // mark[c] == s: c is pending or kept in row s
        // The pending columns above s: those within `window` squares of s are found by reading
        // their marks downwards from the highest (with short jumps, nearly all: a row's rolls
        // and the fill near them), the others are taken from a max-heap, which holds only the
        // columns that a long ladder brings; all of those are above the window.
        constexpr Square window = 32;
        std::vector<Square> pending;
        // The columns below s, kept: at most the count of each row (an upper bound), so adding
        // one is a store.
        std::vector<Square> below_columns(widest + 1);
        Square* const below = below_columns.data();
        double operations = 0.0;
        double next_report = 0.0; // the operations at which on_rows is called next
        for (Square s = home - 1; s >= 0; --s) {
            const auto row = static_cast<std::size_t>(s);
            const Square done = home - 1 - s;
            if (done % rows_per_report == 0 || operations >= next_report) {
                next_report = operations + static_cast<double>(work_between_clock_reads);
                on_rows(static_cast<double>(done) / static_cast<double>(home));
            }
            if (chain.status(s) != Chain::finite) {
                upper_start_[row] = static_cast<std::uint32_t>(upper_column_.size());
                if (keep_lower) {
                    lower_start_[row] = lower_column_.size();
                }
                continue;
            }
            // The row as the chain gives it: P(leave s) on the diagonal (a blocked roll stays),
            // p for every other square a roll leads to; home's value is 0 and drops out.
            double leave = 0.0;
            Square highest = s; // the highest pending column within the window
            std::size_t kept = 0;
            chain.for_each_move(s, [&](Square t, double p) {
                if (t == s) {
                    return;
                }
                leave += p;
                if (t == home) {
                    return;
                }
                const auto at = static_cast<std::size_t>(t);
                work[at] += p;
                if (mark[at] != s) {
                    mark[at] = s;
                    if (t < s) {
                        below[kept++] = t;
                    } else if (t - s > window) {
                        pending.push_back(t);
                        std::push_heap(pending.begin(), pending.end());
                    } else {
                        highest = std::max(highest, t);
                    }
                }
            });
            // Copies that no lambda has seen, for the loop below: the compiler can keep them in
            // registers, where it would store the captured ones after every write to `work`.
            double diagonal = leave;
            double reduced = carried != nullptr ? rhs(s) : 0.0;
            std::size_t count = kept;
            Square high = highest;
            auto row_operations = static_cast<double>(chain.odds().size());
            // Substitute the pending columns, highest first: a row substituted refers only to
            // columns below its own, so each column is complete when it is taken. The heap's
            // first (all above the window), then the window's, read downwards.
            Square next = s + window + 1; // the window's next square to read, once reading
            for (;;) {
                std::size_t j = 0;
                if (!pending.empty()) {
                    std::pop_heap(pending.begin(), pending.end());
                    j = static_cast<std::size_t>(pending.back());
                    pending.pop_back();
                } else {
                    next = std::min(next - 1, high);
                    while (next > s && mark[static_cast<std::size_t>(next)] != s) {
                        --next;
                    }
                    if (next <= s) {
                        break;
                    }
                    j = static_cast<std::size_t>(next);
                }
                const double factor = work[j] * inverse_diagonal_[j];
                work[j] = 0.0;
                if (keep_lower) {
                    lower_column_.push_back(static_cast<Square>(j));
                    lower_value_.push_back(factor);
                }
                if (carried != nullptr) {
                    reduced += factor * (*carried)[j];
                }
                const std::size_t end = upper_start_[j];
                for (std::size_t k = upper_start_[j + 1]; k < end; ++k) {
                    const Square c = upper_column_[k];
                    const double change = factor * upper_value_[k];
                    if (c == s) {
                        diagonal -= change;
                        continue;
                    }
                    const auto at = static_cast<std::size_t>(c);
                    work[at] += change;
                    if (mark[at] != s) {
                        mark[at] = s;
                        if (c < s) {
                            below[count++] = c;
                        } else if (c - s > window) {
                            pending.push_back(c);
                            std::push_heap(pending.begin(), pending.end());
                        } else {
                            high = std::max(high, c);
                        }
                    }
                }
                row_operations += static_cast<double>(end - upper_start_[j + 1]) + 1.0;
            }
            operations += row_operations + static_cast<double>(count);
            if (operations > budget) {
                release();
                return false;
            }
            for (const Square c : std::span(below, count)) {
                upper_column_.push_back(c);
                upper_value_.push_back(work[static_cast<std::size_t>(c)]);
                work[static_cast<std::size_t>(c)] = 0.0;
            }
            upper_start_[row] = static_cast<std::uint32_t>(upper_column_.size());
            if (keep_lower) {
                lower_start_[row] = lower_column_.size();
            }
            inverse_diagonal_[row] = 1.0 / diagonal;
            if (carried != nullptr) {
                (*carried)[row] = reduced;
            }
        }
        chain_ = &chain;
        lower_kept_ = keep_lower;
        return true;
    }

    // U v = y, in place, rows upwards from square 0: each row refers only to squares below it.
    void substitute_upwards(std::vector<double>& v) const {
        const Chain& chain = *chain_;
        for (Square s = 0; s < chain.size(); ++s) {
            if (chain.status(s) != Chain::finite) {
                continue;
            }
            const auto row = static_cast<std::size_t>(s);
            double sum = v[row];
            for (std::size_t k = upper_start_[row + 1]; k < upper_start_[row]; ++k) {
                sum += upper_value_[k] * v[static_cast<std::size_t>(upper_column_[k])];
            }
            v[row] = sum * inverse_diagonal_[row];
        }
    }

    void release() {
        chain_ = nullptr;
        inverse_diagonal_ = {};
        upper_start_ = {};
        lower_start_ = {};
        upper_column_ = {};
        upper_value_ = {};
        lower_column_ = {};
        lower_value_ = {};
    }

    const Chain* chain_ = nullptr; // null until factored
    // What estimate() counted, for fill_chain_'s next factorization (null: nothing counted).
    Fill fill_;
    const Chain* fill_chain_ = nullptr;
    bool lower_kept_ = false;
    std::vector<double> inverse_diagonal_; // 1 / U's diagonal, by square
    // U's row s: entries upper_start_[s + 1] .. upper_start_[s] (upper_start_[size] is 0: the
    // rows are stored from the top); at most max_entries, so 32 bits.
    std::vector<std::uint32_t> upper_start_;
    std::vector<Square> upper_column_;
    std::vector<double> upper_value_;
    std::vector<std::size_t> lower_start_; // L's row s, above the diagonal, likewise (if kept)
    std::vector<Square> lower_column_;
    std::vector<double> lower_value_;
};

} // namespace snakeladder::detail
