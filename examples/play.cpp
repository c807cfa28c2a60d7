// snakeladder-play: snakes and ladders in a terminal, for people and computer players.
//
//     snakeladder-play -p Ana -c Ben -c Cy        Ana presses Enter to roll; Ben and Cy roll alone
//     snakeladder-play -p Ana -p Bo --board my_board.txt --overshoot bounce --play-to-last
//     snakeladder-play -c Ben -c Cy -c Di --auto --seed 7     a game that replays exactly
//     snakeladder-play -p Ana                                 one player, counting turns home
//     snakeladder-play -p Ana -c Ben --save game.txt          ... and later, the same game on:
//     snakeladder-play -p Ana -c Ben --resume game.txt --save game.txt
//
// Every turn redraws the board (the players' initials on their squares) and prints the turn's
// line of the log. End of input, `q` (or `quit`, `exit`, in any case) or Ctrl-C stops the game
// with the standings so far; so does a line of input longer than max_line_bytes, as an error.
// Anything else typed at a prompt is named, with what the prompt accepts, and asked again. After
// a game with a person, "Play again?" starts the next with the same players and rules. --save
// writes the game (a saved game of the library) before the first turn, after every turn and
// when it stops; --resume continues one.
#include "command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <filesystem>
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
#include <utility>
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
    bool seeded = false;     // --seed given: a game played again takes the next seed
    std::string save_path;   // --save: written after every turn
    std::string resume_path; // --resume: the saved game to continue
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

std::string log_text(const TurnRecord& record);

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
            line = fmt::format("{:>4}. {}", record->turn, log_text(*record));
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

// A line as typed, trimmed of spaces and tabs around it and in lower case: `Q`, ` quit ` and
// `EXIT` are `q`, `quit` and `exit`.
std::string normalised(std::string_view line) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) {
        return {};
    }
    const auto last = line.find_last_not_of(" \t\r");
    std::string text(line.substr(first, last - first + 1));
    for (char& c : text) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return text;
}

/// The most characters of a person's unrecognised answer that the message about it repeats.
constexpr std::size_t shown_answer_chars = 20;

// A person's answer as a message shows it: control characters (an escape sequence, a tab) as
// `?`, so the message cannot move the cursor or clear the screen, and at most
// shown_answer_chars characters, then `...`.
std::string shown_answer(std::string_view line) {
    std::string text;
    std::size_t start = 0;
    std::size_t chars = 0;
    for (const std::size_t end : code_point_ends(line)) {
        if (chars == shown_answer_chars) {
            text += "...";
            break;
        }
        const auto first = static_cast<unsigned char>(line[start]);
        if (first < 0x20U || first == 0x7FU) {
            text += '?';
        } else {
            text += line.substr(start, end - start);
        }
        start = end;
        ++chars;
    }
    return text;
}

// Says that `line` is not an answer to the prompt and what is, before the prompt is asked again.
void say_not_an_answer(std::string_view line, std::string_view accepted) {
    if (normalised(line).empty()) {
        fmt::print("Enter alone is not an answer here: {}.\n", accepted);
        return;
    }
    fmt::print("\"{}\" is not an answer here: {}.\n", shown_answer(line), accepted);
}

// Reads a person's answer to the prompt just printed into `line`, normalised (trimmed, lower
// case). Returns why the game must stop instead, if it must: end of input, Ctrl-C, `q`, `quit`
// or `exit`, or a line longer than max_line_bytes.
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
    const std::string answer = normalised(line);
    if (answer == "q" || answer == "quit" || answer == "exit") {
        return Stop::quit;
    }
    return std::nullopt;
}

// Waits for a human player to press Enter; anything else typed is named and the prompt asked
// again, without rolling. Returns why the game must stop, if it must.
std::optional<Stop> wait_for_enter(const std::string& player) {
    for (;;) {
        fmt::print("{}, press Enter to roll (q to quit): ", player);
        std::string line;
        if (const std::optional<Stop> stop = read_answer(line)) {
            return stop;
        }
        if (normalised(line).empty()) {
            return std::nullopt;
        }
        say_not_an_answer(line, "press Enter to roll, or q (quit, exit) to stop the game");
    }
}

