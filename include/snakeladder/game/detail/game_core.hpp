// The one game core under Game and DecisionGame: the board and the rules a game plays under, the
// players and their names, the turn model's state and the log (records built and turns taken
// back here), the standings and the result read from a GameState, the one set of messages (over,
// turn limit, not your turn), admission, the one check that the dice can end a game, the locks
// and the observers. The two games are drivers over it: Game rolls its dice,
// DecisionGame asks choices and policies; what a roll does is the turn model's.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../dice/dice.hpp"
#include "../../rules/game_state.hpp"
#include "../../turn/board_traps.hpp"
#include "../../turn/turn_model.hpp"
#include "../../turn/turn_record.hpp"
#include "../game_events.hpp"
#include "../game_result.hpp"
#include "../null_mutex.hpp"
#include "event_hub.hpp"
#include "player_names.hpp"
#include "turn_lock.hpp"
#include "turn_log.hpp"

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

namespace snakeladder::detail {

// The template arguments of both games, checked slot by slot: the first that does not fit is the
// error's first line, and names the slot.
template <class D, class Config, class Mutex>
consteval bool report_game_arguments() {
    static_assert(dice_roll<D>, "DecisionGame<D, ...> or Game<D, ...>: D must be Dice (roll(), "
                                "min_roll() and max_roll(), each giving an int), and D has no "
                                "roll()");
    static_assert(!dice_roll<D> || dice_min_roll<D>,
                  "DecisionGame<D, ...> or Game<D, ...>: D must be Dice (roll(), min_roll() and "
                  "max_roll(), each giving an int), and D has no min_roll() const");
    static_assert(!dice_roll<D> || !dice_min_roll<D> || dice_max_roll<D>,
                  "DecisionGame<D, ...> or Game<D, ...>: D must be Dice (roll(), min_roll() and "
                  "max_roll(), each giving an int), and D has no max_roll() const");
    static_assert(report_game_config<Config>); // a GameConfig's own policy message
    static_assert(is_game_config<Config>,
                  "DecisionGame<D, Config, ...> or Game<D, Config, ...>: Config must be a "
                  "GameConfig<Overshoot, Chains, House> (for example GameConfig<BounceBack, "
                  "FollowChains>)");
    static_assert(BasicLockable<Mutex>,
                  "DecisionGame<D, Config, Mutex> or Game<D, Config, Mutex>: Mutex must be "
                  "BasicLockable (default-constructible, with lock() and unlock(), like "
                  "std::mutex or NullMutex)");
    return true;
}

// Whether the template arguments fit both games.
template <class D, class Config, class Mutex>
concept game_arguments = Dice<D> && is_valid_game_config<Config> && BasicLockable<Mutex>;

// What a game's log keeps of each turn besides its four words (LoggedTurn): nothing (a Game of
// the standard game, where they say all a turn did), its detail (a Game under house rules), or
// its detail and what the players decided (a DecisionGame).
enum class LogKeeps { moves, outcomes, decisions };

// Public members: the drivers' turn loops read the board, the settings, the state, the log and
// the hub directly, so the standard game's fast path pays nothing for the core.
template <class Config, BasicLockable Mutex,
          LogKeeps Keeps = rule_plays_plain<typename Config::house_rule_policy>()
                               ? LogKeeps::moves
                               : LogKeeps::outcomes>
struct GameCore {
    static constexpr bool detailed = Keeps != LogKeeps::moves;
    static constexpr bool decides = Keeps == LogKeeps::decisions;

    using house_rule_policy = typename Config::house_rule_policy;

    // Throws InvalidPlayers for a player count outside the board's limits, an empty or a
    // duplicate name.
    GameCore(Board<Config> game_board, std::vector<std::string> players,
             house_rule_policy house_rules)
        : board(std::move(game_board)), names(std::move(players)),
          config(board.config().settings(), std::move(house_rules)),
          by_name(seats_by_name(names, config.min_players(), config.max_players())),
          hub(std::make_shared<GameHub<Mutex>>()) {}

    // Move-only: a copy would share the hub, its locks and its observers with the original.
    GameCore(GameCore&&) noexcept(std::is_nothrow_move_constructible_v<Config>) = default;
    GameCore& operator=(GameCore&&) noexcept(std::is_nothrow_move_assignable_v<Config>) = default;
    GameCore(const GameCore&) = delete;
    GameCore& operator=(const GameCore&) = delete;
    ~GameCore() = default;

