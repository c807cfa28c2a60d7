// What each square and each jump does to a game, exactly: how often a token stands on each
// square, the chance that it ever does, and how many turns each snake and ladder adds (which
// snake matters most). For any dice with odds, overshoot and chain rule, and house rules.
//
// Both come from one player's turn kernel (detail/turn_kernel.hpp): with A = I - K, column s of
// A^-1 holds, at row r, the expected number of turns begun on s by a token that starts on r. The
// visits to s from the start are N(0, s), row 0 of A^-1, and the chance of ever standing on s is
// N(0, s) / N(s, s) (a token that gets to s stands there N(s, s) times on average, one that never
// does, none): row 0 and the diagonal of A^-1, which one factorization gives for every square.
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "board_traps.hpp"
#include "detail/solve_ticker.hpp"
#include "detail/turn_kernel.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "house_rules.hpp"
#include "jump.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
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

/// How square_statistics and jump_effects report their progress: a board of 100,000 squares
/// takes a second or more, and jump_effects solves the board once for each jump.
struct EffectsOptions {
    /// Called on the calling thread with the share of the work done, 0 to 1, at most once per
    /// `progress_interval` (none within the first), and once at the end with 1. An exception it
    /// throws stops the call and reaches the caller.
    std::function<void(double)> progress{};
    std::chrono::milliseconds progress_interval{100};
};

namespace detail {

inline void check_effects_options(const EffectsOptions& options) {
    if (options.progress_interval.count() < 0) {
        throw_analysis_config(
            fmt::format("EffectsOptions::progress_interval must not be negative, got {} ms",
                        options.progress_interval.count()));
    }
}

} // namespace detail

/// Visits and landing chances of each square for one player on `board` with `dice` under
/// `house_rules`, exact, at any board size: the turn kernel's matrix I - K factored once on a
/// symmetric pattern, then one solve of its transpose gives the visits from the start (row 0 of
/// its inverse), and Takahashi's equations on the factors give the visits of each square to
/// itself (the inverse's diagonal), about the factorization's work again. `options.progress`
/// hears the share done: the turns followed, the rows factored and the rows inverted, a third
/// each. Throws InvalidConfig for a board on which a trap can be reached (a token stuck there
/// visits it for ever), naming the traps, or a negative progress interval; Error when the
/// elimination would take too much work (very long snakes on a big board) or the visits cannot
/// be vouched for (a game that almost never ends); the rest as expected_turns(board, dice,
/// house_rules).
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] SquareStatistics square_statistics(const BasicBoard<Config>& board, const D& dice,
                                                 const Rules& house_rules = Rules{},
                                                 const EffectsOptions& options = {}) {
    detail::check_effects_options(options);
    detail::ProgressTicker<double> ticker(options);
    SolveOptions following; // the kernel's reports, passed on as the first third
    if (options.progress) {
        following.progress = [&ticker](const SolveProgress& now) {
            ticker.tick(now.followed / 3.0);
        };
        following.progress_interval = std::chrono::milliseconds{0}; // `ticker` keeps time
    }
    detail::SolveTicker following_ticker(following);
    const auto kernel = detail::turn_kernel(board, dice, house_rules, &following_ticker);
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
    const auto visits =
        kernel->visits([&ticker](double share) { ticker.tick((1.0 + 2.0 * share) / 3.0); });
    if (visits.report.backward_error > detail::converged_backward_error) {
        throw Error(fmt::format(
            "square_statistics: the visits cannot be vouched for (backward error {:.2g} after "
            "refinement): a game on this board almost never ends",
            visits.report.backward_error));
    }
    SquareStatistics result;
    result.visits = visits.from_start;
    result.visits.resize(static_cast<std::size_t>(board.size()));
    result.landing.assign(result.visits.size(), 0.0);
    for (std::size_t s = 0; s < result.visits.size(); ++s) {
        // A token that gets to s begins N(s, s) turns there on average; one that never does,
        // none: so the chance of getting there is N(0, s) / N(s, s).
        result.landing[s] = std::min(1.0, result.visits[s] / visits.from_itself[s]);
    }
    ticker.finish(1.0);
    return result;
}

/// square_statistics(board, dice, NoHouseRules{}, options).
template <typename Config, DiceWithOdds D>
[[nodiscard]] SquareStatistics square_statistics(const BasicBoard<Config>& board, const D& dice,
                                                 const EffectsOptions& options) {
    return square_statistics(board, dice, NoHouseRules{}, options);
}

/// For each jump of `board`, in the board's order, what it does to the expected length of a
/// one-player game with `dice` under `house_rules`: one expected_turns per jump, on the board
/// without it. `options.progress` hears the share of the jumps done. Throws as
/// expected_turns(board, dice, house_rules) does, and InvalidConfig for a negative progress
/// interval.
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] std::vector<JumpEffect> jump_effects(const BasicBoard<Config>& board, const D& dice,
                                                   const Rules& house_rules = Rules{},
                                                   const EffectsOptions& options = {}) {
    detail::check_effects_options(options);
    detail::ProgressTicker<double> ticker(options);
    const std::span<const Jump> jumps = board.jumps();
    const auto share = [&](std::size_t solved) {
        return static_cast<double>(solved) / static_cast<double>(jumps.size() + 1);
    };
    const double with = expected_turns(board, dice, house_rules).from_start;
    ticker.tick(share(1));
    std::vector<JumpEffect> effects;
    effects.reserve(jumps.size());
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
        ticker.tick(share(i + 2));
    }
    ticker.finish(1.0);
    return effects;
}

/// jump_effects(board, dice, NoHouseRules{}, options).
template <typename Config, DiceWithOdds D>
[[nodiscard]] std::vector<JumpEffect> jump_effects(const BasicBoard<Config>& board, const D& dice,
                                                   const EffectsOptions& options) {
    return jump_effects(board, dice, NoHouseRules{}, options);
}

} // namespace snakeladder
