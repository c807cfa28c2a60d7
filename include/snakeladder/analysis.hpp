// Exact analysis of a board: how many turns a game lasts (from every square), the whole
// distribution of its length, each seat's chance to win, and traps described in words.
//
// Everything here works from a board and the dice's face probabilities, never from a Game. A
// token's walk is an absorbing Markov chain on the squares; its expected length E solves
// (I - Q) E = 1, where Q holds the probabilities of moving between squares that are not home.
//
// How that system is solved, and why (see README "Analysis"):
//   Take the squares from the top down. A forward move or a ladder goes to a square already
//   solved, and a blocked move (exact finish) is a self-loop folded into the diagonal, so the
//   system is upper triangular except for the moves that go *down*: snakes and bounces. Those
//   land on a small set C of squares (the ends of snakes, the squares bounces land on). Given the
//   values on C, one top-down sweep solves every square exactly; the values on C themselves
//   solve the Schur complement system (I - H) x = b of size |C|, where column c of H is a sweep
//   with a unit value on c. Then:
//   - few such squares (the classic board has 10): H is formed by |C| sweeps and factored by a
//     dense LU with partial pivoting: a direct solve, exact up to rounding;
//   - many (a 1,000,000-square random board has ~25,000): forming H would take |C| sweeps of a
//     million squares, and a sparse LU of I - Q fills in badly because the long snakes and
//     ladders of a random board connect everything to everything. Instead the Schur system is
//     solved by restarted GMRES, each product by H being one O(squares x rolls) sweep: the sweep
//     is an exact preconditioner (it solves the triangular part exactly), so only the coupling
//     through the snakes is left to the Krylov method. On random boards that coupling has a few
//     slow modes (the chance of sliding down again) and otherwise decays fast: about 30 sweeps
//     for a million squares.
//   Both solves measure their residual on C as sweep(x) - x, from one whole sweep with the
//   right-hand side (iterative refinement), never as b + Hx from separately swept pieces: on a
//   long board the rounding of a sweep adds up along the track, and the pieces disagree by more
//   than the residual sought. An answer is accepted when the residual of the *whole* system,
//   computed from scratch, is below 1e-14 of its scale (normwise backward error).
//   The residual also bounds the error: Q >= 0 makes (I - Q)^-1 >= 0, so with r = 1 - (I-Q)E,
//   |E - E*| <= max|r| * E* square by square (SolveReport::error_bound).
//   A board on which a game almost never ends (thousands of snakes, no ladders) has an expected
//   length beyond double precision, and (I - Q) is singular to working precision: GMRES stalls,
//   falls back to the direct solve when that is affordable, and an answer whose error bound is
//   above 1e-4 is refused with an Error rather than returned.
#pragma once

#include "board.hpp"
#include "config.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "jump.hpp"
#include "rules.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// How `expected_turns` solves its linear system.
enum class SolveMethod {
    automatic, ///< direct for boards with few squares to fall back to, GMRES otherwise
    direct,    ///< dense LU of the Schur complement (refused above 2048 unknowns)
    gmres,     ///< restarted GMRES on the Schur complement, verified by the full residual
};

constexpr std::string_view to_string(SolveMethod method) noexcept {
    switch (method) {
    case SolveMethod::automatic:
        return "automatic";
    case SolveMethod::direct:
        return "direct";
    case SolveMethod::gmres:
        return "gmres";
    }
    return "unknown";
}

/// What the solver did and how well its answer satisfies the system.
struct SolveReport {
    /// `direct` or `gmres`: the method actually used.
    SolveMethod method = SolveMethod::direct;
    /// Size of the Schur complement: squares a token can move down to (snake ends, bounces).
    std::size_t schur_unknowns = 0;
    /// Top-down passes over the board, the unit of work (each is O(squares x rolls)).
    std::size_t sweeps = 0;
    /// max |rhs - (I - Q) E| / (2 max |E| + max |rhs|), recomputed over the whole board at the
    /// end: the normwise backward error of the answer.
    double backward_error = 0.0;
    /// max |rhs - (I - Q) E| itself. For expected_turns (rhs = 1) it bounds the relative error
    /// of every finite square: (I - Q)^-1 >= 0 gives |E - E*| <= error_bound * E* (up to the
    /// rounding in computing the residual, about 1e-16 of the largest E).
    double error_bound = 0.0;
};

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
} // namespace detail

/// Where `length_distribution` stops.
struct DistributionOptions {
    /// The last turn tabulated (the horizon).
    std::int64_t max_turns = 100'000;
    /// Stop once the probability that the game is still running, and can still end, is at or
    /// below this. The mass left is reported (`tail_mass`), never dropped silently.
    double tail_epsilon = 1e-15;
};

