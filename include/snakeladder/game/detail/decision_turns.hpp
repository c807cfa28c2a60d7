// A DecisionGame's turns (game/decision_game.hpp), which a user never names: the state a game
// keeps (its choices, seats, core, the decision point reached and the turn under way) and the
// driver that plays on from it, rolling at each chance point and asking a computer seat's
// policy at each decision point, through the decision model (turn/decisions.hpp) on copies,
// committed at the end. DecisionGame derives from it and adds the calls a user makes.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../dice/detail/dice_checkpoint.hpp"
#include "../../dice/dice.hpp"
#include "../../rules/game_state.hpp"
#include "../../turn/decisions.hpp"
#include "../../turn/turn_record.hpp"
#include "../seat.hpp"
#include "game_core.hpp"
#include "player_names.hpp"
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

namespace snakeladder::detail {

template <class D, class Config, class Mutex>
class DecisionTurns {
    // Template arguments that do not fit: the first check that fails is the error's first line
    // (this class is instantiated before the DecisionGame that derives from it).
    static_assert(report_game_arguments<D, Config, Mutex>());

protected:
    using Core = GameCore<Config, Mutex, LogKeeps::decisions>;

    DecisionTurns(Board<Config> board, Choices<D> choices, std::vector<Seat> seats,
                  typename Config::house_rule_policy house_rules)
        : choices_(checked(std::move(choices))), seats_(std::move(seats)),
          core_(std::move(board), names_of(seats_), std::move(house_rules)) {
        core_.check_dice(std::span<const D>(choices_.dice), "DecisionGame");
        set_state(new_decision_state(choices_, seats_.size()));
    }

    // The turn under way: what its rolls did, and the dice picked for each (kept between calls
    // while a person decides).
    struct TurnSoFar {
        TurnDetail played;                 // its rolls' outcomes, and its number
        std::vector<RollDecision> decided; // the pick and the stay of each of its rolls
        std::optional<std::uint32_t> pick; // for the roll under way
        friend bool operator==(const TurnSoFar&, const TurnSoFar&) = default;
    };

    // The dice rolled since a checkpoint, to put back if the call fails.
    struct Rolled {
        std::uint32_t dice;
        DiceCheckpoint<D> checkpoint;
        std::size_t rolls;
    };

    static Choices<D> checked(Choices<D> choices) {
        check_choices(choices, "DecisionGame");
        return choices;
    }
    static std::vector<std::string> names_of(const std::vector<Seat>& seats) {
        std::vector<std::string> names;
        names.reserve(seats.size());
        for (const Seat& seat : seats) {
            names.push_back(seat.name);
        }
        return names;
    }

    // `step()` under the turn lock and the state lock, then the events it queued, delivered with
    // the state lock free (an observer may read the game, and play on).
    template <class Step>
    std::optional<TurnRecord> locked_turn(Step&& step) {
        TurnLock<Mutex> turn(*core_.hub);
        std::optional<TurnRecord> record;
        {
            std::lock_guard<Mutex> state(core_.hub->state_mutex);
            record = step();
        }
        if (turn.owner() && !core_.hub->queue.empty()) {
            core_.deliver(turn);
        }
        return record;
    }

    template <class Read>
    auto read(Read&& what) const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return what();
    }

    // May a turn be played now (by `claimed`, when a person claims it)? The core's admission
    // (InvalidPlayers, GameOver, TurnLimitReached, NotYourTurn), then a claimed seat must be a
    // person's (unless `person_only` is false: a replay). Returns false only when
    // `stop_quietly`.
    bool admit(const std::string_view* claimed, bool stop_quietly, bool person_only = true) const {
        if (!core_.admit(core_.state, claimed, stop_quietly, at_limit())) {
            return false;
        }
        if (claimed != nullptr && person_only && !seats_[core_.state.seat_due].is_person()) {
            throw NotYourTurn(fmt::format("{} is a computer player: play() or play_turn() asks "
                                          "its policy",
                                          shown_for_message(*claimed)));
        }
        return true;
    }

    // The decision model's state: the core's GameState where the decision point stands.
    [[nodiscard]] DecisionState decision_state() const {
        return {core_.state, at_.point, at_.dice, at_.roll};
    }
    void set_state(DecisionState&& state) noexcept {
        core_.state = std::move(state.game);
        at_ = {state.point, state.dice, state.roll};
    }

    [[nodiscard]] std::uint32_t seat_due() const {
        core_.throw_if_finished(core_.state);
        return core_.state.seat_due;
    }

