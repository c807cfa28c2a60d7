// The built-in house rules: the variants families play by, each a small type with hooks at the
// points of a roll, in the game's configuration. All are off by default, and a game without them
// pays nothing for them. What a house rule is (the concept, its hooks, HouseRules<...>) is in
// house_rule.hpp, all a rule of the user's needs.
//
//   GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>
//
// The built-in rules are written through the same hooks as a rule of the user's (see "Writing a
// house rule" in README.md). ChosenHouseRules switches the classic three on and off at run time,
// for programs that take the rules from their users (one compiled game for every combination).
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../fwd.hpp"
#include "game_state.hpp"
#include "house_rule.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <initializer_list>
#include <string>
#include <vector>

namespace snakeladder {

/// A maximum roll grants another roll; the `InARow`th maximum in a row forfeits the turn, the
/// token back where the turn began.
template <int InARow>
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
