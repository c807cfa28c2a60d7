// Sparse LU of a matrix given row by row, in the order of its rows and without pivoting: the
// solver of the house-rule analysis (turn_kernel.hpp), whose chains come from the turn model
// rather than from a board's rolls, so the square-by-square elimination of
// sparse_elimination.hpp, which reads a TokenChain, does not apply.
//
// Row i is reduced by the rows above it that it has entries in, in increasing order (an
// "up-looking" LU, its pending columns in a heap). On a chain whose moves mostly lead up the
// board, as a board's do, the fill stays between a snake's end and the rows that reach it. No
// pivoting is needed for the systems solved here, I - K restricted to the states that reach home
// surely: a nonsingular M-matrix, whose LU factors exist and are computed stably in any order.
//
// Factored on the symmetric pattern of A + A^T (Pattern::symmetric), the factors also give the
// diagonal of A^-1 through Takahashi's equations, without inverting A: what square_statistics
// needs, the expected visits of each square to itself (board_effects.hpp).
#pragma once

#include "../errors.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace snakeladder::detail {

class SparseRowsLu {
public:
    /// Which entries the factors keep.
    enum class Pattern {
        nonzeros,  ///< only those that are not zero: the least work, for solves
        symmetric, ///< every entry of the pattern of A + A^T and its fill, zero or not: the
                   ///< factors inverse_diagonal() needs
    };

    /// The most entries the factors may hold (16 bytes each: 512 MiB).
    static constexpr std::size_t max_entries = std::size_t{1} << 25;

