// Exact analysis of a board: how many turns a game lasts (from every square), the whole
// distribution of its length and each seat's chance to win (traps in words: turn/board_traps.hpp;
// what each square and jump does: board_effects.hpp).
//
// Everything here works from a board and the dice's face probabilities, never from a Game. A
// token's walk is an absorbing Markov chain on the squares; its expected length E solves
// (I - Q) E = 1, where Q holds the probabilities of moving between squares that are not home.
//
// The chain is prepared in detail/token_chain.hpp and solved in detail/expectation_solver.hpp
// (which says how, and why); SolveReport (solve_report.hpp) tells what the solve did. The length's
// table is a LengthDistribution (length_distribution.hpp), filled turn by turn in
// detail/length_propagation.hpp.
//
// Under house rules, each call takes the rules before its options and asks the turn model what
// a turn does: one token's game becomes a chain on the squares whose step is a whole turn
// (detail/turn_kernel.hpp), and the race of rules that move other seats' tokens a chain on the
// positions of all tokens (detail/joint_chain.hpp).
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../rules/config.hpp"
#include "../rules/game_state.hpp"
#include "../rules/house_rule.hpp"
#include "../rules/rules.hpp"
#include "../turn/board_traps.hpp"
#include "../turn/turn_model.hpp"
#include "detail/expectation_solver.hpp"
#include "detail/joint_chain.hpp"
#include "detail/length_propagation.hpp"
#include "detail/solve_ticker.hpp"
#include "detail/token_chain.hpp"
#include "detail/turn_kernel.hpp"
#include "length_distribution.hpp"
#include "solve_report.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder {

/// The expected number of turns one player needs to get home.
struct ExpectedTurns {
    /// From square 0 (not on the board yet). +infinity when a trap can be reached.
    double from_start = 0.0;
    /// Index s in 0..size: the expected turns of a token standing on s; `from_square[size]` is 0.
    /// A square a token can never stand on (a jump's start under RejectChains or FollowChains:
    /// landing there moves the token on) holds the value of the square the jump leads to, which
    /// is what landing on it is worth. Under SingleJump a token may rest on a jump's start, and
    /// the value is that of standing there. +infinity on squares from which home is not reached
    /// with certainty (a trap can be reached from them), whether or not the start reaches them.
    std::vector<double> from_square;
    /// Squares reachable from the start from which home can never be reached (Board::traps).
    /// Empty exactly when `from_start` is finite.
    std::vector<Square> traps;
    SolveReport solve;

    [[nodiscard]] bool finite() const noexcept { return traps.empty(); }
};

/// The chances of each seat when `players` tokens take turns on the same board, each moving
/// independently, until the first one gets home.
struct SeatChances {
    /// Index i: the probability that seat i (0 plays first) wins. They sum to 1 - undecided.
    std::vector<double> win_probability;
    /// The expected number of turns taken by all players together until the first gets home
    /// (+infinity when a trap can be reached: all players may be stuck).
    double expected_turns = 0.0;
    /// The probability that no player is home after the tabulated turns (the truncation left
    /// by DistributionOptions; below tail_epsilon^players on a board without traps).
    double undecided = 0.0;
};

namespace detail {

inline void check_solve_options(const SolveOptions& options) {
    check_progress_interval("SolveOptions::progress_interval", options.progress_interval);
}

template <typename Config>
ExpectedTurns expected_turns_from_odds(const BasicBoard<Config>& board, std::vector<RollOdds> odds,
                                       const SolveOptions& options) {
    // Building the chain follows every roll from every square: with tens of thousands of rolls
    // that takes a second, which the progress hears too (the method not yet chosen).
    SolveTicker ticker(options);
    const TokenChain<Config> chain(board, std::move(odds), [&ticker](std::size_t rolls) {
        ticker.add_work(rolls, detail::before_solving);
    });
    ExpectationSolver<Config> solver(chain, options.method, true, std::move(ticker),
                                     RightHandSides::one);
    ExpectedTurns result;
    result.from_square = solver.solve([](Square) { return 1.0; });
    fill_landing_values(chain, result.from_square);
    result.from_start = result.from_square[0];
    result.solve = solver.report();
    require_accuracy(result.solve, result.from_square);
    if (!chain.dead_squares().empty()) {
        const std::vector<std::int64_t> rolls = rolls_of(chain.odds());
        result.traps = board.traps(rolls);
    }
    return result;
}

// The dice's rolls as the turn model's chance node, for the analysis under house rules: the
// probabilities checked as the standard analysis checks them, the rules as a game checks them
// (each rule's check_playable), and every roll kept apart, since a rule may read any roll.
template <typename Config, DiceWithOdds D, HouseRule Rules>
std::vector<ChanceOutcome> rule_analysis_rolls(const BasicBoard<Config>& board, const D& dice,
                                               const Rules& rules) {
    (void)board_roll_odds(dice, board);
    check_house_rules_playable(board, rules, dice, rolls_that_matter(dice, board));
    return chance_outcomes(
        dice, GameState({.players = 1, .max_roll = static_cast<int>(dice.max_roll())}));
}

template <typename Config, DiceWithOdds D, HouseRule Rules>
std::shared_ptr<TurnKernel<Config>> turn_kernel(const BasicBoard<Config>& board, const D& dice,
                                                const Rules& rules, SolveTicker* ticker = nullptr) {
    const std::vector<ChanceOutcome> rolls = rule_analysis_rolls(board, dice, rules);
    return std::make_shared<TurnKernel<Config>>(board, rolls, static_cast<int>(dice.max_roll()),
                                                rules, ticker);
}

} // namespace detail

