// Optimal play for one player: the policy that minimises the expected number of turns when the
// player picks the dice before each roll and, where the choices allow, stays instead of moving.
//
// Between turns a lone token's state is its square, so this is a stochastic shortest-path
// problem on the squares, solved by policy iteration: each policy's expected turns are solved
// exactly (SparseRowsLu on I - P), then every square takes the dice, and every roll the move or
// the stay, that does best against those values, until nothing changes. It starts from a policy
// that reaches home surely, so every policy it meets does (each turn costs one), and ends in a
// handful of rounds. The Bellman residual of the answer is reported.
//
// For two players the state is both squares and who decides: a stochastic game on the joint
// squares, solved by value iteration (Gauss-Seidel sweeps from the top of the board). Two
// questions: the equilibrium, in which each player maximises their own chance to win, and the
// best reply to a given opponent policy. A game may never end (a trap), so each position holds
// both players' chances, not one and 1 less it.
#pragma once
#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../turn/decisions.hpp"
#include "detail/duel_solver.hpp"
#include "detail/one_player_planner.hpp"
#include "detail/policy_rolls.hpp"
#include "detail/solve_ticker.hpp"
#include "optimal_policy.hpp"
#include "solve_report.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <utility>
#include <vector>

namespace snakeladder {

/// The equilibrium of two players on `board` with `choices` (the standard game), each
/// maximising their own chance to win: the policy both seats play, the chances of each joint
/// position, and seat 0's and seat 1's chances from the start (`win_chance`,
/// `other_win_chance`). A game in which neither ever gets home counts as won by nobody, so the
/// two chances may sum to less than 1. Throws InvalidConfig for choices without dice and when
/// the joint squares times the rolls of all the dice pass 2e7 (AnalysisLimitExceeded, naming
/// both) or `options.progress_interval` is negative; NotConverged when value iteration does not
/// settle in 100,000 sweeps.
///
/// Each sweep reads the joint squares times the rolls (at most 2e7). `options.progress` hears
/// the sweeps done of at most 100,000, and at the end (sweeps, sweeps); an exception it throws
/// stops the call and reaches the caller.
template <class Config, DiceWithOdds D>
[[nodiscard]] TwoPlayerPolicy two_player_equilibrium(const BasicBoard<Config>& board,
                                                     const Choices<D>& choices,
                                                     const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "two_player_equilibrium");
    auto rolls = detail::policy_rolls(choices);
    detail::check_duel_size(board, rolls, choices.may_stay, "two_player_equilibrium");
    return detail::DuelSolver<Config>(board, std::move(rolls), choices.may_stay)
        .equilibrium(ticker);
}

