// A game driven by arbitrary calls: any board (a few jumps, or the classic one), 0 to 10 players
// with names of any bytes, one of several rule sets (house rules chosen at run time), scripted or
// seeded dice, a turn limit from 1 to UINT64_MAX (at most 2,000 for seeded dice under knock-back),
// then up to 64 calls chosen by the input:
// play_turn, take_turn with the due name, another player's or any bytes, replay_turn with any
// rolls, undo, play, save and load (of the document as saved, or with a byte changed), and the
// queries.
//
// Every call must be served or refused with the snakeladder::Error the game's state calls for.
// Two games are built from the same input and given the same calls, so that:
// - a call that throws leaves its game equal (operator==, dice included) to the twin that was
//   not called;
// - a served call gives both games the same answer and leaves them equal;
// - a turn followed by undo() leaves the game as the twin before the turn, and replaying the
//   undone turn's rolls then gives the same record and a game equal to the twin after it.
// After every call the whole log is checked against the rules worked out here independently
// (turn numbers, rotation, every roll under the house rules, knock-backs, places, positions,
// status, winner, ranking), and an observer's view of the events against the log.
//
// Bytes: rule set, board, settings, house rules, dice, players, observer; then one byte per call
// (and the call's arguments) until the input runs out. save_game then load_game gives an equal
// game, which replaces the twin from then on: it must continue exactly as the original.
#include "fuzz_support.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <snakeladder/board/board.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/null_mutex.hpp>
#include <snakeladder/io/saved_game.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace snakeladder;

constexpr int max_small_board = 40;
constexpr int max_players_fuzzed = 10;
constexpr int max_calls = 64;
// Knock-back can make a race that never ends on a board that funnels the tokens onto one square
// (Game does not examine the race, only each lone token's turns), and races of many tokens that
// keep sending each other back can run for millions of turns: seeded games under knock-back get
// at most this turn limit, so that play() ends within the fuzzer's time.
constexpr std::uint64_t max_knock_back_turns = 2'000;

// --- What the input asks for -----------------------------------------------------------------

struct DiceSpec {
    bool scripted = true;
    bool with_faces = true;
    int sides = 6;
    int count = 1;
    std::uint64_t seed = 0;
    std::vector<int> script;
};

struct Spec {
    GameSettings settings;
    HouseRuleSwitches switches;
    bool classic_board = false;
    std::vector<Jump> jumps;
    DiceSpec dice;
    std::vector<std::string> names;
    bool observed = false;
};

Spec decode_spec(fuzz::FuzzInput& bytes) {
    Spec spec;
    const std::uint8_t board = bytes.byte();
    if (board < 0x20) {
        spec.classic_board = true;
        spec.settings.size = 100;
    } else {
        spec.settings.size = static_cast<Square>(bytes.in_range(1, max_small_board));
        const int jumps = bytes.byte() % 7;
        for (int k = 0; k < jumps; ++k) {
            // 0..size+1: a jump off the board now and then, which the board refuses.
            const auto start = static_cast<Square>(bytes.byte() % (spec.settings.size + 2));
            const auto end = static_cast<Square>(bytes.byte() % (spec.settings.size + 2));
            spec.jumps.push_back({start, end});
        }
    }
    spec.settings.min_players = 1 + bytes.byte() % 2;
    spec.settings.max_players = spec.settings.min_players + bytes.byte() % 10;
    spec.settings.play_to_last = bytes.flag();
    const std::uint8_t limit = bytes.byte();
    if (limit == 0xFF) {
        spec.settings.turn_limit = 0; // refused
    } else if (limit >= 0xC0) {
        spec.settings.turn_limit = std::numeric_limits<std::uint64_t>::max();
    } else if (limit >= 0x80) {
        spec.settings.turn_limit = 1 + limit % 4; // the limit and the end of the game collide
    } else {
        spec.settings.turn_limit = 1 + static_cast<std::uint64_t>(limit) * 4;
    }

    const std::uint8_t house = bytes.byte();
    constexpr std::array<int, 4> streaks{0, 2, 3, 0};
    spec.switches.forfeit_streak = house == 0xFF ? 1 : streaks[house % 4U]; // 1 is refused
    spec.switches.max_roll_to_start = (house & 4U) != 0;
    spec.switches.knock_back = (house & 8U) != 0;

    const std::uint8_t dice = bytes.byte();
    spec.dice.scripted = (dice & 1U) == 0;
    if (spec.dice.scripted) {
        spec.dice.with_faces = (dice & 2U) == 0;
        spec.dice.sides = 1 + bytes.byte() % 8;
        const int rolls = bytes.byte() % 65;
        for (int k = 0; k < rolls; ++k) {
            const std::uint8_t roll = bytes.byte();
            // 0xFF: one more than the die has faces, which with_faces refuses.
            spec.dice.script.push_back(roll == 0xFF ? spec.dice.sides + 1
                                                    : 1 + roll % spec.dice.sides);
        }
    } else {
        spec.dice.sides = 2 + bytes.byte() % 7;
        spec.dice.count = 1 + bytes.byte() % 2;
        spec.dice.seed = bytes.u32();
    }

    const int players = bytes.byte() % (max_players_fuzzed + 1);
    for (int k = 0; k < players; ++k) {
        spec.names.push_back(bytes.text(12));
    }
    spec.observed = bytes.flag();
    if (spec.switches.knock_back && !spec.dice.scripted &&
        spec.settings.turn_limit > max_knock_back_turns) {
        spec.settings.turn_limit = max_knock_back_turns;
    }
    return spec;
}