/// The length T of a one-player game: P(T = t) and P(T > t) for t = 0..turns(), computed by
/// propagating the exact distribution of the token over the squares turn by turn, plus the
/// exact mean and variance from the linear system.
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
    /// Throws Error, as expected_turns does, on a board where a game almost never ends and the
    /// mean is too large to compute (the table itself is still valid there).
    [[nodiscard]] double mean() const {
        check_moments();
        return mean_;
    }
    /// Var[T], exact from the linear system; +infinity when a trap can be reached.
    [[nodiscard]] double variance() const {
        check_moments();
        return variance_;
    }
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

    void check_moments() const {
        if (!moments_error_.empty()) {
            throw Error(moments_error_);
        }
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
    double mean_ = 0.0;
    double variance_ = 0.0;
    std::string moments_error_; // why mean() and variance() cannot be given, if they cannot
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

[[noreturn]] inline void throw_analysis_config(const std::string& message) {
    throw InvalidConfig(message);
}

/// One roll and its probability, as the analysis sees it.
struct RollOdds {
    std::int64_t roll = 0;
    double probability = 0.0;
};

// The rolls that matter on a board of `size` squares, with their probabilities. From any square,
// every roll of at least 2 * size moves a token the same way under every overshoot rule (exact
// finish: blocked; overshoot wins: home; bounce back: bounced below 1, so onto square 1), so
// larger rolls are folded into 2 * size: a 1000-sided die on a 5-square board costs 10 rolls.
inline std::vector<RollOdds> board_roll_odds(std::span<const double> faces, Square size) {
    const std::int64_t cap = 2 * std::int64_t{size};
    const std::size_t top =
        std::min<std::size_t>(faces.empty() ? 0 : faces.size() - 1, static_cast<std::size_t>(cap));
    std::vector<double> folded(top + 1, 0.0);
    double total = 0.0;
    for (std::size_t r = 0; r < faces.size(); ++r) {
        const double p = faces[r];
        if (!(p >= 0.0) || !std::isfinite(p)) {
            throw_analysis_config(fmt::format(
                "the probability of rolling {} is {}; a probability must be a finite number "
                "of at least 0",
                r, p));
        }
        if (p == 0.0) {
            continue;
        }
        if (r == 0) {
            throw_analysis_config(fmt::format(
                "the dice give a roll of 0 probability {}; every roll must be at least 1", p));
        }
        total += p;
        folded[std::min(r, top)] += p;
    }
    if (!(std::abs(total - 1.0) <= 1e-9)) {
        throw_analysis_config(
            fmt::format("the face probabilities add up to {:.17g}, not 1", total));
    }
    std::vector<RollOdds> odds;
    for (std::size_t r = 1; r < folded.size(); ++r) {
        if (folded[r] > 0.0) {
            odds.push_back({static_cast<std::int64_t>(r), folded[r]});
        }
    }
    return odds;
}

[[nodiscard]] inline std::vector<std::int64_t> rolls_of(std::span<const RollOdds> odds) {
    std::vector<std::int64_t> rolls;
    rolls.reserve(odds.size());
    for (const RollOdds& o : odds) {
        rolls.push_back(o.roll);
    }
    return rolls;
}

/// The walk of one token on a board with given roll odds, prepared for the solvers: which
/// squares a token can stand on, which of them reach home surely, the probability of leaving
/// each, and the squares that moves lead down to.
template <typename Config>
class TokenChain {
public:
    enum Status : unsigned char {
        finite,       ///< home is reached from here with probability 1
        infinite,     ///< home can be reached, but so can a square from which it cannot
        dead,         ///< home can never be reached from here
        not_standing, ///< no token ever rests here (a jump's start under Reject/FollowChains)
    };

    TokenChain(const BasicBoard<Config>& board, std::vector<RollOdds> odds)
        : board_(&board), size_(board.size()), odds_(std::move(odds)) {
        for (const RollOdds& o : odds_) {
            max_roll_ = std::max(max_roll_, o.roll);
        }
        classify();
    }

    [[nodiscard]] const BasicBoard<Config>& board() const noexcept { return *board_; }
    [[nodiscard]] Square size() const noexcept { return size_; }
    [[nodiscard]] std::span<const RollOdds> odds() const noexcept { return odds_; }
    [[nodiscard]] Status status(Square s) const noexcept {
        return static_cast<Status>(status_[static_cast<std::size_t>(s)]);
    }
    [[nodiscard]] bool has_infinite() const noexcept { return has_infinite_; }
    /// How many squares are standing and finite: the unknowns of the linear system.
    [[nodiscard]] std::size_t finite_squares() const noexcept { return finite_squares_; }
    /// Finite squares that some finite square moves down to, ascending.
    [[nodiscard]] std::span<const Square> fall_targets() const noexcept { return fall_targets_; }
    /// Squares from which home can never be reached (standing squares only).
    [[nodiscard]] std::span<const Square> dead_squares() const noexcept { return dead_; }

    /// Calls f(target, probability) for every roll from s, the largest roll first.
    template <typename F>
    void for_each_move(Square s, F&& f) const {
        const RollOdds* const first = odds_.data();
        const RollOdds* o = first + odds_.size();
        if (std::int64_t{s} + max_roll_ <= size_) {
            // No roll reaches past home: the overshoot rule has nothing to do.
            const Square* const rest = rest_.data() + s;
            while (o != first) {
                --o;
                f(rest[o->roll], o->probability);
            }
        } else {
            while (o != first) {
                --o;
                f(board_->advance(s, o->roll), o->probability);
            }
        }
    }

    /// One top-down sweep: y[s] = (rhs(s) + sum over rolls of p * y[target]) / P(leave s) for
    /// each finite standing square, self-loops excluded. Squares below s are read as they are
    /// on entry: the caller puts the Schur unknowns on the fall targets. y[size] must be 0.
    /// Other squares (infinite ones, jump starts no token stands on) get values no finite
    /// square reads.
    template <typename Rhs>
    void sweep(std::vector<double>& y, Rhs&& rhs) const {
        double* const v = y.data();
        const double* const inverse = leave_inverse_.data();
        // Squares above `interior` can roll past home, where the overshoot rule applies.
        const auto interior = static_cast<Square>(std::max<std::int64_t>(-1, size_ - max_roll_));
        for (Square s = size_ - 1; s > interior; --s) {
            // Zero first, so a self-loop (a blocked roll, a snake back to s) adds nothing: its
            // probability is already out of P(leave s).
            v[s] = 0.0;
            double sum = rhs(s);
            for_each_move(s, [v, &sum](Square t, double p) { sum += p * v[t]; });
            v[s] = inverse[s] != 0.0 ? sum * inverse[s] : 0.0;
        }
        if (interior < 0) {
            return;
        }
        if (max_roll_ <= 6) {
            window_sweep(v, rhs, interior);
        } else {
            const Square* const rest = rest_.data();
            for (Square s = interior; s >= 0; --s) {
                v[s] = 0.0;
                double sum = rhs(s);
                for (std::size_t i = odds_.size(); i-- > 0;) {
                    sum += odds_[i].probability * v[rest[s + odds_[i].roll]];
                }
                v[s] = sum * inverse[s];
            }
        }
    }

    /// A sweep of `width` columns at once with a zero right-hand side; y holds square s's
    /// columns at y[s * width ...]. Used to form the Schur complement: many columns per pass,
    /// and the loop over columns vectorizes. Non-finite squares get 0.
    void block_sweep(std::vector<double>& y, std::size_t width) const {
        std::vector<double> sum(width);
        double* const base = y.data();
        for (Square s = size_ - 1; s >= 0; --s) {
            double* const row = base + static_cast<std::size_t>(s) * width;
            const double inverse = leave_inverse_[static_cast<std::size_t>(s)];
            std::fill(row, row + width, 0.0);
            if (inverse == 0.0) {
                continue;
            }
            std::fill(sum.begin(), sum.end(), 0.0);
            double* const acc = sum.data();
            for_each_move(s, [&](Square t, double p) {
                const double* const from = base + static_cast<std::size_t>(t) * width;
                for (std::size_t j = 0; j < width; ++j) {
                    acc[j] += p * from[j];
                }
            });
            for (std::size_t j = 0; j < width; ++j) {
                row[j] = acc[j] * inverse;
            }
        }
    }

    /// Calls f(s) for every finite standing square, top down.
    template <typename F>
    void for_each_finite(F&& f) const {
        for (Square s = size_ - 1; s >= 0; --s) {
            if (leave_inverse_[static_cast<std::size_t>(s)] != 0.0) {
                f(s);
            }
        }
    }

    /// max |rhs(s) - (I - Q) y| over the finite standing squares.
    template <typename Rhs>
    [[nodiscard]] double residual(const std::vector<double>& y, Rhs&& rhs) const {
        const double* const v = y.data();
        double worst = 0.0;
        for_each_finite([&](Square s) {
            double sum = rhs(s);
            double leave = 0.0;
            for_each_move(s, [v, s, &sum, &leave](Square t, double p) {
                if (t != s) {
                    sum += p * v[t];
                    leave += p;
                }
            });
            worst = std::max(worst, std::abs(sum - leave * v[s]));
        });
        return worst;
    }

private:
    // The sweep below the squares that can overshoot, for dice of at most 6 faces (the common
    // case). It is bound by latency, not arithmetic: each square needs the ones just computed.
    // So the values of landing on the 6 squares above s (z[l] = y[where landing on l ends]) are
    // kept in registers as a sliding window (w1..w6, separate scalars: an array is routed
    // through memory by the vectorizer) rather than stored and reloaded, and the nearest one
    // enters last: one multiply and one add separate two squares. Every square without a
    // self-loop leaves with probability sum(p), so one shared factor replaces a per-square
    // table.
    //
    // A snake whose head is at most 6 squares above its end t is the exception (`short_falls_`):
    // squares above t must see the value t had on entry (a Schur unknown), square t must not see
    // it at all (a self-loop), and squares below t see t's new value. Those few squares take the
    // exact path, then patch the window.
    template <typename Rhs>
    void window_sweep(double* const v, Rhs& rhs, const Square interior) const {
        constexpr std::size_t width = 6;
        std::array<double, width + 1> scaled{}; // p[r] / sum(p)
        for (const RollOdds& o : odds_) {
            scaled[static_cast<std::size_t>(o.roll)] = o.probability * common_inverse_;
        }
        const double c1 = scaled[1];
        const double c2 = scaled[2];
        const double c3 = scaled[3];
        const double c4 = scaled[4];
        const double c5 = scaled[5];
        const double c6 = scaled[6];
        const double common = common_inverse_;
        const Square* const rest = rest_.data();
        const auto landing = [&](std::int64_t l) { return l <= size_ ? v[rest[l]] : 0.0; };
        double w1 = landing(std::int64_t{interior} + 1);
        double w2 = landing(std::int64_t{interior} + 2);
        double w3 = landing(std::int64_t{interior} + 3);
        double w4 = landing(std::int64_t{interior} + 4);
        double w5 = landing(std::int64_t{interior} + 5);
        double w6 = landing(std::int64_t{interior} + 6);
        const Square* exception = short_falls_.data();
        const Square* const exceptions_end = exception + short_falls_.size();
        while (exception != exceptions_end && *exception > interior) {
            ++exception;
        }
        Square next_exception = exception != exceptions_end ? *exception : -1;
        for (Square s = interior; s >= 0; --s) {
            double value;
            if (s != next_exception) {
                const double far =
                    rhs(s) * common + c6 * w6 + c5 * w5 + c4 * w4 + c3 * w3 + c2 * w2;
                value = far + c1 * w1;
            } else {
                const std::array<double, width + 1> window{0.0, w1, w2, w3, w4, w5, w6};
                double sum = rhs(s);
                for (const RollOdds& o : odds_) {
                    if (rest[s + o.roll] != s) {
                        sum += o.probability * window[static_cast<std::size_t>(o.roll)];
                    }
                }
                const double inverse = leave_inverse_[static_cast<std::size_t>(s)];
                value = inverse != 0.0 ? sum * inverse : 0.0;
            }
            v[s] = value;
            w6 = w5;
            w5 = w4;
            w4 = w3;
            w3 = w2;
            w2 = w1;
            const Square t = rest[s];
            if (t == s) [[likely]] {
                w1 = value;
            } else {
                w1 = v[t];
            }
            if (s == next_exception) {
                // Squares below s landing on a snake down to s now see s's new value. (Written
                // out: taking the window's addresses would move it from registers to memory.)
                const auto falls_here = [&](std::int64_t r) {
                    return std::int64_t{s} + r <= size_ && rest[s + r] == s;
                };
                w2 = falls_here(1) ? value : w2;
                w3 = falls_here(2) ? value : w3;
                w4 = falls_here(3) ? value : w4;
                w5 = falls_here(4) ? value : w5;
                w6 = falls_here(5) ? value : w6;
                ++exception;
                next_exception = exception != exceptions_end ? *exception : -1;
            }
        }
    }

    [[nodiscard]] bool standing(Square s) const noexcept {
        return Config::chain_rule::policy == ChainPolicy::single ||
               rest_[static_cast<std::size_t>(s)] == s;
    }

    void classify() {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        rest_.resize(squares);
        for (Square l = 0; l <= size_; ++l) {
            rest_[static_cast<std::size_t>(l)] = board_->resolve(l);
        }
        status_.assign(squares, finite);
        leave_inverse_.assign(squares, 0.0);
        std::vector<unsigned char> falls_to(squares, 0);
        // One top-down pass settles almost every square: a square with a forward move to a
        // square that reaches home reaches home too. Only squares whose every way forward is
        // blocked need the full search below.
        std::vector<unsigned char> reaches(squares, 0);
        reaches[squares - 1] = 1;
        bool undecided = false;
        for (Square s = size_ - 1; s >= 0; --s) {
            if (!standing(s)) {
                status_[static_cast<std::size_t>(s)] = not_standing;
                continue;
            }
            double leave = 0.0;
            bool forward = false;
            for_each_move(s, [&](Square t, double p) {
                if (t != s) {
                    leave += p;
                    if (t > s) {
                        forward = forward || reaches[static_cast<std::size_t>(t)] != 0;
                    } else {
                        falls_to[static_cast<std::size_t>(t)] = 1;
                    }
                }
            });
            leave_inverse_[static_cast<std::size_t>(s)] = leave > 0.0 ? 1.0 / leave : 0.0;
            reaches[static_cast<std::size_t>(s)] = forward ? 1 : 0;
            undecided = undecided || !forward;
        }
        if (undecided) {
            find_infinite(reaches);
        }
        if (has_infinite_) {
            // Moves of infinite squares do not count: recount from the finite ones only. An
            // infinite square takes no part in a sweep (its factor is 0).
            std::fill(falls_to.begin(), falls_to.end(), 0);
            for (Square s = 0; s < size_; ++s) {
                if (status(s) == finite) {
                    for_each_move(s, [&](Square t, double) {
                        if (t < s) {
                            falls_to[static_cast<std::size_t>(t)] = 1;
                        }
                    });
                } else {
                    leave_inverse_[static_cast<std::size_t>(s)] = 0.0;
                }
            }
        }
        double total = 0.0;
        for (const RollOdds& o : odds_) {
            total += o.probability;
        }
        common_inverse_ = 1.0 / total;
        // Squares a short snake (head at most 6 squares up) leads down to, top down.
        for (const Jump& jump : board_->jumps()) {
            const Square end = rest_[static_cast<std::size_t>(jump.start)];
            if (end < jump.start && jump.start - end <= 6) {
                short_falls_.push_back(end);
            }
        }
        // Squares that cannot finish surely take the exact path too, which gives them 0: values
        // nobody reads must still never grow into an infinity that a zero probability would
        // turn into a NaN.
        if (has_infinite_) {
            for (Square s = 0; s < size_; ++s) {
                if (status(s) == infinite || status(s) == dead) {
                    short_falls_.push_back(s);
                }
            }
        }
        std::sort(short_falls_.begin(), short_falls_.end(), std::greater<>());
        short_falls_.erase(std::unique(short_falls_.begin(), short_falls_.end()),
                           short_falls_.end());
        for (Square s = 0; s < size_; ++s) {
            if (status(s) == finite) {
                ++finite_squares_;
                if (falls_to[static_cast<std::size_t>(s)] != 0) {
                    fall_targets_.push_back(s);
                }
            }
        }
    }

    // The exact search: backward from home over all moves finds the squares that can reach it;
    // the rest are dead; backward from the dead squares finds those that can fall into them.
    void find_infinite(std::vector<unsigned char>& reaches) {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        std::vector<std::uint32_t> first(squares + 1, 0);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing) {
                for_each_move(s, [&](Square t, double) {
                    if (t != s) {
                        ++first[static_cast<std::size_t>(t) + 1];
                    }
                });
            }
        }
        for (std::size_t i = 1; i <= squares; ++i) {
            first[i] += first[i - 1];
        }
        std::vector<Square> from(first[squares]);
        std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing) {
                for_each_move(s, [&](Square t, double) {
                    if (t != s) {
                        from[fill[static_cast<std::size_t>(t)]++] = s;
                    }
                });
            }
        }
        const auto search_back = [&](std::vector<Square> frontier,
                                     std::vector<unsigned char>& seen) {
            while (!frontier.empty()) {
                const auto t = static_cast<std::size_t>(frontier.back());
                frontier.pop_back();
                for (std::uint32_t e = first[t]; e < first[t + 1]; ++e) {
                    const auto s = static_cast<std::size_t>(from[e]);
                    if (seen[s] == 0) {
                        seen[s] = 1;
                        frontier.push_back(from[e]);
                    }
                }
            }
        };
        std::fill(reaches.begin(), reaches.end(), 0);
        reaches[squares - 1] = 1;
        search_back({size_}, reaches);
        std::vector<unsigned char> doomed(squares, 0);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing && reaches[static_cast<std::size_t>(s)] == 0) {
                dead_.push_back(s);
                doomed[static_cast<std::size_t>(s)] = 1;
            }
        }
        if (dead_.empty()) {
            return;
        }
        has_infinite_ = true;
        search_back(dead_, doomed);
        for (Square s = 0; s < size_; ++s) {
            if (status(s) != not_standing && doomed[static_cast<std::size_t>(s)]) {
                status_[static_cast<std::size_t>(s)] =
                    reaches[static_cast<std::size_t>(s)] != 0 ? infinite : dead;
            }
        }
    }

    const BasicBoard<Config>* board_;
    Square size_;
    std::vector<RollOdds> odds_;
    std::int64_t max_roll_ = 0;
    std::vector<Square> rest_; // a copy of Board::resolve, read without indirection
    std::vector<unsigned char> status_;
    std::vector<double> leave_inverse_; // 1 / P(leave s) on finite standing squares, else 0
    std::size_t finite_squares_ = 0;
    double common_inverse_ = 1.0;     // 1 / sum(p): P(leave s) for a square without a self-loop
    std::vector<Square> short_falls_; // see window_sweep, top down
    std::vector<Square> fall_targets_;
    std::vector<Square> dead_;
    bool has_infinite_ = false;
};

