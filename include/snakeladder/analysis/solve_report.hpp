// What the exact analysis's solver did and how well its answer satisfies the system: the method
// a caller may choose for expected_turns, and the report every answer carries.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string_view>

namespace snakeladder {

/// How `expected_turns` solves its linear system.
enum class SolveMethod {
    automatic,   ///< direct for boards with few squares to fall back to; elimination for
                 ///< boards whose snakes are short; GMRES otherwise
    direct,      ///< dense LU of the Schur complement (refused above 2048 unknowns)
    gmres,       ///< restarted GMRES on the Schur complement, verified by the full residual
    elimination, ///< sparse LU of the whole system in the order of the squares (refused when
                 ///< the snakes are so long that it would take too much work)
};

constexpr std::string_view to_string(SolveMethod method) noexcept {
    switch (method) {
    case SolveMethod::automatic:
        return "automatic";
    case SolveMethod::direct:
        return "direct";
    case SolveMethod::gmres:
        return "gmres";
    case SolveMethod::elimination:
        return "elimination";
    }
    return "unknown";
}

/// What the solver did and how well its answer satisfies the system.
struct SolveReport {
    /// `direct`, `gmres` or `elimination`: the method actually used.
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

/// How far a solve has come: what SolveOptions::progress receives.
struct SolveProgress {
    /// The method running now (a GMRES that stalls hands the board to another); `automatic`
    /// before the solve starts, while the chain is built and the method chosen (reported only
    /// with more than 6 rolls, where that takes time).
    SolveMethod method = SolveMethod::gmres;
    /// Top-down passes over the board so far.
    std::size_t sweeps = 0;
    /// GMRES: the residual of the reduced system relative to where it began (it aims below
    /// 1e-12, and the whole system decides from 1e-10 down); NaN for the other methods.
    double residual = std::numeric_limits<double>::quiet_NaN();
    /// The elimination: the share of the squares factored, 0 to 1 (0 while the turns are still
    /// followed, under house rules); NaN for the other methods.
    double factored = std::numeric_limits<double>::quiet_NaN();
    /// Under house rules: the share of the squares whose turns have been followed through the
    /// turn model, 0 to 1 (the chain is built this way before it is factored); NaN for the
    /// standard game.
    double followed = std::numeric_limits<double>::quiet_NaN();
};

/// How `expected_turns` solves, and how it reports its progress.
struct SolveOptions {
    SolveMethod method = SolveMethod::automatic;
    /// Called on the calling thread while the solve runs, at most once per `progress_interval`
    /// (none within the first), and once at the end. An exception it throws stops the solve and
    /// reaches the caller.
    std::function<void(const SolveProgress&)> progress{};
    std::chrono::milliseconds progress_interval{100};
};

/// Called with the steps done so far and the most the call can take (the squares of the
/// board for min_rolls, the limit of rounds or sweeps for optimal play); at the end, once with
/// done == total, the steps it took.
using AnalysisProgress = std::function<void(std::int64_t done, std::int64_t total)>;

/// How the analysis calls that count their work in steps (min_rolls, optimal_policy,
/// two_player_equilibrium, best_reply) report their progress, as SolveOptions does for
/// expected_turns: `progress` on the calling thread at most once per `progress_interval` (none
/// within the first) and once at the end. An exception it throws stops the call and reaches
/// the caller.
struct ProgressOptions {
    AnalysisProgress progress{};
    std::chrono::milliseconds progress_interval{100};
};

} // namespace snakeladder
