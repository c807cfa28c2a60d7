// The analysis of house-rule games, step one: where one whole turn can lead, asked of the turn
// model (turn/turn_model.hpp), which alone knows what a roll does under the rules. A turn may be
// several rolls (a maximum rolls again), and may cost several turns of the game (turns to miss);
// what happens inside it is followed roll by roll here, so the chains built on it (one player's
// turn kernel below, the joint chain of all tokens in analysis/detail/joint_chain.hpp) only see
// whole turns, and no rule has to tell the analysis what it remembers within a turn.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../rules/game_state.hpp"
#include "../../rules/house_rule.hpp"
#include "../turn_model.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace snakeladder::detail {

/// One way a whole turn can end: the state after it (between turns, or over), the turns of the
/// game it took (1, or more when seats missed turns), and its probability.
struct TurnEnd {
    GameState state;
    std::uint64_t turns = 0;
    double probability = 0.0;
};

/// A turn still under way after this many rolls, with a probability still above
/// `turn_cut_mass`, is refused: under these rules a turn may practically never end.
inline constexpr std::uint32_t max_rolls_followed = 100'000;
/// What is left of a turn still under way below this probability (2^-64) is left out: far below
/// the rounding of the probabilities themselves.
inline constexpr double turn_cut_mass = 5.421010862427522e-20;

/// Follows turns through the turn model: `ends(start)` lists every way the turn that starts at
/// `start` (between turns, game not over) can end, with the dice's chance outcomes `rolls` and
/// the house rules `rules`. Rolls inside the turn are followed generation by generation, equal
/// states merged; `start.turns_played` is taken as 0, so each end counts the turns the turn
/// took. Its buffers are kept from call to call (a chain asks once per state). `max_rolls`, when
/// given, holds the highest roll of the dice each outcome is rolled with (a game where each roll
/// may be of other dice, DecisionGame's): the state's max_roll is set to it before the roll.
template <class Config, HouseRule Rules>
class TurnFollower {
public:
    TurnFollower(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls,
                 const Rules& rules, std::span<const int> max_rolls = {})
        : board_(&board), rolls_(rolls), max_rolls_(max_rolls), rules_(&rules) {}

    /// Equal end states merged; valid until the next call.
    const std::vector<TurnEnd>& ends(const GameState& start) {
        ends_.clear();
        ends_index_.clear();
        now_.clear();
        now_.push_back({start, 0, 1.0});
        now_.front().state.turns_played = 0;
        for (std::uint32_t roll_number = 1;; ++roll_number) {
            next_.clear();
            next_index_.clear();
            double under_way = 0.0;
            for (const TurnEnd& item : now_) {
                for (std::size_t k = 0; k < rolls_.size(); ++k) {
                    const ChanceOutcome& roll = rolls_[k];
                    scratch_ = item.state;
                    if (!max_rolls_.empty()) {
                        scratch_.max_roll = max_rolls_[k];
                    }
                    const RollOutcome outcome =
                        apply_roll_in_place(*board_, scratch_, roll.roll, *rules_);
                    const double mass = item.probability * roll.probability;
                    if (outcome.turn_over) {
                        merge(ends_, ends_index_, mass);
                    } else {
                        merge(next_, next_index_, mass);
                    }
                    under_way += outcome.turn_over ? 0.0 : mass;
                }
            }
            if (next_.empty() || under_way <= turn_cut_mass) {
                return ends_;
            }
            if (roll_number == max_rolls_followed) {
                // Not a size: the chance still under way did not fall away (the residual).
                throw NotConverged(
                    under_way,
                    fmt::format("under house rules {} a turn may practically never end: one that "
                                "began with the tokens on {} is still under way after {} rolls "
                                "with probability {:.3g}",
                                rules_->name(), fmt::join(start.squares, " "), max_rolls_followed,
                                under_way));
            }
            std::swap(now_, next_);
        }
    }

private:
    using ListIndex = std::unordered_multimap<std::size_t, std::size_t>;
    // From this length on, a list is searched through a hash index: dice of many faces end a
    // turn on about as many states, and a linear search for each made a turn quadratic in the
    // faces (400 faces: 1.2 s for 1,000 squares). The order of the list, and so every sum, is
    // the same either way.
    static constexpr std::size_t indexed_from = 16;