/// The expected number of turns one player needs to get home on `board` with `dice`, from the
/// start and from every square; see ExpectedTurns for what each square holds. Works for every
/// overshoot and chain rule and any dice whose odds are known. A board on which a trap can be
/// reached gives +infinity (and names the traps); it is not an error. `method` chooses the
/// solver (the default picks the direct one for boards with few snakes). `solve.error_bound`
/// bounds the relative error of every square.
///
/// `options` may also ask for progress reports (SolveOptions::progress): a board of millions
/// of squares and many long snakes can take a minute.
///
/// Throws InvalidConfig when the dice's face probabilities are not a distribution or
/// `options.progress_interval` is negative, AnalysisLimitExceeded when the method asked for
/// cannot take the board, NotConverged when the solve stops short, and Error when the answer
/// cannot be vouched for to 4 digits (a board on which a game almost never ends, whose expected
/// length is beyond double precision).
template <typename Config, DiceWithOdds D>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           const SolveOptions& options) {
    detail::check_solve_options(options);
    return detail::expected_turns_from_odds(board, detail::board_roll_odds(dice, board), options);
}

/// expected_turns(board, dice, {.method = method}).
template <typename Config, DiceWithOdds D>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           SolveMethod method = SolveMethod::automatic) {
    SolveOptions options;
    options.method = method;
    return expected_turns(board, dice, options);
}

/// The expected number of turns one player needs to get home on `board` with `dice` under
/// `house_rules`, as a Game plays them: a turn of several rolls counts once, a missed turn
/// counts. Each roll goes through the turn model, so every rule, built in or the user's, is
/// analysed the same way (a rule must not read `GameState::turns_played`, which the analysis
/// does not follow). With the rules off, this is expected_turns(board, dice). `from_square[s]`:
/// the expected turns from standing on s between turns, as for the standard game; `solve`
/// reports the elimination and its residual.
///
/// Throws InvalidConfig as expected_turns(board, dice) does and for rules these dice cannot play
/// (as Game does), AnalysisLimitExceeded past the documented limits: more than 10^8 rolls to
/// follow (squares times the dice's rolls), snakes so long that the elimination would take more
/// than 2 x 10^9 operations; and NotConverged for a turn that practically never ends.
///
/// `options` as for expected_turns(board, dice, options) when the rules are off. Under rules
/// that are on, the solve is always the elimination of the turn's chain (`options.method` must
/// be `automatic`, or InvalidConfig). Its progress reports first the share of the squares whose
/// turns have been followed (SolveProgress::followed: the chain is built), then the share of
/// the rows factored; `sweeps` counts the solve and its refinement steps at the end.
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           const Rules& house_rules, const SolveOptions& options) {
    if (detail::rules_off(house_rules)) {
        return expected_turns(board, dice, options);
    }
    if (options.method != SolveMethod::automatic) {
        detail::throw_analysis_config(
            fmt::format("under house rules expected_turns always eliminates the turn's chain; "
                        "SolveOptions::method must be automatic, got {}",
                        to_string(options.method)));
    }
    detail::check_solve_options(options);
    detail::SolveTicker ticker(options);
    const auto kernel = detail::turn_kernel(board, dice, house_rules, &ticker);
    ExpectedTurns result;
    result.from_square =
        kernel->solve([&kernel](Square s) { return detail::expected_turn_length(*kernel, s); },
                      result.solve, &ticker);
    // As for the standard game: a jump's start no game ever begins a turn on is worth where
    // the jump leads (a rule may leave a token there: moved by the rule, it takes no jump).
    if constexpr (Config::chain_rule::policy != ChainPolicy::single) {
        for (const Jump& jump : board.jumps()) {
            if (kernel->reached(jump.start)) {
                continue;
            }
            result.from_square[static_cast<std::size_t>(jump.start)] =
                result.from_square[static_cast<std::size_t>(board.resolve(jump.start))];
        }
    }
    result.from_start = result.from_square[0];
    detail::require_accuracy(result.solve, result.from_square);
    result.traps = kernel->traps();
    SolveProgress done = detail::TurnKernel<Config>::progress(1.0, 1.0);
    done.sweeps = result.solve.sweeps;
    ticker.finish(done);
    return result;
}

