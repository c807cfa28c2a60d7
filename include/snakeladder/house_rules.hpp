// House rules: the variants families play by, each a small type with hooks at the points of a
// roll, in the game's configuration. All are off by default, and a game without them pays nothing
// for them.
//
//   GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>
//
// The built-in rules are written through the same hooks as a rule of the user's (see "Writing a
// house rule" in README.md). ChosenHouseRules switches the classic three on and off at run time,
// for programs that take the rules from their users (one compiled game for every combination).
#pragma once

#include "errors.hpp"
#include "game_state.hpp"
#include "jump.hpp"

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

/// A maximum roll grants another roll; the `InARow`th maximum in a row forfeits the turn, the
/// token back where the turn began.
template <int InARow = 3>
struct ExtraTurnOnMax {
    static constexpr bool touches_only_the_mover = true;
    static_assert(InARow >= 2, "ExtraTurnOnMax<N>: the forfeit must come after at least 2 "
                               "maximum rolls in a row, or no extra roll is ever granted");
    [[nodiscard]] static std::string name() { return fmt::format("ExtraTurnOnMax<{}>", InARow); }
    [[nodiscard]] static constexpr int forfeit_streak() noexcept { return InARow; }

    [[nodiscard]] static bool forfeits(const RollContext& roll) noexcept {
        return roll.maximum() && roll.streak + 1 == static_cast<std::uint32_t>(InARow);
    }
    [[nodiscard]] static bool rolls_again(const Landing& landing) noexcept {
        return landing.maximum();
    }
    static void check_playable(const PlayableCheck& check);
    friend constexpr bool operator==(const ExtraTurnOnMax&, const ExtraTurnOnMax&) = default;
};

/// A maximum roll grants another roll, as often as it comes (no forfeit).
struct RollAgainOnMax {
    static constexpr bool touches_only_the_mover = true;
    [[nodiscard]] static std::string name() { return "RollAgainOnMax"; }
    [[nodiscard]] static bool rolls_again(const Landing& landing) noexcept {
        return landing.maximum();
    }
    static void check_playable(const PlayableCheck& check);
    friend constexpr bool operator==(const RollAgainOnMax&, const RollAgainOnMax&) = default;
};

namespace detail {
// Every roll of the dice is their maximum: a rule that grants a roll on a maximum would never
// end a turn (or forfeit every one).
inline void refuse_only_maximum(const PlayableCheck& check, const std::string& rule,
                                const std::string& consequence) {
    if (!check.scripted && !check.rolls.empty() && check.rolls.front() == check.max_roll) {
        throw InvalidConfig(
            fmt::format("every roll of these dice is {}, their maximum, so under house rule {} {}",
                        check.max_roll, rule, consequence));
    }
}
} // namespace detail

template <int InARow>
void ExtraTurnOnMax<InARow>::check_playable(const PlayableCheck& check) {
    detail::refuse_only_maximum(
        check, name(), fmt::format("every turn would be forfeited after {} of them", InARow));
}

inline void RollAgainOnMax::check_playable(const PlayableCheck& check) {
    detail::refuse_only_maximum(check, name(), "a turn would never end");
}

/// A token leaves square 0 only with one of the starting rolls (`StartingRolls{1, 6}`); other
/// rolls leave it waiting, and a starting roll moves it as usual. Throws InvalidConfig for no
/// rolls, or a roll below 1.
class StartingRolls {
public:
    static constexpr bool touches_only_the_mover = true;
    StartingRolls(std::initializer_list<int> rolls) : rolls_(rolls) {
        if (rolls_.empty()) {
            throw InvalidConfig("StartingRolls needs at least one roll that lets a token start");
        }
        for (const int roll : rolls_) {
            if (roll < 1) {
                throw InvalidConfig(
                    fmt::format("StartingRolls: a roll must be at least 1, got {}", roll));
            }
        }
        std::sort(rolls_.begin(), rolls_.end());
        rolls_.erase(std::unique(rolls_.begin(), rolls_.end()), rolls_.end());
    }

