// A game in which players decide (the variants of turn/decisions.hpp): a person's program answers
// through take_turn(player, action), and a computer player is a policy that play() asks. What a
// roll, a pick of dice and a stay do is the decision model's (apply_action, apply_chance); this
// file only seats the players, rolls the dice at each chance point and asks the policies; the
// core (detail/game_core.hpp) keeps the state and the log.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/detail/dice_checkpoint.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "../rules/game_state.hpp"
#include "../turn/decisions.hpp"
#include "../turn/turn_model.hpp"
#include "../turn/turn_record.hpp"
#include "detail/game_core.hpp"
#include "detail/player_names.hpp"
#include "detail/turn_lock.hpp"
#include "detail/turn_log.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "null_mutex.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fmt/format.h>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// Who sits at a seat of a DecisionGame: a name, and the policy that decides for that seat, or
/// none for a person. Make one with `person(name)` or `computer(name, policy)`.
struct Seat {
    std::string name;
    /// Asked at each decision point of this seat's turns; empty for a person.
    std::function<Action(const DecisionState&)> policy;

    [[nodiscard]] bool is_person() const noexcept { return !policy; }
};

/// A seat for a person: the game stops where they decide, and their program answers through
/// `take_turn(name, action)`.
[[nodiscard]] inline Seat person(std::string name) {
    return {std::move(name), {}};
}

/// A seat for a computer player that `policy` decides for (RandomPolicy, GreedyPolicy,
/// OptimalPolicy, TwoPlayerPolicy or a Policy of your own). The policy is shared, not copied,
/// by copies of the seat.
template <Policy P>
[[nodiscard]] Seat computer(std::string name, P policy) {
    auto shared = std::make_shared<const P>(std::move(policy));
    return {std::move(name),
            [shared](const DecisionState& state) -> Action { return shared->action(state); }};
}

/// A game of snakes and ladders in which the player due decides: which of several dice to roll,
/// and, having seen the roll, whether to move or stay (see Choices). The game rolls the dice
/// itself at every chance point; a computer seat's policy is asked at its decision points; a
/// person's program answers through take_turn(player, action).
///
/// Rules are those of the decision model (turn/decisions.hpp) on the board's overshoot and chain
/// rules and the configuration's house rules; the board's settings give the player count, the
/// turn limit and play_to_last. Records are TurnRecords, with the dice picked for each roll and
/// any stay. It rests on the same core as Game (detail/game_core.hpp): the same admission and
/// messages, the same standings and status, the same check of the board, the same observers and
/// events, undo and replay_turn.
///
/// Every call that throws leaves the game as it was, dice included (as Game puts them back: see
/// DiceCheckpoint), except play(), whose turns before the failing one stand, and an observer
/// that throws (the turn stands, as in Game). The game is locked by `Mutex` (std::mutex by
/// default, NullMutex for one thread) as Game is: readers take the state lock, a turn takes the
/// turn lock and the state lock, and a computer player's policy is asked under the state lock:
/// a policy must not call the game (an observer may). A game can be moved, not copied; a
/// moved-from game may only be destroyed or assigned to.
template <class D, class Config, class Mutex>
class DecisionGame {
    // Template arguments that do not fit: the first check that fails is the error's first line.
    static_assert(detail::report_game_arguments<D, Config, Mutex>());

    using Core = detail::GameCore<Config, Mutex, detail::LogKeeps::decisions>;

public:
    using dice_type = D;
    using config_type = Config;
    using board_type = Board<Config>;
    using house_rule_policy = typename Config::house_rule_policy;

