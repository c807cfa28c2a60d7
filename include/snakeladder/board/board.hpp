// The board: an immutable track of `size` squares and its jump map, validated when built.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "../rules/rules.hpp"
#include "detail/first_named.hpp"
#include "detail/roll_runs.hpp"
#include "detail/trap_search.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace snakeladder {

/// Everything one move did: where it started, the roll, where the overshoot rule put the
/// token (`landed`), where the jumps took it (`end`), which jumps, and whether it is home.
struct Move {
    Square start = 0;
    std::int64_t roll = 0;
    Square landed = 0;
    Square end = 0;
    JumpPath jumps;
    bool blocked = false;
    bool home = false;
    friend constexpr bool operator==(const Move&, const Move&) = default;
};

/// The most moves Board::traps (and the check of Game, simulate and DecisionGame that dice can
/// bring a token home) examines: squares times runs of consecutive rolls (1..6 is one run, {2, 4}
/// two) under an overshoot rule that declares `past_home` (rules/rules.hpp: the library's three
/// do), rolls the rule declares alike (`alike_from`) counting as one. This bounds its time; its
/// memory is a few bytes a square, and a few bytes for each square the longest roll can go past
/// home (when that is more than this limit, as only under a rule declaring `past_home` but no
/// `alike_from`, the rolls are followed one by one, as below). Under an overshoot rule that
/// declares no `past_home` each distinct roll counts, and each move is kept (4 bytes), so this also
/// bounds memory to half a gigabyte. Under house rules, whole turns are followed roll by roll:
/// squares times distinct rolls. A larger question is refused with AnalysisLimitExceeded (an
/// InvalidConfig) naming the call.
inline constexpr std::uint64_t max_trap_moves = detail::trap_move_limit;

namespace detail {
// Refuses, naming `question` (the caller's call and what it asked), a trap search of more than
// max_trap_moves moves.
template <class Overshoot>
void check_trap_search(std::span<const RollRun> runs, Square size, const std::string& question) {
    const std::uint64_t moves = trap_search_moves<Overshoot>(runs, size);
    if (moves > max_trap_moves) {
        const bool by_runs = trap_search_by_distance<Overshoot>(runs);
        std::string instead = by_runs ? "use rolls that form fewer runs (1..6 is one run, 2, 4, 6 "
                                        "three) or a smaller board"
                                      : "use fewer distinct rolls or a smaller board";
        const std::string message = fmt::format(
            "{} would examine {} moves ({} {} from each of {} squares), more than the {} allowed "
            "(max_trap_moves); {}",
            question, moves, by_runs ? runs.size() : roll_count(runs),
            by_runs ? "runs of consecutive rolls" : "distinct rolls", size, max_trap_moves,
            instead);
        throw AnalysisLimitExceeded(static_cast<double>(moves), static_cast<double>(max_trap_moves),
                                    std::move(instead), message);
    }
}
} // namespace detail

namespace detail {
// Ranges spelled with <iterator> alone (std::ranges::begin, end, size and data are declared
// there too), so that the board does not need <ranges> and its views.
template <class R>
using range_iterator_t = decltype(std::ranges::begin(std::declval<const R&>()));
template <class R>
concept const_range = requires(const R& range) {
    std::ranges::begin(range);
    std::ranges::end(range);
};
template <class R>
concept sized_const_range = const_range<R> && requires(const R& range) {
    std::ranges::size(range);
};

[[noreturn]] inline void throw_invalid_board(BoardRule rule, const std::string& message) {
    throw InvalidBoard(rule, message);
}

// The most jumps (or squares of a route) a board's error message names: a cycle may be a million
// jumps long, and its message must still be one short line.
inline constexpr std::size_t max_named_jumps = 8;
} // namespace detail

namespace detail {
// False for every House, but only once House is known: a refused constructor's static_assert
// then fires only when that constructor is called.
template <class House>
inline constexpr bool board_refuses_house_rules = false;
} // namespace detail

/// The track and its jump map. Immutable once built, cheap to query, copyable.
///
/// Its type depends only on the rules a board uses: `Config` is a `GameConfig<Overshoot,
/// Chains>` with no house rules, so one board serves games under any house rules. Spell it
/// `Board<Config>` for any GameConfig (the alias below drops the house rules), and take
/// `const BasicBoard<C>&` in a function template that accepts any board.
///
/// The constructor enforces every rule of the validation table (see InvalidBoard) and works in
/// a constant expression, so a literal board can be proven valid by a `static_assert`.
template <typename Config>
class BasicBoard {
public:
    using config_type = Config;
    using overshoot_rule = typename Config::overshoot_rule;
    using chain_rule = typename Config::chain_rule;

