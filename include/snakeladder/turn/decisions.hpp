// Decision points: variants in which the player due chooses. Before rolling, the player may pick
// one of several dice (a fair die or two of them, say); after seeing the roll, the player may be
// allowed to stay where they are instead of moving. A game is then a sequence of decision points
// (legal_actions, apply_action) and chance points (chance_outcomes, apply_chance), the shape of
// OpenSpiel's State API, driven without a Game object. What a roll does is still the turn model's
// (apply_roll_in_place): this file only says who decides what, and when.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/game_state.hpp"
#include "../rules/house_rule.hpp"
#include "turn_model.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder {

/// What the player due may decide, for every seat alike: a value. Any dice can be driven through
/// decisions; the analysis and the policies that look ahead (chance_outcomes, optimal_policy,
/// GreedyPolicy) need dice whose odds are known (DiceWithOdds).
template <class D>
struct Choices {
    static_assert(detail::report_dice<D>(), "Choices<D>: D must be Dice");

    /// The dice a player picks from before each roll (at least one, at most max_dice). With one,
    /// there is nothing to choose before a roll. A house rule's "maximum" is the highest roll of
    /// the dice picked for that roll.
    std::vector<D> dice;
    /// After seeing the roll, the player may stay where they are: the turn ends, the token does
    /// not move, and no house rule acts on the roll (not even one that grants another roll).
    bool may_stay = false;

    /// The most dice to choose from.
    static constexpr std::size_t max_dice = 64;
};

/// Where a game driven through decisions stands.
enum class DecisionPoint : std::uint8_t {
    choose_dice,  ///< the player due picks the dice to roll (only when there are several)
    roll,         ///< a chance point: the dice picked roll
    move_or_stay, ///< the player due has seen the roll and decides (only when they may stay)
    over,         ///< the game is over
};

/// One decision of the player due.
struct Action {
    enum class Kind : std::uint8_t { roll_with, move, stay };
    Kind kind = Kind::move;
    /// For roll_with: the index of the dice in Choices::dice.
    std::uint32_t dice = 0;

    [[nodiscard]] static constexpr Action roll_with(std::uint32_t dice_index) noexcept {
        return {Kind::roll_with, dice_index};
    }
    [[nodiscard]] static constexpr Action move() noexcept { return {Kind::move, 0}; }
    [[nodiscard]] static constexpr Action stay() noexcept { return {Kind::stay, 0}; }
    friend constexpr bool operator==(const Action&, const Action&) = default;
};

/// An action that is not legal where it was tried: `action()` is the action, `point()` the
/// decision point reached (over, at a chance point, or the decision it does not answer). An
/// InvalidConfig, as such errors were before they had a type of their own.
class IllegalAction : public InvalidConfig {
public:
    IllegalAction(Action action, DecisionPoint point, const std::string& message)
        : InvalidConfig(message), action_(action), point_(point) {}
    [[nodiscard]] Action action() const noexcept { return action_; }
    [[nodiscard]] DecisionPoint point() const noexcept { return point_; }

private:
    Action action_;
    DecisionPoint point_;
};

/// A game with decisions: the turn model's state, the point reached, and what was decided or
/// rolled so far in this roll. A copyable value, like GameState.
struct DecisionState {
    GameState game;
    DecisionPoint point = DecisionPoint::roll;
    /// The dice picked for the roll under way (0 until a pick, and with one dice).
    std::uint32_t dice = 0;
    /// At move_or_stay: the roll seen.
    int roll = 0;

    /// The seat that decides or rolls next.
    [[nodiscard]] std::uint32_t seat_due() const noexcept { return game.seat_due; }
    [[nodiscard]] bool is_chance_point() const noexcept { return point == DecisionPoint::roll; }
    [[nodiscard]] bool is_over() const noexcept { return point == DecisionPoint::over; }
    friend bool operator==(const DecisionState&, const DecisionState&) = default;
};

