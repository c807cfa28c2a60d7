// A game in which players decide (the variants of decisions.hpp): a person's program answers
// through take_turn(player, action), and a computer player is a policy that play() asks. What a
// roll, a pick of dice and a stay do is the decision model's (apply_action, apply_chance); this
// file only seats the players, rolls the dice at each chance point, and keeps the log.
#pragma once

#include "board.hpp"
#include "board_traps.hpp"
#include "config.hpp"
#include "decisions.hpp"
#include "detail/dice_checkpoint.hpp"
#include "detail/player_names.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "game_result.hpp"
#include "game_state.hpp"
#include "null_mutex.hpp"
#include "turn_model.hpp"
#include "turn_record.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <fmt/format.h>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
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
/// Rules are those of the decision model (decisions.hpp) on the board's overshoot and chain
/// rules and the configuration's house rules; the board's settings give the player count, the
/// turn limit and play_to_last. Records are TurnRecords, with the dice picked for each roll and
/// any stay.
///
/// Every call that throws leaves the game as it was, dice included (as Game puts them back: see
/// DiceCheckpoint), except play(), whose turns before the failing one stand. The game is locked
/// by `Mutex` (std::mutex by default, NullMutex for one thread) for each call, and a computer
/// player's policy is asked under that lock: a policy must not call the game. A game can be
/// moved, not copied; a moved-from game may only be destroyed or assigned to.
template <class D, class Config = GameConfig<>, class Mutex = std::mutex>
class DecisionGame {
    // Template arguments that do not fit: the first check that fails is the error's first line.
    static_assert(detail::report_dice<D>(), "DecisionGame<D, ...>: D must be Dice");
    static_assert(detail::report_game_config<Config>); // a GameConfig's own policy message
    static_assert(detail::is_game_config<Config>,
                  "DecisionGame<D, Config, ...>: Config must be a GameConfig<Overshoot, Chains, "
                  "House> (for example GameConfig<BounceBack, FollowChains>)");
    static_assert(BasicLockable<Mutex>,
                  "DecisionGame<D, Config, Mutex>: Mutex must be BasicLockable "
                  "(default-constructible, with lock() and unlock())");

public:
    using dice_type = D;
    using config_type = Config;
    using board_type = Board<Config>;
    using house_rule_policy = typename Config::house_rule_policy;

    /// Throws InvalidConfig for choices without 1 to Choices::max_dice dice, for house rules one
    /// of the dice cannot play, and when there is a square a token can reach from which no
    /// choice of dice can bring it home (dice that run out, such as ScriptedDice, are not asked
    /// this, as in Game); InvalidPlayers for a seat count outside the configuration's limits, an
    /// empty or a duplicate name. Under house rules the trap check takes single rolls.
    DecisionGame(Board<Config> board, Choices<D> choices,
                 std::vector<Seat> seats) requires std::default_initializable<house_rule_policy>
        : DecisionGame(std::move(board), std::move(choices), std::move(seats),
                       house_rule_policy{}) {}
    DecisionGame(Board<Config> board, Choices<D> choices, std::vector<Seat> seats,
                 house_rule_policy house_rules)
        : board_(std::move(board)), choices_(std::move(choices)), seats_(std::move(seats)),
          config_(board_.config().settings(), std::move(house_rules)) {
        detail::check_choices(choices_, "DecisionGame");
        names_.reserve(seats_.size());
        for (const Seat& seat : seats_) {
            names_.push_back(seat.name);
        }
        by_name_ = detail::seats_by_name(names_, config_.min_players(), config_.max_players());
        check_dice();
        state_ = new_decision_state(choices_, seats_.size());
    }

    /// Plays on until the game ends, the turn limit is reached, or a person must decide, and
    /// returns the result (its status is in_progress or not_started when a person decides next:
    /// see person_due()). Throws GameOver or TurnLimitReached when nothing can be played, and
    /// what a policy or the dice throw (the turns before stand; the turn under way is as it
    /// was), InvalidConfig when a policy picks an action that is not legal, naming the seat.
    /// Computer players that may stay for ever (GreedyPolicy before a snake it cannot pass)
    /// make a game that never ends: give the board a turn limit.
    GameResult play() {
        std::lock_guard<Mutex> lock(*mutex_);
        admit(nullptr);
        while (!state_.is_over() && !at_limit() && !person_decides()) {
            (void)play_on(nullptr);
        }
        return result_locked();
    }

