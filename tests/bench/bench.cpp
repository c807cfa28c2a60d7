// snakeladder's benchmark: named sections, each printing its figures as ratios to a reference
// measured in the same run. Run every section, or name some:  snakeladder_bench [section...]
// Options: --quick (fewer repetitions, for a smoke run), --list.
//
// More sections: put them in a header included below (simulate_bench.hpp is picked up when it
// exists) and register them with `inline const bench::Section name{"name", "what", &function};`.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <fmt/format.h>
#include <functional>
#include <mutex>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bench {

/// Settings every section reads.
struct Options {
    /// Repetitions of each measurement; the best (least disturbed) run is reported.
    int repetitions = 7;
    /// Scale down the work for a smoke run.
    bool quick = false;
};

/// A named part of the benchmark. Constructing one registers it.
class Section {
public:
    using Run = void (*)(const Options&);
    Section(std::string_view name, std::string_view about, Run runner)
        : name_(name), about_(about), run_(runner) {
        all().push_back(this);
    }
    Section(const Section&) = delete;
    Section& operator=(const Section&) = delete;

    [[nodiscard]] std::string_view name() const { return name_; }
    [[nodiscard]] std::string_view about() const { return about_; }
    void run(const Options& options) const { run_(options); }

    static std::vector<const Section*>& all() {
        static std::vector<const Section*> sections;
        return sections;
    }

private:
    std::string_view name_;
    std::string_view about_;
    Run run_;
};

/// Keeps the optimiser from deleting a computation whose result is otherwise unused.
template <class T>
inline void keep(const T& value) {
#if defined(__GNUC__) || defined(__clang__)
    asm volatile("" : : "r,m"(value) : "memory");
#else
    static volatile const T* sink;
    sink = &value;
#endif
}

/// The clock: this thread's CPU time where the system has one (a shared machine preempts a
/// benchmark, and wall time would count the time other programs ran), else steady_clock.
struct Clock {
    using time_point = double; // seconds
    static time_point now() noexcept {
#if defined(CLOCK_THREAD_CPUTIME_ID)
        timespec now{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
#else
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
#endif
    }
};

inline double seconds_since(Clock::time_point start) {
    return Clock::now() - start;
}

/// What one reading of the clock costs, to take out of measurements made in small pieces.
inline double clock_cost() {
    static const double cost = [] {
        constexpr int readings = 100'000;
        const auto start = Clock::now();
        for (int i = 0; i < readings; ++i) {
            keep(Clock::now());
        }
        return seconds_since(start) / readings;
    }();
    return cost;
}

/// The machine may be shared: the fastest of several interleaved runs is the one least disturbed
/// by other work, and interleaving exposes every loop to the same conditions.
inline double best(const std::vector<double>& values) {
    return *std::min_element(values.begin(), values.end());
}

inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// One line of a table: a label, a figure per operation and a ratio to the reference.
inline void print_figure(std::string_view label, double ns_per_op, double ratio,
                         std::string_view unit = "ns/turn") {
    fmt::print("  {:<44} {:>8.2f} {}   {:>6.2f}x\n", label, ns_per_op, unit, ratio);
}

/// One line of a table, the ratio being ns_per_op / reference_ns.
inline void print_row(std::string_view label, double ns_per_op, double reference_ns,
                      std::string_view unit = "ns/turn") {
    print_figure(label, ns_per_op, ns_per_op / reference_ns, unit);
}

inline std::string_view compiler() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "g++ " __VERSION__;
#else
    return "unknown compiler";
#endif
}

} // namespace bench

// --- Section "game": Game::play against a hand-written loop ------------------------------------

namespace bench::game {

using namespace snakeladder;

constexpr int players = 4;
constexpr int sides = 6;

/// The same games as Game::play, written by hand: one table lookup per turn for the square, the
/// same engine, the same mapping of engine bits to faces (uniform_below), no records.
struct ReferenceLoop {
    explicit ReferenceLoop(const Board<>& board) : goal(board.size()) {
        next.resize(static_cast<std::size_t>(goal + 1) * (sides + 1));
        for (Square square = 0; square <= goal; ++square) {
            for (int roll = 1; roll <= sides; ++roll) {
                next[static_cast<std::size_t>(square) * (sides + 1) +
                     static_cast<std::size_t>(roll)] = board.advance(square, roll);
            }
        }
    }

