// The game: players in a fixed rotation on a board, a die, an exact turn log, a ranking, and
// observers; safe to drive from several threads with the default mutex. This file holds the
// calls a user makes; the turn loop is detail/game_turns.hpp's, and the core that keeps the
// state, the log, the players and the observers (shared with DecisionGame) detail/game_core.hpp's.
#pragma once

#include "../base/errors.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "../turn/turn_record.hpp"
#include "detail/game_core.hpp"
#include "detail/game_turns.hpp"
#include "detail/turn_lock.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "null_mutex.hpp"

#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace snakeladder {

/// A game of snakes and ladders: players by name in a fixed rotation, moving on `Board<Config>`
/// with dice `D`, every turn kept in an exact log.
///
/// Rules: the player due rolls; the board applies the overshoot rule, then the jumps; the
/// configuration's house rules act at their points of the roll (see the turn model); a player
/// who reaches the last square is home. The game ends when the first player is home, or, under
/// `play_to_last`, when one player is left (that player is ranked last); players already home are
/// skipped in the rotation.
///
/// Every call that throws leaves the game exactly as it was: positions, rotation, log, winner,
/// and the dice (dice that throw, like ScriptedDice running out, must leave themselves as they
/// were; when building a returned record or an event fails after the roll, the game puts the
/// dice back: `unroll()` if they have it, else a saved copy of their `engine()`, else a saved
/// copy of the dice). Two cases differ, both documented where they happen: an observer that
/// throws (the turn stands, see `subscribe`), and dice that break their contract by rolling
/// below 1 inside play() (the game is unchanged, the dice have rolled).
///
/// `Mutex` makes the game safe to share between threads (std::mutex, the default), or free of
/// any locking for a single thread (NullMutex). Everything is resolved at compile time: a turn
/// makes no virtual call and no map lookup. In the standard game, records are kept as four words
/// a turn and rebuilt in full when read, so playing a game allocates almost nothing; under house
/// rules, the turn model's outcome of every roll is kept, and records are built from them.
///
/// `D` must be Dice, `Config` a GameConfig and `Mutex` BasicLockable; anything else is refused
/// by the specialization below, with one static_assert that names the slot.
template <class D, class Config, class Mutex>
class Game : private detail::GameTurns<D, Config, Mutex> {
    // The turn loop and the state it plays on (detail/game_turns.hpp), named here.
    using Turns = detail::GameTurns<D, Config, Mutex>;
    using Turns::admit;
    using Turns::check_replayed_choice;
    using Turns::core_;
    using Turns::dice_;
    using Turns::play_plain_turns;
    using Turns::result_locked;
    using Turns::roll_back_last;
    using Turns::run_turn;
    using typename Turns::Core;

public:
    using dice_type = D;
    using config_type = Config;
    using board_type = Board<Config>;
    using mutex_type = Mutex;
    using house_rule_policy = typename Config::house_rule_policy;
    /// The standard game: no house rule can ever act, so turns take the plain, faster path.
    using Turns::plain_rules;

    /// Throws InvalidPlayers for a player count outside the configuration's limits, an empty or
    /// a duplicate name; InvalidConfig when these dice cannot bring a token home on this board
    /// under its overshoot and chain rules (from the start, or from some square a token can
    /// reach, taking the rolls one at a time), and for house rules these dice cannot play (a six
    /// to start they never roll or that overshoots home from square 0, extra turns when every
    /// roll is the maximum). The check does not model the extra-turn forfeit: a board whose only
    /// way home takes N maximum rolls in a row is not refused, and only the turn limit ends it.
    ///
    /// The game plays under the board's settings (players, play_to_last, turn_limit) and its
    /// overshoot and chain rules, and under `house_rules`: the default value of the
    /// configuration's house rules unless given. One board serves games under any house rules.
    Game(Board<Config> board, D dice,
         std::vector<std::string> players) requires std::default_initializable<house_rule_policy>
        : Game(std::move(board), std::move(dice), std::move(players), house_rule_policy{}) {}
    Game(Board<Config> board, D dice, std::vector<std::string> players,
         house_rule_policy house_rules)
        : Turns(std::move(board), std::move(dice), std::move(players), std::move(house_rules)) {}

    // Moves are the members' (the core makes a game move-only): they throw only if the dice's
    // or the board's do. A moved-from game may only be destroyed or assigned to.

    /// Plays the turn of whoever is due and returns its record. Throws GameOver once the game
    /// has ended, TurnLimitReached when the configuration's turn limit has been played, and
    /// whatever the dice throw (DiceExhausted), changing nothing.
    TurnRecord play_turn() {
        TurnRecord record;
        run_turn(nullptr, &record, false, core_.hub->delivering_here());
        return record;
    }

    /// Plays `player`'s turn. Throws NotYourTurn, naming who is due, when it is someone else's
    /// turn, and InvalidPlayers for a name not in the game; otherwise as play_turn().
    TurnRecord take_turn(std::string_view player) {
        TurnRecord record;
        run_turn(&player, &record, false, core_.hub->delivering_here());
        return record;
    }