/// Dense LU with partial pivoting of a small square matrix (row-major).
class DenseLu {
public:
    DenseLu() = default;
    DenseLu(std::vector<double> matrix, std::size_t n) : a_(std::move(matrix)), n_(n), pivot_(n) {
        for (std::size_t k = 0; k < n_; ++k) {
            std::size_t best = k;
            for (std::size_t i = k + 1; i < n_; ++i) {
                if (std::abs(at(i, k)) > std::abs(at(best, k))) {
                    best = i;
                }
            }
            pivot_[k] = best;
            if (best != k) {
                for (std::size_t j = 0; j < n_; ++j) {
                    std::swap(at(k, j), at(best, j));
                }
            }
            const double diagonal = at(k, k);
            if (diagonal == 0.0) {
                // (I - H) is a nonsingular M-matrix for a chain without traps: only a
                // numerically hopeless system lands here.
                throw Error("expected_turns: the Schur complement is singular to working "
                            "precision; the board's chain is too close to never ending");
            }
            for (std::size_t i = k + 1; i < n_; ++i) {
                const double factor = at(i, k) / diagonal;
                at(i, k) = factor;
                if (factor != 0.0) {
                    for (std::size_t j = k + 1; j < n_; ++j) {
                        at(i, j) -= factor * at(k, j);
                    }
                }
            }
        }
    }