    /// Throws InvalidConfig for choices without 1 to Choices::max_dice dice, and as Game does,
    /// with Game's messages: for house rules one of the dice cannot play, and when these dice
    /// can leave a token where home is out of reach (whole turns examined under house rules);
    /// with several dice, when there is a square a token can reach from which no roll of any of
    /// them can take it on. Dice that run out, such as ScriptedDice, are not asked this, as in
    /// Game. InvalidPlayers for a seat count outside the configuration's limits, an empty or a
    /// duplicate name.
    DecisionGame(Board<Config> board, Choices<D> choices,
                 std::vector<Seat> seats) requires std::default_initializable<house_rule_policy>
        : DecisionGame(std::move(board), std::move(choices), std::move(seats),
                       house_rule_policy{}) {}
    DecisionGame(Board<Config> board, Choices<D> choices, std::vector<Seat> seats,
                 house_rule_policy house_rules)
        : choices_(checked(std::move(choices))), seats_(std::move(seats)),
          core_(std::move(board), names_of(seats_), std::move(house_rules)) {
        core_.check_dice(std::span<const D>(choices_.dice), "DecisionGame");
        set_state(new_decision_state(choices_, seats_.size()));
    }

    /// Plays on until the game ends, the turn limit is reached, or a person must decide, and
    /// returns the result (its status is in_progress or not_started when a person decides next:
    /// see person_due()). Throws GameOver or TurnLimitReached when nothing can be played, and
    /// what a policy or the dice throw (the turns before stand; the turn under way is as it
    /// was), IllegalAction when a policy picks an action that is not legal, naming the seat.
    /// Computer players that may stay for ever (GreedyPolicy before a snake it cannot pass)
    /// make a game that never ends: give the board a turn limit. With observers, each turn's
    /// events are delivered before the next turn starts.
    GameResult play() {
        for (bool first = true;; first = false) {
            bool more = false;
            (void)locked_turn([&]() -> std::optional<TurnRecord> {
                if (!admit(nullptr, !first) || person_decides()) {
                    return std::nullopt;
                }
                more = true;
                return play_on(nullptr);
            });
            if (!more) {
                break;
            }
        }
        return result();
    }

    /// Plays the turn of the seat due until it is over, and returns its record; or until that
    /// seat is a person who must decide, and returns nothing. Throws as play().
    std::optional<TurnRecord> play_turn() {
        return locked_turn([&]() -> std::optional<TurnRecord> {
            (void)admit(nullptr, false);
            if (person_decides()) {
                return std::nullopt;
            }
            return play_on(nullptr);
        });
    }

    /// A person's decision: `player` must be due, a person, at a decision point, and `action` one
    /// of legal_actions(). The game takes it, then rolls and plays on until the turn is over
    /// (returning its record) or `player` must decide again (returning nothing). Throws
    /// NotYourTurn when someone else is due or `player` is a computer seat, InvalidPlayers for a
    /// name not in the game, GameOver and TurnLimitReached, and IllegalAction for an action that
    /// is not legal (naming it), also when the dice are about to roll; nothing changes.
    std::optional<TurnRecord> take_turn(std::string_view player, Action action) {
        return locked_turn([&]() -> std::optional<TurnRecord> {
            (void)admit(&player, false);
            if (!person_decides()) {
                throw IllegalAction(action, at_.point,
                                    fmt::format("take_turn: {} has no decision to take now: the "
                                                "dice roll first (play_turn or play roll them)",
                                                detail::shown_for_message(player)));
            }
            return play_on(&action);
        });
    }

    /// Takes `action` at the decision point reached, for whoever is due, person or computer
    /// (no policy is asked), and returns the turn's record if that ended it. With apply_chance,
    /// a program drives every step itself: a replay, a search, a test. Throws GameOver and
    /// TurnLimitReached, and IllegalAction as snakeladder::apply_action does (an action that is
    /// not legal there, a chance point included); nothing changes.
    std::optional<TurnRecord> apply_action(Action action) {
        return locked_turn([&]() -> std::optional<TurnRecord> {
            (void)admit(nullptr, false);
            return replay_step(&action, 0);
        });
    }

    /// Applies `roll` at the chance point reached instead of rolling the dice, and returns the
    /// turn's record if that ended it. Throws GameOver and TurnLimitReached, and IllegalRoll
    /// as snakeladder::apply_chance does (a decision point, a roll the dice picked cannot give);
    /// nothing changes.
    std::optional<TurnRecord> apply_chance(int roll) {
        return locked_turn([&]() -> std::optional<TurnRecord> {
            (void)admit(nullptr, false);
            return replay_step(nullptr, roll);
        });
    }