/// expected_turns(board, dice, house_rules, {}).
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           const Rules& house_rules) {
    return expected_turns(board, dice, house_rules, SolveOptions{});
}

/// The distribution of the length of a one-player game, tabulated from turn 0 until the
/// chance that the game is still running (and can still end) is at most
/// `options.tail_epsilon`, or until `options.max_turns`.
template <typename Config, DiceWithOdds D>
[[nodiscard]] LengthDistribution length_distribution(const BasicBoard<Config>& board, const D& dice,
                                                     const DistributionOptions& options = {}) {
    detail::check_distribution_options(options);
    const detail::TokenChain<Config> chain(board, detail::board_roll_odds(dice, board));
    return detail::LengthDistributionAccess::build(chain, options);
}

/// Each seat's chance to win when `players` tokens race on the board of `one_player`, each
/// moving independently, seat 0 first: with T_i the length of seat i's own game,
/// P(seat i wins) = sum_t P(T = t) P(T > t)^i P(T > t - 1)^(players - 1 - i),
/// and the game's expected total number of turns is sum over the turns m of P(nobody is home
/// after m turns). Sums run over the tabulated turns; what they leave out is `undecided`.
[[nodiscard]] inline SeatChances seat_chances(const LengthDistribution& one_player, int players) {
    if (players < 1 || players > GameConfig<>::max_player_limit) {
        detail::throw_analysis_config(
            fmt::format("seat_chances needs between 1 and {} players, got {}",
                        GameConfig<>::max_player_limit, players));
    }
    const std::span<const double> exactly = one_player.probabilities();
    const std::span<const double> longer = one_player.survival();
    const auto k = static_cast<std::size_t>(players);
    SeatChances result;
    result.win_probability.assign(k, 0.0);
    double expected = 0.0;
    std::vector<double> after_power(k + 1, 1.0);  // P(T > t)^j
    std::vector<double> before_power(k + 1, 1.0); // P(T > t-1)^j
    for (std::size_t t = 1; t < exactly.size(); ++t) {
        const double before = longer[t - 1];
        const double after = longer[t];
        for (std::size_t j = 1; j <= k; ++j) {
            after_power[j] = after_power[j - 1] * after;
            before_power[j] = before_power[j - 1] * before;
        }
        if (before_power[k - 1] == 0.0) {
            break; // every later term is smaller still: it underflowed to 0
        }
        for (std::size_t i = 0; i < k; ++i) {
            result.win_probability[i] += exactly[t] * after_power[i] * before_power[k - 1 - i];
            // Seat i's t-th turn is played when nobody was home before it.
            expected += after_power[i] * before_power[k - i];
        }
    }
    result.undecided = std::pow(one_player.tail_mass(), static_cast<double>(players));
    result.expected_turns =
        one_player.finishes_surely() ? expected : std::numeric_limits<double>::infinity();
    return result;
}

/// Seat chances for `players` players on `board` with `dice`; see the overload above.
template <typename Config, DiceWithOdds D>
[[nodiscard]] SeatChances seat_chances(const BasicBoard<Config>& board, const D& dice, int players,
                                       const DistributionOptions& options = {}) {
    if (players < 1 || players > GameConfig<>::max_player_limit) {
        detail::throw_analysis_config(
            fmt::format("seat_chances needs between 1 and {} players, got {}",
                        GameConfig<>::max_player_limit, players));
    }
    return seat_chances(length_distribution(board, dice, options), players);
}