    void solve(std::vector<double>& b) const {
        for (std::size_t k = 0; k < n_; ++k) {
            std::swap(b[k], b[pivot_[k]]);
        }
        for (std::size_t i = 0; i < n_; ++i) {
            double sum = b[i];
            for (std::size_t j = 0; j < i; ++j) {
                sum -= at(i, j) * b[j];
            }
            b[i] = sum;
        }
        for (std::size_t i = n_; i-- > 0;) {
            double sum = b[i];
            for (std::size_t j = i + 1; j < n_; ++j) {
                sum -= at(i, j) * b[j];
            }
            b[i] = sum / at(i, i);
        }
    }

private:
    [[nodiscard]] double& at(std::size_t i, std::size_t j) { return a_[i * n_ + j]; }
    [[nodiscard]] double at(std::size_t i, std::size_t j) const { return a_[i * n_ + j]; }
    std::vector<double> a_;
    std::size_t n_ = 0;
    std::vector<std::size_t> pivot_;
};

/// The largest Schur complement the direct method factors (a dense matrix of this order).
inline constexpr std::size_t max_direct_unknowns = 2048;

/// Solves (I - Q) v = rhs over the finite squares of a TokenChain, for one or more right-hand
/// sides; see the top of this file for the method.
template <typename Config>
class ExpectationSolver {
public:
    /// The backward error an answer must reach before it is returned (the rounding floor is a
    /// few times 1e-16).
    static constexpr double target_backward_error = 1e-14;
    /// GMRES stops an inner cycle at this residual, relative to the Schur right-hand side.
    static constexpr double gmres_tolerance = 1e-12;
    /// Below this Schur residual (relative), each restart first checks the whole system.
    static constexpr double verify_below = 1e-10;
    /// Krylov vectors kept before a restart.
    static constexpr std::size_t gmres_restart = 60;
    /// Sweeps GMRES may spend before giving up.
    static constexpr std::size_t gmres_max_sweeps = 2'000;
    /// Restart cycles in a row that may each fail to halve the residual before GMRES gives up.
    static constexpr int max_stalled_cycles = 3;
    /// Refinement steps the direct solve may take to reach target_backward_error.
    static constexpr int max_refinements = 3;
    /// When GMRES stalls, the direct solve is tried if forming H costs at most this many
    /// square visits (sweeps x squares).
    static constexpr double fallback_work = 5.0e7;