    // No turn is under way: no roll of it made or seen, no dice picked.
    [[nodiscard]] bool between_turns() const noexcept {
        return current_.played.rolls.empty() && !current_.pick &&
               at_.point != DecisionPoint::move_or_stay;
    }
    // The dice have rolled: a turn is over, or one under way has a roll made or seen.
    [[nodiscard]] bool started() const noexcept {
        return !core_.log.empty() || !current_.played.rolls.empty() ||
               at_.point == DecisionPoint::move_or_stay;
    }
    // Mid-turn (a person deciding) the turn under way may finish.
    [[nodiscard]] bool at_limit() const noexcept {
        return between_turns() && core_.at_limit(core_.state);
    }

    [[nodiscard]] bool person_decides() const noexcept {
        return at_.point != DecisionPoint::roll && at_.point != DecisionPoint::over &&
               seats_[core_.state.seat_due].is_person();
    }

    // From the state as it is, with `given` as the person's first decision: rolls at each
    // chance point and asks the computer seat's policy at each decision point, until the turn is
    // over (its record is logged and returned) or a person must decide (nothing is returned).
    // Works on copies and commits at the end; on a throw, the dice are put back.
    std::optional<TurnRecord> play_on(const Action* given) {
        DecisionState state = decision_state();
        TurnSoFar turn = current_;
        std::vector<Rolled> rolled;
        std::optional<TurnRecord> record;
        try {
            while (!record) {
                if (state.is_chance_point()) {
                    record = take_step(state, turn, nullptr, roll_dice(state.dice, rolled));
                } else if (given != nullptr) {
                    const Action action = *std::exchange(given, nullptr);
                    record = take_step(state, turn, &action, 0);
                } else if (seats_[state.seat_due()].is_person()) {
                    break; // the person decides: keep the turn so far
                } else {
                    const Action action = ask_policy(state);
                    record = take_step(state, turn, &action, 0);
                }
            }
            log_turn(record, turn, state);
        } catch (...) {
            for (auto it = rolled.rbegin(); it != rolled.rend(); ++it) {
                it->checkpoint.restore(choices_.dice[it->dice], it->rolls);
            }
            throw;
        }
        commit(std::move(state), std::move(turn));
        return record;
    }

    // One step, `action` at a decision point or `roll` at a chance point, on copies: what the
    // decision model does, kept in the turn so far. Returns the turn's record when it is over.
    std::optional<TurnRecord> take_step(DecisionState& state, TurnSoFar& turn, const Action* action,
                                        int roll) const {
        const Board<Config>& board = core_.board;
        DecisionStep step;
        if (action == nullptr) {
            step =
                snakeladder::apply_chance(board, choices_, state, roll, core_.config.house_rules());
        } else {
            step = snakeladder::apply_action(board, choices_, state, *action,
                                             core_.config.house_rules());
            if (action->kind == Action::Kind::roll_with) {
                turn.pick = action->dice;
            }
        }
        state = std::move(step.state);
        if (!step.outcome) {
            return std::nullopt;
        }
        TurnDetail& played = turn.played;
        if (played.rolls.empty()) { // the number it will have: missed turns count
            played.turn = core_.state.turns_played + 1;
        }
        played.rolls.push_back(std::move(*step.outcome));
        turn.decided.push_back({turn.pick, step.stayed});
        turn.pick.reset();
        if (!played.rolls.back().turn_over) { // a stay ends the turn too
            return std::nullopt;
        }
        return record_of(played, turn.decided, core_.names);
    }

    // The one step of apply_action or apply_chance, committed.
    std::optional<TurnRecord> replay_step(const Action* action, int roll) {
        DecisionState state = decision_state();
        TurnSoFar turn = current_;
        std::optional<TurnRecord> record = take_step(state, turn, action, roll);
        log_turn(record, turn, state);
        commit(std::move(state), std::move(turn));
        return record;
    }

