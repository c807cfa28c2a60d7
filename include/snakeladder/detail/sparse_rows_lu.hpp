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
#pragma once

#include "../errors.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace snakeladder::detail {

class SparseRowsLu {
public:
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
        std::size_t n, Row&& row, double budget, OnRows&& on_rows = [](double) {}) {
        n_ = n;
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
            while (!pending.empty()) {
                const std::uint32_t j = pending.top();
                pending.pop();
                if (work[j] == 0.0) {
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
                if (column > i && work[column] != 0.0) {
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

private:
    struct Entry {
        std::uint32_t column;
        double value;
    };

    std::size_t n_ = 0;
    std::vector<double> diagonal_;
    std::vector<std::size_t> lower_start_;
    std::vector<std::size_t> upper_start_;
    std::vector<Entry> lower_;
    std::vector<Entry> upper_;
};

} // namespace snakeladder::detail