    ExpectationSolver(const TokenChain<Config>& chain, SolveMethod method) : chain_(&chain) {
        const std::size_t unknowns = chain.fall_targets().size();
        report_.schur_unknowns = unknowns;
        if (method == SolveMethod::automatic) {
            // Direct when forming H (one sweep per unknown) costs about as much as the few
            // dozen sweeps GMRES would take anyway.
            const double direct_work =
                static_cast<double>(unknowns + 2) * static_cast<double>(chain.finite_squares());
            method = (unknowns <= 32 || direct_work <= 1.0e6) && unknowns <= 512
                         ? SolveMethod::direct
                         : SolveMethod::gmres;
        }
        if (method == SolveMethod::direct && unknowns > max_direct_unknowns) {
            throw_analysis_config(fmt::format(
                "the direct solve factors a dense matrix of one row per square a token can fall "
                "back to; this board has {}, more than the {} allowed: use SolveMethod::gmres "
                "or automatic",
                unknowns, max_direct_unknowns));
        }
        report_.method = method;
        y_.assign(static_cast<std::size_t>(chain.size()) + 1, 0.0);
        if (method == SolveMethod::direct && unknowns > 0) {
            factor();
        }
    }

    /// v with v[s] solving the system on finite squares, +infinity on the others; v[size] = 0.
    /// Non-standing squares are left at 0 (the caller fills them).
    template <typename Rhs>
    std::vector<double> solve(Rhs&& rhs) {
        std::vector<double> v;
        if (report_.method == SolveMethod::gmres) {
            v = gmres(rhs);
            if (report_.backward_error > target_backward_error &&
                report_.schur_unknowns <= max_direct_unknowns &&
                static_cast<double>(report_.schur_unknowns + 2) *
                        static_cast<double>(chain_->finite_squares()) <=
                    fallback_work) {
                // GMRES stalled; a system this size can still be factored.
                report_.method = SolveMethod::direct;
                factor();
            }
            // Otherwise the stalled answer stands with its error bound, which callers check
            // (require_accuracy): a few digits short of the target are still digits.
        }
        if (report_.method == SolveMethod::direct) {
            v = direct(rhs);
        }
        if (chain_->has_infinite()) {
            for (Square s = 0; s < chain_->size(); ++s) {
                const auto st = chain_->status(s);
                if (st == TokenChain<Config>::infinite || st == TokenChain<Config>::dead) {
                    v[static_cast<std::size_t>(s)] = std::numeric_limits<double>::infinity();
                }
            }
        }
        return v;
    }

    [[nodiscard]] const SolveReport& report() const noexcept { return report_; }

private:
    // The whole board swept once with x on the fall targets (see TokenChain::sweep).
    template <typename Rhs>
    std::vector<double>& sweep_with(const std::vector<double>& x, Rhs&& rhs) {
        const std::span<const Square> targets = chain_->fall_targets();
        for (std::size_t i = 0; i < targets.size(); ++i) {
            y_[static_cast<std::size_t>(targets[i])] = x[i];
        }
        chain_->sweep(y_, rhs);
        ++report_.sweeps;
        return y_;
    }

