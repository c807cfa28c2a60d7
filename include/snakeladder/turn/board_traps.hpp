// Traps for some dice: which rolls matter on a board, and the board's traps (Board::traps, or
// under house rules the traps of whole turns) in a sentence a board designer can act on. The game,
// the simulation and the analysis all ask here.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../board/detail/first_named.hpp"
#include "../board/detail/roll_runs.hpp"
#include "../dice/dice.hpp"
#include "../rules/house_rule.hpp"
#include "detail/board_rolls.hpp"
#include "detail/turn_outcomes.hpp"
#include "turn_model.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace snakeladder {

namespace detail {

// "{1..6}", "{2, 4}", "{1..3, 5}".
inline std::string describe_runs(std::span<const RollRun> runs) {
    std::string out = "{";
    for (const RollRun& run : runs) {
        out += (out.size() == 1 ? "" : ", ");
        if (run.high >= run.low + 2) {
            out += fmt::format("{}..{}", run.low, run.high);
        } else {
            out += std::to_string(run.low);
            if (run.high == run.low + 1) {
                out += ", " + std::to_string(run.high);
            }
        }
    }
    return out + "}";
}

inline std::string describe_rolls(const std::vector<std::int64_t>& rolls) {
    const std::vector<RollRun> runs = runs_of(rolls, std::numeric_limits<std::int64_t>::max());
    return describe_runs(runs);
}

} // namespace detail