    [[nodiscard]] const std::vector<int>& rolls() const& noexcept { return rolls_; }
    /// On a temporary rule, a copy: a reference would dangle once the rule is gone.
    [[nodiscard]] std::vector<int> rolls() const&& { return rolls_; }
    [[nodiscard]] std::string name() const {
        std::string name = "StartingRolls{";
        for (std::size_t i = 0; i < rolls_.size(); ++i) {
            name += i == 0 ? "" : ",";
            name += std::to_string(rolls_[i]);
        }
        return name + "}";
    }
    [[nodiscard]] bool waits(const RollContext& roll) const {
        return roll.square == 0 && !std::binary_search(rolls_.begin(), rolls_.end(), roll.roll);
    }
    [[nodiscard]] int needed_to_start(const RollContext& /*roll*/) const noexcept {
        return rolls_.size() == 1 ? rolls_.front() : 0;
    }
    void check_playable(const PlayableCheck& check) const {
        if (check.scripted) {
            return; // the check is about the rolls the dice give
        }
        bool any = false;
        for (const int roll : rolls_) {
            // Rolls from alike_from on all move a token alike: listed as alike_from.
            const auto listed = static_cast<int>(std::min<std::int64_t>(roll, check.alike_from));
            const bool rolled =
                roll > listed
                    ? check.max_roll >= roll // the dice's rolls past `listed` are not listed
                    : std::find(check.rolls.begin(), check.rolls.end(), listed) !=
                          check.rolls.end();
            if (rolled && !check.blocked_from_start(listed)) {
                any = true;
            }
        }
        if (!any) {
            throw InvalidConfig(fmt::format(
                "under house rule {} no token could ever start: these dice never roll a starting "
                "roll that moves a token from square 0 under {} on a board of {} squares",
                name(), check.overshoot_rule, check.home));
        }
    }
    friend bool operator==(const StartingRolls&, const StartingRolls&) = default;

private:
    std::vector<int> rolls_;
};

/// A token leaves square 0 only with a maximum roll ("a six to start").
struct SixToStart {
    static constexpr bool touches_only_the_mover = true;
    [[nodiscard]] static std::string name() { return "SixToStart"; }
    [[nodiscard]] static constexpr bool max_roll_to_start() noexcept { return true; }
    [[nodiscard]] static bool waits(const RollContext& roll) noexcept {
        return roll.square == 0 && !roll.maximum();
    }
    [[nodiscard]] static int needed_to_start(const RollContext& roll) noexcept {
        return roll.state.max_roll;
    }
    static void check_playable(const PlayableCheck& check) {
        if (check.scripted) {
            return; // both checks are about the rolls the dice give
        }
        const bool rolled =
            std::find(check.rolls.begin(), check.rolls.end(), check.max_roll) != check.rolls.end();
        if (!rolled && check.max_roll <= check.alike_from) {
            throw InvalidConfig(fmt::format("under the six-to-start house rule a token needs a "
                                            "roll of {} to start, which these dice never roll",
                                            check.max_roll));
        }
        if (check.blocked_from_start(check.max_roll)) {
            throw InvalidConfig(fmt::format(
                "under the six-to-start house rule a token needs a roll of {} to start, but a {} "
                "from square 0 overshoots home (square {}) under {}, so no token could ever start",
                check.max_roll, check.max_roll, check.home, check.overshoot_rule));
        }
    }
    friend constexpr bool operator==(const SixToStart&, const SixToStart&) = default;
};