// At the end of a game: whether to play another. End of input, `q` and Ctrl-C are no.
bool play_again() {
    for (;;) {
        fmt::print("Play again? [y/n]: ");
        std::string line;
        if (read_answer(line)) {
            return false;
        }
        const std::string answer = normalised(line);
        if (answer == "y" || answer == "yes") {
            return true;
        }
        if (answer == "n" || answer == "no") {
            return false;
        }
        say_not_an_answer(line, "y to play again, n (or q) to stop");
    }
}

// Checks the player list with the numbering people see (player 1 is the first one named), before
// the library checks it with its seats from 0.
void check_player_names(const std::vector<Seat>& seats) {
    for (std::size_t i = 0; i < seats.size(); ++i) {
        if (seats[i].name.empty()) {
            throw UsageError(fmt::format("bad player list: player {} has an empty name; every "
                                         "player needs a name",
                                         i + 1));
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (seats[j].name == seats[i].name) {
                throw UsageError(fmt::format("bad player list: players {} and {} are both called "
                                             "\"{}\"; every player needs a different name",
                                             j + 1, i + 1, shown_answer(seats[i].name)));
            }
        }
    }
}

// Builds a game with `make()`, turning what the game refuses into a usage error: a bad player
// list, or a board on which home cannot be reached.
template <class Make>
auto build_game(Make&& make, const PlayOptions& options) {
    try {
        return make();
    } catch (const InvalidPlayers& error) {
        throw UsageError(fmt::format("bad player list: {}{}", error.what(),
                                     options.seats.empty()
                                         ? " (name each player with -p NAME for a person or -c "
                                           "NAME for the computer)"
                                         : ""));
    } catch (const InvalidConfig& error) { // home out of reach on this board
        throw UsageError(fmt::format("{}: {}", board_name(options.board), error.what()));
    }
}

template <class Config>
using StandardGame = Game<FairDice<>, Config, NullMutex>;
template <class Config>
using ChoiceGame = DecisionGame<FairDice<>, Config, NullMutex>;
// Whether players decide in games of this type (a ChoiceGame): the one difference the paths
// below ask about.
template <class GameType>
constexpr bool decides = requires(const GameType& game) {
    game.choices();
};

// --- Saving and resuming ------------------------------------------------------------------------

// Writes the game to --save's file, if one was given: through a file beside it renamed over it
// (save_game_file), so a crash or Ctrl-C mid-write leaves the previous save whole. A failed
// write stops the program (exit status 1).
template <class GameType>
void save(const PlayOptions& options, const GameType& game) {
    if (options.save_path.empty()) {
        return;
    }
    try {
        save_game_file(options.save_path, game);
    } catch (const FileError& error) {
        // Ours says what was written, as every failed output of the programs does.
        throw std::runtime_error(
            fmt::format("cannot write the game to '{}': {}", options.save_path, error.reason()));
    }
}

// The text of --resume's file, read up to the library's limit for saved games.
std::string read_saved_game(const std::string& path) {
    try {
        return read_text_file(path, SavedGameLimits{}.max_file_bytes, "saved game");
    } catch (const FileError& error) {
        throw UsageError(error.what()); // `cannot read saved game 'PATH': REASON`
    }
}

// The players on the command line must be the saved game's, in its order: a saved game does not
// say who is a person and who the computer, so -p and -c say it again.
void check_resumed_players(const PlayOptions& options, const std::vector<std::string>& saved) {
    std::vector<std::string> given;
    for (const Seat& seat : options.seats) {
        given.push_back(seat.name);
    }
    if (given == saved) {
        return;
    }
    std::string list;
    for (std::size_t i = 0; i < saved.size(); ++i) {
        list += fmt::format("{}{}", i == 0 ? "" : ", ", shown_answer(saved[i]));
    }
    throw UsageError(fmt::format("saved game '{}' is played by {} (in this order): name each of "
                                 "them with -p NAME for a person or -c NAME for the computer",
                                 options.resume_path, list));
}

// Turns what the library refuses in a saved game into a usage error naming the file, with a
// reminder of what resuming needs.
template <class Load>
auto load_saved(const PlayOptions& options, Load&& load) {
    try {
        return load();
    } catch (const Error& error) {
        throw UsageError(fmt::format("saved game '{}': {} (resume with the rule flags, "
                                     "--pick-dice and --may-stay the game was played with)",
                                     options.resume_path, error.what()));
    }
}

