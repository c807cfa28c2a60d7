// The game: players in a fixed rotation on a board, a die, an exact turn log, a ranking, and
// observers; safe to drive from several threads with the default mutex.
#pragma once

#include "board.hpp"
#include "board_traps.hpp"
#include "config.hpp"
#include "detail/dice_checkpoint.hpp"
#include "detail/event_hub.hpp"
#include "detail/player_names.hpp"
#include "detail/turn_lock.hpp"
#include "detail/turn_log.hpp"
#include "dice.hpp"
#include "errors.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "jump.hpp"
#include "null_mutex.hpp"
#include "turn_model.hpp"
#include "turn_record.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <fmt/format.h>
#include <functional>
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
template <class D, class Config = GameConfig<>, class Mutex = std::mutex>
class Game {
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
        : board_(std::move(board)), dice_(std::move(dice)), names_(std::move(players)),
          hub_(std::make_shared<detail::GameHub<Mutex>>()),
          config_(board_.config().settings(), std::move(house_rules)) {
        check_players();
        check_home_reachable();
        state_ =
            GameState({.players = names_.size(), .max_roll = static_cast<int>(dice_.max_roll())});
        // Room for every finisher in both states a turn swaps between, so that getting home
        // never allocates (the fast paths count on it; a copy alone keeps only what it needs).
        pending_ = state_;
        pending_.finish_order.reserve(names_.size());
    }

    /// A moved-from game may only be destroyed or assigned to. Moves throw only if the dice's
    /// or the board's do (every other member moves without throwing).
    Game(Game&&) noexcept(std::conjunction_v<std::is_nothrow_move_constructible<D>,
                                             std::is_nothrow_move_constructible<Board<Config>>,
                                             std::is_nothrow_move_constructible<Config>>) = default;
    Game& operator=(Game&&) noexcept(
        std::conjunction_v<std::is_nothrow_move_assignable<D>,
                           std::is_nothrow_move_assignable<Board<Config>>,
                           std::is_nothrow_move_assignable<Config>>) = default;
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;
    ~Game() = default;

    /// Plays the turn of whoever is due and returns its record. Throws GameOver once the game
    /// has ended, TurnLimitReached when the configuration's turn limit has been played, and
    /// whatever the dice throw (DiceExhausted), changing nothing.
    TurnRecord play_turn() {
        TurnRecord record;
        run_turn(nullptr, &record, false, hub_->delivering_here());
        return record;
    }

    /// Plays `player`'s turn. Throws NotYourTurn, naming who is due, when it is someone else's
    /// turn, and InvalidPlayers for a name not in the game; otherwise as play_turn().
    TurnRecord take_turn(std::string_view player) {
        TurnRecord record;
        run_turn(&player, &record, false, hub_->delivering_here());
        return record;
    }

    /// Plays the turn of whoever is due with these rolls instead of the dice's, and returns its
    /// record: how a logged or saved game is played back. `rolls` must be exactly the rolls of
    /// one turn (one, unless a house rule grants more), each within the dice's min_roll() to
    /// max_roll(). Throws InvalidConfig naming the bad roll, or saying that the turn needs more
    /// rolls or fewer, and otherwise as play_turn(); the dice are not touched.
    TurnRecord replay_turn(std::span<const int> rolls) {
        TurnRecord record;
        run_turn(nullptr, &record, false, hub_->delivering_here(), &rolls);
        return record;
    }