    /// Plays the turn of the seat due until it is over, and returns its record; or until that
    /// seat is a person who must decide, and returns nothing. Throws as play().
    std::optional<TurnRecord> play_turn() {
        std::lock_guard<Mutex> lock(*mutex_);
        admit(nullptr);
        if (person_decides()) {
            return std::nullopt;
        }
        return play_on(nullptr);
    }

    /// A person's decision: `player` must be due, a person, at a decision point, and `action` one
    /// of legal_actions(). The game takes it, then rolls and plays on until the turn is over
    /// (returning its record) or `player` must decide again (returning nothing). Throws
    /// NotYourTurn when someone else is due or `player` is a computer seat, InvalidPlayers for a
    /// name not in the game, GameOver and TurnLimitReached, and InvalidConfig for an action that
    /// is not legal (naming it) or when the dice are about to roll; nothing changes.
    std::optional<TurnRecord> take_turn(std::string_view player, Action action) {
        std::lock_guard<Mutex> lock(*mutex_);
        admit(&player);
        if (!person_decides()) {
            detail::throw_invalid_config(fmt::format(
                "take_turn: {} has no decision to take now: the dice roll first (play_turn or "
                "play roll them)",
                detail::shown_for_message(player)));
        }
        return play_on(&action);
    }

    /// Takes `action` at the decision point reached, for whoever is due, person or computer
    /// (no policy is asked), and returns the turn's record if that ended it. With apply_chance,
    /// a program drives every step itself: a replay, a search, a test. Throws GameOver and
    /// TurnLimitReached, and InvalidConfig as snakeladder::apply_action does (an action that is
    /// not legal, a chance point); nothing changes.
    std::optional<TurnRecord> apply_action(Action action) {
        std::lock_guard<Mutex> lock(*mutex_);
        admit(nullptr);
        return replay_step(&action, 0);
    }

    /// Applies `roll` at the chance point reached instead of rolling the dice, and returns the
    /// turn's record if that ended it. Throws GameOver and TurnLimitReached, and InvalidConfig
    /// as snakeladder::apply_chance does (a decision point, a roll the dice picked cannot give);
    /// nothing changes.
    std::optional<TurnRecord> apply_chance(int roll) {
        std::lock_guard<Mutex> lock(*mutex_);
        admit(nullptr);
        return replay_step(nullptr, roll);
    }

    // --- Reading the game. Safe from any thread. ---

