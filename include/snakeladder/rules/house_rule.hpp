// The house-rule concept: what a house rule is, the points of a roll it is asked at, and how
// several rules combine (HouseRules<...>). The turn model, the games and the analysis need only
// this; the built-in rules are in house_rules.hpp.
//
// A rule is a small type with hooks at the points of a roll, given to the game:
//
//   Game game(board, dice, names, HouseRules<ExtraTurnOnMax<3>, KnockBack>{});
//
// The built-in rules are written through the same hooks as a rule of the user's (see "Writing a
// house rule" in README.md).
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../fwd.hpp"
#include "game_state.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace snakeladder {

// The classic three chosen at run time (house_rules.hpp). The hooks below ask its switches,
// which only it knows at run time; a program that names it has included its header.
class ChosenHouseRules;

/// What a house rule sees of a roll before the token moves: the state before the roll (the mover
/// is `state.seat_due`), where the mover stands, the roll, and where its turn stands.
struct RollContext {
    const GameState& state;
    std::uint32_t seat = 0;
    /// Where the mover stands before this roll.
    Square square = 0;
    int roll = 0;
    /// 1 for the turn's first roll, 2 for the next...
    std::uint32_t roll_in_turn = 1;
    /// Maximum rolls in a row before this one in the turn under way.
    std::uint32_t streak = 0;
    /// The last square.
    Square home = 0;

    /// Whether this roll is the dice's highest (a six on one die).
    [[nodiscard]] bool maximum() const noexcept { return roll == state.max_roll; }
};

/// What a house rule sees, and may change, once the board has moved the token (after the
/// overshoot rule and the jumps): the `on_land` hook's argument, and (read-only) `rolls_again`'s.
/// Every change is checked, kept in the roll's outcome (so records, undo and saved games know of
/// it) and seen by the rules after this one.
class Landing {
public:
    Landing(GameState& state, RollOutcome& outcome, Square home, std::uint32_t streak) noexcept
        : state_(state), outcome_(outcome), home_(home), streak_(streak) {}

    /// The state as it is now: the mover already on `square()`.
    [[nodiscard]] const GameState& state() const noexcept { return state_; }
    /// The mover's seat.
    [[nodiscard]] std::uint32_t seat() const noexcept { return outcome_.seat; }
    [[nodiscard]] int roll() const noexcept { return outcome_.roll; }
    /// Whether this roll is the dice's highest.
    [[nodiscard]] bool maximum() const noexcept { return outcome_.roll == state_.max_roll; }
    /// Where the mover stood before the roll.
    [[nodiscard]] Square start() const noexcept { return outcome_.start; }
    /// Where the mover stands now (after the jumps, and any earlier rule's move).
    [[nodiscard]] Square square() const noexcept { return state_.squares[outcome_.seat]; }
    /// The exact-finish rule forfeited the move: the token did not move.
    [[nodiscard]] bool blocked() const noexcept { return outcome_.blocked; }
    /// The jumps the move took.
    [[nodiscard]] const JumpPath& jumps() const noexcept { return outcome_.jumps; }
    [[nodiscard]] Square home() const noexcept { return home_; }
    /// 1 for the turn's first roll, 2 for the next...
    [[nodiscard]] std::uint32_t roll_in_turn() const noexcept { return outcome_.roll_in_turn; }
    /// Maximum rolls in a row before this one in the turn under way.
    [[nodiscard]] std::uint32_t streak() const noexcept { return streak_; }