    /// `config` holds the board's settings (size, players, play_to_last, turn_limit) under its
    /// overshoot and chain rules, and no house rules: a board serves games under any, which are
    /// given to the game (`Game(board, dice, names, house_rules)`) or to simulate.
    constexpr explicit BasicBoard(std::vector<Jump> jumps, const Config& config = {})
        : config_(config), jumps_(std::move(jumps)) {
        validate_and_index();
    }
    /// From the settings alone: `Board<Config>(jumps, {.size = 50})`.
    constexpr BasicBoard(std::vector<Jump> jumps, const GameSettings& settings)
        : BasicBoard(std::move(jumps), Config(settings)) {}
    /// From any range of jumps (an array, a span, a list...).
    template <detail::const_range Jumps>
    requires std::convertible_to<std::iter_reference_t<detail::range_iterator_t<Jumps>>, Jump>
    constexpr explicit BasicBoard(const Jumps& jumps, const Config& config = {})
        : BasicBoard(std::vector<Jump>(std::ranges::begin(jumps), std::ranges::end(jumps)),
                     config) {}
    /// A configuration with house rules is refused when the code is compiled: the board would
    /// drop them, and a game built from it would play without them and say nothing.
    template <class Jumps = std::vector<Jump>, class House>
    requires(!std::same_as<House, NoHouseRules>) constexpr BasicBoard(
        const Jumps& /*jumps*/, const GameConfig<overshoot_rule, chain_rule, House>& /*config*/) {
        static_assert(detail::board_refuses_house_rules<House>,
                      "Board(jumps, config): a board keeps no house rules, so build it from "
                      "GameConfig<Overshoot, Chains> or from the settings alone, and give the "
                      "house rules to the game, Game(board, dice, names, house_rules), or to "
                      "simulate");
    }

    /// Number of squares; the last one is home.
    [[nodiscard]] constexpr Square size() const noexcept { return config_.size(); }
    [[nodiscard]] constexpr const Config& config() const noexcept { return config_; }
    /// Every jump, ordered by the square it starts on.
    [[nodiscard]] constexpr std::span<const Jump> jumps() const& noexcept { return jumps_; }
    /// On a temporary board, a copy of the jumps: a view would dangle once the board is gone
    /// (`for (const Jump& jump : classic().jumps())`).
    [[nodiscard]] constexpr std::vector<Jump> jumps() const&& { return jumps_; }

    /// The jump that starts on `square`, or nullptr.
    [[nodiscard]] constexpr const Jump* jump_from(Square square) const noexcept {
        const auto it = std::lower_bound(jumps_.begin(), jumps_.end(), square,
                                         [](const Jump& j, Square s) { return j.start < s; });
        return (it != jumps_.end() && it->start == square) ? &*it : nullptr;
    }

    /// Where a token that lands on `square` comes to rest once the chain rule has been applied.
    [[nodiscard]] constexpr Square resolve(Square landed) const noexcept {
        return rest_[static_cast<std::size_t>(landed)];
    }

    /// Where the overshoot rule puts a token on `from` after `roll`, before any jump (no checks
    /// of `from`, 0..size, or `roll`, at least 1). Throws InvalidConfig when the rule puts the
    /// token off the board: every move of the library goes through here, so a rule's mistake is
    /// an error naming it, never a read outside the board.
    [[nodiscard]] constexpr OvershootOutcome land(Square from, std::int64_t roll) const {
        const OvershootOutcome out = overshoot_rule::apply(from, roll, size());
        if (static_cast<std::uint32_t>(out.landed) > static_cast<std::uint32_t>(size()))
            [[unlikely]] {
            detail::throw_invalid_config(fmt::format(
                "the overshoot rule {} moved a token from square {} with a roll of {} to square "
                "{}, which is not on the board (squares 0..{})",
                overshoot_rule::name, from, roll, out.landed, size()));
        }
        return out;
    }