    /// Where the game stands in the decision model: the turn model's state, the point reached,
    /// the dice picked and the roll seen. A copy, to look ahead from.
    [[nodiscard]] DecisionState state() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return state_;
    }
    /// The decisions the player due may take now (empty at a chance point and when over).
    [[nodiscard]] std::vector<Action> legal_actions() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return snakeladder::legal_actions(choices_, state_);
    }
    /// The person who must decide before the game can go on, if any.
    [[nodiscard]] std::optional<std::string> person_due() const {
        std::lock_guard<Mutex> lock(*mutex_);
        if (state_.is_over() || at_limit() || !person_decides()) {
            return std::nullopt;
        }
        return names_[state_.seat_due()];
    }
    /// The player due. Throws GameOver once the game has ended.
    [[nodiscard]] std::string current_player() const {
        std::lock_guard<Mutex> lock(*mutex_);
        throw_if_over();
        return names_[state_.seat_due()];
    }
    [[nodiscard]] std::size_t current_seat() const {
        std::lock_guard<Mutex> lock(*mutex_);
        throw_if_over();
        return state_.seat_due();
    }
    [[nodiscard]] Square position(std::string_view player) const {
        std::lock_guard<Mutex> lock(*mutex_);
        return state_.game.squares[seat_of(player)];
    }
    [[nodiscard]] std::vector<Square> positions() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return state_.game.squares;
    }
    /// The records of the turns over, oldest first.
    [[nodiscard]] std::vector<TurnRecord> records() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return log_;
    }
    /// The rolls of the turn under way so far, as a record (`end` is where the token stands
    /// now), while a person decides in the middle of a turn (after a roll that grants another);
    /// nothing between turns. The roll seen at move_or_stay is in state().
    [[nodiscard]] std::optional<TurnRecord> turn_so_far() const {
        std::lock_guard<Mutex> lock(*mutex_);
        if (current_.rolls.empty()) {
            return std::nullopt;
        }
        return record_of(current_);
    }
    [[nodiscard]] std::optional<TurnRecord> last_record() const {
        std::lock_guard<Mutex> lock(*mutex_);
        if (log_.empty()) {
            return std::nullopt;
        }
        return log_.back();
    }
    [[nodiscard]] std::uint64_t turns() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return state_.game.turns_played;
    }
    [[nodiscard]] std::optional<std::string> winner() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return winner_locked();
    }
    /// Players home in the order they got there, then the others by square (highest first),
    /// then by seat.
    [[nodiscard]] std::vector<Standing> ranking() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return ranking_locked();
    }
    [[nodiscard]] GameStatus status() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return status_locked();
    }
    [[nodiscard]] GameResult result() const {
        std::lock_guard<Mutex> lock(*mutex_);
        return result_locked();
    }

    // --- What does not change after construction. ---

    [[nodiscard]] const std::vector<std::string>& players() const& noexcept { return names_; }
    /// On a temporary game, a copy: a reference would dangle once the game is gone.
    [[nodiscard]] std::vector<std::string> players() const&& { return names_; }
    /// Whether `player` is a person (take_turn answers for them) rather than a computer seat.
    [[nodiscard]] bool is_person(std::string_view player) const {
        return seats_[seat_of(player)].is_person();
    }
    /// The seat of `player`; InvalidPlayers if there is none.
    [[nodiscard]] std::size_t seat_of(std::string_view player) const {
        return detail::seat_by_name(by_name_, names_, player);
    }
    [[nodiscard]] const Board<Config>& board() const noexcept { return board_; }
    [[nodiscard]] const Config& config() const noexcept { return config_; }
    /// The dice to choose from, for inspection. Not synchronised: read it only between calls.
    [[nodiscard]] const Choices<D>& choices() const noexcept { return choices_; }

