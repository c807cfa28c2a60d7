// A Game's turns (game/game.hpp), which a user never names: the state a game plays on (its
// core, its dice, and the scratch state a turn under house rules is played on) and the turn
// loop: one turn under the locks, the standard game's roll in place, the rolls of a turn under
// house rules or replayed played through the turn model on a copy and committed, and play()'s
// stretches of turns back to back. Game derives from it and adds the calls a user makes.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../dice/detail/dice_checkpoint.hpp"
#include "../../dice/dice.hpp"
#include "../../rules/config.hpp"
#include "../../rules/game_state.hpp"
#include "../../turn/turn_model.hpp"
#include "../../turn/turn_record.hpp"
#include "event_hub.hpp"
#include "game_core.hpp"
#include "turn_lock.hpp"
#include "turn_log.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Keeps rare paths (errors, observers) out of the turn loop, and paths that are common only in
// some games (house rules) out of line.
#if defined(__GNUC__) || defined(__clang__)
#define SNAKELADDER_COLD [[gnu::cold, gnu::noinline]]
#define SNAKELADDER_OUT_OF_LINE [[gnu::noinline]]
#define SNAKELADDER_HOT [[gnu::always_inline]] inline
#else
#define SNAKELADDER_COLD
#define SNAKELADDER_OUT_OF_LINE
#define SNAKELADDER_HOT inline
#endif

namespace snakeladder::detail {

template <class D, class Config, class Mutex>
class GameTurns {
protected:
    // The standard game's log keeps four words a turn; under house rules, each turn's detail.
    using Core = GameCore<Config, Mutex>;
    using house_rule_policy = typename Config::house_rule_policy;
    /// The standard game: no house rule can ever act, so turns take the plain, faster path.
    static constexpr bool plain_rules = rule_plays_plain<house_rule_policy>();

    GameTurns(Board<Config> board, D dice, std::vector<std::string> players,
              house_rule_policy house_rules)
        : core_(std::move(board), std::move(players), std::move(house_rules)),
          dice_(std::move(dice)) {
        core_.check_dice(std::span<const D>(&dice_, 1), "Game");
        core_.state = GameState(
            {.players = core_.names.size(), .max_roll = static_cast<int>(dice_.max_roll())});
    }

    // One turn, start to end: lock, play, deliver. Returns false, without throwing, when
    // `stop_quietly` and the game can take no more turns.
    SNAKELADDER_HOT bool run_turn(const std::string_view* claimed, TurnRecord* copy_out,
                                  bool stop_quietly, bool nested,
                                  std::span<const int>* replay = nullptr) {
        GameHub<Mutex>& hub = *core_.hub;
        TurnLock<Mutex> turn(hub, nested);
        bool played = false;
        {
            std::lock_guard<Mutex> state(hub.state_mutex);
            played = play_locked(claimed, copy_out, stop_quietly, replay);
        }
        if (turn.owner() && !hub.queue.empty()) [[unlikely]] {
            core_.deliver(turn);
        }
        return played;
    }

    // One turn of the player due, top to bottom, every path but play()'s stretches: may it be
    // played; the rolls, from the dice or `replay`, each applied by the turn model; the turn
    // logged; then its record (`copy_out`) and its events. Nothing in the game changes until the
    // whole turn is known, and if the record or the events then fail, the turn is taken back and
    // the dice put back as they were. Everything rare is out of line.
    SNAKELADDER_HOT bool play_locked(const std::string_view* claimed, TurnRecord* copy_out,
                                     bool stop_quietly, std::span<const int>* replay) {
        if (claimed != nullptr || core_.state.finished ||
            core_.state.turns_played >= core_.config.turn_limit()) [[unlikely]] {
            if (!admit(claimed, stop_quietly)) {
                return false;
            }
        }
        if (core_.log.full()) [[unlikely]] {
            core_.log.grow(); // before the roll, so running out of memory here changes nothing
        }
        const bool publish = copy_out != nullptr || !core_.hub->observers.empty();
        // The standard game with nobody to tell needs neither a checkpoint nor a scratch state:
        // one roll, the turn model's standard roll in place.
        if (plain_rules && replay == nullptr && !publish) [[likely]] {
            std::size_t rolled = 0; // dice that throw must change nothing themselves
            play_plain_roll(dice_roll(rolled));
            return true;
        }
        play_checked_turn(copy_out, replay, publish);
        return true;
    }