/// A token ending a move on another's square (not square 0, not home) sends it back to square 0.
struct KnockBack {
    [[nodiscard]] static std::string name() { return "KnockBack"; }
    [[nodiscard]] static constexpr bool knock_back() noexcept { return true; }
    static void on_land(Landing& landing) {
        const Square square = landing.square();
        if (square == 0 || square == landing.home()) {
            return;
        }
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        for (std::uint32_t other = 0; other < seats; ++other) {
            if (other != landing.seat() && landing.state().squares[other] == square) {
                landing.send(other, 0);
            }
        }
    }
    friend constexpr bool operator==(const KnockBack&, const KnockBack&) = default;
};

/// A token whose move ends on one of these squares misses its next turn
/// (`MissTurnSquares{20, 45}`). Throws InvalidConfig for no squares or a square below 1; a
/// square that is not on the board before home is refused when the game is built.
class MissTurnSquares {
public:
    static constexpr bool touches_only_the_mover = true;
    MissTurnSquares(std::initializer_list<Square> squares) : squares_(squares) {
        if (squares_.empty()) {
            throw InvalidConfig("MissTurnSquares needs at least one square");
        }
        std::sort(squares_.begin(), squares_.end());
        squares_.erase(std::unique(squares_.begin(), squares_.end()), squares_.end());
        if (squares_.front() < 1) {
            throw InvalidConfig(fmt::format("MissTurnSquares: a square must be at least 1, got {}",
                                            squares_.front()));
        }
    }

    [[nodiscard]] const std::vector<Square>& squares() const& noexcept { return squares_; }
    /// On a temporary rule, a copy: a reference would dangle once the rule is gone.
    [[nodiscard]] std::vector<Square> squares() const&& { return squares_; }
    [[nodiscard]] std::string name() const {
        std::string name = "MissTurnSquares{";
        for (std::size_t i = 0; i < squares_.size(); ++i) {
            name += i == 0 ? "" : ",";
            name += std::to_string(squares_[i]);
        }
        return name + "}";
    }
    void on_land(Landing& landing) const {
        if (!landing.blocked() &&
            std::binary_search(squares_.begin(), squares_.end(), landing.square())) {
            landing.miss_turns(landing.seat());
        }
    }
    void check_playable(const PlayableCheck& check) const {
        if (squares_.back() >= check.home) {
            throw InvalidConfig(
                fmt::format("house rule {}: square {} is not on the track before home (square {})",
                            name(), squares_.back(), check.home));
        }
    }
    friend bool operator==(const MissTurnSquares&, const MissTurnSquares&) = default;

private:
    std::vector<Square> squares_;
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
template <HouseRule... Rules>
class HouseRules {
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

/// The classic three house rules as a plain value, for designated initializers:
/// `ChosenHouseRules({.forfeit_streak = 3, .knock_back = true})`.
struct HouseRuleSwitches {
    /// 0: off; otherwise the number of maximum rolls in a row that forfeits a turn (at least 2).
    int forfeit_streak = 0;
    bool max_roll_to_start = false;
    bool knock_back = false;
    friend constexpr bool operator==(const HouseRuleSwitches&, const HouseRuleSwitches&) = default;
};

/// The classic house rules chosen at run time: ExtraTurnOnMax with any streak, SixToStart and
/// KnockBack, each on or off, playing as those rules do. Validated when built: InvalidConfig for
/// a forfeit streak that is negative or 1.
class ChosenHouseRules {
public:
    constexpr ChosenHouseRules() = default;
    constexpr explicit ChosenHouseRules(const HouseRuleSwitches& switches)
        : switches_(validated(switches)) {}

    [[nodiscard]] constexpr const HouseRuleSwitches& switches() const noexcept { return switches_; }
    [[nodiscard]] constexpr int forfeit_streak() const noexcept { return switches_.forfeit_streak; }
    [[nodiscard]] constexpr bool max_roll_to_start() const noexcept {
        return switches_.max_roll_to_start;
    }
    [[nodiscard]] constexpr bool knock_back() const noexcept { return switches_.knock_back; }
    /// The rules switched on, as HouseRules would name them (`none` for none).
    [[nodiscard]] std::string name() const {
        std::string name;
        const auto add = [&name](const std::string& rule) {
            name += name.empty() ? "" : " + ";
            name += rule;
        };
        if (switches_.forfeit_streak != 0) {
            add(fmt::format("ExtraTurnOnMax<{}>", switches_.forfeit_streak));
        }
        if (switches_.max_roll_to_start) {
            add(SixToStart::name());
        }
        if (switches_.knock_back) {
            add(KnockBack::name());
        }
        return name.empty() ? "none" : name;
    }

