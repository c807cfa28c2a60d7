// The game: players in a fixed rotation on a board, a die, an exact turn log, a ranking, and
// observers; safe to drive from several threads with the default mutex.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../dice/detail/dice_checkpoint.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "../turn/board_traps.hpp"
#include "../turn/turn_model.hpp"
#include "../turn/turn_record.hpp"
#include "detail/event_hub.hpp"
#include "detail/game_core.hpp"
#include "detail/player_names.hpp"
#include "detail/turn_lock.hpp"
#include "detail/turn_log.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "null_mutex.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
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
#include <type_traits>
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
class Game {
    // The standard game's log keeps four words a turn; under house rules, each turn's detail.
    using Core = detail::GameCore<Config, Mutex>;

public:
    using dice_type = D;
    using config_type = Config;
    using board_type = Board<Config>;
    using mutex_type = Mutex;
    using house_rule_policy = typename Config::house_rule_policy;
    /// The standard game: no house rule can ever act, so turns take the plain, faster path.
    static constexpr bool plain_rules = detail::rule_plays_plain<house_rule_policy>();

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
        : core_(std::move(board), std::move(players), std::move(house_rules)),
          dice_(std::move(dice)) {
        core_.check_dice(std::span<const D>(&dice_, 1), "Game");
        core_.state = GameState(
            {.players = core_.names.size(), .max_roll = static_cast<int>(dice_.max_roll())});
    }

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

private:
    // One turn, start to end: lock, play, deliver. Returns false, without throwing, when
    // `stop_quietly` and the game can take no more turns.
    SNAKELADDER_HOT bool run_turn(const std::string_view* claimed, TurnRecord* copy_out,
                                  bool stop_quietly, bool nested,
                                  std::span<const int>* replay = nullptr) {
        detail::GameHub<Mutex>& hub = *core_.hub;
        detail::TurnLock<Mutex> turn(hub, nested);
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
            core_.state.turns_played >= config().turn_limit()) [[unlikely]] {
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
        detail::DiceCheckpoint<D> checkpoint(dice_);
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
        const Square end = detail::apply_plain_roll(core_.board, core_.state, roll);
        detail::LoggedTurn& turn = core_.log.append();
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
            detail::throw_invalid_config(fmt::format(
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
            detail::LoggedTurn& turn = core_.log.append();
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
    // model's standard roll (detail::apply_plain_roll) with the rotation kept in a register; the
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
        const std::size_t below_limit = config().turn_limit() - core_.state.turns_played;
        const std::size_t turns = std::min({core_.log.room(), below_limit, longest_stretch});
        const auto players = static_cast<std::uint32_t>(core_.names.size());
        const Square size = core_.board.size();
        // Kept in locals through the stretch, and written back on every way out (a roll may
        // throw), so the compiler need not reload them after each store to the log.
        Square* const positions = core_.state.squares.data();
        detail::LoggedTurn* const first = core_.log.free_space();
        detail::LoggedTurn* const last = first + turns;
        detail::LoggedTurn* next = first;
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
                    detail::finish_plain_roll(core_.board, core_.state);
                    return true;
                }
                ++next;
                seat = detail::seat_after(seat, players);
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

#undef SNAKELADDER_COLD
#undef SNAKELADDER_OUT_OF_LINE
#undef SNAKELADDER_HOT
