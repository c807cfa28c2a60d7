// What snakeladder-play and snakeladder-analyze share: the rule flags, the step from rule names
// given at run time to the compile-time policies, reading a board, checking that output was
// written, and reporting a bad command line (its message and the usage on standard error, exit
// status 2).
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace snakeladder::examples {

/// The exit status for a bad flag, a bad board file or a bad player list.
inline constexpr int usage_error_status = 2;

/// Input the user must fix (a board file that cannot be read, a player list the game refuses):
/// reported like a bad flag, with the usage and exit status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// --- The rules, as chosen on the command line ---------------------------------------------------

enum class OvershootChoice { exact, bounce, wins };
enum class ChainChoice { reject, follow, single };

inline const std::vector<std::string> overshoot_names{"exact", "bounce", "wins"};
inline const std::vector<std::string> chain_names{"reject", "follow", "single"};

inline OvershootChoice overshoot_choice(std::string_view name) {
    return name == "bounce" ? OvershootChoice::bounce
           : name == "wins" ? OvershootChoice::wins
                            : OvershootChoice::exact;
}
inline ChainChoice chain_choice(std::string_view name) {
    return name == "follow"   ? ChainChoice::follow
           : name == "single" ? ChainChoice::single
                              : ChainChoice::reject;
}

// --- Numbers ----------------------------------------------------------------------------------

/// Accepts plain decimal numbers in [low, high] only. CLI11 2.1 would read "-3" into an
/// unsigned option as 2^64 - 3 and clamp numbers that are too large; this refuses both.
template <class T>
CLI::Validator whole_number(T low, T high) {
    return CLI::Validator(
        [low, high](std::string& text) -> std::string {
            T value{};
            const char* const end = text.data() + text.size();
            const auto [stop, error] = std::from_chars(text.data(), end, value);
            if (text.empty() || error != std::errc{} || stop != end || value < low ||
                value > high) {
                return fmt::format("'{}' is not a whole number from {} to {}", text, low, high);
            }
            return {};
        },
        // The range in the help, unless it is just "any number this type holds".
        high == std::numeric_limits<T>::max() ? std::string() : fmt::format("{}..{}", low, high));
}

/// Every rule a game or an analysis is asked to use. The policies (overshoot, chains) become
/// template arguments through with_rules(); the settings go into GameSettings, and the house
/// rules into ChosenHouseRules, the house-rule policy with run-time switches (one compiled game
/// for all eight combinations instead of eight).
struct RuleChoice {
    std::string overshoot = "exact";
    std::string chains = "reject";
    bool play_to_last = false;
    HouseRuleSwitches house;

    [[nodiscard]] GameSettings settings() const {
        GameSettings settings;
        settings.play_to_last = play_to_last;
        return settings;
    }

    /// The whole configuration, house rules included when `Config` takes them at run time.
    template <class Config>
    [[nodiscard]] Config config() const {
        if constexpr (std::is_same_v<typename Config::house_rule_policy, ChosenHouseRules>) {
            return Config(settings(), ChosenHouseRules(house));
        } else {
            return Config(settings());
        }
    }

    /// The house rules switched on, as `, extra turn on the top roll (3 in a row forfeit), ...`.
    [[nodiscard]] std::string describe_house_rules() const {
        std::string text;
        if (house.forfeit_streak != 0) {
            text += fmt::format(", extra turn on the top roll ({} in a row forfeit)",
                                house.forfeit_streak);
        }
        if (house.max_roll_to_start) {
            text += ", six to start";
        }
        if (house.knock_back) {
            text += ", knock-back";
        }
        return text;
    }
};

/// The help's groups, shared by both programs so their --help reads alike.
inline const std::string board_and_rules_group = "Board and rules";
inline const std::string house_rules_group = "House rules";
inline const std::string deciding_group = "Players who decide";

/// Registers --overshoot, --chains and the house-rule flags (and --play-to-last when
/// `with_play_to_last`: it belongs to a game; the analysis is about the first player home).
/// Each value is named by hand (`RULE`, `[=N]`) so the help shows no CLI11 markers.
inline void add_rule_flags(CLI::App& app, RuleChoice& rules, bool with_play_to_last) {
    app.add_option("--overshoot", rules.overshoot,
                   "A roll past home: exact (forfeited; the default), bounce (back by the "
                   "excess), wins")
        ->check(CLI::IsMember(overshoot_names))
        ->group(board_and_rules_group)
        ->option_text("RULE");
    app.add_option("--chains", rules.chains,
                   "A jump that ends on a jump: reject (refuse the board; the default), follow, "
                   "single")
        ->check(CLI::IsMember(chain_names))
        ->group(board_and_rules_group)
        ->option_text("RULE");
    if (with_play_to_last) {
        app.add_flag("--play-to-last", rules.play_to_last,
                     "Play on after the winner until one player is left")
            ->group(board_and_rules_group);
    }
    // --extra-turn alone means 3 in a row; --extra-turn=N chooses N.
    app.add_flag("--extra-turn{3}", rules.house.forfeit_streak,
                 "The top roll (the dice's highest: a six on one die) rolls again; the 3rd in a "
                 "row, or the Nth (2 to 1000), forfeits the turn")
        ->check(whole_number(2, 1000))
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast) // not their sum
        ->group(house_rules_group)
        ->option_text("[=N]");
    app.add_flag("--six-to-start", rules.house.max_roll_to_start,
                 "A token leaves square 0 only with the top roll")
        ->group(house_rules_group);
    app.add_flag("--knock-back", rules.house.knock_back,
                 "Ending a move on another token's square sends it back to 0")
        ->group(house_rules_group);
}