/// The distribution of the length of a one-player game under `house_rules`, through the turn
/// model, as expected_turns(board, dice, house_rules) counts turns; tabulated as
/// length_distribution(board, dice, options) is, and its mean and variance solved exactly when
/// first asked for. With the rules off, it is that distribution. Throws as both do. While the
/// turns from each square are followed, before the table grows, `options.progress` is called
/// with 0 turns and 1 still running.
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[nodiscard]] LengthDistribution length_distribution(const BasicBoard<Config>& board, const D& dice,
                                                     const Rules& house_rules,
                                                     const DistributionOptions& options = {}) {
    detail::check_distribution_options(options);
    if (detail::rules_off(house_rules)) {
        return length_distribution(board, dice, options);
    }
    // Building the turn's chain takes seconds on a board of a million squares: the progress
    // hears "no turn tabulated yet, the game surely running" meanwhile, and may stop it.
    SolveOptions building;
    if (options.progress) {
        building.progress = [&options](const SolveProgress&) { options.progress(0, 1.0); };
    }
    building.progress_interval = options.progress_interval;
    detail::SolveTicker ticker(building);
    return detail::LengthDistributionAccess::build(
        detail::turn_kernel(board, dice, house_rules, &ticker), options);
}

/// Seat chances for `players` players on `board` with `dice` under `house_rules`, as a Game
/// plays them. Rules that touch only the mover (every built-in rule but KnockBack, and a rule of
/// the user's that says so with `touches_only_the_mover`) leave the tokens independent: the
/// formula of seat_chances(one_player, players) applies to the length under the rules, for any
/// number of players. Rules that may move or read other seats' tokens (KnockBack) are followed
/// through the joint chain of all tokens, exactly, up to 1,000,000 states (two players on 100
/// squares: 20,000); past that, AnalysisLimitExceeded names the count and points to simulate.
/// `undecided` is the chance the tabulated turns leave open.
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[nodiscard]] SeatChances seat_chances(const BasicBoard<Config>& board, const D& dice, int players,
                                       const Rules& house_rules,
                                       const DistributionOptions& options = {}) {
    if (players < 1 || players > GameConfig<>::max_player_limit) {
        detail::throw_analysis_config(
            fmt::format("seat_chances needs between 1 and {} players, got {}",
                        GameConfig<>::max_player_limit, players));
    }
    detail::check_distribution_options(options);
    if (players == 1 || detail::touches_only_the_mover(house_rules)) {
        return seat_chances(length_distribution(board, dice, house_rules, options), players);
    }
    const std::vector<ChanceOutcome> rolls = detail::rule_analysis_rolls(board, dice, house_rules);
    const detail::JointRace race = detail::joint_race(
        board, std::span<const ChanceOutcome>(rolls), static_cast<int>(dice.max_roll()),
        house_rules, static_cast<std::size_t>(players), detail::tabulated_turns(options),
        options.tail_epsilon, options.progress, options.progress_interval);
    SeatChances result;
    result.win_probability = race.win_probability;
    result.expected_turns = race.expected_turns;
    result.undecided = race.undecided;
    return result;
}

// The order of 0.x, the options before the house rules: it works for this release and warns,
// and goes in the next (CHANGELOG). Every analysis call takes the house rules, then the options.
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[deprecated("length_distribution(board, dice, options, house_rules): give the house rules "
             "first, length_distribution(board, dice, house_rules, "
             "options)")]] [[nodiscard]] LengthDistribution
length_distribution(const BasicBoard<Config>& board, const D& dice,
                    const DistributionOptions& options, const Rules& house_rules) {
    return length_distribution(board, dice, house_rules, options);
}
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[deprecated(
    "seat_chances(board, dice, players, options, house_rules): give the house rules "
    "first, seat_chances(board, dice, players, house_rules, options)")]] [[nodiscard]] SeatChances
seat_chances(const BasicBoard<Config>& board, const D& dice, int players,
             const DistributionOptions& options, const Rules& house_rules) {
    return seat_chances(board, dice, players, house_rules, options);
}

// Dice without known odds: one error that names what is missing, at the call, instead of a list
// of the overloads above and why each does not fit. Declared only: the error stops the build.
template <typename Config, class D, class... Rest>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> expected_turns(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <typename Config, class D>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> expected_turns(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const SolveOptions& /*options*/);
template <typename Config, class D, class... Rest>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> length_distribution(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <typename Config, class D>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> length_distribution(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const DistributionOptions& /*options*/);
template <typename Config, class D, class... Rest>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> seat_chances(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, Rest&&... /*rest*/);
template <typename Config, class D>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> seat_chances(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, int /*players*/,
    const DistributionOptions& /*options*/);
// The house rules, then options written in braces, which a pack cannot take.
template <typename Config, class D, class Rules>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> length_distribution(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, const Rules& /*house_rules*/,
    const DistributionOptions& /*options*/);
template <typename Config, class D, class Rules>
requires(!DiceWithOdds<D>) detail::DiceError<D, true> seat_chances(
    const BasicBoard<Config>& /*board*/, const D& /*dice*/, int /*players*/,
    const Rules& /*house_rules*/, const DistributionOptions& /*options*/);

} // namespace snakeladder
