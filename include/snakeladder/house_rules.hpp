// House rules: the variants families play by, as one compile-time policy in the game's
// configuration. All are off by default, and a game without them pays nothing for them.
//
//   GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>
//
// ChosenHouseRules is the same policy with run-time switches, for programs that take the rules
// from their users (one compiled game for every combination).
#pragma once

#include "errors.hpp"

#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>

namespace snakeladder {

/// Which house rules a game plays by:
/// - `forfeit_streak()`: 0 when a maximum roll is just a roll; otherwise N >= 2, and a maximum
///   roll (a six on one die, every die showing its top face on several) grants another roll in
///   the same turn, and the Nth maximum in a row forfeits the turn, putting the token back where
///   the turn began;
/// - `max_roll_to_start()`: a token leaves square 0 only with a maximum roll, which then moves
///   it as usual; other rolls leave it waiting;
/// - `knock_back()`: a token that ends a move on a square held by other tokens (not square 0,
///   not home) sends them back to square 0.
/// `plays_plain` is true when the policy can never switch a rule on, so the game compiles its
/// plain turn loop only.
template <class H>
concept HouseRulePolicy = std::copyable<H> && std::equality_comparable<H> && requires(const H& h) {
    { h.forfeit_streak() }
    noexcept->std::same_as<int>;
    { h.max_roll_to_start() }
    noexcept->std::same_as<bool>;
    { h.knock_back() }
    noexcept->std::same_as<bool>;
    { H::plays_plain } -> std::convertible_to<bool>;
};

/// No house rules: the standard game.
struct NoHouseRules {
    static constexpr bool plays_plain = true;
    [[nodiscard]] static constexpr int forfeit_streak() noexcept { return 0; }
    [[nodiscard]] static constexpr bool max_roll_to_start() noexcept { return false; }
    [[nodiscard]] static constexpr bool knock_back() noexcept { return false; }
    friend constexpr bool operator==(const NoHouseRules&, const NoHouseRules&) = default;
};

/// A maximum roll grants another roll; the `InARow`th maximum in a row forfeits the turn.
template <int InARow = 3>
struct ExtraTurnOnMax : NoHouseRules {
    static_assert(InARow >= 2, "ExtraTurnOnMax<N>: the forfeit must come after at least 2 "
                               "maximum rolls in a row, or no extra roll is ever granted");
    static constexpr bool plays_plain = false;
    [[nodiscard]] static constexpr int forfeit_streak() noexcept { return InARow; }
    friend constexpr bool operator==(const ExtraTurnOnMax&, const ExtraTurnOnMax&) = default;
};

/// A token leaves square 0 only with a maximum roll ("a six to start").
struct SixToStart : NoHouseRules {
    static constexpr bool plays_plain = false;
    [[nodiscard]] static constexpr bool max_roll_to_start() noexcept { return true; }
    friend constexpr bool operator==(const SixToStart&, const SixToStart&) = default;
};

/// A token ending a move on another's square sends it back to square 0.
struct KnockBack : NoHouseRules {
    static constexpr bool plays_plain = false;
    [[nodiscard]] static constexpr bool knock_back() noexcept { return true; }
    friend constexpr bool operator==(const KnockBack&, const KnockBack&) = default;
};

/// Several house rules at once: `HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>`. Each
/// rule may appear once.
template <HouseRulePolicy... Rules>
struct HouseRules {
    static_assert(((Rules::forfeit_streak() != 0 ? 1 : 0) + ... + 0) <= 1,
                  "HouseRules: ExtraTurnOnMax appears more than once");
    static_assert(((Rules::max_roll_to_start() ? 1 : 0) + ... + 0) <= 1,
                  "HouseRules: SixToStart appears more than once");
    static_assert(((Rules::knock_back() ? 1 : 0) + ... + 0) <= 1,
                  "HouseRules: KnockBack appears more than once");

    static constexpr bool plays_plain = (Rules::plays_plain && ...);
    [[nodiscard]] static constexpr int forfeit_streak() noexcept {
        return (Rules::forfeit_streak() + ... + 0);
    }
    [[nodiscard]] static constexpr bool max_roll_to_start() noexcept {
        return (Rules::max_roll_to_start() || ...);
    }
    [[nodiscard]] static constexpr bool knock_back() noexcept {
        return (Rules::knock_back() || ...);
    }
    friend constexpr bool operator==(const HouseRules&, const HouseRules&) = default;
};

/// The three switches as a plain value, for designated initializers:
/// `ChosenHouseRules({.forfeit_streak = 3, .knock_back = true})`.
struct HouseRuleSwitches {
    /// 0: off; otherwise the number of maximum rolls in a row that forfeits a turn (at least 2).
    int forfeit_streak = 0;
    bool max_roll_to_start = false;
    bool knock_back = false;
    friend constexpr bool operator==(const HouseRuleSwitches&, const HouseRuleSwitches&) = default;
};

/// House rules chosen at run time. Validated when built: InvalidConfig for a forfeit streak
/// that is negative or 1.
class ChosenHouseRules {
public:
    static constexpr bool plays_plain = false;

    constexpr ChosenHouseRules() = default;
    constexpr explicit ChosenHouseRules(const HouseRuleSwitches& switches)
        : switches_(validated(switches)) {}

    [[nodiscard]] constexpr int forfeit_streak() const noexcept { return switches_.forfeit_streak; }
    [[nodiscard]] constexpr bool max_roll_to_start() const noexcept {
        return switches_.max_roll_to_start;
    }
    [[nodiscard]] constexpr bool knock_back() const noexcept { return switches_.knock_back; }
    [[nodiscard]] constexpr const HouseRuleSwitches& switches() const noexcept { return switches_; }

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

/// The switches of any house-rule policy, as a value.
template <HouseRulePolicy H>
[[nodiscard]] constexpr HouseRuleSwitches switches_of(const H& rules) noexcept {
    return {rules.forfeit_streak(), rules.max_roll_to_start(), rules.knock_back()};
}

namespace detail {
// The analysis and the simulator model the standard game; with a house rule switched on their
// answers would be wrong, so they refuse it.
template <HouseRulePolicy H>
constexpr void require_standard_game(const H& rules, std::string_view what) {
    if (!(switches_of(rules) == HouseRuleSwitches{})) {
        throw InvalidConfig(std::string(what) +
                            " models the standard game only, not house rules (extra turns, six "
                            "to start, knock-back): switch them off in the configuration, or "
                            "study them by playing seeded games");
    }
}
} // namespace detail

} // namespace snakeladder
