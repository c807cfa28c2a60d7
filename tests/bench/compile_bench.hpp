// Section "compile" of the benchmark (bench.cpp includes this and registers it): what including
// snakeladder costs a program's build. It runs the compiler that built the benchmark on three
// small files in tests/bench/compile/ with -fsyntax-only (parsing and instantiating, no code
// generation): one game through the umbrella header, one game through the headers it needs, and
// the yardstick, the same program's fmt and standard headers without snakeladder. The library's
// share is a file's time minus the yardstick's. Each figure is the median CPU time (user +
// system) of the compiler processes over the runs. A last row gives the umbrella's program with
// the umbrella precompiled (umbrella_pch.hpp, built once into a scratch folder), as a build with
// CMake's target_precompile_headers compiles it.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
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

// The median CPU time of running the compiler with `arguments` (after -std=c++20 and the include
// directories) `runs` times; negative when the compiler failed.
inline double median_compiler_seconds(const std::string& arguments, int runs) {
    const std::string command =
        fmt::format(R"("{}" -std=c++20 -I"{}" {} {})", SNAKELADDER_BENCH_CXX,
                    SNAKELADDER_BENCH_INCLUDE, SNAKELADDER_BENCH_EXTRA_FLAGS, arguments);
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const double before = children_cpu_seconds();
        if (std::system(command.c_str()) != 0) { // NOLINT(cert-env33-c): our own compiler
            fmt::print("  the compiler failed: {}\n", command);
            return -1.0;
        }
        times.push_back(children_cpu_seconds() - before);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// The median CPU time of `-fsyntax-only` on `file` (in tests/bench/compile/), after `flags`.
inline double median_compile_seconds(const std::string& file, int runs,
                                     const std::string& flags = {}) {
    return median_compiler_seconds(
        fmt::format(R"({} -fsyntax-only "{}/{}")", flags, SNAKELADDER_BENCH_COMPILE_DIR, file),
        runs);
}

// A scratch folder for the precompiled umbrella, removed when the section ends.
class ScratchFolder {
public:
    ScratchFolder()
        : path_(std::filesystem::temp_directory_path() /
                fmt::format("snakeladder-bench-pch-{}", ::getpid())) {
        std::filesystem::create_directories(path_);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    ScratchFolder(ScratchFolder&&) = delete;
    ScratchFolder& operator=(ScratchFolder&&) = delete;
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

private:
    std::filesystem::path path_;
};

// The flags that make the compiler use the precompiled umbrella_pch.hpp in `folder`: g++ and
// clang++ both take `-include X` to mean X.gch (g++) or X.pch (clang++) when it is there; g++
// is told to fail rather than quietly parse the header when it cannot use the file.
inline std::string precompiled_umbrella_flags(const std::filesystem::path& folder) {
    const std::filesystem::path header = folder / "umbrella_pch.hpp";
#if defined(__clang__)
    return fmt::format(R"(-include "{}")", header.string());
#else
    return fmt::format(R"(-Winvalid-pch -Werror=invalid-pch -include "{}")", header.string());
#endif
}

// Precompiles umbrella_pch.hpp into `folder` once; its CPU seconds, negative on failure.
inline double precompile_umbrella(const std::filesystem::path& folder) {
    const std::filesystem::path header = folder / "umbrella_pch.hpp";
    std::filesystem::copy_file(std::filesystem::path(SNAKELADDER_BENCH_COMPILE_DIR) /
                                   "umbrella_pch.hpp",
                               header, std::filesystem::copy_options::overwrite_existing);
#if defined(__clang__)
    const char* extension = ".pch";
#else
    const char* extension = ".gch";
#endif
    return median_compiler_seconds(
        fmt::format(R"(-x c++-header "{}" -o "{}{}")", header.string(), header.string(), extension),
        1);
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

    // The bench is built with the same compiler and standard as the row's command, so the
    // precompiled header matches; a mismatch makes the command fail, not the figure lie.
    const ScratchFolder scratch;
    const double precompiling = precompile_umbrella(scratch.path());
    if (precompiling < 0) {
        return;
    }
    const double precompiled = median_compile_seconds("one_game_umbrella.cpp", runs,
                                                      precompiled_umbrella_flags(scratch.path()));
    if (precompiled < 0) {
        return;
    }
    row("one game, the umbrella precompiled", precompiled);
    fmt::print("  (precompiling the umbrella: {:.2f} s, once per target)\n", precompiling);
}

} // namespace bench::compile