    /// The fast path: where a token on `from` ends after `roll`. No checks of the arguments:
    /// `from` in 0..size, `roll` at least 1. Used by the game and the simulator on every turn.
    /// Throws InvalidConfig when the overshoot rule puts the token off the board (land).
    [[nodiscard]] constexpr Square advance(Square from, std::int64_t roll) const {
        const OvershootOutcome out = land(from, roll);
        return out.blocked ? from : rest_[static_cast<std::size_t>(out.landed)];
    }

    /// One move with everything it did: the overshoot rule first, then the jumps under the
    /// chain rule (so a bounce that lands on a snake's head slides down it). A move the exact
    /// finish forfeits takes no jump. Throws InvalidConfig for a square outside 0..size or a
    /// roll below 1, and when the overshoot rule puts the token off the board.
    [[nodiscard]] constexpr Move step(Square from, std::int64_t roll) const {
        if (from < 0 || from > size()) {
            detail::throw_invalid_config("square " + std::to_string(from) +
                                         " is not on a board of " + std::to_string(size()) +
                                         " squares (0 is the start)");
        }
        if (roll < 1) {
            detail::throw_invalid_config("a roll must be at least 1, got " + std::to_string(roll));
        }
        return step_unchecked(from, roll);
    }

    /// step() without the argument checks, for callers that already know them to hold.
    [[nodiscard]] constexpr Move step_unchecked(Square from, std::int64_t roll) const {
        Move move;
        move.start = from;
        move.roll = roll;
        const OvershootOutcome out = land(from, roll);
        move.landed = out.landed;
        move.blocked = out.blocked;
        if (out.blocked) {
            move.end = from; // a forfeited move takes no jump, even from a jump's start
        } else {
            move.end = rest_[static_cast<std::size_t>(out.landed)];
            if (move.end != move.landed || jump_from(move.landed) != nullptr) {
                collect_jumps(move.landed, move.jumps);
            }
        }
        move.home = move.end == size();
        return move;
    }

    /// The jumps a token that lands on `square` takes, in order.
    [[nodiscard]] constexpr JumpPath jumps_taken(Square landed) const {
        JumpPath path;
        collect_jumps(landed, path);
        return path;
    }

    /// Squares a token can reach from square 0 with the given rolls but from which home can
    /// never be reached: a game that lands there never ends. Empty for a sound board. Rolls
    /// below 1 are ignored. Time about size() times the runs of consecutive rolls (one for
    /// 1..20) under the library's overshoot rules, times the distinct rolls under a rule that
    /// declares no `past_home` (rules/rules.hpp); throws InvalidConfig past max_trap_moves, and
    /// when the overshoot rule puts a token off the board.
    [[nodiscard]] std::vector<Square> traps(std::span<const std::int64_t> rolls) const;
    /// The same for any range of integer rolls (`possible_rolls(dice)` gives a vector<int>).
    template <detail::const_range Rolls>
    requires std::integral<std::iter_value_t<detail::range_iterator_t<Rolls>>> &&
        (!std::same_as<std::remove_cvref_t<Rolls>, std::span<const std::int64_t>>)
            [[nodiscard]] std::vector<Square> traps(const Rolls& rolls) const {
        if constexpr (std::contiguous_iterator<detail::range_iterator_t<Rolls>> &&
                      detail::sized_const_range<Rolls> &&
                      std::same_as<std::iter_value_t<detail::range_iterator_t<Rolls>>,
                                   std::int64_t>) {
            return traps(std::span<const std::int64_t>(std::ranges::data(rolls),
                                                       std::ranges::size(rolls))); // no copy
        } else {
            std::vector<std::int64_t> wide;
            if constexpr (detail::sized_const_range<Rolls>) {
                wide.reserve(static_cast<std::size_t>(std::ranges::size(rolls)));
            }
            for (const auto roll : rolls) {
                wide.push_back(static_cast<std::int64_t>(roll));
            }
            return traps(std::span<const std::int64_t>(wide));
        }
    }
    /// True when no reachable square is a trap and home is reachable from square 0.
    template <typename Rolls>
    [[nodiscard]] bool always_finishes(const Rolls& rolls) const {
        return traps(rolls).empty();
    }

    friend constexpr bool operator==(const BasicBoard& a, const BasicBoard& b) {
        return a.config_ == b.config_ && a.jumps_ == b.jumps_;
    }

private:
    constexpr void collect_jumps(Square landed, JumpPath& path) const {
        const Jump* jump = jump_from(landed);
        while (jump != nullptr) {
            path.push_back(*jump);
            if constexpr (chain_rule::policy != ChainPolicy::follow) {
                break;
            }
            jump = jump_from(jump->end);
        }
    }

