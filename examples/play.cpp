// snakeladder-play: snakes and ladders in a terminal, for people and computer players.
//
//     snakeladder-play -p Ana -c Ben -c Cy        Ana presses Enter to roll; Ben and Cy roll alone
//     snakeladder-play -p Ana -p Bo --board my_board.txt --overshoot bounce --play-to-last
//     snakeladder-play -c Ben -c Cy -c Di --auto --seed 7     a game that replays exactly
//
// Every turn redraws the board (the players' initials on their squares) and prints the turn's
// line of the log. End of input, `q`, or Ctrl-C stops the game with the standings so far; so
// does a line of input longer than max_line_bytes, as an error.
#include "command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <fmt/format.h>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h> // isatty; sigaction comes with <csignal> on these systems
#define SNAKELADDER_PLAY_POSIX 1
#endif

namespace {

using namespace snakeladder;
using namespace snakeladder::examples;

// --- Ctrl-C
// ---------------------------------------------------------------------------------------

// Set by the signal handler, read between turns: the game stops at a clean point.
volatile std::sig_atomic_t interrupt_requested = 0;

void on_interrupt(int /*signal*/) {
    interrupt_requested = 1;
}

void catch_interrupts() {
#ifdef SNAKELADDER_PLAY_POSIX
    // No SA_RESTART: a read waiting for Enter then fails with EINTR instead of waiting on, so
    // Ctrl-C stops the game at the prompt too.
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, nullptr);
#else
    std::signal(SIGINT, on_interrupt);
#endif
}

bool stdin_is_terminal() {
#ifdef SNAKELADDER_PLAY_POSIX
    return ::isatty(STDIN_FILENO) != 0;
#else
    return false;
#endif
}

// Sleeps in short slices so that Ctrl-C is not kept waiting.
void pause_for(std::chrono::milliseconds duration) {
    constexpr std::chrono::milliseconds slice{20};
    for (auto left = duration; left.count() > 0 && interrupt_requested == 0; left -= slice) {
        std::this_thread::sleep_for(std::min(left, slice));
    }
}

// --- Players ------------------------------------------------------------------------------------

struct Seat {
    std::string name;
    bool computer = false;
    /// When players decide: how this computer player plays (-c NAME@LEVEL, else --level).
    std::string level;
};

struct PlayOptions {
    std::vector<Seat> seats;
    std::string board = "classic";
    RuleChoice rules;
    ChoiceFlags choices;
    std::string level = "optimal"; // of the computer players, when players decide (--level)
    std::uint64_t seed = 0;
    bool automatic = false;
    bool show_board = true;
    bool unicode_arrows = false;
    int delay_ms = 300;
};

/// A game where players decide stops at this many turns: computer players that stay on a square
/// for ever (a greedy one before a snake it cannot pass) would otherwise play on for ever.
constexpr std::uint64_t choice_turn_limit = 10'000;

inline const std::vector<std::string> level_names{"random", "greedy", "optimal"};

// Byte offsets just past each code point of `text` (continuation bytes never start one).
std::vector<std::size_t> code_point_ends(std::string_view text) {
    std::vector<std::size_t> ends;
    for (std::size_t i = 1; i <= text.size(); ++i) {
        if (i == text.size() || (static_cast<unsigned char>(text[i]) & 0xC0U) != 0x80U) {
            ends.push_back(i);
        }
    }
    return ends;
}

// Each player's token label: the shortest start of the name that starts no other player's name
// (the initial, unless two names share it: Ana and Al become An and Al), or the whole name.
std::vector<std::string> token_labels(const std::vector<std::string>& names) {
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string& name = names[i];
        std::string label = name;
        for (const std::size_t end : code_point_ends(name)) {
            const std::string_view prefix = std::string_view(name).substr(0, end);
            bool shared = false;
            for (std::size_t j = 0; j < names.size(); ++j) {
                shared = shared || (j != i && std::string_view(names[j]).starts_with(prefix));
            }
            if (!shared) {
                label = prefix;
                break;
            }
        }
        labels.push_back(label);
    }
    return labels;
}

