// Section "analysis" of the benchmark (bench.cpp includes this and registers
// run_analysis_benchmarks): the exact expected_turns on the classic board and on a
// 1,000,000-square random board, against the targets of issue 4 (50 us and 0.5 s) and against
// references measured in the same run:
// - on the classic board, plain Gauss-Seidel value iteration until no square changes by more than
//   1e-12 turns (what "iterate until it looks converged" costs);
// - on the big board, one top-down sweep (the unit of work of the solver), so the figure reads as
//   "so many sweeps' worth".
// Each figure is the best of several runs on the thread's CPU clock (the machine is shared).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <snakeladder/analysis.hpp>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/dice.hpp>
#include <snakeladder/random.hpp>
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

// label, figure with its unit, and a ratio with what it is a ratio to.
inline void print_line(std::string_view label, double value, std::string_view unit, double ratio,
                       std::string_view ratio_of) {
    fmt::print("  {:<44} {:>9.2f} {:<3} {:>8.3f}x {}\n", label, value, unit, ratio, ratio_of);
}

inline void run(const Options& options) {
    const int repetitions = options.quick ? 2 : options.repetitions;
    const FairDice<> d6;

    fmt::print("analysis: exact expected_turns (one player, one six-sided die, exact finish)\n");
    double classic_solve_us = 0.0;
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
        classic_solve_us = solve_us;
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
        const Board<> board = random_board(engine, 25'000, 25'000, GameConfig<>({.size = size}));
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
            const detail::TokenChain<GameConfig<>> chain(
                board, detail::board_roll_odds(d6.face_probabilities(), size));
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
    {
        const Board<> board = classic();
        std::vector<double> times;
        LengthDistribution lengths;
        for (int run = 0; run < repetitions; ++run) {
            const auto start = Clock::now();
            lengths = length_distribution(board, d6);
            times.push_back(seconds_since(start));
            keep(lengths.mean());
        }
        const double distribution_us = best(times) * 1e6;
        print_line(fmt::format("length_distribution, classic ({} turns)", lengths.turns()),
                   distribution_us, "us", distribution_us / classic_solve_us,
                   "expected_turns, classic");
    }
}

} // namespace bench::analysis

/// The analysis section: bench.cpp registers it when this header exists.
inline void run_analysis_benchmarks(const bench::Options& options = bench::Options{}) {
    bench::analysis::run(options);
}
