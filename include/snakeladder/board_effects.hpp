// What each square and each jump does to a game, exactly: how often a token stands on each
// square, the chance that it ever does, and how many turns each snake and ladder adds (which
// snake matters most). For any dice with odds, overshoot and chain rule, and house rules.
//
// Both come from one player's turn kernel (detail/turn_kernel.hpp): with A = I - K, column s of
// A^-1 holds, at row r, the expected number of turns begun on s by a token that starts on r. So
// one solve per square gives the visits to s from the start, N(0, s), and from s itself, N(s, s),
// and the chance of ever standing on s is N(0, s) / N(s, s) (a token that gets to s stands there
// N(s, s) times on average, one that never does, none).
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "board_traps.hpp"
#include "detail/turn_kernel.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "house_rules.hpp"
#include "jump.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <string>
#include <vector>

namespace snakeladder {

/// How often a one-player game stands on each square.
struct SquareStatistics {
    /// Index s in 0..size-1: the expected number of turns of a game that begin with the token
    /// on s (square 0 counts the first turn). Their sum is the expected length, turns missed
    /// under house rules aside.
    std::vector<double> visits;
    /// Index s in 0..size-1: the probability that the token ever begins a turn on s (1 for
    /// square 0). 0 on squares no token rests on, such as a jump's start under RejectChains and
    /// FollowChains.
    std::vector<double> landing;
};

/// What one jump does: the expected length of a one-player game without it, and the turns it
/// adds (the expected length with it, less that without it: positive for a snake that costs
/// turns, negative for a ladder that saves them; +infinity when the game may never end with it,
/// -infinity when it may never end without it).
struct JumpEffect {
    Jump jump;
    double expected_turns_without = 0.0;
    double turns_added = 0.0;
};

/// The most squares `square_statistics` takes: it solves the system once per square.
inline constexpr Square max_square_statistics_size = 10'000;

/// Visits and landing chances of each square for one player on `board` with `dice` under
/// `house_rules` (none unless given), exact (one elimination, then one solve per square). Throws
/// InvalidConfig for a board on which a trap can be reached (a token stuck there visits it for
/// ever), naming the traps, and for a board of more than max_square_statistics_size squares; the
/// rest as expected_turns(board, dice, house_rules).
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] SquareStatistics square_statistics(const BasicBoard<Config>& board, const D& dice,
                                                 const Rules& house_rules = Rules{}) {
    const Square size = board.size();
    if (size > max_square_statistics_size) {
        throw InvalidConfig(fmt::format(
            "square_statistics solves the system once per square, and takes boards of at most {} "
            "squares; this one has {}",
            max_square_statistics_size, size));
    }
    const auto kernel = detail::turn_kernel(board, dice, house_rules);
    if (const std::vector<Square>& traps = kernel->traps(); !traps.empty()) {
        constexpr std::size_t named = 8; // a message stays short, however many traps
        const std::span<const Square> first(traps.data(), std::min(traps.size(), named));
        throw InvalidConfig(fmt::format(
            "square_statistics: a token can be trapped on this board (square{} {}{} {} reached "
            "from the start, and home cannot be reached from {}), so the visits are infinite",
            traps.size() == 1 ? "" : "s", fmt::join(first, ", "),
            traps.size() > named ? fmt::format(" and {} more", traps.size() - named) : "",
            traps.size() == 1 ? "is" : "are", traps.size() == 1 ? "it" : "them"));
    }
    using Kernel = detail::TurnKernel<Config>;
    SquareStatistics result;
    result.visits.assign(static_cast<std::size_t>(size), 0.0);
    result.landing.assign(static_cast<std::size_t>(size), 0.0);
    SolveReport report;
    for (Square s = 0; s < size; ++s) {
        if (kernel->status(s) != Kernel::finite) {
            continue; // cannot be reached from the start: the start reaches no trap
        }
        const std::vector<double> column =
            kernel->solve([s](Square r) { return r == s ? 1.0 : 0.0; }, report);
        if (report.backward_error > detail::converged_backward_error) {
            throw Error(fmt::format(
                "square_statistics: the visits to square {} cannot be vouched for (backward "
                "error {:.2g} after refinement): a game on this board almost never ends",
                s, report.backward_error));
        }
        const auto i = static_cast<std::size_t>(s);
        result.visits[i] = column[0];
        result.landing[i] = std::min(1.0, column[0] / column[i]);
    }
    return result;
}

/// For each jump of `board`, in the board's order, what it does to the expected length of a
/// one-player game with `dice` under `house_rules`: one expected_turns per jump, on the board
/// without it. Throws as expected_turns(board, dice, house_rules) does.
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] std::vector<JumpEffect> jump_effects(const BasicBoard<Config>& board, const D& dice,
                                                   const Rules& house_rules = Rules{}) {
    const double with = expected_turns(board, dice, house_rules).from_start;
    std::vector<JumpEffect> effects;
    const std::span<const Jump> jumps = board.jumps();
    for (std::size_t i = 0; i < jumps.size(); ++i) {
        std::vector<Jump> others(jumps.begin(), jumps.end());
        others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
        const BasicBoard<Config> without(std::move(others), board.config());
        JumpEffect effect{jumps[i], expected_turns(without, dice, house_rules).from_start, 0.0};
        if (std::isinf(with) && std::isinf(effect.expected_turns_without)) {
            effect.turns_added = 0.0; // the game may never end either way
        } else {
            effect.turns_added = with - effect.expected_turns_without;
        }
        effects.push_back(effect);
    }
    return effects;
}

} // namespace snakeladder
