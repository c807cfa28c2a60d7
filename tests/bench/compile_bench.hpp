// Section "compile" of the benchmark (bench.cpp includes this and registers it): what including
// snakeladder costs a program's build. It runs the compiler that built the benchmark on three
// small files in tests/bench/compile/ with -fsyntax-only (parsing and instantiating, no code
// generation): one game through the umbrella header, one game through the headers it needs, and
// the yardstick, the same program's fmt and standard headers without snakeladder. The library's
// share is a file's time minus the yardstick's. Each figure is the median CPU time (user +
// system) of the compiler processes over the runs.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace bench::compile {

// CPU seconds the finished children of this process have used so far.
inline double children_cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// The median CPU time of compiling `file` (in tests/bench/compile/) `runs` times; negative when
// the compiler failed.
inline double median_compile_seconds(const std::string& file, int runs) {
    const std::string command =
        fmt::format("\"{}\" -std=c++20 -fsyntax-only -I\"{}\" {} \"{}/{}\"", SNAKELADDER_BENCH_CXX,
                    SNAKELADDER_BENCH_INCLUDE, SNAKELADDER_BENCH_EXTRA_FLAGS,
                    SNAKELADDER_BENCH_COMPILE_DIR, file);
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const double before = children_cpu_seconds();
        if (std::system(command.c_str()) != 0) { // NOLINT(cert-env33-c): our own compiler
            fmt::print("  {}: the compiler failed: {}\n", file, command);
            return -1.0;
        }
        times.push_back(children_cpu_seconds() - before);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

inline void run(const Options& options) {
    const int runs = options.quick ? 1 : 5;
    fmt::print("Compile time of a one-game program ({} -fsyntax-only, median CPU of {} runs)\n",
               SNAKELADDER_BENCH_CXX, runs);
    const double yardstick = median_compile_seconds("baseline.cpp", runs);
    const double umbrella = median_compile_seconds("one_game_umbrella.cpp", runs);
    const double minimal = median_compile_seconds("one_game_minimal.cpp", runs);
    if (yardstick < 0 || umbrella < 0 || minimal < 0) {
        return;
    }
    fmt::print("  {:<48} {:>7} {:>13} {:>15}\n", "translation unit", "CPU s", "x yardstick",
               "library's share");
    fmt::print("  {:<48} {:>7.2f} {:>13.2f} {:>15}\n", "fmt and standard headers alone (yardstick)",
               yardstick, 1.0, "-");
    const auto row = [yardstick](const char* name, double seconds) {
        fmt::print("  {:<48} {:>7.2f} {:>13.2f} {:>13.2f} s\n", name, seconds, seconds / yardstick,
                   seconds - yardstick);
    };
    row("one game, <snakeladder/snakeladder.hpp>", umbrella);
    row("one game, board_factories + dice + game", minimal);
}

} // namespace bench::compile