std::uint64_t fresh_seed() {
    std::random_device device;
    return (std::uint64_t{device()} << 32U) ^ std::uint64_t{device()};
}

// --- The game -----------------------------------------------------------------------------------

enum class Stop { finished, end_of_input, quit, interrupted, line_too_long };

/// The longest line read from a person, its newline not counted. An answer is a word, so a
/// longer line is a mistake (a file given as input), and a line that never ends (/dev/zero)
/// must not take all memory: the game stops at it, as an error (exit status 1).
constexpr std::size_t max_line_bytes = 4096;

enum class LineRead { line, end_of_input, too_long };

// Reads the next line of standard input into `line`, without its newline; a last line without
// one counts, like std::getline's. Stops at max_line_bytes + 1 bytes: too_long.
LineRead read_line(std::string& line) {
    using traits = std::istream::traits_type;
    line.clear();
    for (;;) {
        const std::istream::int_type next = std::cin.get();
        if (traits::eq_int_type(next, traits::eof())) {
            return line.empty() ? LineRead::end_of_input : LineRead::line;
        }
        const char c = traits::to_char_type(next);
        if (c == '\n') {
            return LineRead::line;
        }
        if (line.size() == max_line_bytes) {
            return LineRead::too_long;
        }
        line.push_back(c);
    }
}

// What the players see: the board with their tokens and the log. On a terminal the screen is
// cleared and redrawn each turn with the last few lines of the log under the board; elsewhere
// (a pipe, a file), or with --no-board, each turn's board and line are appended, so the output
// reads as a transcript.
class Screen {
public:
    Screen(const PlayOptions& options, std::vector<std::string> header,
           std::vector<std::string> labels)
        : options_(options), header_(std::move(header)), labels_(std::move(labels)),
          redraw_(options.show_board && stdout_is_terminal()) {}

    template <class Game>
    void show(const Game& game, const TurnRecord* record) {
        std::string line;
        if (record != nullptr) {
            line = fmt::format("{:>4}. {}", record->turn, *record);
            recent_.push_back(line);
            if (recent_.size() > recent_lines) {
                recent_.pop_front();
            }
        }
        std::string out;
        if (redraw_) {
            out += "\x1b[H\x1b[2J"; // home the cursor, clear the screen
            for (const std::string& text : header_) {
                out += text + '\n';
            }
            out += '\n' + board_text(game) + '\n';
            for (const std::string& text : recent_) {
                out += text + '\n';
            }
        } else if (record == nullptr) {
            for (const std::string& text : header_) {
                out += text + '\n';
            }
            if (options_.show_board) {
                out += '\n' + board_text(game) + '\n';
            }
        } else if (options_.show_board) {
            out += board_text(game) + line + "\n\n";
        } else {
            out += line + '\n';
        }
        std::fputs(out.c_str(), stdout);
        check_standard_output("the game"); // each turn: a failed write stops the game at once
    }

    /// Whether the screen is redrawn in place (a terminal), so computer turns need a pause.
    [[nodiscard]] bool redraws() const noexcept { return redraw_; }

private:
    static constexpr std::size_t recent_lines = 6;

    template <class Game>
    [[nodiscard]] std::string board_text(const Game& game) const {
        TextOptions text;
        const std::vector<Square> squares = game.positions();
        for (std::size_t seat = 0; seat < squares.size(); ++seat) {
            text.tokens.push_back({labels_[seat], squares[seat]});
        }
        text.unicode_arrows = options_.unicode_arrows;
        text.color = ColorMode::automatic;
        return render_text(game.board(), text);
    }

    const PlayOptions& options_;
    std::vector<std::string> header_;
    std::vector<std::string> labels_;
    bool redraw_;
    std::deque<std::string> recent_;
};