    Board<Config> board;
    std::vector<std::string> names;
    Config config; // the board's settings and the house rules (read once a turn, kept apart)
    std::vector<std::size_t> by_name; // seats sorted by name, for lookups by name
    std::shared_ptr<GameHub<Mutex>> hub;
    GameState state;                                  // the squares, the rotation, the finishers
    TurnLog log;                                      // every turn over, in order
    std::vector<TurnDetail> details;                  // by log index, when detailed (else empty)
    std::vector<std::vector<RollDecision>> decisions; // by log index, when players decide
    // Where record_at plays a turn of the standard game again (under state_mutex).
    mutable GameState replay;

    // --- Players. ---

    [[nodiscard]] std::uint32_t seat_of(std::string_view player) const {
        // A game has at most max_player_limit (100,000) seats.
        return static_cast<std::uint32_t>(seat_by_name(by_name, names, player));
    }
    void check_seat(std::uint32_t seat) const {
        if (seat >= names.size()) {
            throw InvalidPlayers(fmt::format("there is no seat {}: the game has {} players "
                                             "(seats 0 to {})",
                                             seat, names.size(), names.size() - 1));
        }
    }

    // --- The dice. ---

    // The one check of both games, for each of the dice a player can roll: house rules these
    // dice cannot play are refused (a six to start they never roll...), and so is a board on
    // which they can leave a token where home is out of reach, whole turns examined under house
    // rules (detail::refuse_endless_game). With several dice to pick from, a token is trapped
    // only where no roll of any of them can take it on, single rolls examined. Dice that run out
    // (ScriptedDice) end in DiceExhausted and cannot make a game endless: only the rules are
    // checked against the board.
    template <Dice D>
    void check_dice(std::span<const D> dice, const std::string& caller) const {
        const house_rule_policy& rules = config.house_rules();
        if constexpr (FiniteDice<D>) {
            for (const D& one : dice) {
                check_house_rules_playable(board, rules, one, std::vector<int>{}, true);
            }
            return;
        } else {
            if (!rules_off(rules)) {
                for (const D& one : dice) {
                    // Listed for the rules alone: without them no list is made.
                    const std::vector<std::int64_t> wide = rolls_that_matter(one, board);
                    const std::vector<int> rolls(wide.begin(),
                                                 wide.end()); // each at most the dice's max_roll
                    check_house_rules_playable(board, rules, one, rolls);
                }
            }
            if (dice.size() == 1) {
                refuse_endless_game(board, dice.front(), rules, caller, names.size());
                return;
            }
            std::vector<RollRun> all;   // every dice's runs, then merged
            std::vector<RollRun> named; // every dice's own rolls, for the message
            for (const D& one : dice) {
                const std::vector<RollRun> runs = roll_runs(one, board);
                all.insert(all.end(), runs.begin(), runs.end());
                const std::vector<RollRun> own = dice_roll_runs(one);
                named.insert(named.end(), own.begin(), own.end());
            }
            const std::string question =
                caller + ": checking that these dice can bring a token home";
            std::vector<Square> traps;
            if (rules_off(rules)) {
                // The standard game: a roll's move does not depend on the dice that rolled it.
                const std::vector<RollRun> every = merged_runs(std::move(all));
                check_trap_search<typename Config::overshoot_rule>(every, board.size(), question);
                traps = trap_squares(board, std::span<const RollRun>(every));
            } else {
                // Whole turns, as for one dice, with a pick of dice before every roll: each
                // dice's rolls, with its highest roll (what a maximum is to the rules). Only
                // which rolls can come matters; as odds, each dice is picked alike, so that a
                // turn that goes on fades as it does for one dice.
                std::vector<ChanceOutcome> outcomes;
                std::vector<int> max_rolls;
                int highest = 0;
                for (const D& one : dice) {
                    const std::vector<std::int64_t> rolls =
                        turn_check_rolls(one, board.size(), roll_runs(one, board), rules, question);
                    const auto max_roll = static_cast<int>(one.max_roll());
                    highest = std::max(highest, max_roll);
                    for (const std::int64_t roll : rolls) {
                        outcomes.push_back({static_cast<int>(roll),
                                            1.0 / static_cast<double>(rolls.size() * dice.size())});
                        max_rolls.push_back(max_roll);
                    }
                }
                traps = lone_token_traps(board, std::span<const ChanceOutcome>(outcomes), highest,
                                         rules, names.size(), std::span<const int>(max_rolls));
            }
            if (!traps.empty()) {
                std::string rolls = "rolls of " + roll_list_in_words(merged_runs(std::move(named)));
                if (!rules_off(rules)) {
                    rolls += " under house rules " + rules.name();
                }
                throw_invalid_config(caller + ": whatever dice are picked, " +
                                     describe_trap_squares(traps, rolls));
            }
        }
    }

