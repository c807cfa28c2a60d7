// One player's game under house rules as a chain on the squares, for the exact analysis.
//
// Between two turns, a lone token's whole state is its square: whatever a rule remembers inside
// a turn (the maximum rolls in a row, where the turn began) is reset when the turn ends, and the
// turns it is given to miss are spent at once, since no other seat plays in between. So the game
// is a chain on the squares whose step is one whole turn, found by following that turn through
// the turn model (turn/detail/turn_outcomes.hpp): from square s, the turn ends on t after c turns
// of the game (1, or more with turns missed) with some probability. The expected length E then
// solves E(s) = sum over ends (c + E(t)) p, which SparseRowsLu factors in the order of the squares.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../rules/game_state.hpp"
#include "../../rules/house_rule.hpp"
#include "../../turn/detail/turn_outcomes.hpp"
#include "../../turn/turn_model.hpp"
#include "../solve_report.hpp"
#include "solve_ticker.hpp"
#include "sparse_rows_lu.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder::detail {

/// One way a whole turn from a square can end.
struct KernelMove {
    Square to = 0;
    std::uint32_t turns = 1;
    double probability = 0.0;
};

template <class Config>
class TurnKernel {
public:
    enum Status : unsigned char {
        finite,   ///< home is reached from here with probability 1
        infinite, ///< home can be reached, but so can a square from which it cannot
        dead,     ///< home can never be reached from here
    };

    /// Rolls applied through the turn model to build the kernel (squares times rolls, times the
    /// rolls inside turns of several) before the analysis refuses: about a minute of work.
    static constexpr double max_roll_applications = 1.0e8;
    /// Multiply-adds the elimination may take.
    static constexpr double max_elimination_work = 2.0e9;

    /// The kernel of `board` with the dice's chance outcomes `rolls` (their highest `max_roll`)
    /// under `rules`. Throws AnalysisLimitExceeded when it would take more than
    /// max_roll_applications rolls.
    /// `ticker`, when given, hears how many squares have been followed (SolveProgress::followed).
    template <HouseRule Rules>
    TurnKernel(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls, int max_roll,
               const Rules& rules, SolveTicker* ticker = nullptr)
        : size_(board.size()) {
        const double applications = static_cast<double>(size_) * static_cast<double>(rolls.size());
        if (applications > max_roll_applications) {
            throw AnalysisLimitExceeded(
                applications, max_roll_applications, "simulate estimates this game",
                fmt::format("the exact analysis under house rules {} follows every roll from "
                            "every square: {} squares times {} rolls is more than its limit of "
                            "{:.0e}; simulate estimates this game",
                            rules.name(), size_, rolls.size(), max_roll_applications));
        }
        start_.reserve(static_cast<std::size_t>(size_) + 2);
        start_.push_back(0);
        if (rules_off(rules)) {
            follow_plain_rolls(board, rolls, ticker);
            return;
        }
        TurnFollower<Config, Rules> follower(board, rolls, rules);
        GameState start({.players = 1, .max_roll = max_roll});
        for (Square s = 0; s < size_; ++s) {
            // Every square: a square may take seconds (65,536 faces under a rule that waits),
            // and the ticker's clock read is nothing beside following its rolls.
            if (ticker != nullptr) {
                ticker->tick(progress(static_cast<double>(s) / static_cast<double>(size_), 0.0));
            }
            start.squares[0] = s;
            const std::size_t first = moves_.size();
            for (const TurnEnd& end : follower.ends(start)) {
                const KernelMove move{end.state.squares[0], static_cast<std::uint32_t>(end.turns),
                                      end.probability};
                const auto same = std::find_if(
                    moves_.begin() + static_cast<std::ptrdiff_t>(first), moves_.end(),
                    [&](const KernelMove& m) { return m.to == move.to && m.turns == move.turns; });
                if (same == moves_.end()) {
                    moves_.push_back(move);
                } else {
                    same->probability += move.probability;
                }
            }
            start_.push_back(moves_.size());
        }
        start_.push_back(moves_.size()); // home: no moves
        classify();
    }