// A resumed game must be one under way, played to --play-to-last as the command line says.
template <class GameType>
void check_resumed_game(const PlayOptions& options, const GameType& game) {
    if (game.status() != GameStatus::not_started && game.status() != GameStatus::in_progress) {
        const GameResult result = game.result();
        throw UsageError(fmt::format("saved game '{}': the game is over after {} turns{}: there "
                                     "is nothing to resume (start a new game without --resume)",
                                     options.resume_path, result.turns,
                                     result.winner ? ", won by " + *result.winner : ""));
    }
    if (game.config().play_to_last() != options.rules.play_to_last) {
        throw UsageError(fmt::format("saved game '{}': the game was played {}--play-to-last: "
                                     "resume it {} the flag",
                                     options.resume_path,
                                     game.config().play_to_last() ? "with " : "without ",
                                     game.config().play_to_last() ? "with" : "without"));
    }
}

// --- The game -----------------------------------------------------------------------------------

// The turn's line of the log: the library's, with the dice picked named as people know them
// (`rolls 8 with two dice`, not by their index in the game's Choices, `with dice 1`).
std::string log_text(const TurnRecord& record) {
    static const std::array<std::string, 2> dice_names{"one die", "two dice"};
    return fmt::format("{}", with_dice_names(record, dice_names));
}

// The settings of every game: one player may play alone, and a game where players decide stops
// at choice_turn_limit.
template <class Config>
Config game_config(const PlayOptions& options) {
    const auto config = options.rules.config<Config>();
    GameSettings settings = config.settings();
    settings.min_players = 1;
    if (options.choices.any()) {
        settings.turn_limit = choice_turn_limit;
    }
    return Config(settings, config.house_rules());
}

// What a game came to, and its board, for the next game when the players play again.
template <class Config>
struct Played {
    Stop stop = Stop::finished;
    GameResult result;
    Board<Config> board;
};

// How many turns one player needs on average to get home on `board` under the rules, for a
// game played alone; nothing when it cannot be worked out (a board too large for the analysis).
template <class Config>
std::optional<double> average_turns(const Board<Config>& board, const Config& config) {
    try {
        return expected_turns(board, FairDice<>(), config.house_rules()).from_start;
    } catch (const Error&) {
        return std::nullopt;
    }
}

// The lines above the board: the board and the rules, the choices, the players.
template <class GameType>
std::vector<std::string> header_lines(const PlayOptions& options, const GameType& game,
                                      bool resumed, std::uint64_t seed,
                                      const std::vector<std::string>& labels) {
    using Config = typename GameType::config_type;
    const auto& config = game.config();
    std::vector<std::string> header;
    const std::string what =
        resumed ? fmt::format("resuming {} after {} turn{}",
                              std::filesystem::path(options.resume_path).filename().string(),
                              game.turns(), game.turns() == 1 ? "" : "s")
                : board_name(options.board);
    header.push_back(fmt::format(
        "snakeladder-play: {} ({} squares), {}, {}{}{}{}", what, game.board().size(),
        Config::overshoot_rule::name, Config::chain_rule::name,
        config.play_to_last() ? ", play to last" : "", options.rules.describe_house_rules(),
        resumed ? std::string() : fmt::format(", seed {}", seed)));
    if (options.choices.any()) {
        header.push_back(fmt::format("Players decide: {}", options.choices.describe()));
    }
    const std::vector<std::string>& names = game.players();
    if (names.size() == 1) {
        std::string solo = "One player: get home in as few turns as you can";
        if constexpr (!decides<GameType>) {
            if (const std::optional<double> average = average_turns(game.board(), config)) {
                solo += fmt::format("; it takes {:.1f} turns on average", *average);
            }
        }
        header.push_back(solo + ".");
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
    return header;
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

// The seats of a game where players decide: persons, and computer players of their levels.
template <class BoardConfig>
std::vector<snakeladder::Seat>
choice_seats(const PlayOptions& options, const BasicBoard<BoardConfig>& board,
             const Choices<FairDice<>>& choices, std::uint64_t seed) {
    std::vector<snakeladder::Seat> seats;
    std::optional<OptimalPolicy> best;
    for (std::size_t i = 0; i < options.seats.size(); ++i) {
        const Seat& seat = options.seats[i];
        seats.push_back(seat.computer ? computer_seat(seat.name, seat.level, board, choices,
                                                      options.rules, seed + 2 + i, best)
                                      : person(seat.name));
    }
    return seats;
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
            fmt::print("{} on {}: roll one die or two? [1/2, Enter rolls one, q to quit]: ", player,
                       square);
        } else {
            fmt::print("{} rolls {} (moving: {}). Move or stay? [m/s, Enter moves, q to quit]: ",
                       player, state.roll, move_preview(game, state));
        }
        std::string line;
        if (const std::optional<Stop> stop = read_answer(line)) {
            return {std::nullopt, *stop};
        }
        const std::string answer = normalised(line);
        // Enter alone takes one die, as it moves at the next prompt: a child pressing Enter
        // throughout plays on.
        if (picking && (answer.empty() || answer == "1" || answer == "2")) {
            return {Action::roll_with(answer == "2" ? 1 : 0), Stop::finished};
        }
        if (!picking && (answer.empty() || answer == "m" || answer == "move")) {
            return {Action::move(), Stop::finished};
        }
        if (!picking && (answer == "s" || answer == "stay")) {
            return {Action::stay(), Stop::finished};
        }
        say_not_an_answer(line, picking ? "1 (or Enter) for one die, 2 for two dice, or q to quit"
                                        : "m (or Enter) to move, s to stay, or q to quit");
    }
}