    /// Rolls alone do not say a turn where players decide (its picks of dice and stays are part
    /// of it): deleted, so that `replay_turn({6, 3})` is a compile error, not a TurnRecord
    /// built from two numbers and refused at run time.
    TurnRecord replay_turn(std::initializer_list<int> rolls) = delete;

    /// Plays the turn of whoever is due as `played` says, without rolling the dice or asking
    /// anyone: each roll with the dice it names (`dice`, or none with one dice to choose from)
    /// and the stay or move it took: how a logged or saved game is played back, so that
    /// `played`'s own record comes out again. It must be the due player's (NotYourTurn names
    /// who is due), between turns, and its rolls exactly those of one turn, each one the dice
    /// picked can give. Throws IllegalRoll for a roll the dice cannot give, InvalidConfig naming
    /// what else does not fit (dice that are not among the choices or not named, a stay the
    /// choices do not allow, a turn that needs more rolls or fewer), GameOver and
    /// TurnLimitReached; nothing changes.
    TurnRecord replay_turn(const TurnRecord& played) {
        return *locked_turn([&]() -> std::optional<TurnRecord> {
            const std::string_view player = played.player;
            (void)admit(&player, false, false);
            if (!between_turns()) {
                detail::throw_invalid_config(fmt::format(
                    "replay_turn: {} is in the middle of a turn; a replay starts between turns",
                    detail::shown_for_message(played.player)));
            }
            return replay_whole(played);
        });
    }

    /// Takes back the last turn over exactly (positions, rotation, finishers, winner and status)
    /// and any turn under way after it (a person deciding in the middle of one): the game is
    /// where it was when that turn began, at its first decision or roll. Called again, it keeps
    /// going back to the start. The dice are not rewound. Observers receive TurnUndone with the
    /// record of the turn taken back, which is also returned. Throws NothingToUndo, changing
    /// nothing, when no turn is over.
    TurnRecord undo() {
        return *locked_turn([&]() -> std::optional<TurnRecord> {
            if (core_.log.empty()) {
                throw NothingToUndo("there is no turn to undo: no turn has been played yet");
            }
            GameState game = core_.state;
            if (!current_.played.rolls.empty()) {
                detail::take_back_turn(game, current_.played.rolls); // the turn under way
            }
            core_.take_back_last(game);
            DecisionState back = detail::at_next_roll(choices_, std::move(game));
            std::optional<TurnRecord> record = core_.record_at(core_.log.size() - 1);
            if (core_.observed()) {
                core_.hub->queue.push_back(TurnUndone{*record}); // the last thing that may throw
            }
            set_state(std::move(back));
            current_ = TurnSoFar{};
            core_.drop_last();
            return record;
        });
    }

    /// Calls `observer` with every event from now on, as Game::subscribe does: the same events
    /// (GameStarted, TurnPlayed, TokenSentBack, PlayerHome, GameEnded, TurnUndone) in the same
    /// order, each once a turn is over (a decision or a roll that leaves the turn under way sends
    /// nothing), after the game has changed, on the thread that played it.
    template <GameObserver F>
    [[nodiscard]] Subscription subscribe(F&& observer) {
        return core_.subscribe(std::forward<F>(observer));
    }

    /// Two games are equal when they have the same board and rules, players (names, and which
    /// are people), choices (dice that compare equal, or without `==`, not compared), log,
    /// state and turn under way. Policies and observers are not part of a game's value.
    friend bool operator==(const DecisionGame& a, const DecisionGame& b) {
        if (&a == &b) {
            return true;
        }
        return Core::compare(a.core_, b.core_, [&a, &b] {
            if constexpr (std::equality_comparable<D>) {
                if (!(a.choices_.dice == b.choices_.dice)) {
                    return false;
                }
            }
            for (std::size_t seat = 0; seat < a.seats_.size(); ++seat) {
                if (a.seats_[seat].is_person() != b.seats_[seat].is_person()) {
                    return false;
                }
            }
            return a.choices_.may_stay == b.choices_.may_stay && a.at_ == b.at_ &&
                   a.current_ == b.current_;
        });
    }