    [[nodiscard]] Square size() const noexcept { return size_; }
    /// Every way a turn from s ends (none from home).
    [[nodiscard]] std::span<const KernelMove> moves(Square s) const noexcept {
        const auto i = static_cast<std::size_t>(s);
        return {moves_.data() + start_[i], start_[i + 1] - start_[i]};
    }
    [[nodiscard]] Status status(Square s) const noexcept {
        return static_cast<Status>(status_[static_cast<std::size_t>(s)]);
    }
    /// Squares reachable from square 0 from which home can never be reached, ascending.
    [[nodiscard]] const std::vector<Square>& traps() const noexcept { return traps_; }
    /// Whether a game can ever begin a turn on s (0..size).
    [[nodiscard]] bool reached(Square s) const noexcept {
        return reached_[static_cast<std::size_t>(s)] != 0;
    }

    /// Solves (I - K) x = rhs on the finite squares (rhs(s) for each), by elimination with up to
    /// three steps of refinement; other squares get +infinity. `report` tells how well the
    /// answer satisfies the system (error_bound: max |rhs - (I - K) x|). Throws
    /// AnalysisLimitExceeded when the elimination would take more than max_elimination_work.
    /// `ticker`, when given, hears how far the first solve's factorization has come.
    template <class Rhs>
    std::vector<double> solve(Rhs&& rhs, SolveReport& report, SolveTicker* ticker = nullptr) {
        factor(ticker);
        return solve(lu_, std::forward<Rhs>(rhs), report);
    }

    /// solve(rhs, report) with factors of I - K already made: those of selected_inverse(),
    /// which serve as well (their pattern is wider, their values the same), so that a caller
    /// who has them pays for no second factorization.
    template <class Rhs>
    std::vector<double> solve(const SparseRowsLu& lu, Rhs&& rhs, SolveReport& report) const {
        const auto n = static_cast<std::size_t>(size_);
        std::vector<double> b(n);
        for (std::size_t s = 0; s < n; ++s) {
            b[s] = status_[s] == finite ? rhs(static_cast<Square>(s)) : 0.0;
        }
        std::vector<double> x = b;
        lu.solve(x);
        report = SolveReport{};
        report.method = SolveMethod::elimination;
        for (int step = 0;; ++step) {
            // r = b - (I - K) x, and the norms of the backward error.
            std::vector<double> r(n);
            double largest_x = 0.0;
            double largest_b = 0.0;
            double largest_r = 0.0;
            for (std::size_t s = 0; s < n; ++s) {
                if (status_[s] != finite) {
                    continue;
                }
                double sum = b[s] - x[s];
                for (const KernelMove& m : moves(static_cast<Square>(s))) {
                    if (m.to != size_) {
                        sum += m.probability * x[static_cast<std::size_t>(m.to)];
                    }
                }
                r[s] = sum;
                largest_x = std::max(largest_x, std::abs(x[s]));
                largest_b = std::max(largest_b, std::abs(b[s]));
                largest_r = std::max(largest_r, std::abs(sum));
            }
            const double scale = 2.0 * largest_x + largest_b;
            report.sweeps = static_cast<std::size_t>(step) + 1;
            report.error_bound = largest_r;
            report.backward_error = scale > 0.0 ? largest_r / scale : 0.0;
            if (report.backward_error <= 1e-14 || step == 3) {
                break;
            }
            lu.solve(r);
            for (std::size_t s = 0; s < n; ++s) {
                x[s] += r[s];
            }
        }
        x.push_back(0.0); // home
        for (std::size_t s = 0; s < n; ++s) {
            if (status_[s] != finite) {
                x[s] = std::numeric_limits<double>::infinity();
            }
        }
        return x;
    }