    // The fixed-point residual on the fall targets, sweep(x) - x = b - (I - H) x, read from a
    // whole sweep with the right-hand side. Computing it this way, rather than as b + Hx from
    // separately swept pieces, keeps it consistent with the answer the last sweep gives: on a
    // long board each sweep's rounding adds up along the track, and the pieces would disagree
    // with one another by more than the residual being sought.
    [[nodiscard]] std::vector<double> fixed_point_residual(const std::vector<double>& swept,
                                                           const std::vector<double>& x) const {
        const std::span<const Square> targets = chain_->fall_targets();
        std::vector<double> r(targets.size());
        for (std::size_t i = 0; i < targets.size(); ++i) {
            r[i] = swept[static_cast<std::size_t>(targets[i])] - x[i];
        }
        return r;
    }

    // One sweep with x on the fall targets and no right-hand side: H x on the fall targets.
    std::vector<double> apply_h(const std::vector<double>& x) {
        const std::vector<double>& swept = sweep_with(x, [](Square) { return 0.0; });
        const std::span<const Square> targets = chain_->fall_targets();
        std::vector<double> out(targets.size());
        for (std::size_t i = 0; i < targets.size(); ++i) {
            out[i] = swept[static_cast<std::size_t>(targets[i])];
        }
        return out;
    }

    // The direct solve: LU of (I - H), then iterative refinement on the fixed-point residual
    // until the whole system's backward error reaches the target.
    template <typename Rhs>
    std::vector<double> direct(Rhs& rhs) {
        std::vector<double> x(chain_->fall_targets().size(), 0.0);
        std::vector<double> v = sweep_with(x, rhs);
        for (int step = 0; !x.empty(); ++step) {
            std::vector<double> correction = fixed_point_residual(v, x);
            if (step > 0) {
                measure(v, rhs);
                if (report_.backward_error <= target_backward_error || step > max_refinements) {
                    break;
                }
            }
            lu_.solve(correction);
            for (std::size_t i = 0; i < x.size(); ++i) {
                x[i] += correction[i];
            }
            v = sweep_with(x, rhs);
        }
        if (x.empty()) {
            measure(v, rhs);
        }
        return v;
    }

    // (I - H), column by column: column j is e_j minus one sweep with a unit value on target j.
    // Columns are swept in blocks that fit in 8 MiB, many per pass.
    void factor() {
        const std::span<const Square> targets = chain_->fall_targets();
        const std::size_t n = targets.size();
        std::vector<double> matrix(n * n, 0.0);
        const auto squares = static_cast<std::size_t>(chain_->size()) + 1;
        const std::size_t width = std::clamp<std::size_t>((std::size_t{1} << 20) / squares, 1, n);
        if (width == 1) {
            std::vector<double> unit(n, 0.0);
            for (std::size_t j = 0; j < n; ++j) {
                unit[j] = 1.0;
                const std::vector<double> column = apply_h(unit);
                unit[j] = 0.0;
                for (std::size_t i = 0; i < n; ++i) {
                    matrix[i * n + j] = (i == j ? 1.0 : 0.0) - column[i];
                }
            }
        } else {
            std::vector<double> block(squares * width, 0.0);
            for (std::size_t first = 0; first < n; first += width) {
                const std::size_t columns = std::min(width, n - first);
                for (std::size_t i = 0; i < n; ++i) {
                    for (std::size_t j = 0; j < width; ++j) {
                        block[static_cast<std::size_t>(targets[i]) * width + j] =
                            (j < columns && i == first + j) ? 1.0 : 0.0;
                    }
                }
                chain_->block_sweep(block, width);
                ++report_.sweeps;
                for (std::size_t i = 0; i < n; ++i) {
                    for (std::size_t j = 0; j < columns; ++j) {
                        matrix[i * n + first + j] =
                            (i == first + j ? 1.0 : 0.0) -
                            block[static_cast<std::size_t>(targets[i]) * width + j];
                    }
                }
            }
        }
        lu_ = DenseLu(std::move(matrix), n);
    }