/// A player that decides: `action(state)` gives its decision at a decision point of `state`
/// (one of legal_actions there), the same decision every time it is asked of the same state.
/// OptimalPolicy and TwoPlayerPolicy are policies; so is any type of the user's with that call.
template <class P>
concept Policy = requires(const P& policy, const DecisionState& state) {
    { policy.action(state) } -> std::convertible_to<Action>;
};

/// What apply_action or apply_chance did: one step of a game where players decide, which may
/// leave the token where it was (a pick of dice, a roll seen). RollResult is the turn model's
/// answer for a roll applied; a step that applies a roll carries that roll's outcome.
struct DecisionStep {
    DecisionState state;
    /// The roll's outcome, once it is applied (a move) or declined (a stay); empty after a pick
    /// of dice, and after a roll that waits for the player's decision.
    std::optional<RollOutcome> outcome;
    /// The player stayed: `outcome` has the token where it stood and the turn over.
    bool stayed = false;
};

namespace detail {

template <Dice D>
void check_choices(const Choices<D>& choices, const char* caller) {
    if (choices.dice.empty() || choices.dice.size() > Choices<D>::max_dice) {
        throw_invalid_config(fmt::format("{}: Choices needs 1 to {} dice to choose from, got {}",
                                         caller, Choices<D>::max_dice, choices.dice.size()));
    }
}

// The point a roll starts from: a pick of dice when there are several, else the roll itself.
// Until a pick, the state's maximum is the first dice's.
template <Dice D>
DecisionState at_next_roll(const Choices<D>& choices, GameState game) {
    DecisionState next;
    next.game = std::move(game);
    next.game.max_roll = static_cast<int>(choices.dice.front().max_roll());
    if (next.game.finished) {
        next.point = DecisionPoint::over;
    } else if (choices.dice.size() > 1) {
        next.point = DecisionPoint::choose_dice;
    } else {
        next.point = DecisionPoint::roll;
    }
    return next;
}

// The roll of `state` applied: the move, then the next point.
template <class Config, Dice D, HouseRule Rules>
DecisionStep move_by_roll(const BasicBoard<Config>& board, const Choices<D>& choices,
                          const DecisionState& state, int roll, const Rules& rules) {
    GameState game = state.game;
    RollOutcome outcome = apply_roll_in_place(board, game, roll, rules);
    // Another roll of the same turn (a house rule's) starts from a pick of dice again.
    return {at_next_roll(choices, std::move(game)), std::move(outcome), false};
}

// Whether the dice picked at `state` can roll `roll`: a face of positive probability, or for
// dice whose odds are not known or too large to tabulate, a roll within their range.
template <Dice D>
bool can_roll(const Choices<D>& choices, const DecisionState& state, int roll) {
    if (state.dice >= choices.dice.size()) {
        return false;
    }
    const D& dice = choices.dice[state.dice];
    if constexpr (DiceWithOdds<D>) {
        if (static_cast<int>(dice.max_roll()) <= max_tabulated_roll) {
            const auto odds = dice.face_probabilities();
            return roll >= 1 && static_cast<std::size_t>(roll) < odds.size() &&
                   odds[static_cast<std::size_t>(roll)] > 0.0;
        }
    }
    // Dice without odds (ScriptedDice), or too large to tabulate: any roll in their range.
    return roll >= 1 && roll >= static_cast<int>(dice.min_roll()) &&
           roll <= static_cast<int>(dice.max_roll());
}

// Throws InvalidConfig, naming what is wrong, unless `state` is one these choices could have
// reached on `board` under `rules`: a named point, over exactly when the game is, the dice
// picked among the choices with their highest roll as the state's maximum, a roll seen that
// those dice can give, and a game state the turn model accepts.
template <class Config, Dice D, HouseRule Rules>
void check_decision_state(const BasicBoard<Config>& board, const Choices<D>& choices,
                          const DecisionState& state, const Rules& rules, const char* caller) {
    const auto fail = [caller](const std::string& what) {
        throw_invalid_config(
            fmt::format("{}: the state does not fit these choices: {}", caller, what));
    };
    const DecisionPoint point = state.point;
    if (point > DecisionPoint::over) {
        fail("its point is none of DecisionPoint's values");
    }
    if (state.game.finished != (point == DecisionPoint::over)) {
        fail(state.game.finished ? "the game is over, but its point is not DecisionPoint::over"
                                 : "its point is DecisionPoint::over, but the game is not");
    }
    if (point == DecisionPoint::choose_dice && choices.dice.size() < 2) {
        fail("it is a pick of dice, but there is one dice to choose from");
    }
    if (point == DecisionPoint::roll || point == DecisionPoint::move_or_stay) {
        if (state.dice >= choices.dice.size()) {
            fail(fmt::format("it picked dice {}, but there are {} to choose from", state.dice,
                             choices.dice.size()));
        }
        const auto highest = static_cast<int>(choices.dice[state.dice].max_roll());
        if (state.game.max_roll != highest) {
            fail(fmt::format("its max_roll is {}, but the dice picked roll at most {}",
                             state.game.max_roll, highest));
        }
    }
    if (point == DecisionPoint::move_or_stay &&
        (!choices.may_stay || !can_roll(choices, state, state.roll))) {
        fail(fmt::format("it has seen a roll of {}, which is not one the dice picked (number {}) "
                         "give with a stay allowed",
                         state.roll, state.dice));
    }
    if (point != DecisionPoint::over) {
        check_state(board, state.game, rules);
    }
}

inline std::string describe(const Action& action) {
    switch (action.kind) {
    case Action::Kind::roll_with:
        return fmt::format("roll_with({})", action.dice);
    case Action::Kind::move:
        return "move";
    case Action::Kind::stay:
        break;
    }
    return "stay";
}

} // namespace detail

