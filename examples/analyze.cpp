// snakeladder-analyze: how long a game on a board lasts, who wins it, and whether it is broken.
//
//     snakeladder-analyze classic
//     snakeladder-analyze my_board.txt --chains follow --simulate 100000 --seed 1
//     snakeladder-analyze classic --svg board.svg --plot lengths.svg
//     snakeladder-analyze classic --extra-turn --six-to-start --knock-back
//
// Everything on standard output is exact (or, with --simulate, fixed by the seed), so the same
// command prints the same report everywhere; the progress bar goes to standard error.
#include "command_line.hpp"
#include "length_plot.hpp"

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
};

/// One six-sided die: the die every figure of the report is for.
const FairDice<> die;
constexpr int die_faces = 6;
constexpr std::array<double, 6> quantile_levels{0.10, 0.25, 0.50, 0.75, 0.90, 0.99};
constexpr int fewest_players = 2;
constexpr int most_players = 6;

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

// --- Expected turns under each overshoot rule -------------------------------------------------

// A solve of a board of millions of squares can take a minute: after the first interval it
// says how far it is, on standard error, and clears that line when done. A solve done within
// the first interval (the last call comes at the end) shows nothing.
SolveOptions solve_progress(const AnalyzeOptions& options, std::string_view rule,
                            bool& progress_shown) {
    SolveOptions solving;
    if (!options.progress) {
        return solving;
    }
    solving.progress = [&progress_shown, rule, started = std::chrono::steady_clock::now(),
                        interval = solving.progress_interval](const SolveProgress& progress) {
        if (std::chrono::steady_clock::now() - started < interval) {
            return;
        }
        std::string where = fmt::format("{} sweeps", progress.sweeps);
        if (!std::isnan(progress.residual)) {
            where += fmt::format(", residual {:.1e}", progress.residual);
        }
        if (!std::isnan(progress.factored)) {
            where = fmt::format("{:.0f}% factored", 100.0 * progress.factored);
        }
        if (!std::isnan(progress.followed) && progress.followed < 1.0) { // before factoring
            where = fmt::format("turns from {:.0f}% of the squares followed",
                                100.0 * progress.followed);
        }
        fmt::print(stderr, "\r\033[Kexpected turns under {}: {} solve, {}", rule,
                   to_string(progress.method), where);
        progress_shown = true;
        std::fflush(stderr);
    };
    return solving;
}