    /// Takes back the last turn exactly: positions (the tokens it sent back are returned to
    /// their squares), rotation, finishers, winner and status; called again, it keeps going back
    /// to the start. The dice are not rewound: the game continues with their next roll. Observers
    /// receive TurnUndone with the record of the turn taken back, which is also returned. Throws
    /// NothingToUndo, changing nothing, when no turn has been played.
    TurnRecord undo() {
        TurnRecord record;
        detail::TurnLock<Mutex> turn(*hub_);
        {
            std::lock_guard<Mutex> state(hub_->state_mutex);
            if (log_.empty()) {
                throw NothingToUndo("there is no turn to undo: no turn has been played yet");
            }
            record = record_at(log_.size() - 1);
            if (!hub_->observers.empty()) {
                hub_->queue.push_back(TurnUndone{record}); // before any change: it may throw
            }
            roll_back_last();
        }
        if (turn.owner() && !hub_->queue.empty()) {
            deliver(turn);
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
        // Always in the same order, so two threads comparing a == b and b == a cannot deadlock.
        const bool a_first = std::less<const Game*>{}(&a, &b);
        std::lock_guard<Mutex> first((a_first ? a : b).hub_->state_mutex);
        std::lock_guard<Mutex> second((a_first ? b : a).hub_->state_mutex);
        bool same_dice = true;
        if constexpr (std::equality_comparable<D>) {
            same_dice = a.dice_ == b.dice_;
        }
        return same_dice && a.board_ == b.board_ && a.config_ == b.config_ &&
               a.names_ == b.names_ && a.state_ == b.state_ && a.log_ == b.log_ &&
               a.details_ == b.details_;
    }

    /// Plays until the game ends or reaches its turn limit, and returns the result. Throws, as
    /// play_turn(), when not even one turn can be played. If a turn throws on the way (dice
    /// exhausted), the turns before it stand and the game is as it was before that turn.
    ///
    /// With nobody observing, turns are played in stretches of up to 1024 under one lock (other
    /// threads' calls wait at most that long); with observers, one turn at a time, each turn's
    /// events delivered before the next.
    GameResult play() {
        const bool nested = hub_->delivering_here();
        for (bool first = true;; first = false) {
            bool played_stretch = false;
            {
                detail::TurnLock<Mutex> turn(*hub_, nested);
                std::lock_guard<Mutex> state(hub_->state_mutex);
                if (state_.finished || state_.turns_played >= config().turn_limit()) {
                    if (first) {
                        (void)admit(nullptr, false); // throws GameOver or TurnLimitReached
                    }
                    break;
                }
                played_stretch = play_plain_turns();
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
        std::unique_ptr<detail::Observer> erased =
            std::make_unique<detail::ObserverOf<std::decay_t<F>>>(std::forward<F>(observer));
        detail::TurnLock<Mutex> turn(*hub_);
        auto& observers = hub_->observers;
        if (observers.size() == observers.capacity()) { // a failure leaves the list as it was
            observers.reserve(std::max<std::size_t>(4, 2 * observers.capacity()));
        }
        const std::uint64_t id = hub_->next_id++;
        observers.push_back({id, std::move(erased), true});
        return {std::weak_ptr<detail::SubscriptionTarget>(hub_), id};
    }

    // --- Reading the game. Safe from any thread, and from an observer. ---

    /// The square `player` stands on (0 before the first move). InvalidPlayers for an unknown
    /// name or seat.
    [[nodiscard]] Square position(std::string_view player) const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return state_.squares[seat_of(player)];
    }
    [[nodiscard]] Square position(std::size_t seat) const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        check_seat(seat);
        return state_.squares[seat];
    }
    /// Every position, by seat.
    [[nodiscard]] std::vector<Square> positions() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return state_.squares;
    }
    /// The game's state as the turn model sees it (squares, rotation, finishers, turns): a copy,
    /// so a program can look ahead from it with apply_roll and chance_outcomes while the game
    /// goes on. Between turns, always: a Game plays a whole turn under one lock.
    [[nodiscard]] GameState state() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return state_;
    }

    /// The player due to play. Throws GameOver once the game has ended.
    [[nodiscard]] std::string current_player() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        throw_if_finished();
        return names_[state_.seat_due];
    }
    [[nodiscard]] std::size_t current_seat() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        throw_if_finished();
        return state_.seat_due;
    }

    /// A copy of the log, oldest turn first.
    [[nodiscard]] std::vector<TurnRecord> records() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        std::vector<TurnRecord> records;
        records.reserve(log_.size());
        for (std::size_t i = 0; i < log_.size(); ++i) {
            records.push_back(record_at(i));
        }
        return records;
    }
    /// The record of the last turn played, if any.
    [[nodiscard]] std::optional<TurnRecord> last_record() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        if (log_.empty()) {
            return std::nullopt;
        }
        return record_at(log_.size() - 1);
    }
    /// Turns over so far: one per record, and the turns missed under a house rule such as
    /// MissTurnSquares (listed in the record before them, `missed_after`), which have none.
    [[nodiscard]] std::uint64_t turns() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return state_.turns_played;
    }
    /// The first player home, once there is one.
    [[nodiscard]] std::optional<std::string> winner() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return winner_locked();
    }
    /// Players home in the order they got there, then the others by square (highest first),
    /// then by seat.
    [[nodiscard]] std::vector<Standing> ranking() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return ranking_locked();
    }
    [[nodiscard]] GameStatus status() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return status_locked();
    }
    /// Status, winner, turns and ranking, read together.
    [[nodiscard]] GameResult result() const {
        std::lock_guard<Mutex> lock(hub_->state_mutex);
        return result_locked();
    }

    // --- What does not change after construction. ---

    [[nodiscard]] const std::vector<std::string>& players() const& noexcept { return names_; }
    /// On a temporary game, a copy: a reference would dangle once the game is gone.
    [[nodiscard]] std::vector<std::string> players() const&& { return names_; }
    /// The seat (0-based place in the rotation) of `player`; InvalidPlayers if there is none.
    [[nodiscard]] std::size_t seat_of(std::string_view player) const {
        return detail::seat_by_name(by_name_, names_, player);
    }
    [[nodiscard]] const Board<Config>& board() const noexcept { return board_; }
    /// The board's settings with the game's house rules.
    [[nodiscard]] const Config& config() const noexcept { return config_; }
    /// The dice, for inspection. Not synchronised: read it only when no turn can be running.
    [[nodiscard]] const D& dice() const noexcept { return dice_; }

