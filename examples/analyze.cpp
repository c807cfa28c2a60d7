// snakeladder-analyze: how long a game on a board lasts, who wins it, and whether it is broken.
//
//     snakeladder-analyze classic
//     snakeladder-analyze my_board.txt --chains follow --simulate 100000 --seed 1
//     snakeladder-analyze classic --svg board.svg --plot lengths.svg
//     snakeladder-analyze classic --extra-turn --six-to-start --knock-back
//     snakeladder-analyze classic --dice 2d6 --format json
//
// Everything on standard output is exact (or, with --simulate, fixed by the seed), so the same
// command prints the same report everywhere; the progress line goes to standard error, and only
// when it is a terminal.
#include "command_line.hpp"
#include "progress_line.hpp"
#include "report_data.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace {

using namespace snakeladder;
using namespace snakeladder::examples;

struct AnalyzeOptions {
    std::string board;
    RuleChoice rules;
    std::uint64_t simulate = 0; // games; 0: no simulation
    std::uint64_t seed = 1;
    std::string svg;
    std::string plot;
    std::string heat;
    std::string policy;
    ChoiceFlags choices;
    std::string title;
    std::string theme = "light";
    int width = 50;
    bool progress = true;
    std::string dice_text = "d6";
    DiceSpec dice; // the dice every figure of the report is for
    std::string format = "text";
};

constexpr std::array<double, 6> quantile_levels{0.10, 0.25, 0.50, 0.75, 0.90, 0.99};
// The most of one player's games that may still be running past the length table for the seat
// table, summed over it, to stand (the table stops at 1e-15 unless cut short).
constexpr double max_undecided_for_turns = 1e-9;
// How far the visits of the squares may add up from the mean length (each turn begins on one
// square, so they sum to it), relative: both are solved to 1e-4 at worst.
constexpr double visits_tolerance = 1e-3;
constexpr int fewest_players = 2;

/// Where the report goes: with --format text, printed section by section as it is worked out;
/// with json or csv, gathered in `data` and printed whole at the end (docs/analyze-json.md).
class Report {
public:
    explicit Report(bool text) : text_(text) {}

    /// Prints to standard output in text format; nothing otherwise.
    template <class... Args>
    void print(fmt::format_string<Args...> format, Args&&... args) {
        if (text_) {
            fmt::print(format, std::forward<Args>(args)...);
        }
    }

    ReportValue data = ReportValue::object();

private:
    bool text_;
};

// The progress line goes to a terminal only: redrawn in place, it would fill a log file or a
// pipe with carriage returns.
bool stderr_is_terminal() {
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(STDERR_FILENO) != 0;
#endif
}

// Seconds since `started`, on the steady clock (the progress line's rate and time left).
double seconds_since(std::chrono::steady_clock::time_point started) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

std::string squares_list(std::span<const Square> squares) {
    constexpr std::size_t shown = 5;
    std::string list;
    for (std::size_t i = 0; i < squares.size() && i < shown; ++i) {
        list += fmt::format("{}{}", i == 0 ? "" : ", ", squares[i]);
    }
    if (squares.size() > shown) {
        list += fmt::format(" and {} more", squares.size() - shown);
    }
    return list;
}

// "14" for a quantile the table reaches; "never" when traps make it infinite, "> N" past the
// table.
std::string quantile_text(const LengthDistribution& lengths, double q) {
    try {
        return fmt::format("{}", lengths.quantile(q));
    } catch (const InvalidConfig&) {
        const bool infinite = !lengths.finishes_surely() && 1.0 - lengths.stuck_mass() < q;
        return infinite ? "never" : fmt::format(">{}", lengths.turns());
    }
}

std::string percent(double share) {
    return fmt::format("{:.2f}%", 100.0 * share);
}

// The library's message without its leading "function: ", which names a call the user never
// made: `square_statistics: a token can be trapped...` becomes `a token can be trapped...`.
std::string without_function_name(std::string_view message, std::string_view function) {
    const std::string prefix = fmt::format("{}: ", function);
    if (message.substr(0, prefix.size()) == prefix) {
        message.remove_prefix(prefix.size());
    }
    return std::string(message);
}

// A number of turns with `decimals` places; past a trillion in scientific notation
// (`1.000e+200`), where the fixed digits would fill lines and say nothing a double holds.
std::string turns_text(double turns, int decimals) {
    constexpr double widest_fixed = 1e12;
    return std::abs(turns) < widest_fixed ? fmt::format("{:.{}f}", turns, decimals)
                                          : fmt::format("{:.{}e}", turns, decimals);
}

// --- Expected turns under each overshoot rule -------------------------------------------------

// A solve of a board of millions of squares can take a minute: after the first interval it
// says how far it is, on standard error, and clears that line when done. A solve done within
// the first interval (the last call comes at the end) shows nothing. While the solver knows
// the share done (factoring, following turns) the line has a rate and the time left.
SolveOptions solve_progress(const AnalyzeOptions& options, std::string_view rule, Square squares,
                            bool& progress_shown) {
    SolveOptions solving;
    if (!options.progress) {
        return solving;
    }
    solving.progress = [&progress_shown, rule, squares, started = std::chrono::steady_clock::now(),
                        interval = solving.progress_interval](const SolveProgress& progress) {
        if (std::chrono::steady_clock::now() - started < interval) {
            return;
        }
        const double elapsed = seconds_since(started);
        const std::string label =
            fmt::format("expected turns under {}: {} solve,", rule, to_string(progress.method));
        std::string line = fmt::format("{} {} sweeps", label, progress.sweeps);
        if (!std::isnan(progress.residual)) {
            line += fmt::format(", residual {:.1e}", progress.residual);
        }
        if (!std::isnan(progress.factored)) {
            line = progress_line(label + " factoring", progress.factored, elapsed,
                                 progress.factored * squares, "squares");
        }
        if (!std::isnan(progress.followed) && progress.followed < 1.0) { // before factoring
            line = progress_line(label + " following turns", progress.followed, elapsed,
                                 progress.followed * squares, "squares");
        }
        fmt::print(stderr, "\r\033[K{}", line);
        progress_shown = true;
        std::fflush(stderr);
    };
    return solving;
}