// Reads a person's answer to the prompt just printed into `line`. Returns why the game must
// stop instead, if it must: end of input, Ctrl-C, `q`, or a line longer than max_line_bytes.
std::optional<Stop> read_answer(std::string& line) {
    check_standard_output("the game");
    const LineRead got = read_line(line);
    const bool read = got == LineRead::line;
    if (!stdin_is_terminal() || !read) {
        fmt::print("\n"); // where a terminal would have echoed the Enter
    }
    if (interrupt_requested != 0) {
        return Stop::interrupted;
    }
    if (got == LineRead::too_long) {
        return Stop::line_too_long;
    }
    if (!read) {
        return Stop::end_of_input;
    }
    if (line == "q" || line == "quit") {
        return Stop::quit;
    }
    return std::nullopt;
}

// Waits for a human player to press Enter. Returns why the game must stop, if it must.
std::optional<Stop> wait_for_enter(const std::string& player) {
    fmt::print("{}, press Enter to roll (q to quit): ", player);
    std::string line;
    return read_answer(line);
}

// Builds a game with `make()`, turning what the game refuses into a usage error: a bad player
// list, or a board on which home cannot be reached.
template <class Make>
auto build_game(Make&& make, const PlayOptions& options) {
    try {
        return make();
    } catch (const InvalidPlayers& error) {
        throw UsageError(fmt::format("bad player list: {}{}", error.what(),
                                     options.seats.size() < 2
                                         ? " (name each player with -p NAME for a person or -c "
                                           "NAME for the computer)"
                                         : ""));
    } catch (const InvalidConfig& error) { // home out of reach on this board
        throw UsageError(fmt::format("{}: {}", board_name(options.board), error.what()));
    }
}

// Plays the standard game: people press Enter to roll, computer players roll alone.
template <class Config>
std::pair<Stop, GameResult> play_standard(const PlayOptions& options, Board<Config> board,
                                          const Config& config,
                                          const std::vector<std::string>& names, Screen& screen) {
    auto game = build_game(
        [&] {
            return Game<FairDice<>, Config, NullMutex>(
                std::move(board), FairDice<>::seeded(options.seed), names, config.house_rules());
        },
        options);
    screen.show(game, nullptr);
    Stop stop = Stop::finished;
    while (game.status() == GameStatus::not_started || game.status() == GameStatus::in_progress) {
        if (interrupt_requested != 0) {
            stop = Stop::interrupted;
            break;
        }
        const std::size_t seat = game.current_seat();
        if (!options.automatic && !options.seats[seat].computer) {
            if (const std::optional<Stop> why = wait_for_enter(names[seat])) {
                stop = *why;
                break;
            }
        } else if (screen.redraws()) {
            pause_for(std::chrono::milliseconds(options.delay_ms)); // let people follow
            if (interrupt_requested != 0) {
                stop = Stop::interrupted;
                break;
            }
        }
        const TurnRecord record = game.play_turn();
        screen.show(game, &record);
    }
    return {stop, game.result()};
}

template <class Config>
std::pair<Stop, GameResult> play_choices(const PlayOptions& options, Board<Config> board,
                                         const Config& config, Screen& screen);