template <class D>
D make_dice(const DiceSpec& spec) {
    if constexpr (std::is_same_v<D, ScriptedDice>) {
        return spec.with_faces ? ScriptedDice::with_faces(spec.sides, spec.script)
                               : ScriptedDice(spec.script);
    } else {
        return D::seeded(spec.seed, {.sides = spec.sides, .count = spec.count});
    }
}

template <class Config>
typename Config::house_rule_policy make_house_rules(const Spec& spec) {
    if constexpr (std::is_same_v<typename Config::house_rule_policy, ChosenHouseRules>) {
        return ChosenHouseRules(spec.switches);
    } else {
        return {};
    }
}

template <class Config>
Board<Config> make_board(const Spec& spec) {
    if (spec.classic_board) {
        return classic(typename Board<Config>::config_type(spec.settings));
    }
    return Board<Config>(spec.jumps, spec.settings);
}

// --- How a call ended --------------------------------------------------------------------------

enum class Outcome {
    served,
    invalid_config,
    invalid_players,
    not_your_turn,
    game_over,
    turn_limit,
    dice_exhausted,
    nothing_to_undo,
    other_error,
};

template <class Call>
Outcome outcome_of(Call&& call) {
    try {
        call();
        return Outcome::served;
    } catch (const InvalidConfig&) {
        return Outcome::invalid_config;
    } catch (const InvalidPlayers&) {
        return Outcome::invalid_players;
    } catch (const NotYourTurn&) {
        return Outcome::not_your_turn;
    } catch (const GameOver&) {
        return Outcome::game_over;
    } catch (const TurnLimitReached&) {
        return Outcome::turn_limit;
    } catch (const DiceExhausted&) {
        return Outcome::dice_exhausted;
    } catch (const NothingToUndo&) {
        return Outcome::nothing_to_undo;
    } catch (const Error&) {
        return Outcome::other_error;
    }
}

// --- The rules, worked out independently of the game -----------------------------------------

struct ExpectedTurn {
    Square end = 0;
    /// The roll that left the token waiting on square 0 for a maximum (six to start), if any:
    /// the first, or one after a maximum that exact finish blocked on a short board.
    std::optional<std::size_t> waiting;
    bool forfeited = false;
    std::size_t rolls_used = 0;
    std::vector<std::pair<std::size_t, Square>> knocked; // seat, from
    std::vector<std::size_t> knocked_by;                 // the roll that knocked each
};

