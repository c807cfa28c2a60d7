// The analysis of house-rule games, step one: where one whole turn can lead, asked of the turn
// model (turn_model.hpp), which alone knows what a roll does under the rules. A turn may be several
// rolls (a maximum rolls again), and may cost several turns of the game (turns to miss); what
// happens inside it is followed roll by roll here, so the chains built on it (one player's turn
// kernel below, the joint chain of all tokens in joint_chain.hpp) only see whole turns, and no
// rule has to tell the analysis what it remembers within a turn.
#pragma once

#include "../board.hpp"
#include "../errors.hpp"
#include "../game_state.hpp"
#include "../house_rules.hpp"
#include "../turn_model.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <span>
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
/// took. Its buffers are kept from call to call (a chain asks once per state).
template <class Config, HouseRule Rules>
class TurnFollower {
public:
    TurnFollower(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls,
                 const Rules& rules)
        : board_(&board), rolls_(rolls), rules_(&rules) {}

    /// Equal end states merged; valid until the next call.
    const std::vector<TurnEnd>& ends(const GameState& start) {
        ends_.clear();
        now_.clear();
        now_.push_back({start, 0, 1.0});
        now_.front().state.turns_played = 0;
        for (std::uint32_t roll_number = 1;; ++roll_number) {
            next_.clear();
            double under_way = 0.0;
            for (const TurnEnd& item : now_) {
                for (const ChanceOutcome& roll : rolls_) {
                    scratch_ = item.state;
                    const RollOutcome outcome =
                        apply_roll_in_place(*board_, scratch_, roll.roll, *rules_);
                    const double mass = item.probability * roll.probability;
                    merge(outcome.turn_over ? ends_ : next_, mass);
                    under_way += outcome.turn_over ? 0.0 : mass;
                }
            }
            if (next_.empty() || under_way <= turn_cut_mass) {
                return ends_;
            }
            if (roll_number == max_rolls_followed) {
                throw Error(fmt::format(
                    "under house rules {} a turn may practically never end: one that began with "
                    "the tokens on {} is still under way after {} rolls with probability {:.3g}",
                    rules_->name(), fmt::join(start.squares, " "), max_rolls_followed, under_way));
            }
            std::swap(now_, next_);
        }
    }

private:
    // Adds the scratch state's mass to `list`, merged with an equal state (lists are short).
    void merge(std::vector<TurnEnd>& list, double mass) {
        for (TurnEnd& item : list) {
            if (item.state == scratch_) {
                item.probability += mass;
                return;
            }
        }
        list.push_back({scratch_, scratch_.turns_played, mass});
    }

    const BasicBoard<Config>* board_;
    std::span<const ChanceOutcome> rolls_;
    const Rules* rules_;
    // States still under way are kept as TurnEnd too (their `turns` unused).
    std::vector<TurnEnd> ends_;
    std::vector<TurnEnd> now_;
    std::vector<TurnEnd> next_;
    GameState scratch_;
};

} // namespace snakeladder::detail