template <class Config>
int play(const PlayOptions& options) {
    // The board keeps the settings; the game gets the house rules. A game where players decide
    // stops at choice_turn_limit.
    auto config = options.rules.config<Config>();
    if (options.choices.any()) {
        GameSettings settings = config.settings();
        settings.turn_limit = choice_turn_limit;
        config = Config(settings, config.house_rules());
    }
    Board<Config> board =
        load_board(options.board, typename Board<Config>::config_type(config.settings()));
    if (options.show_board && board.size() > max_drawn_squares) {
        throw UsageError(fmt::format("the board has {} squares, too many to draw (at most {}); "
                                     "play it with --no-board",
                                     board.size(), max_drawn_squares));
    }
    std::vector<std::string> names;
    for (const Seat& seat : options.seats) {
        names.push_back(seat.name);
    }

    const std::vector<std::string> labels = token_labels(names);
    std::vector<std::string> header;
    header.push_back(fmt::format("snakeladder-play: {} ({} squares), {}, {}{}{}, seed {}",
                                 board_name(options.board), board.size(),
                                 Config::overshoot_rule::name, Config::chain_rule::name,
                                 config.play_to_last() ? ", play to last" : "",
                                 options.rules.describe_house_rules(), options.seed));
    if (options.choices.any()) {
        header.push_back(fmt::format("Players decide: {} (dice 0 is one die{})",
                                     options.choices.describe(),
                                     options.choices.pick_dice ? ", dice 1 two dice" : ""));
    }
    std::string roster = "Players:";
    for (std::size_t seat = 0; seat < names.size(); ++seat) {
        const Seat& at = options.seats[seat];
        std::string kind;
        if (at.computer) {
            kind = options.choices.any() ? fmt::format(", computer, {}", at.level) : ", computer";
        }
        roster +=
            fmt::format("{} {} ({}{})", seat == 0 ? "" : ",", names[seat], labels[seat], kind);
    }
    header.push_back(roster);

    Screen screen(options, header, labels);
    const auto [stop, result] =
        options.choices.any() ? play_choices(options, std::move(board), config, screen)
                              : play_standard(options, std::move(board), config, names, screen);

    const std::string_view turns = result.turns == 1 ? "turn" : "turns";
    if (stop != Stop::finished) {
        const char* why = stop == Stop::end_of_input    ? "end of input"
                          : stop == Stop::quit          ? "a player quit"
                          : stop == Stop::line_too_long ? "a line of input too long"
                                                        : "interrupted";
        fmt::print("Game stopped after {} {} ({}). Standings so far:\n", result.turns, turns, why);
    } else if (result.status == GameStatus::turn_limit_reached) {
        fmt::print("Game stopped at the turn limit after {} {}. Standings:\n", result.turns, turns);
    } else if (config.play_to_last()) {
        fmt::print("Game over after {} {}: {} won and every other place is played out. Final "
                   "standings:\n",
                   result.turns, turns, result.winner.value_or("nobody"));
    } else {
        fmt::print("{} wins after {} {}. Final standings:\n", result.winner.value_or("nobody"),
                   result.turns, turns);
    }
    for (const Standing& standing : result.ranking) {
        fmt::print("  {}{}\n", standing,
                   options.seats[standing.seat].computer ? " [computer]" : "");
    }
    check_standard_output("the game");
    if (stop == Stop::line_too_long) {
        fmt::print(stderr,
                   "snakeladder-play: a line of input holds more than {} bytes, the most read\n",
                   max_line_bytes);
        return 1;
    }
    // 128 + SIGINT, as a shell reports a program stopped by Ctrl-C.
    return stop == Stop::interrupted ? 128 + SIGINT : 0;
}

// --- Games where players decide --------------------------------------------------------------

// The computer player of `level` for these choices. The best play of the standard game is
// solved once, into `best`, for every optimal player.
template <class BoardConfig>
snakeladder::Seat computer_seat(const std::string& name, const std::string& level,
                                const BasicBoard<BoardConfig>& board,
                                const Choices<FairDice<>>& choices, const RuleChoice& rules,
                                std::uint64_t seed, std::optional<OptimalPolicy>& best) {
    if (level == "random") {
        return computer(name, RandomPolicy(choices, seed));
    }
    if (level == "greedy") {
        return computer(name, GreedyPolicy(board, choices));
    }
    if (rules.house != HouseRuleSwitches{}) {
        throw UsageError("--level optimal plays the best play of the standard game, without "
                         "house rules: choose --level greedy or random with house rules");
    }
    if (!best) {
        try {
            best = optimal_policy(board, choices);
        } catch (const Error& error) {
            throw UsageError(fmt::format("--level optimal: {}", error.what()));
        }
    }
    return computer(name, *best);
}

// What moving would do with the roll seen, under every rule of the game: `0 to 14`, `waits on
// 0`, `forfeits the turn, back to 5`, `stays on 97, needs exactly 3`.
template <class Game>
std::string move_preview(const Game& game, const DecisionState& state) {
    const DecisionStep step = snakeladder::apply_action(
        game.board(), game.choices(), state, Action::move(), game.config().house_rules());
    const RollOutcome& move = *step.outcome;
    if (move.waiting) {
        return fmt::format("waits on {}", move.start);
    }
    if (move.forfeits) {
        return fmt::format("forfeits the turn, back to {}", move.end);
    }
    if (move.blocked) {
        return fmt::format("stays on {}, needs exactly {}", move.start, move.needed);
    }
    return fmt::format("{} to {}", move.start, move.end);
}