// One turn of `seat` with `rolls` from the positions before it: six to start, the forfeit, the
// overshoot rule and jumps (Board::advance), knock-back, then home ends the turn and a maximum
// roll grants another.
template <class B>
ExpectedTurn expected_turn(const B& board, const HouseRuleSwitches& house, std::int64_t top,
                           const std::vector<Square>& positions, std::size_t seat,
                           const std::vector<int>& rolls) {
    ExpectedTurn turn;
    const Square start = positions[seat];
    Square square = start;
    for (std::size_t i = 0; i < rolls.size(); ++i) {
        turn.rolls_used = i + 1;
        const bool maximum = rolls[i] == top;
        if (house.max_roll_to_start && square == 0 && !maximum) {
            turn.waiting = i;
            break;
        }
        if (maximum && house.forfeit_streak != 0 &&
            i + 1 == static_cast<std::size_t>(house.forfeit_streak)) {
            square = start;
            turn.forfeited = true;
            break;
        }
        square = board.advance(square, rolls[i]);
        if (house.knock_back && square != 0 && square != board.size()) {
            for (std::size_t other = 0; other < positions.size(); ++other) {
                const bool already =
                    std::any_of(turn.knocked.begin(), turn.knocked.end(),
                                [other](const auto& k) { return k.first == other; });
                if (other != seat && positions[other] == square && !already) {
                    turn.knocked.emplace_back(other, square);
                    turn.knocked_by.push_back(i);
                }
            }
        }
        if (square == board.size() || !maximum || house.forfeit_streak == 0) {
            break;
        }
    }
    turn.end = square;
    return turn;
}

std::size_t next_seat_after(std::size_t seat, const std::vector<Square>& positions, Square home) {
    for (std::size_t step = 0; step < positions.size(); ++step) {
        seat = (seat + 1) % positions.size();
        if (positions[seat] != home) {
            return seat;
        }
    }
    return seat;
}

// The state the log implies, worked out from the records alone.
struct Replayed {
    std::vector<Square> positions;
    std::vector<std::size_t> finishers;
    std::size_t due = 0;
    bool over = false;
};

// Checks every record against the rules and returns the state they lead to.
template <class G>
Replayed check_log(const G& game, const std::vector<TurnRecord>& records) {
    const auto& board = game.board();
    const auto& config = game.config();
    const HouseRuleSwitches house = switches_of(config.house_rules());
    const Square size = board.size();
    const auto top = static_cast<std::int64_t>(game.dice().max_roll());
    const auto low = static_cast<std::int64_t>(game.dice().min_roll());
    const std::vector<std::string>& names = game.players();

    Replayed state;
    state.positions.assign(names.size(), 0);
    for (std::size_t i = 0; i < records.size(); ++i) {
        const TurnRecord& record = records[i];
        FUZZ_CHECK(!state.over);
        FUZZ_CHECK(record.turn == i + 1);
        FUZZ_CHECK(record.seat == state.due);
        FUZZ_CHECK(record.player == names[record.seat]);
        FUZZ_CHECK(record.start == state.positions[record.seat]);
        const std::vector<int> rolls = record.rolls();
        for (const int roll : rolls) {
            FUZZ_CHECK(roll >= low && roll <= top);
        }
        const ExpectedTurn expected =
            expected_turn(board, house, top, state.positions, record.seat, rolls);
        FUZZ_CHECK(expected.rolls_used == rolls.size());
        FUZZ_CHECK(record.end == expected.end);
        FUZZ_CHECK(record.waiting == (expected.waiting == std::size_t{0}));
        FUZZ_CHECK(record.forfeited == expected.forfeited);
        FUZZ_CHECK(record.knocked_back.size() == expected.knocked.size());
        for (std::size_t k = 0; k < record.knocked_back.size(); ++k) {
            const KnockedBack& knocked = record.knocked_back[k];
            FUZZ_CHECK(knocked.seat == expected.knocked[k].first);
            FUZZ_CHECK(knocked.from == expected.knocked[k].second);
            FUZZ_CHECK(knocked.by_roll == expected.knocked_by[k]);
            FUZZ_CHECK(knocked.player == names[knocked.seat]);
        }
        if (record.waiting) {
            FUZZ_CHECK(record.start == 0 && record.end == 0 && record.landed == 0);
            FUZZ_CHECK(record.jumps.empty() && record.extra_rolls.empty());
            FUZZ_CHECK(record.needed == top);
        } else {
            const Move first = board.step(record.start, record.roll);
            FUZZ_CHECK(record.landed == first.landed && record.blocked == first.blocked);
            FUZZ_CHECK(record.jumps == first.jumps);
            FUZZ_CHECK(record.needed == (first.blocked ? size - record.start : 0));
            Square square = first.end;
            for (std::size_t k = 0; k < record.extra_rolls.size(); ++k) {
                const ExtraRoll& extra = record.extra_rolls[k];
                FUZZ_CHECK(extra.start == square);
                if (expected.waiting == k + 1) {
                    FUZZ_CHECK(extra.waiting && !extra.forfeits &&
                               k + 1 == record.extra_rolls.size());
                    FUZZ_CHECK(extra.start == 0 && extra.end == 0 && extra.landed == 0);
                    FUZZ_CHECK(extra.jumps.empty() && !extra.blocked && extra.needed == top);
                    continue;
                }
                FUZZ_CHECK(!extra.waiting);
                if (extra.forfeits) {
                    FUZZ_CHECK(k + 1 == record.extra_rolls.size() && record.forfeited);
                    FUZZ_CHECK(extra.end == extra.start && extra.landed == extra.start);
                    continue;
                }
                const Move move = board.step(extra.start, extra.roll);
                FUZZ_CHECK(extra.landed == move.landed && extra.blocked == move.blocked);
                FUZZ_CHECK(extra.end == move.end && extra.jumps == move.jumps);
                FUZZ_CHECK(extra.needed == (move.blocked ? size - extra.start : 0));
                square = move.end;
            }
            FUZZ_CHECK(record.forfeited ? record.end == record.start : record.end == square);
        }
        FUZZ_CHECK(record.home == (record.end == size));
        FUZZ_CHECK(record.place ==
                   (record.home ? static_cast<int>(state.finishers.size()) + 1 : 0));

        for (const KnockedBack& knocked : record.knocked_back) {
            FUZZ_CHECK(state.positions[knocked.seat] == knocked.from);
            state.positions[knocked.seat] = 0;
        }
        state.positions[record.seat] = record.end;
        if (record.home) {
            state.finishers.push_back(record.seat);
        }
        const std::size_t remaining = names.size() - state.finishers.size();
        state.over = remaining == 0 ||
                     (!state.finishers.empty() && (!config.play_to_last() || remaining == 1));
        if (remaining > 0) {
            state.due = next_seat_after(record.seat, state.positions, size);
        }
    }
    return state;
}

