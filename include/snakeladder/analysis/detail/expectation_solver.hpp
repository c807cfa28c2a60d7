// The solver of the exact analysis: (I - Q) v = rhs over the squares of a TokenChain, where Q
// holds the probabilities of moving between squares that are not home (rhs = 1 gives the
// expected length of a game from every square).
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
//   GMRES stalls where the coupling does not decay: boards of thousands of short snakes, on
//   which a game slides down thousands of times (local_100k.txt: 2,454 snake ends, 33,863 turns
//   a game). There the snakes are short, and so is the fill of a sparse LU of the whole system
//   in descending order of the squares (sparse_elimination.hpp): about one entry a row, the
//   snake ends crossing it. The automatic choice takes it whenever its estimated work is within
//   10 sweeps (elimination_sweeps), and a stalled GMRES falls back to it (or to the direct
//   solve) when that is affordable.
//   Where neither is (many snakes, and long: their fill is too much for the elimination), the
//   slow modes are smooth along the track, and GMRES goes on from where it stopped with them
//   deflated: a Galerkin problem on stretches of consecutive fall targets takes them out
//   exactly, and GMRES works on what is left (build_coarse_space). A GMRES that has not
//   converged in four restart cycles is handed on the same way.
//   A board on which a game almost never ends (thousands of snakes, no ladders) has an expected
//   length beyond double precision, and (I - Q) is singular to working precision: an answer
//   whose error bound is above 1e-4 is refused with an Error rather than returned, saying
//   whether the system was that ill-conditioned or the solver did not converge.
#pragma once

#include "../../base/errors.hpp"
#include "../solve_report.hpp"
#include "solve_ticker.hpp"
#include "sparse_elimination.hpp"
#include "token_chain.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder::detail {

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