    // --- Where the game stands, read from a state (the game's, or the one a turn leads to). ---

    [[nodiscard]] bool at_limit(const GameState& game) const noexcept {
        return game.turns_played >= config.turn_limit();
    }

    // `between_turns`: no turn is under way (the turn limit counts only then); `started`: a roll
    // has been made (a turn is over or under way). The same meaning in both games.
    [[nodiscard]] GameStatus status(const GameState& game, bool between_turns,
                                    bool started) const noexcept {
        if (game.finished) {
            return GameStatus::finished;
        }
        if (between_turns && at_limit(game)) {
            return GameStatus::turn_limit_reached;
        }
        return started ? GameStatus::in_progress : GameStatus::not_started;
    }

    [[nodiscard]] std::optional<std::string> winner(const GameState& game) const {
        if (game.finish_order.empty()) {
            return std::nullopt;
        }
        return names[game.finish_order.front()];
    }

    // Players home in the order they got there, then the others by square (highest first), then
    // by seat.
    [[nodiscard]] std::vector<Standing> ranking(const GameState& game) const {
        // Seats in ranking order: finishers as they got home, then the others by seat, stably
        // sorted by square. On the stack for the usual handful of players (play() returns a
        // ranking after every game, so this is part of its cost).
        constexpr std::size_t on_stack = 16;
        const std::size_t count = names.size();
        // Only the `count` entries used are cleared: zeroing all 16 (a `rep stos`) took a third
        // of the ranking's time.
        std::array<std::uint32_t, on_stack> small;
        std::vector<std::uint32_t> large;
        if (count > on_stack) {
            large.resize(count);
        }
        const std::span<std::uint32_t> order =
            count > on_stack ? std::span<std::uint32_t>(large) : std::span(small).first(count);
        std::fill(order.begin(), order.end(), std::uint32_t{0});
        std::copy(game.finish_order.begin(), game.finish_order.end(), order.begin());
        const std::size_t finishers = game.finish_order.size();
        std::size_t next = finishers;
        for (std::uint32_t seat = 0; seat < count; ++seat) {
            if (game.squares[seat] != board.size()) {
                order[next++] = seat;
            }
        }
        const auto further = [&game](std::uint32_t a, std::uint32_t b) {
            return game.squares[a] > game.squares[b];
        };
        const auto rest = order.begin() + static_cast<std::ptrdiff_t>(finishers);
        if (count > on_stack) {
            std::stable_sort(rest, order.end(), further);
        } else { // insertion sort: stable, and no buffer to allocate
            for (auto it = rest; it != order.end(); ++it) {
                const std::uint32_t seat = *it;
                auto hole = it;
                for (; hole != rest && further(seat, *(hole - 1)); --hole) {
                    *hole = *(hole - 1);
                }
                *hole = seat;
            }
        }
        // Filled in place: a name is copied once, straight into its standing (push_back of a
        // braced Standing copies it into a temporary and then moves it, and play() pays for
        // this after every game).
        std::vector<Standing> standings(count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t seat = order[i];
            Standing& standing = standings[i];
            standing.rank = i + 1;
            standing.seat = seat;
            standing.player = names[seat];
            standing.square = game.squares[seat];
            standing.home = i < finishers;
        }
        return standings;
    }

    [[nodiscard]] GameResult result(const GameState& game, bool between_turns, bool started) const {
        return {status(game, between_turns, started), winner(game), game.turns_played,
                ranking(game)};
    }

    // --- Admission and its messages. ---