    // Adds the scratch state's mass to `list`, merged with an equal state.
    void merge(std::vector<TurnEnd>& list, ListIndex& index, double mass) {
        if (list.size() < indexed_from) {
            for (TurnEnd& item : list) {
                if (item.state == scratch_) {
                    item.probability += mass;
                    return;
                }
            }
        } else {
            if (index.empty()) {
                for (std::size_t i = 0; i < list.size(); ++i) {
                    index.emplace(hash_value(list[i].state), i);
                }
            }
            const std::size_t hash = hash_value(scratch_);
            const auto [first, last] = index.equal_range(hash);
            for (auto at = first; at != last; ++at) {
                TurnEnd& item = list[at->second];
                if (item.state == scratch_) {
                    item.probability += mass;
                    return;
                }
            }
            index.emplace(hash, list.size());
        }
        list.push_back({scratch_, scratch_.turns_played, mass});
    }

    const BasicBoard<Config>* board_;
    std::span<const ChanceOutcome> rolls_;
    std::span<const int> max_rolls_;
    const Rules* rules_;
    // States still under way are kept as TurnEnd too (their `turns` unused).
    std::vector<TurnEnd> ends_;
    std::vector<TurnEnd> now_;
    std::vector<TurnEnd> next_;
    ListIndex ends_index_;
    ListIndex next_index_;
    GameState scratch_;
};

/// The most rolls of one turn the quick proof in lone_token_traps follows.
inline constexpr int quick_proof_turn_rolls = 3;

// A quick proof that lone_token_traps finds no trap, as Board::traps has one: from the top
// down, a square surely gets home when a turn of a few rolls (quick_proof_turn_rolls) can end
// on a higher square that surely does (home does). Every square passing proves there is no
// trap, after a roll or two per square on a sound board; a square failing proves nothing, and
// lone_token_traps' search decides. `lone` is the state of the game's seats to move seat 0 in.
template <class Config, HouseRule Rules>
bool no_trap_by_quick_proof(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls,
                            const Rules& rules, GameState lone, std::span<const int> max_rolls) {
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;
    std::vector<unsigned char> climbs(squares, 0);
    climbs[static_cast<std::size_t>(home)] = 1;
    std::vector<std::pair<GameState, int>> under_way; // states mid-turn, rolls made
    bool proved = true;
    for (Square s = home - 1; s >= 0 && proved; --s) {
        lone.squares[0] = s;
        under_way.assign(1, {lone, 0});
        while (!under_way.empty() && climbs[static_cast<std::size_t>(s)] == 0) {
            const auto [state, made] = std::move(under_way.back());
            under_way.pop_back();
            for (std::size_t k = 0; k < rolls.size(); ++k) {
                const ChanceOutcome& roll = rolls[k];
                GameState next = state;
                if (!max_rolls.empty()) {
                    next.max_roll = max_rolls[k];
                }
                const RollOutcome outcome = apply_roll_in_place(board, next, roll.roll, rules);
                const Square end = next.squares[0];
                if (!outcome.turn_over) {
                    if (made + 1 < quick_proof_turn_rolls) {
                        under_way.emplace_back(std::move(next), made + 1);
                    }
                } else if (end > s && climbs[static_cast<std::size_t>(end)] != 0) {
                    climbs[static_cast<std::size_t>(s)] = 1;
                    break;
                }
            }
        }
        proved = climbs[static_cast<std::size_t>(s)] != 0;
    }
    return proved;
}