// The expected turns under `Overshoot` as a line of text; their figures go into `data` under
// the rule's name. An answer the library cannot vouch for (or any other refusal) is that rule's
// `error` and a line that names the rule, and the report goes on with the other rules.
template <class Overshoot, class Chains, class D>
std::string expected_line(const AnalyzeOptions& options, const D& dice, ReportValue& data) {
    using Config = GameConfig<Overshoot, Chains>;
    const Board<Config> board = load_board(options.board, Config());
    bool progress_shown = false;
    ExpectedTurns turns;
    try {
        turns =
            expected_turns(board, dice, ChosenHouseRules(options.rules.house),
                           solve_progress(options, Overshoot::name, board.size(), progress_shown));
    } catch (const Error& error) {
        if (progress_shown) {
            fmt::print(stderr, "\r\033[K");
        }
        data.set(Overshoot::name, ReportValue::object().set("error", error.what()));
        return fmt::format("  {:<14} not computed: {}", Overshoot::name,
                           without_function_name(error.what(), "expected_turns"));
    }
    if (progress_shown) {
        fmt::print(stderr, "\r\033[K"); // solved: clear the progress line
    }
    data.set(Overshoot::name, ReportValue::object()
                                  .set("turns", turns.from_start)
                                  .set("finite", turns.finite())
                                  .set("traps", ReportValue::list_of(turns.traps)));
    if (turns.finite()) {
        return fmt::format("  {:<14} {}", Overshoot::name, turns_text(turns.from_start, 3));
    }
    if (!turns.traps.empty() && turns.traps.front() == 0) {
        return fmt::format("  {:<14} never: home cannot be reached from the start",
                           Overshoot::name);
    }
    return fmt::format("  {:<14} infinite: a token can be trapped on square{} {}", Overshoot::name,
                       turns.traps.size() == 1 ? "" : "s", squares_list(turns.traps));
}

// --- The length distribution as text ---------------------------------------------------------

struct HistogramRow {
    std::string label;
    double share = 0.0;
};

// The turn by which `share` of the games that end have ended: the `share` quantile on a board
// without traps, and on one with traps the same share of the tabulated games that end.
std::int64_t covering_turn(const LengthDistribution& lengths, double share) {
    const double covered = share * lengths.probability_within(lengths.turns());
    std::int64_t turn = 0;
    while (turn < lengths.turns() && lengths.probability_within(turn) < covered) {
        ++turn;
    }
    return turn;
}

// Rows of equal width (1, 2 or 5 times a power of ten turns) from the shortest game to the 99%
// quantile, at most 24 of them, then one row for everything longer.
std::vector<HistogramRow> histogram_rows(const LengthDistribution& lengths) {
    const std::span<const double> p = lengths.probabilities();
    std::int64_t shortest = 0;
    while (shortest < lengths.turns() && p[static_cast<std::size_t>(shortest)] <= 0.0) {
        ++shortest;
    }
    const std::int64_t longest = std::max(shortest, covering_turn(lengths, 0.99));
    constexpr std::int64_t max_rows = 24;
    std::int64_t step = 1;
    for (std::int64_t power = 1;; power *= 10) {
        const std::array<std::int64_t, 3> factors{1, 2, 5};
        const auto fits = std::find_if(factors.begin(), factors.end(), [&](std::int64_t f) {
            return (longest - (shortest / (f * power)) * (f * power)) / (f * power) + 1 <= max_rows;
        });
        if (fits != factors.end()) {
            step = *fits * power;
            break;
        }
    }
    std::vector<HistogramRow> rows;
    std::int64_t first = (shortest / step) * step;
    for (; first <= longest; first += step) {
        const std::int64_t last = std::min(first + step - 1, lengths.turns());
        double share = 0.0;
        for (std::int64_t t = first; t <= last; ++t) {
            share += p[static_cast<std::size_t>(t)];
        }
        rows.push_back(
            {step == 1 ? fmt::format("{}", first) : fmt::format("{}-{}", first, last), share});
    }
    if (first - 1 <= lengths.turns()) {
        const double rest = lengths.probability_longer_than(first - 1);
        if (rest > 0.0 || lengths.finishes_surely()) {
            rows.push_back(
                {fmt::format("{}+{}", first, lengths.finishes_surely() ? "" : "/never"), rest});
        }
    }
    return rows;
}

ReportValue print_histogram(Report& report, const LengthDistribution& lengths, int width) {
    const std::vector<HistogramRow> rows = histogram_rows(lengths);
    ReportValue data = ReportValue::list();
    double highest = 0.0;
    std::size_t label_width = 5;
    for (const HistogramRow& row : rows) {
        highest = std::max(highest, row.share);
        label_width = std::max(label_width, row.label.size());
    }
    report.print("  {:>{}}   share of games\n", "turns", label_width);
    for (const HistogramRow& row : rows) {
        const auto bar =
            static_cast<std::size_t>(highest > 0.0 ? std::lround(row.share / highest * width) : 0);
        report.print("  {:>{}} |{:<{}} {:>6}\n", row.label, label_width, std::string(bar, '#'),
                     width, percent(row.share));
        data.add(ReportValue::object().set("turns", row.label).set("share", row.share));
    }
    return data;
}

// --- Simulation --------------------------------------------------------------------------------

// A bar on standard error with the games a second and the time left, redrawn in place; the
// last call (done == total) ends its line.
SimulationProgress progress_bar(std::string label) {
    return [label = std::move(label),
            started = std::chrono::steady_clock::now()](std::uint64_t done, std::uint64_t total) {
        const double fraction =
            total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
        fmt::print(stderr, "\r\033[K{}",
                   progress_line(label, fraction, seconds_since(started), static_cast<double>(done),
                                 "games"));
        if (done >= total) {
            fmt::print(stderr, "\n");
        }
        std::fflush(stderr);
    };
}

// How far `simulated` lies from `exact`, in standard errors, and what that means.
std::string agreement(double exact, double simulated, double standard_error) {
    const double z = standard_error > 0.0 ? (simulated - exact) / standard_error : 0.0;
    return fmt::format("{:.2f} standard errors away: {}", std::abs(z),
                       std::abs(z) <= 3.0 ? "agrees"
                                          : "DISAGREES, which a correct analysis "
                                            "does in fewer than 3 runs in 1000");
}