namespace detail {

// The sentence of describe_traps for `traps` (ascending), found with `roll_words`.
inline std::string describe_trap_squares(const std::vector<Square>& traps,
                                         const std::string& roll_words) {
    if (traps.empty()) {
        return "no square is a trap: home can be reached from every square a token can reach "
               "with " +
               roll_words;
    }
    if (traps.front() == 0) {
        return "home can never be reached from the start with " + roll_words +
               ": a game on this board never ends";
    }
    const std::string list = first_named(
        traps.size(), ", ", [&traps](std::size_t k) { return std::to_string(traps[k]); }, 8,
        " and ");
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

// The rolls at least 1 among `rolls`.
inline std::vector<std::int64_t> usable_rolls(std::span<const std::int64_t> rolls) {
    std::vector<std::int64_t> usable;
    for (const std::int64_t r : rolls) {
        if (r >= 1) {
            usable.push_back(r);
        }
    }
    return usable;
}

// The rolls a trap check under house rules follows, distinct and ascending: every roll the dice
// can make, as far as they can be listed (max_tabulated_roll, and within max_trap_moves on this
// board): a rule may read the roll itself (a maximum rolls again, a 75 to start on 30 squares), so
// a roll the overshoot rule declares alike to another cannot stand for it. Past that, the rolls
// that matter
// (`runs`) stand for the others, with the maximum followed as itself; refused, naming `question`,
// when those are more than max_trap_moves moves on this board.
template <Dice D, HouseRule Rules>
std::vector<std::int64_t> turn_check_rolls(const D& dice, Square size,
                                           std::span<const RollRun> runs, const Rules& rules,
                                           const std::string& question) {
    const auto max_roll = static_cast<std::int64_t>(dice.max_roll());
    const auto squares = static_cast<std::uint64_t>(size);
    if (max_roll <= max_tabulated_roll &&
        static_cast<std::uint64_t>(max_roll) * squares <= max_trap_moves) {
        const std::vector<int> every = possible_rolls(dice);
        return {every.begin(), every.end()};
    }
    const bool max_listed = !runs.empty() && runs.back().high == max_roll;
    const std::uint64_t count = roll_count(runs) + (max_listed ? 0 : 1);
    if (count * squares > max_trap_moves) {
        throw AnalysisLimitExceeded(
            static_cast<double>(count * squares), static_cast<double>(max_trap_moves),
            "use dice of fewer faces or a smaller board",
            fmt::format("{} under house rules {} would follow {} rolls from each of {} squares, "
                        "{} moves, more than the {} allowed (max_trap_moves); use dice of fewer "
                        "faces or a smaller board",
                        question, rules.name(), count, size, count * squares, max_trap_moves));
    }
    std::vector<std::int64_t> rolls = listed_rolls(runs);
    if (rolls.empty() || rolls.back() < max_roll) {
        rolls.push_back(max_roll);
    }
    return rolls;
}

// The traps a lone token meets with `rolls` (turn_check_rolls) of dice whose highest roll is
// `max_roll`, under `rules`: Board::traps when the rules do nothing, the traps of whole turns
// (lone_token_traps, in a game of `seats` seats) when they may.
template <class Config, HouseRule Rules>
std::vector<Square> traps_under_rules(const BasicBoard<Config>& board,
                                      std::span<const std::int64_t> rolls, std::int64_t max_roll,
                                      const Rules& rules, std::size_t seats) {
    if (rules_off(rules)) {
        return board.traps(rolls);
    }
    // Each roll counts as equally likely: only which rolls can come matters.
    std::vector<ChanceOutcome> outcomes;
    outcomes.reserve(rolls.size());
    for (const std::int64_t roll : rolls) {
        outcomes.push_back({static_cast<int>(roll), 1.0 / static_cast<double>(rolls.size())});
    }
    return lone_token_traps(board, std::span<const ChanceOutcome>(outcomes),
                            static_cast<int>(max_roll), rules, seats);
}

// What a trap check found: the rolls it followed, as runs (folded where the overshoot rule
// declares rolls alike), the dice's own rolls, as runs (what the messages name), and the traps,
// ascending.
struct TrapSearch {
    std::vector<RollRun> runs;
    std::vector<RollRun> named;
    std::vector<Square> traps;
};

// The traps of `board` for `dice` under `rules`, refused with InvalidConfig naming `question` (the
// caller's call and what it asks) past max_trap_moves. Without house rules, Board::traps's search
// on the runs of rolls that matter, whose cost does not grow with the dice's faces; under house
// rules, whole turns (lone_token_traps) in a game of `seats` seats.
template <class Config, Dice D, HouseRule Rules>
TrapSearch search_traps(const BasicBoard<Config>& board, const D& dice, const Rules& rules,
                        const std::string& question, std::size_t seats = 1) {
    TrapSearch found{roll_runs(dice, board), dice_roll_runs(dice), {}};
    if (rules_off(rules)) {
        check_trap_search<typename Config::overshoot_rule>(found.runs, board.size(), question);
        found.traps = trap_squares(board, std::span<const RollRun>(found.runs));
        return found;
    }
    const std::vector<std::int64_t> rolls =
        turn_check_rolls(dice, board.size(), found.runs, rules, question);
    found.traps = traps_under_rules(board, std::span<const std::int64_t>(rolls),
                                    static_cast<std::int64_t>(dice.max_roll()), rules, seats);
    found.runs = runs_of(rolls, std::numeric_limits<std::int64_t>::max());
    return found;
}

// "rolls {1, 2} under house rules ExtraTurnOnMax<2>", for describe_trap_squares.
template <HouseRule Rules>
std::string trap_roll_words(std::span<const RollRun> runs, const Rules& rules) {
    std::string words =
        runs.empty() ? std::string("no roll of at least 1") : "rolls " + describe_runs(runs);
    if (!rules_off(rules)) {
        words += " under house rules " + rules.name();
    }
    return words;
}

// "1 to 6", "2, 4, 6", "1, 2, 3, 5, 8, 13, 21, 34 ... 89": the rolls in Game's messages.
inline std::string roll_list_in_words(std::span<const RollRun> runs) {
    if (runs.empty()) {
        return "none at all";
    }
    if (runs.size() == 1) {
        const RollRun& run = runs.front();
        return run.low == run.high ? std::to_string(run.low)
                                   : fmt::format("{} to {}", run.low, run.high);
    }
    constexpr std::size_t shown = 8;
    std::string list;
    std::size_t count = 0;
    for (const RollRun& run : runs) {
        for (std::int64_t k = 0; k <= run.high - run.low && count < shown; ++k, ++count) {
            const std::int64_t roll = run.low + k;
            list += (count == 0 ? "" : ", ") + std::to_string(roll);
        }
    }
    if (roll_count(runs) > shown) {
        list += fmt::format(" ... {}", runs.back().high);
    }
    return list;
}

// Game's constructor: dice that can leave a token where home is out of reach would make a game
// that never ends, so the game is refused with InvalidConfig naming the first few such squares.
// Under house rules the turns decide (a rule that forfeits a turn or rolls again can trap a token
// single rolls would let through). A rule that moves other tokens (KnockBack) can still make a
// race that never ends on a board that funnels every token onto one square: that is not examined,
// and the turn limit is what ends such a game.
//
// `caller` names the call ("Game") in the refusal of a search past max_trap_moves; `seats`, the
// seats of the game (a rule may act on them).
template <class Config, Dice D, HouseRule Rules>
void refuse_endless_game(const BasicBoard<Config>& board, const D& dice, const Rules& rules,
                         const std::string& caller, std::size_t seats) {
    const TrapSearch found = search_traps(
        board, dice, rules, caller + ": checking that these dice can bring a token home", seats);
    if (found.traps.empty()) {
        return;
    }
    std::string rule{Config::overshoot_rule::name};
    if (!rules_off(rules)) {
        rule += " and house rules " + rules.name();
    }
    const std::string rolls = roll_list_in_words(found.named);
    if (found.traps.front() == 0) {
        throw InvalidConfig(fmt::format("home (square {}) can never be reached from the start "
                                        "with rolls of {} under {}",
                                        board.size(), rolls, rule));
    }
    const std::string squares = first_named(
        found.traps.size(), ", ",
        [&found](std::size_t k) { return std::to_string(found.traps[k]); }, 5);
    throw InvalidConfig(fmt::format(
        "with rolls of {} under {}, a token can reach square{} {} but can never get home "
        "(square {}) from there, so the game might never end",
        rolls, rule, found.traps.size() == 1 ? "" : "s", squares, board.size()));
}

} // namespace detail

/// The traps of `board` for the given rolls, in a sentence a board designer can act on, e.g.
/// "square 7 is a trap: a token can reach it from the start, but from it home can never be
/// reached with rolls {2, 4}". For a sound board the sentence says there is none.
template <typename Config>
[[nodiscard]] std::string describe_traps(const BasicBoard<Config>& board,
                                         std::span<const std::int64_t> rolls) {
    const std::vector<std::int64_t> usable = detail::usable_rolls(rolls);
    const std::string roll_words = usable.empty() ? std::string("no roll of at least 1")
                                                  : "rolls " + detail::describe_rolls(usable);
    return detail::describe_trap_squares(board.traps(usable), roll_words);
}

/// describe_traps for the rolls `dice` can make (rolls the overshoot rule declares to move a token
/// alike, `alike_from` in rules/rules.hpp, are described as the shortest of them).
template <typename Config, Dice D>
[[nodiscard]] std::string describe_traps(const BasicBoard<Config>& board, const D& dice) {
    const detail::TrapSearch found = detail::search_traps(
        board, dice, NoHouseRules{}, "describe_traps: finding the traps for these dice");
    return detail::describe_trap_squares(found.traps,
                                         detail::trap_roll_words(found.named, NoHouseRules{}));
}

/// describe_traps for the dice under house rules, which decide where whole turns can end: a rule
/// that forfeits a turn or grants another roll can trap a token that single rolls would not
/// (Game and simulate refuse such a board for these rules), e.g. "squares 5, 6, 7, 8 and 9 are
/// traps: ... with rolls {1, 2} under house rules ExtraTurnOnMax<2>". A rule that moves other
/// tokens (KnockBack) changes nothing here: a lone token's turns are examined, in a game of
/// `seats` seats (the others on square 0), so that a rule that acts on another seat finds one,
/// as Game's check runs it in the game's own seats.
template <typename Config, Dice D, HouseRule Rules>
[[nodiscard]] std::string describe_traps(const BasicBoard<Config>& board, const D& dice,
                                         const Rules& house_rules, std::size_t seats = 2) {
    const detail::TrapSearch found = detail::search_traps(
        board, dice, house_rules, "describe_traps: finding the traps for these dice", seats);
    return detail::describe_trap_squares(found.traps,
                                         detail::trap_roll_words(found.named, house_rules));
}

} // namespace snakeladder
