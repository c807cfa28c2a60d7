// A game in which players decide (the variants of turn/decisions.hpp): a person's program answers
// through take_turn(player, action), and a computer player is a policy that play() asks. What a
// roll, a pick of dice and a stay do is the decision model's (apply_action, apply_chance); this
// file holds the calls a user makes. Who sits at a seat is seat.hpp's; the driver that rolls the
// dice at each chance point and asks the policies is detail/decision_turns.hpp's; the core
// (detail/game_core.hpp) keeps the state and the log.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "../rules/game_state.hpp"
#include "../turn/decisions.hpp"
#include "../turn/turn_model.hpp"
#include "../turn/turn_record.hpp"
#include "detail/decision_turns.hpp"
#include "detail/game_core.hpp"
#include "detail/player_names.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "null_mutex.hpp"
#include "seat.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

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
class DecisionGame : private detail::DecisionTurns<D, Config, Mutex> {
    // The turn driver and the state it drives (detail/decision_turns.hpp), named here.
    using Turns = detail::DecisionTurns<D, Config, Mutex>;
    using Turns::admit;
    using Turns::at_;
    using Turns::at_limit;
    using Turns::between_turns;
    using Turns::choices_;
    using Turns::core_;
    using Turns::current_;
    using Turns::decision_state;
    using Turns::locked_turn;
    using Turns::person_decides;
    using Turns::play_on;
    using Turns::read;
    using Turns::replay_step;
    using Turns::replay_whole;
    using Turns::seat_due;
    using Turns::seats_;
    using Turns::set_state;
    using Turns::started;
    using typename Turns::Core;
    using typename Turns::TurnSoFar;

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
        : Turns(std::move(board), std::move(choices), std::move(seats), std::move(house_rules)) {}

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
