// Exact analysis of a board: how many turns a game lasts (from every square), the whole
// distribution of its length and each seat's chance to win (traps in words: board_traps.hpp).
//
// Everything here works from a board and the dice's face probabilities, never from a Game. A
// token's walk is an absorbing Markov chain on the squares; its expected length E solves
// (I - Q) E = 1, where Q holds the probabilities of moving between squares that are not home.
//
// The chain is prepared in detail/token_chain.hpp and solved in detail/expectation_solver.hpp
// (which says how, and why); SolveReport (solve_report.hpp) tells what the solve did.
//
// Under house rules, each call takes the rules as its last argument and asks the turn model what
// a turn does: one token's game becomes a chain on the squares whose step is a whole turn
// (detail/turn_kernel.hpp), and the race of rules that move other seats' tokens a chain on the
// positions of all tokens (detail/joint_chain.hpp).
#pragma once

#include "board.hpp"
#include "board_traps.hpp"
#include "config.hpp"
#include "detail/expectation_solver.hpp"
#include "detail/joint_chain.hpp"
#include "detail/token_chain.hpp"
#include "detail/turn_kernel.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "game_state.hpp"
#include "house_rules.hpp"
#include "jump.hpp"
#include "rules.hpp"
#include "solve_report.hpp"
#include "turn_model.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Keeps a loop out of line where inlining it would cost registers (see total()).
#if defined(__GNUC__) || defined(__clang__)
#define SNAKELADDER_ANALYSIS_OUT_OF_LINE [[gnu::noinline]]
#else
#define SNAKELADDER_ANALYSIS_OUT_OF_LINE
#endif

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

namespace detail {
struct LengthDistributionAccess;

// The mean and variance of a game's length, solved the first time they are asked for and then
// kept: a distribution nobody asks the moments of costs no linear solve. Shared by the copies of
// a LengthDistribution; several threads may ask at once (std::call_once).
class LazyLengthMoments {
public:
    struct Moments {
        double mean = 0.0;
        double variance = 0.0;
        std::string error; // why they cannot be given, if they cannot
    };

    explicit LazyLengthMoments(std::function<Moments()> solve) : solve_(std::move(solve)) {}

    const Moments& get() {
        std::call_once(once_, [this] {
            moments_ = solve_();
            solve_ = nullptr; // the board copy it holds is no longer needed
        });
        return moments_;
    }

private:
    std::once_flag once_;
    std::function<Moments()> solve_;
    Moments moments_;
};
} // namespace detail

/// Called with the turns tabulated so far and the probability that the game is still running
/// after them (and can still end).
using DistributionProgress = std::function<void(std::int64_t turns, double running)>;

/// Where `length_distribution` stops, and how it reports its progress.
struct DistributionOptions {
    /// The last turn tabulated (the horizon).
    std::int64_t max_turns = 100'000;
    /// Stop once the probability that the game is still running, and can still end, is at or
    /// below this. The mass left is reported (`tail_mass`), never dropped silently.
    double tail_epsilon = 1e-15;
    /// Called on the calling thread while the table grows, at most once per `progress_interval`
    /// (a long table: a board of 100,000 squares takes tens of thousands of turns), and once more
    /// when it is complete. An exception it throws stops the call and reaches the caller.
    DistributionProgress progress{};
    std::chrono::milliseconds progress_interval{100};
};

/// The length T of a one-player game: P(T = t) and P(T > t) for t = 0..turns(), computed by
/// propagating the exact distribution of the token over the squares turn by turn, plus the
/// exact mean and variance from the linear system, solved only when first asked for.
class LengthDistribution {
public:
    /// P(T = t) at index t, t = 0..turns().
    [[nodiscard]] std::span<const double> probabilities() const noexcept { return exactly_; }
    /// P(T > t) at index t, t = 0..turns().
    [[nodiscard]] std::span<const double> survival() const noexcept { return longer_; }
    /// The last tabulated turn.
    [[nodiscard]] std::int64_t turns() const noexcept {
        return static_cast<std::int64_t>(exactly_.size()) - 1;
    }