// The simulation of one player's and two players' games, compared with the exact figures;
// returns the share of the one-player games that took each number of turns.
template <class Config, class D>
std::vector<double> simulate_and_report(Report& report, const BasicBoard<Config>& board,
                                        const D& dice, const AnalyzeOptions& options,
                                        const LengthDistribution& lengths,
                                        const SeatChances& two_players) {
    report.print("\nSimulation under {}{}: {} games of one player and {} of two, seed {}\n",
                 Config::overshoot_rule::name, options.rules.describe_house_rules(),
                 options.simulate, options.simulate, options.seed);
    ReportValue data = ReportValue::object()
                           .set("rule", Config::overshoot_rule::name)
                           .set("games", options.simulate)
                           .set("seed", fmt::format("{}", options.seed));
    SimulationOptions settings{.games = options.simulate, .seed = options.seed};
    if (options.progress) {
        settings.progress = progress_bar("one player ");
    }
    SimulationResult solo;
    try {
        solo = simulate(board, dice, ChosenHouseRules(options.rules.house), settings);
    } catch (const InvalidConfig& error) {
        report.print("  not run: {}\n", error.what());
        report.data.set("simulation", data.set("error", error.what()));
        return {};
    }
    const LengthStatistics& turns = solo.turns;
    report.print("  one player: mean {:.3f} (95% CI {:.3f} to {:.3f}), standard deviation {:.3f}, "
                 "shortest {}, longest {}\n",
                 turns.mean, turns.confidence_95.low, turns.confidence_95.high,
                 turns.standard_deviation, turns.min, turns.max);
    if (solo.unfinished > 0) {
        report.print("  {} games stopped at the turn cap and are left out\n", solo.unfinished);
    }
    report.print("    exact mean {:.3f}, {}\n", lengths.mean(),
                 agreement(lengths.mean(), turns.mean, turns.standard_error));
    data.set("one_player", ReportValue::object()
                               .set("mean", turns.mean)
                               .set("standard_error", turns.standard_error)
                               .set("confidence_95_low", turns.confidence_95.low)
                               .set("confidence_95_high", turns.confidence_95.high)
                               .set("standard_deviation", turns.standard_deviation)
                               .set("shortest", turns.min)
                               .set("longest", turns.max)
                               .set("unfinished", solo.unfinished)
                               .set("exact_mean", lengths.mean()));

    settings.players = 2;
    if (options.progress) {
        settings.progress = progress_bar("two players");
    }
    const SimulationResult race =
        simulate(board, dice, ChosenHouseRules(options.rules.house), settings);
    const double exact_first = two_players.win_probability[0];
    report.print("  two players: the first to play wins {:.2f}% +- {:.2f}\n",
                 100.0 * race.win_rate(0), 100.0 * race.win_rate_standard_error(0));
    report.print("    exact {:.2f}%, {}\n", 100.0 * exact_first,
                 agreement(exact_first, race.win_rate(0), race.win_rate_standard_error(0)));
    data.set("two_players", ReportValue::object()
                                .set("first_wins", race.win_rate(0))
                                .set("standard_error", race.win_rate_standard_error(0))
                                .set("exact_first_wins", exact_first));
    report.data.set("simulation", std::move(data));

    std::vector<double> frequencies(turns.histogram.size(), 0.0);
    for (std::size_t t = 0; t < turns.histogram.size(); ++t) {
        frequencies[t] =
            static_cast<double>(turns.histogram[t]) / static_cast<double>(solo.finished());
    }
    return frequencies;
}

// --- What each square and jump does ----------------------------------------------------------

// What a picture is drawn from, or why it cannot be: `why_not` is empty when `value` is there.
template <class T>
struct PictureData {
    T value;
    std::string why_not;
};

// A progress line on standard error for square_statistics and jump_effects (the share done and
// the time left), redrawn in place; `shown` is set once it has drawn (the caller clears the
// line).
EffectsOptions effects_progress(const AnalyzeOptions& options, std::string_view what, bool& shown) {
    EffectsOptions effects;
    if (options.progress) {
        effects.progress = [&shown, what,
                            started = std::chrono::steady_clock::now()](double share) {
            fmt::print(stderr, "\r\033[K{}",
                       progress_line(what, share, seconds_since(started), 0.0, ""));
            shown = true;
            std::fflush(stderr);
        };
    }
    return effects;
}

// Why `visits` cannot be trusted, or nothing: they must add up to the mean length (when that
// is known and finite).
inline std::string visits_doubt(const std::vector<double>& visits,
                                const LengthDistribution& lengths) {
    double mean = 0.0;
    try {
        mean = lengths.mean();
    } catch (const Error& error) {
        return fmt::format(
            "the mean length cannot be computed, and the visits are solved alike: {}",
            error.what());
    }
    if (!std::isfinite(mean)) {
        return {};
    }
    double sum = 0.0;
    for (const double v : visits) {
        sum += v;
    }
    if (std::abs(sum - mean) <= visits_tolerance * mean) {
        return {};
    }
    return fmt::format(
        "the answer cannot be trusted: the visits of the squares add up to {} turns, "
        "where a game lasts {} on average (a game on this board almost never ends)",
        turns_text(sum, 3), turns_text(mean, 3));
}

// The squares most turns begin on, most first (ties in square order).
inline void print_most_visited(Report& report, const SquareStatistics& squares, std::size_t shown) {
    std::vector<Square> order(squares.visits.size());
    for (std::size_t s = 0; s < order.size(); ++s) {
        order[s] = static_cast<Square>(s);
    }
    std::stable_sort(order.begin(), order.end(), [&](Square a, Square b) {
        return squares.visits[static_cast<std::size_t>(a)] >
               squares.visits[static_cast<std::size_t>(b)];
    });
    report.print(
        "  most visited squares (turns begun there in a game, chance a game ever does):\n");
    for (std::size_t i = 0; i < order.size() && i < shown; ++i) {
        const auto s = static_cast<std::size_t>(order[i]);
        report.print("    square {:>5}  {:>7} turns  {:>7}\n", order[i],
                     turns_text(squares.visits[s], 3), percent(squares.landing[s]));
    }
}

// The most visited squares and the jumps that matter most, under the rules chosen; returns the
// visits of every square, or why they are not computed (snakes too long, or traps).
template <class Config, class D>
PictureData<std::vector<double>>
print_square_effects(Report& report, const BasicBoard<Config>& board, const D& dice,
                     const AnalyzeOptions& options, const ChosenHouseRules& house,
                     const LengthDistribution& lengths) {
    constexpr std::size_t shown = 10;
    report.print("\nWhat each square and jump does under {}\n", Config::overshoot_rule::name);
    ReportValue data = ReportValue::object().set("rule", Config::overshoot_rule::name);
    SquareStatistics squares;
    bool progress_shown = false;
    const auto clear_progress = [&progress_shown] {
        if (progress_shown) {
            fmt::print(stderr, "\r\033[K");
            progress_shown = false;
        }
    };
    try {
        squares = square_statistics(board, dice, house,
                                    effects_progress(options, "square visits", progress_shown));
        clear_progress();
    } catch (const Error& error) { // a trap, or snakes too long for the elimination
        clear_progress();
        report.print("  not computed: {}\n", error.what());
        report.data.set("squares", data.set("error", error.what()));
        return {{}, without_function_name(error.what(), "square_statistics")};
    }
    // Each turn begins on one square, so the visits add up to the mean length: where they do
    // not (a game that almost never ends, beyond what the solve can vouch for), they are no
    // answer, and neither are the jumps' effects, solved the same way.
    const std::string doubt = visits_doubt(squares.visits, lengths);
    if (!doubt.empty()) {
        report.print("  not computed: {}\n", doubt);
        report.data.set("squares", data.set("error", doubt));
        return {{}, doubt};
    }
    report.data.set("squares", data.set("visits", ReportValue::list_of(squares.visits))
                                   .set("landing", ReportValue::list_of(squares.landing)));
    print_most_visited(report, squares, shown);
    std::vector<JumpEffect> jumps;
    try {
        jumps = jump_effects(board, dice, house,
                             effects_progress(options, "jump effects", progress_shown));
        clear_progress();
    } catch (...) {
        clear_progress();
        throw;
    }
    std::stable_sort(jumps.begin(), jumps.end(), [](const JumpEffect& a, const JumpEffect& b) {
        return std::abs(a.turns_added) > std::abs(b.turns_added);
    });
    if (!jumps.empty()) {
        report.print("  the jumps that matter most (turns each adds to a game; without it):\n");
    }
    ReportValue effects = ReportValue::list();
    for (std::size_t i = 0; i < jumps.size(); ++i) {
        const JumpEffect& effect = jumps[i];
        const char* const kind = effect.jump.kind() == JumpKind::ladder ? "ladder" : "snake";
        if (i < shown) {
            report.print("    {:<6} {:>5} -> {:<5} {:>9}  ({})\n", kind, effect.jump.start,
                         effect.jump.end,
                         (effect.turns_added >= 0.0 ? "+" : "") + turns_text(effect.turns_added, 3),
                         turns_text(effect.expected_turns_without, 3));
        }
        effects.add(ReportValue::object()
                        .set("kind", kind)
                        .set("start", effect.jump.start)
                        .set("end", effect.jump.end)
                        .set("turns_added", effect.turns_added)
                        .set("expected_turns_without", effect.expected_turns_without));
    }
    report.data.set("jumps", std::move(effects));
    return {std::move(squares.visits), {}};
}