// What the person due answers: in the standard game, Enter to roll; where players decide, a
// decision at the prompt (or, with --auto, one die and always move).
template <class GameType>
Answer answer_of(const PlayOptions& options, const GameType& game, const std::string& player) {
    if constexpr (decides<GameType>) {
        if (options.automatic) {
            return {game.state().point == DecisionPoint::choose_dice ? Action::roll_with(0)
                                                                     : Action::move(),
                    Stop::finished};
        }
        return ask_person(game, player);
    } else {
        if (const std::optional<Stop> stop = wait_for_enter(player)) {
            return {std::nullopt, *stop};
        }
        return {Action::move(), Stop::finished};
    }
}

// The person the game waits for, if any: in the standard game, a person due to roll (none with
// --auto: every turn rolls alone); where players decide, a person due to decide.
template <class GameType>
std::optional<std::string> person_to_ask(const PlayOptions& options, const GameType& game) {
    if constexpr (decides<GameType>) {
        return game.person_due();
    } else {
        const std::size_t seat = game.current_seat();
        if (options.automatic || options.seats[seat].computer) {
            return std::nullopt;
        }
        return game.players()[seat];
    }
}

// Plays a game, of either kind: the person due answers (Enter to roll, or a decision), and
// everything else rolls alone (computer players, and a person's roll once decided). The game is
// saved (--save) before the first turn, after every turn and when it stops.
template <class GameType>
Stop play_turns(const PlayOptions& options, GameType& game, Screen& screen) {
    save(options, game);
    screen.show(game, nullptr);
    while (game.status() == GameStatus::not_started || game.status() == GameStatus::in_progress) {
        if (interrupt_requested != 0) {
            return Stop::interrupted;
        }
        std::optional<TurnRecord> record;
        if (const std::optional<std::string> player = person_to_ask(options, game)) {
            const Answer answer = answer_of(options, game, *player);
            if (!answer.action) {
                return answer.stop;
            }
            if constexpr (decides<GameType>) {
                record = game.take_turn(*player, *answer.action);
            } else {
                record = game.take_turn(*player);
            }
        } else {
            if (screen.redraws()) {
                pause_for(std::chrono::milliseconds(options.delay_ms)); // let people follow
                if (interrupt_requested != 0) {
                    return Stop::interrupted;
                }
            }
            record = game.play_turn(); // a computer's turn, or a person's roll
        }
        if (record) {
            screen.show(game, &*record);
            save(options, game);
        }
    }
    return Stop::finished;
}

// --- One game, and the next -------------------------------------------------------------------

// A new game on `board` with dice seeded from `seed`: a die, or the choices and the seats of a
// game where players decide.
template <class GameType, class Config>
GameType new_game(const PlayOptions& options, Board<Config> board, const Config& config,
                  std::uint64_t seed) {
    if constexpr (decides<GameType>) {
        const Choices<FairDice<>> choices = options.choices.choices(seed);
        std::vector<snakeladder::Seat> seats = choice_seats(options, board, choices, seed);
        return build_game(
            [&] {
                return GameType(std::move(board), choices, std::move(seats), config.house_rules());
            },
            options);
    } else {
        std::vector<std::string> names;
        for (const Seat& seat : options.seats) {
            names.push_back(seat.name);
        }
        return build_game(
            [&] {
                return GameType(std::move(board), FairDice<>::seeded(seed), names,
                                config.house_rules());
            },
            options);
    }
}

