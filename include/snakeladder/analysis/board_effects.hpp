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

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../board/detail/first_named.hpp"
#include "../dice/dice.hpp"
#include "../rules/house_rule.hpp"
#include "../turn/board_traps.hpp"
#include "analysis.hpp"
#include "detail/solve_ticker.hpp"
#include "detail/turn_kernel.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
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

/// How square_statistics and jump_effects report their progress: on a board of a million squares
/// each takes seconds, and jump_effects on boards it cannot update (house rules, long snakes)
/// solves the board once for each jump.
struct EffectsOptions {
    /// Called on the calling thread with the share of the work done, 0 to 1, at most once per
    /// `progress_interval` (none within the first), and once at the end with 1. An exception it
    /// throws stops the call and reaches the caller.
    std::function<void(double)> progress{};
    std::chrono::milliseconds progress_interval{100};
};

/// Visits and landing chances of each square for one player on `board` with `dice` under
/// `house_rules`, exact, at any board size: the turn kernel's matrix I - K factored once on a
/// symmetric pattern, then one solve of its transpose gives the visits from the start (row 0 of
/// its inverse), and Takahashi's equations on the factors give the visits of each square to
/// itself (the inverse's diagonal), about the factorization's work again. `options.progress`
/// hears the share done: the turns followed, the rows factored and the rows inverted, a third
/// each. Throws InvalidConfig for a board on which a trap can be reached (a token stuck there
/// visits it for ever), naming the traps, or a negative progress interval; AnalysisLimitExceeded
/// when the elimination would take too much work (very long snakes on a big board); Error when
/// the visits cannot be vouched for (a game that almost never ends); the rest as
/// expected_turns(board, dice, house_rules).
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] SquareStatistics square_statistics(const BasicBoard<Config>& board, const D& dice,
                                                 const Rules& house_rules = Rules{},
                                                 const EffectsOptions& options = {}) {
    detail::check_progress_interval("EffectsOptions::progress_interval", options.progress_interval);
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
        throw InvalidConfig(fmt::format(
            "square_statistics: a token can be trapped on this board (square{} {} {} reached "
            "from the start, and home cannot be reached from {}), so the visits are infinite",
            traps.size() == 1 ? "" : "s",
            detail::first_named(
                traps.size(), ", ", [&traps](std::size_t k) { return std::to_string(traps[k]); },
                8),
            traps.size() == 1 ? "is" : "are", traps.size() == 1 ? "it" : "them"));
    }
    const std::optional<detail::SparseRowsLu> inverse = kernel->selected_inverse(
        [](Square, auto&&) {}, // no entries beyond I - K's own
        [&ticker](double share) { ticker.tick((1.0 + 2.0 * share) / 3.0); });
    if (!inverse) {
        throw kernel->too_much_work("square_statistics",
                                    detail::TurnKernel<Config>::max_inverse_work,
                                    "use a smaller board or shorter snakes");
    }
    SolveReport report;
    const std::vector<double> from_start = kernel->inverse_row(*inverse, 0, report);
    const std::vector<double>& from_itself = inverse->inverse_diagonal();
    // N(0, 0) twice, by the solve and by Takahashi's equations: a check on the second.
    if (report.backward_error > detail::converged_backward_error ||
        std::abs(from_start[0] - from_itself[0]) > 1e-9 * from_start[0]) {
        throw Error(fmt::format(
            "square_statistics: the visits cannot be vouched for (backward error {:.2g} after "
            "refinement; N(0, 0) {} by the solve, {} by the inverse): a game on this board "
            "almost never ends",
            report.backward_error, from_start[0], from_itself[0]));
    }
    SquareStatistics result;
    result.visits = from_start;
    result.landing.assign(result.visits.size(), 0.0);
    for (std::size_t s = 0; s < result.visits.size(); ++s) {
        // A token that gets to s begins N(s, s) turns there on average; one that never does,
        // none: so the chance of getting there is N(0, s) / N(s, s).
        result.landing[s] = std::min(1.0, result.visits[s] / from_itself[s]);
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

namespace detail {

// Which jumps a landing takes, as a forest on the squares: the parent of a jump's start is its
// end under FollowChains (a landing goes on along the chain), none under the other chain rules
// (it takes one jump). A landing on l takes the jump from h when l lies in h's subtree, which
// one walk numbering the subtrees tells in O(1), however long the chain.
class JumpChains {
public:
    template <typename Config>
    explicit JumpChains(const BasicBoard<Config>& board)
        : first_(static_cast<std::size_t>(board.size()) + 1),
          after_(static_cast<std::size_t>(board.size()) + 1) {
        const auto squares = static_cast<std::size_t>(board.size()) + 1;
        // The children of each square (the starts of the jumps that lead there), packed by square.
        std::vector<std::size_t> child_start(squares + 1, 0);
        std::vector<unsigned char> has_parent(squares, 0);
        const bool follow = BasicBoard<Config>::chain_rule::policy == ChainPolicy::follow;
        if (follow) {
            for (const Jump& j : board.jumps()) {
                ++child_start[static_cast<std::size_t>(j.end) + 1];
                has_parent[static_cast<std::size_t>(j.start)] = 1;
            }
        }
        for (std::size_t i = 0; i < squares; ++i) {
            child_start[i + 1] += child_start[i];
        }
        std::vector<Square> children(child_start.back());
        std::vector<std::size_t> fill(child_start.begin(), child_start.end() - 1);
        if (follow) {
            for (const Jump& j : board.jumps()) {
                children[fill[static_cast<std::size_t>(j.end)]++] = j.start;
            }
        }
        // Each root's subtree walked depth first (a board has no cycle), numbering squares as
        // they are entered: a subtree is then the numbers from its root's up to after_.
        std::size_t count = 0;
        std::vector<std::pair<std::size_t, std::size_t>> stack; // (square, next child)
        for (std::size_t root = 0; root < squares; ++root) {
            if (has_parent[root] != 0) {
                continue;
            }
            first_[root] = count++;
            stack.emplace_back(root, child_start[root]);
            while (!stack.empty()) {
                auto& [square, next] = stack.back();
                if (next == child_start[square + 1]) {
                    after_[square] = count;
                    stack.pop_back();
                    continue;
                }
                const auto child = static_cast<std::size_t>(children[next++]);
                first_[child] = count++;
                stack.emplace_back(child, child_start[child]);
            }
        }
    }

    // Whether a landing on `landed` takes the jump from `start` (itself, or further along).
    [[nodiscard]] bool passes(Square landed, Square start) const noexcept {
        const std::size_t at = first_[static_cast<std::size_t>(landed)];
        const auto h = static_cast<std::size_t>(start);
        return first_[h] <= at && at < after_[h];
    }

private:
    std::vector<std::size_t> first_;
    std::vector<std::size_t> after_;
};

// The standard game's jump effects, all from one factorization. Without the jump from h, a turn
// from s that passed through h (probability u(s)) stops there instead of going on to
// d = resolve(h): the kernel becomes K + u (e_h - e_d)^T, and A = I - K becomes A + u w^T with
// w = e_d - e_h, a change of rank one. By Sherman and Morrison the expected length from the
// start changes by
//     E(0) - E'(0) = (y . u) (E(d) - E(h)) / (1 + sum over s of u(s) (N(d, s) - N(h, s)))
// with E = A^-1 1, y = row 0 of N = A^-1, and N(d, s), N(h, s) entries of the inverse on the
// pattern once a zero stands at each (s, h). The denominator is det(A + u w^T) / det(A): near
// 0 when the game without the jump may never end, and then that jump is solved on its own
// board, as is every jump when the board has squares that do not surely finish (the update
// would not see a trap appear). Empty when it does not apply: traps, such squares, or factors
// past their limit.
// A numerical kernel that stays whole (past 80 lines): one factorization, the solves and the
// selected inverse it gives, and the rank-one update of every jump, which reads them all.
template <typename Config, DiceWithOdds D>
std::optional<std::vector<JumpEffect>>
jump_effects_by_updates(const BasicBoard<Config>& board, const D& dice, double with, double budget,
                        ProgressTicker<double>& ticker, double& reported) {
    const std::span<const Jump> jumps = board.jumps();
    const Square size = board.size();
    SolveOptions following; // the kernel's reports, passed on as the first third
    if (ticker.active()) {
        following.progress = [&](const SolveProgress& now) {
            reported = now.followed / 3.0;
            ticker.tick(reported);
        };
        following.progress_interval = std::chrono::milliseconds{0}; // `ticker` keeps time
    }
    SolveTicker following_ticker(following);
    const auto kernel = turn_kernel(board, dice, NoHouseRules{}, &following_ticker);
    for (Square s = 0; s < size; ++s) {
        if (kernel->status(s) != TurnKernel<Config>::finite) {
            return std::nullopt;
        }
    }
    // Every way a turn from s passes through a jump's start, by square: (jump, probability).
    struct Passing {
        std::size_t jump;
        double probability;
    };
    std::vector<std::vector<Passing>> passing(static_cast<std::size_t>(size));
    const std::vector<ChanceOutcome> rolls = rule_analysis_rolls(board, dice, NoHouseRules{});
    // A square no other square's turn ends on (a jump's start, square 0, one no roll reaches) is
    // alone: the inverse's column there is 0 off its diagonal, and so are its terms in shift
    // below, save those of the jump that starts on it, and y there, save at square 0. So only
    // that jump is counted from such a square (and, from square 0, the jumps for y . u alone):
    // listing every jump its landings pass through made a chain of n ladders take n jumps from
    // each of n squares, n^2 in all, and filled the factors with as many zeros.
    std::vector<unsigned char> alone(static_cast<std::size_t>(size) + 1, 1);
    for (Square s = 0; s < size; ++s) {
        for (const KernelMove& m : kernel->moves(s)) {
            if (m.to != s) {
                alone[static_cast<std::size_t>(m.to)] = 0;
            }
        }
    }
    const auto counted = [&](Square s, const Passing& p) {
        return alone[static_cast<std::size_t>(s)] == 0 || jumps[p.jump].start == s;
    };
    const JumpChains chains(board);
    constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> slot(jumps.size(), none); // where `here` holds each jump
    const auto add = [&](std::vector<Passing>& here, std::size_t index, double probability) {
        if (slot[index] == none) {
            slot[index] = here.size();
            here.push_back({index, probability});
        } else {
            here[slot[index]].probability += probability;
        }
    };
    for (Square s = 0; s < size; ++s) {
        std::vector<Passing>& here = passing[static_cast<std::size_t>(s)];
        if (alone[static_cast<std::size_t>(s)] != 0 && s != 0) {
            const Jump* own = board.jump_from(s);
            for (const ChanceOutcome& roll : rolls) {
                const OvershootOutcome out = board.land(s, roll.roll);
                if (own != nullptr && !out.blocked && chains.passes(out.landed, s)) {
                    add(here, static_cast<std::size_t>(own - jumps.data()), roll.probability);
                }
            }
        } else {
            for (const ChanceOutcome& roll : rolls) {
                for (const Jump& jump : board.step_unchecked(s, roll.roll).jumps) {
                    add(here, static_cast<std::size_t>(board.jump_from(jump.start) - jumps.data()),
                        roll.probability);
                }
            }
        }
        for (const Passing& p : here) {
            slot[p.jump] = none;
        }
    }
    const std::optional<SparseRowsLu> inverse = kernel->selected_inverse(
        [&](Square s, auto&& add_zero) {
            for (const Passing& p : passing[static_cast<std::size_t>(s)]) {
                if (counted(s, p)) {
                    add_zero(jumps[p.jump].start);
                }
            }
        },
        [&](double share) {
            reported = (1.0 + 2.0 * share) / 3.0;
            ticker.tick(reported);
        },
        budget);
    if (!inverse) {
        return std::nullopt;
    }
    SolveReport row_report;
    const std::vector<double> y = kernel->inverse_row(*inverse, 0, row_report);
    SolveReport turns_report;
    const std::vector<double> turns = kernel->solve(
        *inverse, [&kernel](Square s) { return expected_turn_length(*kernel, s); }, turns_report);
    if (row_report.backward_error > converged_backward_error ||
        turns_report.backward_error > converged_backward_error) {
        return std::nullopt;
    }
    // y . u and sum of u(s) (N(d, s) - N(h, s)) for each jump, gathered square by square.
    std::vector<double> reach(jumps.size(), 0.0);
    std::vector<double> shift(jumps.size(), 0.0);
    const auto inverse_at = [&](Square row, Square column) {
        if (row == size) {
            return 0.0; // home: no turns begin there
        }
        const std::optional<double> value =
            inverse->inverse_at(static_cast<std::size_t>(row), static_cast<std::size_t>(column));
        if (!value) {
            throw Error("jump_effects: an entry of the inverse lies outside its pattern; please "
                        "report the board");
        }
        return *value;
    };
    for (Square s = 0; s < size; ++s) {
        for (const Passing& p : passing[static_cast<std::size_t>(s)]) {
            const Square h = jumps[p.jump].start;
            reach[p.jump] += y[static_cast<std::size_t>(s)] * p.probability;
            if (counted(s, p)) {
                shift[p.jump] +=
                    p.probability * (inverse_at(board.resolve(h), s) - inverse_at(h, s));
            }
        }
    }
    std::vector<JumpEffect> effects;
    effects.reserve(jumps.size());
    for (std::size_t i = 0; i < jumps.size(); ++i) {
        const Square h = jumps[i].start;
        const double gained =
            turns[static_cast<std::size_t>(board.resolve(h))] - turns[static_cast<std::size_t>(h)];
        const double denominator = 1.0 + shift[i];
        JumpEffect effect{jumps[i], 0.0, 0.0};
        if (denominator > 1e-6) {
            effect.turns_added = reach[i] * gained / denominator;
            effect.expected_turns_without = with - effect.turns_added;
        } else { // the game without it may never end: solve that board
            std::vector<Jump> others(jumps.begin(), jumps.end());
            others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
            effect.expected_turns_without =
                expected_turns(BasicBoard<Config>(std::move(others), board.config()), dice)
                    .from_start;
            effect.turns_added = with - effect.expected_turns_without; // -infinity if never
        }
        effects.push_back(effect);
    }
    return effects;
}

} // namespace detail

/// For each jump of `board`, in the board's order, what it does to the expected length of a
/// one-player game with `dice` under `house_rules`. Under the standard game (NoHouseRules, or
/// ChosenHouseRules with none on) on a board whose every square surely finishes, all jumps come
/// from one factorization, as rank-one changes of the board's chain (about square_statistics'
/// work: `local_100k.txt`'s 5,000 jumps in 0.5 s), unless that factorization would cost more
/// than the other way, one expected_turns per jump on the board without it, which the other
/// rules always take (and long snakes, solved by GMRES). `options.progress` hears the share done.
/// Throws as expected_turns(board, dice, house_rules) does, and InvalidConfig for a negative
/// progress interval.
template <typename Config, DiceWithOdds D, HouseRule Rules = NoHouseRules>
[[nodiscard]] std::vector<JumpEffect> jump_effects(const BasicBoard<Config>& board, const D& dice,
                                                   const Rules& house_rules = Rules{},
                                                   const EffectsOptions& options = {}) {
    detail::check_progress_interval("EffectsOptions::progress_interval", options.progress_interval);
    detail::ProgressTicker<double> ticker(options);
    const std::span<const Jump> jumps = board.jumps();
    const ExpectedTurns base = expected_turns(board, dice, house_rules);
    const double with = base.from_start;
    double reported = 0.0;
    if (detail::rules_off(house_rules) && !std::isinf(with) && !jumps.empty()) {
        // The factorization may take what a solve per jump would, as that solve took: its
        // sweeps over the board's squares and rolls, and any dense LU of its reduced system. So
        // long snakes, which fill the factors, leave the board to GMRES jump by jump, after a
        // factorization stopped at that budget (random_board's 10,000 squares: 2.1 s, where
        // the solves alone take 0.5 s). Small boards take the factorization anyway.
        const auto squares = static_cast<double>(board.size());
        const double rolls = std::min(squares, static_cast<double>(dice.max_roll()));
        const auto unknowns = static_cast<double>(base.solve.schur_unknowns);
        const double dense =
            base.solve.method == SolveMethod::direct ? unknowns * unknowns * unknowns / 3.0 : 0.0;
        const double per_jump =
            (static_cast<double>(base.solve.sweeps) + 2.0) * squares * rolls + dense;
        const double budget =
            std::min(detail::TurnKernel<Config>::max_inverse_work,
                     std::max(1.0e7, per_jump * static_cast<double>(jumps.size())));
        if (auto effects =
                detail::jump_effects_by_updates(board, dice, with, budget, ticker, reported)) {
            ticker.finish(1.0);
            return std::move(*effects);
        }
    }
    // One solve per jump, the rest of the way.
    const double start = reported;
    const auto share = [&](std::size_t solved) {
        return start +
               (1.0 - start) * static_cast<double>(solved) / static_cast<double>(jumps.size() + 1);
    };
    if (!jumps.empty()) {
        ticker.tick(share(1));
    }
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
        if (i + 1 < jumps.size()) {
            ticker.tick(share(i + 2));
        }
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

// Dice without known odds: one error that names what is missing, at the call. Declared only.
template <typename Config, class D, class... Rest>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> square_statistics(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <typename Config, class D>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> square_statistics(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const EffectsOptions& /*options*/);
template <typename Config, class D, class... Rest>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> jump_effects(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <typename Config, class D>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> jump_effects(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const EffectsOptions& /*options*/);

} // namespace snakeladder