    /// Moves the mover to `to` (0 to home; no jump is taken from there). Throws InvalidConfig
    /// for a square off the board.
    void move_to(Square to) {
        check_square(to, home_, "move the mover to");
        move(outcome_.seat, to);
    }
    /// Moves another player's token to `to`, 0 up to the square before home (a rule cannot send
    /// a token home, nor move one that is home). Throws InvalidConfig for the mover's own seat
    /// (use move_to), a seat that does not exist or is home, and a square off the board.
    void send(std::uint32_t seat, Square to) {
        if (seat >= state_.squares.size()) {
            fail(fmt::format("send seat {}, but the game has {} seats", seat,
                             state_.squares.size()));
        }
        if (seat == outcome_.seat) {
            fail("send the mover's own token; a rule moves the mover with move_to");
        }
        if (state_.squares[seat] == home_) {
            fail(fmt::format("send seat {}, which is home", seat));
        }
        check_square(to, home_ - 1, "send a token to");
        move(seat, to);
    }
    /// Gives `seat` (the mover's or another's not home) `turns` more turns to miss: when the
    /// rotation next comes to it, it misses that many turns. Kept as a count: the cost does not
    /// grow with `turns`. A seat can have at most 4294967295 turns to miss. Zero turns gives
    /// nothing and records nothing (the seat is checked all the same).
    void miss_turns(std::uint32_t seat, std::uint32_t turns = 1) {
        if (seat >= state_.squares.size() || state_.squares[seat] == home_) {
            fail(fmt::format("give seat {} a turn to miss, but it is not a seat of the game "
                             "still playing",
                             seat));
        }
        if (turns == 0) {
            return;
        }
        std::uint32_t& count = state_.turns_to_miss[seat];
        if (turns > std::numeric_limits<std::uint32_t>::max() - count) {
            fail(fmt::format("give seat {} {} more turns to miss on top of its {}, over the {} a "
                             "seat can have",
                             seat, turns, count, std::numeric_limits<std::uint32_t>::max()));
        }
        if (!outcome_.misses.empty() && outcome_.misses.back().seat == seat) {
            outcome_.misses.back().turns += turns;
        } else {
            outcome_.misses.push_back({seat, turns});
        }
        count += turns;
    }

private:
    [[noreturn]] static void fail(const std::string& what) {
        throw InvalidConfig(fmt::format("a house rule tried to {}", what));
    }
    static void check_square(Square to, Square highest, const char* what) {
        if (to < 0 || to > highest) {
            fail(fmt::format("{} square {}, outside 0 to {}", what, to, highest));
        }
    }
    void move(std::uint32_t seat, Square to) {
        Square& square = state_.squares[seat];
        if (square == to) {
            return;
        }
        outcome_.knocked.push_back({seat, square, to});
        square = to;
        if (seat == outcome_.seat) {
            outcome_.end = to;
        }
    }

    GameState& state_;
    RollOutcome& outcome_;
    Square home_;
    std::uint32_t streak_;
};

/// What a house rule may check before a game or a simulation starts, to refuse a combination
/// that cannot be played (the `check_playable` hook's argument).
struct PlayableCheck {
    /// The distinct rolls the dice can give, in increasing order; the rolls the overshoot rule
    /// declares to move a token alike (`alike_from` below) are listed as the shortest of them.
    std::span<const int> rolls;
    int max_roll = 0;
    /// The last square.
    Square home = 0;
    /// The overshoot rule's name.
    std::string_view overshoot_rule;
    /// Whether the overshoot rule forfeits this roll from square 0.
    std::function<bool(int)> blocked_from_start;
    /// The dice are scripted (ScriptedDice): which rolls come is the script's to say, so `rolls`
    /// is empty and only the checks of a rule against the board apply.
    bool scripted = false;
    /// Every roll of at least this length moves a token alike, as the overshoot rule declares
    /// (`alike_from` in rules.hpp); INT64_MAX when it declares nothing, and no roll is folded.
    std::int64_t alike_from = std::numeric_limits<std::int64_t>::max();
};

/// A house rule: a copyable, equality-comparable type with a `name()` (how saved games and
/// messages call it), and any of these hooks, called in the order of a roll:
/// - `bool waits(const RollContext&) const`: the token stays where it is and the turn ends (a
///   starting-roll rule); `int needed_to_start(const RollContext&) const` may say which roll it
///   needed, for the record;
/// - `bool forfeits(const RollContext&) const`: the turn is forfeited, the token back where the
///   turn began;
/// - then the board moves the token (the overshoot rule, the jumps);
/// - `void on_land(Landing&) const`: effects on the square reached (move tokens, give turns to
///   miss);
/// - `bool rolls_again(const Landing&) const`: the same player rolls again (never once home);
/// - `void check_playable(const PlayableCheck&) const`: throw InvalidConfig, naming the rule, for
///   dice and a board it cannot be played with.
/// A static `plays_plain` that is true says the rule never does anything (the game then compiles
/// its plain turn loop). A static `touches_only_the_mover` that is true promises that the rule
/// reads and changes nothing of the other seats (their squares, their turns to miss, the finish
/// order), nor depends on the mover's seat number or the number of seats: the exact analysis then
/// plays each token alone, as seat 0 of one, for any number of players, where otherwise it
/// follows all tokens at once (seat_chances, within a limit on the states).
template <class R>
concept HouseRule = std::copyable<R> && std::equality_comparable<R> && requires(const R& rule) {
    { rule.name() } -> std::convertible_to<std::string>;
};