// --- Best play, when players decide ----------------------------------------------------------

// Whole numbers in increasing order, three or more in a row as a range: "0..12, 38, 40, 41"
// (`to` between the ends of a range, `separator` between items).
std::string roll_ranges(const std::vector<int>& values, std::string_view to,
                        std::string_view separator = ",") {
    std::string text;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1) {
            ++j;
        }
        if (j == i + 1) { // two in a row read better as two
            j = i;
        }
        text += i == 0 ? "" : separator;
        text +=
            j == i ? fmt::format("{}", values[i]) : fmt::format("{}{}{}", values[i], to, values[j]);
        i = j + 1;
    }
    return text;
}

// The rolls that best play declines on `square`, among those the dice it picks there can roll.
template <class D>
std::vector<int> declined_rolls(const OptimalPolicy& best, const Choices<D>& choices,
                                Square square) {
    const std::span<const double> odds =
        choices.dice[best.dice[static_cast<std::size_t>(square)]].face_probabilities();
    std::vector<int> rolls;
    for (int roll = 1; roll <= best.max_roll; ++roll) {
        const bool possible = static_cast<std::size_t>(roll) < odds.size() &&
                              odds[static_cast<std::size_t>(roll)] > 0.0;
        if (possible && best.stays(square, roll)) {
            rolls.push_back(roll);
        }
    }
    return rolls;
}

// One player's best play with the choices of the command line (optimal_policy), and what it
// gains over default play; returns the note of each square for --policy, or why best play is not
// solved.
// What "two" means with --pick-dice: twice as many of the fair dice of --dice (two six-sided
// dice for the default die, four for 2d6). A loaded die has no such pair among the library's
// dice, so run() refuses --pick-dice with one.
DiceSpec doubled(const DiceSpec& dice) {
    DiceSpec two = dice;
    two.count = 2 * dice.count;
    return two;
}

// The choices of the command line with the dice of --dice: dice 0 is those dice, dice 1 (with
// --pick-dice) twice as many.
template <class D>
Choices<D> choices_for(const AnalyzeOptions& options, const D& dice) {
    Choices<D> choices{{dice}, options.choices.may_stay};
    if constexpr (std::is_same_v<D, FairDice<>>) {
        if (options.choices.pick_dice) {
            choices.dice.push_back(FairDice<>({.sides = dice.sides(), .count = 2 * dice.count()}));
        }
    }
    return choices;
}

// `one die or two before each roll, may stay after it`, or with --dice 2d6 `two six-sided dice
// or four six-sided dice before each roll, ...`.
std::string describe_choices(const AnalyzeOptions& options) {
    if (options.dice.is_default()) {
        return options.choices.describe();
    }
    std::string text = options.dice.describe();
    if (options.choices.pick_dice) {
        text += fmt::format(" or {} before each roll", doubled(options.dice).describe());
    }
    if (options.choices.may_stay) {
        text += options.choices.pick_dice ? ", may stay after it" : ", may stay after the roll";
    }
    return text;
}

// Whether a turn can begin on each square of `board`: a token rests there after some move, or it
// is the start. A jump's start is left out (a token that lands there jumps straight off), unless
// a jump ends on it under a chain rule that follows one jump only; home is left out too (the game
// is over). Best play's advice matters only where a turn begins.
template <class Config>
std::vector<bool> turn_squares(const BasicBoard<Config>& board) {
    std::vector<bool> begins(static_cast<std::size_t>(board.size()), false);
    begins[0] = true;
    for (Square landed = 1; landed < board.size(); ++landed) {
        const Square rest = board.resolve(landed);
        if (rest < board.size()) {
            begins[static_cast<std::size_t>(rest)] = true;
        }
    }
    return begins;
}

// The best play's figures in the report's data, square by square; returns on how many squares
// a turn begins.
template <class Config, class D>
std::size_t set_best_play_data(Report& report, ReportValue data, const BasicBoard<Config>& board,
                               const Choices<D>& choices, const OptimalPolicy& best,
                               const std::vector<bool>& begins) {
    ReportValue values = ReportValue::list();
    ReportValue dice_used = ReportValue::list();
    ReportValue declined = ReportValue::list();
    std::size_t turn_square_count = 0;
    for (Square square = 0; square < board.size(); ++square) {
        const auto at = static_cast<std::size_t>(square);
        if (!begins[at]) {
            values.add(ReportValue());
            dice_used.add(ReportValue());
            continue;
        }
        ++turn_square_count;
        values.add(ReportValue(best.expected_turns[at]));
        dice_used.add(ReportValue(best.dice[at]));
        if (std::isfinite(best.expected_turns[at])) {
            const std::vector<int> rolls = declined_rolls(best, choices, square);
            if (!rolls.empty()) {
                declined.add(ReportValue::object()
                                 .set("square", square)
                                 .set("rolls", ReportValue::list_of(rolls)));
            }
        }
    }
    report.data.set("best_play", data.set("expected_turns", best.turns())
                                     .set("default_turns", best.default_turns)
                                     .set("gain", best.gain())
                                     .set("turn_squares", turn_square_count)
                                     .set("values", std::move(values))
                                     .set("dice", std::move(dice_used))
                                     .set("declined", std::move(declined))
                                     .set("iterations", best.iterations)
                                     .set("residual", best.residual));
    return turn_square_count;
}

