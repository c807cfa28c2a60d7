// The expected length of a one-player game as an exact fraction, digit for digit: for the
// teacher who wants 225837582538403273407117496273279920181931269186581786048583 /
// 5757472998140039232950575874628786131130999406013041613400 rather than 39.2251.
//
// Optional: it needs Boost.Multiprecision (header-only; Debian and Ubuntu: libboost-dev), which
// nothing else in the library does, so <snakeladder/snakeladder.hpp> does not include it. The
// system is the one expected_turns solves, (I - Q) E = 1, eliminated in the order of the squares,
// in exact arithmetic.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../turn/board_traps.hpp"
#include "detail/solve_ticker.hpp"
#include "detail/sparse_elimination.hpp"
#include "detail/token_chain.hpp"
#include "solve_report.hpp"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder {

/// An exact fraction of unbounded integers.
using Fraction = boost::multiprecision::cpp_rational;

/// The most work `exact_expected_turns` takes on, in the elimination's operations (see
/// SparseElimination::ascending_work): fractions of hundreds of digits make each operation a
/// thousand times a double's, so this is about a second's worth.
inline constexpr double max_exact_work = 2.0e6;

/// The dice's face probabilities as fractions, index = roll: for FairDice the ways to roll each
/// sum over sides^count, for LoadedDice each weight over the total, and for any other dice with
/// odds the doubles they give, each exactly the binary fraction it holds.
template <DiceWithOdds D>
[[nodiscard]] std::vector<Fraction> exact_face_probabilities(const D& dice) {
    if constexpr (detail::is_fair_dice<D>) {
        // Ways to roll each sum, one die at a time.
        std::vector<boost::multiprecision::cpp_int> ways{1};
        for (int die = 0; die < dice.count(); ++die) {
            std::vector<boost::multiprecision::cpp_int> next(
                ways.size() + static_cast<std::size_t>(dice.sides()));
            for (std::size_t sum = 0; sum < ways.size(); ++sum) {
                for (int face = 1; face <= dice.sides(); ++face) {
                    next[sum + static_cast<std::size_t>(face)] += ways[sum];
                }
            }
            ways = std::move(next);
        }
        const boost::multiprecision::cpp_int total = boost::multiprecision::pow(
            boost::multiprecision::cpp_int(dice.sides()), static_cast<unsigned>(dice.count()));
        std::vector<Fraction> odds;
        odds.reserve(ways.size());
        for (const auto& w : ways) {
            odds.emplace_back(w, total);
        }
        return odds;
    } else if constexpr (requires {
                             dice.weights();
                             dice.total_weight();
                         }) {
        std::vector<Fraction> odds{Fraction(0)};
        for (const std::int64_t weight : dice.weights()) {
            odds.emplace_back(weight, dice.total_weight());
        }
        return odds;
    } else {
        std::vector<Fraction> odds;
        for (const double p : dice.face_probabilities()) {
            odds.emplace_back(p); // a double is a binary fraction: converted exactly
        }
        return odds;
    }
}