/// The squares a lone token can begin a turn on, coming from square 0, from which no run of
/// turns gets it home under `rules`, ascending: Board::traps, for whole turns. A rule that
/// forfeits a turn or grants another roll can trap a token that single rolls would let through:
/// with ExtraTurnOnMax<2> and rolls 1 and 2, a token on 9 below a snake on 10 lands on the snake
/// with a 1, and with a 2 lands on 11, rolls again and takes a snake on 12 or forfeits. Only which
/// rolls can come matters here, not their odds (which only decide where TurnFollower stops
/// following a turn that goes on: with equal odds, a turn still going after about 64 / log2(rolls)
/// maximum rolls in a row is cut, so a trap behind a longer streak is not seen). A rule that moves
/// another seat's token (KnockBack) does nothing to a lone token; what it does to a race is not
/// examined. A user's rule is run in a game of `seats` seats, the other tokens on square 0 at the
/// start of every turn followed, so that a rule that acts on another seat ("whoever gets home
/// makes the next seat miss a turn") finds the seats of the game it will be played in; only the
/// mover's square is kept from a turn's end. TurnFollower's NotConverged for a turn that
/// practically never ends reaches the caller.
///
/// Squares times rolls at most max_trap_moves, else InvalidConfig, as for Board::traps; the
/// search keeps 8 bytes per distinct square a turn can end on. With several dice to pick from
/// before each roll (DecisionGame), `rolls` lists every dice's and `max_rolls` the highest roll
/// of the dice of each (TurnFollower): a square is a trap when no picks get the token home.
template <class Config, HouseRule Rules>
std::vector<Square> lone_token_traps(const BasicBoard<Config>& board,
                                     std::span<const ChanceOutcome> rolls, int max_roll,
                                     const Rules& rules, std::size_t seats = 1,
                                     std::span<const int> max_rolls = {}) {
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;
    const std::uint64_t moves = static_cast<std::uint64_t>(home) * rolls.size();
    if (moves > max_trap_moves) {
        throw AnalysisLimitExceeded(
            static_cast<double>(moves), static_cast<double>(max_trap_moves),
            "use fewer distinct rolls or a smaller board",
            fmt::format("checking that every game can end under house rules {} follows {} "
                        "distinct rolls from each of {} squares, {} moves, more than the {} "
                        "allowed; use fewer distinct rolls or a smaller board",
                        rules.name(), rolls.size(), home, moves, max_trap_moves));
    }
    GameState lone({.players = std::max<std::size_t>(seats, 1), .max_roll = max_roll});

    if (no_trap_by_quick_proof(board, rolls, rules, lone, max_rolls)) {
        return {};
    }

    // Forwards from square 0, turn by turn: the squares a turn can begin on, and every move
    // between them, kept as (to, from).
    TurnFollower<Config, Rules> follower(board, rolls, rules, max_rolls);
    std::vector<unsigned char> reached(squares, 0);
    std::vector<std::pair<Square, Square>> turn_moves;
    std::vector<Square> queue{0};
    std::vector<Square> ends_to;
    reached[0] = 1;
    while (!queue.empty()) {
        const Square s = queue.back();
        queue.pop_back();
        if (s == home) {
            continue;
        }
        lone.squares[0] = s;
        // Ends that differ only in what a rule remembers lead to one square: one move each.
        ends_to.clear();
        for (const TurnEnd& end : follower.ends(lone)) {
            ends_to.push_back(end.state.squares[0]);
        }
        std::sort(ends_to.begin(), ends_to.end());
        ends_to.erase(std::unique(ends_to.begin(), ends_to.end()), ends_to.end());
        for (const Square to : ends_to) {
            turn_moves.emplace_back(to, s);
            if (reached[static_cast<std::size_t>(to)] == 0) {
                reached[static_cast<std::size_t>(to)] = 1;
                queue.push_back(to);
            }
        }
    }
    // Backwards from home along those moves: the squares that can still get home.
    std::sort(turn_moves.begin(), turn_moves.end());
    std::vector<unsigned char> gets_home(squares, 0);
    gets_home[static_cast<std::size_t>(home)] = 1;
    queue.assign(1, home);
    while (!queue.empty()) {
        const Square to = queue.back();
        queue.pop_back();
        const auto first = std::lower_bound(turn_moves.begin(), turn_moves.end(),
                                            std::pair<Square, Square>{to, 0});
        for (auto m = first; m != turn_moves.end() && m->first == to; ++m) {
            if (gets_home[static_cast<std::size_t>(m->second)] == 0) {
                gets_home[static_cast<std::size_t>(m->second)] = 1;
                queue.push_back(m->second);
            }
        }
    }
    std::vector<Square> traps;
    for (Square s = 0; s < home; ++s) {
        if (reached[static_cast<std::size_t>(s)] != 0 &&
            gets_home[static_cast<std::size_t>(s)] == 0) {
            traps.push_back(s);
        }
    }
    return traps;
}

} // namespace snakeladder::detail