    /// I - K factored on the symmetric pattern of (I - K) + (I - K)^T, with a zero also at each
    /// entry `extra(s, add_zero)` names for row s (add_zero(column)), and its inverse N on that
    /// pattern (SparseRowsLu::select_inverse). `on_share(share)` hears how far it has come, 0
    /// to 1: the rows factored, then the rows inverted, each half. Empty when the factors would
    /// take more than `budget` multiply-adds or SparseRowsLu::max_entries.
    template <class Extra, class OnShare>
    [[nodiscard]] std::optional<SparseRowsLu>
    selected_inverse(Extra&& extra, OnShare&& on_share, double budget = max_inverse_work) const {
        SparseRowsLu lu;
        if (!lu.factor(
                static_cast<std::size_t>(size_),
                [this, &extra](std::size_t s, auto&& add) {
                    this->add_row(s, add);
                    extra(static_cast<Square>(s),
                          [&add](Square column) { add(static_cast<std::uint32_t>(column), 0.0); });
                },
                budget, [&on_share](double share) { on_share(share / 2.0); },
                SparseRowsLu::Pattern::symmetric)) {
            return std::nullopt;
        }
        lu.select_inverse([&on_share](double share) { on_share(0.5 + share / 2.0); });
        return lu;
    }

    /// Row r of N = (I - K)^-1 (0 off the finite squares), from the factors of
    /// selected_inverse(): one solve of (I - K)^T y = e_r, refined as solve() refines, with
    /// `report` its backward error.
    [[nodiscard]] std::vector<double> inverse_row(const SparseRowsLu& lu, Square r,
                                                  SolveReport& report) const {
        const auto n = static_cast<std::size_t>(size_);
        std::vector<double> b(n, 0.0);
        b[static_cast<std::size_t>(r)] = status_[static_cast<std::size_t>(r)] == finite ? 1.0 : 0.0;
        // The largest column sum of |I - K|: the norm of (I - K)^T for the backward error.
        std::vector<double> column_sums(n, 1.0);
        for (std::size_t s = 0; s < n; ++s) {
            if (status_[s] != finite) {
                continue;
            }
            for (const KernelMove& m : moves(static_cast<Square>(s))) {
                if (m.to != size_) {
                    column_sums[static_cast<std::size_t>(m.to)] += m.probability;
                }
            }
        }
        const double norm = *std::max_element(column_sums.begin(), column_sums.end());
        std::vector<double> y = b;
        lu.solve_transposed(y);
        report = SolveReport{};
        report.method = SolveMethod::elimination;
        for (int step = 0;; ++step) {
            std::vector<double> residual = b; // b - (I - K)^T y, scattered along the moves
            double largest_y = 0.0;
            for (std::size_t s = 0; s < n; ++s) {
                residual[s] -= y[s];
                largest_y = std::max(largest_y, std::abs(y[s]));
                if (status_[s] != finite) {
                    continue;
                }
                for (const KernelMove& m : moves(static_cast<Square>(s))) {
                    if (m.to != size_) {
                        residual[static_cast<std::size_t>(m.to)] += m.probability * y[s];
                    }
                }
            }
            double largest_r = 0.0;
            for (const double value : residual) {
                largest_r = std::max(largest_r, std::abs(value));
            }
            const double scale = norm * largest_y + 1.0;
            report.sweeps = static_cast<std::size_t>(step) + 1;
            report.error_bound = largest_r;
            report.backward_error = largest_r / scale;
            if (report.backward_error <= 1e-14 || step == 3) {
                break;
            }
            lu.solve_transposed(residual);
            for (std::size_t s = 0; s < n; ++s) {
                y[s] += residual[s];
            }
        }
        return y;
    }

    /// Multiply-adds selected_inverse() may take to factor: the symmetric pattern fills more than
    /// A's own (random_board's 10,000 squares, whose snakes are of any length, take 9e9, 9 s here).
    static constexpr double max_inverse_work = 1.0e10;

