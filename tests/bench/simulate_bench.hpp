// Section "simulate" of the benchmark (bench.cpp includes this and registers
// run_simulate_benchmarks): `simulate` against a hand-written reference loop, and on two threads
// against one.
//
// The reference loop is what a careful programmer would write for this one board and die: plain
// arrays (one row of next squares per roll), the library's default engine and the same mapping
// of engine bits to faces as FairDice (`1 + uniform_below(engine, 6)`), no options, no checks, no
// threads. It seeds its engine for every block of games exactly as `simulate` does, so both play
// the very same games, and every run checks that they counted the same turns.
//
// The machine is shared, so each figure is the best of several interleaved runs: the best run is
// the one least disturbed by other work, and interleaving exposes all three loops to the same
// conditions. Times are wall-clock (see BestTime).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fmt/format.h>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/base/random.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <thread>
#include <vector>

namespace bench::simulate {

using namespace snakeladder;

// One player, the classic board, exact finish, one six-sided die.
inline std::uint64_t reference_loop(std::uint64_t games, std::uint64_t seed) {
    constexpr int home = 100;
    constexpr int sides = 6;
    const Board<> board = classic();
    std::array<std::array<Square, home + 1>, sides + 1> next{};
    for (int roll = 1; roll <= sides; ++roll) {
        for (Square from = 0; from <= home; ++from) {
            next[static_cast<std::size_t>(roll)][static_cast<std::size_t>(from)] =
                board.advance(from, roll);
        }
    }
    std::uint64_t turns = 0;
    for (std::uint64_t first = 0; first < games; first += simulation_block_games) {
        Xoshiro256 engine(detail::simulation_block_seed(seed, first / simulation_block_games));
        const std::uint64_t block_end = std::min(games, first + simulation_block_games);
        for (std::uint64_t game = first; game < block_end; ++game) {
            Square square = 0;
            do {
                const std::uint64_t roll = 1 + uniform_below(engine, sides);
                square = next[roll][static_cast<std::size_t>(square)];
                ++turns;
            } while (square != home);
        }
    }
    return turns;
}

inline std::uint64_t simulated_turns(std::uint64_t games, std::uint64_t seed, unsigned threads) {
    const SimulationResult result = snakeladder::simulate(
        classic(), FairDice<>(), {.games = games, .seed = seed, .threads = threads});
    std::uint64_t turns = 0;
    for (std::size_t n = 0; n < result.turns.histogram.size(); ++n) {
        turns += n * result.turns.histogram[n];
    }
    return turns;
}

// The process's CPU time, every thread's together, in seconds.
inline double process_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// The best wall-clock time of several runs of one loop, and the CPU time (all threads) of that
// run. Wall clock, not the calling thread's CPU clock the other sections use: a run on two
// threads is as fast as its slower thread, and the calling thread's clock would miss the other
// (it would report a speed-up even when both threads share one core).
struct BestTime {
    double seconds = 1e300;
    double cpu_seconds = 0.0;

    template <class Run>
    std::uint64_t measure(Run&& run) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = process_cpu_seconds();
        const std::uint64_t turns = run();
        const double cpu = process_cpu_seconds() - cpu_start;
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (wall < seconds) {
            seconds = wall;
            cpu_seconds = cpu;
        }
        return turns;
    }
};

inline void run(const Options& options) {
    // Short runs, many of them: on a busy machine a run of a few tens of milliseconds has a fair
    // chance to fit between interruptions, and the best of them shows the loop's own speed.
    const std::uint64_t games = options.quick ? 100'000 : 500'000;
    const int runs = options.quick ? options.repetitions : 4 * options.repetitions;
    constexpr std::uint64_t seed = 2024;
    fmt::print("simulate: {} one-player games on the classic board (ExactFinish, one six-sided "
               "die), best of {} interleaved runs, {} hardware threads\n",
               games, runs, std::thread::hardware_concurrency());

    BestTime reference;
    BestTime one_thread;
    BestTime two_threads;
    std::uint64_t turns = 0;
    for (int rep = 0; rep < runs; ++rep) {
        const std::uint64_t counted[3] = {
            reference.measure([&] { return reference_loop(games, seed); }),
            one_thread.measure([&] { return simulated_turns(games, seed, 1); }),
            two_threads.measure([&] { return simulated_turns(games, seed, 2); }),
        };
        if (counted[0] != counted[1] || counted[1] != counted[2]) {
            fmt::print(stderr, "the reference loop and simulate played different games\n");
            std::exit(1);
        }
        turns = counted[0];
    }
    const auto per_turn = [&](double seconds) {
        return seconds * 1e9 / static_cast<double>(turns);
    };
    const double reference_ns = per_turn(reference.seconds);
    fmt::print("  {} turns per run; every run played the same games in all three loops\n", turns);
    print_row("reference loop (next-square rows, one thread)", reference_ns, reference_ns);
    print_row("simulate, 1 thread (target at most 0.85x)", per_turn(one_thread.seconds),
              reference_ns);
    print_row("simulate, 2 threads", per_turn(two_threads.seconds), reference_ns);
    fmt::print("  speed-up of 2 threads over 1, wall clock: {:.2f}x (target at least 1.9x); CPU "
               "time per turn on 2 threads: {:.2f}x that on 1\n",
               one_thread.seconds / two_threads.seconds,
               two_threads.cpu_seconds / one_thread.cpu_seconds);
}

} // namespace bench::simulate

/// The "simulate" section: bench.cpp registers it. Takes the benchmark's options (quick runs,
/// repetitions) when given them.
inline void run_simulate_benchmarks(const bench::Options& options = bench::Options{}) {
    bench::simulate::run(options);
}