    constexpr void validate_and_index() {
        const Square n = size();
        for (const Jump& j : jumps_) {
            const bool start_off = j.start < 1 || j.start > n;
            const bool end_off = j.end < 1 || j.end > n;
            if (start_off || end_off) {
                detail::throw_invalid_board(BoardRule::off_board,
                                            fmt::format("{} {} off the board: squares run 1..{}", j,
                                                        start_off ? "starts" : "ends", n));
            }
            if (j.start == j.end) {
                detail::throw_invalid_board(
                    BoardRule::goes_nowhere,
                    fmt::format("jump {}-{} goes nowhere: it starts and ends on square {}", j.start,
                                j.end, j.start));
            }
            if (j.start == n) {
                detail::throw_invalid_board(
                    BoardRule::starts_on_goal,
                    fmt::format("{} starts on the last square {}, where the game is already won", j,
                                n));
            }
        }
        std::sort(jumps_.begin(), jumps_.end());
        for (std::size_t i = 1; i < jumps_.size(); ++i) {
            const Jump& a = jumps_[i - 1];
            const Jump& b = jumps_[i];
            if (a.start == b.start) {
                detail::throw_invalid_board(
                    BoardRule::duplicate_start,
                    a == b ? fmt::format("{} is listed twice", a)
                           : fmt::format("{} overlaps {} on square {}: two jumps cannot start "
                                         "on the same square",
                                         a, b, a.start));
            }
        }
        build_rest_table();
        if constexpr (chain_rule::policy == ChainPolicy::reject) {
            for (const Jump& j : jumps_) {
                // rest_ names one jump per start, so a jump starts on j.end when it moves on.
                if (rest_[static_cast<std::size_t>(j.end)] != j.end) {
                    detail::throw_invalid_board(
                        BoardRule::chained,
                        fmt::format("{} ends on square {} where {} starts; chained jumps are "
                                    "refused under RejectChains (FollowChains or SingleJump "
                                    "allow them)",
                                    j, j.end, *jump_from(j.end)));
                }
            }
        } else if constexpr (chain_rule::policy == ChainPolicy::follow) {
            follow_chains();
        }
    }

    // rest_[s] for one jump per landing: s itself, or the end of the jump from s. Time and
    // memory linear in the squares and jumps.
    constexpr void build_rest_table() {
        // push_back rather than resize: clang 14 cannot evaluate libstdc++'s bulk fill in a
        // constant expression.
        rest_.reserve(static_cast<std::size_t>(size()) + 1);
        for (Square s = 0; s <= size(); ++s) {
            rest_.push_back(s);
        }
        for (const Jump& j : jumps_) {
            rest_[static_cast<std::size_t>(j.start)] = j.end;
        }
    }

    // Under FollowChains: turns rest_ from the end of each square's own jump into the end of its
    // whole chain, refusing a cycle. Each square starts at most one jump, so the jumps form
    // chains that either end or loop. Every square is coloured white (not yet seen), grey (on
    // the walk under way) or black (resolved): a walk follows white jumps only, and stops on a
    // square with no jump or a black one, whose rest is already known; every square of the walk
    // then rests there. Each jump is walked once, so this takes time linear in the squares and
    // jumps however long the chains (a chain walked again from each of its jumps is quadratic).
    // Meeting a grey square again is a cycle.
    constexpr void follow_chains() {
        enum : unsigned char { white, grey, black };
        std::vector<unsigned char> colour;
        colour.reserve(rest_.size());
        for (std::size_t s = 0; s < rest_.size(); ++s) {
            colour.push_back(white);
        }
        std::vector<Square> walk;
        for (const Jump& first : jumps_) {
            walk.clear();
            Square s = first.start;
            while (colour[static_cast<std::size_t>(s)] == white &&
                   rest_[static_cast<std::size_t>(s)] != s) {
                colour[static_cast<std::size_t>(s)] = grey;
                walk.push_back(s);
                s = rest_[static_cast<std::size_t>(s)];
            }
            if (colour[static_cast<std::size_t>(s)] == grey) {
                throw_cycle(walk, s);
            }
            const Square end = rest_[static_cast<std::size_t>(s)];
            for (const Square k : walk) {
                rest_[static_cast<std::size_t>(k)] = end;
                colour[static_cast<std::size_t>(k)] = black;
            }
        }
    }