/// CLI11's help, made readable: no marker of a flag's value when given alone
/// (`--extra-turn{3}`; the option's text `[=N]` says it, attached to the name), and one blank
/// line between groups instead of two.
class HelpFormatter : public CLI::Formatter {
public:
    [[nodiscard]] std::string make_help(const CLI::App* app, std::string name,
                                        CLI::AppFormatMode mode) const override {
        std::string help = CLI::Formatter::make_help(app, std::move(name), mode);
        for (std::size_t at = help.find("\n\n\n"); at != std::string::npos;
             at = help.find("\n\n\n", at)) {
            help.erase(at, 1);
        }
        return help;
    }
    [[nodiscard]] std::string make_option_name(const CLI::Option* option,
                                               bool positional) const override {
        std::string name = CLI::Formatter::make_option_name(option, positional);
        for (std::size_t open = name.find('{'); open != std::string::npos; open = name.find('{')) {
            const std::size_t close = name.find('}', open);
            if (close == std::string::npos) {
                break;
            }
            name.erase(open, close - open + 1);
        }
        return name;
    }
    [[nodiscard]] std::string make_option_opts(const CLI::Option* option) const override {
        const std::string& text = option->get_option_text();
        if (text.empty() || text.starts_with("[")) {
            return text;
        }
        return " " + text;
    }
};

// --- Games where players decide ---------------------------------------------------------------

/// The choice variants on the command line (decisions.hpp): before each roll, one six-sided die
/// or two (--pick-dice); after seeing the roll, move or stay (--may-stay).
struct ChoiceFlags {
    bool pick_dice = false;
    bool may_stay = false;

    [[nodiscard]] bool any() const noexcept { return pick_dice || may_stay; }

    /// The choices: dice 0 is one die, dice 1 (with --pick-dice) two dice. The first rolls from
    /// `seed`, the second from the seed after it.
    [[nodiscard]] Choices<FairDice<>> choices(std::uint64_t seed = 0) const {
        Choices<FairDice<>> choices{{FairDice<>::seeded(seed, {.sides = 6})}, may_stay};
        if (pick_dice) {
            choices.dice.push_back(FairDice<>::seeded(seed + 1, {.sides = 6, .count = 2}));
        }
        return choices;
    }

    /// `one die or two before each roll, may stay after it`.
    [[nodiscard]] std::string describe() const {
        std::string text = pick_dice ? "one die or two before each roll" : "one die";
        if (may_stay) {
            text += pick_dice ? ", may stay after it" : ", may stay after the roll";
        }
        return text;
    }
};

/// Registers --pick-dice and --may-stay.
inline void add_choice_flags(CLI::App& app, ChoiceFlags& flags) {
    app.add_flag("--pick-dice", flags.pick_dice, "Before each roll, one die or two")
        ->group(deciding_group);
    app.add_flag("--may-stay", flags.may_stay, "After seeing the roll, move or stay")
        ->group(deciding_group);
}

template <class F>
decltype(auto) with_overshoot(OvershootChoice choice, F&& f) {
    switch (choice) {
    case OvershootChoice::bounce:
        return std::forward<F>(f)(std::type_identity<BounceBack>{});
    case OvershootChoice::wins:
        return std::forward<F>(f)(std::type_identity<OvershootWins>{});
    case OvershootChoice::exact:
        break;
    }
    return std::forward<F>(f)(std::type_identity<ExactFinish>{});
}

