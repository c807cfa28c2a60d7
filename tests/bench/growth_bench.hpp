// Section "growth" of the benchmark (bench.cpp includes this and registers it): how each analysis
// call and simulate grow with the board's size, on both kinds of board, and with the number of
// players. Figures only, no reference: this section shows the shape of the costs (a call that
// grows faster than its neighbours stands out), the others compare with hand-written code.
//
// Boards: random_board's (2.5% of the squares start a snake and 2.5% a ladder, of any length:
// long jumps, solved by GMRES) and local_board's of analysis_bench.hpp (5% of the squares start a
// jump of at most 100 squares: a game slides down thousands of times, solved by elimination).
// length_distribution is tabulated for a fixed 100 turns, so its time is the propagation's over
// the squares the token reaches in them; simulate plays 1,000 games (one block of games, so one
// thread) and is given per turn. square_statistics and jump_effects have a table of their own. Each
// figure is the best of a few runs, on the calling thread's CPU clock, except the player table's
// simulate (wall clock, as it runs two threads).
#pragma once

#include "analysis_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fmt/format.h>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/board_effects.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/base/random.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <string_view>
#include <vector>

namespace bench::growth {

using namespace snakeladder;

// The best time of `runs` calls of `call`, in seconds: on this thread's CPU clock, or on the wall
// clock for calls that run other threads.
template <class Call>
double best_of(int runs, bool wall, Call&& call) {
    double best_seconds = 1e300;
    for (int run = 0; run < runs; ++run) {
        const auto wall_start = std::chrono::steady_clock::now();
        const auto start = Clock::now();
        call();
        const double seconds =
            wall ? std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start)
                       .count()
                 : seconds_since(start);
        best_seconds = std::min(best_seconds, seconds);
    }
    return best_seconds;
}

inline void size_row(std::string_view kind, const Board<>& board, int runs) {
    const FairDice<> d6;
    ExpectedTurns turns;
    const double solve = best_of(runs, false, [&] { turns = expected_turns(board, d6); });
    const double distribution = best_of(runs, false, [&] {
        keep(length_distribution(board, d6, {.max_turns = 100}).probability(100));
    });
    SimulationResult games;
    const double simulation = best_of(runs, false, [&] {
        games = snakeladder::simulate(board, d6, {.games = 1'000, .seed = 1, .threads = 1});
    });
    const double played = games.turns.mean * static_cast<double>(games.turns.games);
    fmt::print("  {:<7} {:>9} {:>12.3f} {:<11} {:>13.3f} {:>12.1f} {:>12.2f}\n", kind, board.size(),
               solve * 1e3, to_string(turns.solve.method), distribution * 1e3, turns.from_start,
               simulation * 1e9 / played);
}

// square_statistics and jump_effects (the standard game: one factorization each).
inline void effects_row(std::string_view kind, const Board<>& board, int runs) {
    const FairDice<> d6;
    const double squares =
        best_of(runs, false, [&] { keep(square_statistics(board, d6).visits[0]); });
    const double jumps = best_of(runs, false, [&] { keep(jump_effects(board, d6).size()); });
    const std::size_t count = board.jumps().size();
    fmt::print("  {:<7} {:>9} {:>7} {:>13.3f} {:>13.3f} {:>10.2f}\n", kind, board.size(), count,
               squares * 1e3, jumps * 1e3,
               count == 0 ? 0.0 : jumps * 1e6 / static_cast<double>(count));
}

inline void run(const Options& options) {
    const int runs = options.quick ? 1 : 3;
    fmt::print("growth: each call against the board's size (one player, one six-sided die, exact "
               "finish)\n");
    fmt::print("  {:<7} {:>9} {:>12} {:<11} {:>13} {:>12} {:>12}\n", "board", "squares",
               "expected ms", "(method)", "dist. 100 ms", "turns", "sim. ns/turn");
    const std::vector<Square> sizes =
        options.quick ? std::vector<Square>{100, 1'000, 10'000}
                      : std::vector<Square>{100, 1'000, 10'000, 100'000, 1'000'000};
    for (const Square size : sizes) {
        DefaultEngine engine(7);
        const auto jumps = static_cast<std::int64_t>(size / 40);
        size_row(
            "random",
            random_board(engine, {.snakes = jumps, .ladders = jumps}, GameConfig<>({.size = size})),
            runs);
        size_row("local", analysis::local_board(size, 1), runs);
    }

    fmt::print("\n  what each square and jump does, against the board's size (random boards "
               "stop at 10,000 squares: past that their long snakes fill the factors beyond "
               "their limit)\n");
    fmt::print("  {:<7} {:>9} {:>7} {:>13} {:>13} {:>10}\n", "board", "squares", "jumps",
               "squares ms", "jumps ms", "us/jump");
    for (const Square size : sizes) {
        if (size <= 10'000) {
            DefaultEngine engine(7);
            const auto jumps = static_cast<std::int64_t>(size / 40);
            effects_row("random",
                        random_board(engine, {.snakes = jumps, .ladders = jumps},
                                     GameConfig<>({.size = size})),
                        runs);
        }
        effects_row("local", analysis::local_board(size, 1), runs);
    }

    fmt::print("\n  against the number of players, classic board: seat_chances (exact) and "
               "simulate (100,000 games, two threads)\n");
    fmt::print("  {:>7} {:>14} {:>16} {:>14}\n", "players", "seat_chances us", "simulate ms",
               "sim. ns/turn");
    const Board<> board = classic();
    const FairDice<> d6;
    for (int players = 1; players <= 8; ++players) {
        const double exact = best_of(runs, false, [&] { keep(seat_chances(board, d6, players)); });
        SimulationResult games;
        const double simulation = best_of(runs, true, [&] {
            games = snakeladder::simulate(
                board, d6, {.games = 100'000, .players = players, .seed = 1, .threads = 2});
        });
        const double played = games.turns.mean * static_cast<double>(games.turns.games);
        fmt::print("  {:>7} {:>14.1f} {:>16.2f} {:>14.2f}\n", players, exact * 1e6,
                   simulation * 1e3, simulation * 1e9 / played);
    }
}

} // namespace bench::growth

/// The growth section: bench.cpp registers it.
inline void run_growth_benchmarks(const bench::Options& options = bench::Options{}) {
    bench::growth::run(options);
}