/// The former name of the concept.
template <class R>
concept HouseRulePolicy = HouseRule<R>;

/// No house rules: the standard game.
struct NoHouseRules {
    static constexpr bool plays_plain = true;
    static constexpr bool touches_only_the_mover = true;
    [[nodiscard]] static std::string name() { return "none"; }
    friend constexpr bool operator==(const NoHouseRules&, const NoHouseRules&) = default;
};

namespace detail {

template <class R>
constexpr bool rule_plays_plain() {
    if constexpr (requires { R::plays_plain; }) {
        return R::plays_plain;
    } else {
        return false;
    }
}

} // namespace detail

/// Several house rules at once: `HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>`, built
/// from its rules' values (`HouseRules<StartingRolls, KnockBack>(StartingRolls{1, 6}, {})`) or
/// default-built. Each rule type appears once. At every point of a roll the rules are asked in
/// the order given: the first that makes the token wait or forfeits the turn decides; every
/// rule's on_land runs, each seeing what the earlier ones did; and another roll follows when any
/// rule grants one.
template <class... Rules>
class HouseRules {
    // A static_assert rather than a constrained parameter, so that fwd.hpp can declare the
    // template without the concept.
    static_assert((HouseRule<Rules> && ...),
                  "HouseRules<Rules...>: every rule must be a house rule (concept HouseRule)");

public:
    static constexpr bool plays_plain = (detail::rule_plays_plain<Rules>() && ...);

    constexpr HouseRules() = default;
    constexpr explicit HouseRules(Rules... rules) requires(sizeof...(Rules) > 0)
        : rules_(std::move(rules)...) {}

    [[nodiscard]] constexpr const std::tuple<Rules...>& rules() const noexcept { return rules_; }
    [[nodiscard]] std::string name() const {
        if constexpr (sizeof...(Rules) == 0) {
            return "none";
        } else {
            std::string name;
            const auto add = [&name](const std::string& rule) {
                name += name.empty() ? "" : " + ";
                name += rule;
            };
            std::apply([&add](const auto&... rule) { (add(rule.name()), ...); }, rules_);
            return name;
        }
    }

    // Not declared constexpr, as GameConfig's ==: a rule of the user's may compare at run time
    // only. Defaulted, it is constexpr wherever the rules' comparisons are.
    friend bool operator==(const HouseRules&, const HouseRules&) = default;

private:
    template <class... R>
    static constexpr bool distinct() {
        if constexpr (sizeof...(R) == 0) {
            return true;
        } else {
            return []<class First, class... Rest>(std::type_identity<First>,
                                                  std::type_identity<Rest>...) {
                return !(std::is_same_v<First, Rest> || ...) && distinct<Rest...>();
            }(std::type_identity<R>{}...);
        }
    }
    static_assert(distinct<Rules...>(), "HouseRules: a rule appears more than once");

    std::tuple<Rules...> rules_;
};

