// How length_distribution fills its table: the exact distribution of one token over the squares,
// moved turn by turn, from the token's chain (the standard game) or from the turn kernel (house
// rules); and the exact mean and variance from two solves of the same chain, run lazily.
#pragma once

#include "../../base/jump.hpp"
#include "../length_distribution.hpp"
#include "../solve_report.hpp"
#include "expectation_solver.hpp"
#include "solve_ticker.hpp"
#include "token_chain.hpp"
#include "turn_kernel.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fmt/format.h>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

// Keeps a loop out of line where inlining it would cost registers (see total()).
// SNAKELADDER_LENGTH_ALIGNED starts the propagation's hot function on a cache line: its loops'
// speed with many rolls varied by a factor of 1.5 to 2 with where unrelated code put it.
#if defined(__GNUC__) || defined(__clang__)
#define SNAKELADDER_LENGTH_OUT_OF_LINE [[gnu::noinline]]
#define SNAKELADDER_LENGTH_ALIGNED [[gnu::aligned(64)]]
#else
#define SNAKELADDER_LENGTH_OUT_OF_LINE
#define SNAKELADDER_LENGTH_ALIGNED
#endif

namespace snakeladder::detail {

// The last turn a table runs to: DistributionOptions::max_turns, as the table's turns count
// (a table of more than INT64_MAX turns cannot be kept anyway).
constexpr std::int64_t tabulated_turns(const DistributionOptions& options) noexcept {
    constexpr auto most = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return static_cast<std::int64_t>(std::min(options.max_turns, most));
}

// Tells DistributionOptions::progress how far the table has grown, between turns: the clock is
// read every 64 turns (a turn of a small board is quicker than reading it), or sooner once
// work_between_clock_reads moves have been followed since it was last read (a turn of a board of
// millions of squares takes milliseconds).
class TableTicker {
public:
    explicit TableTicker(const DistributionOptions& options)
        : options_(&options), reported_(std::chrono::steady_clock::now()) {}

    /// Before a turn: `done` turns are tabulated, `live` still running, and the turn about to
    /// run follows `work` moves.
    void before_turn(std::int64_t done, double live, std::size_t work) {
        if (!options_->progress) {
            return;
        }
        work_ += work;
        if (done % 64 != 63 && work_ < work_between_clock_reads) {
            return;
        }
        work_ = 0;
        const auto now = std::chrono::steady_clock::now();
        if (now - reported_ >= options_->progress_interval) {
            reported_ = now;
            options_->progress(done, live);
        }
    }
    /// Once the table is complete.
    void finish(std::int64_t done, double live) const {
        if (options_->progress) {
            options_->progress(done, live);
        }
    }

private:
    const DistributionOptions* options_;
    std::chrono::steady_clock::time_point reported_;
    std::size_t work_ = 0;
};

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
        } catch (const Error&) {
            moments.error = std::current_exception();
        }
        return moments;
    }

    // The sum of [first, last), in four running sums: one sum is a chain of dependent adds, and
    // on a long board, where the mass covers every square, summing took as long as moving it.
    // Out of line on purpose: inlined into the propagation, whose many live values leave no
    // register for it, g++ 12 keeps the running sums in memory.
    SNAKELADDER_LENGTH_OUT_OF_LINE static double total(const double* first,
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
    SNAKELADDER_LENGTH_ALIGNED static Reach spread(const TokenChain<Config>& chain,
                                                   Landings& landings, Square low, Square high,
                                                   double* from, double* to) {
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
        TableTicker ticker(options);
        const std::size_t rolls = chain.odds().size();
        for (std::int64_t t = 1; t <= tabulated_turns(options) && live > options.tail_epsilon;
             ++t) {
            // This turn moves the squares from low to high, each by every roll.
            ticker.before_turn(t - 1, live, static_cast<std::size_t>(high - low + 1) * rolls);
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
        result.running_ = live;
        ticker.finish(result.turns(), live);

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
        TableTicker ticker(options);
        for (std::int64_t t = 1; t <= tabulated_turns(options) && live > options.tail_epsilon;
             ++t) {
            // A turn looks at every square (and follows the moves of those holding mass).
            ticker.before_turn(t - 1, live, squares);
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
        result.running_ = live;
        ticker.finish(result.turns(), live);
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
        } catch (const Error&) {
            moments.error = std::current_exception();
        }
        return moments;
    }
};

inline void check_distribution_options(const DistributionOptions& options) {
    if (options.max_turns == 0) {
        throw_analysis_config(fmt::format(
            "DistributionOptions::max_turns must be at least 1, got {}", options.max_turns));
    }
    if (!(options.tail_epsilon >= 0.0 && options.tail_epsilon < 1.0)) {
        throw_analysis_config(fmt::format(
            "DistributionOptions::tail_epsilon must be in [0, 1), got {}", options.tail_epsilon));
    }
    check_progress_interval("DistributionOptions::progress_interval", options.progress_interval);
}

} // namespace snakeladder::detail

#undef SNAKELADDER_LENGTH_OUT_OF_LINE
#undef SNAKELADDER_LENGTH_ALIGNED