    // replay_turn's turn, step by step on copies: the pick the record names at each pick of
    // dice, its roll at each chance point, its move or stay at each move_or_stay.
    std::optional<TurnRecord> replay_whole(const TurnRecord& played) {
        struct Given {
            int roll;
            std::optional<std::uint32_t> dice;
            bool stayed;
        };
        std::vector<Given> given{{played.roll, played.dice, played.stayed}};
        for (const ExtraRoll& extra : played.extra_rolls) {
            given.push_back({extra.roll, extra.dice, extra.stayed});
        }
        DecisionState state = decision_state();
        TurnSoFar turn = current_;
        std::optional<TurnRecord> record;
        for (std::size_t i = 0; i < given.size(); ++i) {
            if (record) {
                Core::refuse_replay_length(i, given.size());
            }
            const Given& roll = given[i];
            if (state.point == DecisionPoint::choose_dice) {
                if (!roll.dice) {
                    throw_invalid_config(fmt::format(
                        "replay_turn: roll {} names no dice, and there are {} to choose from",
                        i + 1, choices_.dice.size()));
                }
                const Action pick = Action::roll_with(*roll.dice);
                (void)take_step(state, turn, &pick, 0);
            } else if (roll.dice && *roll.dice != state.dice) {
                Core::refuse_replay_dice(i + 1, *roll.dice);
            }
            Core::check_replayed_roll(choices_.dice[state.dice], roll.roll);
            record = take_step(state, turn, nullptr, roll.roll);
            if (state.point == DecisionPoint::move_or_stay) {
                const Action decision = roll.stayed ? Action::stay() : Action::move();
                record = take_step(state, turn, &decision, 0);
            } else if (roll.stayed) {
                throw_invalid_config(fmt::format(
                    "replay_turn: roll {} stays, but these choices allow no stay", i + 1));
            }
        }
        if (!record) {
            Core::refuse_replay_length(given.size(), given.size());
        }
        log_turn(record, turn, state);
        commit(std::move(state), std::move(turn));
        return record;
    }

    // Logs a turn that is over (its rolls' outcomes, which undo takes back, and its picks and
    // stays) and queues its events, `next` being the game's state after it: the last things a
    // call does that may throw, and on a throw none of them stays.
    void log_turn(const std::optional<TurnRecord>& record, const TurnSoFar& turn,
                  const DecisionState& next) {
        if (!record) {
            return;
        }
        core_.log_turn(turn.played, turn.decided);
        try {
            if (core_.observed()) {
                core_.queue_turn_events(*record, next.game);
            }
        } catch (...) {
            core_.drop_last();
            throw;
        }
    }

    // Makes the copies a call worked on the game's state (nothing here throws). A turn that is
    // over leaves no turn under way.
    void commit(DecisionState&& state, TurnSoFar&& turn) noexcept {
        set_state(std::move(state));
        if (!turn.played.rolls.empty() && turn.played.rolls.back().turn_over) {
            turn = TurnSoFar{};
        }
        current_ = std::move(turn);
    }

    // Rolls dice `index`, keeping a checkpoint of it first.
    int roll_dice(std::uint32_t index, std::vector<Rolled>& rolled) {
        auto it = std::find_if(rolled.begin(), rolled.end(),
                               [index](const Rolled& r) { return r.dice == index; });
        if (it == rolled.end()) {
            rolled.push_back({index, DiceCheckpoint<D>(choices_.dice[index]), 0});
            it = rolled.end() - 1;
        }
        const int roll = choices_.dice[index].roll();
        ++it->rolls;
        if (roll < 1) { // dice that break their contract: nothing changes but the dice
            throw_invalid_config(
                fmt::format("dice {} rolled {}, but a roll must be at least 1", index, roll));
        }
        return roll;
    }

    // The computer seat's decision, refused with the seat named when it is not legal.
    [[nodiscard]] Action ask_policy(const DecisionState& state) const {
        const std::uint32_t seat = state.seat_due();
        const Action action = seats_[seat].policy(state);
        const std::string& name = core_.names[seat];
        if (action.kind > Action::Kind::stay) {
            throw IllegalAction(action, state.point,
                                fmt::format("the policy of {} (seat {}) chose an action whose "
                                            "kind is none of Action::Kind's values",
                                            shown_for_message(name), seat));
        }
        const std::vector<Action> legal = snakeladder::legal_actions(choices_, state);
        if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
            throw IllegalAction(
                action, state.point,
                fmt::format("the policy of {} (seat {}) chose {}, which is not legal here",
                            shown_for_message(name), seat, describe(action)));
        }
        return action;
    }

    Choices<D> choices_;
    std::vector<Seat> seats_;
    Core core_; // board, rules, players, the log, locks and observers
    // Where the decision model stands beside the turn model's state (the core's): the point
    // reached, the dice picked and the roll seen, as a DecisionState has them.
    struct AtPoint {
        DecisionPoint point = DecisionPoint::roll;
        std::uint32_t dice = 0;
        int roll = 0;
        friend bool operator==(const AtPoint&, const AtPoint&) = default;
    };
    AtPoint at_;
    TurnSoFar current_;
};

} // namespace snakeladder::detail