// Asks the person due for a decision until the answer is one; or says why the game must stop.
struct Answer {
    std::optional<Action> action;
    Stop stop = Stop::finished;
};

template <class Game>
Answer ask_person(const Game& game, const std::string& player) {
    const DecisionState state = game.state();
    const Square square = state.game.squares[state.seat_due()];
    const bool picking = state.point == DecisionPoint::choose_dice;
    for (;;) {
        if (picking) {
            fmt::print("{} on {}: roll one die or two? [1/2, q to quit]: ", player, square);
        } else {
            fmt::print("{} rolls {} (moving: {}). Move or stay? [m/s, Enter moves, q to quit]: ",
                       player, state.roll, move_preview(game, state));
        }
        std::string line;
        if (const std::optional<Stop> stop = read_answer(line)) {
            return {std::nullopt, *stop};
        }
        if (picking && (line == "1" || line == "2")) {
            return {Action::roll_with(line == "1" ? 0 : 1), Stop::finished};
        }
        if (!picking && (line.empty() || line == "m" || line == "move")) {
            return {Action::move(), Stop::finished};
        }
        if (!picking && (line == "s" || line == "stay")) {
            return {Action::stay(), Stop::finished};
        }
        fmt::print("Please answer {}, or q to quit.\n", picking ? "1 or 2" : "m or s");
    }
}

// Plays a game where players decide: people answer at the prompt (or, with --auto, take one die
// and always move), computer players are policies of --level. Returns why it stopped.
template <class Config>
std::pair<Stop, GameResult> play_choices(const PlayOptions& options, Board<Config> board,
                                         const Config& config, Screen& screen) {
    const Choices<FairDice<>> choices = options.choices.choices(options.seed);
    std::vector<snakeladder::Seat> seats;
    std::optional<OptimalPolicy> best;
    for (std::size_t i = 0; i < options.seats.size(); ++i) {
        const Seat& seat = options.seats[i];
        seats.push_back(seat.computer ? computer_seat(seat.name, seat.level, board, choices,
                                                      options.rules, options.seed + 2 + i, best)
                                      : person(seat.name));
    }
    auto game = build_game(
        [&] {
            return DecisionGame<FairDice<>, Config, NullMutex>(std::move(board), choices, seats,
                                                               config.house_rules());
        },
        options);
    screen.show(game, nullptr);
    while (game.status() == GameStatus::not_started || game.status() == GameStatus::in_progress) {
        if (interrupt_requested != 0) {
            return {Stop::interrupted, game.result()};
        }
        std::optional<TurnRecord> record;
        if (const std::optional<std::string> player = game.person_due()) {
            Action action = game.state().point == DecisionPoint::choose_dice ? Action::roll_with(0)
                                                                             : Action::move();
            if (!options.automatic) {
                const Answer answer = ask_person(game, *player);
                if (!answer.action) {
                    return {answer.stop, game.result()};
                }
                action = *answer.action;
            }
            record = game.take_turn(*player, action);
        } else {
            if (screen.redraws()) {
                pause_for(std::chrono::milliseconds(options.delay_ms)); // let people follow
            }
            record = game.play_turn(); // a computer's turn, or a person's roll
        }
        if (record) {
            screen.show(game, &*record);
        }
    }
    return {Stop::finished, game.result()};
}