    // Returns the number of turns; `winner` receives the winning seat.
    std::uint64_t play(std::uint64_t seed, int& winner) const {
        Xoshiro256 engine(seed);
        std::array<Square, players> position{};
        std::uint64_t turns = 0;
        int seat = 0;
        for (;;) {
            const auto roll = 1 + uniform_below(engine, sides);
            Square& square = position[static_cast<std::size_t>(seat)];
            square = next[static_cast<std::size_t>(square) * (sides + 1) + roll];
            ++turns;
            if (square == goal) {
                winner = seat;
                return turns;
            }
            seat = seat + 1 == players ? 0 : seat + 1;
        }
    }

    Square goal;
    std::vector<Square> next;
};

const std::vector<std::string> names{"Ana", "Ben", "Cy", "Dee"};

constexpr std::uint64_t seed_of(std::size_t game) {
    return 0x5eed'0000 + game;
}

/// One run: seconds spent by each loop, turns played, and a check that all three played the
/// same games.
struct Run {
    double reference = 0;
    double null_mutex = 0;
    double std_mutex = 0;
    // Building the NullMutex games (board copy, dice, names and the constructor's checks), and
    // building the same arguments alone: the part of it that is not Game's own.
    double construct = 0;
    double arguments = 0;
    std::uint64_t turns = 0;
    std::uint64_t games = 0;
    bool same_games = true;
};

template <class G>
double time_play(std::vector<G>& games) {
    const auto start = Clock::now();
    for (G& game : games) {
        keep(game.play());
    }
    return seconds_since(start) - clock_cost();
}

// What building a game takes apart from Game itself: a copy of the board (Game takes it by
// value), the dice and the names. Built into a vector as the games are, so that both loops
// store what they build alike (neither times its destruction).
struct Arguments {
    Arguments(const Board<>& on, FairDice<> rolling, std::vector<std::string> seated)
        : board(on), dice(std::move(rolling)), names(std::move(seated)) {}
    Board<> board;
    FairDice<> dice;
    std::vector<std::string> names;
};

// The games are played a few at a time, the three loops back to back on the same seeds, so that
// all three meet the same conditions on a shared machine. Building the NullMutex games is timed
// on its own (the constructor checks the board and the dice, which once cost as much as hundreds
// of turns), next to building the same arguments without a game; play() is timed apart from it.
// The games are destroyed before the next few are built, so their logs reuse memory as they
// would in a program that plays game after game.
Run run_once(const Board<>& board, std::size_t games) {
    using Unlocked = Game<FairDice<>, GameConfig<>, NullMutex>;
    using Locked = Game<FairDice<>, GameConfig<>, std::mutex>;
    constexpr std::size_t batch = 16;
    const ReferenceLoop loop(board);
    Run run;
    std::vector<Unlocked> unlocked;
    std::vector<Locked> locked;
    std::vector<Arguments> arguments;
    unlocked.reserve(batch);
    locked.reserve(batch);
    arguments.reserve(batch);
    for (std::size_t first = 0; first < games; first += batch) {
        const std::size_t last = std::min(games, first + batch);
        unlocked.clear();
        locked.clear();
        arguments.clear();
        auto start = Clock::now();
        for (std::size_t g = first; g < last; ++g) {
            arguments.emplace_back(board, FairDice<>::seeded(seed_of(g)),
                                   std::vector<std::string>{"Ana", "Ben", "Cy", "Di"});
        }
        run.arguments += seconds_since(start) - clock_cost();
        start = Clock::now();
        for (std::size_t g = first; g < last; ++g) {
            unlocked.emplace_back(board, FairDice<>::seeded(seed_of(g)),
                                  std::vector<std::string>{"Ana", "Ben", "Cy", "Di"});
        }
        run.construct += seconds_since(start) - clock_cost();
        run.games += last - first;
        for (std::size_t g = first; g < last; ++g) {
            locked.emplace_back(board, FairDice<>::seeded(seed_of(g), {.sides = sides}), names);
        }
        std::array<int, batch> winners{};
        std::uint64_t turns = 0;
        start = Clock::now();
        for (std::size_t g = first; g < last; ++g) {
            turns += loop.play(seed_of(g), winners[g - first]);
        }
        run.reference += seconds_since(start) - clock_cost();
        run.null_mutex += time_play(unlocked);
        run.std_mutex += time_play(locked);
        run.turns += turns;
        for (std::size_t g = first; g < last; ++g) {
            const auto winner = static_cast<std::size_t>(winners[g - first]);
            const std::size_t i = g - first;
            run.same_games = run.same_games && unlocked[i].ranking().front().seat == winner &&
                             locked[i].ranking().front().seat == winner;
            turns -= unlocked[i].turns();
        }
        run.same_games = run.same_games && turns == 0;
    }
    return run;
}

void run(const Options& options) {
    const std::size_t games = options.quick ? 2'000 : 40'000;
    const Board<> board = classic();
    fmt::print("game: {} seeded four-player games on the classic board (ExactFinish, one "
               "six-sided die); ns/turn: best of {} runs; ratio: median of the runs' ratios\n",
               games, options.repetitions);

    std::vector<Run> runs;
    for (int rep = 0; rep < options.repetitions; ++rep) {
        runs.push_back(run_once(board, games));
        if (!runs.back().same_games) {
            fmt::print(stderr, "the reference loop and Game::play played different games\n");
            std::exit(1);
        }
    }
    const auto turns = static_cast<double>(runs.front().turns);
    const auto row = [&](std::string_view label, double Run::*loop) {
        std::vector<double> seconds;
        std::vector<double> ratios;
        for (const Run& r : runs) {
            seconds.push_back(r.*loop);
            ratios.push_back(r.*loop / r.reference);
        }
        print_figure(label, best(seconds) * 1e9 / turns, median(ratios));
    };
    fmt::print("  {} turns per run, the same games in all three loops (checked); a clock reading "
               "costs {:.0f} ns and is taken off\n",
               runs.front().turns, clock_cost() * 1e9);
    row("reference loop (next-square table, no log)", &Run::reference);
    row("Game::play, NullMutex (records and all)", &Run::null_mutex);
    row("Game::play, std::mutex (records and all)", &Run::std_mutex);

    // Building a game, in ns and in turns of Game::play (NullMutex) measured in the same run.
    const auto games_per_run = static_cast<double>(runs.front().games);
    const auto build_row = [&](std::string_view label, double Run::*part) {
        std::vector<double> seconds;
        std::vector<double> in_turns;
        for (const Run& r : runs) {
            seconds.push_back(r.*part);
            in_turns.push_back((r.*part / games_per_run) / (r.null_mutex / turns));
        }
        fmt::print("  {:<44} {:>8.0f} ns/game = {:>6.1f} turns\n", label,
                   best(seconds) * 1e9 / games_per_run, median(in_turns));
    };
    fmt::print("  building a game on the built classic board; turns: of Game::play, NullMutex, "
               "median of the runs' ratios\n");
    build_row("Game construction, NullMutex (all of it)", &Run::construct);
    build_row("  its arguments alone (board copy, dice, names)", &Run::arguments);
}

// Game::play against the same reference loop for 2 to 8 players (issue 35's range): the
// loop's seats in an array of 8 of which `seated` are used, so that no game allocates.
struct SeatedLoop {
    SeatedLoop(const Board<>& board, int seated) : table(board), seats(seated) {}