    // --- Reading the game. Safe from any thread, and from an observer. ---

    /// Where the game stands in the decision model: the turn model's state, the point reached,
    /// the dice picked and the roll seen. A copy, to look ahead from.
    [[nodiscard]] DecisionState state() const {
        return read([this] { return decision_state(); });
    }
    /// The decisions the player due may take now (empty at a chance point and when over).
    [[nodiscard]] std::vector<Action> legal_actions() const {
        return read([this] { return snakeladder::legal_actions(choices_, decision_state()); });
    }
    /// The person who must decide before the game can go on, if any.
    [[nodiscard]] std::optional<std::string> person_due() const {
        return read([this]() -> std::optional<std::string> {
            if (at_.point == DecisionPoint::over || at_limit() || !person_decides()) {
                return std::nullopt;
            }
            return core_.names[core_.state.seat_due];
        });
    }
    /// The player due. Throws GameOver once the game has ended.
    [[nodiscard]] std::string current_player() const {
        return read([this] { return core_.names[seat_due()]; });
    }
    [[nodiscard]] std::uint32_t current_seat() const {
        return read([this] { return seat_due(); });
    }
    /// The square `player` stands on (0 before the first move). InvalidPlayers for an unknown
    /// name or seat.
    [[nodiscard]] Square position(std::string_view player) const {
        return read([&] { return core_.state.squares[core_.seat_of(player)]; });
    }
    [[nodiscard]] Square position(std::uint32_t seat) const {
        return read([&] {
            core_.check_seat(seat);
            return core_.state.squares[seat];
        });
    }
    /// Every position, by seat.
    [[nodiscard]] std::vector<Square> positions() const {
        return read([this] { return core_.state.squares; });
    }
    /// The records of the turns over, oldest first.
    [[nodiscard]] std::vector<TurnRecord> records() const {
        return read([this] { return core_.records(); });
    }
    /// The rolls of the turn under way so far, as a record (`end` is where the token stands
    /// now), while a person decides in the middle of a turn (after a roll that grants another);
    /// nothing between turns. The roll seen at move_or_stay is in state().
    [[nodiscard]] std::optional<TurnRecord> turn_so_far() const {
        return read([this]() -> std::optional<TurnRecord> {
            if (current_.played.rolls.empty()) {
                return std::nullopt;
            }
            return detail::record_of(current_.played, current_.decided, core_.names);
        });
    }
    /// The record of the last turn over, if any.
    [[nodiscard]] std::optional<TurnRecord> last_record() const {
        return read([this]() -> std::optional<TurnRecord> {
            if (core_.log.empty()) {
                return std::nullopt;
            }
            return core_.record_at(core_.log.size() - 1);
        });
    }
    /// Turns over so far, missed ones included (as Game counts them).
    [[nodiscard]] std::uint64_t turns() const {
        return read([this] { return core_.state.turns_played; });
    }
    /// The first player home, once there is one.
    [[nodiscard]] std::optional<std::string> winner() const {
        return read([this] { return core_.winner(core_.state); });
    }
    /// Players home in the order they got there, then the others by square (highest first),
    /// then by seat.
    [[nodiscard]] std::vector<Standing> ranking() const {
        return read([this] { return core_.ranking(core_.state); });
    }
    /// As Game's: not_started until the dice have rolled, turn_limit_reached only between
    /// turns.
    [[nodiscard]] GameStatus status() const {
        return read([this] { return core_.status(core_.state, between_turns(), started()); });
    }
    /// Status, winner, turns and ranking, read together.
    [[nodiscard]] GameResult result() const {
        return read([this] { return core_.result(core_.state, between_turns(), started()); });
    }