    // The rest of a turn that needs a checkpoint of the dice: one under house rules (several
    // rolls, any of which may fail), replayed, or whose record or events are wanted (building
    // them may fail after the roll). Out of line, to keep the common turn short.
    SNAKELADDER_OUT_OF_LINE void play_checked_turn(TurnRecord* copy_out,
                                                   std::span<const int>* replay, bool publish) {
        DiceCheckpoint<D> checkpoint(dice_);
        std::size_t rolled = 0;
        try {
            if (plain_rules && replay == nullptr) {
                play_plain_roll(dice_roll(rolled));
            } else {
                play_rolls(replay, rolled);
            }
        } catch (...) {
            checkpoint.restore(dice_, rolled);
            throw;
        }
        if (publish) {
            try {
                if (copy_out != nullptr) {
                    *copy_out = core_.record_at(core_.log.size() - 1);
                }
                if (!core_.hub->observers.empty()) {
                    core_.queue_turn_events(core_.record_at(core_.log.size() - 1), core_.state);
                }
            } catch (...) {
                roll_back_last();
                checkpoint.restore(dice_, rolled);
                throw;
            }
        }
    }

    // The next roll of the dice, counted in `rolled` once made (for the checkpoint: dice that
    // throw have not rolled), and refused below 1.
    SNAKELADDER_HOT int dice_roll(std::size_t& rolled) {
        const int roll = dice_.roll();
        ++rolled;
        if (roll < 1) [[unlikely]] {
            refuse_roll(roll);
        }
        return roll;
    }

    // A roll of the standard game, through the turn model's fast path, logged. The log must have
    // room. The roll is played before the log grows: a rule that puts the token off the board
    // throws with nothing changed.
    SNAKELADDER_HOT void play_plain_roll(int roll) {
        const std::uint32_t seat = core_.state.seat_due;
        const Square start = core_.state.squares[seat];
        const Square end = apply_plain_roll(core_.board, core_.state, roll);
        LoggedTurn& turn = core_.log.append();
        turn.start = start;
        turn.end = end;
        turn.seat = seat;
        turn.roll = roll;
    }

    // A turn played roll by roll through the turn model on a copy of the state, then committed:
    // every turn under house rules, and every replayed turn. Rolls come from `replay` when
    // given, else from the dice (`rolled` counts them, for the checkpoint).
    void play_rolls(std::span<const int>* replay, std::size_t& rolled) {
        // Copied into a state kept for this (its room is reused: no allocation once the game is
        // under way), and swapped in when the turn is complete. Its room for every finisher is
        // made here, on the first such turn, so that getting home never allocates in either
        // state a turn swaps between (the fast paths count on it; a copy alone keeps only what
        // it needs); a game that plays only the standard game's fast path never builds it.
        GameState& next = pending_;
        if (next.finish_order.capacity() < core_.names.size()) {
            next.finish_order.reserve(core_.names.size());
        }
        next = core_.state;
        std::vector<RollOutcome>& rolls = pending_rolls_;
        rolls.clear();
        std::size_t given = 0;
        do {
            int roll = 0;
            if (replay != nullptr) {
                roll = replayed_roll(*replay, given);
            } else {
                roll = dice_roll(rolled);
            }
            rolls.push_back(
                apply_roll_in_place(core_.board, next, roll, core_.config.house_rules()));
        } while (!rolls.back().turn_over);
        if (replay != nullptr && given != replay->size()) {
            Core::refuse_replay_length(given, replay->size());
        }
        commit_turn(rolls, next);
    }

    // What a record's roll `number` (from 1) says beside the roll, which a Game cannot play.
    static void check_replayed_choice(std::size_t number, std::optional<std::uint32_t> dice,
                                      bool stayed) {
        if (dice && *dice != 0) {
            Core::refuse_replay_dice(number, *dice);
        }
        if (stayed) {
            throw_invalid_config(fmt::format(
                "replay_turn: roll {} stays, but a Game's players do not decide (a DecisionGame's "
                "may)",
                number));
        }
    }

    [[nodiscard]] int replayed_roll(std::span<const int> rolls, std::size_t& next) const {
        if (next == rolls.size()) {
            Core::refuse_replay_length(next, rolls.size());
        }
        const int roll = rolls[next];
        Core::check_replayed_roll(dice_, roll);
        ++next;
        return roll;
    }