    std::uint64_t play(std::uint64_t seed, int& winner) const {
        Xoshiro256 engine(seed);
        std::array<Square, 8> position{};
        std::uint64_t turns = 0;
        int seat = 0;
        for (;;) {
            const auto roll = 1 + uniform_below(engine, sides);
            Square& square = position[static_cast<std::size_t>(seat)];
            square = table.next[static_cast<std::size_t>(square) * (sides + 1) + roll];
            ++turns;
            if (square == table.goal) {
                winner = seat;
                return turns;
            }
            seat = seat + 1 == seats ? 0 : seat + 1;
        }
    }

    ReferenceLoop table;
    int seats;
};

// One run for `seated` players: the seconds of the reference loop and of Game::play (NullMutex),
// the games built apart and checked to be the same games.
std::array<double, 2> run_seated(const Board<>& board, int seated, std::size_t games) {
    using Unlocked = Game<FairDice<>, GameConfig<>, NullMutex>;
    constexpr std::size_t batch = 16;
    const SeatedLoop loop(board, seated);
    std::vector<std::string> seat_names;
    for (int i = 0; i < seated; ++i) {
        seat_names.push_back(fmt::format("P{}", i + 1));
    }
    std::array<double, 2> seconds{};
    std::vector<Unlocked> unlocked;
    unlocked.reserve(batch);
    for (std::size_t first = 0; first < games; first += batch) {
        const std::size_t last = std::min(games, first + batch);
        unlocked.clear();
        for (std::size_t g = first; g < last; ++g) {
            unlocked.emplace_back(board, FairDice<>::seeded(seed_of(g)), seat_names);
        }
        std::array<int, batch> winners{};
        std::uint64_t turns = 0;
        const auto start = Clock::now();
        for (std::size_t g = first; g < last; ++g) {
            turns += loop.play(seed_of(g), winners[g - first]);
        }
        seconds[0] += seconds_since(start) - clock_cost();
        seconds[1] += time_play(unlocked);
        for (std::size_t g = first; g < last; ++g) {
            const std::size_t i = g - first;
            if (unlocked[i].ranking().front().seat != static_cast<std::size_t>(winners[i])) {
                fmt::print(stderr,
                           "{} players: the reference loop and Game::play played "
                           "different games\n",
                           seated);
                std::exit(1);
            }
            turns -= unlocked[i].turns();
        }
        if (turns != 0) {
            fmt::print(stderr,
                       "{} players: the reference loop and Game::play took different "
                       "turns\n",
                       seated);
            std::exit(1);
        }
    }
    return seconds;
}

void run_players(const Options& options) {
    const std::size_t games = options.quick ? 1'000 : 10'000;
    const Board<> board = classic();
    fmt::print("  Game::play (NullMutex, records and all) against the reference loop, 2 to 8 "
               "players, {} games each; ratio: median of {} runs' ratios\n",
               games, options.repetitions);
    for (const int seated : {2, 3, 4, 6, 8}) {
        std::vector<double> ratios;
        for (int rep = 0; rep < options.repetitions; ++rep) {
            const auto [loop, play] = run_seated(board, seated, games);
            ratios.push_back(play / loop);
        }
        fmt::print("  {} players: Game::play {:>6.2f}x the reference loop\n", seated,
                   median(ratios));
    }
}

inline const Section section{"game", "Game::play against a hand-written reference loop",
                             [](const Options& options) {
                                 run(options);
                                 run_players(options);
                             }};

} // namespace bench::game