    // Whether a turn may be played (by `claimed`, when a player claims it): false to stop
    // quietly (play() at the end), else throws the reason it may not, in this order: a name not
    // in the game (InvalidPlayers), GameOver, TurnLimitReached (`limit_reached`: the driver says
    // whether the limit counts now), NotYourTurn.
    bool admit(const GameState& game, const std::string_view* claimed, bool stop_quietly,
               bool limit_reached) const {
        const bool other = claimed != nullptr && *claimed != std::string_view(names[game.seat_due]);
        if (other) {
            (void)seat_of(*claimed); // an unknown name is refused before anything else
        }
        if (game.finished) {
            if (stop_quietly) {
                return false;
            }
            throw GameOver(game_over_message(game));
        }
        if (limit_reached) {
            if (stop_quietly) {
                return false;
            }
            throw TurnLimitReached(fmt::format(
                "the game has reached its turn limit of {} turns{}", config.turn_limit(),
                game.finish_order.empty() ? " without a winner" : ""));
        }
        if (other) {
            throw NotYourTurn(fmt::format("it is {}'s turn, not {}'s",
                                          shown_for_message(names[game.seat_due]),
                                          shown_for_message(*claimed)));
        }
        return true;
    }

    void throw_if_finished(const GameState& game) const {
        if (game.finished) {
            throw GameOver(game_over_message(game));
        }
    }

    [[nodiscard]] std::string game_over_message(const GameState& game) const {
        std::string message =
            fmt::format("the game is over after {} turns: {} won", game.turns_played,
                        shown_for_message(names[game.finish_order.front()]));
        if (config.play_to_last() && game.squares.size() - game.finish_order.size() == 1) {
            for (std::size_t seat = 0; seat < names.size(); ++seat) {
                if (game.squares[seat] != board.size()) {
                    message += fmt::format(" and only {} is left", shown_for_message(names[seat]));
                }
            }
        }
        return message;
    }

    // --- The log. Both games' records are built here, and their turns taken back here. ---

    // Logs a turn that is over from its detail and, where players decide, what they decided at
    // each of its rolls. On a throw (allocation) the log is as it was.
    void log_turn(TurnDetail turn, std::vector<RollDecision> decided = {}) requires detailed {
        if (log.full()) {
            log.grow();
        }
        if (details.size() == details.capacity()) { // doubling: stays linear
            details.reserve(std::max<std::size_t>(16, 2 * details.capacity()));
        }
        if constexpr (decides) {
            if (decisions.size() == decisions.capacity()) {
                decisions.reserve(std::max<std::size_t>(16, 2 * decisions.capacity()));
            }
            decisions.push_back(std::move(decided)); // room reserved: does not throw
        }
        const RollOutcome& first = turn.rolls.front();
        LoggedTurn& entry = log.append();
        entry.start = first.start;
        entry.end = turn.rolls.back().end;
        entry.seat = first.seat;
        entry.roll = first.roll;
        details.push_back(std::move(turn)); // room reserved: does not throw
    }

    // The full record of the turn at `index` (0-based) in the log. From its detail (and its
    // decisions) where the driver keeps them; in the standard game, its roll played again through
    // the turn model from what the log keeps (only the mover's square can change what that roll
    // does), its place from the state's finish order.
    [[nodiscard]] TurnRecord record_at(std::size_t index) const {
        if constexpr (decides) {
            return record_of(details[index], decisions[index], names);
        } else if constexpr (detailed) {
            return record_of(details[index], {}, names);
        } else {
            const LoggedTurn& turn = log[index];
            if (replay.squares.size() != names.size()) {
                replay = GameState({.players = names.size(), .max_roll = state.max_roll});
            }
            replay.squares[turn.seat] = turn.start; // the other squares do not matter
            replay.seat_due = turn.seat;
            replay.rolls_in_turn = 0;
            replay.finished = false;
            replay.finish_order.clear();
            const RollOutcome roll =
                apply_roll_in_place(board, replay, turn.roll, config.house_rules());
            TurnRecord record = turn_record(std::span(&roll, 1), index + 1, names);
            if (record.home) { // a player gets home once: its place is its index in the order
                const auto& order = state.finish_order;
                const auto it = std::find(order.begin(), order.end(), turn.seat);
                record.place = static_cast<int>(it - order.begin()) + 1;
            }
            return record;
        }
    }
    [[nodiscard]] std::vector<TurnRecord> records() const {
        std::vector<TurnRecord> all;
        all.reserve(log.size());
        for (std::size_t i = 0; i < log.size(); ++i) {
            all.push_back(record_at(i));
        }
        return all;
    }

