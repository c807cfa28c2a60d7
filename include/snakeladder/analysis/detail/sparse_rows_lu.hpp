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
// entries of A^-1 on that pattern through Takahashi's equations, without inverting A: what
// analysis/board_effects.hpp needs, the expected visits of each square to itself and the visits
// that a change of one jump's landing shifts.
#pragma once

#include "../../base/errors.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
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

    /// The most entries the factors may hold (16 bytes each: 512 MiB; select_inverse() adds
    /// 16 bytes per entry of U, about half of them).
    static constexpr std::size_t max_entries = std::size_t{1} << 25;

    /// Factors the n x n matrix whose row i is given by `row(i, add)`, which calls add(column,
    /// value) for each entry (entries of one column are summed). False, with nothing kept, when
    /// that would take more than `budget` multiply-adds or max_entries entries. Throws Error on
    /// a zero pivot (a matrix that is not a nonsingular M-matrix). `on_rows(share)` is called
    /// every rows_per_report rows with the share of the rows factored so far.
    static constexpr std::size_t rows_per_report = 4096;
    // A numerical kernel that stays whole (past 80 lines): the scatter of each row into one
    // dense work row, its elimination by the rows above and the gather of its factors share
    // that work row and its marks.
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
            if (every_entry) {
                // Sorted, so that inverse entries can be found by their column.
                std::sort(touched.begin(), touched.end());
            }
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

    /// Computes the entries of A^-1 on the factors' pattern (of Pattern::symmetric) by
    /// Takahashi's equations. With A = L D V (V = D^-1 U, unit upper), Z = A^-1 satisfies
    /// Z = D^-1 L^-1 + (I - V) Z and Z = V^-1 D^-1 + Z (I - L), so, row by row from the last,
    /// for the columns c of U's row i (which by symmetry are the rows of L's column i):
    ///     Z(i, c) = -sum over k of V(i, k) Z(k, c)
    ///     Z(c, i) = -sum over k of Z(c, k) L(k, i)
    ///     Z(i, i) = 1 / d(i) - sum over k of V(i, k) Z(k, i)
    /// with k over the same columns. Every Z(k, c) these need lies in the pattern of a later
    /// row (eliminating i joins every two of its columns), so Z is kept on the pattern alone:
    /// about the factorization's work, and 16 bytes per entry of U (8 more while it runs). For
    /// an M-matrix every term added is at least 0, so no digits cancel. `on_rows(share)` hears
    /// the share of the rows done every rows_per_report rows. Throws Error when the factors are
    /// not of Pattern::symmetric.
    template <class OnRows = void (*)(double)>
    void select_inverse(OnRows&& on_rows = [](double) {}) {
        if (pattern_ != Pattern::symmetric) {
            throw Error("SparseRowsLu::select_inverse needs factors of Pattern::symmetric");
        }
        const auto broken = [] {
            return Error("SparseRowsLu::select_inverse: the factors' pattern is not symmetric; "
                         "please report the board and rules");
        };
        // L by columns, lined up with U's rows: l_by_column[e] = L(upper_[e].column, i) for the
        // entries e of U's row i, found in the sorted row.
        if (lower_.size() != upper_.size()) {
            throw broken();
        }
        std::vector<double> l_by_column(upper_.size(), 0.0);
        for (std::size_t k = 0; k < n_; ++k) {
            for (std::size_t e = lower_start_[k]; e < lower_start_[k + 1]; ++e) {
                const std::size_t f = find(lower_[e].column, static_cast<std::uint32_t>(k));
                if (f == upper_.size()) {
                    throw broken();
                }
                l_by_column[f] = lower_[e].value;
            }
        }
        constexpr auto absent = std::uint32_t(-1);
        inverse_diagonal_.assign(n_, 0.0);
        inverse_upper_.assign(upper_.size(), 0.0);    // Z(i, c), lined up with U's entries
        inverse_lower_.assign(upper_.size(), 0.0);    // Z(c, i), the same way
        std::vector<std::uint32_t> where(n_, absent); // column -> its place in row i
        std::vector<double> v;
        std::vector<double> row_z;
        std::vector<double> column_z;
        for (std::size_t i = n_; i-- > 0;) {
            if ((n_ - 1 - i) % rows_per_report == 0) {
                on_rows(static_cast<double>(n_ - 1 - i) / static_cast<double>(n_));
            }
            const std::size_t first = upper_start_[i];
            const std::size_t count = upper_start_[i + 1] - first;
            const double* const l = l_by_column.data() + first;
            v.assign(count, 0.0);
            row_z.assign(count, 0.0);
            column_z.assign(count, 0.0);
            const double inverse_pivot = 1.0 / diagonal_[i];
            for (std::size_t a = 0; a < count; ++a) {
                where[upper_[first + a].column] = static_cast<std::uint32_t>(a);
                v[a] = upper_[first + a].value * inverse_pivot;
            }
            std::size_t pairs = 0;
            for (std::size_t a = 0; a < count; ++a) {
                const std::uint32_t m = upper_[first + a].column;
                row_z[a] -= v[a] * inverse_diagonal_[m];    // k = m in Z(i, m)
                column_z[a] -= inverse_diagonal_[m] * l[a]; // k = m in Z(m, i)
                for (std::size_t f = upper_start_[m]; f < upper_start_[m + 1]; ++f) {
                    const std::uint32_t b = where[upper_[f].column];
                    if (b == absent) {
                        continue;
                    }
                    // m < c, both columns of row i: Z(m, c) and Z(c, m) are row m's.
                    row_z[b] -= v[a] * inverse_upper_[f];
                    row_z[a] -= v[b] * inverse_lower_[f];
                    column_z[b] -= inverse_lower_[f] * l[a];
                    column_z[a] -= inverse_upper_[f] * l[b];
                    ++pairs;
                }
            }
            if (pairs != count * (count - (count > 0 ? 1 : 0)) / 2) {
                throw broken();
            }
            double z = inverse_pivot;
            for (std::size_t a = 0; a < count; ++a) {
                z -= v[a] * column_z[a];
                inverse_upper_[first + a] = row_z[a];
                inverse_lower_[first + a] = column_z[a];
                where[upper_[first + a].column] = absent;
            }
            inverse_diagonal_[i] = z;
        }
    }

    /// After select_inverse(): the diagonal of A^-1.
    [[nodiscard]] const std::vector<double>& inverse_diagonal() const noexcept {
        return inverse_diagonal_;
    }
    /// After select_inverse(): A^-1 at (i, j), when that lies in the factors' pattern.
    [[nodiscard]] std::optional<double> inverse_at(std::size_t i, std::size_t j) const {
        if (i == j) {
            return inverse_diagonal_[i];
        }
        const std::size_t f =
            i < j ? find(i, static_cast<std::uint32_t>(j)) : find(j, static_cast<std::uint32_t>(i));
        if (f == upper_.size()) {
            return std::nullopt;
        }
        return i < j ? inverse_upper_[f] : inverse_lower_[f];
    }

private:
    struct Entry {
        std::uint32_t column;
        double value;
    };

    // Where U's sorted row `row` (Pattern::symmetric) holds `column`; upper_.size() if nowhere.
    [[nodiscard]] std::size_t find(std::size_t row, std::uint32_t column) const {
        const auto first = upper_.begin() + static_cast<std::ptrdiff_t>(upper_start_[row]);
        const auto last = upper_.begin() + static_cast<std::ptrdiff_t>(upper_start_[row + 1]);
        const auto it =
            std::lower_bound(first, last, column,
                             [](const Entry& entry, std::uint32_t c) { return entry.column < c; });
        return it != last && it->column == column ? static_cast<std::size_t>(it - upper_.begin())
                                                  : upper_.size();
    }

    std::size_t n_ = 0;
    Pattern pattern_ = Pattern::nonzeros;
    std::vector<double> diagonal_;
    std::vector<std::size_t> lower_start_;
    std::vector<std::size_t> upper_start_;
    std::vector<Entry> lower_;
    std::vector<Entry> upper_;
    std::vector<double> inverse_diagonal_; // select_inverse()'s, lined up as the factors are
    std::vector<double> inverse_upper_;
    std::vector<double> inverse_lower_;
};

} // namespace snakeladder::detail