// Everything a reader can see, checked against the log.
template <class G>
void check_game(const G& game) {
    const std::vector<TurnRecord> records = game.records();
    const std::uint64_t turns = game.turns();
    FUZZ_CHECK(records.size() == turns);
    FUZZ_CHECK(turns <= game.config().turn_limit());
    const Replayed state = check_log(game, records);
    const std::vector<std::string>& names = game.players();

    FUZZ_CHECK(game.positions() == state.positions);
    for (std::uint32_t seat = 0; seat < names.size(); ++seat) {
        FUZZ_CHECK(game.position(seat) == state.positions[seat]);
        FUZZ_CHECK(game.position(names[seat]) == state.positions[seat]);
        FUZZ_CHECK(game.seat_of(names[seat]) == seat);
    }

    GameStatus status = GameStatus::in_progress;
    if (state.over) {
        status = GameStatus::finished;
    } else if (turns >= game.config().turn_limit()) {
        status = GameStatus::turn_limit_reached;
    } else if (turns == 0) {
        status = GameStatus::not_started;
    }
    FUZZ_CHECK(game.status() == status);

    std::optional<std::string> winner;
    if (!state.finishers.empty()) {
        winner = names[state.finishers.front()];
    }
    FUZZ_CHECK(game.winner() == winner);

    std::vector<std::size_t> order = state.finishers;
    std::vector<std::size_t> others;
    for (std::size_t seat = 0; seat < names.size(); ++seat) {
        if (state.positions[seat] != game.board().size()) {
            others.push_back(seat);
        }
    }
    std::stable_sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
        return state.positions[a] > state.positions[b];
    });
    order.insert(order.end(), others.begin(), others.end());
    std::vector<Standing> ranking;
    for (std::size_t i = 0; i < order.size(); ++i) {
        ranking.push_back({i + 1, static_cast<std::uint32_t>(order[i]), names[order[i]],
                           state.positions[order[i]], i < state.finishers.size()});
    }
    FUZZ_CHECK(game.ranking() == ranking);
    const GameResult result = game.result();
    FUZZ_CHECK(result.status == status && result.winner == winner && result.turns == turns &&
               result.ranking == ranking);

    if (state.over) {
        FUZZ_CHECK(outcome_of([&] { (void)game.current_player(); }) == Outcome::game_over);
        FUZZ_CHECK(outcome_of([&] { (void)game.current_seat(); }) == Outcome::game_over);
    } else {
        FUZZ_CHECK(game.current_seat() == state.due);
        FUZZ_CHECK(game.current_player() == names[state.due]);
    }
    const std::optional<TurnRecord> last = game.last_record();
    FUZZ_CHECK(last.has_value() == !records.empty());
    if (last) {
        FUZZ_CHECK(*last == records.back());
    }
}