template <class F>
decltype(auto) with_chains(ChainChoice choice, F&& f) {
    switch (choice) {
    case ChainChoice::follow:
        return std::forward<F>(f)(std::type_identity<FollowChains>{});
    case ChainChoice::single:
        return std::forward<F>(f)(std::type_identity<SingleJump>{});
    case ChainChoice::reject:
        break;
    }
    return std::forward<F>(f)(std::type_identity<RejectChains>{});
}

/// Calls `f(std::type_identity<GameConfig<O, C, House>>{})` with the policies the names choose,
/// so `f` is instantiated once for each of the 3 x 3 combinations and the game itself runs with
/// its rules fixed at compile time. Every instantiation of `f` must return the same type.
template <HouseRulePolicy House = NoHouseRules, class F>
decltype(auto) with_rules(const RuleChoice& rules, F&& f) {
    return with_overshoot(overshoot_choice(rules.overshoot), [&](auto overshoot) -> decltype(auto) {
        return with_chains(chain_choice(rules.chains), [&](auto chains) -> decltype(auto) {
            using Config = GameConfig<typename decltype(overshoot)::type,
                                      typename decltype(chains)::type, House>;
            return f(std::type_identity<Config>{});
        });
    });
}

// --- Boards -----------------------------------------------------------------------------------

/// The board named on the command line: the word `classic`, or a board file in the text format
/// of board_text.hpp, under the rules of `config`. A file that cannot be read (FileError), a
/// mistake in it (ParseError, with line and column) or a board the rules refuse (InvalidBoard)
/// is a UsageError; the library's message names the file. The library reads at most
/// max_board_file_bytes of it, counted as it reads, so a file without end (/dev/zero, a pipe)
/// is refused too: `cannot read board file '/dev/zero': it holds more than 536870912 bytes, the
/// most read`.
template <class Config>
Board<Config> load_board(const std::string& source, const Config& config) {
    if (source == "classic") {
        return classic(config);
    }
    try {
        return load_board_file(source, config);
    } catch (const Error& error) {
        throw UsageError(error.what());
    }
}

/// A board's name for titles: `classic`, or the file name without its directory.
inline std::string board_name(const std::string& source) {
    if (source == "classic") {
        return "classic board";
    }
    return std::filesystem::path(source).filename().string();
}

// --- Output -----------------------------------------------------------------------------------

/// `cannot write WHAT to WHERE: REASON`, the message of every output that failed; the reason is
/// the system's, from `error_number` (errno), or a general one when it is not known (0).
inline std::string write_failure(std::string_view what, std::string_view where, int error_number) {
    return fmt::format("cannot write {} to {}: {}", what, where,
                       error_number != 0 ? std::generic_category().message(error_number)
                                         : std::string("a write failed"));
}

/// Flushes `stream` and throws std::runtime_error (write_failure) unless everything written to
/// it so far has been written. The C library keeps a failed write to itself (a full disk,
/// /dev/full) until asked, so every program's output goes through this: after a large write,
/// and once at the end. `what` and `where` name the output in the message; the reason is known
/// when this flush fails, not when an earlier one did (errno is no longer trusted then).
inline void check_written(std::FILE* stream, std::string_view what, std::string_view where) {
    errno = 0;
    const bool flushed = std::fflush(stream) == 0;
    const int error_number = flushed ? 0 : errno; // a successful flush may leave errno set
    if (!flushed || std::ferror(stream) != 0) {
        throw std::runtime_error(write_failure(what, where, error_number));
    }
}

/// check_written on standard output.
inline void check_standard_output(std::string_view what) {
    check_written(stdout, what, "standard output");
}

/// Writes `contents` to the file at `path` (a picture, `what`) and says so on standard error; a
/// file that cannot be opened, written or closed throws std::runtime_error (write_failure).
inline void write_file(const std::string& path, std::string_view contents, std::string_view what) {
    const std::string where = fmt::format("'{}'", path);
    struct Close {
        void operator()(std::FILE* file) const noexcept { std::fclose(file); }
    };
    errno = 0;
    std::unique_ptr<std::FILE, Close> file(std::fopen(path.c_str(), "wb"));
    if (!file) {
        throw std::runtime_error(write_failure(what, where, errno));
    }
    errno = 0;
    if (std::fwrite(contents.data(), 1, contents.size(), file.get()) != contents.size()) {
        throw std::runtime_error(write_failure(what, where, errno));
    }
    check_written(file.get(), what, where);
    // Closing can still fail (a network file system writes then): that too is a failed write.
    errno = 0;
    if (std::fclose(file.release()) != 0) {
        throw std::runtime_error(write_failure(what, where, errno));
    }
    fmt::print(stderr, "wrote {} to {}\n", what, path);
}

// --- Reporting --------------------------------------------------------------------------------