// The game saved in `text` (--resume), continued with the saved dice: a die, or the choices
// and seats of a game where players decide.
template <class GameType, class Config>
GameType resumed_game(const PlayOptions& options, const std::string& text, const Config& config,
                      std::uint64_t seed) {
    if constexpr (decides<GameType>) {
        // The computer players need the board before the game is loaded: read from the saved
        // game's header. When the rules refuse it, every seat is a person, and the loader says
        // what is wrong.
        const Choices<FairDice<>> choices = options.choices.choices(seed);
        std::vector<snakeladder::Seat> seats;
        try {
            const SavedGameHeader header = read_saved_game_header(text);
            using BoardConfig = typename Board<Config>::config_type;
            const Board<Config> board(
                header.jumps, BoardConfig(config.settings()).with_size(header.settings.size));
            seats = choice_seats(options, board, choices, seed);
        } catch (const Error&) {
            seats.clear();
            for (const Seat& seat : options.seats) {
                seats.push_back(person(seat.name));
            }
        }
        return load_saved(options, [&] {
            return load_game<GameType>(text, choices, std::move(seats), config.house_rules());
        });
    } else {
        return load_saved(
            options, [&] { return load_game<GameType>(text, FairDice<>(), config.house_rules()); });
    }
}

// Plays one game, new or resumed (`saved`, the text of --resume's file), and prints how it
// ended and the standings.
template <class GameType>
Played<typename GameType::config_type>
play_one(const PlayOptions& options, std::optional<Board<typename GameType::config_type>> board,
         const std::string* saved, std::uint64_t seed) {
    using Config = typename GameType::config_type;
    const auto config = game_config<Config>(options);
    GameType game = saved != nullptr ? resumed_game<GameType>(options, *saved, config, seed)
                                     : new_game<GameType>(options, std::move(*board), config, seed);
    if (saved != nullptr) {
        check_resumed_game(options, game);
    }
    const std::vector<std::string> labels = token_labels(game.players());
    Screen screen(options, header_lines(options, game, saved != nullptr, seed, labels), labels);
    const Stop stop = play_turns(options, game, screen);
    save(options, game);
    const GameResult result = game.result();

    const std::string_view turns = result.turns == 1 ? "turn" : "turns";
    if (stop != Stop::finished) {
        const char* why = stop == Stop::end_of_input    ? "end of input"
                          : stop == Stop::quit          ? "a player quit"
                          : stop == Stop::line_too_long ? "a line of input too long"
                                                        : "interrupted";
        fmt::print("Game stopped after {} {} ({}). Standings so far:\n", result.turns, turns, why);
    } else if (result.status == GameStatus::turn_limit_reached) {
        fmt::print("Game stopped at the turn limit after {} {}. Standings:\n", result.turns, turns);
    } else if (game.players().size() == 1) {
        std::string average;
        if constexpr (!decides<GameType>) {
            if (const std::optional<double> turns_on_average =
                    average_turns(game.board(), config)) {
                average = fmt::format(" (on average it takes {:.1f})", *turns_on_average);
            }
        }
        fmt::print("{} is home after {} {}{}. Final standings:\n", result.winner.value_or("nobody"),
                   result.turns, turns, average);
    } else if (game.config().play_to_last()) {
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
    return {stop, result, game.board()};
}

// Plays the game of the command line, then, while the players want to, another: with the same
// players, board and rules, and the next seed (--seed given) or a fresh one.
template <class GameType>
int play_games(const PlayOptions& options) {
    using Config = typename GameType::config_type;
    std::optional<Board<Config>> board;
    std::optional<std::string> saved;
    if (options.resume_path.empty()) {
        board = load_board(options.board, typename Board<Config>::config_type(
                                              game_config<Config>(options).settings()));
        if (options.show_board && board->size() > max_drawn_squares) {
            throw UsageError(fmt::format("the board has {} squares, too many to draw (at most "
                                         "{}); play it with --no-board",
                                         board->size(), max_drawn_squares));
        }
    } else {
        saved = read_saved_game(options.resume_path);
        const SavedGameHeader header =
            load_saved(options, [&] { return read_saved_game_header(*saved); });
        check_resumed_players(options, header.players);
    }
    // Play again is asked of people at the table, not after --auto.
    const bool ask =
        !options.automatic && std::any_of(options.seats.begin(), options.seats.end(),
                                          [](const Seat& seat) { return !seat.computer; });
    std::uint64_t seed = options.seed;
    for (;;) {
        Played<Config> played =
            play_one<GameType>(options, std::move(board), saved ? &*saved : nullptr, seed);
        if (played.stop == Stop::line_too_long) {
            fmt::print(stderr,
                       "snakeladder-play: a line of input holds more than {} bytes, the most "
                       "read\n",
                       max_line_bytes);
            return 1;
        }
        if (played.stop == Stop::interrupted) {
            return 128 + SIGINT; // as a shell reports a program stopped by Ctrl-C
        }
        if (played.stop != Stop::finished || !ask || !play_again()) {
            return 0;
        }
        board = std::move(played.board);
        saved.reset();
        seed = options.seeded ? seed + 1 : fresh_seed();
    }
}

template <class Config>
int play(const PlayOptions& options) {
    check_player_names(options.seats);
    return options.choices.any() ? play_games<ChoiceGame<Config>>(options)
                                 : play_games<StandardGame<Config>>(options);
}

// The flags run() reads after parsing, and the names they collect.
struct PlayFlags {
    std::vector<std::string> humans;
    std::vector<std::string> computers;
    bool no_board = false;
    CLI::Option* human = nullptr;
    CLI::Option* computer = nullptr;
    CLI::Option* board = nullptr;
    CLI::Option* level = nullptr;
    CLI::Option* seed = nullptr;
};

// Who plays, on what board, under which rules and choices.
void add_player_flags(CLI::App& app, PlayOptions& options, PlayFlags& flags) {
    const std::string players = "Players";
    flags.human = app.add_option("-p,--player", flags.humans,
                                 "A person, who presses Enter to roll (repeat for each player)")
                      ->allow_extra_args(false)
                      ->group(players)
                      ->option_text("NAME");
    flags.computer =
        app.add_option("-c,--computer", flags.computers,
                       "A computer player, who rolls alone (repeat for each); when players "
                       "decide, @LEVEL chooses how it plays")
            ->allow_extra_args(false)
            ->group(players)
            ->option_text("NAME[@LEVEL]");
    flags.board =
        app.add_option("-b,--board", options.board,
                       "`classic` (the default) or a board file (lines: size N, ladder A-B, "
                       "snake A-B)")
            ->group(board_and_rules_group)
            ->option_text("FILE");
    add_rule_flags(app, options.rules, true);
    add_choice_flags(app, options.choices);
    flags.level =
        app.add_option("--level", options.level,
                       "How computer players without @LEVEL play: random, greedy (the best "
                       "square now) or optimal (the fewest turns; the default, greedy under "
                       "house rules)")
            ->check(CLI::IsMember(level_names))
            ->group(deciding_group)
            ->option_text("LEVEL");
}

// How the game is played and saved.
void add_playing_flags(CLI::App& app, PlayOptions& options, PlayFlags& flags) {
    const std::string playing = "Playing";
    const std::string saving = "Saving";
    flags.seed =
        app.add_option("--seed", options.seed,
                       "Seed of the dice: the same seed replays the game (default: a fresh "
                       "one); a game played again takes the next seed")
            ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()))
            ->group(playing)
            ->option_text("S");
    app.add_flag("--auto", options.automatic,
                 "Play every turn without waiting for Enter, and one game only (when players "
                 "decide, people take one die and always move)")
        ->group(playing);
    app.add_flag("--no-board", flags.no_board, "Print only the log lines, not the board each turn")
        ->group(playing);
    app.add_flag("--unicode", options.unicode_arrows, "Mark ladders and snakes with arrows")
        ->group(playing);
    app.add_option("--delay", options.delay_ms,
                   "Pause before a computer's roll on a terminal, in milliseconds (0 to 10000, "
                   "default 300)")
        ->check(whole_number(0, 10'000))
        ->group(playing)
        ->option_text("MS");
    app.add_option("--save", options.save_path,
                   "Write the game to FILE before the first turn, after every turn and when it "
                   "stops (each write replaces the file whole)")
        ->group(saving)
        ->option_text("FILE");
    CLI::Option* resume_flag =
        app.add_option("--resume", options.resume_path,
                       "Continue the game saved in FILE, with its board and dice; name its "
                       "players again, in order, with -p and -c, and give its rule flags")
            ->group(saving)
            ->option_text("FILE");
    resume_flag->excludes(flags.board)->excludes(flags.seed);
}

// Each computer player's level when players decide: NAME@LEVEL, else --level (`level_given`),
// else the best play (greedy under house rules, where the best play is not solved). A usage
// problem for a level that is unknown, or that means nothing when players do not decide.
std::optional<std::string> assign_levels(PlayOptions& options, bool level_given) {
    if (!options.choices.any()) {
        // Without decisions every player just rolls: a level would be silently ignored, or
        // taken as part of the name. An @ in a computer's name means a level with decisions, so
        // it means one here too, known level or not, rather than a name with an @ in it.
        for (const Seat& seat : options.seats) {
            const std::size_t at = seat.name.rfind('@');
            if (!seat.computer || at == std::string::npos) {
                continue;
            }
            const std::string level = seat.name.substr(at + 1);
            const bool known =
                std::find(level_names.begin(), level_names.end(), level) != level_names.end();
            return fmt::format("-c {}: {}a computer player's level only matters when players "
                               "decide (--pick-dice or --may-stay). Without them every player "
                               "just rolls: give the name alone, -c {}",
                               seat.name,
                               known ? ""
                                     : fmt::format("'{}' is not a level (random, greedy or "
                                                   "optimal), and ",
                                                   level),
                               seat.name.substr(0, at));
        }
    } else {
        if (!level_given) {
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
                return fmt::format("-c {}@{}: the level after @ must be random, greedy or "
                                   "optimal",
                                   seat.name, seat.level);
            }
        }
    }
    return std::nullopt;
}