    /// Plays the turn of whoever is due with these rolls instead of the dice's, and returns its
    /// record: how a logged or saved game is played back. `rolls` must be exactly the rolls of
    /// one turn (one, unless a house rule grants more), each within the dice's min_roll() to
    /// max_roll(). Throws IllegalRoll (an InvalidConfig) naming the bad roll, InvalidConfig
    /// saying that the turn needs more rolls or fewer, and otherwise as play_turn(); the dice
    /// are not touched.
    TurnRecord replay_turn(std::span<const int> rolls) {
        TurnRecord record;
        run_turn(nullptr, &record, false, core_.hub->delivering_here(), &rolls);
        return record;
    }

    /// replay_turn({6, 3}): the rolls written out (without this, a braced list could be taken
    /// for a TurnRecord).
    TurnRecord replay_turn(std::initializer_list<int> rolls) {
        return replay_turn(std::span<const int>(rolls.begin(), rolls.size()));
    }

    /// Plays the turn of whoever is due as `played` (a record of this game, or of one like it)
    /// says: its roll and extra rolls, as replay_turn(rolls) plays them, so that `played`'s own
    /// record comes out again. DecisionGame::replay_turn takes a record the same way. It must be
    /// the due player's (NotYourTurn names who is due). Throws InvalidConfig for a roll that
    /// names dice other than number 0 (a Game has one dice) or that stays (a Game's players do
    /// not decide), and otherwise as replay_turn(rolls); nothing changes.
    TurnRecord replay_turn(const TurnRecord& played) {
        const std::string_view player = played.player;
        {
            // Whose turn and whether one may be played first, as DecisionGame::replay_turn asks:
            // another player's record is NotYourTurn whatever else it says. run_turn asks again.
            std::lock_guard<Mutex> lock(core_.hub->state_mutex);
            (void)admit(&player, false);
        }
        std::vector<int> rolls{played.roll};
        check_replayed_choice(1, played.dice, played.stayed);
        for (const ExtraRoll& extra : played.extra_rolls) {
            rolls.push_back(extra.roll);
            check_replayed_choice(rolls.size(), extra.dice, extra.stayed);
        }
        std::span<const int> given(rolls);
        TurnRecord record;
        run_turn(&player, &record, false, core_.hub->delivering_here(), &given);
        return record;
    }

    /// Takes back the last turn exactly: positions (the tokens it sent back are returned to
    /// their squares), rotation, finishers, winner and status; called again, it keeps going back
    /// to the start. The dice are not rewound: the game continues with their next roll. Observers
    /// receive TurnUndone with the record of the turn taken back, which is also returned. Throws
    /// NothingToUndo, changing nothing, when no turn has been played.
    TurnRecord undo() {
        TurnRecord record;
        detail::TurnLock<Mutex> turn(*core_.hub);
        {
            std::lock_guard<Mutex> state(core_.hub->state_mutex);
            if (core_.log.empty()) {
                throw NothingToUndo("there is no turn to undo: no turn has been played yet");
            }
            record = core_.record_at(core_.log.size() - 1);
            if (!core_.hub->observers.empty()) {
                core_.hub->queue.push_back(TurnUndone{record}); // before any change: it may throw
            }
            roll_back_last();
        }
        if (turn.owner() && !core_.hub->queue.empty()) {
            core_.deliver(turn);
        }
        return record;
    }

    /// Two games are equal when they have the same board and rules, players, log, positions and
    /// rotation, and dice that compare equal (dice without `==` are not compared). Observers are
    /// not part of a game's value.
    friend bool operator==(const Game& a, const Game& b) {
        if (&a == &b) {
            return true;
        }
        return Core::compare(a.core_, b.core_, [&a, &b] {
            if constexpr (std::equality_comparable<D>) {
                if (!(a.dice_ == b.dice_)) {
                    return false;
                }
            }
            return true;
        });
    }

    /// Plays until the game ends or reaches its turn limit, and returns the result. Throws, as
    /// play_turn(), when not even one turn can be played. If a turn throws on the way (dice
    /// exhausted), the turns before it stand and the game is as it was before that turn.
    ///
    /// With nobody observing, turns are played in stretches of up to 1024 under one lock (other
    /// threads' calls wait at most that long); with observers, one turn at a time, each turn's
    /// events delivered before the next.
    GameResult play() {
        const bool nested = core_.hub->delivering_here();
        for (bool first = true;; first = false) {
            bool played_stretch = false;
            {
                detail::TurnLock<Mutex> turn(*core_.hub, nested);
                std::lock_guard<Mutex> state(core_.hub->state_mutex);
                if (core_.state.finished || core_.at_limit(core_.state)) {
                    if (first) {
                        (void)admit(nullptr, false); // throws GameOver or TurnLimitReached
                    }
                    return result_locked();
                }
                played_stretch = play_plain_turns();
                // The usual end, answered under the locks already held (a lock costs as much as
                // a few turns, and a game of the classic board is about 75).
                if (played_stretch && (core_.state.finished || core_.at_limit(core_.state))) {
                    return result_locked();
                }
            }
            // Observed turns, and turns after someone is home, go one at a time.
            if (!played_stretch && !run_turn(nullptr, nullptr, true, nested)) {
                break;
            }
        }
        return result();
    }