/// The expected number of turns one player needs to get home from the start, as an exact
/// fraction, under the board's overshoot and chain rules with `dice`. What `expected_turns`
/// gives as `from_start`, without rounding.
///
/// Throws InvalidConfig when a trap can be reached from the start (the expected length is
/// infinite; the message names the traps), when the face probabilities are not a distribution,
/// and when the board would take more than max_exact_work (long snakes on a long board:
/// expected_turns answers those in doubles), or when `options.progress_interval` is negative.
///
/// It follows every roll from every square once (in doubles), then eliminates at most
/// max_exact_work operations on fractions. `options.progress` hears the squares eliminated of
/// the board's size (0 while the rolls are followed), and once at the end (size, size); an
/// exception it throws stops the call and reaches the caller.
// A numerical kernel that stays whole (past 80 lines): a Gaussian elimination on fractions in
// square order with the right-hand side carried along and U kept for the back substitution,
// whose rows, work count and progress share one loop.
template <typename Config, DiceWithOdds D>
[[nodiscard]] Fraction exact_expected_turns(const BasicBoard<Config>& board, const D& dice,
                                            const ProgressOptions& options = {}) {
    using Chain = detail::TokenChain<Config>;
    auto ticker = detail::steps_ticker(options);
    const std::int64_t total = board.size();
    // The chain in doubles says which squares are finite (that depends only on which rolls are
    // possible) and checks the probabilities.
    const Chain chain(board, detail::board_roll_odds(dice, board),
                      [&ticker, total](std::size_t rolls) {
                          ticker.add_work(rolls, [total] { return detail::Steps{0, total}; });
                      });
    if (chain.status(0) != Chain::finite) {
        throw InvalidConfig("exact_expected_turns: the expected length is infinite, " +
                            describe_traps(board, dice));
    }
    const double work = detail::SparseElimination<Config>::ascending_work(chain);
    if (work > max_exact_work) {
        throw AnalysisLimitExceeded(
            work, max_exact_work, "use expected_turns",
            fmt::format("exact_expected_turns: this board would take about {:.2g} operations on "
                        "exact fractions, more than the {:.0e} allowed (its snakes are long for "
                        "its size): use expected_turns",
                        work, max_exact_work));
    }

    // The exact odds of the rolls that matter, folded as the chain folds them.
    const Square home = board.size();
    const std::vector<Fraction> faces = exact_face_probabilities(dice);
    const std::vector<std::pair<std::int64_t, Fraction>> odds =
        detail::fold_odds<typename Config::overshoot_rule>(std::span<const Fraction>(faces), home);

    // Gaussian elimination in the order of the squares, the right-hand side (1 turn) carried
    // along; U kept row by row for the back substitution.
    const auto squares = static_cast<std::size_t>(home) + 1;
    std::vector<Fraction> row(squares);
    std::vector<Fraction> diagonal(squares);
    std::vector<Fraction> reduced(squares);
    std::vector<std::vector<std::pair<Square, Fraction>>> upper(squares);
    std::vector<Square> mark(squares, -1);
    for (Square s = 0; s < home; ++s) {
        ticker.tick({std::int64_t{s} + 1, total}); // a square of fractions is slower than a clock
        if (chain.status(s) != Chain::finite) {
            continue;
        }
        Fraction leave = 0;
        Square lowest = s;
        std::vector<Square> above;
        const auto touch = [&](Square c) {
            if (c > s && mark[static_cast<std::size_t>(c)] != s) {
                mark[static_cast<std::size_t>(c)] = s;
                above.push_back(c);
            }
        };
        for (const auto& [roll, p] : odds) {
            const Square t = board.advance(s, roll);
            if (t == s) {
                continue; // a blocked roll: the token stays
            }
            leave += p;
            if (t != home) {
                row[static_cast<std::size_t>(t)] -= p;
                lowest = std::min(lowest, t);
                touch(t);
            }
        }
        Fraction rhs = 1;
        for (Square j = lowest; j < s; ++j) {
            Fraction& value = row[static_cast<std::size_t>(j)];
            if (value == 0) {
                continue;
            }
            const Fraction factor = value / diagonal[static_cast<std::size_t>(j)];
            value = 0;
            rhs -= factor * reduced[static_cast<std::size_t>(j)];
            for (const auto& [c, u] : upper[static_cast<std::size_t>(j)]) {
                if (c == s) {
                    leave -= factor * u;
                } else {
                    row[static_cast<std::size_t>(c)] -= factor * u;
                    touch(c);
                }
            }
        }
        std::sort(above.begin(), above.end());
        for (const Square c : above) {
            upper[static_cast<std::size_t>(s)].emplace_back(c, row[static_cast<std::size_t>(c)]);
            row[static_cast<std::size_t>(c)] = 0;
        }
        diagonal[static_cast<std::size_t>(s)] = leave;
        reduced[static_cast<std::size_t>(s)] = rhs;
    }
    std::vector<Fraction> turns(squares); // home: 0
    for (Square s = home - 1; s >= 0; --s) {
        if (chain.status(s) != Chain::finite) {
            continue;
        }
        Fraction sum = reduced[static_cast<std::size_t>(s)];
        for (const auto& [c, u] : upper[static_cast<std::size_t>(s)]) {
            sum -= u * turns[static_cast<std::size_t>(c)];
        }
        turns[static_cast<std::size_t>(s)] = sum / diagonal[static_cast<std::size_t>(s)];
    }
    ticker.finish({total, total});
    return turns[0];
}

} // namespace snakeladder