/// A new game of `players` seats with these choices: every token on square 0, seat 0 due.
/// Throws InvalidConfig for no dice or more than Choices::max_dice, and for no players.
template <Dice D>
[[nodiscard]] DecisionState new_decision_state(const Choices<D>& choices, std::size_t players) {
    detail::check_choices(choices, "new_decision_state");
    if (players < 1) {
        detail::throw_invalid_config("new_decision_state: a game needs at least 1 player");
    }
    return detail::at_next_roll(choices, GameState({.players = players, .max_roll = 0}));
}

/// The decisions the player due may take at `state`, in a fixed order: roll_with(0), roll_with(1),
/// ... at choose_dice; move, then stay at move_or_stay. Empty at a chance point and when over.
template <Dice D>
[[nodiscard]] std::vector<Action> legal_actions(const Choices<D>& choices,
                                                const DecisionState& state) {
    std::vector<Action> actions;
    if (state.point == DecisionPoint::choose_dice) {
        for (std::uint32_t d = 0; d < choices.dice.size(); ++d) {
            actions.push_back(Action::roll_with(d));
        }
    } else if (state.point == DecisionPoint::move_or_stay) {
        actions = {Action::move(), Action::stay()};
    }
    return actions;
}

/// The rolls that can come at a chance point, with their probabilities (those of the dice
/// picked); empty at a decision point and when over.
template <DiceWithOdds D>
[[nodiscard]] std::vector<ChanceOutcome> chance_outcomes(const Choices<D>& choices,
                                                         const DecisionState& state) {
    if (state.point != DecisionPoint::roll || state.dice >= choices.dice.size()) {
        return {};
    }
    return chance_outcomes(choices.dice[state.dice], state.game);
}