    /// What the progress ticker hears: the squares followed, then the rows factored.
    [[nodiscard]] static SolveProgress progress(double followed, double factored) noexcept {
        SolveProgress now;
        now.method = SolveMethod::elimination;
        now.followed = followed;
        now.factored = factored;
        return now;
    }

    /// `who` cannot solve the board: what the caller hears.
    /// The elimination stopped on reaching `budget`, so that is the count the error carries.
    [[nodiscard]] AnalysisLimitExceeded too_much_work(std::string_view who, double budget,
                                                      std::string instead = "") const {
        const std::string message = fmt::format(
            "{} cannot solve this board of {} squares: its snakes are so long that "
            "the elimination would take more than {:.0e} operations or {} entries{}{}",
            who, size_, budget, SparseRowsLu::max_entries, instead.empty() ? "" : "; ", instead);
        return {budget, budget, std::move(instead), message};
    }

private:
    // The kernel of the standard game: a turn is one roll, ending where Board::advance says (a
    // lookup), so no list of the jumps a landing takes is built. Following such a turn through the
    // turn model built that list for every roll from every square, squares no token stops on
    // included: on a chain of n ladders, n jumps from each of n squares. The moves and their
    // sums come out as the turn model's would: one per end square, in the order the rolls first
    // reach it, each roll's probability added in the order of the rolls.
    void follow_plain_rolls(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls,
                            SolveTicker* ticker) {
        constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
        std::vector<std::size_t> slot(static_cast<std::size_t>(size_) + 1,
                                      none); // move of a square
        for (Square s = 0; s < size_; ++s) {
            if (ticker != nullptr) {
                ticker->tick(progress(static_cast<double>(s) / static_cast<double>(size_), 0.0));
            }
            const std::size_t first = moves_.size();
            for (const ChanceOutcome& roll : rolls) {
                const Square to = board.advance(s, roll.roll);
                std::size_t& at = slot[static_cast<std::size_t>(to)];
                if (at == none) {
                    at = moves_.size();
                    moves_.push_back({to, 1, roll.probability});
                } else {
                    moves_[at].probability += roll.probability;
                }
            }
            for (std::size_t m = first; m < moves_.size(); ++m) {
                slot[static_cast<std::size_t>(moves_[m].to)] = none;
            }
            start_.push_back(moves_.size());
        }
        start_.push_back(moves_.size()); // home: no moves
        classify();
    }

    // Factors I - K for solve(), once.
    void factor(SolveTicker* ticker = nullptr) {
        if (factored_) {
            return;
        }
        const bool ok = lu_.factor(
            static_cast<std::size_t>(size_),
            [this](std::size_t s, auto&& add) { this->add_row(s, add); }, max_elimination_work,
            [ticker](double share) {
                if (ticker != nullptr) {
                    ticker->tick(progress(1.0, share));
                }
            });
        if (!ok) {
            throw too_much_work("the exact analysis under house rules", max_elimination_work,
                                "simulate estimates this game");
        }
        factored_ = true;
    }

    // Row s of I - K, restricted to the finite squares (the others keep only their 1). The
    // diagonal is P(leave s), summed over the moves that leave, as the sweeps divide by it:
    // 1 - P(stay) cancels where a token almost never leaves (100d100 on the classic board leaves
    // square 0 with 1e-200, and 1 - P(stay) is the rounding of the folded odds, 7e-15), and the
    // visits came out 2^47 where they are 1e200.
    template <class Add>
    void add_row(std::size_t s, Add&& add) const {
        if (status_[s] != finite) {
            add(static_cast<std::uint32_t>(s), 1.0);
            return;
        }
        double leave = 0.0;
        for (const KernelMove& m : moves(static_cast<Square>(s))) {
            if (m.to != static_cast<Square>(s)) {
                leave += m.probability;
            }
        }
        add(static_cast<std::uint32_t>(s), leave);
        for (const KernelMove& m : moves(static_cast<Square>(s))) {
            if (m.to != size_ && m.to != static_cast<Square>(s)) {
                add(static_cast<std::uint32_t>(m.to), -m.probability);
            }
        }
    }