template <class Overshoot, class Chains>
std::string expected_line(const AnalyzeOptions& options) {
    using Config = GameConfig<Overshoot, Chains>;
    const Board<Config> board = load_board(options.board, Config());
    bool progress_shown = false;
    const ExpectedTurns turns =
        expected_turns(board, die, ChosenHouseRules(options.rules.house),
                       solve_progress(options, Overshoot::name, progress_shown));
    if (progress_shown) {
        fmt::print(stderr, "\r\033[K"); // solved: clear the progress line
    }
    if (turns.finite()) {
        return fmt::format("  {:<14} {:.3f}", Overshoot::name, turns.from_start);
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

void print_histogram(const LengthDistribution& lengths, int width) {
    const std::vector<HistogramRow> rows = histogram_rows(lengths);
    double highest = 0.0;
    std::size_t label_width = 5;
    for (const HistogramRow& row : rows) {
        highest = std::max(highest, row.share);
        label_width = std::max(label_width, row.label.size());
    }
    fmt::print("  {:>{}}   share of games\n", "turns", label_width);
    for (const HistogramRow& row : rows) {
        const auto bar =
            static_cast<std::size_t>(highest > 0.0 ? std::lround(row.share / highest * width) : 0);
        fmt::print("  {:>{}} |{:<{}} {:>6}\n", row.label, label_width, std::string(bar, '#'), width,
                   percent(row.share));
    }
}

// --- Simulation --------------------------------------------------------------------------------

// A bar on standard error, redrawn in place; the last call (done == total) ends its line.
SimulationProgress progress_bar(std::string label) {
    return [label = std::move(label)](std::uint64_t done, std::uint64_t total) {
        constexpr std::uint64_t bar_width = 30;
        const std::uint64_t filled = total == 0 ? bar_width : done * bar_width / total;
        fmt::print(stderr, "\r{} [{:<30}] {:3}%", label, std::string(filled, '#'),
                   total == 0 ? 100 : done * 100 / total);
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

template <class Config>
std::vector<double>
simulate_and_report(const BasicBoard<Config>& board, const AnalyzeOptions& options,
                    const LengthDistribution& lengths, const SeatChances& two_players) {
    fmt::print("\nSimulation under {}{}: {} games of one player and {} of two, seed {}\n",
               Config::overshoot_rule::name, options.rules.describe_house_rules(), options.simulate,
               options.simulate, options.seed);
    SimulationOptions settings{.games = options.simulate, .seed = options.seed};
    if (options.progress) {
        settings.progress = progress_bar("one player ");
    }
    SimulationResult solo;
    try {
        solo = simulate(board, die, settings, ChosenHouseRules(options.rules.house));
    } catch (const InvalidConfig& error) {
        fmt::print("  not run: {}\n", error.what());
        return {};
    }
    const LengthStatistics& turns = solo.turns;
    fmt::print("  one player: mean {:.3f} (95% CI {:.3f} to {:.3f}), standard deviation {:.3f}, "
               "shortest {}, longest {}\n",
               turns.mean, turns.confidence_95.low, turns.confidence_95.high,
               turns.standard_deviation, turns.min, turns.max);
    if (solo.unfinished > 0) {
        fmt::print("  {} games stopped at the turn cap and are left out\n", solo.unfinished);
    }
    fmt::print("    exact mean {:.3f}, {}\n", lengths.mean(),
               agreement(lengths.mean(), turns.mean, turns.standard_error));

    settings.players = 2;
    if (options.progress) {
        settings.progress = progress_bar("two players");
    }
    const SimulationResult race =
        simulate(board, die, settings, ChosenHouseRules(options.rules.house));
    const double exact_first = two_players.win_probability[0];
    fmt::print("  two players: the first to play wins {:.2f}% +- {:.2f}\n",
               100.0 * race.win_rate(0), 100.0 * race.win_rate_standard_error(0));
    fmt::print("    exact {:.2f}%, {}\n", 100.0 * exact_first,
               agreement(exact_first, race.win_rate(0), race.win_rate_standard_error(0)));

    std::vector<double> frequencies(turns.histogram.size(), 0.0);
    for (std::size_t t = 0; t < turns.histogram.size(); ++t) {
        frequencies[t] =
            static_cast<double>(turns.histogram[t]) / static_cast<double>(solo.finished());
    }
    return frequencies;
}

// --- What each square and jump does ----------------------------------------------------------

// A percentage on standard error for square_statistics and jump_effects, redrawn in place;
// `shown` is set once it has drawn (the caller clears the line).
EffectsOptions effects_progress(const AnalyzeOptions& options, std::string_view what, bool& shown) {
    EffectsOptions effects;
    if (options.progress) {
        effects.progress = [&shown, what](double share) {
            fmt::print(stderr, "\r{}: {:.0f}%", what, 100.0 * share);
            shown = true;
            std::fflush(stderr);
        };
    }
    return effects;
}

// The most visited squares and the jumps that matter most, under the rules chosen; returns the
// visits of every square (empty when they are not computed: snakes too long, or traps).
template <class Config>
std::vector<double> print_square_effects(const BasicBoard<Config>& board,
                                         const AnalyzeOptions& options,
                                         const ChosenHouseRules& house) {
    constexpr std::size_t shown = 10;
    fmt::print("\nWhat each square and jump does under {}\n", Config::overshoot_rule::name);
    SquareStatistics squares;
    bool progress_shown = false;
    const auto clear_progress = [&progress_shown] {
        if (progress_shown) {
            fmt::print(stderr, "\r\033[K");
            progress_shown = false;
        }
    };
    try {
        squares = square_statistics(board, die, house,
                                    effects_progress(options, "square visits", progress_shown));
        clear_progress();
    } catch (const Error& error) { // a trap, or snakes too long for the elimination
        clear_progress();
        fmt::print("  not computed: {}\n", error.what());
        return {};
    }
    std::vector<Square> order(squares.visits.size());
    for (std::size_t s = 0; s < order.size(); ++s) {
        order[s] = static_cast<Square>(s);
    }
    std::stable_sort(order.begin(), order.end(), [&](Square a, Square b) {
        return squares.visits[static_cast<std::size_t>(a)] >
               squares.visits[static_cast<std::size_t>(b)];
    });
    fmt::print("  most visited squares (turns begun there in a game, chance a game ever does):\n");
    for (std::size_t i = 0; i < order.size() && i < shown; ++i) {
        const auto s = static_cast<std::size_t>(order[i]);
        fmt::print("    square {:>5}  {:7.3f} turns  {:>7}\n", order[i], squares.visits[s],
                   percent(squares.landing[s]));
    }
    std::vector<JumpEffect> jumps;
    try {
        jumps = jump_effects(board, die, house,
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
        fmt::print("  the jumps that matter most (turns each adds to a game; without it):\n");
    }
    for (std::size_t i = 0; i < jumps.size() && i < shown; ++i) {
        const JumpEffect& effect = jumps[i];
        fmt::print("    {:<6} {:>5} -> {:<5} {:>+9.3f}  ({:.3f})\n",
                   effect.jump.kind() == JumpKind::ladder ? "ladder" : "snake", effect.jump.start,
                   effect.jump.end, effect.turns_added, effect.expected_turns_without);
    }
    return squares.visits;
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
std::vector<int> declined_rolls(const OptimalPolicy& best, const Choices<FairDice<>>& choices,
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
// gains over default play; returns the note of each square for --policy (empty when not
// solved).
template <class Config>
std::vector<std::string> print_best_play(const BasicBoard<Config>& board,
                                         const AnalyzeOptions& options,
                                         const ChosenHouseRules& house) {
    fmt::print("\nBest play for one player under {}, with {}\n", Config::overshoot_rule::name,
               options.choices.describe());
    if (house.switches() != HouseRuleSwitches{}) {
        fmt::print("  not solved: best play is solved for the standard game (no house rules)\n");
        return {};
    }
    const Choices<FairDice<>> choices = options.choices.choices();
    OptimalPolicy best;
    try {
        best = optimal_policy(board, choices);
    } catch (const Error& error) {
        fmt::print("  not solved: {}\n", error.what());
        return {};
    }
    fmt::print("  expected turns {:.4f} with best play, {} with one die and always moving "
               "(a gain of {})\n",
               best.turns(),
               std::isfinite(best.default_turns) ? fmt::format("{:.4f}", best.default_turns)
                                                 : std::string("infinite"),
               std::isfinite(best.gain()) ? fmt::format("{:.4f}", best.gain())
                                          : std::string("every game that would never end"));
    std::vector<std::string> notes(static_cast<std::size_t>(board.size()));
    std::vector<Square> two_dice;
    std::vector<Square> staying;
    for (Square square = 0; square < board.size(); ++square) {
        const auto at = static_cast<std::size_t>(square);
        if (!std::isfinite(best.expected_turns[at])) {
            continue; // no play gets home from here: no decision to show
        }
        // The note on the policy map: `2d` for two dice, `s:9-12` for the rolls to stay after.
        std::string& note = notes[at];
        if (best.dice[at] == 1) {
            two_dice.push_back(square);
            note = "2d";
        }
        const std::vector<int> declined = declined_rolls(best, choices, square);
        if (!declined.empty()) {
            staying.push_back(square);
            note += fmt::format("{}s:{}", note.empty() ? "" : " ", roll_ranges(declined, "-"));
        }
    }
    if (options.choices.pick_dice) {
        fmt::print("  two dice on {} of {} squares: {}\n", two_dice.size(), board.size(),
                   two_dice.empty() ? "none" : roll_ranges(two_dice, "..", ", "));
    }
    if (options.choices.may_stay) {
        fmt::print("  a roll is declined on {} square{}{}\n", staying.size(),
                   staying.size() == 1 ? "" : "s", staying.empty() ? "" : ":");
        constexpr std::size_t shown = 12;
        for (std::size_t i = 0; i < staying.size() && i < shown; ++i) {
            fmt::print("    on {}, stay after {}\n", staying[i],
                       roll_ranges(declined_rolls(best, choices, staying[i]), " to ", ", "));
        }
        if (staying.size() > shown) {
            fmt::print("    and {} more squares (see --policy)\n", staying.size() - shown);
        }
    }
    fmt::print("  policy iteration: {} rounds; the optimality equations hold {}\n", best.iterations,
               best.residual < 1e-9 ? std::string("to within 1e-9 turns")
                                    : fmt::format("to {:.1e} turns", best.residual));
    return notes;
}

// --- The report --------------------------------------------------------------------------------

template <class Config>
int analyze(const AnalyzeOptions& options) {
    using Chains = typename Config::chain_rule;
    using Overshoot = typename Config::overshoot_rule;
    const Board<Config> board = load_board(options.board, Config());
    std::size_t ladders = 0;
    for (const Jump& jump : board.jumps()) {
        ladders += jump.kind() == JumpKind::ladder ? 1U : 0U;
    }
    const std::size_t snakes = board.jumps().size() - ladders;
    const ChosenHouseRules house(options.rules.house);
    fmt::print("snakeladder-analyze: {}, {} squares, {} ladder{} and {} snake{}, one six-sided "
               "die, {}{}\n",
               board_name(options.board), board.size(), ladders, ladders == 1 ? "" : "s", snakes,
               snakes == 1 ? "" : "s", Chains::name, options.rules.describe_house_rules());

    fmt::print("\nExpected turns for one player to get home\n");
    fmt::print("{}\n", expected_line<ExactFinish, Chains>(options));
    fmt::print("{}\n", expected_line<BounceBack, Chains>(options));
    fmt::print("{}\n", expected_line<OvershootWins, Chains>(options));

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
    const LengthDistribution lengths = length_distribution(board, die, tabulation, house);
    if (tabulating_shown) {
        fmt::print(stderr, "\r\033[K"); // the table is done: clear the progress line
    }
    fmt::print("\nLength of a one-player game under {}\n", Overshoot::name);
    const std::span<const double> p = lengths.probabilities();
    const auto shortest = std::find_if(p.begin(), p.end(), [](double x) { return x > 0.0; });
    if (shortest == p.end()) {
        fmt::print("  no game ever ends: home cannot be reached from the start\n");
    } else {
        if (!lengths.finishes_surely()) {
            fmt::print("  a game ends with probability {}; the others are trapped and never end\n",
                       percent(1.0 - lengths.stuck_mass()));
        } else {
            try {
                fmt::print("  mean {:.3f}, standard deviation {:.3f}\n", lengths.mean(),
                           lengths.standard_deviation());
            } catch (const Error& error) {
                fmt::print("  no mean: {}\n", error.what());
            }
        }
        fmt::print("  shortest {} turns (probability {:.7f}), most likely {}\n",
                   shortest - p.begin(), *shortest, lengths.mode());
        std::string levels = "  quantile";
        std::string values = "  turns   ";
        for (const double q : quantile_levels) {
            const std::string value = quantile_text(lengths, q);
            const std::string level = fmt::format("{:.0f}%", 100 * q);
            const std::size_t column = std::max<std::size_t>(5, value.size() + 1);
            levels += fmt::format("{:>{}}", level, column);
            values += fmt::format("{:>{}}", value, column);
        }
        fmt::print("{}\n{}\n\n", levels, values);
        print_histogram(lengths, options.width);
    }

    fmt::print("\nChance to win by seat under {} (seat 1 plays first; turns of all players)\n",
               Overshoot::name);
    std::string header = "  players";
    for (int seat = 1; seat <= most_players; ++seat) {
        header += fmt::format("{:>9}", fmt::format("seat {}", seat));
    }
    fmt::print("{}{:>11}\n", header, "turns"); // room for 100,000-square boards' 195214.79
    SeatChances two_players;
    for (int players = fewest_players; players <= most_players; ++players) {
        // Knock-back couples the tokens: their chances come from the joint chain of all of
        // them, which grows with the players and is refused past its limit.
        SeatChances seats;
        try {
            seats = house.knock_back() ? seat_chances(board, die, players, {}, house)
                                       : seat_chances(lengths, players);
        } catch (const Error& error) {
            // The joint chain's limit is the expected refusal: a short line says it.
            const bool limit =
                std::string_view(error.what()).find("where the limit is") != std::string_view::npos;
            fmt::print("  {:>7}  {}\n", players,
                       limit ? "too many positions to follow exactly, as knock-back couples the "
                               "tokens"
                             : error.what());
            continue;
        }
        if (players == 2) {
            two_players = seats;
        }
        std::string row = fmt::format("  {:>7}", players);
        for (int seat = 0; seat < most_players; ++seat) {
            row += seat < players
                       ? fmt::format("{:>9}",
                                     percent(seats.win_probability[static_cast<std::size_t>(seat)]))
                       : std::string(9, ' ');
        }
        row += std::isfinite(seats.expected_turns) ? fmt::format("{:>11.2f}", seats.expected_turns)
                                                   : fmt::format("{:>11}", "infinite");
        fmt::print("{}\n", row);
    }

    fmt::print(
        "\nFewest rolls home under {}, choosing each roll from 1 to {}{}: ", Overshoot::name,
        die_faces,
        house.switches() == HouseRuleSwitches{} ? "" : " (the board's rules alone, no house rule)");
    if (const std::optional<ShortestPath> path = min_rolls(board, die_faces)) {
        fmt::print("{}\n", path->roll_count());
        // A long path is shown by its first and last rolls.
        constexpr std::size_t shown = 12;
        const std::size_t count = path->rolls.size();
        const bool cut = count > 2 * shown + 1;
        std::string rolls;
        std::string squares = fmt::format("{}", path->squares.front());
        for (std::size_t i = 0; i < count; ++i) {
            if (cut && i == shown) {
                rolls += fmt::format(", ... ({} more)", count - 2 * shown);
                squares += " -> ...";
                i = count - shown - 1;
                continue;
            }
            rolls += fmt::format("{}{}", i == 0 ? "" : ", ", path->rolls[i]);
            squares += fmt::format(" -> {}", path->squares[i + 1]);
        }
        fmt::print("  rolls    {}\n  squares  {}\n", rolls, squares);
    } else {
        fmt::print("none, home cannot be reached\n");
    }

    fmt::print("\nTraps under {}: {}\n", Overshoot::name, describe_traps(board, die, house));

    std::vector<double> visits = print_square_effects(board, options, house);
    std::vector<std::string> notes;
    if (options.choices.any()) {
        notes = print_best_play(board, options, house);
    }

    std::vector<double> simulated;
    if (options.simulate > 0) {
        simulated = simulate_and_report(board, options, lengths, two_players);
    }
    check_standard_output("the report"); // the report is done: a failed write stops here

    const std::string title = options.title.empty() ? board_name(options.board) : options.title;
    const SvgTheme theme = SvgTheme::named(options.theme);
    if (!options.svg.empty()) {
        write_file(options.svg, render_svg(board, {.title = title, .theme = theme}),
                   "the board picture");
    }
    if (!options.heat.empty()) {
        if (visits.empty()) {
            throw std::runtime_error(
                "no heat map: the visits of this board's squares are not computed (see above)");
        }
        write_file(options.heat,
                   render_svg(board, {.title = title + ": turns begun on each square",
                                      .heat = std::move(visits),
                                      .theme = theme}),
                   "the heat map");
    }
    if (!options.policy.empty()) {
        if (notes.empty()) {
            throw std::runtime_error("no policy map: best play is not solved (see above)");
        }
        const std::string key = "2d: roll two dice there; s:9-12: stay after a 9 to a 12";
        write_file(options.policy,
                   render_svg(board, {.title = title + ": best play",
                                      .notes = std::move(notes),
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
        write_file(options.plot, render_length_plot(plot), "the length plot");
    }
    return 0;
}

int run(int argc, char** argv) {
    CLI::App app("Exact analysis of a snakes-and-ladders board with one six-sided die: expected\n"
                 "length under each overshoot rule, length distribution, each seat's chance,\n"
                 "fewest rolls home and traps; optionally checked against a simulation.",
                 "snakeladder-analyze");
    AnalyzeOptions options;
    app.add_option("BOARD", options.board,
                   "`classic` or a board file (lines: size N, ladder A-B, "
                   "snake A-B)")
        ->required()
        ->type_name("");
    add_rule_flags(app, options.rules, false);
    app.add_option("--simulate", options.simulate,
                   "Also simulate N games of one and of two players, and compare")
        ->check(whole_number<std::uint64_t>(1, 10'000'000'000))
        ->type_name("N");
    app.add_option("--seed", options.seed, "Seed of the simulation")
        ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()))
        ->type_name("S")
        ->capture_default_str();
    app.add_option("--svg", options.svg, "Write a picture of the board (SVG)")->type_name("FILE");
    app.add_option("--plot", options.plot, "Write a chart of the game length (SVG)")
        ->type_name("FILE");
    app.add_option("--heat", options.heat,
                   "Write a heat map of the board (SVG): turns begun on each square")
        ->type_name("FILE");
    add_choice_flags(app, options.choices);
    app.add_option("--policy", options.policy,
                   "With --pick-dice or --may-stay: write the best play on the board (SVG): two "
                   "dice, and the rolls to stay after, on each square")
        ->type_name("FILE");
    app.add_option("--title", options.title, "Title of the pictures (default: the board's name)");
    app.add_option("--theme", options.theme, "Colours of the board pictures: light, dark or print")
        ->check(CLI::IsMember({"light", "dark", "print"}))
        ->type_name("THEME")
        ->capture_default_str();
    app.add_option("--width", options.width, "Width of the longest histogram bar")
        ->check(whole_number(10, 200))
        ->type_name("COLUMNS")
        ->capture_default_str();
    bool quiet = false;
    app.add_flag("--no-progress", quiet,
                 "No progress on standard error while solving, tabulating or simulating");
    app.footer("--overshoot chooses the rule of the detailed sections; the expected turns are\n"
               "given under all three. The house rules apply to every figure but the fewest\n"
               "rolls. --pick-dice and --may-stay add one player's best play when players\n"
               "decide (the standard game only). Exit status: 0 after the report, 2 for a\n"
               "bad flag or board file, 1 when the report or a picture cannot be written.");

    if (const std::optional<int> status = parse_command_line(app, argc, argv)) {
        return *status;
    }
    options.progress = !quiet;
    if (!options.policy.empty() && !options.choices.any()) {
        return report_usage_error(app, "--policy draws the best play of a game where players "
                                       "decide: add --pick-dice, --may-stay or both");
    }
    if (!options.policy.empty() && options.rules.house != HouseRuleSwitches{}) {
        return report_usage_error(app, "--policy draws the best play of the standard game, which "
                                       "is not solved under house rules: drop --extra-turn, "
                                       "--six-to-start and --knock-back");
    }
    try {
        return with_rules(options.rules, [&](auto config) {
            return analyze<typename decltype(config)::type>(options);
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