/// Takes `action` at a decision point of `state` (which is not changed) under the board's rules
/// and `house_rules` (none unless given). Throws IllegalAction, naming what was wrong, for an
/// action that is not among legal_actions(choices, state): at a chance point, after the end, a
/// die that is not in the choices, or a stay the choices do not allow; and InvalidConfig for a
/// state these choices could not have reached (see detail::check_decision_state).
template <class Config, Dice D, HouseRule Rules = NoHouseRules>
[[nodiscard]] DecisionStep apply_action(const BasicBoard<Config>& board, const Choices<D>& choices,
                                        const DecisionState& state, Action action,
                                        const Rules& house_rules = Rules{}) {
    detail::check_choices(choices, "apply_action");
    const auto refuse = [&](const std::string& why) {
        throw IllegalAction(
            action, state.point,
            fmt::format("apply_action: {} is not legal here: {}", detail::describe(action), why));
    };
    // A forged action outside the enum would get past every case below.
    if (action.kind > Action::Kind::stay) {
        throw IllegalAction(action, state.point,
                            "apply_action: the action's kind is none of Action::Kind's values");
    }
    detail::check_decision_state(board, choices, state, house_rules, "apply_action");
    switch (state.point) {
    case DecisionPoint::over:
        refuse("the game is over");
        break;
    case DecisionPoint::roll:
        refuse("the dice are about to roll (a chance point: apply_chance takes the roll)");
        break;
    case DecisionPoint::choose_dice:
        if (action.kind != Action::Kind::roll_with) {
            refuse("the player due picks the dice first (roll_with)");
        }
        if (action.dice >= choices.dice.size()) {
            refuse(fmt::format("there are {} dice to choose from (0 to {})", choices.dice.size(),
                               choices.dice.size() - 1));
        }
        break;
    case DecisionPoint::move_or_stay:
        if (action.kind == Action::Kind::roll_with) {
            refuse(fmt::format("the roll ({}) is made: the player moves or stays", state.roll));
        }
        if (action.dice != 0) { // Action::move() and stay() name no dice
            refuse(fmt::format("a move or a stay names no dice, and this one names dice {}",
                               action.dice));
        }
        break;
    }
    if (action.kind == Action::Kind::roll_with) {
        DecisionStep step{state, std::nullopt, false};
        step.state.point = DecisionPoint::roll;
        step.state.dice = action.dice;
        step.state.game.max_roll = static_cast<int>(choices.dice[action.dice].max_roll());
        return step;
    }
    if (action.kind == Action::Kind::move) {
        return detail::move_by_roll(board, choices, state, state.roll, house_rules);
    }
    // A stay: the turn model's (the token stays where it stood, and the turn ends).
    GameState game = state.game;
    RollOutcome outcome = detail::stay_in_place(board, game, state.roll, house_rules);
    return {detail::at_next_roll(choices, std::move(game)), std::move(outcome), true};
}

/// Applies `roll` at the chance point of `state` (which is not changed). When the choices let
/// the player stay, the roll is only seen: the next point is move_or_stay. Otherwise it is
/// applied through the turn model. Throws IllegalRoll (an InvalidConfig) at a decision point,
/// after the end and for a roll the dice picked cannot give; InvalidConfig for a state these
/// choices could not have reached.
template <class Config, Dice D, HouseRule Rules = NoHouseRules>
[[nodiscard]] DecisionStep apply_chance(const BasicBoard<Config>& board, const Choices<D>& choices,
                                        const DecisionState& state, int roll,
                                        const Rules& house_rules = Rules{}) {
    detail::check_choices(choices, "apply_chance");
    detail::check_decision_state(board, choices, state, house_rules, "apply_chance");
    if (state.point != DecisionPoint::roll) {
        throw IllegalRoll(roll, state.point == DecisionPoint::over
                                    ? "apply_chance: the game is over"
                                    : "apply_chance: the player due decides first (apply_action)");
    }
    if (!detail::can_roll(choices, state, roll)) {
        throw IllegalRoll(roll,
                          fmt::format("apply_chance: the dice picked (number {}) cannot roll {}",
                                      state.dice, roll));
    }
    if (choices.may_stay) {
        DecisionStep step{state, std::nullopt, false};
        step.state.point = DecisionPoint::move_or_stay;
        step.state.roll = roll;
        return step;
    }
    return detail::move_by_roll(board, choices, state, roll, house_rules);
}

} // namespace snakeladder

/// Prints an action as `roll_with(1)`, `move` or `stay`.
template <>
struct fmt::formatter<snakeladder::Action> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::Action& action, FormatContext& ctx) const {
        return fmt::format_to(ctx.out(), "{}", snakeladder::detail::describe(action));
    }
};