    // The walk came back to `again`: the cycle is the walk from `again` on. Names its first
    // jumps and how many there are, so a cycle of a million jumps still gives a short message.
    [[noreturn]] static void throw_cycle(std::span<const Square> walk, Square again) {
        const auto from =
            static_cast<std::size_t>(std::find(walk.begin(), walk.end(), again) - walk.begin());
        const std::span<const Square> cycle = walk.subspan(from);
        const auto end_of = [&](std::size_t k) {
            return k + 1 < cycle.size() ? cycle[k + 1] : again;
        };
        const std::string jumps = detail::first_named(
            cycle.size(), ", ",
            [&](std::size_t k) {
                return fmt::format("{}", Jump{cycle[k], end_of(k)});
            },
            detail::max_named_jumps, {},
            [&](std::size_t more) {
                return fmt::format(" and {} more jump{} ({} in all)", more, more == 1 ? "" : "s",
                                   cycle.size());
            });
        const std::string route =
            std::to_string(again) + " -> " +
            detail::first_named(
                cycle.size(), " -> ", [&](std::size_t k) { return std::to_string(end_of(k)); },
                detail::max_named_jumps, {},
                [&](std::size_t) { return " -> ... -> " + std::to_string(again); });
        detail::throw_invalid_board(
            BoardRule::cycle,
            fmt::format("{} form a cycle ({}): a token would never stop moving", jumps, route));
    }

    Config config_;
    std::vector<Jump> jumps_;
    // rest_[s]: where a token that lands on s comes to rest. One load per move.
    std::vector<Square> rest_;
};

// A Config that is not a GameConfig, or one whose policies do not fit, or (named directly) one
// with house rules: only the checks, so the error is one message and not a cascade from the
// members above.
template <typename Config>
requires(!detail::is_valid_game_config<Config> ||
         !std::same_as<typename Config::house_rule_policy, NoHouseRules>) class BasicBoard<Config> {
    static_assert(detail::report_game_config<Config>); // a GameConfig's own policy message
    static_assert(detail::is_game_config<Config>,
                  "Board<Config>: Config must be a GameConfig<Overshoot, Chains, House> (for "
                  "example GameConfig<BounceBack, FollowChains>)");
    static_assert(!detail::is_valid_game_config<Config>,
                  "BasicBoard<Config>: a board's type names no house rules; write Board<Config> "
                  "(which drops them) or BasicBoard<GameConfig<Overshoot, Chains>>");
};

namespace detail {
// The board type of a configuration: its overshoot and chain rules, without the house rules.
// Anything else is passed on as it is, for BasicBoard's checks to name.
template <typename Config>
struct board_of {
    using type = Config;
};
template <class Overshoot, class Chains, class House>
requires is_valid_game_config<GameConfig<Overshoot, Chains, House>>
struct board_of<GameConfig<Overshoot, Chains, House>> {
    using type = GameConfig<Overshoot, Chains>;
};
} // namespace detail

/// The board of a configuration: `Board<GameConfig<BounceBack, RejectChains, KnockBack>>` is
/// `Board<GameConfig<BounceBack>>`, one type for every house rule.
template <typename Config = GameConfig<>>
using Board = BasicBoard<typename detail::board_of<Config>::type>;

template <typename Config>
std::vector<Square> BasicBoard<Config>::traps(std::span<const std::int64_t> rolls) const {
    const std::vector<detail::RollRun> runs =
        detail::runs_of(rolls, detail::alike_from<overshoot_rule>(size()));
    detail::check_trap_search<overshoot_rule>(runs, size(),
                                              "Board::traps: finding the traps for these rolls");
    return detail::trap_squares(*this, std::span<const detail::RollRun>(runs));
}

} // namespace snakeladder

/// Prints a board in the plain-text board format: `size 100`, then one jump per line.
template <typename Config>
struct fmt::formatter<snakeladder::BasicBoard<Config>> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::BasicBoard<Config>& board, FormatContext& ctx) const {
        auto out = fmt::format_to(ctx.out(), "size {}", board.size());
        for (const snakeladder::Jump& jump : board.jumps()) {
            out = fmt::format_to(out, "\n{}", jump);
        }
        return out;
    }
};