/// Prints `program: message`, the usage line and a pointer to --help on standard error; returns
/// 2.
inline int report_usage_error(const CLI::App& app, std::string_view message) {
    // The message, the usage line and where the rest is: the whole help would scroll the one
    // line that matters out of sight.
    fmt::print(stderr, "{0}: {1}\n{2}Run '{0} --help' for every flag.\n", app.get_name(), message,
               CLI::Formatter().make_usage(&app, app.get_name()));
    return usage_error_status;
}

/// Parses the command line, with --version added to the program's flags. Returns the exit status
/// when the program should stop now: 0 after --help or --version, 2 (with the message and the
/// usage) for a bad command line. Help or a version that cannot be written throws
/// (check_standard_output).
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
    app.set_version_flag("--version", fmt::format("{} {}", app.get_name(), version_string),
                         "Print the program's name and version, then exit");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        if (error.get_exit_code() == 0) { // --help, --version
            // Through a string, so that the flush that fails is check_standard_output's, which
            // then knows why.
            std::ostringstream out;
            const int status = app.exit(error, out);
            std::fputs(out.str().c_str(), stdout);
            check_standard_output(dynamic_cast<const CLI::CallForVersion*>(&error) != nullptr
                                      ? "the version"
                                      : "the help");
            return status;
        }
        return report_usage_error(app, error.what());
    }
    return std::nullopt;
}

/// Calls `run(argc, argv)` and returns its exit status; an exception that escapes it (running
/// out of memory, say) is reported on standard error with exit status 1, without anything in
/// the report that could throw again.
inline int run_main(int (*run)(int, char**), int argc, char** argv, const char* program) noexcept {
    try {
        return run(argc, argv);
    } catch (const std::exception& error) {
        std::fputs(program, stderr);
        std::fputs(": ", stderr);
        std::fputs(error.what(), stderr);
        std::fputs("\n", stderr);
    } catch (...) {
        std::fputs(program, stderr);
        std::fputs(": unexpected error\n", stderr);
    }
    return 1;
}

// --- Dice named on the command line (--dice) ----------------------------------------------------

/// The dice of `--dice`: `NdS`, N fair dice of S sides rolled together (`d6`, `2d6`, `1d20`; N
/// defaults to 1), or `loaded:W1,W2,...`, one die whose face f has weight Wf (its chance is Wf
/// over the sum of the weights; `loaded:1,1,1,1,1,5` rolls a 6 half the time).
struct DiceSpec {
    /// The most dice, faces or highest roll accepted: a larger die only makes the analysis slow.
    static constexpr int max_count = 100;
    static constexpr int max_roll = 10'000;
    static constexpr std::int64_t max_weight = 1'000'000'000'000;

    bool loaded = false;
    int count = 1;                     // fair dice: how many
    int sides = 6;                     // fair dice: faces of each; loaded: the number of weights
    std::vector<std::int64_t> weights; // loaded: face f's weight at f - 1

    /// One six-sided die, the game's own.
    [[nodiscard]] bool is_default() const noexcept { return !loaded && count == 1 && sides == 6; }