template <class Config, class D>
PictureData<std::vector<std::string>>
print_best_play(Report& report, const BasicBoard<Config>& board, const D& dice,
                const AnalyzeOptions& options, const ChosenHouseRules& house) {
    report.print("\nBest play for one player under {}, with {}\n", Config::overshoot_rule::name,
                 describe_choices(options));
    ReportValue data = ReportValue::object()
                           .set("rule", Config::overshoot_rule::name)
                           .set("choices", describe_choices(options));
    if (house.switches() != HouseRuleSwitches{}) {
        report.print("  not solved: best play is solved for the standard game (no house rules)\n");
        const std::string why_not = "best play is solved for the standard game (no house rules)";
        report.data.set("best_play", data.set("error", why_not));
        return {{}, why_not};
    }
    const Choices<D> choices = choices_for(options, dice);
    OptimalPolicy best;
    try {
        best = optimal_policy(board, choices);
    } catch (const Error& error) {
        report.print("  not solved: {}\n", error.what());
        report.data.set("best_play", data.set("error", error.what()));
        return {{}, without_function_name(error.what(), "optimal_policy")};
    }
    report.print("  expected turns {:.4f} with best play, {} with {} and always moving "
                 "(a gain of {})\n",
                 best.turns(),
                 std::isfinite(best.default_turns) ? fmt::format("{:.4f}", best.default_turns)
                                                   : std::string("infinite"),
                 options.dice.is_default() ? std::string("one die") : options.dice.describe(),
                 std::isfinite(best.gain()) ? fmt::format("{:.4f}", best.gain())
                                            : std::string("every game that would never end"));
    // The squares where no turn begins keep their index in `values` and `dice`, as null: a
    // reader indexes them by square.
    const std::vector<bool> begins = turn_squares(board);
    const std::size_t turn_square_count =
        set_best_play_data(report, std::move(data), board, choices, best, begins);
    std::vector<std::string> notes(static_cast<std::size_t>(board.size()));
    std::vector<Square> two_dice;
    std::vector<Square> staying;
    for (Square square = 0; square < board.size(); ++square) {
        const auto at = static_cast<std::size_t>(square);
        if (!begins[at] || !std::isfinite(best.expected_turns[at])) {
            continue; // no turn begins here, or no play gets home from here: no decision to show
        }
        // The note on the policy map: `2d` for two dice, `s:9-12` for the rolls to stay after.
        std::string& note = notes[at];
        if (best.dice[at] == 1) {
            two_dice.push_back(square);
            note = "2d";
        }
        const std::vector<int> stays = declined_rolls(best, choices, square);
        if (!stays.empty()) {
            staying.push_back(square);
            note += fmt::format("{}s:{}", note.empty() ? "" : " ", roll_ranges(stays, "-"));
        }
    }
    if (options.choices.pick_dice) {
        report.print("  {} on {} of the {} squares where a turn begins: {}\n",
                     options.dice.is_default() ? "two dice" : doubled(options.dice).describe(),
                     two_dice.size(), turn_square_count,
                     two_dice.empty() ? "none" : roll_ranges(two_dice, "..", ", "));
    }
    if (options.choices.may_stay) {
        report.print("  a roll is declined on {} square{}{}\n", staying.size(),
                     staying.size() == 1 ? "" : "s", staying.empty() ? "" : ":");
        constexpr std::size_t shown = 12;
        for (std::size_t i = 0; i < staying.size() && i < shown; ++i) {
            report.print("    on {}, stay after {}\n", staying[i],
                         roll_ranges(declined_rolls(best, choices, staying[i]), " to ", ", "));
        }
        if (staying.size() > shown) {
            report.print("    and {} more squares (see --policy)\n", staying.size() - shown);
        }
    }
    report.print("  policy iteration: {} round{}; the optimality equations hold {}\n",
                 best.iterations, best.iterations == 1 ? "" : "s",
                 best.residual < 1e-9 ? std::string("to within 1e-9 turns")
                                      : fmt::format("to {:.1e} turns", best.residual));
    return {std::move(notes), {}};
}

// --- The report --------------------------------------------------------------------------------

// The board, the dice and the rules, as the report's data begins.
template <class Config, class D>
void describe_setup(Report& report, const BasicBoard<Config>& board, const D& dice,
                    const AnalyzeOptions& options, std::size_t ladders, std::size_t snakes) {
    ReportValue jumps = ReportValue::list();
    for (const Jump& jump : board.jumps()) {
        jumps.add(ReportValue::object()
                      .set("kind", jump.kind() == JumpKind::ladder ? "ladder" : "snake")
                      .set("start", jump.start)
                      .set("end", jump.end));
    }
    ReportValue& data = report.data;
    data.set("schema", "snakeladder-analyze/1");
    data.set("version", version_string);
    data.set("board", ReportValue::object()
                          .set("source", options.board)
                          .set("name", board_name(options.board))
                          .set("squares", board.size())
                          .set("ladders", ladders)
                          .set("snakes", snakes)
                          .set("jumps", std::move(jumps)));
    ReportValue odds = ReportValue::list();
    const std::span<const double> p = dice.face_probabilities();
    for (const int roll : possible_rolls(dice)) {
        odds.add(ReportValue::object()
                     .set("roll", roll)
                     .set("probability", p[static_cast<std::size_t>(roll)]));
    }
    data.set("dice",
             ReportValue::object()
                 .set("spec", options.dice_text)
                 .set("kind", options.dice.loaded ? "loaded" : "fair")
                 .set("count", options.dice.count)
                 .set("sides", options.dice.sides)
                 .set("weights", options.dice.loaded ? ReportValue::list_of(options.dice.weights)
                                                     : ReportValue())
                 .set("description", options.dice.describe())
                 .set("min_roll", dice.min_roll())
                 .set("max_roll", dice.max_roll())
                 .set("rolls", std::move(odds)));
    const HouseRuleSwitches& house = options.rules.house;
    data.set("rules",
             ReportValue::object()
                 .set("overshoot", Config::overshoot_rule::name)
                 .set("chains", Config::chain_rule::name)
                 .set("extra_turn", house.forfeit_streak != 0)
                 .set("extra_turn_forfeit",
                      house.forfeit_streak != 0 ? ReportValue(house.forfeit_streak) : ReportValue())
                 .set("six_to_start", house.max_roll_to_start)
                 .set("knock_back", house.knock_back)
                 .set("pick_dice", options.choices.pick_dice)
                 .set("may_stay", options.choices.may_stay));
}

// The expected turns under each overshoot rule, with the board's chain rule.
template <class Chains, class D>
void print_expected_turns(Report& report, const AnalyzeOptions& options, const D& dice) {
    report.print("\nExpected turns for one player to get home\n");
    ReportValue expected = ReportValue::object();
    report.print("{}\n", expected_line<ExactFinish, Chains>(options, dice, expected));
    report.print("{}\n", expected_line<BounceBack, Chains>(options, dice, expected));
    report.print("{}\n", expected_line<OvershootWins, Chains>(options, dice, expected));
    report.data.set("expected_turns", std::move(expected));
}