/// How many right-hand sides a caller of ExpectationSolver solves for. With `one` the
/// elimination keeps no L (the right-hand side is carried through it: 20 to 40% less time on
/// boards of short snakes); a second solve, or a refinement step, then factors again.
enum class RightHandSides : std::uint8_t { one, several };

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
    /// Sweeps GMRES may spend before a factorization or the deflated GMRES of the last resort
    /// takes over (four restart cycles): a board GMRES has not solved by then is one whose
    /// slow modes those converge on faster (1,000,000 squares, 5% of them jumps of up to 10,000
    /// squares: 916 sweeps plain, 345 in all with the deflation).
    static constexpr std::size_t gmres_max_sweeps = 240;
    /// Restart cycles in a row that may each fail to halve the residual before GMRES gives up.
    static constexpr int max_stalled_cycles = 3;
    /// As the last resort (see solve), a restart cycle stalls only when it takes less than 1%
    /// off the residual: on boards of many long snakes GMRES(60) can take dozens of cycles of
    /// 5-15% each before it converges fast.
    static constexpr double patient_stall_ratio = 0.99;
    /// Sweeps GMRES may spend as the last resort.
    static constexpr std::size_t patient_max_sweeps = 20'000;
    /// Stretches of the track in the coarse space of the last resort: about half the square
    /// root of the fall targets, within these bounds. Each takes a sweep to build and a vector
    /// of the fall targets to keep (at most 256 x 8 bytes a fall target). Measured: 1,000,000
    /// squares with 5% of them jumps of up to 3,000 squares (22,432 fall targets) take 507, 339,
    /// 364 and 471 sweeps in all with 16, 64, 128 and 256 stretches; 10,000,000 such squares
    /// (224,805 fall targets) take 1,241 with 64 and 689 with 256.
    static constexpr std::size_t min_coarse_groups = 16;
    static constexpr std::size_t max_coarse_groups = 256;
    /// The most memory the coarse space may keep ((I - H) z_g for every stretch): 512 MiB. On a
    /// board of so many fall targets that not even min_coarse_groups stretches fit, GMRES goes
    /// on undeflated.
    static constexpr std::size_t max_coarse_bytes = std::size_t{1} << 29;
    /// Refinement steps the direct solve may take to reach target_backward_error.
    static constexpr int max_refinements = 3;
    /// When GMRES stalls, the direct solve is tried if forming H costs at most this many
    /// square visits (sweeps x squares).
    static constexpr double fallback_work = 5.0e7;
    /// The automatic choice eliminates when the elimination's estimated work is at most this
    /// many sweeps' worth (a sweep: every finite square times its rolls). An operation of the
    /// elimination (substituting a row stored elsewhere) costs 10 to 25 times a sweep's move,
    /// so this is about what GMRES takes on a board it suits. Measured: 1,000,000 squares, 5%
    /// of them jumps of 1 to 100 squares, 2.4 sweeps' worth (GMRES stalls there); of 1 to
    /// 3,000 squares, 30 (the elimination takes 3.4 s, GMRES 1.7 s).
    static constexpr double elimination_sweeps = 10.0;
    /// A stalled GMRES falls back to the elimination when its estimated work is at most this
    /// many sweeps' worth, and otherwise goes on deflated (the board of jumps of up to 3,000
    /// squares above: 184 sweeps and 3.3 s with the elimination after them, 344 sweeps and
    /// 1.7 s deflated; 30,000 squares, a third of them jumps of up to 100 squares: 5.6).
    static constexpr double fallback_elimination_sweeps = 20.0;
    /// The most operations the elimination may take: when asked for by name, when GMRES has
    /// stalled, or (from an estimate) chosen automatically, when it is stopped at 8 times the
    /// estimate and GMRES takes over. About 10 seconds; its factors take at most ~12 bytes an
    /// operation.
    static constexpr double max_elimination_work = 2.0e9;

    /// `factor_fallbacks` false: a stalled GMRES goes on as the last resort at once, as if no
    /// factorization were affordable (for the tests of that path, on boards small enough).
    /// `ticker` reports the progress (SolveOptions::progress), from this constructor on: the
    /// elimination asked for by name factors here, the one chosen automatically in the first
    /// solve, which carries its right-hand side through it.
    ExpectationSolver(const TokenChain<Config>& chain, SolveMethod method,
                      bool factor_fallbacks = true, SolveTicker ticker = {},
                      RightHandSides right_hand_sides = RightHandSides::several)
        : chain_(&chain), factor_fallbacks_(factor_fallbacks), ticker_(std::move(ticker)),
          keep_lower_(right_hand_sides == RightHandSides::several) {
        const std::size_t unknowns = chain.fall_targets().size();
        report_.schur_unknowns = unknowns;
        if (method == SolveMethod::automatic) {
            // Direct when forming H (one sweep per unknown) costs about as much as the few
            // dozen sweeps GMRES would take anyway; then elimination when the snakes are short
            // enough for it to cost no more than GMRES would.
            const double direct_work =
                static_cast<double>(unknowns + 2) * static_cast<double>(chain.finite_squares());
            method = (unknowns <= 32 || direct_work <= 1.0e6) && unknowns <= 512
                         ? SolveMethod::direct
                         : SolveMethod::gmres;
            if (method == SolveMethod::gmres) {
                const double estimate = elimination_.estimate(
                    chain, [this](std::size_t rolls) { ticker_.add_work(rolls, before_solving); });
                if (estimate <= elimination_sweeps * sweep_work()) {
                    // Factored by the first solve (see solve), stopped at 8 times the estimate.
                    method = SolveMethod::elimination;
                    elimination_pending_ = true;
                    elimination_budget_ = std::min(8.0 * estimate, max_elimination_work);
                }
            }
        } else if (method == SolveMethod::elimination &&
                   !elimination_.factor(chain, max_elimination_work, elimination_ticks())) {
            // The elimination stopped on reaching its budget: that is the count.
            throw AnalysisLimitExceeded(
                max_elimination_work, max_elimination_work, "use SolveMethod::gmres or automatic",
                fmt::format("the elimination solve would take more than {:.0e} operations or {} "
                            "stored entries on this board, whose snakes are long: use "
                            "SolveMethod::gmres or automatic",
                            max_elimination_work, SparseElimination<Config>::max_entries));
        }
        if (method == SolveMethod::direct && unknowns > max_direct_unknowns) {
            throw AnalysisLimitExceeded(
                static_cast<double>(unknowns), static_cast<double>(max_direct_unknowns),
                "use SolveMethod::gmres or automatic",
                fmt::format("the direct solve factors a dense matrix of one row per square a "
                            "token can fall back to; this board has {}, more than the {} "
                            "allowed: use SolveMethod::gmres or automatic",
                            unknowns, max_direct_unknowns));
        }
        report_.method = method;
        if (method == SolveMethod::direct && unknowns > 0) {
            factor();
        }
    }

    /// v with v[s] solving the system on finite squares, +infinity on the others; v[size] = 0.
    /// Non-standing squares are left at 0 (the caller fills them).
    template <typename Rhs>
    std::vector<double> solve(Rhs&& rhs) {
        std::vector<double> v;
        if (elimination_pending_) {
            // The elimination chosen by its estimate factors now, solving for rhs on the way;
            // one whose fill goes past its budget leaves the board to GMRES after all.
            // (Pending until it returns: after an exception from the progress callback, the next
            // solve starts again.)
            v.assign(static_cast<std::size_t>(chain_->size()) + 1, 0.0);
            const bool factored = elimination_.factor_solving(
                *chain_, elimination_budget_, keep_lower_, rhs, v, elimination_ticks());
            elimination_pending_ = false;
            if (!factored) {
                report_.method = SolveMethod::gmres;
                v.clear();
            }
        }
        if (report_.method == SolveMethod::gmres) {
            v = gmres(rhs);
            if (report_.backward_error > target_backward_error) {
                // GMRES stalled; a system this size can still be factored, densely or sparsely.
                if (factor_fallbacks_ && report_.schur_unknowns <= max_direct_unknowns &&
                    static_cast<double>(report_.schur_unknowns + 2) *
                            static_cast<double>(chain_->finite_squares()) <=
                        fallback_work) {
                    report_.method = SolveMethod::direct;
                    factor();
                } else if (const double estimate = elimination_.estimate(*chain_);
                           factor_fallbacks_ &&
                           estimate <= fallback_elimination_sweeps * sweep_work() &&
                           elimination_.factor(*chain_,
                                               std::min(8.0 * estimate, max_elimination_work),
                                               elimination_ticks())) {
                    report_.method = SolveMethod::elimination;
                    v.clear(); // solved by eliminate, below
                } else {
                    // Neither factorization is affordable: many long snakes, on a board whose
                    // games slide down many times. GMRES goes on from where it stopped, with
                    // the slow modes deflated by a coarse space (see build_coarse_space), and
                    // gives up only when its cycles no longer take 1% off the residual.
                    if (coarse_az_.empty()) { // built once, for every right-hand side
                        build_coarse_space();
                    }
                    v = gmres(rhs, true);
                }
            }
            // Otherwise the stalled answer stands with its error bound, which callers check
            // (require_accuracy): a few digits short of the target are still digits.
        }
        if (report_.method == SolveMethod::elimination) {
            v = eliminate(rhs, std::move(v));
        }
        if (report_.method == SolveMethod::direct) {
            v = direct(rhs);
        }
        ticker_.finish(progress_now(report_.method == SolveMethod::elimination ? 1.0 : nan()));
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
    static constexpr double nan() noexcept { return std::numeric_limits<double>::quiet_NaN(); }

    // Where the solve is, for the progress callback: GMRES's relative residual while GMRES
    // runs, and the share factored while the elimination factors.
    [[nodiscard]] SolveProgress progress_now(double factored) const {
        SolveProgress progress;
        progress.method = std::isnan(factored) ? report_.method : SolveMethod::elimination;
        progress.sweeps = report_.sweeps;
        progress.residual = progress.method == SolveMethod::gmres ? relative_residual_ : nan();
        progress.factored = factored;
        return progress;
    }
    // Counts a sweep, and reports the progress when an interval has passed.
    void count_sweep() {
        ++report_.sweeps;
        ticker_.tick(progress_now(nan()));
    }
    // What the elimination calls as it factors.
    auto elimination_ticks() {
        return [this](double share) { ticker_.tick(progress_now(share)); };
    }

    // The whole board swept once with x on the fall targets (see TokenChain::sweep).
    template <typename Rhs>
    std::vector<double>& sweep_with(const std::vector<double>& x, Rhs&& rhs) {
        const std::span<const Square> targets = chain_->fall_targets();
        if (y_.empty()) { // allocated by the first sweep: an elimination needs none
            y_.assign(static_cast<std::size_t>(chain_->size()) + 1, 0.0);
        }
        for (std::size_t i = 0; i < targets.size(); ++i) {
            y_[static_cast<std::size_t>(targets[i])] = x[i];
        }
        chain_->sweep(y_, rhs, [this](std::size_t rolls) {
            ticker_.add_work(rolls, [this] { return progress_now(nan()); });
        });
        count_sweep();
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

    // Every finite square times its rolls: the work of one sweep.
    [[nodiscard]] double sweep_work() const {
        return static_cast<double>(chain_->finite_squares()) *
               static_cast<double>(chain_->odds().size() + 2);
    }

    // The elimination's solve (unless `v` holds it already, from the factorization), then
    // iterative refinement on the whole system's residual until its backward error reaches the
    // target.
    template <typename Rhs>
    std::vector<double> eliminate(Rhs& rhs, std::vector<double> v) {
        if (v.empty()) {
            v.assign(static_cast<std::size_t>(chain_->size()) + 1, 0.0);
            keep_factors();
            elimination_.solve(v, rhs);
        }
        measure(v, rhs);
        // Allocated only when a step is taken: at a million squares, touching memory for the
        // first time costs as much as a tenth of the elimination.
        std::vector<double> residual;
        std::vector<double> correction;
        for (int step = 0; report_.backward_error > target_backward_error && step < max_refinements;
             ++step) {
            residual.resize(v.size(), 0.0);
            correction.resize(v.size(), 0.0);
            chain_->for_each_finite([&](Square s) {
                double sum = rhs(s);
                double leave = 0.0;
                chain_->for_each_move(s, [&](Square t, double p) {
                    if (t != s) {
                        sum += p * v[static_cast<std::size_t>(t)];
                        leave += p;
                    }
                });
                residual[static_cast<std::size_t>(s)] =
                    sum - leave * v[static_cast<std::size_t>(s)];
            });
            keep_factors();
            elimination_.solve(correction,
                               [&](Square s) { return residual[static_cast<std::size_t>(s)]; });
            chain_->for_each_finite([&](Square s) {
                v[static_cast<std::size_t>(s)] += correction[static_cast<std::size_t>(s)];
            });
            measure(v, rhs);
        }
        return v;
    }

    // Factors again, keeping L this time, when the first solve carried its right-hand side
    // through a factorization that kept none. The same work as then, so within the same budget.
    void keep_factors() {
        if (!elimination_.can_solve() &&
            !elimination_.factor(*chain_, elimination_budget_, elimination_ticks())) {
            throw Error("expected_turns: the elimination failed to factor again a board it had "
                        "factored; please report the board");
        }
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
                chain_->block_sweep(block, width, [this](std::size_t moves) {
                    ticker_.add_work(moves, [this] { return progress_now(nan()); });
                });
                count_sweep();
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

    // The coarse space of the last resort. GMRES(60) stalls on boards of many long snakes
    // because (I - H) has many eigenvalues near 0: a game slides down thousands of times, and
    // an error that is smooth along the track (too much or too little everywhere in a stretch of
    // the board) decays by a fraction of a percent per sweep. Such errors are nearly constant
    // over stretches of consecutive fall targets, so they are taken out exactly by a small
    // Galerkin problem on Z, whose column g is 1 on the targets of stretch g (equal counts, in
    // the order of the squares) and 0 elsewhere: E = Z^T (I - H) Z, of order the number of
    // stretches.
    // GMRES then works on the projected system P (I - H), P = I - (I - H) Z E^-1 Z^T, in which
    // those modes are gone (deflation; see gmres). Building it takes one sweep per stretch.
    void build_coarse_space() {
        const std::size_t n = chain_->fall_targets().size();
        const auto half_root = static_cast<std::size_t>(std::sqrt(static_cast<double>(n)) / 2);
        const std::size_t affordable =
            max_coarse_bytes / sizeof(double) / std::max<std::size_t>(n, 1);
        const std::size_t groups =
            std::min({std::clamp(half_root, min_coarse_groups, max_coarse_groups), affordable, n});
        if (groups < std::min(min_coarse_groups, n)) {
            return;
        }
        coarse_group_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            coarse_group_[i] = i * groups / n;
        }
        coarse_az_.assign(groups, {});
        std::vector<double> matrix(groups * groups, 0.0);
        std::vector<double> unit(n, 0.0);
        for (std::size_t g = 0; g < groups; ++g) {
            for (std::size_t i = 0; i < n; ++i) {
                unit[i] = coarse_group_[i] == g ? 1.0 : 0.0;
            }
            std::vector<double> column = apply_h(unit);
            for (std::size_t i = 0; i < n; ++i) {
                column[i] = unit[i] - column[i];
                matrix[coarse_group_[i] * groups + g] += column[i];
            }
            coarse_az_[g] = std::move(column);
        }
        coarse_lu_ = DenseLu(std::move(matrix), groups);
    }

    // c = E^-1 Z^T r: the coarse solution for r (empty without a coarse space).
    [[nodiscard]] std::vector<double> coarse_solve(const std::vector<double>& r) const {
        std::vector<double> c(coarse_az_.size(), 0.0);
        if (c.empty()) {
            return c;
        }
        for (std::size_t i = 0; i < r.size(); ++i) {
            c[coarse_group_[i]] += r[i];
        }
        coarse_lu_.solve(c);
        return c;
    }

    // w -= (I - H) Z c: w projected by P when c = coarse_solve(w).
    void subtract_coarse_image(std::vector<double>& w, const std::vector<double>& c) const {
        for (std::size_t g = 0; g < c.size(); ++g) {
            const std::vector<double>& column = coarse_az_[g];
            for (std::size_t i = 0; i < w.size(); ++i) {
                w[i] -= c[g] * column[i];
            }
        }
    }

    // Restarted GMRES (modified Gram-Schmidt, Givens rotations) on (I - H) x = b, one sweep per
    // product. Every restart takes the fixed-point residual of a whole sweep with the
    // right-hand side (iterative refinement); near the rounding floor of the Schur system the
    // whole system's backward error decides. When GMRES stalls, the last answer is returned,
    // measured: its backward error then misses the target. `patient`: go on from the last
    // answer (x_), a cycle stalling only below patient_stall_ratio, for up to
    // patient_max_sweeps sweeps.
    // A numerical kernel that stays whole (past 80 lines): the Krylov basis, the Hessenberg
    // columns and their rotations are updated together in one loop, and cut apart they would
    // pass half a dozen arrays between pieces that only make sense in that order.
    template <typename Rhs>
    std::vector<double> gmres(Rhs& rhs, bool patient = false) {
        // The caps count this run's sweeps: a solver may solve several right-hand sides (a
        // distribution's mean, then its variance), and report_.sweeps counts them all.
        const std::size_t sweeps_at_start = report_.sweeps;
        const std::size_t n = chain_->fall_targets().size();
        std::vector<double>& x = x_;
        if (!patient) {
            x.assign(n, 0.0); // from 0: the first residual is b itself
        }
        std::vector<double> v = sweep_with(x, rhs);
        std::vector<double> r = fixed_point_residual(v, x);
        // The scale of the tolerances: the norm of b, the first residual from 0 (a patient run
        // keeps the first run's, not the residual where that run stopped).
        if (!patient) {
            b_norm_ = std::sqrt(dot(r, r));
        }
        const double b_norm = b_norm_;
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
        // With a coarse space, the Krylov space is built on P (I - H) (see build_coarse_space).
        const auto apply_projected = [&](const std::vector<double>& u) {
            std::vector<double> w = apply(u);
            subtract_coarse_image(w, coarse_solve(w));
            return w;
        };
        const bool deflated = !coarse_az_.empty();
        const std::size_t m = std::min(gmres_restart, n);
        const std::size_t sweeps_allowed =
            sweeps_at_start + (patient ? patient_max_sweeps : gmres_max_sweeps);
        const double stall_ratio = patient ? patient_stall_ratio : 0.5;
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
            relative_residual_ = beta / b_norm;
            if (beta <= verify_below * b_norm) {
                // Near the rounding floor of the Schur system: let the whole system decide.
                measure(v, rhs);
                if (report_.backward_error <= target_backward_error) {
                    return v;
                }
            }
            // A restart cycle that does not even halve the residual is stalling; three in a row
            // mean the system is (numerically) singular, or that a factorization will be
            // quicker. (As the last resort, only cycles that take less than 1% off count.)
            stalls = !first && beta > stall_ratio * previous ? stalls + 1 : 0;
            previous = beta;
            if (stalls >= max_stalled_cycles || report_.sweeps > sweeps_allowed) {
                measure(v, rhs);
                return v;
            }
            // Deflated: the coarse part of the correction first, Z c with c = E^-1 Z^T r, which
            // leaves the residual P r for the Krylov space.
            const std::vector<double> coarse = coarse_solve(r);
            subtract_coarse_image(r, coarse);
            const double projected_beta = deflated ? std::sqrt(dot(r, r)) : beta;
            if (projected_beta == 0.0) {
                // Nothing left for the Krylov space: the coarse part is the whole correction
                // (or, undeflated, there is no correction to make).
                if (!deflated) {
                    measure(v, rhs);
                    return v;
                }
                for (std::size_t k = 0; k < n; ++k) {
                    x[k] += coarse[coarse_group_[k]];
                }
                v = sweep_with(x, rhs);
                r = fixed_point_residual(v, x);
                continue;
            }
            std::fill(g.begin(), g.end(), 0.0);
            g[0] = projected_beta;
            for (double& value : r) {
                value /= projected_beta;
            }
            basis[0] = std::move(r);
            std::size_t steps = 0;
            for (std::size_t j = 0; j < m; ++j) {
                std::vector<double> w = deflated ? apply_projected(basis[j]) : apply(basis[j]);
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
                relative_residual_ = std::abs(g[j + 1]) / b_norm;
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
            std::vector<double> update(n, 0.0);
            for (std::size_t i = 0; i < steps; ++i) {
                for (std::size_t k = 0; k < n; ++k) {
                    update[k] += coefficients[i] * basis[i][k];
                }
            }
            if (deflated) {
                // x += Z c + (I - Z E^-1 Z^T (I - H)) update: the residual becomes
                // P r - P (I - H) update, the one GMRES minimised.
                const std::vector<double> back = coarse_solve(apply(update));
                for (std::size_t k = 0; k < n; ++k) {
                    update[k] += coarse[coarse_group_[k]] - back[coarse_group_[k]];
                }
            }
            for (std::size_t k = 0; k < n; ++k) {
                x[k] += update[k];
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
    bool factor_fallbacks_;
    SolveTicker ticker_;
    double relative_residual_ = 1.0; // GMRES's, last known: what the progress reports
    std::vector<double> x_; // GMRES's answer on the fall targets, where a patient run goes on
    double b_norm_ = 0.0;   // the norm of the Schur right-hand side of the last GMRES run from 0
    DenseLu lu_;
    // The coarse space of the last resort (empty until built): the stretch of each fall target,
    // (I - H) z_g for each stretch g, and E = Z^T (I - H) Z factored.
    std::vector<std::size_t> coarse_group_;
    std::vector<std::vector<double>> coarse_az_;
    DenseLu coarse_lu_;
    SparseElimination<Config> elimination_;
    bool keep_lower_;                  // several right-hand sides: the elimination keeps L
    bool elimination_pending_ = false; // chosen automatically: the first solve factors
    double elimination_budget_ = max_elimination_work; // the operations it may take
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
/// A solve whose backward error is above this did not converge (the rounding floor is a few
/// times 1e-16; the solvers aim at 1e-14).
inline constexpr double converged_backward_error = 1e-12;

// Refuses an answer the residual cannot vouch for, saying why. An answer whose backward error
// is at the rounding floor is as good as double precision allows: a large error bound then
// means the system is that ill-conditioned, which happens when a game on the board almost never
// ends. An answer whose backward error is not means the solver did not converge (GMRES, used
// alone only when neither factorization was affordable), and the message says that instead.
inline void require_accuracy(const SolveReport& report, const std::vector<double>& values) {
    if (report.error_bound <= required_accuracy) {
        return;
    }
    double largest = 0.0;
    for (const double v : values) {
        largest = std::isfinite(v) ? std::max(largest, std::abs(v)) : largest;
    }
    if (report.backward_error > converged_backward_error) {
        if (report.method == SolveMethod::gmres) {
            throw NotConverged(
                report.backward_error,
                fmt::format(
                    "expected_turns: the gmres solve did not converge on this board: after {} "
                    "sweeps its answer's residual bounds the relative error only by {:.2g}, "
                    "above {:.0e} (backward error {:.2g}; the largest value found is {:.3g} "
                    "turns), and neither factorization was affordable (the board has {} squares "
                    "to fall back to, and snakes too long to eliminate)",
                    report.sweeps, report.error_bound, required_accuracy, report.backward_error,
                    largest, report.schur_unknowns));
        }
        throw NotConverged(
            report.backward_error,
            fmt::format(
                "expected_turns: the {} solve's iterative refinement stopped at a backward error "
                "of {:.2g}, where its residual bounds the relative error only by {:.2g}, above "
                "{:.0e} (the largest value found is {:.3g} turns)",
                to_string(report.method), report.backward_error, report.error_bound,
                required_accuracy, largest));
    }
    throw Error(fmt::format(
        "expected_turns: the answer cannot be trusted (after the {} solve, its residual bounds "
        "the relative error only by {:.2g}, above {:.0e}; the largest value found is {:.3g} "
        "turns). A game on this board almost never ends: its expected length is so large that "
        "the system is singular to double precision",
        to_string(report.method), report.error_bound, required_accuracy, largest));
}

} // namespace snakeladder::detail