    // Logs a turn the turn model has played into `next` and makes `next` the game's state (the
    // old state goes to `next`, to be reused). Whatever can fail (allocation) happens before the
    // first change. Under house rules the rolls' outcomes are kept beside the log: records are
    // built from them, and undo takes them back.
    void commit_turn(const std::vector<RollOutcome>& rolls, GameState& next) {
        if constexpr (!plain_rules) {
            core_.log_turn({core_.state.turns_played + 1, rolls});
        } else {
            const RollOutcome& first = rolls.front();
            LoggedTurn& turn = core_.log.append();
            turn.start = first.start;
            turn.end = rolls.back().end;
            turn.seat = first.seat;
            turn.roll = first.roll;
        }
        std::swap(core_.state, next);
    }

    // play()'s inner loop: turns that need nothing but the common case, played back to back while
    // nobody is home (so the rotation skips no one), there is room in the log, the turn limit is
    // not near, and nobody is observing. Stops after a turn that brings a player home, and after a
    // bounded stretch, so that with a real mutex readers wait at most that long. It is the turn
    // model's standard roll (apply_plain_roll) with the rotation kept in a register; the
    // tests hold the two together. Returns false, having played nothing, when the game is not in
    // that state.
    SNAKELADDER_HOT bool play_plain_turns() {
        constexpr std::size_t longest_stretch = 1024;
        if (!plain_rules || core_.state.finished || !core_.state.finish_order.empty() ||
            !core_.hub->observers.empty()) {
            return false;
        }
        if (core_.log.full()) [[unlikely]] {
            core_.log.grow(); // before the roll, so running out of memory here changes nothing
        }
        const std::size_t below_limit = core_.config.turn_limit() - core_.state.turns_played;
        const std::size_t turns = std::min({core_.log.room(), below_limit, longest_stretch});
        const auto players = static_cast<std::uint32_t>(core_.names.size());
        const Square size = core_.board.size();
        // Kept in locals through the stretch, and written back on every way out (a roll may
        // throw), so the compiler need not reload them after each store to the log.
        Square* const positions = core_.state.squares.data();
        LoggedTurn* const first = core_.log.free_space();
        LoggedTurn* const last = first + turns;
        LoggedTurn* next = first;
        std::uint32_t seat = core_.state.seat_due;
        const auto settle = [&]() noexcept {
            const auto played = static_cast<std::size_t>(next - first);
            core_.log.appended(played);
            core_.state.turns_played += played;
            core_.state.seat_due = seat;
        };
        try {
            while (next != last) {
                const int roll = dice_.roll();
                if (roll < 1) [[unlikely]] {
                    refuse_roll(roll);
                }
                const Square start = positions[seat];
                const Square end =
                    core_.board.advance(start, roll); // the overshoot rule, the jumps
                next->start = start;
                next->end = end;
                next->seat = seat;
                next->roll = roll;
                positions[seat] = end;
                if (end == size) [[unlikely]] {
                    // A homecoming: the turn model ends the turn (finish order, maybe the end).
                    settle();
                    core_.log.appended(1);
                    finish_plain_roll(core_.board, core_.state);
                    return true;
                }
                ++next;
                seat = seat_after(seat, players);
            }
        } catch (...) {
            settle();
            throw;
        }
        settle();
        return true;
    }

    // Dice that roll below 1 break the Dice contract. The turn is refused before anything in the
    // game changes. The dice are put back only where the turn had checkpointed them (a turn that
    // returns a record or has observers); play_turn, take_turn and observed turns give the strong
    // guarantee, play()'s unobserved stretches do not pay for a checkpoint.
    [[noreturn]] SNAKELADDER_COLD static void refuse_roll(int roll) {
        throw InvalidConfig(fmt::format("the dice rolled {}, but a roll must be at least 1", roll));
    }

    // Undoes the last turn, logged and committed, through the turn model.
    void roll_back_last() noexcept {
        core_.take_back_last(core_.state);
        core_.drop_last();
    }

    // A Game is never inside a turn between calls, and has started once a turn is logged.
    [[nodiscard]] GameResult result_locked() const {
        return core_.result(core_.state, true, !core_.log.empty());
    }
    [[nodiscard]] bool admit(const std::string_view* claimed, bool stop_quietly) const {
        return core_.admit(core_.state, claimed, stop_quietly, core_.at_limit(core_.state));
    }

    Core core_; // board, rules, players, the log, locks and observers
    D dice_;
    GameState pending_;                      // where a house-rule or replayed turn is played
    std::vector<RollOutcome> pending_rolls_; // and what its rolls did
};

} // namespace snakeladder::detail

#undef SNAKELADDER_COLD
#undef SNAKELADDER_OUT_OF_LINE
#undef SNAKELADDER_HOT