    [[nodiscard]] bool waits(const RollContext& roll) const noexcept {
        return switches_.max_roll_to_start && SixToStart::waits(roll);
    }
    [[nodiscard]] static int needed_to_start(const RollContext& roll) noexcept {
        return SixToStart::needed_to_start(roll);
    }
    [[nodiscard]] bool forfeits(const RollContext& roll) const noexcept {
        return switches_.forfeit_streak != 0 && roll.maximum() &&
               roll.streak + 1 == static_cast<std::uint32_t>(switches_.forfeit_streak);
    }
    void on_land(Landing& landing) const {
        if (switches_.knock_back) {
            KnockBack::on_land(landing);
        }
    }
    [[nodiscard]] bool rolls_again(const Landing& landing) const noexcept {
        return switches_.forfeit_streak != 0 && landing.maximum();
    }
    void check_playable(const PlayableCheck& check) const {
        if (switches_.max_roll_to_start) {
            SixToStart::check_playable(check);
        }
        if (switches_.forfeit_streak != 0) {
            detail::refuse_only_maximum(check, name(),
                                        fmt::format("every turn would be forfeited after {} of "
                                                    "them",
                                                    switches_.forfeit_streak));
        }
    }

    friend constexpr bool operator==(const ChosenHouseRules&, const ChosenHouseRules&) = default;

private:
    static constexpr HouseRuleSwitches validated(const HouseRuleSwitches& switches) {
        if (switches.forfeit_streak < 0 || switches.forfeit_streak == 1) {
            throw InvalidConfig("the extra-turn forfeit streak must be 0 (no extra turns) or at "
                                "least 2 maximum rolls in a row, got " +
                                std::to_string(switches.forfeit_streak));
        }
        return switches;
    }

    HouseRuleSwitches switches_{};
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
        return rule.switches() == HouseRuleSwitches{};
    } else {
        return false;
    }
}

template <HouseRule R>
constexpr void add_switches(const R& rule, HouseRuleSwitches& switches) {
    if constexpr (is_house_rules<R>) {
        std::apply([&](const auto&... each) { (add_switches(each, switches), ...); }, rule.rules());
    } else if constexpr (std::is_same_v<R, ChosenHouseRules>) {
        const HouseRuleSwitches& chosen = rule.switches();
        if (chosen.forfeit_streak != 0) {
            switches.forfeit_streak = chosen.forfeit_streak;
        }
        switches.max_roll_to_start = switches.max_roll_to_start || chosen.max_roll_to_start;
        switches.knock_back = switches.knock_back || chosen.knock_back;
    } else {
        if constexpr (requires { R::forfeit_streak(); }) {
            switches.forfeit_streak = R::forfeit_streak();
        }
        if constexpr (requires { R::max_roll_to_start(); }) {
            switches.max_roll_to_start = R::max_roll_to_start();
        }
        if constexpr (requires { R::knock_back(); }) {
            switches.knock_back = R::knock_back();
        }
    }
}

} // namespace detail

/// Which of the classic three house rules (ExtraTurnOnMax, SixToStart, KnockBack) a policy
/// plays, as a value; other rules are not described by it.
template <HouseRule R>
[[nodiscard]] constexpr HouseRuleSwitches switches_of(const R& rules) {
    HouseRuleSwitches switches;
    detail::add_switches(rules, switches);
    return switches;
}

} // namespace snakeladder