/// The best reply of the player in seat `seat` (0 moves first, 1 second) to `opponent`, a
/// Policy playing the other seat: the responder's policy and its chance to win from the start
/// (`win_chance`), and the opponent's (`other_win_chance`). The opponent is asked once for its
/// decision at every joint position the tokens can stand on (states of two seats, at the start
/// of a turn; not a jump's start); it must answer with one of the legal actions. Throws as
/// two_player_equilibrium does, InvalidConfig for a seat other than 0 and 1, and IllegalAction
/// for an opponent's action that is not legal. `options` as for two_player_equilibrium (the sweeps;
/// asking the opponent comes before them).
template <class Config, DiceWithOdds D, Policy P>
[[nodiscard]] TwoPlayerPolicy best_reply(const BasicBoard<Config>& board, const Choices<D>& choices,
                                         const P& opponent, std::uint32_t seat,
                                         const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "best_reply");
    if (seat > 1) {
        detail::throw_invalid_config(
            fmt::format("best_reply: the responder's seat is 0 or 1, got {}", seat));
    }
    auto rolls = detail::policy_rolls(choices);
    detail::check_duel_size(board, rolls, choices.may_stay, "best_reply");
    detail::DuelSolver<Config> solver(board, std::move(rolls), choices.may_stay);
    const std::size_t n = solver.squares();
    const std::size_t stride = static_cast<std::size_t>(solver.max_roll()) + 1;
    typename detail::DuelSolver<Config>::Opponent fixed;
    fixed.dice.assign(n * n, 0);
    if (choices.may_stay) {
        fixed.stay.assign(n * n * stride, false);
    }
    const auto refuse = [](const Action& action, const DecisionState& state) {
        throw IllegalAction(
            action, state.point,
            fmt::format("best_reply: the opponent answered {}, which is not legal at {} ({})",
                        action, state.game,
                        state.point == DecisionPoint::choose_dice ? "a pick of dice"
                                                                  : "a roll seen"));
    };
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t o = 0; o < n; ++o) {
            if (!solver.rests_on(r) || !solver.rests_on(o)) {
                continue; // never played: the solver does not read it
            }
            DecisionState state = new_decision_state(choices, 2);
            state.game.squares[seat] = static_cast<Square>(r);
            state.game.squares[1 - seat] = static_cast<Square>(o);
            state.game.seat_due = 1 - seat;
            const std::size_t at = r * n + o;
            if (choices.dice.size() > 1) {
                const Action action = opponent.action(state);
                if (action.kind != Action::Kind::roll_with || action.dice >= choices.dice.size()) {
                    refuse(action, state);
                }
                fixed.dice[at] = action.dice;
            }
            if (!choices.may_stay) {
                continue;
            }
            state.point = DecisionPoint::move_or_stay;
            state.dice = fixed.dice[at];
            state.game.max_roll = static_cast<int>(choices.dice[state.dice].max_roll());
            for (const detail::PolicyRoll& roll : solver.rolls(state.dice)) {
                state.roll = roll.roll;
                const Action action = opponent.action(state);
                if (action.kind == Action::Kind::roll_with) {
                    refuse(action, state);
                }
                fixed.stay[at * stride + static_cast<std::size_t>(roll.roll)] =
                    action.kind == Action::Kind::stay;
            }
        }
    }
    return solver.best_reply(fixed, seat, ticker);
}

/// The policy that minimises one player's expected number of turns on `board` with `choices`
/// (the standard game: no house rules), with its values, its decision on every square and its
/// gain over default play. Throws InvalidConfig for choices without dice, when no way of playing
/// brings the token home surely from square 0, or `options.progress_interval` is negative;
/// AnalysisLimitExceeded when squares times the rolls of all the dice exceed 2e7 (naming both)
/// and when one policy's solve would take more than 2e9 multiply-adds; NotConverged when policy
/// iteration does not settle in 1,000 rounds.
///
/// Each round solves one policy exactly and improves it (squares times rolls). `options.progress`
/// hears the rounds done of at most 1,000, and at the end (rounds, rounds); an exception it
/// throws stops the call and reaches the caller.
template <class Config, DiceWithOdds D>
[[nodiscard]] OptimalPolicy optimal_policy(const BasicBoard<Config>& board,
                                           const Choices<D>& choices,
                                           const ProgressOptions& options = {}) {
    auto ticker = detail::steps_ticker(options);
    detail::check_choices(choices, "optimal_policy");
    std::vector<std::vector<detail::PolicyRoll>> rolls = detail::policy_rolls(choices);
    double square_rolls = 0.0;
    for (const auto& of_dice : rolls) {
        square_rolls += static_cast<double>(board.size()) * static_cast<double>(of_dice.size());
    }
    using Planner = detail::OnePlayerPlanner<Config>;
    if (square_rolls > Planner::max_square_rolls) {
        throw AnalysisLimitExceeded(
            square_rolls, Planner::max_square_rolls,
            "give fewer dice to choose from or a smaller board",
            fmt::format("optimal_policy: {} squares times the rolls of the {} dice to choose from "
                        "make {:.0f} states and rolls, more than the limit of {:.0e}; give fewer "
                        "dice to choose from or a smaller board",
                        board.size(), choices.dice.size(), square_rolls,
                        Planner::max_square_rolls));
    }
    detail::check_stay_table("optimal_policy", static_cast<double>(board.size()), "squares", rolls,
                             choices.may_stay, Planner::max_square_rolls);
    OptimalPolicy policy = Planner(board, std::move(rolls), choices.may_stay).solve(ticker);
    policy.default_turns = expected_turns(board, choices.dice.front()).from_start;
    return policy;
}

} // namespace snakeladder
