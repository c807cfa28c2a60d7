// Section "analysis" of the benchmark (bench.cpp includes this and registers
// run_analysis_benchmarks): the exact expected_turns on the classic board and on a
// 1,000,000-square random board, against the targets of issue 4 (50 us and 0.5 s) and against
// references measured in the same run:
// - on the classic board, plain Gauss-Seidel value iteration until no square changes by more than
//   1e-12 turns (what "iterate until it looks converged" costs);
// - on the big board, one top-down sweep (the unit of work of the solver), so the figure reads as
//   "so many sweeps' worth";
// - on boards of short jumps (10^4 to 10^6 squares), the left-looking elimination in descending
//   order of issue 35 (target: expected_turns at most 1.2x it), and the plain one going up.
// Each figure is the best of several runs on the thread's CPU clock (the machine is shared).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fmt/format.h>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/base/random.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <string_view>
#include <vector>

namespace bench::analysis {

using namespace snakeladder;

// The reference for the classic board: value iteration in place (Gauss-Seidel), sweeping from
// the top, until a sweep changes no square by more than 1e-12.
inline double value_iteration(const Board<>& board, std::size_t& sweeps) {
    const Square n = board.size();
    std::vector<double> e(static_cast<std::size_t>(n) + 1, 0.0);
    double change = 1.0;
    sweeps = 0;
    while (change > 1e-12) {
        change = 0.0;
        for (Square s = n - 1; s >= 0; --s) {
            double sum = 1.0;
            for (int roll = 1; roll <= 6; ++roll) {
                sum += e[static_cast<std::size_t>(board.advance(s, roll))] / 6.0;
            }
            change = std::max(change, std::abs(sum - e[static_cast<std::size_t>(s)]));
            e[static_cast<std::size_t>(s)] = sum;
        }
        ++sweeps;
    }
    return e[0];
}

// The reference for length_distribution: P(T = t) for a token on `board` with one fair die,
// pushed turn by turn over a row of next squares per roll, until at most 1e-15 of the
// probability is left (length_distribution's default stopping rule).
inline std::vector<double> plain_propagation(const Board<>& board) {
    const Square n = board.size();
    const auto squares = static_cast<std::size_t>(n) + 1;
    std::vector<Square> next(7 * squares);
    for (int roll = 1; roll <= 6; ++roll) {
        for (Square s = 0; s <= n; ++s) {
            next[static_cast<std::size_t>(roll) * squares + static_cast<std::size_t>(s)] =
                board.advance(s, roll);
        }
    }
    std::vector<double> now(squares, 0.0);
    std::vector<double> after(squares, 0.0);
    now[0] = 1.0;
    std::vector<double> finished{0.0};
    double live = 1.0;
    while (live > 1e-15 && finished.size() <= 100'000) {
        std::fill(after.begin(), after.end(), 0.0);
        for (std::size_t s = 0; s < squares - 1; ++s) {
            const double share = now[s] / 6.0;
            if (share != 0.0) {
                for (std::size_t roll = 1; roll <= 6; ++roll) {
                    after[static_cast<std::size_t>(next[roll * squares + s])] += share;
                }
            }
        }
        finished.push_back(after[squares - 1]);
        after[squares - 1] = 0.0;
        live = 0.0;
        for (const double mass : after) {
            live += mass;
        }
        std::swap(now, after);
    }
    return finished;
}

// A board like local_100k.txt of the tests: about 5% of the squares start a jump of 1 to 100
// squares (or `longest`), up or down, no square the end of two jumps or both a start and an end.
inline Board<> local_board(Square size, std::uint64_t seed, std::uint64_t longest = 100) {
    DefaultEngine engine(seed);
    std::vector<bool> used(static_cast<std::size_t>(size) + 1, false);
    std::vector<Jump> jumps;
    for (Square from = 2; from < size; ++from) {
        if (uniform_below(engine, 20) != 0 || used[static_cast<std::size_t>(from)]) {
            continue;
        }
        const auto length = static_cast<Square>(1 + uniform_below(engine, longest));
        const Square to = uniform_below(engine, 2) == 0 ? from - length : from + length;
        if (to < 1 || to >= size || used[static_cast<std::size_t>(to)]) {
            continue;
        }
        used[static_cast<std::size_t>(from)] = true;
        used[static_cast<std::size_t>(to)] = true;
        jumps.push_back({from, to});
    }
    return Board<>(jumps, GameConfig<>({.size = size}));
}

// The reference for boards of short snakes: Gaussian elimination of (I - Q) E = 1 over the
// squares in their order, the right-hand side carried along (so only U is kept), no pivoting;
// each row is gathered in a dense array between its lowest and highest column. One six-sided
// die; no traps (every square finishes).
inline double plain_elimination(const Board<>& board) {
    const Square n = board.size();
    const auto squares = static_cast<std::size_t>(n) + 1;
    std::vector<double> work(squares, 0.0);
    std::vector<double> diagonal(squares, 1.0);
    std::vector<double> reduced(squares, 0.0); // the right-hand side, eliminated along
    std::vector<std::size_t> start(squares + 1, 0);
    std::vector<Square> column;
    std::vector<double> value;
    for (Square i = 0; i < n; ++i) {
        start[static_cast<std::size_t>(i)] = column.size();
        if (board.resolve(i) != i) {
            continue; // a jump's start: no token stands there
        }
        Square low = i;
        Square high = i;
        for (int roll = 1; roll <= 6; ++roll) {
            const Square t = board.advance(i, roll);
            work[static_cast<std::size_t>(i)] += 1.0 / 6.0; // leaves i, unless it stays
            if (t != n) {
                work[static_cast<std::size_t>(t)] -= 1.0 / 6.0;
                low = std::min(low, t);
                high = std::max(high, t);
            }
        }
        double rhs = 1.0;
        for (Square j = low; j < i; ++j) {
            const double w = work[static_cast<std::size_t>(j)];
            if (w == 0.0) {
                continue;
            }
            work[static_cast<std::size_t>(j)] = 0.0;
            const double factor = w / diagonal[static_cast<std::size_t>(j)];
            rhs -= factor * reduced[static_cast<std::size_t>(j)];
            for (std::size_t k = start[static_cast<std::size_t>(j)];
                 k < start[static_cast<std::size_t>(j) + 1]; ++k) {
                work[static_cast<std::size_t>(column[k])] -= factor * value[k];
                high = std::max(high, column[k]);
            }
        }
        diagonal[static_cast<std::size_t>(i)] = work[static_cast<std::size_t>(i)];
        work[static_cast<std::size_t>(i)] = 0.0;
        reduced[static_cast<std::size_t>(i)] = rhs;
        for (Square c = i + 1; c <= high; ++c) {
            if (work[static_cast<std::size_t>(c)] != 0.0) {
                column.push_back(c);
                value.push_back(work[static_cast<std::size_t>(c)]);
                work[static_cast<std::size_t>(c)] = 0.0;
            }
        }
        start[static_cast<std::size_t>(i) + 1] = column.size();
    }
    start[static_cast<std::size_t>(n)] = column.size();
    std::vector<double> e(squares, 0.0);
    for (Square i = n - 1; i >= 0; --i) {
        if (board.resolve(i) != i) {
            continue;
        }
        double sum = reduced[static_cast<std::size_t>(i)];
        for (std::size_t k = start[static_cast<std::size_t>(i)];
             k < start[static_cast<std::size_t>(i) + 1]; ++k) {
            sum -= value[k] * e[static_cast<std::size_t>(column[k])];
        }
        e[static_cast<std::size_t>(i)] = sum / diagonal[static_cast<std::size_t>(i)];
    }
    return e[0];
}

// The reference of issue 35 for boards of short jumps: a left-looking elimination of
// E[s] = 1 + sum_r p_r E[next(s, r)] (home 0) in descending order of the squares, one six-sided
// die. Row s is expanded by substituting the rows above it that it refers to, already
// eliminated (each then refers only to squares below its own), highest first from a max-heap of
// the pending columns; what lands below s is the row's fill, kept; then back substitution
// upwards. A row is held as E[s] * diagonal = reduced + sum value * E[column]. No traps.
inline double descending_elimination(const Board<>& board) {
    const Square n = board.size();
    const auto squares = static_cast<std::size_t>(n) + 1;
    std::vector<double> diagonal(squares, 1.0);
    std::vector<double> reduced(squares, 0.0);
    std::vector<std::size_t> first(squares, 0); // row s: entries first[s] .. last[s]
    std::vector<std::size_t> last(squares, 0);
    std::vector<Square> column;
    std::vector<double> value;
    column.reserve(4 * squares);
    value.reserve(4 * squares);
    std::vector<double> work(squares, 0.0); // the row's coefficients, by column
    std::vector<Square> mark(squares, -1);  // mark[c] == s: c is in row s's heap or fill
    std::vector<Square> heap;               // pending columns above s
    std::vector<Square> fill;               // columns below s
    for (Square s = n - 1; s >= 0; --s) {
        const auto row = static_cast<std::size_t>(s);
        first[row] = last[row] = column.size();
        if (board.resolve(s) != s) {
            continue; // a jump's start: no token stands there, no row refers to it
        }
        double diag = 1.0;
        double rhs = 1.0;
        const auto add = [&](Square c, double a) {
            if (c == s) {
                diag -= a;
                return;
            }
            const auto at = static_cast<std::size_t>(c);
            if (mark[at] != s) {
                mark[at] = s;
                if (c > s) {
                    heap.push_back(c);
                    std::push_heap(heap.begin(), heap.end());
                } else {
                    fill.push_back(c);
                }
            }
            work[at] += a;
        };
        for (int roll = 1; roll <= 6; ++roll) {
            const Square t = board.advance(s, roll);
            if (t != n) {
                add(t, 1.0 / 6.0);
            }
        }
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end());
            const auto j = static_cast<std::size_t>(heap.back());
            heap.pop_back();
            const double factor = work[j] / diagonal[j];
            work[j] = 0.0;
            rhs += factor * reduced[j];
            for (std::size_t k = first[j]; k < last[j]; ++k) {
                add(column[k], factor * value[k]);
            }
        }
        diagonal[row] = diag;
        reduced[row] = rhs;
        for (const Square c : fill) {
            column.push_back(c);
            value.push_back(work[static_cast<std::size_t>(c)]);
            work[static_cast<std::size_t>(c)] = 0.0;
        }
        fill.clear();
        last[row] = column.size();
    }
    std::vector<double> e(squares, 0.0);
    for (Square s = 0; s < n; ++s) {
        const auto row = static_cast<std::size_t>(s);
        double sum = reduced[row];
        for (std::size_t k = first[row]; k < last[row]; ++k) {
            sum += value[k] * e[static_cast<std::size_t>(column[k])];
        }
        e[row] = sum / diagonal[row];
    }
    return e[0];
}