    /// Calls `observer` with every event from now on (see GameEvent for the order), each exactly
    /// once, after the turn has changed the game, on the thread that played the turn, before
    /// that call returns and before the next turn starts. The observer may read the game, play
    /// a turn (its events follow the current ones), subscribe and unsubscribe.
    ///
    /// If an observer throws, the turn stands (the state has already changed), the other
    /// observers still receive that event and the ones after it, and then the call that played
    /// the turn rethrows the first exception.
    template <GameObserver F>
    [[nodiscard]] Subscription subscribe(F&& observer) {
        return core_.subscribe(std::forward<F>(observer));
    }

    // --- Reading the game. Safe from any thread, and from an observer. ---

    /// The square `player` stands on (0 before the first move). InvalidPlayers for an unknown
    /// name or seat.
    [[nodiscard]] Square position(std::string_view player) const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.state.squares[seat_of(player)];
    }
    [[nodiscard]] Square position(std::uint32_t seat) const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        core_.check_seat(seat);
        return core_.state.squares[seat];
    }
    /// Every position, by seat.
    [[nodiscard]] std::vector<Square> positions() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.state.squares;
    }
    /// The game's state as the turn model sees it (squares, rotation, finishers, turns): a copy,
    /// so a program can look ahead from it with apply_roll and chance_outcomes while the game
    /// goes on. Between turns, always: a Game plays a whole turn under one lock.
    [[nodiscard]] GameState state() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.state;
    }

    /// The player due to play. Throws GameOver once the game has ended.
    [[nodiscard]] std::string current_player() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        core_.throw_if_finished(core_.state);
        return core_.names[core_.state.seat_due];
    }
    [[nodiscard]] std::uint32_t current_seat() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        core_.throw_if_finished(core_.state);
        return core_.state.seat_due;
    }

    /// A copy of the log, oldest turn first.
    [[nodiscard]] std::vector<TurnRecord> records() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.records();
    }
    /// The record of the last turn played, if any.
    [[nodiscard]] std::optional<TurnRecord> last_record() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        if (core_.log.empty()) {
            return std::nullopt;
        }
        return core_.record_at(core_.log.size() - 1);
    }
    /// Turns over so far: one per record, and the turns missed under a house rule such as
    /// MissTurnSquares (listed in the record before them, `missed_after`), which have none.
    [[nodiscard]] std::uint64_t turns() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.state.turns_played;
    }
    /// The first player home, once there is one.
    [[nodiscard]] std::optional<std::string> winner() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.winner(core_.state);
    }
    /// Players home in the order they got there, then the others by square (highest first),
    /// then by seat.
    [[nodiscard]] std::vector<Standing> ranking() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.ranking(core_.state);
    }
    [[nodiscard]] GameStatus status() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return core_.status(core_.state, true, !core_.log.empty());
    }
    /// Status, winner, turns and ranking, read together.
    [[nodiscard]] GameResult result() const {
        std::lock_guard<Mutex> lock(core_.hub->state_mutex);
        return result_locked();
    }

    // --- What does not change after construction. ---

    [[nodiscard]] const std::vector<std::string>& players() const& noexcept { return core_.names; }
    /// On a temporary game, a copy: a reference would dangle once the game is gone.
    [[nodiscard]] std::vector<std::string> players() const&& { return core_.names; }
    /// The seat (0-based place in the rotation) of `player`; InvalidPlayers if there is none.
    [[nodiscard]] std::uint32_t seat_of(std::string_view player) const {
        return core_.seat_of(player);
    }
    [[nodiscard]] const Board<Config>& board() const noexcept { return core_.board; }
    /// The board's settings with the game's house rules.
    [[nodiscard]] const Config& config() const noexcept { return core_.config; }
    /// The dice, for inspection. Not synchronised: read it only when no turn can be running.
    [[nodiscard]] const D& dice() const noexcept { return dice_; }
};

/// `Game game(board, dice, players)` plays the standard game on the board's rules;
/// `Game game(board, dice, players, KnockBack{})` plays under those house rules.
template <class D, class Overshoot, class Chains>
Game(BasicBoard<GameConfig<Overshoot, Chains>>, D, std::vector<std::string>)
    -> Game<D, GameConfig<Overshoot, Chains>>;
template <class D, class Overshoot, class Chains, HouseRule House>
Game(BasicBoard<GameConfig<Overshoot, Chains>>, D, std::vector<std::string>, House)
    -> Game<D, GameConfig<Overshoot, Chains, House>>;

// Template arguments that do not fit: only the checks, so the error is the message of the slot
// and not a cascade from the members above.
template <class D, class Config, class Mutex>
requires(!detail::game_arguments<D, Config, Mutex>) class Game<D, Config, Mutex> {
    static_assert(detail::report_game_arguments<D, Config, Mutex>());
};

} // namespace snakeladder
