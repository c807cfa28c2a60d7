// The rolls optimal play chooses among: each of the dice's rolls with its odds, the squares a
// token can stand on between turns, and the limit on the stays a policy keeps.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../dice/dice.hpp"
#include "../../turn/decisions.hpp"
#include "../../turn/turn_model.hpp"

#include <algorithm>
#include <cstddef>
#include <fmt/format.h>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// The rolls of one of the dice that can happen.
struct PolicyRoll {
    int roll = 0;
    double probability = 0.0;
};

// The highest roll of any of the dice.
inline int highest_roll(const std::vector<std::vector<PolicyRoll>>& rolls) {
    int highest = 0;
    for (const auto& of_dice : rolls) {
        for (const PolicyRoll& r : of_dice) {
            highest = std::max(highest, r.roll);
        }
    }
    return highest;
}

// rests[s] for s below home: whether a token can stand on s between turns. Square 0 and every
// square a landing comes to rest on, which leaves out a jump's start under RejectChains and
// FollowChains (under SingleJump, a start on which another jump ends is one). Whatever the
// overshoot rule, a move ends where some landing rests or where it began, so no other square
// is ever reached.
template <class Config>
std::vector<bool> rest_squares(const BasicBoard<Config>& board) {
    std::vector<bool> rests(static_cast<std::size_t>(board.size()), false);
    rests[0] = true;
    for (Square landed = 1; landed < board.size(); ++landed) {
        const Square rest = board.resolve(landed);
        if (rest < board.size()) {
            rests[static_cast<std::size_t>(rest)] = true;
        }
    }
    return rests;
}

// The rolls of each of the dice to choose from, with their odds.
template <DiceWithOdds D>
std::vector<std::vector<PolicyRoll>> policy_rolls(const Choices<D>& choices) {
    std::vector<std::vector<PolicyRoll>> rolls;
    const GameState start({.players = 1, .max_roll = 0});
    for (const D& dice : choices.dice) {
        std::vector<PolicyRoll> of_dice;
        for (const ChanceOutcome& outcome : chance_outcomes(dice, start)) {
            of_dice.push_back({outcome.roll, outcome.probability});
        }
        rolls.push_back(std::move(of_dice));
    }
    return rolls;
}

// Where staying is allowed, the decisions hold a stay for every roll up to the highest on each
// of `cells` positions, and each round reads them all: refuses more than `limit` of them.
inline void check_stay_table(const char* caller, double cells, const char* what,
                             const std::vector<std::vector<PolicyRoll>>& rolls, bool may_stay,
                             double limit) {
    const double entries = cells * (static_cast<double>(highest_roll(rolls)) + 1.0);
    if (may_stay && entries > limit) {
        std::string instead = "allow no stay, or give dice of fewer faces";
        const std::string message = fmt::format(
            "{}: with stays allowed, every roll up to the highest ({}) on each of {:.0f} {} makes "
            "{:.0f} decisions to keep, more than the limit of {:.0e}; {}",
            caller, highest_roll(rolls), cells, what, entries, limit, instead);
        throw AnalysisLimitExceeded(entries, limit, std::move(instead), message);
    }
}

} // namespace snakeladder::detail