private:
    // The turn under way: what its rolls did, and the dice picked for each (kept between calls
    // while a person decides).
    struct TurnSoFar {
        std::vector<RollOutcome> rolls;
        std::vector<std::optional<std::uint32_t>> picks;
        std::vector<bool> stays;
        std::optional<std::uint32_t> pick; // for the roll under way
    };

    // The dice rolled since a checkpoint, to put back if the call fails.
    struct Rolled {
        std::uint32_t dice;
        detail::DiceCheckpoint<D> checkpoint;
        std::size_t rolls;
    };

    // May a turn be played now (by `claimed`, when a person claims it)? Throws GameOver,
    // TurnLimitReached, InvalidPlayers or NotYourTurn.
    void admit(const std::string_view* claimed) const {
        std::size_t seat = 0;
        if (claimed != nullptr) {
            seat = seat_of(*claimed);
        }
        throw_if_over();
        if (at_limit()) {
            throw TurnLimitReached(
                fmt::format("the turn limit ({} turns) has been reached", config_.turn_limit()));
        }
        if (claimed == nullptr) {
            return;
        }
        const std::uint32_t due = state_.seat_due();
        if (seat != due) {
            throw NotYourTurn(fmt::format("it is {}'s turn, not {}'s",
                                          detail::shown_for_message(names_[due]),
                                          detail::shown_for_message(*claimed)));
        }
        if (!seats_[seat].is_person()) {
            throw NotYourTurn(fmt::format("{} is a computer player: play() or play_turn() asks "
                                          "its policy",
                                          detail::shown_for_message(*claimed)));
        }
    }

    [[nodiscard]] bool at_limit() const noexcept {
        // Mid-turn (a person deciding) the turn under way may finish.
        return current_.rolls.empty() && !current_.pick &&
               state_.point != DecisionPoint::move_or_stay &&
               state_.game.turns_played >= config_.turn_limit();
    }

    [[nodiscard]] bool person_decides() const noexcept {
        return !state_.is_chance_point() && !state_.is_over() &&
               seats_[state_.seat_due()].is_person();
    }

    // From the state as it is, with `given` as the person's first decision: rolls at each
    // chance point and asks the computer seat's policy at each decision point, until the turn is
    // over (its record is logged and returned) or a person must decide (nothing is returned).
    // Works on copies and commits at the end; on a throw, the dice are put back.
    std::optional<TurnRecord> play_on(const Action* given) {
        DecisionState state = state_;
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
            log_record(record);
        } catch (...) {
            for (auto it = rolled.rbegin(); it != rolled.rend(); ++it) {
                it->checkpoint.restore(choices_.dice[it->dice], it->rolls);
            }
            throw;
        }
        commit(std::move(state), std::move(turn), record.has_value() || !rolled.empty());
        return record;
    }

    // One step, `action` at a decision point or `roll` at a chance point, on copies: what the
    // decision model does, kept in the turn so far. Returns the turn's record when it is over.
    std::optional<TurnRecord> take_step(DecisionState& state, TurnSoFar& turn, const Action* action,
                                        int roll) const {
        DecisionStep step;
        if (action == nullptr) {
            step = snakeladder::apply_chance(board_, choices_, state, roll, config_.house_rules());
        } else {
            step =
                snakeladder::apply_action(board_, choices_, state, *action, config_.house_rules());
            if (action->kind == Action::Kind::roll_with) {
                turn.pick = action->dice;
            }
        }
        state = std::move(step.state);
        if (!step.outcome) {
            return std::nullopt;
        }
        turn.rolls.push_back(std::move(*step.outcome));
        turn.picks.push_back(turn.pick);
        turn.stays.push_back(step.stayed);
        turn.pick.reset();
        if (!turn.rolls.back().turn_over) { // a stay ends the turn too
            return std::nullopt;
        }
        return record_of(turn);
    }

    // The one step of apply_action or apply_chance, committed.
    std::optional<TurnRecord> replay_step(const Action* action, int roll) {
        DecisionState state = state_;
        TurnSoFar turn = current_;
        std::optional<TurnRecord> record = take_step(state, turn, action, roll);
        log_record(record);
        commit(std::move(state), std::move(turn), action == nullptr || record.has_value());
        return record;
    }

    // Logs the record of a turn that is over: the last thing a call does that may throw.
    void log_record(const std::optional<TurnRecord>& record) {
        if (record) {
            log_.push_back(*record);
        }
    }

    // Makes the copies a call worked on the game's state (nothing here throws). A turn that is
    // over leaves no turn under way.
    void commit(DecisionState&& state, TurnSoFar&& turn, bool rolled) noexcept {
        state_ = std::move(state);
        if (!turn.rolls.empty() && turn.rolls.back().turn_over) {
            turn = TurnSoFar{};
        }
        current_ = std::move(turn);
        started_ = started_ || rolled;
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
        if (action.kind > Action::Kind::stay) {
            detail::throw_invalid_config(fmt::format(
                "the policy of {} (seat {}) chose an action whose kind is none of Action::Kind's "
                "values",
                detail::shown_for_message(names_[seat]), seat));
        }
        const std::vector<Action> legal = snakeladder::legal_actions(choices_, state);
        if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
            detail::throw_invalid_config(fmt::format(
                "the policy of {} (seat {}) chose {}, which is not legal here",
                detail::shown_for_message(names_[seat]), seat, detail::describe(action)));
        }
        return action;
    }

    [[nodiscard]] TurnRecord record_of(const TurnSoFar& turn) const {
        TurnRecord record = turn_record(turn.rolls, state_.game.turns_played + 1, names_);
        record.dice = turn.picks.front();
        record.stayed = turn.stays.front();
        for (std::size_t i = 0; i < record.extra_rolls.size(); ++i) {
            record.extra_rolls[i].dice = turn.picks[i + 1];
            record.extra_rolls[i].stayed = turn.stays[i + 1];
        }
        return record;
    }

    void throw_if_over() const {
        if (state_.is_over()) {
            throw GameOver(
                fmt::format("the game is over after {} turns: {} won", state_.game.turns_played,
                            detail::shown_for_message(names_[state_.game.finish_order.front()])));
        }
    }

    [[nodiscard]] GameStatus status_locked() const noexcept {
        if (state_.is_over()) {
            return GameStatus::finished;
        }
        if (at_limit()) {
            return GameStatus::turn_limit_reached;
        }
        return started_ ? GameStatus::in_progress : GameStatus::not_started;
    }

    [[nodiscard]] std::optional<std::string> winner_locked() const {
        if (state_.game.finish_order.empty()) {
            return std::nullopt;
        }
        return names_[state_.game.finish_order.front()];
    }

    [[nodiscard]] std::vector<Standing> ranking_locked() const {
        const GameState& game = state_.game;
        std::vector<std::size_t> order(game.finish_order.begin(), game.finish_order.end());
        const std::size_t finishers = order.size();
        for (std::size_t seat = 0; seat < names_.size(); ++seat) {
            if (game.squares[seat] != board_.size()) {
                order.push_back(seat);
            }
        }
        std::stable_sort(
            order.begin() + static_cast<std::ptrdiff_t>(finishers), order.end(),
            [&game](std::size_t a, std::size_t b) { return game.squares[a] > game.squares[b]; });
        std::vector<Standing> ranking;
        ranking.reserve(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            const std::size_t seat = order[i];
            ranking.push_back({i + 1, seat, names_[seat], game.squares[seat], i < finishers});
        }
        return ranking;
    }

    [[nodiscard]] GameResult result_locked() const {
        return {status_locked(), winner_locked(), state_.game.turns_played, ranking_locked()};
    }

    // Each dice must be playable under the house rules; and with every choice of dice together,
    // home must be reachable from every square a token can reach (dice that run out excepted).
    void check_dice() const {
        if constexpr (FiniteDice<D>) {
            for (const D& dice : choices_.dice) {
                detail::check_house_rules_playable(board_, config_.house_rules(), dice,
                                                   std::vector<int>{}, true);
            }
        } else {
            std::vector<detail::RollRun> all; // every dice's runs, then merged
            for (const D& dice : choices_.dice) {
                const std::vector<detail::RollRun> runs = detail::roll_runs(dice, board_);
                if (!detail::rules_off(config_.house_rules())) {
                    const std::vector<std::int64_t> wide = detail::listed_rolls(runs);
                    detail::check_house_rules_playable(board_, config_.house_rules(), dice,
                                                       std::vector<int>(wide.begin(), wide.end()));
                }
                all.insert(all.end(), runs.begin(), runs.end());
            }
            std::sort(
                all.begin(), all.end(),
                [](const detail::RollRun& a, const detail::RollRun& b) { return a.low < b.low; });
            std::vector<detail::RollRun> every;
            for (const detail::RollRun& run : all) {
                if (!every.empty() && run.low - 1 <= every.back().high) {
                    every.back().high = std::max(every.back().high, run.high);
                } else {
                    every.push_back(run);
                }
            }
            detail::check_trap_search<typename Config::overshoot_rule>(
                every, board_.size(),
                "DecisionGame: checking that these dice can bring a token home");
            const std::vector<Square> traps =
                detail::trap_squares(board_, std::span<const detail::RollRun>(every));
            if (!traps.empty()) {
                detail::throw_invalid_config(
                    "DecisionGame: whatever dice are picked, " +
                    detail::describe_trap_squares(traps,
                                                  "rolls of " + detail::roll_list_in_words(every)));
            }
        }
    }

    Board<Config> board_;
    Choices<D> choices_;
    std::vector<Seat> seats_;
    std::vector<std::string> names_;
    std::vector<std::size_t> by_name_; // seats sorted by name, for seat_of
    Config config_;                    // the board's settings and the house rules
    DecisionState state_;
    TurnSoFar current_;
    std::vector<TurnRecord> log_;
    bool started_ = false; // the dice have rolled
    // Behind a pointer, so that a game with a std::mutex can be moved (returned by load_game).
    std::unique_ptr<Mutex> mutex_ = std::make_unique<Mutex>();
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