    /// P(T = t). Throws InvalidConfig for a turn beyond the table.
    [[nodiscard]] double probability(std::int64_t t) const {
        if (t < 0) {
            return 0.0;
        }
        check_tabulated(t, "P(T = t)");
        return exactly_[static_cast<std::size_t>(t)];
    }
    /// P(T > t). Throws InvalidConfig for a turn beyond the table.
    [[nodiscard]] double probability_longer_than(std::int64_t t) const {
        if (t < 0) {
            return 1.0;
        }
        check_tabulated(t, "P(T > t)");
        return longer_[static_cast<std::size_t>(t)];
    }
    /// P(T <= t), summed from the start so that small values keep their precision.
    [[nodiscard]] double probability_within(std::int64_t t) const {
        if (t < 0) {
            return 0.0;
        }
        check_tabulated(t, "P(T <= t)");
        return within_[static_cast<std::size_t>(t)];
    }

    /// P(T > turns()): the mass the table does not cover.
    [[nodiscard]] double tail_mass() const noexcept { return longer_.back(); }
    /// The part of `tail_mass` on squares from which home can never be reached: such games
    /// never end. P(T is infinite) lies between `stuck_mass` and `tail_mass`.
    [[nodiscard]] double stuck_mass() const noexcept { return stuck_; }
    /// True when no trap can be reached: every game ends.
    [[nodiscard]] bool finishes_surely() const noexcept { return finishes_surely_; }

    /// E[T], exact (solved, not summed from the table). +infinity when a trap can be reached.
    /// Solved on the first call to mean(), variance() or standard_deviation() of this
    /// distribution or of a copy of it (the three share one solve), never before. Throws Error,
    /// as expected_turns does, on a board where a game almost never ends and the mean is too
    /// large to compute (the table itself is still valid there).
    [[nodiscard]] double mean() const { return moments().mean; }
    /// Var[T], exact from the linear system; +infinity when a trap can be reached.
    [[nodiscard]] double variance() const { return moments().variance; }
    [[nodiscard]] double standard_deviation() const { return std::sqrt(variance()); }

    /// The most likely length (the first, if several tie), among the tabulated turns.
    [[nodiscard]] std::int64_t mode() const noexcept {
        return static_cast<std::int64_t>(std::max_element(exactly_.begin(), exactly_.end()) -
                                         exactly_.begin());
    }
    /// The smallest t with P(T <= t) >= q, for q in (0, 1). Throws InvalidConfig when q is
    /// outside (0, 1), or when the table does not reach q: either the horizon is too short or,
    /// on a board with traps, the quantile is infinite.
    [[nodiscard]] std::int64_t quantile(double q) const {
        if (!(q > 0.0 && q < 1.0)) {
            throw InvalidConfig(
                fmt::format("a quantile must be strictly between 0 and 1, got {}", q));
        }
        const auto it = std::lower_bound(within_.begin(), within_.end(), q);
        if (it == within_.end()) {
            if (!finishes_surely_ && 1.0 - stuck_ < q) {
                throw InvalidConfig(fmt::format(
                    "the {} quantile of the game length is infinite: the game never ends with "
                    "probability at least {:.6g}, because a trap can be reached",
                    q, stuck_));
            }
            throw InvalidConfig(
                fmt::format("the {} quantile of the game length lies beyond the {} tabulated turns "
                            "(P(T <= {}) = {:.17g}); raise DistributionOptions::max_turns",
                            q, turns(), turns(), within_.back()));
        }
        return static_cast<std::int64_t>(it - within_.begin());
    }
    [[nodiscard]] std::int64_t median() const { return quantile(0.5); }

private:
    friend struct detail::LengthDistributionAccess;

    [[nodiscard]] const detail::LazyLengthMoments::Moments& moments() const {
        if (!moments_) { // default-constructed: no game, no moments to solve
            static const detail::LazyLengthMoments::Moments none;
            return none;
        }
        const detail::LazyLengthMoments::Moments& moments = moments_->get();
        if (!moments.error.empty()) {
            throw Error(moments.error);
        }
        return moments;
    }