int run(int argc, char** argv) {
    CLI::App app("Snakes and ladders in the terminal, for 1 to 8 players. Players sit in the\n"
                 "order they are given; people press Enter to roll, computer players roll on\n"
                 "their own.",
                 "snakeladder-play");
    app.formatter(std::make_shared<HelpFormatter>());
    PlayOptions options;
    PlayFlags flags;
    add_player_flags(app, options, flags);
    add_playing_flags(app, options, flags);
    app.footer(fmt::format(
        "At the prompt: Enter rolls; q, quit or exit (in any case) stops the game and prints\n"
        "the standings so far, as end of input and Ctrl-C do. Anything else is named and the\n"
        "prompt asked again. After a game with a person, \"Play again? [y/n]\" starts another\n"
        "with the same players and rules.\n"
        "Exit status: 0 when the game ends or is stopped, 130 after Ctrl-C, 1 when the game\n"
        "cannot be written or a line of input holds more than {} bytes, 2 for a bad flag,\n"
        "board file, player list or saved game.\n"
        "\n"
        "Examples:\n"
        "  snakeladder-play -p Ana -c Ben               Ana against the computer\n"
        "  snakeladder-play -p Ana                      Ana alone, counting her turns\n"
        "  snakeladder-play -p Ana -p Bo --knock-back --save game.txt\n"
        "  snakeladder-play -p Ana -p Bo --knock-back --resume game.txt --save game.txt\n"
        "  snakeladder-play -p Ana -c Cpu@greedy --pick-dice --may-stay",
        max_line_bytes));

    if (const std::optional<int> status = parse_command_line(app, argc, argv)) {
        return *status;
    }
    // The seats in command-line order, humans and computers interleaved as given.
    std::size_t next_human = 0;
    std::size_t next_computer = 0;
    for (const CLI::Option* option : app.parse_order()) {
        if (option == flags.human) {
            options.seats.push_back({flags.humans.at(next_human++), false, {}});
        } else if (option == flags.computer) {
            options.seats.push_back({flags.computers.at(next_computer++), true, {}});
        }
    }
    options.show_board = !flags.no_board;
    if (const std::optional<std::string> problem =
            assign_levels(options, flags.level->count() != 0)) {
        return report_usage_error(app, *problem);
    }
    options.seeded = flags.seed->count() != 0;
    if (!options.seeded) {
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