    // Takes the last turn logged back out of `game` through the turn model
    // (detail::take_back_turn), leaving the log as it is: from its detail where the driver keeps
    // them, else from its log entry, which says all a turn of the standard game changed.
    void take_back_last(GameState& game) const noexcept {
        if constexpr (detailed) {
            take_back_turn(game, details.back().rolls);
        } else {
            const LoggedTurn& turn = log.back();
            RollOutcome roll; // no allocation: every list in it is empty
            roll.seat = turn.seat;
            roll.start = turn.start;
            roll.home = turn.end == board.size();
            take_back_turn(game, std::span(&roll, 1));
        }
    }
    void drop_last() noexcept {
        log.pop_back();
        if constexpr (detailed) {
            details.pop_back();
        }
        if constexpr (decides) {
            decisions.pop_back();
        }
    }

    // --- Observers. ---

    template <GameObserver F>
    [[nodiscard]] Subscription subscribe(F&& observer) {
        std::unique_ptr<Observer> erased =
            std::make_unique<ObserverOf<std::decay_t<F>>>(std::forward<F>(observer));
        TurnLock<Mutex> turn(*hub);
        auto& observers = hub->observers;
        if (observers.size() == observers.capacity()) { // a failure leaves the list as it was
            observers.reserve(std::max<std::size_t>(4, 2 * observers.capacity()));
        }
        const std::uint64_t id = hub->next_id++;
        observers.push_back({id, std::move(erased), true});
        return {std::weak_ptr<SubscriptionTarget>(hub), id};
    }

    [[nodiscard]] bool observed() const noexcept { return !hub->observers.empty(); }

    // The events of a turn that is over, `game` the game's state after it, queued for delivery
    // (see GameEvent for the order). On a throw, nothing stays queued.
    void queue_turn_events(const TurnRecord& record, const GameState& game) {
        std::deque<GameEvent>& queue = hub->queue;
        const std::size_t before = queue.size();
        try {
            if (record.turn == 1) {
                queue.emplace_back(GameStarted{names});
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
            if (game.finished || at_limit(game)) {
                queue.emplace_back(GameEnded{result(game, true, true)});
            }
        } catch (...) {
            while (queue.size() > before) {
                queue.pop_back();
            }
            throw;
        }
    }

    // Delivers what is queued, with the state lock free and the turn lock held until the last
    // observer returns; then rethrows the first exception an observer threw.
    void deliver(TurnLock<Mutex>& turn) {
        const std::exception_ptr error = hub->deliver();
        turn.unlock();
        if (error) {
            std::rethrow_exception(error);
        }
    }

    // --- Replays. ---

    // A replayed roll outside what the dice roll; a turn given too many rolls or too few.
    template <Dice D>
    static void check_replayed_roll(const D& dice, int roll) {
        const auto low = static_cast<std::int64_t>(dice.min_roll());
        const auto high = static_cast<std::int64_t>(dice.max_roll());
        if (roll < low || roll > high) {
            throw IllegalRoll(roll, fmt::format("roll {} is outside what the dice roll ({} to {})",
                                                roll, low, high));
        }
    }
    // A record's roll `number` (from 1) names dice `dice` where there is one to roll.
    [[noreturn]] static void refuse_replay_dice(std::size_t number, std::uint32_t dice) {
        throw InvalidConfig(fmt::format(
            "replay_turn: roll {} names dice {}, and there is one dice to roll (number 0)", number,
            dice));
    }
    [[noreturn]] static void refuse_replay_length(std::size_t used, std::size_t given) {
        if (used == given) {
            throw InvalidConfig(
                fmt::format("the turn needs another roll after the {} given", given));
        }
        throw InvalidConfig(
            fmt::format("the turn was over after {} of the {} rolls given", used, given));
    }

    // --- Comparing two games. ---

    // `same()` with both games' state locks held, always taken in the same order, so two threads
    // comparing a == b and b == a cannot deadlock. The board and rules, the players, the states
    // and the logs are compared first.
    template <class Same>
    static bool compare(const GameCore& a, const GameCore& b, Same&& same) {
        const bool a_first = std::less<const GameCore*>{}(&a, &b);
        std::lock_guard<Mutex> first((a_first ? a : b).hub->state_mutex);
        std::lock_guard<Mutex> second((a_first ? b : a).hub->state_mutex);
        return a.board == b.board && a.config == b.config && a.names == b.names &&
               a.state == b.state && a.log == b.log && a.details == b.details &&
               a.decisions == b.decisions && same();
    }
};

} // namespace snakeladder::detail