private:
    // One turn, start to end: lock, play, deliver. Returns false, without throwing, when
    // `stop_quietly` and the game can take no more turns.
    SNAKELADDER_HOT bool run_turn(const std::string_view* claimed, TurnRecord* copy_out,
                                  bool stop_quietly, bool nested,
                                  std::span<const int>* replay = nullptr) {
        detail::GameHub<Mutex>& hub = *hub_;
        detail::TurnLock<Mutex> turn(hub, nested);
        bool played = false;
        {
            std::lock_guard<Mutex> state(hub.state_mutex);
            played = play_locked(claimed, copy_out, stop_quietly, replay);
        }
        if (turn.owner() && !hub.queue.empty()) [[unlikely]] {
            deliver(turn);
        }
        return played;
    }

    void deliver(detail::TurnLock<Mutex>& turn) {
        const std::exception_ptr error = hub_->deliver();
        turn.unlock();
        if (error) {
            std::rethrow_exception(error);
        }
    }

    // One turn of the player due, top to bottom, every path but play()'s stretches: may it be
    // played; the rolls, from the dice or `replay`, each applied by the turn model; the turn
    // logged; then its record (`copy_out`) and its events. Nothing in the game changes until the
    // whole turn is known, and if the record or the events then fail, the turn is taken back and
    // the dice put back as they were. Everything rare is out of line.
    SNAKELADDER_HOT bool play_locked(const std::string_view* claimed, TurnRecord* copy_out,
                                     bool stop_quietly, std::span<const int>* replay) {
        if (claimed != nullptr || state_.finished || state_.turns_played >= config().turn_limit())
            [[unlikely]] {
            if (!admit(claimed, stop_quietly)) {
                return false;
            }
        }
        if (log_.full()) [[unlikely]] {
            log_.grow(); // before the roll, so running out of memory here changes nothing
        }
        const bool publish = copy_out != nullptr || !hub_->observers.empty();
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
                    *copy_out = record_at(log_.size() - 1);
                }
                if (!hub_->observers.empty()) {
                    queue_events();
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
    // room.
    SNAKELADDER_HOT void play_plain_roll(int roll) {
        const std::uint32_t seat = state_.seat_due;
        detail::LoggedTurn& turn = log_.append();
        turn.start = state_.squares[seat];
        turn.end = detail::apply_plain_roll(board_, state_, roll);
        turn.seat = seat;
        turn.roll = roll;
    }

    // A turn played roll by roll through the turn model on a copy of the state, then committed:
    // every turn under house rules, and every replayed turn. Rolls come from `replay` when
    // given, else from the dice (`rolled` counts them, for the checkpoint).
    void play_rolls(std::span<const int>* replay, std::size_t& rolled) {
        // Copied into a state kept for this (its room is reused: no allocation once the game is
        // under way), and swapped in when the turn is complete.
        GameState& next = pending_;
        next = state_;
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
            rolls.push_back(apply_roll_in_place(board_, next, roll, config_.house_rules()));
        } while (!rolls.back().turn_over);
        if (replay != nullptr && given != replay->size()) {
            throw InvalidConfig(fmt::format("the turn was over after {} of the {} rolls given",
                                            given, replay->size()));
        }
        commit_turn(rolls, next);
    }

    [[nodiscard]] int replayed_roll(std::span<const int> rolls, std::size_t& next) const {
        if (next == rolls.size()) {
            throw InvalidConfig(
                fmt::format("the turn needs another roll after the {} given", rolls.size()));
        }
        const int roll = rolls[next];
        const auto low = static_cast<std::int64_t>(dice_.min_roll());
        const auto high = static_cast<std::int64_t>(dice_.max_roll());
        if (roll < low || roll > high) {
            throw InvalidConfig(
                fmt::format("roll {} is outside what the dice roll ({} to {})", roll, low, high));
        }
        ++next;
        return roll;
    }

    // Logs a turn the turn model has played into `next` and makes `next` the game's state (the
    // old state goes to `next`, to be reused). Whatever can fail (allocation) happens before the
    // first change. Under house rules the rolls' outcomes are kept beside the log: records are
    // built from them, and undo takes them back.
    void commit_turn(const std::vector<RollOutcome>& rolls, GameState& next) {
        const RollOutcome& first = rolls.front();
        if constexpr (!plain_rules) {
            detail::TurnDetail extra{state_.turns_played + 1, rolls};
            if (details_.size() == details_.capacity()) { // doubling: stays linear
                details_.reserve(std::max<std::size_t>(16, 2 * details_.capacity()));
            }
            details_.push_back(std::move(extra));
        }
        detail::LoggedTurn& turn = log_.append();
        turn.start = first.start;
        turn.end = rolls.back().end;
        turn.seat = first.seat;
        turn.roll = first.roll;
        std::swap(state_, next);
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
        if (!plain_rules || state_.finished || !state_.finish_order.empty() ||
            !hub_->observers.empty()) {
            return false;
        }
        if (log_.full()) [[unlikely]] {
            log_.grow(); // before the roll, so running out of memory here changes nothing
        }
        const std::size_t below_limit = config().turn_limit() - state_.turns_played;
        const std::size_t turns = std::min({log_.room(), below_limit, longest_stretch});
        const auto players = static_cast<std::uint32_t>(names_.size());
        const Square size = board_.size();
        // Kept in locals through the stretch, and written back on every way out (a roll may
        // throw), so the compiler need not reload them after each store to the log.
        Square* const positions = state_.squares.data();
        detail::LoggedTurn* const first = log_.free_space();
        detail::LoggedTurn* const last = first + turns;
        detail::LoggedTurn* next = first;
        std::uint32_t seat = state_.seat_due;
        const auto settle = [&]() noexcept {
            const auto played = static_cast<std::size_t>(next - first);
            log_.appended(played);
            state_.turns_played += played;
            state_.seat_due = seat;
        };
        try {
            while (next != last) {
                const int roll = dice_.roll();
                if (roll < 1) [[unlikely]] {
                    refuse_roll(roll);
                }
                const Square start = positions[seat];
                const Square end = board_.advance(start, roll); // the overshoot rule, the jumps
                next->start = start;
                next->end = end;
                next->seat = seat;
                next->roll = roll;
                positions[seat] = end;
                if (end == size) [[unlikely]] {
                    // A homecoming: the turn model ends the turn (finish order, maybe the end).
                    settle();
                    log_.appended(1);
                    detail::finish_plain_roll(board_, state_);
                    return true;
                }
                ++next;
                seat = seat + 1 == players ? 0 : seat + 1;
            }
        } catch (...) {
            settle();
            throw;
        }
        settle();
        return true;
    }

    // Whether a turn may be played: false to stop quietly (play() at the end), else throws the
    // reason it may not.
    SNAKELADDER_COLD bool admit(const std::string_view* claimed, bool stop_quietly) const {
        if (claimed != nullptr && *claimed != std::string_view(names_[state_.seat_due])) {
            (void)seat_of(*claimed); // an unknown name is refused before anything else
        }
        if (state_.finished) {
            if (stop_quietly) {
                return false;
            }
            throw GameOver(game_over_message());
        }
        if (state_.turns_played >= config().turn_limit()) {
            if (stop_quietly) {
                return false;
            }
            throw TurnLimitReached(fmt::format(
                "the game has reached its turn limit of {} turns{}", config().turn_limit(),
                state_.finish_order.empty() ? " without a winner" : ""));
        }
        if (claimed != nullptr && *claimed != std::string_view(names_[state_.seat_due])) {
            throw NotYourTurn(fmt::format("it is {}'s turn, not {}'s",
                                          detail::shown_for_message(names_[state_.seat_due]),
                                          detail::shown_for_message(*claimed)));
        }
        return true;
    }

    // Dice that roll below 1 break the Dice contract. The turn is refused before anything in the
    // game changes. The dice are put back only where the turn had checkpointed them (a turn that
    // returns a record or has observers); play_turn, take_turn and observed turns give the strong
    // guarantee, play()'s unobserved stretches do not pay for a checkpoint.
    [[noreturn]] SNAKELADDER_COLD static void refuse_roll(int roll) {
        throw InvalidConfig(fmt::format("the dice rolled {}, but a roll must be at least 1", roll));
    }

    // The full record of the turn at `index` (0-based) in the log. Under house rules, from the
    // outcomes kept for it. In the standard game, its roll played again through the turn model
    // from what the log keeps: only the mover's square can change what that roll does.
    [[nodiscard]] TurnRecord record_at(std::size_t index) const {
        if constexpr (!plain_rules) {
            const detail::TurnDetail& turn = details_[index];
            return turn_record(turn.rolls, turn.turn, names_);
        } else {
            const detail::LoggedTurn& turn = log_[index];
            GameState& replay = replay_; // guarded by state_mutex, as every caller holds it
            if (replay.squares.size() != names_.size()) {
                replay = GameState({.players = names_.size(), .max_roll = state_.max_roll});
            }
            replay.squares[turn.seat] = turn.start; // the other squares do not matter
            replay.seat_due = turn.seat;
            replay.rolls_in_turn = 0;
            replay.finished = false;
            replay.finish_order.clear();
            const RollOutcome roll =
                apply_roll_in_place(board_, replay, turn.roll, config_.house_rules());
            TurnRecord record = turn_record(std::span(&roll, 1), index + 1, names_);
            if (record.home) { // a player gets home once: its place is its index in the order
                const auto& order = state_.finish_order;
                const auto it = std::find(order.begin(), order.end(), turn.seat);
                record.place = static_cast<int>(it - order.begin()) + 1;
            }
            return record;
        }
    }

    // Undoes the last turn, logged and committed. Everything it changed follows from its log
    // entry (and, under house rules, the outcomes of its rolls, taken back last first): a turn is
    // only played in a game that has not finished, by the player who was due.
    void roll_back_last() noexcept {
        const detail::LoggedTurn& turn = log_.back();
        std::uint64_t turns = 1;
        if constexpr (!plain_rules) {
            const detail::TurnDetail& extra = details_.back();
            for (std::size_t r = extra.rolls.size(); r-- > 0;) { // last roll first
                const RollOutcome& roll = extra.rolls[r];
                for (const std::uint32_t seat : roll.skipped) {
                    ++state_.turns_to_miss[seat];
                }
                turns += roll.skipped.size();
                for (const std::uint32_t seat : roll.misses) {
                    --state_.turns_to_miss[seat];
                }
                state_.turns_to_miss[roll.seat] += roll.misses_dropped;
                for (std::size_t k = roll.knocked.size(); k-- > 0;) { // last move first
                    state_.squares[roll.knocked[k].seat] = roll.knocked[k].from;
                }
            }
            details_.pop_back();
        }
        state_.squares[turn.seat] = turn.start;
        if (turn.end == board_.size()) {
            state_.finish_order.pop_back();
        }
        state_.seat_due = turn.seat;
        state_.finished = false;
        state_.rolls_in_turn = 0;
        state_.streak = 0;
        state_.turn_start = 0;
        state_.turns_played -= turns;
        log_.pop_back();
    }

    void queue_events() {
        std::deque<GameEvent>& queue = hub_->queue;
        const std::size_t before = queue.size();
        try {
            const TurnRecord record = record_at(log_.size() - 1);
            if (record.turn == 1) {
                queue.emplace_back(GameStarted{names_});
            }
            queue.emplace_back(TurnPlayed{record});
            for (const KnockedBack& knocked : record.knocked_back) {
                if (knocked.seat != record.seat) { // a rule moving the mover sends nobody back
                    queue.emplace_back(TokenSentBack{record.turn, knocked.seat, knocked.player,
                                                     knocked.from, record.seat, record.player,
                                                     knocked.to});
                }
            }
            if (record.home) {
                queue.emplace_back(
                    PlayerHome{record.turn, record.seat, record.player, record.place});
            }
            if (state_.finished || state_.turns_played >= config().turn_limit()) {
                queue.emplace_back(GameEnded{result_locked()});
            }
        } catch (...) {
            while (queue.size() > before) {
                queue.pop_back();
            }
            throw;
        }
    }

    [[nodiscard]] GameStatus status_locked() const noexcept {
        if (state_.finished) {
            return GameStatus::finished;
        }
        if (state_.turns_played >= config().turn_limit()) {
            return GameStatus::turn_limit_reached;
        }
        return log_.empty() ? GameStatus::not_started : GameStatus::in_progress;
    }

    [[nodiscard]] std::optional<std::string> winner_locked() const {
        if (state_.finish_order.empty()) {
            return std::nullopt;
        }
        return names_[state_.finish_order.front()];
    }

    [[nodiscard]] std::vector<Standing> ranking_locked() const {
        // Seats in ranking order: finishers as they got home, then the others by seat, stably
        // sorted by square. On the stack for the usual handful of players (play() returns a
        // ranking after every game, so this is part of its cost).
        constexpr std::size_t on_stack = 16;
        const std::size_t count = names_.size();
        std::array<std::size_t, on_stack> small{};
        std::vector<std::size_t> large;
        if (count > on_stack) {
            large.resize(count);
        }
        const std::span<std::size_t> order =
            count > on_stack ? std::span<std::size_t>(large) : std::span(small).first(count);
        std::copy(state_.finish_order.begin(), state_.finish_order.end(), order.begin());
        const std::size_t finishers = state_.finish_order.size();
        std::size_t next = finishers;
        for (std::size_t seat = 0; seat < count; ++seat) {
            if (state_.squares[seat] != board_.size()) {
                order[next++] = seat;
            }
        }
        const auto further = [this](std::size_t a, std::size_t b) {
            return state_.squares[a] > state_.squares[b];
        };
        const auto rest = order.begin() + static_cast<std::ptrdiff_t>(finishers);
        if (count > on_stack) {
            std::stable_sort(rest, order.end(), further);
        } else { // insertion sort: stable, and no buffer to allocate
            for (auto it = rest; it != order.end(); ++it) {
                const std::size_t seat = *it;
                auto hole = it;
                for (; hole != rest && further(seat, *(hole - 1)); --hole) {
                    *hole = *(hole - 1);
                }
                *hole = seat;
            }
        }
        std::vector<Standing> ranking;
        ranking.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t seat = order[i];
            ranking.push_back({i + 1, seat, names_[seat], state_.squares[seat], i < finishers});
        }
        return ranking;
    }

    [[nodiscard]] GameResult result_locked() const {
        return {status_locked(), winner_locked(), state_.turns_played, ranking_locked()};
    }

    void throw_if_finished() const {
        if (state_.finished) {
            throw GameOver(game_over_message());
        }
    }

    [[nodiscard]] std::string game_over_message() const {
        std::string message =
            fmt::format("the game is over after {} turns: {} won", state_.turns_played,
                        detail::shown_for_message(names_[state_.finish_order.front()]));
        if (config().play_to_last() && state_.squares.size() - state_.finish_order.size() == 1) {
            for (std::size_t seat = 0; seat < names_.size(); ++seat) {
                if (state_.squares[seat] != board_.size()) {
                    message += fmt::format(" and only {} is left",
                                           detail::shown_for_message(names_[seat]));
                }
            }
        }
        return message;
    }

    void check_seat(std::size_t seat) const {
        if (seat >= names_.size()) {
            throw InvalidPlayers(fmt::format("there is no seat {}: the game has {} players "
                                             "(seats 0 to {})",
                                             seat, names_.size(), names_.size() - 1));
        }
    }

    void check_players() {
        by_name_ = detail::seats_by_name(names_, config().min_players(), config().max_players());
    }

    // A game that could never end is refused (detail::refuse_endless_game, board_traps.hpp), as
    // are house rules these dice cannot play.
    void check_home_reachable() const {
        if constexpr (FiniteDice<D>) {
            // Scripted dice end in DiceExhausted: they cannot make a game endless, and which
            // rolls come is the script's to say. The house rules are still checked against the
            // board.
            detail::check_house_rules_playable(board_, config_.house_rules(), dice_,
                                               std::vector<int>{}, true);
            return;
        }
        if (!detail::rules_off(config_.house_rules())) {
            // Listed for the rules alone: without them no list is made, whatever the dice.
            const std::vector<std::int64_t> wide = detail::rolls_that_matter(dice_, board_);
            const std::vector<int> rolls(wide.begin(), wide.end());
            detail::check_house_rules_playable(board_, config_.house_rules(), dice_, rolls);
        }
        detail::refuse_endless_game(board_, dice_, config_.house_rules(), "Game");
    }

    Board<Config> board_;
    D dice_;
    std::vector<std::string> names_;
    std::vector<std::size_t> by_name_; // seats sorted by name, for lookups by name
    GameState state_; // the squares, the rotation, the finishers: what decides the next roll
    detail::TurnLog log_;
    std::vector<detail::TurnDetail> details_; // by log index, under house rules only
    mutable GameState replay_; // where record_at plays a logged turn again (under state_mutex)
    GameState pending_;        // where a house-rule or replayed turn is played
    std::vector<RollOutcome> pending_rolls_; // and what its rolls did
    std::shared_ptr<detail::GameHub<Mutex>> hub_;
    Config config_; // the board's settings and the house rules (read once a turn, kept apart)
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
requires(!(Dice<D> && detail::is_valid_game_config<Config> &&
           BasicLockable<Mutex>)) class Game<D, Config, Mutex> {
    static_assert(detail::dice_roll<D>,
                  "Game<D, ...>: D must be Dice (roll(), min_roll() and max_roll(), each giving "
                  "an int), and D has no roll()");
    static_assert(detail::dice_min_roll<D>,
                  "Game<D, ...>: D must be Dice (roll(), min_roll() and max_roll(), each giving "
                  "an int), and D has no min_roll() const");
    static_assert(detail::dice_max_roll<D>,
                  "Game<D, ...>: D must be Dice (roll(), min_roll() and max_roll(), each giving "
                  "an int), and D has no max_roll() const");
    static_assert(detail::report_game_config<Config>); // a GameConfig's own policy message
    static_assert(detail::is_game_config<Config>,
                  "Game<D, Config, ...>: Config must be a GameConfig<Overshoot, Chains, House> "
                  "(for example GameConfig<BounceBack, FollowChains>)");
    static_assert(BasicLockable<Mutex>,
                  "Game<D, Config, Mutex>: Mutex must be BasicLockable (default-constructible, "
                  "with lock() and unlock(), like std::mutex or NullMutex)");
};

} // namespace snakeladder

#undef SNAKELADDER_COLD
#undef SNAKELADDER_OUT_OF_LINE
#undef SNAKELADDER_HOT