namespace detail {

// HouseRules<...>, whose rules are asked in turn.
template <class R>
inline constexpr bool is_house_rules = false;
template <class... R>
inline constexpr bool is_house_rules<HouseRules<R...>> = true;

// The hooks, asked of any house rule: a rule without a hook does nothing at that point, and
// HouseRules asks its rules in order.
template <HouseRule R>
[[nodiscard]] bool rule_waits(const R& rule, const RollContext& roll, int& needed) {
    if constexpr (is_house_rules<R>) {
        return std::apply(
            [&](const auto&... each) { return (rule_waits(each, roll, needed) || ...); },
            rule.rules());
    } else if constexpr (requires {
                             { rule.waits(roll) } -> std::convertible_to<bool>;
                         }) {
        if (!rule.waits(roll)) {
            return false;
        }
        if constexpr (requires {
                          { rule.needed_to_start(roll) } -> std::convertible_to<int>;
                      }) {
            needed = rule.needed_to_start(roll);
        }
        return true;
    } else {
        static_assert(
            !requires { &R::waits; }, "a house rule's waits cannot be called as the hook: it must "
                                      "be `bool waits(const RollContext&) const`");
        return false;
    }
}

template <HouseRule R>
[[nodiscard]] bool rule_forfeits(const R& rule, const RollContext& roll) {
    if constexpr (is_house_rules<R>) {
        return std::apply([&](const auto&... each) { return (rule_forfeits(each, roll) || ...); },
                          rule.rules());
    } else if constexpr (requires {
                             { rule.forfeits(roll) } -> std::convertible_to<bool>;
                         }) {
        return rule.forfeits(roll);
    } else {
        static_assert(
            !requires { &R::forfeits; }, "a house rule's forfeits cannot be called as the hook: it "
                                         "must be `bool forfeits(const RollContext&) const`");
        return false;
    }
}

template <HouseRule R>
void rule_on_land(const R& rule, Landing& landing) {
    if constexpr (is_house_rules<R>) {
        std::apply([&](const auto&... each) { (rule_on_land(each, landing), ...); }, rule.rules());
    } else if constexpr (requires { rule.on_land(landing); }) {
        rule.on_land(landing);
    } else {
        static_assert(
            !requires { &R::on_land; }, "a house rule's on_land cannot be called as the hook: it "
                                        "must be `void on_land(Landing&) const`");
    }
}

template <HouseRule R>
[[nodiscard]] bool rule_rolls_again(const R& rule, const Landing& landing) {
    if constexpr (is_house_rules<R>) {
        // Every rule is asked (no short cut), so a rule's answer never depends on its place.
        return std::apply(
            [&](const auto&... each) {
                return (static_cast<int>(rule_rolls_again(each, landing)) | ... | 0) != 0;
            },
            rule.rules());
    } else if constexpr (requires {
                             { rule.rolls_again(landing) } -> std::convertible_to<bool>;
                         }) {
        return rule.rolls_again(landing);
    } else {
        static_assert(
            !requires { &R::rolls_again; },
            "a house rule's rolls_again cannot be called as the hook: it must be `bool "
            "rolls_again(const Landing&) const`");
        return false;
    }
}

template <HouseRule R>
void rule_check_playable(const R& rule, const PlayableCheck& check) {
    if constexpr (is_house_rules<R>) {
        std::apply([&](const auto&... each) { (rule_check_playable(each, check), ...); },
                   rule.rules());
    } else if constexpr (requires { rule.check_playable(check); }) {
        rule.check_playable(check);
    } else {
        static_assert(
            !requires { &R::check_playable; },
            "a house rule's check_playable cannot be called as the hook: it must be `void "
            "check_playable(const PlayableCheck&) const`");
    }
}

// Whether the rules may ever grant another roll in a turn (a turn of several rolls).
template <HouseRule R>
[[nodiscard]] constexpr bool may_roll_again(const R& rule) {
    if constexpr (is_house_rules<R>) {
        return std::apply([](const auto&... each) { return (may_roll_again(each) || ...); },
                          rule.rules());
    } else if constexpr (std::is_same_v<R, ChosenHouseRules>) {
        return rule.switches().forfeit_streak != 0;
    } else {
        return requires(const Landing& landing) {
            rule.rolls_again(landing);
        };
    }
}

// Whether the rules read and change only the mover's token (each rule says so with a static
// touches_only_the_mover; a rule that does not say is taken to touch every seat).
template <HouseRule R>
[[nodiscard]] constexpr bool touches_only_the_mover(const R& rule) {
    if constexpr (is_house_rules<R>) {
        return std::apply([](const auto&... each) { return (touches_only_the_mover(each) && ...); },
                          rule.rules());
    } else if constexpr (std::is_same_v<R, ChosenHouseRules>) {
        return !rule.knock_back();
    } else if constexpr (requires { R::touches_only_the_mover; }) {
        return R::touches_only_the_mover;
    } else {
        return false;
    }
}

// Whether the rules can never do anything: the standard game.
template <HouseRule R>
[[nodiscard]] constexpr bool rules_off(const R& rule) {
    if constexpr (rule_plays_plain<R>()) {
        return true;
    } else if constexpr (is_house_rules<R>) {
        return std::apply([](const auto&... each) { return (rules_off(each) && ...); },
                          rule.rules());
    } else if constexpr (std::is_same_v<R, ChosenHouseRules>) {
        return rule.forfeit_streak() == 0 && !rule.max_roll_to_start() && !rule.knock_back();
    } else {
        return false;
    }
}

} // namespace detail

} // namespace snakeladder