// What the observer saw, as a log: TurnPlayed appends, TurnUndone takes back the last turn.
struct Seen {
    std::vector<TurnRecord> log;
    std::vector<std::string> names;
    std::size_t sent_back = 0; // TokenSentBack events for the last turn played
};

struct Watch {
    std::shared_ptr<Seen> seen;
    void operator()(const GameEvent& event) const {
        Seen& s = *seen;
        if (const auto* started = std::get_if<GameStarted>(&event)) {
            FUZZ_CHECK(s.log.empty() && started->players == s.names);
        } else if (const auto* played = std::get_if<TurnPlayed>(&event)) {
            FUZZ_CHECK(played->record.turn == s.log.size() + 1);
            s.log.push_back(played->record);
            s.sent_back = 0;
        } else if (const auto* sent = std::get_if<TokenSentBack>(&event)) {
            FUZZ_CHECK(!s.log.empty() && s.sent_back < s.log.back().knocked_back.size());
            const KnockedBack& knocked = s.log.back().knocked_back[s.sent_back++];
            FUZZ_CHECK(sent->turn == s.log.size() && sent->seat == knocked.seat &&
                       sent->player == knocked.player && sent->from == knocked.from &&
                       sent->by_seat == s.log.back().seat &&
                       sent->by_player == s.log.back().player);
        } else if (const auto* home = std::get_if<PlayerHome>(&event)) {
            FUZZ_CHECK(!s.log.empty() && s.log.back().home && home->turn == s.log.size() &&
                       home->place == s.log.back().place && home->player == s.log.back().player);
        } else if (const auto* ended = std::get_if<GameEnded>(&event)) {
            FUZZ_CHECK(ended->result.turns == s.log.size());
            FUZZ_CHECK(ended->result.status == GameStatus::finished ||
                       ended->result.status == GameStatus::turn_limit_reached);
        } else if (const auto* undone = std::get_if<TurnUndone>(&event)) {
            FUZZ_CHECK(!s.log.empty() && s.log.back() == undone->record);
            s.log.pop_back();
        }
    }
};

// --- The calls ---------------------------------------------------------------------------------

template <class G>
class Driver {
public:
    Driver(G& game, G& twin, fuzz::FuzzInput& bytes) : game_(game), twin_(twin), bytes_(bytes) {}

    void watch(bool observed) {
        if (!observed) {
            return;
        }
        for (auto* g : {&game_, &twin_}) {
            auto seen = std::make_shared<Seen>();
            seen->names = g->players();
            seen_.push_back(seen);
            subscriptions_.push_back(g->subscribe(Watch{seen}));
        }
    }

    void run() {
        check_both();
        for (int call = 0; call < max_calls && !bytes_.empty(); ++call) {
            one_call();
            check_both();
        }
    }

private:
    static constexpr bool scripted = std::is_same_v<typename G::dice_type, ScriptedDice>;

    void check_both() {
        FUZZ_CHECK(game_ == twin_);
        check_game(game_);
        if (!seen_.empty()) {
            FUZZ_CHECK(seen_.front()->log == game_.records());
            FUZZ_CHECK(seen_.back()->log == twin_.records());
        }
    }

    // The refusal a turn must meet before its dice or rolls are looked at, or served.
    Outcome refusal(const std::string* claimed) const {
        const std::vector<std::string>& names = game_.players();
        if (claimed != nullptr && std::find(names.begin(), names.end(), *claimed) == names.end()) {
            return Outcome::invalid_players;
        }
        const GameStatus status = game_.status();
        if (status == GameStatus::finished) {
            return Outcome::game_over;
        }
        if (status == GameStatus::turn_limit_reached) {
            return Outcome::turn_limit;
        }
        if (claimed != nullptr && *claimed != game_.current_player()) {
            return Outcome::not_your_turn;
        }
        return Outcome::served;
    }