    /// Factors the n x n matrix whose row i is given by `row(i, add)`, which calls add(column,
    /// value) for each entry (entries of one column are summed). False, with nothing kept, when
    /// that would take more than `budget` multiply-adds or max_entries entries. Throws Error on
    /// a zero pivot (a matrix that is not a nonsingular M-matrix). `on_rows(share)` is called
    /// every rows_per_report rows with the share of the rows factored so far.
    static constexpr std::size_t rows_per_report = 4096;
    template <class Row, class OnRows = void (*)(double)>
    bool factor(
        std::size_t n, Row&& row, double budget, OnRows&& on_rows = [](double) {},
        Pattern pattern = Pattern::nonzeros) {
        n_ = n;
        pattern_ = pattern;
        const bool every_entry = pattern == Pattern::symmetric;
        // Under Pattern::symmetric, row i also holds a zero wherever column i of A has an
        // entry: A^T's rows, gathered first.
        std::vector<std::size_t> transposed_start;
        std::vector<std::uint32_t> transposed;
        if (every_entry) {
            transposed_start.assign(n + 1, 0);
            for (std::size_t i = 0; i < n; ++i) {
                row(i, [&](std::uint32_t column, double) { ++transposed_start[column + 1]; });
            }
            for (std::size_t i = 0; i < n; ++i) {
                transposed_start[i + 1] += transposed_start[i];
            }
            transposed.resize(transposed_start[n]);
            std::vector<std::size_t> fill(transposed_start.begin(), transposed_start.end() - 1);
            for (std::size_t i = 0; i < n; ++i) {
                row(i, [&](std::uint32_t column, double) {
                    transposed[fill[column]++] = static_cast<std::uint32_t>(i);
                });
            }
        }
        diagonal_.assign(n, 0.0);
        lower_start_.assign(1, 0);
        upper_start_.assign(1, 0);
        lower_.clear();
        upper_.clear();
        std::vector<double> work(n, 0.0);
        std::vector<unsigned char> marked(n, 0);
        std::vector<std::uint32_t> touched;
        std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> pending;
        double operations = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            if (i % rows_per_report == 0) {
                on_rows(static_cast<double>(i) / static_cast<double>(n));
            }
            const auto mark = [&](std::uint32_t column) {
                if (marked[column] == 0) {
                    marked[column] = 1;
                    work[column] = 0.0;
                    touched.push_back(column);
                    if (column < i) {
                        pending.push(column);
                    }
                }
            };
            mark(static_cast<std::uint32_t>(i));
            row(i, [&](std::uint32_t column, double value) {
                mark(column);
                work[column] += value;
            });
            if (every_entry) {
                for (std::size_t e = transposed_start[i]; e < transposed_start[i + 1]; ++e) {
                    mark(transposed[e]);
                }
            }
            while (!pending.empty()) {
                const std::uint32_t j = pending.top();
                pending.pop();
                if (work[j] == 0.0 && !every_entry) {
                    continue;
                }
                const double factor = work[j] / diagonal_[j];
                lower_.push_back({j, factor});
                for (std::size_t e = upper_start_[j]; e < upper_start_[j + 1]; ++e) {
                    mark(upper_[e].column);
                    work[upper_[e].column] -= factor * upper_[e].value;
                }
                operations += static_cast<double>(upper_start_[j + 1] - upper_start_[j]) + 1.0;
            }
            if (work[i] == 0.0) {
                throw Error("the house-rule analysis met a singular system (a zero pivot): "
                            "please report the board and rules");
            }
            diagonal_[i] = work[i];
            for (const std::uint32_t column : touched) {
                if (column > i && (work[column] != 0.0 || every_entry)) {
                    upper_.push_back({column, work[column]});
                }
                marked[column] = 0;
            }
            touched.clear();
            lower_start_.push_back(lower_.size());
            upper_start_.push_back(upper_.size());
            if (operations > budget || lower_.size() + upper_.size() > max_entries) {
                *this = SparseRowsLu{};
                return false;
            }
        }
        return true;
    }

    /// The entries the factors hold.
    [[nodiscard]] std::size_t entries() const noexcept { return lower_.size() + upper_.size(); }

    /// Solves A x = b in place.
    void solve(std::vector<double>& b) const {
        for (std::size_t i = 0; i < n_; ++i) {
            double sum = b[i];
            for (std::size_t e = lower_start_[i]; e < lower_start_[i + 1]; ++e) {
                sum -= lower_[e].value * b[lower_[e].column];
            }
            b[i] = sum;
        }
        for (std::size_t i = n_; i-- > 0;) {
            double sum = b[i];
            for (std::size_t e = upper_start_[i]; e < upper_start_[i + 1]; ++e) {
                sum -= upper_[e].value * b[upper_[e].column];
            }
            b[i] = sum / diagonal_[i];
        }
    }

    /// Solves A^T x = b in place: A^T = U^T L^T, U^T forwards and L^T backwards, each by
    /// scattering a row of the factors once its unknown is known.
    void solve_transposed(std::vector<double>& b) const {
        for (std::size_t i = 0; i < n_; ++i) {
            const double x = b[i] / diagonal_[i];
            b[i] = x;
            for (std::size_t e = upper_start_[i]; e < upper_start_[i + 1]; ++e) {
                b[upper_[e].column] -= upper_[e].value * x;
            }
        }
        for (std::size_t i = n_; i-- > 0;) {
            const double x = b[i];
            for (std::size_t e = lower_start_[i]; e < lower_start_[i + 1]; ++e) {
                b[lower_[e].column] -= lower_[e].value * x;
            }
        }
    }

    /// The diagonal of A^-1, from factors of Pattern::symmetric, by Takahashi's equations. With
    /// A = L D V (V = D^-1 U, unit upper), Z = A^-1 satisfies Z = D^-1 L^-1 + (I - V) Z and
    /// Z = V^-1 D^-1 + Z (I - L), so, row by row from the last, for the columns c of U's row i
    /// (which by symmetry are the rows of L's column i):
    ///     Z(i, c) = -sum over k of V(i, k) Z(k, c)
    ///     Z(c, i) = -sum over k of Z(c, k) L(k, i)
    ///     Z(i, i) = 1 / d(i) - sum over k of V(i, k) Z(k, i)
    /// with k over the same columns. Every Z(k, c) these need lies in the pattern of a later
    /// row (eliminating i joins every two of its columns), so Z is kept on the pattern alone:
    /// about the factorization's work. For an M-matrix every term added is at least 0, so no
    /// digits cancel. `on_rows(share)` hears the share of the rows done every rows_per_report
    /// rows. Throws Error when the factors are not of Pattern::symmetric.
    template <class OnRows = void (*)(double)>
    [[nodiscard]] std::vector<double> inverse_diagonal(OnRows&& on_rows = [](double) {}) const {
        if (pattern_ != Pattern::symmetric) {
            throw Error("SparseRowsLu::inverse_diagonal needs factors of Pattern::symmetric");
        }
        const auto broken = [] {
            return Error("SparseRowsLu::inverse_diagonal: the factors' pattern is not "
                         "symmetric; please report the board and rules");
        };
        constexpr auto absent = std::uint32_t(-1);
        // L by columns, lined up with U's rows: l_by_column[e] = L(upper_[e].column, i) for the
        // entries e of U's row i.
        std::vector<double> l_by_column(upper_.size(), 0.0);
        {
            std::vector<std::size_t> lower_count(n_, 0);
            for (const Entry& entry : lower_) {
                ++lower_count[entry.column];
            }
            std::vector<std::vector<std::pair<std::uint32_t, double>>> columns(n_);
            for (std::size_t k = 0; k < n_; ++k) {
                if (lower_count[k] != upper_start_[k + 1] - upper_start_[k]) {
                    throw broken();
                }
                columns[k].reserve(lower_count[k]);
            }
            for (std::size_t k = 0; k < n_; ++k) {
                for (std::size_t e = lower_start_[k]; e < lower_start_[k + 1]; ++e) {
                    columns[lower_[e].column].emplace_back(static_cast<std::uint32_t>(k),
                                                           lower_[e].value);
                }
            }
            std::vector<std::uint32_t> where(n_, absent);
            for (std::size_t i = 0; i < n_; ++i) {
                for (std::size_t e = upper_start_[i]; e < upper_start_[i + 1]; ++e) {
                    where[upper_[e].column] = static_cast<std::uint32_t>(e - upper_start_[i]);
                }
                for (const auto& [k, value] : columns[i]) {
                    if (where[k] == absent) {
                        throw broken();
                    }
                    l_by_column[upper_start_[i] + where[k]] = value;
                }
                for (std::size_t e = upper_start_[i]; e < upper_start_[i + 1]; ++e) {
                    where[upper_[e].column] = absent;
                }
                std::vector<std::pair<std::uint32_t, double>>().swap(columns[i]);
            }
        }
        std::vector<double> diagonal(n_, 0.0);
        std::vector<double> upper_z(upper_.size(), 0.0); // Z(i, c), lined up with U's entries
        std::vector<double> lower_z(upper_.size(), 0.0); // Z(c, i), the same way
        std::vector<std::uint32_t> where(n_, absent);    // column -> its place in row i
        std::vector<double> v;
        std::vector<double> l;
        std::vector<double> row_z;
        std::vector<double> column_z;
        for (std::size_t i = n_; i-- > 0;) {
            if ((n_ - 1 - i) % rows_per_report == 0) {
                on_rows(static_cast<double>(n_ - 1 - i) / static_cast<double>(n_));
            }
            const std::size_t first = upper_start_[i];
            const std::size_t count = upper_start_[i + 1] - first;
            v.assign(count, 0.0);
            l.assign(count, 0.0);
            row_z.assign(count, 0.0);
            column_z.assign(count, 0.0);
            const double inverse_pivot = 1.0 / diagonal_[i];
            for (std::size_t a = 0; a < count; ++a) {
                where[upper_[first + a].column] = static_cast<std::uint32_t>(a);
                v[a] = upper_[first + a].value * inverse_pivot;
                l[a] = l_by_column[first + a];
            }
            std::size_t pairs = 0;
            for (std::size_t a = 0; a < count; ++a) {
                const std::uint32_t m = upper_[first + a].column;
                row_z[a] -= v[a] * diagonal[m];    // k = m in Z(i, m)
                column_z[a] -= diagonal[m] * l[a]; // k = m in Z(m, i)
                for (std::size_t f = upper_start_[m]; f < upper_start_[m + 1]; ++f) {
                    const std::uint32_t b = where[upper_[f].column];
                    if (b == absent) {
                        continue;
                    }
                    // m < c, both columns of row i: Z(m, c) = upper_z[f], Z(c, m) = lower_z[f].
                    row_z[b] -= v[a] * upper_z[f];
                    row_z[a] -= v[b] * lower_z[f];
                    column_z[b] -= lower_z[f] * l[a];
                    column_z[a] -= upper_z[f] * l[b];
                    ++pairs;
                }
            }
            if (pairs != count * (count - (count > 0 ? 1 : 0)) / 2) {
                throw broken();
            }
            double z = inverse_pivot;
            for (std::size_t a = 0; a < count; ++a) {
                z -= v[a] * column_z[a];
                upper_z[first + a] = row_z[a];
                lower_z[first + a] = column_z[a];
                where[upper_[first + a].column] = absent;
            }
            diagonal[i] = z;
        }
        return diagonal;
    }

private:
    struct Entry {
        std::uint32_t column;
        double value;
    };

    std::size_t n_ = 0;
    Pattern pattern_ = Pattern::nonzeros;
    std::vector<double> diagonal_;
    std::vector<std::size_t> lower_start_;
    std::vector<std::size_t> upper_start_;
    std::vector<Entry> lower_;
    std::vector<Entry> upper_;
};

} // namespace snakeladder::detail
