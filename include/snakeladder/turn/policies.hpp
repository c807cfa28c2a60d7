// Computer players that are not optimal: a random one and a greedy one, as Policy types beside
// OptimalPolicy and TwoPlayerPolicy (analysis/optimal_play.hpp). Each answers `action(state)` at a
// decision point (decisions.hpp); none of them needs a solve, so they work on any board size.
#pragma once

#include "../base/errors.hpp"
#include "../base/random.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "decisions.hpp"
#include "turn_model.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <utility>
#include <vector>

namespace snakeladder {

namespace detail {

// The policies below answer only at a decision point, for a seat on the board.
inline Square square_of_seat_due(const DecisionState& state, Square board_size,
                                 const char* caller) {
    if (state.point == DecisionPoint::roll || state.point == DecisionPoint::over) {
        throw_invalid_config(
            fmt::format("{}: nobody decides here (a chance point or the end of the game)", caller));
    }
    const std::uint32_t seat = state.game.seat_due;
    if (seat >= state.game.squares.size() || state.game.squares[seat] < 0 ||
        state.game.squares[seat] >= board_size) {
        throw_invalid_config(fmt::format("{}: the seat due ({}) is not on a square below home of "
                                         "a board of {} squares",
                                         caller, seat, board_size));
    }
    return state.game.squares[seat];
}

} // namespace detail

/// A player that picks uniformly among the legal actions. It is a policy, so it gives the same
/// decision every time it is asked of the same state: the pick is a hash of the seed and the
/// whole state (every seat's square, the seat due, the turn, the roll in the turn, the roll
/// seen), not a draw from an engine. Two states that differ anywhere get independent picks.
class RandomPolicy {
public:
    /// A random player for `choices`, its picks fixed by `seed`. Throws InvalidConfig for
    /// choices without 1 to Choices::max_dice dice.
    template <DiceWithOdds D>
    RandomPolicy(const Choices<D>& choices, std::uint64_t seed)
        : dice_count_(static_cast<std::uint32_t>(choices.dice.size())), may_stay_(choices.may_stay),
          seed_(seed) {
        detail::check_choices(choices, "RandomPolicy");
    }

    /// One of legal_actions(choices, state), each with the same chance. Throws InvalidConfig
    /// at a chance point, after the end, and for a seat due with no square.
    [[nodiscard]] Action action(const DecisionState& state) const {
        if (state.point == DecisionPoint::roll || state.point == DecisionPoint::over) {
            detail::throw_invalid_config("RandomPolicy::action: nobody decides here (a chance "
                                         "point or the end of the game)");
        }
        if (state.game.seat_due >= state.game.squares.size()) {
            detail::throw_invalid_config(
                fmt::format("RandomPolicy::action: the seat due ({}) is not one of the {} seats",
                            state.game.seat_due, state.game.squares.size()));
        }
        const std::uint64_t word = hash(state);
        if (state.point == DecisionPoint::choose_dice) {
            return Action::roll_with(pick_below(word, dice_count_));
        }
        if (!may_stay_) {
            return Action::move();
        }
        return pick_below(word, 2) == 0 ? Action::move() : Action::stay();
    }

    [[nodiscard]] std::uint64_t seed() const noexcept { return seed_; }

private:
    // Each field is folded in through SplitMix64's finaliser, so a change in any of them changes
    // every bit of the word with probability about one half.
    [[nodiscard]] std::uint64_t hash(const DecisionState& state) const {
        std::uint64_t word = seed_;
        const auto fold = [&word](std::uint64_t value) { word = SplitMix64(word ^ value)(); };
        fold(static_cast<std::uint64_t>(state.point));
        fold(state.game.seat_due);
        fold(state.game.turns_played);
        fold(state.game.rolls_in_turn);
        fold(static_cast<std::uint64_t>(static_cast<std::int64_t>(state.roll)));
        for (const Square square : state.game.squares) {
            fold(static_cast<std::uint64_t>(static_cast<std::int64_t>(square)));
        }
        return word;
    }
    // The high 32 bits scaled to 0..count-1: uniform to within count / 2^32.
    [[nodiscard]] static std::uint32_t pick_below(std::uint64_t word, std::uint32_t count) {
        return static_cast<std::uint32_t>(((word >> 32U) * count) >> 32U);
    }

    std::uint32_t dice_count_;
    bool may_stay_;
    std::uint64_t seed_;
};

/// A player that takes the best square now: before a roll, the dice whose roll leaves the token
/// highest on average (ties: the first of them); after a roll, it stays exactly when the move
/// would leave it lower than it stands (a snake, or a bounce back). It looks one roll ahead on
/// the board's own moves and knows nothing of house rules or of the other players.
template <class Config, class D>
class GreedyPolicy {
    // A static_assert rather than a constrained parameter, so that fwd.hpp can declare the
    // template without the concept.
    static_assert(DiceWithOdds<D>, "GreedyPolicy<Config, D>: D must be dice with odds (concept "
                                   "DiceWithOdds: face_probabilities())");

public:
    /// Throws InvalidConfig for choices without 1 to Choices::max_dice dice, and as
    /// chance_outcomes does for dice too large to tabulate.
    GreedyPolicy(BasicBoard<Config> board, const Choices<D>& choices)
        : board_(std::move(board)), may_stay_(choices.may_stay) {
        detail::check_choices(choices, "GreedyPolicy");
        rolls_.reserve(choices.dice.size());
        const GameState start({.players = 1, .max_roll = 0});
        for (const D& dice : choices.dice) {
            rolls_.push_back(chance_outcomes(dice, start));
        }
    }

    /// The greedy decision for the seat due. Throws InvalidConfig at a chance point, after the
    /// end, and when the seat due is not on a square below home of this policy's board.
    [[nodiscard]] Action action(const DecisionState& state) const {
        const Square square =
            detail::square_of_seat_due(state, board_.size(), "GreedyPolicy::action");
        if (state.point == DecisionPoint::move_or_stay) {
            if (state.roll < 1) {
                detail::throw_invalid_config(fmt::format(
                    "GreedyPolicy::action: the roll seen ({}) is not a roll", state.roll));
            }
            return board_.advance(square, state.roll) < square ? Action::stay() : Action::move();
        }
        std::uint32_t best = 0;
        double best_square = -1.0;
        for (std::size_t i = 0; i < rolls_.size(); ++i) {
            double average = 0.0;
            for (const ChanceOutcome& outcome : rolls_[i]) {
                average += outcome.probability * static_cast<double>(reached(square, outcome.roll));
            }
            if (average > best_square) {
                best_square = average;
                best = static_cast<std::uint32_t>(i);
            }
        }
        return Action::roll_with(best);
    }

    /// The square a roll leaves the token on when this player decides after it.
    [[nodiscard]] Square reached(Square square, int roll) const {
        const Square moved = board_.advance(square, roll);
        return may_stay_ && moved < square ? square : moved;
    }

private:
    BasicBoard<Config> board_;
    bool may_stay_;
    std::vector<std::vector<ChanceOutcome>> rolls_;
};

static_assert(Policy<RandomPolicy>);

} // namespace snakeladder