    static double dot(const std::vector<double>& a, const std::vector<double>& b) {
        double sum = 0.0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    // Restarted GMRES (modified Gram-Schmidt, Givens rotations) on (I - H) x = b, one sweep per
    // product. Every restart takes the fixed-point residual of a whole sweep with the
    // right-hand side (iterative refinement); near the rounding floor of the Schur system the
    // whole system's backward error decides. When GMRES stalls, the last answer is returned,
    // measured: its backward error then misses the target.
    template <typename Rhs>
    std::vector<double> gmres(Rhs& rhs) {
        const std::size_t n = chain_->fall_targets().size();
        std::vector<double> x(n, 0.0); // from 0: the first residual is b itself
        std::vector<double> v = sweep_with(x, rhs);
        std::vector<double> r = fixed_point_residual(v, x);
        const double b_norm = std::sqrt(dot(r, r));
        if (n == 0 || b_norm == 0.0) {
            measure(v, rhs);
            return v;
        }
        const auto apply = [&](const std::vector<double>& u) {
            std::vector<double> w = apply_h(u);
            for (std::size_t i = 0; i < n; ++i) {
                w[i] = u[i] - w[i];
            }
            return w;
        };
        const std::size_t m = std::min(gmres_restart, n);
        std::vector<std::vector<double>> basis(m + 1);
        std::vector<double> h((m + 1) * m, 0.0);
        std::vector<double> cs(m, 0.0);
        std::vector<double> sn(m, 0.0);
        std::vector<double> g(m + 1, 0.0);
        const auto H = [&](std::size_t i, std::size_t j) -> double& { return h[i * m + j]; };
        double previous = b_norm;
        int stalls = 0;
        for (bool first = true;; first = false) {
            const double beta = std::sqrt(dot(r, r));
            if (beta <= verify_below * b_norm) {
                // Near the rounding floor of the Schur system: let the whole system decide.
                measure(v, rhs);
                if (report_.backward_error <= target_backward_error) {
                    return v;
                }
            }
            // A restart cycle that does not even halve the residual is stalling; three in a row
            // mean the system is (numerically) singular, and more cycles will not help.
            stalls = !first && beta > 0.5 * previous ? stalls + 1 : 0;
            previous = beta;
            if (stalls >= max_stalled_cycles || report_.sweeps > gmres_max_sweeps) {
                measure(v, rhs);
                return v;
            }
            std::fill(g.begin(), g.end(), 0.0);
            g[0] = beta;
            for (double& value : r) {
                value /= beta;
            }
            basis[0] = std::move(r);
            std::size_t steps = 0;
            for (std::size_t j = 0; j < m; ++j) {
                std::vector<double> w = apply(basis[j]);
                for (std::size_t i = 0; i <= j; ++i) {
                    const double c = dot(w, basis[i]);
                    H(i, j) = c;
                    for (std::size_t k = 0; k < n; ++k) {
                        w[k] -= c * basis[i][k];
                    }
                }
                const double w_norm = std::sqrt(dot(w, w));
                for (std::size_t i = 0; i < j; ++i) {
                    const double a = H(i, j);
                    const double c = H(i + 1, j);
                    H(i, j) = cs[i] * a + sn[i] * c;
                    H(i + 1, j) = -sn[i] * a + cs[i] * c;
                }
                const double rho = std::hypot(H(j, j), w_norm);
                cs[j] = H(j, j) / rho;
                sn[j] = w_norm / rho;
                H(j, j) = rho;
                g[j + 1] = -sn[j] * g[j];
                g[j] = cs[j] * g[j];
                steps = j + 1;
                if (w_norm == 0.0 || std::abs(g[j + 1]) <= gmres_tolerance * b_norm) {
                    break;
                }
                for (double& value : w) {
                    value /= w_norm;
                }
                basis[j + 1] = std::move(w);
            }
            // x += V y, with H y = g solved by back substitution.
            std::vector<double> coefficients(steps, 0.0);
            for (std::size_t i = steps; i-- > 0;) {
                double sum = g[i];
                for (std::size_t k = i + 1; k < steps; ++k) {
                    sum -= H(i, k) * coefficients[k];
                }
                coefficients[i] = sum / H(i, i);
            }
            for (std::size_t i = 0; i < steps; ++i) {
                for (std::size_t k = 0; k < n; ++k) {
                    x[k] += coefficients[i] * basis[i][k];
                }
            }
            v = sweep_with(x, rhs);
            r = fixed_point_residual(v, x);
        }
    }

    // The residual of v over the whole system, computed from scratch: the error bound and the
    // normwise backward error of the report.
    template <typename Rhs>
    void measure(const std::vector<double>& v, Rhs& rhs) {
        double scale = 0.0;
        double rhs_scale = 0.0;
        chain_->for_each_finite([&](Square s) {
            scale = std::max(scale, std::abs(v[static_cast<std::size_t>(s)]));
            rhs_scale = std::max(rhs_scale, std::abs(rhs(s)));
        });
        const double denominator = 2.0 * scale + rhs_scale;
        report_.error_bound = chain_->residual(v, rhs);
        report_.backward_error = denominator > 0.0 ? report_.error_bound / denominator : 0.0;
    }

    const TokenChain<Config>* chain_;
    SolveReport report_;
    DenseLu lu_;
    std::vector<double> y_;
};

// A jump's start that no token stands on is worth what landing on it is worth.
template <typename Config>
void fill_landing_values(const TokenChain<Config>& chain, std::vector<double>& values) {
    for (Square s = 0; s < chain.size(); ++s) {
        if (chain.status(s) == TokenChain<Config>::not_standing) {
            values[static_cast<std::size_t>(s)] =
                values[static_cast<std::size_t>(chain.board().resolve(s))];
        }
    }
}

/// Answers whose residual bounds their relative error only above this are refused.
inline constexpr double required_accuracy = 1e-4;

// Refuses an answer the residual cannot vouch for: on a board where a game almost never ends
// the expected length is astronomically large and (I - Q) is singular to double precision.
inline void require_accuracy(const SolveReport& report, const std::vector<double>& values) {
    if (!(report.error_bound <= required_accuracy)) {
        double largest = 0.0;
        for (const double v : values) {
            largest = std::isfinite(v) ? std::max(largest, std::abs(v)) : largest;
        }
        throw Error(fmt::format(
            "expected_turns: the answer cannot be trusted (its residual bounds the relative "
            "error only by {:.2g}, above {:.0e}; the largest value found is {:.3g} turns). That "
            "happens when a game on this board almost never ends: its expected length is then "
            "too large to compute in double precision",
            report.error_bound, required_accuracy, largest));
    }
}

template <typename Config>
ExpectedTurns expected_turns_from_odds(const BasicBoard<Config>& board, std::vector<RollOdds> odds,
                                       SolveMethod method) {
    const TokenChain<Config> chain(board, std::move(odds));
    ExpectationSolver<Config> solver(chain, method);
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

} // namespace detail

/// The expected number of turns one player needs to get home on `board` with `dice`, from the
/// start and from every square; see ExpectedTurns for what each square holds. Works for every
/// overshoot and chain rule and any dice whose odds are known. A board on which a trap can be
/// reached gives +infinity (and names the traps); it is not an error. `method` chooses the
/// solver (the default picks the direct one for boards with few snakes). `solve.error_bound`
/// bounds the relative error of every square.
///
/// Throws InvalidConfig when the dice's face probabilities are not a distribution, and Error
/// when the answer cannot be vouched for to 4 digits (a board on which a game almost never
/// ends, whose expected length is beyond double precision).
template <typename Config, DiceWithOdds D>
[[nodiscard]] ExpectedTurns expected_turns(const BasicBoard<Config>& board, const D& dice,
                                           SolveMethod method = SolveMethod::automatic) {
    return detail::expected_turns_from_odds(
        board, detail::board_roll_odds(dice.face_probabilities(), board.size()), method);
}

namespace detail {
struct LengthDistributionAccess {
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
        Square low = 0;
        Square high = 0;
        const std::span<const Square> dead = chain.dead_squares();
        for (std::int64_t t = 1; t <= options.max_turns && live > options.tail_epsilon; ++t) {
            Square new_low = n;
            Square new_high = 0;
            for (Square s = low; s <= high; ++s) {
                const double mass = now[static_cast<std::size_t>(s)];
                if (mass == 0.0) {
                    continue;
                }
                now[static_cast<std::size_t>(s)] = 0.0;
                chain.for_each_move(s, [&](Square target, double p) {
                    next[static_cast<std::size_t>(target)] += mass * p;
                    new_low = std::min(new_low, target);
                    new_high = std::max(new_high, target);
                });
            }
            const double finished = next[static_cast<std::size_t>(n)];
            next[static_cast<std::size_t>(n)] = 0.0;
            for (const Square d : dead) {
                stuck += next[static_cast<std::size_t>(d)];
                next[static_cast<std::size_t>(d)] = 0.0;
            }
            live = 0.0;
            for (Square s = new_low; s <= new_high && s < n; ++s) {
                live += next[static_cast<std::size_t>(s)];
            }
            result.exactly_.push_back(finished);
            result.within_.push_back(result.within_.back() + finished);
            result.longer_.push_back(live + stuck);
            std::swap(now, next);
            low = new_low;
            high = std::min<Square>(new_high, n - 1);
        }
        result.stuck_ = stuck;