    /// `one six-sided die`, `two six-sided dice`, `one twenty-sided die`, `two 30-sided dice`, `a
    /// loaded six-sided die (weights 1,1,1,1,1,5)`.
    [[nodiscard]] std::string describe() const {
        const auto word = [](int n) {
            static const std::array<const char*, 21> words{
                "zero",     "one",     "two",     "three",     "four",     "five",     "six",
                "seven",    "eight",   "nine",    "ten",       "eleven",   "twelve",   "thirteen",
                "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
            return n >= 0 && n <= 20 ? std::string(words[static_cast<std::size_t>(n)])
                                     : fmt::format("{}", n);
        };
        if (loaded) {
            return fmt::format("a loaded {}-sided die (weights {})", word(sides),
                               fmt::join(weights, ","));
        }
        return fmt::format("{} {}-sided {}", word(count), word(sides), count == 1 ? "die" : "dice");
    }

    /// Calls `f(dice)` with these dice as FairDice<> or LoadedDice<>.
    template <class F>
    decltype(auto) visit(F&& f) const {
        if (loaded) {
            return std::forward<F>(f)(LoadedDice<>(weights));
        }
        return std::forward<F>(f)(FairDice<>({.sides = sides, .count = count}));
    }
};

/// A whole number of the --dice text from 0 to `high`, into `value`; false for anything else.
inline bool dice_spec_number(std::string_view digits, std::int64_t high, std::int64_t& value) {
    const char* const end = digits.data() + digits.size();
    const auto [stop, failure] = std::from_chars(digits.data(), end, value);
    return !digits.empty() && digits.front() != '-' && failure == std::errc{} && stop == end &&
           value <= high;
}

/// The weights of loaded:W1,W2,... after the colon (`rest`), as dice; the reason they are
/// refused in `error`.
inline DiceSpec parse_loaded_dice(std::string_view text, std::string_view rest,
                                  std::string& error) {
    DiceSpec spec;
    spec.loaded = true;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        std::int64_t weight = 0;
        if (!dice_spec_number(item, DiceSpec::max_weight, weight)) {
            error = fmt::format("'{}': weight {} ('{}') is not a whole number from 0 to {}", text,
                                spec.weights.size() + 1, item, DiceSpec::max_weight);
            return spec;
        }
        spec.weights.push_back(weight);
        if (spec.weights.size() > static_cast<std::size_t>(DiceSpec::max_roll)) {
            error = fmt::format("'{}': more than {} weights (faces)", text, DiceSpec::max_roll);
            return spec;
        }
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    if (std::all_of(spec.weights.begin(), spec.weights.end(),
                    [](std::int64_t w) { return w == 0; })) {
        error =
            fmt::format("'{}': every weight is 0; at least one face needs a positive weight", text);
        return spec;
    }
    spec.sides = static_cast<int>(spec.weights.size());
    return spec;
}

/// Reads a --dice value; returns the reason it is refused in `error` (empty when accepted).
inline DiceSpec parse_dice_spec(std::string_view text, std::string& error) {
    DiceSpec spec;
    error.clear();
    // "loaded" in any case, as 2D6 is read as 2d6; without its colon it is still loaded dice
    // (and not a count of dice before a 'd').
    constexpr std::string_view loaded_word = "loaded";
    const bool says_loaded =
        text.size() >= loaded_word.size() &&
        std::equal(loaded_word.begin(), loaded_word.end(), text.begin(), [](char word, char given) {
            return word ==
                   (given >= 'A' && given <= 'Z' ? static_cast<char>(given - 'A' + 'a') : given);
        });
    if (says_loaded) {
        if (text.size() == loaded_word.size() || text[loaded_word.size()] != ':') {
            error = fmt::format("'{}': loaded dice take their weights after 'loaded:' (e.g. "
                                "loaded:1,1,1,1,1,5)",
                                text);
            return spec;
        }
        const std::string_view rest = text.substr(loaded_word.size() + 1);
        if (rest.empty()) {
            error = fmt::format("'{}': no weights after 'loaded:' (e.g. loaded:1,1,1,1,1,5)", text);
            return spec;
        }
        return parse_loaded_dice(text, rest, error);
    }
    const std::size_t d = text.find_first_of("dD"); // 2D6 as on a shop's box
    if (d == std::string_view::npos) {
        error = fmt::format("'{}' is not NdS (N dice of S sides, e.g. 2d6) nor loaded:W1,W2,... "
                            "(e.g. loaded:1,1,1,1,1,5)",
                            text);
        return spec;
    }
    std::int64_t count = 1;
    std::int64_t sides = 0;
    const std::string_view count_text = text.substr(0, d);
    const std::string_view sides_text = text.substr(d + 1);
    if (!count_text.empty() && !dice_spec_number(count_text, DiceSpec::max_count, count)) {
        error = fmt::format("'{}': the number of dice '{}' is not a whole number from 1 to {}",
                            text, count_text, DiceSpec::max_count);
    } else if (count < 1) {
        error = fmt::format("'{}': the number of dice must be from 1 to {}, got 0", text,
                            DiceSpec::max_count);
    } else if (sides_text.empty()) {
        error = fmt::format("'{}': the number of sides is missing after 'd' (e.g. 2d6)", text);
    } else if (!dice_spec_number(sides_text, DiceSpec::max_roll, sides) || sides < 2) {
        error = fmt::format("'{}': the number of sides '{}' is not a whole number from 2 to {}",
                            text, sides_text, DiceSpec::max_roll);
    } else if (count * sides > DiceSpec::max_roll) {
        error = fmt::format("'{}': the highest roll, {} x {} = {}, is more than {}", text, count,
                            sides, count * sides, DiceSpec::max_roll);
    }
    spec.count = static_cast<int>(count);
    spec.sides = static_cast<int>(sides);
    return spec;
}

/// The validator of --dice: refuses what parse_dice_spec refuses, with its reason.
inline CLI::Validator dice_spec_check() {
    return CLI::Validator(
        [](std::string& text) {
            std::string error;
            parse_dice_spec(text, error);
            return error;
        },
        "");
}

} // namespace snakeladder::examples