    // Which squares reach home, which can reach a square that does not, and the traps.
    void classify() {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        // The moves reversed: who leads to each square.
        std::vector<std::size_t> from_start(squares + 1, 0);
        for (const KernelMove& m : moves_) {
            ++from_start[static_cast<std::size_t>(m.to) + 1];
        }
        for (std::size_t i = 0; i < squares; ++i) {
            from_start[i + 1] += from_start[i];
        }
        std::vector<Square> from(moves_.size());
        std::vector<std::size_t> fill(from_start.begin(), from_start.end() - 1);
        for (Square s = 0; s < size_; ++s) {
            for (const KernelMove& m : moves(s)) {
                from[fill[static_cast<std::size_t>(m.to)]++] = s;
            }
        }
        // Backwards along the moves from `seeds`: every square that can reach one of them.
        const auto reaching = [&](const std::vector<Square>& seeds) {
            std::vector<unsigned char> reached(squares, 0);
            std::vector<Square> queue = seeds;
            for (const Square s : seeds) {
                reached[static_cast<std::size_t>(s)] = 1;
            }
            while (!queue.empty()) {
                const auto t = static_cast<std::size_t>(queue.back());
                queue.pop_back();
                for (std::size_t e = from_start[t]; e < from_start[t + 1]; ++e) {
                    const auto s = static_cast<std::size_t>(from[e]);
                    if (reached[s] == 0) {
                        reached[s] = 1;
                        queue.push_back(from[e]);
                    }
                }
            }
            return reached;
        };
        const std::vector<unsigned char> reaches_home = reaching({size_});
        std::vector<Square> dead_squares;
        for (Square s = 0; s < size_; ++s) {
            if (reaches_home[static_cast<std::size_t>(s)] == 0) {
                dead_squares.push_back(s);
            }
        }
        const std::vector<unsigned char> reaches_dead = reaching(dead_squares);
        status_.assign(squares, finite);
        for (Square s = 0; s < size_; ++s) {
            const auto i = static_cast<std::size_t>(s);
            status_[i] = reaches_home[i] == 0 ? dead : reaches_dead[i] != 0 ? infinite : finite;
        }
        // Forwards from square 0: the squares a game can come to, and the dead ones among them.
        std::vector<unsigned char>& seen = reached_;
        seen.assign(squares, 0);
        std::vector<Square> queue{0};
        seen[0] = 1;
        while (!queue.empty()) {
            const Square s = queue.back();
            queue.pop_back();
            if (status_[static_cast<std::size_t>(s)] == dead) {
                traps_.push_back(s);
            }
            for (const KernelMove& m : moves(s)) {
                if (seen[static_cast<std::size_t>(m.to)] == 0) {
                    seen[static_cast<std::size_t>(m.to)] = 1;
                    queue.push_back(m.to);
                }
            }
        }
        std::sort(traps_.begin(), traps_.end());
    }

    Square size_;
    std::vector<std::size_t> start_;
    std::vector<KernelMove> moves_;
    std::vector<unsigned char> status_;
    std::vector<Square> traps_;
    std::vector<unsigned char> reached_;
    SparseRowsLu lu_;
    bool factored_ = false;
};

// The expected turns of the game one turn from s takes (1, or more with turns missed).
template <typename Config>
double expected_turn_length(const TurnKernel<Config>& kernel, Square s) {
    double turns = 0.0;
    for (const KernelMove& m : kernel.moves(s)) {
        turns += m.probability * static_cast<double>(m.turns);
    }
    return turns;
}

} // namespace snakeladder::detail