    // --- What does not change after construction. ---

    [[nodiscard]] const std::vector<std::string>& players() const& noexcept { return core_.names; }
    /// On a temporary game, a copy: a reference would dangle once the game is gone.
    [[nodiscard]] std::vector<std::string> players() const&& { return core_.names; }
    /// Whether `player` is a person (take_turn answers for them) rather than a computer seat.
    [[nodiscard]] bool is_person(std::string_view player) const {
        return seats_[core_.seat_of(player)].is_person();
    }
    /// The seat of `player`; InvalidPlayers if there is none.
    [[nodiscard]] std::uint32_t seat_of(std::string_view player) const {
        return core_.seat_of(player);
    }
    [[nodiscard]] const Board<Config>& board() const noexcept { return core_.board; }
    /// The board's settings with the game's house rules.
    [[nodiscard]] const Config& config() const noexcept { return core_.config; }
    /// The dice to choose from, for inspection. Not synchronised: read it only between calls.
    [[nodiscard]] const Choices<D>& choices() const noexcept { return choices_; }

private:
    // The turn under way: what its rolls did, and the dice picked for each (kept between calls
    // while a person decides).
    struct TurnSoFar {
        detail::TurnDetail played;                 // its rolls' outcomes, and its number
        std::vector<detail::RollDecision> decided; // the pick and the stay of each of its rolls
        std::optional<std::uint32_t> pick;         // for the roll under way
        friend bool operator==(const TurnSoFar&, const TurnSoFar&) = default;
    };

    // The dice rolled since a checkpoint, to put back if the call fails.
    struct Rolled {
        std::uint32_t dice;
        detail::DiceCheckpoint<D> checkpoint;
        std::size_t rolls;
    };

    static Choices<D> checked(Choices<D> choices) {
        detail::check_choices(choices, "DecisionGame");
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
        detail::TurnLock<Mutex> turn(*core_.hub);
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
                                          detail::shown_for_message(*claimed)));
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
        detail::TurnDetail& played = turn.played;
        if (played.rolls.empty()) { // the number it will have: missed turns count
            played.turn = core_.state.turns_played + 1;
        }
        played.rolls.push_back(std::move(*step.outcome));
        turn.decided.push_back({turn.pick, step.stayed});
        turn.pick.reset();
        if (!played.rolls.back().turn_over) { // a stay ends the turn too
            return std::nullopt;
        }
        return detail::record_of(played, turn.decided, core_.names);
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
                    detail::throw_invalid_config(fmt::format(
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
                detail::throw_invalid_config(fmt::format(
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
            rolled.push_back({index, detail::DiceCheckpoint<D>(choices_.dice[index]), 0});
            it = rolled.end() - 1;
        }
        const int roll = choices_.dice[index].roll();
        ++it->rolls;
        if (roll < 1) { // dice that break their contract: nothing changes but the dice
            detail::throw_invalid_config(
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
                                            detail::shown_for_message(name), seat));
        }
        const std::vector<Action> legal = snakeladder::legal_actions(choices_, state);
        if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
            throw IllegalAction(
                action, state.point,
                fmt::format("the policy of {} (seat {}) chose {}, which is not legal here",
                            detail::shown_for_message(name), seat, detail::describe(action)));
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

/// `DecisionGame game(board, choices, seats)` plays the standard game on the board's rules;
/// `DecisionGame game(board, choices, seats, KnockBack{})` plays under those house rules.
template <class D, class Overshoot, class Chains>
DecisionGame(BasicBoard<GameConfig<Overshoot, Chains>>, Choices<D>, std::vector<Seat>)
    -> DecisionGame<D, GameConfig<Overshoot, Chains>>;
template <class D, class Overshoot, class Chains, HouseRule House>
DecisionGame(BasicBoard<GameConfig<Overshoot, Chains>>, Choices<D>, std::vector<Seat>, House)
    -> DecisionGame<D, GameConfig<Overshoot, Chains, House>>;

} // namespace snakeladder