// One player's game: mean and deviation, the shortest and likeliest lengths, quantiles and the
// histogram.
template <class Overshoot>
void print_length(Report& report, const LengthDistribution& lengths,
                  const AnalyzeOptions& options) {
    report.print("\nLength of a one-player game under {}\n", Overshoot::name);
    const std::span<const double> p = lengths.probabilities();
    const auto shortest = std::find_if(p.begin(), p.end(), [](double x) { return x > 0.0; });
    ReportValue length = ReportValue::object()
                             .set("rule", Overshoot::name)
                             .set("finishes_surely", lengths.finishes_surely())
                             .set("ends_probability", 1.0 - lengths.stuck_mass());
    if (shortest == p.end()) {
        report.print("  no game ever ends: home cannot be reached from the start\n");
    } else {
        if (!lengths.finishes_surely()) {
            report.print(
                "  a game ends with probability {}; the others are trapped and never end\n",
                percent(1.0 - lengths.stuck_mass()));
        } else {
            try {
                const double deviation = lengths.standard_deviation();
                report.print("  mean {}, standard deviation {}\n", turns_text(lengths.mean(), 3),
                             std::isfinite(deviation) ? turns_text(deviation, 3)
                                                      : "beyond double precision");
                length.set("mean", lengths.mean())
                    .set("standard_deviation", lengths.standard_deviation());
            } catch (const Error& error) {
                report.print("  no mean: {}\n", error.what());
            }
        }
        report.print("  shortest {} turn{} (probability {:.7f}), most likely {}\n",
                     shortest - p.begin(), shortest - p.begin() == 1 ? "" : "s", *shortest,
                     lengths.mode());
        length.set("shortest", static_cast<std::int64_t>(shortest - p.begin()))
            .set("shortest_probability", *shortest)
            .set("most_likely", lengths.mode());
        std::string levels = "  quantile";
        std::string values = "  turns   ";
        ReportValue quantiles = ReportValue::list();
        for (const double q : quantile_levels) {
            const std::string value = quantile_text(lengths, q);
            const std::string level = fmt::format("{:.0f}%", 100 * q);
            const std::size_t column = std::max<std::size_t>(5, value.size() + 1);
            levels += fmt::format("{:>{}}", level, column);
            values += fmt::format("{:>{}}", value, column);
            ReportValue turns; // null: never, or past the table (see "text")
            try {
                turns = lengths.quantile(q);
            } catch (const InvalidConfig&) {
            }
            quantiles.add(
                ReportValue::object().set("level", q).set("turns", turns).set("text", value));
        }
        report.print("{}\n{}\n\n", levels, values);
        length.set("quantiles", std::move(quantiles))
            .set("histogram", print_histogram(report, lengths, options.width));
    }
    length.set("probabilities", ReportValue::list_of(p))
        .set("longer_than_table", lengths.probability_longer_than(lengths.turns()));
    report.data.set("length", std::move(length));
}

// Each seat's chance to win for every seat count the game allows; returns two players' chances,
// for the simulation to be checked against.
template <class Config, class D>
SeatChances print_seat_chances(Report& report, const BasicBoard<Config>& board, const D& dice,
                               const ChosenHouseRules& house, const LengthDistribution& lengths) {
    using Overshoot = typename Config::overshoot_rule;
    // Every seat count the game allows, from 2 (one player races no one) to its most players.
    const int fewest = std::max(fewest_players, board.config().min_players());
    const int most = board.config().max_players();
    report.print("\nChance to win by seat under {} (seat 1 plays first; turns of all players)\n",
                 Overshoot::name);
    std::string header = "  players";
    for (int seat = 1; seat <= most; ++seat) {
        header += fmt::format("{:>9}", fmt::format("seat {}", seat));
    }
    report.print("{}{:>11}\n", header, "turns"); // room for 100,000-square boards' 195214.79
    SeatChances two_players;
    ReportValue seat_rows = ReportValue::list();
    // The chances and turns sum over the tabulated turns: when one player's games are still
    // running past the table (a game that almost never ends), those sums are no answer.
    const double running = lengths.tail_mass() - lengths.stuck_mass();
    const std::string cut_short =
        running <= max_undecided_for_turns
            ? std::string()
            : fmt::format("not known: the length table ends at turn {} with {} of the games still "
                          "running",
                          lengths.turns(), percent(running));
    for (int players = fewest; players <= most; ++players) {
        if (!cut_short.empty()) {
            report.print("  {:>7}  {}\n", players, cut_short);
            seat_rows.add(ReportValue::object().set("players", players).set("error", cut_short));
            continue;
        }
        // Knock-back couples the tokens: their chances come from the joint chain of all of
        // them, which grows with the players and is refused past its limit.
        SeatChances seats;
        try {
            seats = house.knock_back() ? seat_chances(board, dice, players, house)
                                       : seat_chances(lengths, players);
        } catch (const Error& error) {
            // The joint chain's limit is the expected refusal: a short line says it.
            const bool limit = dynamic_cast<const AnalysisLimitExceeded*>(&error) != nullptr;
            report.print("  {:>7}  {}\n", players,
                         limit ? "too many positions to follow exactly, as knock-back couples the "
                                 "tokens"
                               : error.what());
            seat_rows.add(ReportValue::object().set("players", players).set("error", error.what()));
            continue;
        }
        if (players == 2) {
            two_players = seats;
        }
        std::string row = fmt::format("  {:>7}", players);
        for (int seat = 0; seat < most; ++seat) {
            row += seat < players
                       ? fmt::format("{:>9}",
                                     percent(seats.win_probability[static_cast<std::size_t>(seat)]))
                       : std::string(9, ' ');
        }
        row += std::isfinite(seats.expected_turns)
                   ? fmt::format("{:>11}", turns_text(seats.expected_turns, 2))
                   : fmt::format("{:>11}", "infinite");
        report.print("{}\n", row);
        seat_rows.add(ReportValue::object()
                          .set("players", players)
                          .set("win", ReportValue::list_of(seats.win_probability))
                          .set("expected_turns", seats.expected_turns)
                          .set("undecided", seats.undecided));
    }
    report.data.set(
        "seats",
        ReportValue::object().set("rule", Overshoot::name).set("rows", std::move(seat_rows)));
    return two_players;
}

// The fewest rolls home when a player may choose each roll, and the path they take.
template <class Config, class D>
void print_fewest_rolls(Report& report, const BasicBoard<Config>& board, const D& dice,
                        const ChosenHouseRules& house) {
    using Overshoot = typename Config::overshoot_rule;
    // The fewest rolls choose among the rolls the dice can make: 1 to 6 for one die, 2 to 12
    // for two.
    const std::vector<int> can_roll = possible_rolls(dice);
    const std::vector<std::int64_t> rolls(can_roll.begin(), can_roll.end());
    const bool from_to = rolls.size() > 1 && rolls.back() - rolls.front() + 1 ==
                                                 static_cast<std::int64_t>(rolls.size());
    report.print(
        "\nFewest rolls home under {}, choosing each roll {}{}: ", Overshoot::name,
        from_to ? fmt::format("from {} to {}", rolls.front(), rolls.back())
                : fmt::format("among {}", fmt::join(rolls, ", ")),
        house.switches() == HouseRuleSwitches{} ? "" : " (the board's rules alone, no house rule)");
    ReportValue fewest_rolls =
        ReportValue::object()
            .set("rule", Overshoot::name)
            .set("rolls_allowed", ReportValue::list_of(rolls))
            .set("house_rules_ignored", house.switches() != HouseRuleSwitches{});
    if (const std::optional<ShortestPath> path =
            min_rolls(board, std::span<const std::int64_t>(rolls))) {
        report.print("{}\n", path->roll_count());
        fewest_rolls.set("count", path->roll_count())
            .set("rolls", ReportValue::list_of(path->rolls))
            .set("squares", ReportValue::list_of(path->squares));
        // A long path is shown by its first and last rolls.
        constexpr std::size_t shown = 12;
        const std::size_t count = path->rolls.size();
        const bool cut = count > 2 * shown + 1;
        std::string shown_rolls;
        std::string shown_squares = fmt::format("{}", path->squares.front());
        for (std::size_t i = 0; i < count; ++i) {
            if (cut && i == shown) {
                shown_rolls += fmt::format(", ... ({} more)", count - 2 * shown);
                shown_squares += " -> ...";
                i = count - shown - 1;
                continue;
            }
            shown_rolls += fmt::format("{}{}", i == 0 ? "" : ", ", path->rolls[i]);
            shown_squares += fmt::format(" -> {}", path->squares[i + 1]);
        }
        report.print("  rolls    {}\n  squares  {}\n", shown_rolls, shown_squares);
    } else {
        report.print("none, home cannot be reached\n");
        fewest_rolls.set("count", ReportValue());
    }
    report.data.set("fewest_rolls", std::move(fewest_rolls));
}