int run(int argc, char** argv) {
    CLI::App app("Snakes and ladders in the terminal. Players sit in the order they are given;\n"
                 "humans press Enter to roll, computer players roll on their own.",
                 "snakeladder-play");
    PlayOptions options;
    std::vector<std::string> humans;
    std::vector<std::string> computers;
    CLI::Option* human_flag =
        app.add_option("-p,--player", humans,
                       "A human player, who presses Enter to roll (repeat for each)")
            ->allow_extra_args(false)
            ->type_name("NAME");
    CLI::Option* computer_flag =
        app.add_option("-c,--computer", computers,
                       "A computer player, who rolls alone (repeat for each); when players "
                       "decide, NAME@LEVEL chooses its level")
            ->allow_extra_args(false)
            ->type_name("NAME");
    app.add_option("-b,--board", options.board,
                   "`classic` or a board file (lines: size N, ladder A-B, snake A-B)")
        ->type_name("FILE")
        ->capture_default_str();
    add_rule_flags(app, options.rules, true);
    CLI::Option* seed_flag =
        app.add_option("--seed", options.seed,
                       "Seed of the die: the same seed replays the game (default: a fresh one)")
            ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()))
            ->type_name("S");
    add_choice_flags(app, options.choices);
    CLI::Option* level_flag =
        app.add_option("--level", options.level,
                       "When players decide: how computer players without @LEVEL play (random, "
                       "greedy: the best square now, optimal: the fewest turns; default optimal, "
                       "or greedy with house rules)")
            ->check(CLI::IsMember(level_names))
            ->type_name("LEVEL");
    app.add_flag("--auto", options.automatic,
                 "Play every turn without waiting for Enter (when players decide, people take "
                 "one die and always move)");
    bool no_board = false;
    app.add_flag("--no-board", no_board, "Print only the log lines, not the board each turn");
    app.add_flag("--unicode", options.unicode_arrows, "Mark ladders and snakes with arrows");
    app.add_option("--delay", options.delay_ms,
                   "Pause before a computer's roll on a terminal, in milliseconds")
        ->check(whole_number(0, 10'000))
        ->type_name("MS")
        ->capture_default_str();
    app.footer(
        fmt::format("End of input, q or Ctrl-C stops the game and prints the standings so far.\n"
                    "Exit status: 0 when the game ends or is stopped, 130 after Ctrl-C, 1 when\n"
                    "the game cannot be written or a line of input holds more than {} bytes,\n"
                    "2 for a bad flag, board file or player list.",
                    max_line_bytes));

    if (const std::optional<int> status = parse_command_line(app, argc, argv)) {
        return *status;
    }
    // The seats in command-line order, humans and computers interleaved as given.
    std::size_t next_human = 0;
    std::size_t next_computer = 0;
    for (const CLI::Option* option : app.parse_order()) {
        if (option == human_flag) {
            options.seats.push_back({humans.at(next_human++), false, {}});
        } else if (option == computer_flag) {
            options.seats.push_back({computers.at(next_computer++), true, {}});
        }
    }
    options.show_board = !no_board;
    // When players decide, each computer player's level: NAME@LEVEL, else --level, else the
    // best play (greedy under house rules, where the best play is not solved).
    if (options.choices.any()) {
        if (level_flag->count() == 0) {
            options.level = options.rules.house == HouseRuleSwitches{} ? "optimal" : "greedy";
        }
        for (Seat& seat : options.seats) {
            const std::size_t at = seat.name.rfind('@');
            if (!seat.computer || at == std::string::npos) {
                seat.level = options.level;
                continue;
            }
            seat.level = seat.name.substr(at + 1);
            seat.name.erase(at);
            if (std::find(level_names.begin(), level_names.end(), seat.level) ==
                level_names.end()) {
                return report_usage_error(
                    app, fmt::format("-c {}@{}: the level after @ must be random, greedy or "
                                     "optimal",
                                     seat.name, seat.level));
            }
        }
    }
    if (seed_flag->count() == 0) {
        options.seed = fresh_seed();
    }

    catch_interrupts();
    try {
        return with_rules<ChosenHouseRules>(options.rules, [&](auto config) {
            return play<typename decltype(config)::type>(options);
        });
    } catch (const UsageError& error) {
        return report_usage_error(app, error.what());
    } catch (const std::exception& error) {
        fmt::print(stderr, "snakeladder-play: {}\n", error.what());
        return 1;
    }
}

} // namespace

int main(int argc, char** argv) {
    return run_main(run, argc, argv, "snakeladder-play");
}