#if __has_include("simulate_bench.hpp")
#include "simulate_bench.hpp"

namespace bench {
inline const Section simulate_section{
    "simulate", "simulate() against a hand-written loop",
    [](const Options& options) { run_simulate_benchmarks(options); }};
} // namespace bench
#endif

#if __has_include("analysis_bench.hpp")
#include "analysis_bench.hpp"

namespace bench {
inline const Section analysis_section{
    "analysis", "exact expected_turns: classic and 1,000,000-square boards",
    [](const Options& options) { run_analysis_benchmarks(options); }};
} // namespace bench
#endif

#if __has_include("growth_bench.hpp")
#include "growth_bench.hpp"

namespace bench {
inline const Section growth_section{
    "growth", "each analysis call and simulate against board size and players",
    [](const Options& options) { run_growth_benchmarks(options); }};
} // namespace bench
#endif

#if __has_include("compile_bench.hpp") && defined(SNAKELADDER_BENCH_CXX)
#include "compile_bench.hpp"

namespace bench {
inline const Section compile_section{
    "compile", "compile time of a one-game program, umbrella and minimal headers",
    [](const Options& options) { compile::run(options); }};
} // namespace bench
#endif

int main(int argc, char** argv) {
    bench::Options options;
    std::vector<std::string_view> wanted;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--quick") {
            options.quick = true;
            options.repetitions = 3;
        } else if (arg == "--list") {
            for (const bench::Section* section : bench::Section::all()) {
                fmt::print("{:<12} {}\n", section->name(), section->about());
            }
            return 0;
        } else {
            wanted.push_back(arg);
        }
    }
    for (const std::string_view name : wanted) {
        const auto& all = bench::Section::all();
        if (std::none_of(all.begin(), all.end(),
                         [name](const bench::Section* s) { return s->name() == name; })) {
            fmt::print(stderr, "no section called \"{}\" (try --list)\n", name);
            return 2;
        }
    }
#ifdef NDEBUG
    constexpr std::string_view build = "optimised build";
#else
    constexpr std::string_view build = "NOT an optimised build: figures are meaningless";
#endif
    fmt::print("snakeladder benchmark ({}, {})\n\n", bench::compiler(), build);
    for (const bench::Section* section : bench::Section::all()) {
        if (wanted.empty() ||
            std::find(wanted.begin(), wanted.end(), section->name()) != wanted.end()) {
            section->run(options);
            fmt::print("\n");
        }
    }
    return 0;
}