// The report as JSON or CSV, printed whole (the text was printed as it went).
inline void print_report_data(Report& report, const AnalyzeOptions& options) {
    if (options.format == "json") {
        fmt::print("{}\n", report.data.json());
    } else if (options.format == "csv") {
        std::string rows = "path,value\r\n";
        report.data.csv_rows("", rows);
        fmt::print("{}", rows);
    }
    check_standard_output("the report"); // the report is done: a failed write stops here
}

// The pictures asked for: the board, the heat map, the policy map and the length plot.
template <class Config>
void write_pictures(const AnalyzeOptions& options, const BasicBoard<Config>& board,
                    const LengthDistribution& lengths, PictureData<std::vector<double>> visits,
                    PictureData<std::vector<std::string>> notes, std::vector<double> simulated) {
    using Overshoot = typename Config::overshoot_rule;
    const std::string title = options.title.empty() ? board_name(options.board) : options.title;
    const SvgTheme theme = SvgTheme::named(options.theme);
    if (!options.svg.empty()) {
        write_file(options.svg, render_svg(board, {.title = title, .theme = theme}),
                   "the board picture");
    }
    // A picture the analysis cannot give (the visits are infinite on a board with a trap) is
    // left out with one line saying why; the report and the other pictures are still written,
    // and the exit status stays 0.
    const auto skip = [](std::string_view picture, const std::string& why_not) {
        fmt::print(stderr, "snakeladder-analyze: no {}: {}\n", picture, why_not);
    };
    if (!options.heat.empty() && !visits.why_not.empty()) {
        skip("heat map", visits.why_not);
    } else if (!options.heat.empty()) {
        write_file(options.heat,
                   render_svg(board, {.title = title + ": turns begun on each square",
                                      .heat = std::move(visits.value),
                                      .theme = theme}),
                   "the heat map");
    }
    if (!options.policy.empty() && !notes.why_not.empty()) {
        skip("policy map", notes.why_not);
    } else if (!options.policy.empty()) {
        const std::string key = "2d: roll two dice there; s:9-12: stay after a 9 to a 12";
        write_file(options.policy,
                   render_svg(board, {.title = title + ": best play",
                                      .notes = std::move(notes.value),
                                      .theme = theme,
                                      .notes_legend = key}),
                   "the policy map (" + key + ")");
    }
    if (!options.plot.empty()) {
        LengthPlot plot;
        plot.title = fmt::format("{}: length of a one-player game ({})", title, Overshoot::name);
        plot.probabilities = lengths.probabilities();
        plot.last_turn = covering_turn(lengths, 0.999);
        if (lengths.finishes_surely()) {
            plot.median = lengths.median();
            try {
                plot.mean = lengths.mean();
            } catch (const Error&) {
                // A mean too large to compute: the chart goes without it.
            }
        }
        plot.beyond = lengths.probability_longer_than(plot.last_turn);
        plot.some_never_end = !lengths.finishes_surely();
        plot.simulated = std::move(simulated);
        plot.theme = theme;
        write_file(options.plot, render_length_plot(plot), "the length plot");
    }
}

template <class Config, class D>
int analyze(const AnalyzeOptions& options, const D& dice) {
    using Chains = typename Config::chain_rule;
    using Overshoot = typename Config::overshoot_rule;
    const Board<Config> board = load_board(options.board, Config());
    std::size_t ladders = 0;
    for (const Jump& jump : board.jumps()) {
        ladders += jump.kind() == JumpKind::ladder ? 1U : 0U;
    }
    const std::size_t snakes = board.jumps().size() - ladders;
    const ChosenHouseRules house(options.rules.house);
    Report report(options.format == "text");
    report.print("snakeladder-analyze: {}, {} square{}, {} ladder{} and {} snake{}, {}, {}{}\n",
                 printable(board_name(options.board)), board.size(), board.size() == 1 ? "" : "s",
                 ladders, ladders == 1 ? "" : "s", snakes, snakes == 1 ? "" : "s",
                 options.dice.describe(), Chains::name, options.rules.describe_house_rules());
    describe_setup(report, board, dice, options, ladders, snakes);

    print_expected_turns<Chains>(report, options, dice);

    DistributionOptions tabulation;
    bool tabulating_shown = false;
    if (options.progress) {
        // A long board tabulates for seconds: say how far it is, on standard error. A table
        // done within the first interval (the last call comes at the end) shows nothing.
        const auto started = std::chrono::steady_clock::now();
        tabulation.progress = [&tabulating_shown, started, interval = tabulation.progress_interval](
                                  std::int64_t turns, double running) {
            if (std::chrono::steady_clock::now() - started < interval) {
                return;
            }
            fmt::print(stderr, "\rlength distribution: turn {}, still running {:.2e}", turns,
                       running);
            tabulating_shown = true;
            std::fflush(stderr);
        };
    }
    const LengthDistribution lengths = length_distribution(board, dice, house, tabulation);
    if (tabulating_shown) {
        fmt::print(stderr, "\r\033[K"); // the table is done: clear the progress line
    }
    print_length<Overshoot>(report, lengths, options);

    const SeatChances two_players = print_seat_chances(report, board, dice, house, lengths);
    print_fewest_rolls(report, board, dice, house);

    const std::string traps = describe_traps(board, dice, house);
    report.print("\nTraps under {}: {}\n", Overshoot::name, traps);
    report.data.set("traps",
                    ReportValue::object().set("rule", Overshoot::name).set("description", traps));

    PictureData<std::vector<double>> visits =
        print_square_effects(report, board, dice, options, house, lengths);
    PictureData<std::vector<std::string>> notes{{}, "best play is not asked for"};
    report.data.set("best_play", ReportValue());
    if (options.choices.any()) {
        notes = print_best_play(report, board, dice, options, house);
    }

    std::vector<double> simulated;
    report.data.set("simulation", ReportValue());
    if (options.simulate > 0) {
        simulated = simulate_and_report(report, board, dice, options, lengths, two_players);
    }
    print_report_data(report, options);
    write_pictures(options, board, lengths, std::move(visits), std::move(notes),
                   std::move(simulated));
    return 0;
}

