// The distinct rolls of some dice on a board: which of the dice's rolls move a token differently
// under the board's overshoot rule, with their probabilities where the dice have odds. Every
// search and solver of the library takes its rolls from here, folded only as far as the rule
// declares (alike_from): a rule of the user's own that declares nothing keeps every roll.
#pragma once

#include "../../base/errors.hpp"
#include "../../base/jump.hpp"
#include "../../board/board.hpp"
#include "../../board/detail/roll_runs.hpp"
#include "../../dice/dice.hpp"
#include "../../rules/rules.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder::detail {

[[noreturn]] inline void throw_analysis_config(const std::string& message) {
    throw InvalidConfig(message);
}

/// One roll and its probability, as the analysis sees it.
struct RollOdds {
    std::int64_t roll = 0;
    double probability = 0.0;
};

// The distinct rolls of face probabilities `faces` (faces[r]: the probability of rolling r) on
// a board of `size` squares under `Overshoot`, ascending, each with the probability of all the
// rolls it stands for. `P` is double or an exact fraction; the probabilities are not checked.
template <OvershootRule Overshoot, class P>
std::vector<std::pair<std::int64_t, P>> fold_odds(std::span<const P> faces, Square size) {
    const std::int64_t alike = alike_from<Overshoot>(size);
    std::vector<std::pair<std::int64_t, P>> odds;
    for (std::size_t r = 1; r < faces.size(); ++r) {
        if (faces[r] == P(0)) {
            continue;
        }
        const std::int64_t roll = fold_roll(static_cast<std::int64_t>(r), alike);
        if (!odds.empty() && odds.back().first == roll) {
            odds.back().second += faces[r];
        } else {
            odds.emplace_back(roll, faces[r]);
        }
    }
    return odds;
}

// The distinct rolls of `dice` on `board` with their probabilities (fold_odds), the face
// probabilities checked: finite, at least 0, none on a roll of 0, adding up to 1.
template <class Config, DiceWithOdds D>
std::vector<RollOdds> board_roll_odds(const D& dice, const BasicBoard<Config>& board) {
    const std::span<const double> faces = dice.face_probabilities();
    double total = 0.0;
    for (std::size_t r = 0; r < faces.size(); ++r) {
        const double p = faces[r];
        if (!(p >= 0.0) || !std::isfinite(p)) {
            throw_analysis_config(fmt::format(
                "the probability of rolling {} is {}; a probability must be a finite number "
                "of at least 0",
                r, p));
        }
        if (p != 0.0 && r == 0) {
            throw_analysis_config(fmt::format(
                "the dice give a roll of 0 probability {}; every roll must be at least 1", p));
        }
        total += p;
    }
    if (!(std::abs(total - 1.0) <= 1e-9)) {
        throw_analysis_config(
            fmt::format("the face probabilities add up to {:.17g}, not 1", total));
    }
    std::vector<RollOdds> odds;
    for (const auto& [roll, p] : fold_odds<typename Config::overshoot_rule>(faces, board.size())) {
        odds.push_back({roll, p});
    }
    return odds;
}

// The distinct rolls of `dice` on `board`, as ascending runs of consecutive rolls. Fair dice and
// dice without odds roll every value from min_roll() to max_roll(): one run, however many
// faces. Dice with odds have only the rolls of nonzero probability, read from the table they
// already hold.
template <class Config, Dice D>
std::vector<RollRun> roll_runs(const D& dice, const BasicBoard<Config>& board) {
    using Overshoot = typename Config::overshoot_rule;
    const std::int64_t alike = alike_from<Overshoot>(board.size());
    std::vector<RollRun> runs;
    if constexpr (DiceWithOdds<D> && !is_fair_dice<D>) {
        const std::span<const double> faces = dice.face_probabilities();
        for (const auto& [roll, p] : fold_odds<Overshoot>(faces, board.size())) {
            if (p > 0.0) {
                add_roll(runs, roll);
            }
        }
    } else {
        const std::int64_t low = std::max<std::int64_t>(1, dice.min_roll());
        // Fair dice skip the odds: every sum is possible, even one whose probability underflows.
        const auto high = static_cast<std::int64_t>(dice.max_roll());
        if (high >= low) {
            runs.push_back({fold_roll(low, alike), fold_roll(high, alike)});
        }
    }
    return runs;
}

// The rolls `dice` make, as ascending runs, folded nowhere: what a message names ("rolls of 1 to
// 1000" for a 1000-sided die, where the searches follow the 101 that move a token differently
// on the classic board).
template <Dice D>
std::vector<RollRun> dice_roll_runs(const D& dice) {
    std::vector<RollRun> runs;
    if constexpr (DiceWithOdds<D> && !is_fair_dice<D>) {
        const std::span<const double> faces = dice.face_probabilities();
        for (std::size_t r = 1; r < faces.size(); ++r) {
            if (faces[r] > 0.0) {
                add_roll(runs, static_cast<std::int64_t>(r));
            }
        }
    } else {
        const std::int64_t low = std::max<std::int64_t>(1, dice.min_roll());
        const auto high = static_cast<std::int64_t>(dice.max_roll());
        if (high >= low) {
            runs.push_back({low, high});
        }
    }
    return runs;
}

// roll_runs, listed: what a house rule's check_playable is given. Under a rule that declares no
// alike_from every roll of the dice is its own, so they are refused, as the trap check would
// refuse them, when they are more than max_trap_moves moves on this board: a die of INT_MAX faces
// is not listed. (Under a rule that declares it, they are at most alike_from.)
template <class Config, Dice D>
std::vector<std::int64_t> rolls_that_matter(const D& dice, const BasicBoard<Config>& board) {
    const std::vector<RollRun> runs = roll_runs(dice, board);
    const std::uint64_t count = roll_count(runs);
    const auto squares = static_cast<std::uint64_t>(board.size());
    if (!DeclaresRollsAlike<typename Config::overshoot_rule> && count > max_trap_moves / squares) {
        throw AnalysisLimitExceeded(
            static_cast<double>(count) * static_cast<double>(squares),
            static_cast<double>(max_trap_moves), "use dice of fewer faces or a smaller board",
            fmt::format("checking the house rules against these dice would list {} distinct rolls "
                        "for each of {} squares under {}, more than the {} moves allowed "
                        "(max_trap_moves); use dice of fewer faces or a smaller board",
                        count, board.size(), Config::overshoot_rule::name, max_trap_moves));
    }
    return listed_rolls(runs);
}

} // namespace snakeladder::detail