    void check_tabulated(std::int64_t t, const char* what) const {
        if (t > turns()) {
            throw InvalidConfig(fmt::format("{} for t = {} lies beyond the {} tabulated turns "
                                            "(tail mass {:.3g}); raise "
                                            "DistributionOptions::max_turns",
                                            what, t, turns(), tail_mass()));
        }
    }

    // Turn 0: no game ends before a roll.
    std::vector<double> exactly_{0.0};
    std::vector<double> longer_{1.0};
    std::vector<double> within_{0.0};
    double stuck_ = 0.0;
    bool finishes_surely_ = true;
    std::shared_ptr<detail::LazyLengthMoments> moments_;
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
    if (options.progress_interval.count() < 0) {
        throw_analysis_config(
            fmt::format("SolveOptions::progress_interval must not be negative, got {} ms",
                        options.progress_interval.count()));
    }
}

template <typename Config>
ExpectedTurns expected_turns_from_odds(const BasicBoard<Config>& board, std::vector<RollOdds> odds,
                                       const SolveOptions& options) {
    const TokenChain<Config> chain(board, std::move(odds));
    ExpectationSolver<Config> solver(chain, options.method, true, SolveTicker(options),
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

// The expected turns of the game one turn from s takes (1, or more with turns missed).
template <typename Config>
double expected_turn_length(const TurnKernel<Config>& kernel, Square s) {
    double turns = 0.0;
    for (const KernelMove& m : kernel.moves(s)) {
        turns += m.probability * static_cast<double>(m.turns);
    }
    return turns;
}

// The dice's rolls as the turn model's chance node, for the analysis under house rules: the
// probabilities checked as the standard analysis checks them, the rules as a game checks them
// (each rule's check_playable), and every roll kept apart, since a rule may read any roll.
template <typename Config, DiceWithOdds D, HouseRule Rules>
std::vector<ChanceOutcome> rule_analysis_rolls(const BasicBoard<Config>& board, const D& dice,
                                               const Rules& rules) {
    (void)board_roll_odds(dice.face_probabilities(), board.size());
    check_house_rules_playable(board, rules, dice, rolls_that_matter(dice, board.size()));
    return chance_outcomes(dice, GameState(1, static_cast<int>(dice.max_roll())));
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
/// `options.progress_interval` is negative, and Error when the answer cannot be vouched for to
/// 4 digits (a board on which a game almost never ends, whose expected length is beyond double
/// precision).
template <typename Config, DiceWithOdds D>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           const SolveOptions& options) {
    detail::check_solve_options(options);
    return detail::expected_turns_from_odds(
        board, detail::board_roll_odds(dice.face_probabilities(), board.size()), options);
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
/// (as Game does), and Error past the documented limits: more than 10^8 rolls to follow
/// (squares times the dice's rolls), snakes so long that the elimination would take more than
/// 2 x 10^9 operations, or a turn that practically never ends.
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

namespace detail {
struct LengthDistributionAccess {
    // The exact mean and variance of the length from the start, from two solves of the chain's
    // system. A board whose moments cannot be computed still has a distribution: the error is
    // kept, and mean() and variance() throw it.
    template <typename Config>
    static LazyLengthMoments::Moments solve_moments(const TokenChain<Config>& chain) {
        using Chain = TokenChain<Config>;
        LazyLengthMoments::Moments moments;
        if (chain.status(0) != Chain::finite) {
            moments.mean = std::numeric_limits<double>::infinity();
            moments.variance = std::numeric_limits<double>::infinity();
            return moments;
        }
        try {
            ExpectationSolver<Config> solver(chain, SolveMethod::automatic);
            const std::vector<double> mean = solver.solve([](Square) { return 1.0; });
            require_accuracy(solver.report(), mean);
            // Var T_s = sum_r p_r Var T_next + sum_r p_r (1 + E_next - E_s)^2: the same system
            // with a right-hand side that has no cancellation in it (and 0 on squares that
            // cannot finish, whose values nobody reads).
            const std::vector<double> variance = solver.solve([&](Square s) {
                if (chain.status(s) != Chain::finite) {
                    return 0.0;
                }
                double spread = 0.0;
                const double here = mean[static_cast<std::size_t>(s)];
                chain.for_each_move(s, [&](Square t, double p) {
                    const double d = 1.0 + mean[static_cast<std::size_t>(t)] - here;
                    spread += p * d * d;
                });
                return spread;
            });
            moments.mean = mean[0];
            moments.variance = variance[0];
        } catch (const Error& error) {
            moments.error = error.what();
        }
        return moments;
    }

    // The sum of [first, last), in four running sums: one sum is a chain of dependent adds, and
    // on a long board, where the mass covers every square, summing took as long as moving it.
    // Out of line on purpose: inlined into the propagation, whose many live values leave no
    // register for it, g++ 12 keeps the running sums in memory.
    SNAKELADDER_ANALYSIS_OUT_OF_LINE static double total(const double* first,
                                                         const double* last) noexcept {
        double a = 0.0;
        double b = 0.0;
        double c = 0.0;
        double d = 0.0;
        for (; last - first >= 4; first += 4) {
            a += first[0];
            b += first[1];
            c += first[2];
            d += first[3];
        }
        for (; first != last; ++first) {
            a += *first;
        }
        return (a + b) + (c + d);
    }

    // The lowest and highest square that can hold probability after a turn.
    struct Reach {
        Square low;
        Square high;
    };

    // What one turn of the propagation needs besides the mass: the squares where landing moves
    // a token on (jump starts, with where it comes to rest), found once, not per turn.
    struct Landings {
        std::vector<Square> starts; // ascending
        std::vector<Square> rests;  // rests[i]: where landing on starts[i] leaves a token
        std::vector<double> held;   // room for the mass landing on each start in one turn
    };

    template <typename Config>
    static Landings landings_of(const TokenChain<Config>& chain) {
        Landings landings;
        const std::span<const Square> rest = chain.rest();
        for (Square l = 0; l <= chain.size(); ++l) {
            if (rest[static_cast<std::size_t>(l)] != l) {
                landings.starts.push_back(l);
                landings.rests.push_back(rest[static_cast<std::size_t>(l)]);
            }
        }
        landings.held.resize(landings.starts.size());
        return landings;
    }

    // One turn of the propagation: the mass on the squares low..high of `from` moved by every
    // roll into `to` (all zero on entry), `from` emptied. Squares from which no roll passes home
    // move by plain sums over the range, without branches or scattered writes: with six rolls
    // (one die), each square that every roll reaches from inside the range gets
    // `to[l] = sum of p * from[l - roll]` in one pass, the other squares get one pass per roll,
    // `to[s + roll] += p * from[s]`. Then the mass that landed on a jump's start moves to where
    // the jump leaves it (gathered first: under SingleJump a jump may end on another jump's
    // start, where a token rests). The few squares within a roll of home move as the chain says
    // (the overshoot rule).
    template <typename Config>
    static Reach spread(const TokenChain<Config>& chain, Landings& landings, Square low,
                        Square high, double* from, double* to) {
        const std::span<const RollOdds> odds = chain.odds();
        const std::int64_t min_roll = odds.front().roll;
        const std::int64_t max_roll = chain.max_roll();
        const auto interior = static_cast<Square>(std::int64_t{chain.size()} - max_roll);
        const Square inner_high = std::min(high, interior);
        Reach reach{chain.size(), 0};
        if (inner_high >= low) {
            // [body_first, body_last]: the squares every roll reaches from low..inner_high.
            std::int64_t body_first = std::int64_t{low} + max_roll;
            std::int64_t body_last = std::int64_t{inner_high} + min_roll;
            if (odds.size() == 6 && body_first <= body_last) {
                const std::array<double, 6> p{odds[0].probability, odds[1].probability,
                                              odds[2].probability, odds[3].probability,
                                              odds[4].probability, odds[5].probability};
                const std::array<std::int64_t, 6> r{odds[0].roll, odds[1].roll, odds[2].roll,
                                                    odds[3].roll, odds[4].roll, odds[5].roll};
                for (std::int64_t l = body_first; l <= body_last; ++l) {
                    to[l] = p[0] * from[l - r[0]] + p[1] * from[l - r[1]] + p[2] * from[l - r[2]] +
                            p[3] * from[l - r[3]] + p[4] * from[l - r[4]] + p[5] * from[l - r[5]];
                }
            } else {
                body_first = std::int64_t{inner_high} + max_roll + 1; // no body: all per roll
                body_last = body_first - 1;
            }
            for (const RollOdds& o : odds) {
                const double chance = o.probability;
                double* const target = to + o.roll;
                const auto add = [&](std::int64_t first, std::int64_t last) {
                    for (std::int64_t s = first; s <= last; ++s) {
                        target[s] += chance * from[s];
                    }
                };
                // The sources whose square s + roll is below the body, then above it.
                add(low, std::min<std::int64_t>(inner_high, body_first - o.roll - 1));
                add(std::max<std::int64_t>(low, body_last - o.roll + 1), inner_high);
            }
            reach.low = static_cast<Square>(low + min_roll);
            reach.high = static_cast<Square>(inner_high + max_roll);
            const auto first = static_cast<std::size_t>(
                std::lower_bound(landings.starts.begin(), landings.starts.end(), reach.low) -
                landings.starts.begin());
            std::size_t last = first;
            for (; last < landings.starts.size() && landings.starts[last] <= reach.high; ++last) {
                const auto start = static_cast<std::size_t>(landings.starts[last]);
                landings.held[last] = to[start];
                to[start] = 0.0;
            }
            for (std::size_t i = first; i < last; ++i) {
                if (landings.held[i] != 0.0) {
                    const Square rest = landings.rests[i];
                    to[rest] += landings.held[i];
                    reach.low = std::min(reach.low, rest);
                    reach.high = std::max(reach.high, rest);
                }
            }
        }
        for (Square s = inner_high < low ? low : inner_high + 1; s <= high; ++s) {
            const double mass = from[s];
            if (mass != 0.0) {
                chain.for_each_move(s, [to, mass, &reach](Square t, double p) {
                    to[t] += mass * p;
                    reach.low = std::min(reach.low, t);
                    reach.high = std::max(reach.high, t);
                });
            }
        }
        std::fill(from + low, from + high + 1, 0.0); // one pass, not a store per square
        return reach;
    }

    template <typename Config>
    static LengthDistribution build(const TokenChain<Config>& chain,
                                    const DistributionOptions& options) {
        using Chain = TokenChain<Config>;
        const Square n = chain.size();
        const auto squares = static_cast<std::size_t>(n) + 1;

        LengthDistribution result;
        result.finishes_surely_ = chain.status(0) == Chain::finite;

        std::vector<double> now(squares, 0.0);
        std::vector<double> next(squares, 0.0);
        double stuck = 0.0;
        double live = 1.0;
        if (chain.status(0) == Chain::dead) {
            stuck = 1.0;
            live = 0.0;
        } else {
            now[0] = 1.0;
        }
        // Squares holding probability are kept in a range [low, high] to skip the empty board.
        Landings landings = landings_of(chain);
        Square low = 0;
        Square high = 0;
        const std::span<const Square> dead = chain.dead_squares();
        auto reported = std::chrono::steady_clock::now();
        for (std::int64_t t = 1; t <= options.max_turns && live > options.tail_epsilon; ++t) {
            // The clock is read every 64 turns only: a turn of a small board is quicker than
            // reading it.
            if (options.progress && t % 64 == 0) {
                const auto clock_now = std::chrono::steady_clock::now();
                if (clock_now - reported >= options.progress_interval) {
                    reported = clock_now;
                    options.progress(t - 1, live);
                }
            }
            double* const to = next.data();
            const Reach reach = spread(chain, landings, low, high, now.data(), to);
            const Square new_low = reach.low;
            const Square new_high = reach.high;
            const double finished = next[static_cast<std::size_t>(n)];
            next[static_cast<std::size_t>(n)] = 0.0;
            for (const Square d : dead) {
                stuck += next[static_cast<std::size_t>(d)];
                next[static_cast<std::size_t>(d)] = 0.0;
            }
            const Square end = std::max(new_low, std::min<Square>(new_high + 1, n));
            live = total(to + new_low, to + end);
            result.exactly_.push_back(finished);
            result.within_.push_back(result.within_.back() + finished);
            result.longer_.push_back(live + stuck);
            std::swap(now, next);
            low = new_low;
            high = std::min<Square>(new_high, n - 1);
        }
        result.stuck_ = stuck;
        if (options.progress) {
            options.progress(result.turns(), live);
        }

        result.moments_ = std::make_shared<LazyLengthMoments>(
            [board = chain.board(),
             odds = std::vector<RollOdds>(chain.odds().begin(), chain.odds().end())] {
                return solve_moments(TokenChain<Config>(board, odds));
            });
        return result;
    }

    // The same table under house rules, from the turn kernel: a turn from s ends on t after c
    // turns of the game, so mass moves up to c turns ahead (ahead[k]: k turns from now).
    template <typename Config>
    static LengthDistribution build(std::shared_ptr<TurnKernel<Config>> kernel,
                                    const DistributionOptions& options) {
        using Kernel = TurnKernel<Config>;
        const Square n = kernel->size();
        const auto squares = static_cast<std::size_t>(n) + 1;
        std::uint32_t longest = 1;
        for (Square s = 0; s < n; ++s) {
            for (const KernelMove& m : kernel->moves(s)) {
                longest = std::max(longest, m.turns);
            }
        }
        std::vector<std::vector<double>> ahead(longest + 1, std::vector<double>(squares, 0.0));
        std::vector<double> home_ahead(longest + 1, 0.0);
        const std::size_t ring = ahead.size();

        LengthDistribution result;
        result.finishes_surely_ = kernel->status(0) == Kernel::finite;
        double stuck = 0.0;
        double live = 1.0;
        if (kernel->status(0) == Kernel::dead) {
            stuck = 1.0;
            live = 0.0;
        } else {
            ahead[0][0] = 1.0;
        }
        auto reported = std::chrono::steady_clock::now();
        for (std::int64_t t = 1; t <= options.max_turns && live > options.tail_epsilon; ++t) {
            if (options.progress && t % 64 == 0) {
                const auto clock_now = std::chrono::steady_clock::now();
                if (clock_now - reported >= options.progress_interval) {
                    reported = clock_now;
                    options.progress(t - 1, live);
                }
            }
            // The mass at turn t - 1 takes its turn; everything it reaches is t or later.
            const std::size_t slot = static_cast<std::size_t>(t - 1) % ring;
            std::vector<double>& here = ahead[slot];
            for (Square s = 0; s < n; ++s) {
                const double mass = here[static_cast<std::size_t>(s)];
                if (mass == 0.0) {
                    continue;
                }
                here[static_cast<std::size_t>(s)] = 0.0;
                for (const KernelMove& m : kernel->moves(s)) {
                    const double part = mass * m.probability;
                    const std::size_t when = (slot + m.turns) % ring;
                    if (m.to == n) {
                        home_ahead[when] += part;
                    } else if (kernel->status(m.to) == Kernel::dead) {
                        stuck += part;
                    } else {
                        ahead[when][static_cast<std::size_t>(m.to)] += part;
                    }
                }
            }
            const std::size_t now = static_cast<std::size_t>(t) % ring;
            const double finished = std::exchange(home_ahead[now], 0.0);
            live = 0.0;
            for (std::size_t k = 0; k < ring; ++k) {
                live +=
                    total(ahead[k].data(), ahead[k].data() + n) + (k == now ? 0.0 : home_ahead[k]);
            }
            result.exactly_.push_back(finished);
            result.within_.push_back(result.within_.back() + finished);
            result.longer_.push_back(live + stuck);
        }
        result.stuck_ = stuck;
        if (options.progress) {
            options.progress(result.turns(), live);
        }
        result.moments_ =
            std::make_shared<LazyLengthMoments>([kernel] { return solve_moments(*kernel); });
        return result;
    }

    // The exact mean and variance from the turn kernel: a turn from s that ends on t after c
    // turns adds c, so Var T_s = sum p Var T_t + sum p (c + E_t - E_s)^2.
    template <typename Config>
    static LazyLengthMoments::Moments solve_moments(TurnKernel<Config>& kernel) {
        using Kernel = TurnKernel<Config>;
        LazyLengthMoments::Moments moments;
        if (kernel.status(0) != Kernel::finite) {
            moments.mean = std::numeric_limits<double>::infinity();
            moments.variance = std::numeric_limits<double>::infinity();
            return moments;
        }
        try {
            SolveReport report;
            const std::vector<double> mean = kernel.solve(
                [&kernel](Square s) { return expected_turn_length(kernel, s); }, report);
            require_accuracy(report, mean);
            const std::vector<double> variance = kernel.solve(
                [&](Square s) {
                    double spread = 0.0;
                    const double here = mean[static_cast<std::size_t>(s)];
                    for (const KernelMove& m : kernel.moves(s)) {
                        const double d = static_cast<double>(m.turns) +
                                         mean[static_cast<std::size_t>(m.to)] - here;
                        spread += m.probability * d * d;
                    }
                    return spread;
                },
                report);
            moments.mean = mean[0];
            moments.variance = variance[0];
        } catch (const Error& error) {
            moments.error = error.what();
        }
        return moments;
    }
};

inline void check_distribution_options(const DistributionOptions& options) {
    if (options.max_turns < 1) {
        throw_analysis_config(fmt::format(
            "DistributionOptions::max_turns must be at least 1, got {}", options.max_turns));
    }
    if (!(options.tail_epsilon >= 0.0 && options.tail_epsilon < 1.0)) {
        throw_analysis_config(fmt::format(
            "DistributionOptions::tail_epsilon must be in [0, 1), got {}", options.tail_epsilon));
    }
    if (options.progress_interval.count() < 0) {
        throw_analysis_config(
            fmt::format("DistributionOptions::progress_interval must not be negative, got {} ms",
                        options.progress_interval.count()));
    }
}
} // namespace detail

/// The distribution of the length of a one-player game, tabulated from turn 0 until the
/// chance that the game is still running (and can still end) is at most
/// `options.tail_epsilon`, or until `options.max_turns`.
template <typename Config, DiceWithOdds D>
[[nodiscard]] LengthDistribution length_distribution(const BasicBoard<Config>& board, const D& dice,
                                                     const DistributionOptions& options = {}) {
    detail::check_distribution_options(options);
    const detail::TokenChain<Config> chain(
        board, detail::board_roll_odds(dice.face_probabilities(), board.size()));
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
                                                     const DistributionOptions& options,
                                                     const Rules& house_rules) {
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
/// squares: 20,000); past that, Error names the count and points to simulate. `undecided` is the
/// chance the tabulated turns leave open.
template <typename Config, DiceWithOdds D, HouseRule Rules>
[[nodiscard]] SeatChances seat_chances(const BasicBoard<Config>& board, const D& dice, int players,
                                       const DistributionOptions& options,
                                       const Rules& house_rules) {
    if (players < 1 || players > GameConfig<>::max_player_limit) {
        detail::throw_analysis_config(
            fmt::format("seat_chances needs between 1 and {} players, got {}",
                        GameConfig<>::max_player_limit, players));
    }
    detail::check_distribution_options(options);
    if (players == 1 || detail::touches_only_the_mover(house_rules)) {
        return seat_chances(length_distribution(board, dice, options, house_rules), players);
    }
    const std::vector<ChanceOutcome> rolls = detail::rule_analysis_rolls(board, dice, house_rules);
    const detail::JointRace race = detail::joint_race(
        board, std::span<const ChanceOutcome>(rolls), static_cast<int>(dice.max_roll()),
        house_rules, static_cast<std::size_t>(players), options.max_turns, options.tail_epsilon,
        options.progress, options.progress_interval);
    SeatChances result;
    result.win_probability = race.win_probability;
    result.expected_turns = race.expected_turns;
    result.undecided = race.undecided;
    return result;
}

} // namespace snakeladder

#undef SNAKELADDER_ANALYSIS_OUT_OF_LINE