    // A call that plays a turn: served on both games with the same record, or refused with
    // `due_refusal` (or, from the dice or the rolls, `dice_refusal`) leaving the game as its
    // twin. With `verify_undo`, a served turn is undone and replayed on the first game before
    // the twin plays it.
    template <class Turn>
    void turn(Turn&& play, Outcome due_refusal, Outcome dice_refusal, bool verify_undo) {
        std::optional<TurnRecord> record;
        const Outcome outcome = outcome_of([&] { record = play(game_); });
        if (due_refusal != Outcome::served) {
            FUZZ_CHECK(outcome == due_refusal);
        } else {
            FUZZ_CHECK(outcome == Outcome::served || outcome == dice_refusal);
        }
        if (outcome != Outcome::served) {
            FUZZ_CHECK(game_ == twin_); // the strong guarantee, dice included
            return;
        }
        FUZZ_CHECK(record->turn == game_.turns());
        FUZZ_CHECK(game_.last_record() == record);
        if (verify_undo) {
            FUZZ_CHECK(game_.undo() == *record);
            // As the twin before the turn; only the dice, which undo does not rewind, differ.
            FUZZ_CHECK(game_.records() == twin_.records());
            FUZZ_CHECK(game_.positions() == twin_.positions());
            FUZZ_CHECK(game_.result() == twin_.result());
            const std::vector<int> rolls = record->rolls();
            FUZZ_CHECK(game_.replay_turn(rolls) == *record);
        }
        std::optional<TurnRecord> twin_record;
        FUZZ_CHECK(outcome_of([&] { twin_record = play(twin_); }) == Outcome::served);
        FUZZ_CHECK(twin_record == record);
    }

    [[nodiscard]] std::string due_name() const {
        std::string name;
        if (outcome_of([&] { name = game_.current_player(); }) != Outcome::served) {
            name = game_.players().front(); // the game is over: any player's name
        }
        return name;
    }

    std::vector<int> fuzzed_rolls() {
        const auto low = static_cast<std::int64_t>(game_.dice().min_roll());
        const auto high = static_cast<std::int64_t>(game_.dice().max_roll());
        const int count = bytes_.byte() % 5;
        std::vector<int> rolls;
        for (int k = 0; k < count; ++k) {
            const std::uint8_t b = bytes_.byte();
            if (b >= 0xF8) {
                constexpr std::array<int, 4> extreme{INT_MIN, INT_MAX, 0, -1};
                rolls.push_back(extreme[b % extreme.size()]);
            } else {
                // low - 1 .. high + 1: just outside the dice at both ends, and everything between.
                rolls.push_back(static_cast<int>(low - 1 + b % (high - low + 3)));
            }
        }
        return rolls;
    }