// label, figure with its unit, and a ratio with what it is a ratio to.
inline void print_line(std::string_view label, double value, std::string_view unit, double ratio,
                       std::string_view ratio_of) {
    fmt::print("  {:<44} {:>9.2f} {:<3} {:>8.3f}x {}\n", label, value, unit, ratio, ratio_of);
}

inline void run(const Options& options) {
    const int repetitions = options.quick ? 2 : options.repetitions;
    const FairDice<> d6;

    fmt::print("analysis: exact expected_turns (one player, one six-sided die, exact finish)\n");
    {
        const Board<> board = classic();
        const int calls = options.quick ? 200 : 2000;
        std::vector<double> solver;
        std::vector<double> iteration;
        std::size_t sweeps = 0;
        ExpectedTurns exact;
        double iterated = 0.0;
        for (int run = 0; run < repetitions; ++run) {
            auto start = Clock::now();
            for (int i = 0; i < calls; ++i) {
                exact = expected_turns(board, d6);
                keep(exact.from_start);
            }
            solver.push_back(seconds_since(start) / calls);
            start = Clock::now();
            iterated = value_iteration(board, sweeps);
            keep(iterated);
            iteration.push_back(seconds_since(start));
        }
        const double solve_us = best(solver) * 1e6;
        const double iteration_us = best(iteration) * 1e6;
        fmt::print("  classic board: {:.10f} turns ({} solve, {} Schur unknowns, backward error "
                   "{:.1e}, error bound {:.1e}); value iteration: {:.10f} after {} sweeps\n",
                   exact.from_start, to_string(exact.solve.method), exact.solve.schur_unknowns,
                   exact.solve.backward_error, exact.solve.error_bound, iterated, sweeps);
        print_line("expected_turns, classic board", solve_us, "us", solve_us / 50.0,
                   "the 50 us target");
        print_line("value iteration to 1e-12, classic board", iteration_us, "us",
                   iteration_us / solve_us, "expected_turns");
    }
    {
        constexpr Square size = 1'000'000;
        DefaultEngine engine(20'240'601);
        // 5% of the squares carry a jump: 25,000 snakes and 25,000 ladders.
        const Board<> board = random_board(engine, {.snakes = 25'000, .ladders = 25'000},
                                           GameConfig<>({.size = size}));
        const int runs = options.quick ? 1 : std::max(3, repetitions / 2);
        std::vector<double> solver;
        std::vector<double> sweep;
        ExpectedTurns exact;
        for (int run = 0; run < runs; ++run) {
            auto start = Clock::now();
            exact = expected_turns(board, d6);
            solver.push_back(seconds_since(start));
            keep(exact.from_start);
            // One sweep of the solver on its own, with the chain it sweeps already built.
            const detail::TokenChain<GameConfig<>> chain(board, detail::board_roll_odds(d6, board));
            std::vector<double> values(static_cast<std::size_t>(size) + 1, 0.0);
            start = Clock::now();
            chain.sweep(values, [](Square) { return 1.0; });
            sweep.push_back(seconds_since(start));
            keep(values[0]);
        }
        const double solve_ms = best(solver) * 1e3;
        const double sweep_ms = best(sweep) * 1e3;
        fmt::print("  1,000,000-square random board, 25,000 snakes and 25,000 ladders: {:.10g} "
                   "turns\n  ({} solve, {} Schur unknowns, {} sweeps, backward error {:.1e}, error "
                   "bound {:.1e})\n",
                   exact.from_start, to_string(exact.solve.method), exact.solve.schur_unknowns,
                   exact.solve.sweeps, exact.solve.backward_error, exact.solve.error_bound);
        print_line("expected_turns, 1,000,000 squares", solve_ms, "ms", solve_ms / 500.0,
                   "the 0.5 s target");
        print_line("one top-down sweep, 1,000,000 squares", sweep_ms, "ms", sweep_ms / solve_ms,
                   "expected_turns");
    }
    for (const Square size : {10'000, 100'000, 1'000'000}) {
        // Boards of many short jumps, where GMRES stalls: expected_turns (by elimination)
        // against the two eliminations above, each run timing all three back to back; the
        // ratios are the medians of the runs' own ratios.
        const Board<> board = local_board(size, 1);
        const int runs = options.quick ? 1 : std::max(5, repetitions);
        const int calls = size <= 10'000 ? 20 : 1; // a 10,000-square solve takes about 1 ms
        std::vector<double> solver;
        std::vector<double> plain;
        std::vector<double> descending;
        std::vector<double> plain_ratio;
        std::vector<double> to_descending;
        ExpectedTurns exact;
        double reference = 0.0;
        double left_looking = 0.0;
        for (int run = 0; run < runs; ++run) {
            auto start = Clock::now();
            for (int call = 0; call < calls; ++call) {
                exact = expected_turns(board, d6);
                keep(exact.from_start);
            }
            solver.push_back(seconds_since(start) / calls);
            start = Clock::now();
            for (int call = 0; call < calls; ++call) {
                reference = plain_elimination(board);
                keep(reference);
            }
            plain.push_back(seconds_since(start) / calls);
            start = Clock::now();
            for (int call = 0; call < calls; ++call) {
                left_looking = descending_elimination(board);
                keep(left_looking);
            }
            descending.push_back(seconds_since(start) / calls);
            plain_ratio.push_back(plain.back() / descending.back());
            to_descending.push_back(solver.back() / descending.back());
        }
        for (const double other : {reference, left_looking}) {
            if (std::abs(exact.from_start - other) > 1e-9 * other) {
                fmt::print(stderr,
                           "expected_turns gave {:.10g} turns, a reference elimination {:.10g}\n",
                           exact.from_start, other);
                std::exit(1);
            }
        }
        fmt::print("  {}-square board of short jumps (5% of the squares, 1 to 100 squares): "
                   "{:.6f} turns ({} solve, error bound {:.1e})\n",
                   size, exact.from_start, to_string(exact.solve.method), exact.solve.error_bound);
        const double descending_ms = best(descending) * 1e3;
        print_line(fmt::format("left-looking descending elimination, {}", size), descending_ms,
                   "ms", 1.0, "itself");
        print_line(fmt::format("plain ascending elimination, {}", size), best(plain) * 1e3, "ms",
                   median(plain_ratio), "the descending one");
        print_line(fmt::format("expected_turns, {} squares", size), best(solver) * 1e3, "ms",
                   median(to_descending), "the descending elimination (target 1.2x)");
    }
    {
        // Many long snakes: too long for the elimination, too many for the direct solve, so
        // GMRES alone, past the cycles in which it converges slowly (it was refused before).
        // Seconds: timed once.
        const Board<> board = local_board(1'000'000, 7, 3'000);
        const auto start = Clock::now();
        const ExpectedTurns exact = expected_turns(board, d6);
        const double solve_s = seconds_since(start);
        fmt::print("  1,000,000-square board, 5% of the squares jumps of 1 to 3,000 squares: "
                   "{:.6f} turns\n  ({} solve, {} Schur unknowns, {} sweeps, backward error "
                   "{:.1e}, error bound {:.1e})\n",
                   exact.from_start, to_string(exact.solve.method), exact.solve.schur_unknowns,
                   exact.solve.sweeps, exact.solve.backward_error, exact.solve.error_bound);
        print_line("expected_turns, long local snakes", solve_s * 1e3, "ms", 1.0, "itself");
    }
    {
        // The distribution against a plain propagation that tabulates the same turns: what
        // length_distribution and seat_chances cost when the moments are not asked for, and
        // what asking for them adds.
        const Board<> board = classic();
        std::vector<double> plain;
        std::vector<double> distribution;
        std::vector<double> seats;
        std::vector<double> with_moments;
        LengthDistribution lengths;
        std::size_t plain_turns = 0;
        for (int run = 0; run < repetitions; ++run) {
            auto start = Clock::now();
            plain_turns = plain_propagation(board).size() - 1;
            plain.push_back(seconds_since(start));
            start = Clock::now();
            lengths = length_distribution(board, d6);
            distribution.push_back(seconds_since(start));
            keep(lengths.probability(7));
            start = Clock::now();
            const SeatChances chances = seat_chances(board, d6, 2);
            seats.push_back(seconds_since(start));
            keep(chances.win_probability[0]);
            start = Clock::now();
            const LengthDistribution asked = length_distribution(board, d6);
            keep(asked.mean());
            with_moments.push_back(seconds_since(start));
        }
        if (plain_turns != static_cast<std::size_t>(lengths.turns())) {
            fmt::print(stderr, "the plain propagation tabulated {} turns, length_distribution {}\n",
                       plain_turns, lengths.turns());
            std::exit(1);
        }
        const double plain_us = best(plain) * 1e6;
        print_line(fmt::format("plain propagation, classic ({} turns)", plain_turns), plain_us,
                   "us", 1.0, "itself");
        print_line("length_distribution, classic", best(distribution) * 1e6, "us",
                   best(distribution) * 1e6 / plain_us, "the plain propagation (target 1.0x)");
        print_line("seat_chances, classic, 2 players", best(seats) * 1e6, "us",
                   best(seats) * 1e6 / plain_us, "the plain propagation (target 1.0x)");
        print_line("length_distribution and its mean()", best(with_moments) * 1e6, "us",
                   best(with_moments) * 1e6 / plain_us, "the plain propagation");
    }
}

} // namespace bench::analysis

/// The analysis section: bench.cpp registers it when this header exists.
inline void run_analysis_benchmarks(const bench::Options& options = bench::Options{}) {
    bench::analysis::run(options);
}
