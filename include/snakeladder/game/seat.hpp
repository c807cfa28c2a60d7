// Who sits at a seat of a DecisionGame (game/decision_game.hpp): a person, whose program answers
// at the decision points, or a computer player, a policy the game asks.
#pragma once

#include "../turn/decisions.hpp"

#include <functional>
#include <memory>
#include <string>
#include <utility>

namespace snakeladder {

/// Who sits at a seat of a DecisionGame: a name, and the policy that decides for that seat, or
/// none for a person. Make one with `person(name)` or `computer(name, policy)`.
struct Seat {
    std::string name;
    /// Asked at each decision point of this seat's turns; empty for a person.
    std::function<Action(const DecisionState&)> policy;

    [[nodiscard]] bool is_person() const noexcept { return !policy; }
};

/// A seat for a person: the game stops where they decide, and their program answers through
/// `take_turn(name, action)`.
[[nodiscard]] inline Seat person(std::string name) {
    return {std::move(name), {}};
}

/// A seat for a computer player that `policy` decides for (RandomPolicy, GreedyPolicy,
/// OptimalPolicy, TwoPlayerPolicy or a Policy of your own). The policy is shared, not copied,
/// by copies of the seat.
template <Policy P>
[[nodiscard]] Seat computer(std::string name, P policy) {
    auto shared = std::make_shared<const P>(std::move(policy));
    return {std::move(name),
            [shared](const DecisionState& state) -> Action { return shared->action(state); }};
}

} // namespace snakeladder