// The report's flags (--format, --width, --no-progress) and the simulation's.
void add_report_options(CLI::App& app, AnalyzeOptions& options, bool& quiet) {
    const std::string report = "Report";
    app.add_option("--format", options.format,
                   "text (the default), json: one JSON object (docs/analyze-json.md), or csv: "
                   "rows of path,value")
        ->check(CLI::IsMember({"text", "json", "csv"}))
        ->group(report)
        ->option_text("FORMAT");
    app.add_option("--width", options.width,
                   "Width of the longest histogram bar (10 to 200, default 50)")
        ->check(whole_number(10, 200))
        ->group(report)
        ->option_text("COLUMNS");
    app.add_flag("--no-progress", quiet,
                 "No progress on standard error while solving, tabulating or simulating (there is "
                 "none when standard error is not a terminal)")
        ->group(report);
    const std::string simulation = "Simulation";
    app.add_option("--simulate", options.simulate,
                   "Also simulate N games (1 to 10^10) of one and of two players, and compare")
        ->check(whole_number<std::uint64_t>(1, 10'000'000'000))
        ->group(simulation)
        ->option_text("N");
    app.add_option("--seed", options.seed, "Seed of the simulation (default 1)")
        ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()))
        ->group(simulation)
        ->option_text("S");
}

// The pictures' flags: which to write, their title and their theme.
void add_picture_options(CLI::App& app, AnalyzeOptions& options) {
    const std::string pictures = "Pictures (SVG)";
    app.add_option("--svg", options.svg, "Write a picture of the board")
        ->group(pictures)
        ->option_text("FILE");
    app.add_option("--plot", options.plot, "Write a chart of the game length")
        ->group(pictures)
        ->option_text("FILE");
    app.add_option("--heat", options.heat,
                   "Write a heat map of the board: turns begun on each square")
        ->group(pictures)
        ->option_text("FILE");
    app.add_option("--policy", options.policy,
                   "With --pick-dice or --may-stay: write the best play on the board: two dice, "
                   "and the rolls to stay after, on each square")
        ->group(pictures)
        ->option_text("FILE");
    app.add_option("--title", options.title, "Title of the pictures (default: the board's name)")
        ->group(pictures)
        ->option_text("TEXT");
    app.add_option("--theme", options.theme,
                   "Colours of the pictures: light (the default), dark (for a projector) or print "
                   "(black on white)")
        ->check(CLI::IsMember({"light", "dark", "print"}))
        ->group(pictures)
        ->option_text("THEME");
}

// What the flags ask that cannot be done together, in the words of a usage error; nothing when
// they can.
std::optional<std::string> usage_problem(const AnalyzeOptions& options) {
    if (options.choices.pick_dice && options.dice.loaded) {
        return std::string("--pick-dice chooses between one and two of the fair dice "
                           "of --dice; it does not take a loaded die");
    }
    if (options.choices.pick_dice &&
        (doubled(options.dice).count > DiceSpec::max_count ||
         doubled(options.dice).count * options.dice.sides > DiceSpec::max_roll)) {
        return fmt::format("--pick-dice with --dice {}: two of them, {}d{}, are more than the "
                           "{} dice or the highest roll of {} that --dice takes",
                           options.dice_text, doubled(options.dice).count, options.dice.sides,
                           DiceSpec::max_count, DiceSpec::max_roll);
    }
    if (!options.policy.empty() && !options.choices.any()) {
        return std::string("--policy draws the best play of a game where players "
                           "decide: add --pick-dice, --may-stay or both");
    }
    if (!options.policy.empty() && options.rules.house != HouseRuleSwitches{}) {
        return std::string("--policy draws the best play of the standard game, which "
                           "is not solved under house rules: drop --extra-turn, "
                           "--six-to-start and --knock-back");
    }
    return std::nullopt;
}

int run(int argc, char** argv) {
    CLI::App app("Exact analysis of a snakes-and-ladders board with any dice (one six-sided die\n"
                 "by default): expected length under each overshoot rule, length distribution,\n"
                 "each seat's chance, fewest rolls home and traps; optionally checked against a\n"
                 "simulation. As text, JSON or CSV.",
                 "snakeladder-analyze");
    AnalyzeOptions options;
    app.add_option("BOARD", options.board,
                   "`classic` or a board file (lines: size N, ladder A-B, "
                   "snake A-B)")
        ->required()
        ->type_name("");
    add_rule_flags(app, options.rules, false);
    app.formatter(std::make_shared<HelpFormatter>());
    app.add_option("--dice", options.dice_text,
                   "NdS: N fair dice of S sides rolled together (d6, the default; 2d6; 1d20); "
                   "or loaded:W1,W2,...: one die whose face f has weight Wf (loaded:1,1,1,1,1,5)")
        ->check(dice_spec_check())
        ->group(board_and_rules_group)
        ->option_text("DICE");
    add_choice_flags(app, options.choices);
    bool quiet = false;
    add_report_options(app, options, quiet);
    add_picture_options(app, options);
    app.footer("--overshoot chooses the rule of the detailed sections; the expected turns are\n"
               "given under all three. Every figure is for the dice of --dice, and the house\n"
               "rules apply to every figure but the fewest rolls (the top roll is the dice's\n"
               "highest). --pick-dice and --may-stay add one player's best play when players\n"
               "decide (the standard game only); with --pick-dice, \"two\" is twice the fair\n"
               "dice of --dice (2d6: four six-sided dice). Exit status: 0 after the report (a\n"
               "picture the analysis cannot give, such as the heat map of a board with a trap,\n"
               "is left out with a line on standard error), 2 for a bad flag or board file, 1\n"
               "when the report or a picture cannot be written.\n"
               "\n"
               "Examples:\n"
               "  snakeladder-analyze classic\n"
               "  snakeladder-analyze classic --dice 2d6 --format json\n"
               "  snakeladder-analyze classic --svg board.svg --heat heat.svg --theme print\n"
               "  snakeladder-analyze my_board.txt --chains follow --simulate 1000000");

    if (const std::optional<int> status = parse_command_line(app, argc, argv)) {
        return *status;
    }
    options.progress = !quiet && stderr_is_terminal();
    std::string dice_error;
    options.dice = parse_dice_spec(options.dice_text, dice_error); // checked by dice_spec_check
    if (const std::optional<std::string> problem = usage_problem(options)) {
        return report_usage_error(app, *problem);
    }
    try {
        return with_rules(options.rules, [&](auto config) {
            return options.dice.visit([&](const auto& dice) {
                return analyze<typename decltype(config)::type>(options, dice);
            });
        });
    } catch (const UsageError& error) {
        return report_usage_error(app, error.what());
    } catch (const std::exception& error) {
        fmt::print(stderr, "snakeladder-analyze: {}\n", error.what());
        return 1;
    }
}

} // namespace

int main(int argc, char** argv) {
    return run_main(run, argc, argv, "snakeladder-analyze");
}