    void one_call() {
        const std::uint8_t call = bytes_.byte();
        // The two high bits are flags: undo and replay a turn, or every turn.
        const bool verify_undo = (call & 0x80U) != 0;
        const int kind = (call & 0x3FU) % 11;
        switch (kind) {
        case 0:
            turn([](G& g) { return g.play_turn(); }, refusal(nullptr), Outcome::dice_exhausted,
                 verify_undo);
            break;
        case 1:
        case 2:
        case 3: {
            std::string name;
            if (kind == 1) {
                name = due_name();
            } else if (kind == 2) {
                name = game_.players()[bytes_.byte() % game_.players().size()];
            } else {
                name = bytes_.text(16);
            }
            turn([&name](G& g) { return g.take_turn(name); }, refusal(&name),
                 Outcome::dice_exhausted, verify_undo);
            break;
        }
        case 4: {
            const std::vector<int> rolls = fuzzed_rolls();
            turn([&rolls](G& g) { return g.replay_turn(rolls); }, refusal(nullptr),
                 Outcome::invalid_config, verify_undo);
            break;
        }
        case 5: {
            const std::uint64_t before = game_.turns();
            std::optional<TurnRecord> undone;
            const Outcome outcome = outcome_of([&] { undone = game_.undo(); });
            if (before == 0) {
                FUZZ_CHECK(outcome == Outcome::nothing_to_undo && game_ == twin_);
                break;
            }
            FUZZ_CHECK(outcome == Outcome::served && undone->turn == before);
            FUZZ_CHECK(twin_.undo() == *undone);
            break;
        }
        case 6:
            play();
            break;
        case 7:
            read_and_format();
            break;
        case 10:
            save_and_load((call & 0x40U) != 0);
            break;
        case 8: {
            const std::string name = bytes_.text(16);
            const std::vector<std::string>& names = game_.players();
            const bool known = std::find(names.begin(), names.end(), name) != names.end();
            const Outcome outcome = outcome_of([&] { (void)game_.position(name); });
            FUZZ_CHECK(outcome == (known ? Outcome::served : Outcome::invalid_players));
            const std::uint32_t seat = bytes_.byte();
            FUZZ_CHECK(outcome_of([&] { (void)game_.position(seat); }) ==
                       (seat < names.size() ? Outcome::served : Outcome::invalid_players));
            break;
        }
        default: {
            std::vector<std::string> messages;
            const auto refused = [&](auto&& call_game) {
                try {
                    call_game();
                } catch (const Error& error) {
                    messages.emplace_back(error.what());
                }
            };
            const std::string name = bytes_.text(16);
            const std::vector<std::string>& names = game_.players();
            if (std::find(names.begin(), names.end(), name) == names.end()) {
                refused([&] { (void)game_.position(name); });
                refused([&] { (void)game_.take_turn(name); });
                FUZZ_CHECK(messages.size() == 2);
            }
            refused([&] { (void)game_.current_player(); });
            FUZZ_CHECK(game_ == twin_);
            for (const std::string& message : messages) {
                // One printable line of bounded length, whatever bytes the names hold.
                FUZZ_CHECK(!message.empty() && message.size() < 4096);
                FUZZ_CHECK(std::none_of(message.begin(), message.end(), [](char c) {
                    const auto byte = static_cast<unsigned char>(c);
                    return byte < 0x20 || byte == 0x7F;
                }));
            }
            if ((call & 0x40U) != 0) {
                // Take back every turn and replay them all from their records.
                const std::vector<TurnRecord> records = game_.records();
                while (game_.turns() > 0) {
                    (void)game_.undo();
                }
                check_game(game_);
                for (const TurnRecord& record : records) {
                    const std::vector<int> rolls = record.rolls();
                    FUZZ_CHECK(game_.replay_turn(rolls) == record);
                }
                FUZZ_CHECK(game_ == twin_);
            }
            break;
        }
        }
    }

    // play() on both: a refusal before any turn changes nothing; dice that run out keep the
    // turns before; both games must agree either way.
    void play() {
        const Outcome due = refusal(nullptr);
        std::optional<GameResult> result;
        const Outcome outcome = outcome_of([&] { result = game_.play(); });
        if (due != Outcome::served) {
            FUZZ_CHECK(outcome == due && game_ == twin_);
            return;
        }
        std::optional<GameResult> twin_result;
        FUZZ_CHECK(outcome_of([&] { twin_result = twin_.play(); }) == outcome);
        FUZZ_CHECK(twin_result == result);
        FUZZ_CHECK(game_ == twin_);
        if (outcome == Outcome::served) {
            FUZZ_CHECK(result == game_.result());
            FUZZ_CHECK(result->status == GameStatus::finished ||
                       result->status == GameStatus::turn_limit_reached);
        } else {
            FUZZ_CHECK(scripted && outcome == Outcome::dice_exhausted);
            // The same turn needs the same rolls: it runs out again, changing nothing.
            FUZZ_CHECK(outcome_of([&] { (void)game_.play_turn(); }) == Outcome::dice_exhausted);
            FUZZ_CHECK(game_ == twin_);
        }
    }

