// The answers of optimal play: a one-player policy (OptimalPolicy) and a two-player one
// (TwoPlayerPolicy), each the values and decisions of every square or joint square, and the
// action a policy takes at a decision point. optimal_play.hpp solves for them.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../turn/decisions.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <vector>

namespace snakeladder {

/// The best play of one player, square by square.
struct OptimalPolicy {
    /// Index s in 0..size: the expected turns from square s under this policy (0 at home);
    /// +infinity on squares from which no way of playing reaches home surely. A square no token
    /// stands on (a jump's start under RejectChains or FollowChains) holds the value of the
    /// square the jump leads to, as ExpectedTurns::from_square does.
    std::vector<double> expected_turns;
    /// Index s in 0..size-1: the dice to roll there (an index into Choices::dice).
    std::vector<std::uint32_t> dice;
    /// Whether to stay on square s after rolling r: stay[s * (max_roll + 1) + r] (see stays()).
    /// Empty when the choices do not allow staying.
    std::vector<bool> stay;
    /// The highest roll of any of the dice.
    int max_roll = 0;
    /// The expected turns of default play: always the first dice, always move (+infinity when
    /// that may never end).
    double default_turns = 0.0;
    /// The largest |(T V)(s) - V(s)| over the squares, with T the Bellman operator: how far the
    /// values are from satisfying the optimality equations (in turns).
    double residual = 0.0;
    /// Rounds of policy iteration (each an exact solve).
    int iterations = 0;

    /// The expected turns of a game played this way, from square 0.
    [[nodiscard]] double turns() const { return expected_turns.front(); }
    /// How many turns this policy saves over default play.
    [[nodiscard]] double gain() const { return default_turns - turns(); }
    /// Whether to stay on `square` (0..size-1) after rolling `roll` (1..max_roll).
    /// False for a square or roll outside those ranges.
    [[nodiscard]] bool stays(Square square, int roll) const {
        if (square < 0 || roll < 1 || roll > max_roll) {
            return false;
        }
        const std::size_t at =
            static_cast<std::size_t>(square) * (static_cast<std::size_t>(max_roll) + 1) +
            static_cast<std::size_t>(roll);
        return at < stay.size() && stay[at];
    }
    /// The decision of the player due at `state` as this policy plays it, from the square of
    /// the seat due (for several players: each plays as if alone). Throws InvalidConfig at a
    /// chance point, after the end, and when the seat due is not on a square of the board
    /// below home.
    [[nodiscard]] Action action(const DecisionState& state) const {
        if (state.point == DecisionPoint::roll || state.point == DecisionPoint::over) {
            detail::throw_invalid_config("OptimalPolicy::action: nobody decides here (a chance "
                                         "point or the end of the game)");
        }
        const std::vector<Square>& squares = state.game.squares;
        const std::uint32_t seat = state.game.seat_due;
        if (seat >= squares.size() || squares[seat] < 0 ||
            static_cast<std::size_t>(squares[seat]) >= dice.size()) {
            detail::throw_invalid_config(
                fmt::format("OptimalPolicy::action: the seat due ({}) is not on a square below "
                            "home of the board this policy was solved for ({} squares)",
                            seat, dice.size()));
        }
        const Square square = squares[seat];
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(dice[static_cast<std::size_t>(square)]);
        }
        return stays(square, state.roll) ? Action::stay() : Action::move();
    }
};

/// Two players' play on the joint squares: what the player who decides does, given both
/// squares. In the equilibrium both seats play it; in a best reply, the responder does.
struct TwoPlayerPolicy {
    /// The board's size: squares 0..size-1 are below home.
    Square size = 0;
    /// The highest roll of any of the dice.
    int max_roll = 0;
    /// win[own * size + other] (see win_from): the chance that the player about to decide, on
    /// `own` with the other on `other` (both below home), wins, played this way from there.
    /// A square no token rests on (a jump's start under RejectChains or FollowChains) holds the
    /// chance of the square the jump leads to: what landing there is worth (a jump to home is
    /// a game won, by the player deciding when both tokens are on one).
    std::vector<double> win;
    /// other_win[own * size + other] (see other_win_from): the chance that the other player
    /// wins from there. A game in which neither ever gets home is won by nobody, so this is
    /// 1 - win only where every game ends.
    std::vector<double> other_win;
    /// dice[own * size + other]: the dice to roll there.
    std::vector<std::uint32_t> dice;
    /// Whether to stay after each roll (see stays()); empty when staying is not allowed.
    std::vector<bool> stay;
    /// The chance that the seat this policy plays wins from the start: seat 0 in the
    /// equilibrium, the responder's seat in a best reply.
    double win_chance = 0.0;
    /// The chance that the other seat wins from the start (seat 1 in the equilibrium, the
    /// opponent in a best reply); 1 - win_chance less the chance that nobody ever gets home.
    double other_win_chance = 0.0;
    /// The largest change of a chance in the last sweep of value iteration.
    double residual = 0.0;
    /// Sweeps of value iteration over the joint squares.
    int sweeps = 0;

    [[nodiscard]] std::size_t index(Square own, Square other) const {
        return static_cast<std::size_t>(own) * static_cast<std::size_t>(size) +
               static_cast<std::size_t>(other);
    }
    /// The chance that the player deciding on `own` (the other on `other`) wins.
    [[nodiscard]] double win_from(Square own, Square other) const {
        return win.at(index(own, other));
    }
    /// The chance that the other player (on `other`, not deciding) wins.
    [[nodiscard]] double other_win_from(Square own, Square other) const {
        return other_win.at(index(own, other));
    }
    /// Whether the player on `own` (the other on `other`) stays after rolling `roll`.
    /// False for squares or a roll outside the board's and the dice's ranges.
    [[nodiscard]] bool stays(Square own, Square other, int roll) const {
        if (own < 0 || other < 0 || own >= size || other >= size || roll < 1 || roll > max_roll) {
            return false;
        }
        const std::size_t i = index(own, other) * (static_cast<std::size_t>(max_roll) + 1) +
                              static_cast<std::size_t>(roll);
        return i < stay.size() && stay[i];
    }
    /// The decision of the player due at `state`, a state of two seats. Throws InvalidConfig
    /// for another number of seats, at a chance point and after the end.
    [[nodiscard]] Action action(const DecisionState& state) const {
        if (state.game.squares.size() != 2 || state.point == DecisionPoint::roll ||
            state.point == DecisionPoint::over || state.game.seat_due > 1) {
            detail::throw_invalid_config("TwoPlayerPolicy::action: it decides for the seat due "
                                         "of two at a decision point");
        }
        const Square own = state.game.squares[state.game.seat_due];
        const Square other = state.game.squares[1 - state.game.seat_due];
        if (own < 0 || other < 0 || own >= size || other >= size) {
            detail::throw_invalid_config(
                fmt::format("TwoPlayerPolicy::action: squares {} and {} are not both below home "
                            "of the board this policy was solved for ({} squares)",
                            own, other, size));
        }
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(dice[index(own, other)]);
        }
        return stays(own, other, state.roll) ? Action::stay() : Action::move();
    }
};

} // namespace snakeladder