        if (result.finishes_surely_) {
            // A board whose moments cannot be computed still has a distribution: the error is
            // kept, and mean() and variance() throw it.
            try {
                ExpectationSolver<Config> solver(chain, SolveMethod::automatic);
                const std::vector<double> mean = solver.solve([](Square) { return 1.0; });
                require_accuracy(solver.report(), mean);
                // Var T_s = sum_r p_r Var T_next + sum_r p_r (1 + E_next - E_s)^2: the same
                // system with a right-hand side that has no cancellation in it (and 0 on squares
                // that cannot finish, whose values nobody reads).
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
                result.mean_ = mean[0];
                result.variance_ = variance[0];
            } catch (const Error& error) {
                result.moments_error_ = error.what();
            }
        } else {
            result.mean_ = std::numeric_limits<double>::infinity();
            result.variance_ = std::numeric_limits<double>::infinity();
        }
        return result;
    }
};
} // namespace detail

/// The distribution of the length of a one-player game, tabulated from turn 0 until the
/// chance that the game is still running (and can still end) is at most
/// `options.tail_epsilon`, or until `options.max_turns`.
template <typename Config, DiceWithOdds D>
[[nodiscard]] LengthDistribution length_distribution(const BasicBoard<Config>& board, const D& dice,
                                                     const DistributionOptions& options = {}) {
    if (options.max_turns < 1) {
        detail::throw_analysis_config(fmt::format(
            "DistributionOptions::max_turns must be at least 1, got {}", options.max_turns));
    }
    if (!(options.tail_epsilon >= 0.0 && options.tail_epsilon < 1.0)) {
        detail::throw_analysis_config(fmt::format(
            "DistributionOptions::tail_epsilon must be in [0, 1), got {}", options.tail_epsilon));
    }
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

namespace detail {

// "{1..6}", "{2, 4}", "{1..3, 5}".
inline std::string describe_rolls(std::vector<std::int64_t> rolls) {
    std::sort(rolls.begin(), rolls.end());
    rolls.erase(std::unique(rolls.begin(), rolls.end()), rolls.end());
    std::string out = "{";
    for (std::size_t i = 0; i < rolls.size();) {
        std::size_t j = i;
        while (j + 1 < rolls.size() && rolls[j + 1] == rolls[j] + 1) {
            ++j;
        }
        out += (i == 0 ? "" : ", ");
        if (j >= i + 2) {
            out += fmt::format("{}..{}", rolls[i], rolls[j]);
        } else {
            out += std::to_string(rolls[i]);
            if (j == i + 1) {
                out += ", " + std::to_string(rolls[j]);
            }
        }
        i = j + 1;
    }
    return out + "}";
}

// The rolls of `dice` that matter on `board`: those it can make, rolls past 2 * size folded to
// 2 * size (they all move a token the same way).
template <typename Config, Dice D>
std::vector<std::int64_t> board_rolls(const BasicBoard<Config>& board, const D& dice) {
    if constexpr (DiceWithOdds<D>) {
        return rolls_of(board_roll_odds(dice.face_probabilities(), board.size()));
    } else {
        const std::int64_t cap = 2 * std::int64_t{board.size()};
        const std::int64_t low = std::max<std::int64_t>(1, dice.min_roll());
        const std::int64_t high = dice.max_roll();
        std::vector<std::int64_t> rolls;
        for (std::int64_t r = low; r <= std::min(high, cap); ++r) {
            rolls.push_back(r);
        }
        if (high > cap && (rolls.empty() || rolls.back() != cap)) {
            rolls.push_back(cap);
        }
        return rolls;
    }
}

} // namespace detail

/// The traps of `board` for the given rolls, in a sentence a board designer can act on, e.g.
/// "square 7 is a trap: a token can reach it from the start, but from it home can never be
/// reached with rolls {2, 4}". For a sound board the sentence says there is none.
template <typename Config>
[[nodiscard]] std::string describe_traps(const BasicBoard<Config>& board,
                                         std::span<const std::int64_t> rolls) {
    std::vector<std::int64_t> usable;
    for (const std::int64_t r : rolls) {
        if (r >= 1) {
            usable.push_back(r);
        }
    }
    const std::string roll_words = usable.empty() ? std::string("no roll of at least 1")
                                                  : "rolls " + detail::describe_rolls(usable);
    const std::vector<Square> traps = board.traps(usable);
    if (traps.empty()) {
        return "no square is a trap: home can be reached from every square a token can reach "
               "with " +
               roll_words;
    }
    if (traps.front() == 0) {
        return "home can never be reached from the start with " + roll_words +
               ": a game on this board never ends";
    }
    constexpr std::size_t named = 8;
    std::string list;
    for (std::size_t i = 0; i < traps.size() && i < named; ++i) {
        const bool last = i + 1 == std::min(traps.size(), named);
        list += (i == 0 ? "" : (last && traps.size() <= named ? " and " : ", ")) +
                std::to_string(traps[i]);
    }
    if (traps.size() > named) {
        list += fmt::format(" and {} more", traps.size() - named);
    }
    if (traps.size() == 1) {
        return "square " + list +
               " is a trap: a token can reach it from the start, but from it "
               "home can never be reached with " +
               roll_words;
    }
    return "squares " + list +
           " are traps: a token can reach them from the start, but from "
           "them home can never be reached with " +
           roll_words;
}

/// describe_traps for the rolls `dice` can make.
template <typename Config, Dice D>
[[nodiscard]] std::string describe_traps(const BasicBoard<Config>& board, const D& dice) {
    const std::vector<std::int64_t> rolls = detail::board_rolls(board, dice);
    return describe_traps(board, std::span<const std::int64_t>(rolls));
}

} // namespace snakeladder