    // save_game, then load_game: an equal game, which takes the twin's place so that every call
    // after this one checks that it continues exactly as the original. With `edit`, one byte of
    // the document is changed first: the edited document is refused with an Error or loads a
    // game that obeys every rule.
    void save_and_load(bool edit) {
        std::string text = save_game(game_);
        if (edit) {
            const std::size_t at = bytes_.u16() % text.size();
            text[at] = static_cast<char>(bytes_.byte());
            std::optional<G> edited;
            // A changed digit can make the board larger; keep it to what the fuzzer can play.
            const SavedGameLimits limits{.max_board_size = 1000};
            if (outcome_of([&] { edited.emplace(load_game<G>(text, game_.dice(), limits)); }) ==
                Outcome::served) {
                check_game(*edited);
                FUZZ_CHECK(load_game<G>(save_game(*edited), edited->dice()) == *edited);
            }
            return;
        }
        G loaded = load_game<G>(text, game_.dice());
        FUZZ_CHECK(loaded == game_);
        FUZZ_CHECK(save_game(loaded) == text);
        twin_ = std::move(loaded);
        if (!seen_.empty()) {
            // The twin's observer went with the game it replaced.
            seen_.back()->log = twin_.records();
            subscriptions_.back() = twin_.subscribe(Watch{seen_.back()});
        }
    }

    void read_and_format() {
        for (const TurnRecord& record : game_.records()) {
            const std::string line = fmt::format("{}", record);
            // Records print the name as given, whatever its bytes.
            FUZZ_CHECK(std::string_view(line).substr(0, record.player.size()) == record.player);
            FUZZ_CHECK(line.size() > record.player.size());
        }
        const GameResult result = game_.result();
        FUZZ_CHECK(!fmt::format("{}", result).empty());
        for (const Standing& standing : game_.ranking()) {
            (void)fmt::format("{}", standing);
        }
    }

    G& game_;
    G& twin_;
    fuzz::FuzzInput& bytes_;
    std::vector<std::shared_ptr<Seen>> seen_;
    std::vector<Subscription> subscriptions_;
};

template <class D, class Config, class Mutex>
void play_game(const Spec& spec, fuzz::FuzzInput& bytes) {
    using G = Game<D, Config, Mutex>;
    const auto build = [&spec]() {
        return std::make_unique<G>(make_board<Config>(spec), make_dice<D>(spec.dice), spec.names,
                                   make_house_rules<Config>(spec));
    };
    std::unique_ptr<G> game;
    const Outcome built = outcome_of([&] { game = build(); });
    std::unique_ptr<G> twin;
    FUZZ_CHECK(outcome_of([&] { twin = build(); }) == built);
    const std::vector<std::string>& names = spec.names;
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    const bool bad_players =
        std::ssize(names) < spec.settings.min_players ||
        std::ssize(names) > spec.settings.max_players ||
        std::any_of(names.begin(), names.end(), [](const auto& n) { return n.empty(); }) ||
        std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    if (built != Outcome::served) {
        // Bad players are refused as such, unless the rules or the board were refused first.
        FUZZ_CHECK(built == Outcome::invalid_config || built == Outcome::other_error ||
                   (built == Outcome::invalid_players && bad_players));
        return;
    }
    FUZZ_CHECK(!bad_players);
    FUZZ_CHECK(*game == *twin);
    Driver<G> driver(*game, *twin, bytes);
    driver.watch(spec.observed);
    driver.run();
}

template <class Config, class Mutex = NullMutex>
void play_with_either_dice(const Spec& spec, fuzz::FuzzInput& bytes) {
    if (spec.dice.scripted) {
        play_game<ScriptedDice, Config, Mutex>(spec, bytes);
    } else {
        play_game<FairDice<>, Config, Mutex>(spec, bytes);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::FuzzInput bytes(data, size);
    const std::uint8_t rules = bytes.byte();
    const Spec spec = decode_spec(bytes);
    switch (rules % 5) {
    case 0:
        play_with_either_dice<GameConfig<ExactFinish, RejectChains>>(spec, bytes);
        break;
    case 1:
        play_with_either_dice<GameConfig<BounceBack, FollowChains, ChosenHouseRules>>(spec, bytes);
        break;
    case 2:
        play_with_either_dice<GameConfig<OvershootWins, SingleJump, ChosenHouseRules>>(spec, bytes);
        break;
    case 3: // the locking paths
        play_with_either_dice<GameConfig<ExactFinish, RejectChains, ChosenHouseRules>, std::mutex>(
            spec, bytes);
        break;
    default:
        play_with_either_dice<GameConfig<BounceBack, SingleJump>, std::mutex>(spec, bytes);
        break;
    }
    return 0;
}
