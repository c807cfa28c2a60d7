// The house-rule hooks (house_rules.hpp) and the rules built on them: RollAgainOnMax,
// StartingRolls, MissTurnSquares, and rules written here the way a user writes one (BackThree,
// Bump, Jinx, Warp), alone and combined in both orders. Scripted games with every record field,
// the log text, the state (turns to miss, the rotation, turns played), undo and replay_turn, all
// worked out by hand from the rules; Landing's refusals, leaving the game as it was; the turn
// model copied mid-turn; and simulate on tiny boards, against expected lengths solved by hand.
#include "support/catch.hpp"
#include "support/house_rules_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <limits>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <snakeladder/turn/turn_model.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;
using house_rules_support::Roll;

namespace {

// --- Rules of the user's ------------------------------------------------------------------------

// Square 13 is slippery: a token whose move ends there moves on, back to 10.
struct BackThree {
    [[nodiscard]] std::string name() const { return "BackThree"; }
    void on_land(Landing& landing) const {
        if (landing.square() == 13) {
            landing.move_to(10);
        }
    }
    friend bool operator==(const BackThree&, const BackThree&) = default;
};

// A token whose move ends on another's square (not 0, not home) bumps it 4 squares back, to
// square 1 at the lowest.
struct Bump {
    [[nodiscard]] std::string name() const { return "Bump"; }
    void on_land(Landing& landing) const {
        const Square square = landing.square();
        if (square == 0 || square == landing.home()) {
            return;
        }
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        for (std::uint32_t other = 0; other < seats; ++other) {
            if (other != landing.seat() && landing.state().squares[other] == square) {
                landing.send(other, std::max(1, square - 4));
            }
        }
    }
    friend bool operator==(const Bump&, const Bump&) = default;
};

// Square 6 jinxes the others: every other token not home misses its next turn.
struct Jinx {
    [[nodiscard]] std::string name() const { return "Jinx"; }
    void on_land(Landing& landing) const {
        if (landing.square() != 6) {
            return;
        }
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        for (std::uint32_t other = 0; other < seats; ++other) {
            if (other != landing.seat() && landing.state().squares[other] != landing.home()) {
                landing.miss_turns(other);
            }
        }
    }
    friend bool operator==(const Jinx&, const Jinx&) = default;
};

// A move ending on `from` goes on to `to` (home included).
struct Warp {
    Square from = 0;
    Square to = 0;
    [[nodiscard]] std::string name() const { return fmt::format("Warp{{{}->{}}}", from, to); }
    void on_land(Landing& landing) const {
        if (landing.square() == from) {
            landing.move_to(to);
        }
    }
    friend bool operator==(const Warp&, const Warp&) = default;
};

// What Breaks asks of Landing when a move ends on square 11: each a request it must refuse.
enum class Misuse {
    send_mover,
    send_home,
    send_no_seat,
    send_below_0,
    send_seat_home,
    move_past_home,
    move_below_0,
    miss_no_seat,
};

struct Breaks {
    Misuse misuse = Misuse::send_mover;
    [[nodiscard]] std::string name() const { return "Breaks"; }
    void on_land(Landing& landing) const {
        if (landing.square() != 11) {
            return;
        }
        const std::uint32_t other = landing.seat() == 0 ? 1 : 0;
        switch (misuse) {
        case Misuse::send_mover:
            landing.send(landing.seat(), 3);
            break;
        case Misuse::send_home:
            landing.send(other, landing.home());
            break;
        case Misuse::send_no_seat:
            landing.send(7, 3);
            break;
        case Misuse::send_below_0:
            landing.send(other, -2);
            break;
        case Misuse::send_seat_home:
            landing.send(1, 3);
            break;
        case Misuse::move_past_home:
            landing.move_to(landing.home() + 1);
            break;
        case Misuse::move_below_0:
            landing.move_to(-1);
            break;
        case Misuse::miss_no_seat:
            landing.miss_turns(2);
            break;
        }
    }
    friend bool operator==(const Breaks&, const Breaks&) = default;
};

static_assert(HouseRule<BackThree> && HouseRule<Bump> && HouseRule<Jinx> && HouseRule<Warp>);
static_assert(HouseRule<HouseRules<BackThree, Bump>> && HouseRule<HouseRules<KnockBack, Warp>>);
static_assert(HouseRule<RollAgainOnMax> && HouseRule<StartingRolls> && HouseRule<MissTurnSquares>);
static_assert(!detail::rule_plays_plain<BackThree>() && !HouseRules<BackThree>::plays_plain);

// --- Games and expectations ---------------------------------------------------------------------

template <class Config>
using Scripted = Game<ScriptedDice, Config, NullMutex>;

// A game on `jumps` under `config` (its settings to the board, its house rules to the game) with
// a six-sided die that rolls `rolls` in that order.
template <class Config>
Scripted<Config> scripted(std::vector<Jump> jumps, const Config& config, std::vector<int> rolls,
                          std::vector<std::string> players = {"Ana", "Ben"}) {
    return Scripted<Config>(Board<Config>(std::move(jumps), config.settings()),
                            ScriptedDice::with_faces(6, std::move(rolls)), std::move(players),
                            config.house_rules());
}

std::string line(const TurnRecord& record) {
    return fmt::format("{}", record);
}

std::string path_text(const JumpPath& jumps) {
    std::string text;
    for (const Jump& jump : jumps) {
        text += fmt::format("{}{}", text.empty() ? "" : " ", jump);
    }
    return text;
}

// Every field of a record, the house rules' included, for failure messages.
std::string describe(const TurnRecord& r) {
    std::string text = fmt::format(
        "turn {} seat {} {} roll {} start {} landed {} end {} jumps [{}] needed {} place {} "
        "blocked {} home {} waiting {} forfeited {}",
        r.turn, r.seat, r.player, r.roll, r.start, r.landed, r.end, path_text(r.jumps), r.needed,
        r.place, r.blocked, r.home, r.waiting, r.forfeited);
    for (const ExtraRoll& e : r.extra_rolls) {
        text += fmt::format(" | roll {} start {} landed {} end {} jumps [{}] needed {} blocked {} "
                            "forfeits {} waiting {}",
                            e.roll, e.start, e.landed, e.end, path_text(e.jumps), e.needed,
                            e.blocked, e.forfeits, e.waiting);
    }
    for (const KnockedBack& k : r.knocked_back) {
        text += fmt::format(" | moved seat {} {} from {} to {} by roll {}", k.seat, k.player,
                            k.from, k.to, k.by_roll);
    }
    for (const TurnToMiss& m : r.turns_to_miss) {
        text += fmt::format(" | to miss: seat {} {} by roll {}", m.seat, m.player, m.by_roll);
    }
    for (const MissedTurn& m : r.missed_after) {
        text += fmt::format(" | missed: turn {} seat {} {}", m.turn, m.seat, m.player);
    }
    return text;
}

// Every field of a state.
std::string describe(const GameState& s) {
    return fmt::format("squares [{}] finish_order [{}] turns_to_miss [{}] seat_due {} "
                       "turns_played {} rolls_in_turn {} streak {} turn_start {} max_roll {} "
                       "finished {}",
                       fmt::join(s.squares, " "), fmt::join(s.finish_order, " "),
                       fmt::join(s.turns_to_miss, " "), s.seat_due, s.turns_played, s.rolls_in_turn,
                       s.streak, s.turn_start, s.max_roll, s.finished);
}

// An expected TurnRecord, every field with a default so a test names only what the turn did.
struct Want {
    std::uint64_t turn = 0;
    std::uint32_t seat = 0;
    std::string player{};
    JumpPath jumps{};
    int roll = 0;
    Square start = 0;
    Square landed = 0;
    Square end = 0;
    Square needed = 0;
    int place = 0;
    bool blocked = false;
    bool home = false;
    bool waiting = false;
    bool forfeited = false;
    std::vector<Roll> extra_rolls{};
    std::vector<KnockedBack> knocked_back{};
    std::vector<TurnToMiss> turns_to_miss{};
    std::vector<MissedTurn> missed_after{};

    operator TurnRecord() const { // NOLINT(google-explicit-constructor): a test's shorthand
        TurnRecord record;
        record.turn = turn;
        record.seat = seat;
        record.player = player;
        record.jumps = jumps;
        record.roll = roll;
        record.start = start;
        record.landed = landed;
        record.end = end;
        record.needed = needed;
        record.place = place;
        record.blocked = blocked;
        record.home = home;
        record.waiting = waiting;
        record.forfeited = forfeited;
        record.extra_rolls.assign(extra_rolls.begin(), extra_rolls.end());
        record.knocked_back = knocked_back;
        record.turns_to_miss = turns_to_miss;
        record.missed_after = missed_after;
        return record;
    }
};

// An expected GameState, in GameState's order; `turns_to_miss` left empty means none.
struct Now {
    std::vector<Square> squares{};
    std::vector<std::uint32_t> finish_order{};
    std::vector<std::uint32_t> turns_to_miss{};
    std::uint32_t seat_due = 0;
    std::uint64_t turns_played = 0;
    std::uint32_t rolls_in_turn = 0;
    std::uint32_t streak = 0;
    Square turn_start = 0;
    int max_roll = 6;
    bool finished = false;

    [[nodiscard]] GameState state() const {
        GameState s({.players = squares.size(), .max_roll = max_roll});
        s.squares = squares;
        s.finish_order = finish_order;
        if (!turns_to_miss.empty()) {
            s.turns_to_miss = turns_to_miss;
        }
        s.seat_due = seat_due;
        s.turns_played = turns_played;
        s.rolls_in_turn = rolls_in_turn;
        s.streak = streak;
        s.turn_start = turn_start;
        s.finished = finished;
        return s;
    }
};

void require_state(const GameState& got, const Now& want) {
    const GameState expected = want.state();
    REQUIRE(describe(got) == describe(expected));
    REQUIRE(got == expected);
}

// Plays the turn due and checks its record field by field and as text. Then takes it back with
// undo() (the game exactly as before it, turns to miss included), and plays it again with
// replay_turn and the record's rolls (the same record, the same state as after the turn).
template <class G>
TurnRecord play_expecting(G& game, const Want& want, const std::string& text) {
    const TurnRecord expected = want;
    const GameState before = game.state();
    const std::vector<TurnRecord> records_before = game.records();

    TurnRecord got = game.play_turn();
    CHECK(line(got) == text);
    REQUIRE(describe(got) == describe(expected));
    REQUIRE(got == expected);
    REQUIRE(game.last_record() == expected);
    const GameState after = game.state();

    const TurnRecord undone = game.undo();
    REQUIRE(undone == expected);
    REQUIRE(describe(game.state()) == describe(before));
    REQUIRE(game.state() == before);
    REQUIRE(game.records() == records_before);
    REQUIRE(game.turns() == before.turns_played);

    const std::vector<int> rolls = expected.rolls();
    REQUIRE(game.replay_turn(rolls) == expected);
    REQUIRE(game.state() == after);
    return got;
}

template <class G>
std::vector<std::string> log_lines(const G& game) {
    std::vector<std::string> lines;
    for (const TurnRecord& record : game.records()) {
        lines.push_back(line(record));
    }
    return lines;
}

} // namespace

// --- RollAgainOnMax -----------------------------------------------------------------------------

TEST_CASE("RollAgainOnMax: sixes in a row never forfeit") {
    using Config = GameConfig<ExactFinish, RejectChains, RollAgainOnMax>;
    REQUIRE(RollAgainOnMax::name() == "RollAgainOnMax");

    SECTION("6, 6, 6, 6, 2 is one turn of five rolls") {
        // Ana: 0 +6 = 6, +6 = 12, +6 = 18 down the snake to 5, +6 = 11, +2 = 13; a 2 ends it.
        auto game = scripted({{18, 5}}, Config({.size = 40}), {6, 6, 6, 6, 2, 3});
        const TurnRecord first = play_expecting(
            game,
            {.turn = 1,
             .seat = 0,
             .player = "Ana",
             .roll = 6,
             .start = 0,
             .landed = 6,
             .end = 13,
             .extra_rolls = {{.roll = 6, .start = 6, .landed = 12, .end = 12},
                             {.roll = 6, .start = 12, .landed = 18, .end = 5, .jumps = {{18, 5}}},
                             {.roll = 6, .start = 5, .landed = 11, .end = 11},
                             {.roll = 2, .start = 11, .landed = 13, .end = 13}}},
            "Ana rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: 12 to 5 via snake 18-5, rolls 6: 5 "
            "to 11, rolls 2: 11 to 13");
        REQUIRE(first.rolls() == std::vector<int>{6, 6, 6, 6, 2});
        REQUIRE(first.extra_rolls.size() == 4);
        REQUIRE_FALSE(first.forfeited);
        require_state(game.state(), {.squares = {13, 0}, .seat_due = 1, .turns_played = 1});
        REQUIRE(game.turns() == 1);

        play_expecting(game,
                       {.turn = 2, .seat = 1, .player = "Ben", .roll = 3, .landed = 3, .end = 3},
                       "Ben rolls 3: 0 to 3");
        require_state(game.state(), {.squares = {13, 3}, .seat_due = 0, .turns_played = 2});
    }
    SECTION("a blocked six rolls again; home ends the turn") {
        // Size 12, exact finish. Ana: 6 to 6, then 5 to 11. Ben: 1. Ana on 11: a 6 is blocked
        // (she needs 1) but is a maximum, so she rolls again: 1, home. The last 6 is not rolled.
        auto game = scripted({}, Config({.size = 12}), {6, 5, 1, 6, 1, 6});
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .roll = 6,
                        .landed = 6,
                        .end = 11,
                        .extra_rolls = {{.roll = 5, .start = 6, .landed = 11, .end = 11}}},
                       "Ana rolls 6: 0 to 6, rolls 5: 6 to 11");
        play_expecting(game,
                       {.turn = 2, .seat = 1, .player = "Ben", .roll = 1, .landed = 1, .end = 1},
                       "Ben rolls 1: 0 to 1");
        play_expecting(game,
                       {.turn = 3,
                        .player = "Ana",
                        .roll = 6,
                        .start = 11,
                        .landed = 11,
                        .end = 12,
                        .needed = 1,
                        .place = 1,
                        .blocked = true,
                        .home = true,
                        .extra_rolls = {{.roll = 1, .start = 11, .landed = 12, .end = 12}}},
                       "Ana rolls 6, needs exactly 1, stays on 11, rolls 1: 11 to 12 and is home "
                       "(1st)");
        require_state(game.state(), {.squares = {12, 1},
                                     .finish_order = {0},
                                     .seat_due = 1,
                                     .turns_played = 3,
                                     .finished = true});
        REQUIRE(game.dice().remaining() == 1);
        REQUIRE_THROWS_AS(game.play_turn(), GameOver);
    }
    SECTION("a six that brings the token home rolls no more") {
        // Ana: 6 to 6, 6 to 12, home: her turn ends there. With play_to_last the next 6 is Ben's.
        auto game = scripted({}, Config({.size = 12, .play_to_last = true}), {6, 6, 6, 2},
                             {"Ana", "Ben", "Cy"});
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .roll = 6,
                        .landed = 6,
                        .end = 12,
                        .place = 1,
                        .home = true,
                        .extra_rolls = {{.roll = 6, .start = 6, .landed = 12, .end = 12}}},
                       "Ana rolls 6: 0 to 6, rolls 6: 6 to 12 and is home (1st)");
        require_state(
            game.state(),
            {.squares = {12, 0, 0}, .finish_order = {0}, .seat_due = 1, .turns_played = 1});
        play_expecting(game,
                       {.turn = 2,
                        .seat = 1,
                        .player = "Ben",
                        .roll = 6,
                        .landed = 6,
                        .end = 8,
                        .extra_rolls = {{.roll = 2, .start = 6, .landed = 8, .end = 8}}},
                       "Ben rolls 6: 0 to 6, rolls 2: 6 to 8");
        REQUIRE(game.current_player() == "Cy");
    }
    SECTION("dice whose every roll is their maximum are refused") {
        const Board<Config> board({}, {.size = 30});
        const LoadedDice<> only_six({0, 0, 0, 0, 0, 1});
        const std::string message = "every roll of these dice is 6, their maximum, so under house "
                                    "rule RollAgainOnMax a turn would never end";
        REQUIRE_THROWS_AS(Game(board, only_six, {"Ana", "Ben"}, RollAgainOnMax{}), InvalidConfig);
        REQUIRE_THROWS_WITH(Game(board, only_six, {"Ana", "Ben"}, RollAgainOnMax{}), message);
        REQUIRE_THROWS_WITH(simulate(board, only_six, RollAgainOnMax{}, {.games = 10}),
                            SL_CONTAINS(message));
        // Any roll below the maximum is enough.
        REQUIRE_NOTHROW(
            Game(board, LoadedDice<>({1, 0, 0, 0, 0, 1}), {"Ana", "Ben"}, RollAgainOnMax{}));
    }
}

// --- StartingRolls ------------------------------------------------------------------------------

TEST_CASE("StartingRolls{1,6}: only a 1 or a 6 leaves square 0") {
    using Config = GameConfig<ExactFinish, RejectChains, StartingRolls>;
    const Config config({.size = 30}, StartingRolls{1, 6});

    SECTION("2 to 5 wait on 0, with no single roll needed") {
        for (int roll = 2; roll <= 5; ++roll) {
            INFO("roll " << roll);
            auto game = scripted({{1, 15}}, config, {roll});
            play_expecting(game,
                           {.turn = 1,
                            .player = "Ana",
                            .roll = roll,
                            .start = 0,
                            .landed = 0,
                            .end = 0,
                            .needed = 0,
                            .waiting = true},
                           fmt::format("Ana rolls {}, cannot start with it, waits on 0", roll));
            require_state(game.state(), {.squares = {0, 0}, .seat_due = 1, .turns_played = 1});
        }
    }
    SECTION("a 1 and a 6 start and move as usual; then any roll moves") {
        auto game = scripted({{1, 15}}, config, {1, 6, 3, 2, 4});
        play_expecting(
            game,
            {.turn = 1, .player = "Ana", .jumps = {{1, 15}}, .roll = 1, .landed = 1, .end = 15},
            "Ana rolls 1: 0 to 15 via ladder 1-15");
        play_expecting(game,
                       {.turn = 2, .seat = 1, .player = "Ben", .roll = 6, .landed = 6, .end = 6},
                       "Ben rolls 6: 0 to 6");
        play_expecting(
            game, {.turn = 3, .player = "Ana", .roll = 3, .start = 15, .landed = 18, .end = 18},
            "Ana rolls 3: 15 to 18");
        play_expecting(
            game,
            {.turn = 4, .seat = 1, .player = "Ben", .roll = 2, .start = 6, .landed = 8, .end = 8},
            "Ben rolls 2: 6 to 8");
        require_state(game.state(), {.squares = {18, 8}, .seat_due = 0, .turns_played = 4});
    }
    SECTION("one starting roll is the roll needed") {
        auto game = scripted({}, Config({.size = 30}, StartingRolls{6}), {4});
        play_expecting(game, {.turn = 1, .player = "Ana", .roll = 4, .needed = 6, .waiting = true},
                       "Ana rolls 4, needs a 6 to start, waits on 0");
    }
    SECTION("the rolls: sorted, duplicates collapsed, each at least 1") {
        REQUIRE((StartingRolls{6, 1, 6}.rolls() == std::vector<int>{1, 6}));
        REQUIRE(StartingRolls{6, 1, 6}.name() == "StartingRolls{1,6}");
        REQUIRE(StartingRolls{6}.name() == "StartingRolls{6}");
        REQUIRE((StartingRolls{6, 1, 6} == StartingRolls{1, 6}));
        REQUIRE((StartingRolls{1} != StartingRolls{1, 6}));
        REQUIRE_THROWS_AS(StartingRolls{}, InvalidConfig);
        REQUIRE_THROWS_WITH(StartingRolls{},
                            "StartingRolls needs at least one roll that lets a token start");
        REQUIRE_THROWS_AS(StartingRolls{0}, InvalidConfig);
        REQUIRE_THROWS_WITH(StartingRolls{0}, "StartingRolls: a roll must be at least 1, got 0");
        REQUIRE_THROWS_AS(StartingRolls{-3}, InvalidConfig);
        REQUIRE_THROWS_WITH(StartingRolls{-3}, "StartingRolls: a roll must be at least 1, got -3");
        REQUIRE_THROWS_WITH((StartingRolls{6, -3, 1}),
                            "StartingRolls: a roll must be at least 1, got -3");
    }
    SECTION("dice that never roll a starting roll are refused") {
        const Board<Config> board({}, config.settings());
        const StartingRolls& rules = config.house_rules();
        const LoadedDice<> two_to_five({0, 1, 1, 1, 1});
        REQUIRE_THROWS_AS(Game(board, two_to_five, {"Ana", "Ben"}, rules), InvalidConfig);
        REQUIRE_THROWS_WITH(Game(board, two_to_five, {"Ana", "Ben"}, rules),
                            "under house rule StartingRolls{1,6} no token could ever start: these "
                            "dice never roll a starting roll that moves a token from square 0 "
                            "under ExactFinish on a board of 30 squares");
        REQUIRE_THROWS_WITH(simulate(board, two_to_five, rules, {.games = 10}),
                            SL_CONTAINS("under house rule StartingRolls{1,6} no token could ever "
                                        "start"));
        REQUIRE_NOTHROW(Game(board, LoadedDice<>({1, 1, 1, 1, 1}), {"Ana", "Ben"}, rules));
        // A 6 is rolled, but from square 0 it overshoots home on a board of 5 squares.
        const Board<Config> five({}, {.size = 5});
        REQUIRE_THROWS_WITH(Game(five, FairDice<>({.sides = 6}), {"Ana", "Ben"}, StartingRolls{6}),
                            "under house rule StartingRolls{6} no token could ever start: these "
                            "dice never roll a starting roll that moves a token from square 0 "
                            "under ExactFinish on a board of 5 squares");
        using Wins = GameConfig<OvershootWins, RejectChains, StartingRolls>;
        const Board<Wins> wins({}, {.size = 5});
        REQUIRE_NOTHROW(Game(wins, FairDice<>({.sides = 6}), {"Ana", "Ben"}, StartingRolls{6}));
    }
}

// --- MissTurnSquares ----------------------------------------------------------------------------

TEST_CASE("MissTurnSquares: the rotation passes over a missed turn") {
    using Config = GameConfig<ExactFinish, RejectChains, MissTurnSquares>;
    // Squares 5 and 9 cost a turn; the ladder 2-9 and the snake 14-5 end on them.
    auto game = scripted({{2, 9}, {14, 5}}, Config({.size = 30}, MissTurnSquares{5, 9}),
                         {5, 2, 3, 2, 6, 5, 6, 1}, {"Ana", "Ben", "Cy"});

    // Turn 1: Ana ends on 5, a miss square.
    play_expecting(game,
                   {.turn = 1,
                    .player = "Ana",
                    .roll = 5,
                    .landed = 5,
                    .end = 5,
                    .turns_to_miss = {{0, "Ana", 0}}},
                   "Ana rolls 5: 0 to 5, will miss a turn");
    require_state(
        game.state(),
        {.squares = {5, 0, 0}, .turns_to_miss = {1, 0, 0}, .seat_due = 1, .turns_played = 1});
    // Turn 2: Ben climbs the ladder 2-9 onto 9, a miss square.
    play_expecting(game,
                   {.turn = 2,
                    .seat = 1,
                    .player = "Ben",
                    .jumps = {{2, 9}},
                    .roll = 2,
                    .landed = 2,
                    .end = 9,
                    .turns_to_miss = {{1, "Ben", 0}}},
                   "Ben rolls 2: 0 to 9 via ladder 2-9, will miss a turn");
    require_state(
        game.state(),
        {.squares = {5, 9, 0}, .turns_to_miss = {1, 1, 0}, .seat_due = 2, .turns_played = 2});
    // Turn 3: Cy. Then turns 4 (Ana's) and 5 (Ben's) are missed, and Cy is due again: turn 6.
    play_expecting(game,
                   {.turn = 3,
                    .seat = 2,
                    .player = "Cy",
                    .roll = 3,
                    .landed = 3,
                    .end = 3,
                    .missed_after = {{4, 0, "Ana"}, {5, 1, "Ben"}}},
                   "Cy rolls 3: 0 to 3; Ana misses turn 4; Ben misses turn 5");
    require_state(game.state(), {.squares = {5, 9, 3}, .seat_due = 2, .turns_played = 5});
    REQUIRE(game.turns() == 5);
    REQUIRE(game.records().size() == 3);
    REQUIRE(game.current_player() == "Cy");
    REQUIRE(game.result().turns == 5);

    // Turn 6: Cy ends on 5 too (no knock-back: both stay).
    play_expecting(game,
                   {.turn = 6,
                    .seat = 2,
                    .player = "Cy",
                    .roll = 2,
                    .start = 3,
                    .landed = 5,
                    .end = 5,
                    .turns_to_miss = {{2, "Cy", 0}}},
                   "Cy rolls 2: 3 to 5, will miss a turn");
    require_state(
        game.state(),
        {.squares = {5, 9, 5}, .turns_to_miss = {0, 0, 1}, .seat_due = 0, .turns_played = 6});
    // Turn 7: Ana leaves 5; standing on a miss square costs nothing more.
    play_expecting(game,
                   {.turn = 7, .player = "Ana", .roll = 6, .start = 5, .landed = 11, .end = 11},
                   "Ana rolls 6: 5 to 11");
    // Turn 8: Ben slides down the snake 14-5 onto 5; Cy misses turn 9.
    play_expecting(game,
                   {.turn = 8,
                    .seat = 1,
                    .player = "Ben",
                    .jumps = {{14, 5}},
                    .roll = 5,
                    .start = 9,
                    .landed = 14,
                    .end = 5,
                    .turns_to_miss = {{1, "Ben", 0}},
                    .missed_after = {{9, 2, "Cy"}}},
                   "Ben rolls 5: 9 to 5 via snake 14-5, will miss a turn; Cy misses turn 9");
    require_state(
        game.state(),
        {.squares = {11, 5, 5}, .turns_to_miss = {0, 1, 0}, .seat_due = 0, .turns_played = 9});
    REQUIRE(fmt::format("{}", game.state()) ==
            "turn 10, seat 0 to roll; squares 11 5 5; turns to miss: seat 1 (1)");
    // Turn 10: Ana; Ben misses turn 11.
    play_expecting(game,
                   {.turn = 10,
                    .player = "Ana",
                    .roll = 6,
                    .start = 11,
                    .landed = 17,
                    .end = 17,
                    .missed_after = {{11, 1, "Ben"}}},
                   "Ana rolls 6: 11 to 17; Ben misses turn 11");
    require_state(game.state(), {.squares = {17, 5, 5}, .seat_due = 2, .turns_played = 11});
    play_expecting(
        game, {.turn = 12, .seat = 2, .player = "Cy", .roll = 1, .start = 5, .landed = 6, .end = 6},
        "Cy rolls 1: 5 to 6");
    require_state(game.state(), {.squares = {17, 5, 6}, .seat_due = 0, .turns_played = 12});

    REQUIRE(game.turns() == 12);
    REQUIRE(game.records().size() == 8);
    std::vector<std::uint64_t> numbers;
    for (const TurnRecord& record : game.records()) {
        numbers.push_back(record.turn);
    }
    REQUIRE(numbers == std::vector<std::uint64_t>{1, 2, 3, 6, 7, 8, 10, 12});
    REQUIRE(log_lines(game) ==
            std::vector<std::string>{
                "Ana rolls 5: 0 to 5, will miss a turn",
                "Ben rolls 2: 0 to 9 via ladder 2-9, will miss a turn",
                "Cy rolls 3: 0 to 3; Ana misses turn 4; Ben misses turn 5",
                "Cy rolls 2: 3 to 5, will miss a turn",
                "Ana rolls 6: 5 to 11",
                "Ben rolls 5: 9 to 5 via snake 14-5, will miss a turn; Cy misses turn 9",
                "Ana rolls 6: 11 to 17; Ben misses turn 11",
                "Cy rolls 1: 5 to 6",
            });

    // Undone turn by turn back to the start: each undo takes back the turns missed after it.
    const std::vector<std::uint64_t> turns_after_undo{11, 9, 7, 6, 5, 2, 1, 0};
    for (const std::uint64_t turns : turns_after_undo) {
        (void)game.undo();
        REQUIRE(game.turns() == turns);
    }
    require_state(game.state(), {.squares = {0, 0, 0}});
    REQUIRE(game.records().empty());
}

TEST_CASE("MissTurnSquares: one player, a blocked move, the checks") {
    using Config = GameConfig<ExactFinish, RejectChains, MissTurnSquares>;

    SECTION("one player: a miss makes the game one turn longer") {
        // Size 10, square 8 costs a turn. Ana: 6 to 6; 2 to 8, and she misses turn 3; on 8 a 5 is
        // blocked (she needs 2), which costs no turn; 2 brings her home on turn 5.
        const Config config({.size = 10, .min_players = 1}, MissTurnSquares{8});
        auto game = scripted({}, config, {6, 2, 5, 2}, {"Ana"});
        play_expecting(game, {.turn = 1, .player = "Ana", .roll = 6, .landed = 6, .end = 6},
                       "Ana rolls 6: 0 to 6");
        play_expecting(game,
                       {.turn = 2,
                        .player = "Ana",
                        .roll = 2,
                        .start = 6,
                        .landed = 8,
                        .end = 8,
                        .turns_to_miss = {{0, "Ana", 0}},
                        .missed_after = {{3, 0, "Ana"}}},
                       "Ana rolls 2: 6 to 8, will miss a turn; Ana misses turn 3");
        require_state(game.state(), {.squares = {8}, .seat_due = 0, .turns_played = 3});
        play_expecting(game,
                       {.turn = 4,
                        .player = "Ana",
                        .roll = 5,
                        .start = 8,
                        .landed = 8,
                        .end = 8,
                        .needed = 2,
                        .blocked = true},
                       "Ana rolls 5, needs exactly 2, stays on 8");
        require_state(game.state(), {.squares = {8}, .seat_due = 0, .turns_played = 4});
        play_expecting(game,
                       {.turn = 5,
                        .player = "Ana",
                        .roll = 2,
                        .start = 8,
                        .landed = 10,
                        .end = 10,
                        .place = 1,
                        .home = true},
                       "Ana rolls 2: 8 to 10 and is home (1st)");
        REQUIRE(game.turns() == 5);
        REQUIRE(game.records().size() == 4);
        const GameResult result = game.result();
        REQUIRE(result.status == GameStatus::finished);
        REQUIRE(result.turns == 5);
        REQUIRE(result.winner == std::optional<std::string>("Ana"));

        // The same rolls without the rule: four turns.
        using Plain = GameConfig<>;
        auto plain = scripted({}, Plain({.size = 10, .min_players = 1}), {6, 2, 5, 2}, {"Ana"});
        (void)plain.play();
        REQUIRE(plain.turns() == 4);
    }
    SECTION("the squares: sorted, duplicates collapsed, each at least 1") {
        REQUIRE((MissTurnSquares{9, 5, 9}.squares() == std::vector<Square>{5, 9}));
        REQUIRE(MissTurnSquares{9, 5, 9}.name() == "MissTurnSquares{5,9}");
        REQUIRE((MissTurnSquares{9, 5, 9} == MissTurnSquares{5, 9}));
        REQUIRE_THROWS_AS(MissTurnSquares{}, InvalidConfig);
        REQUIRE_THROWS_WITH(MissTurnSquares{}, "MissTurnSquares needs at least one square");
        REQUIRE_THROWS_AS(MissTurnSquares{0}, InvalidConfig);
        REQUIRE_THROWS_WITH(MissTurnSquares{0}, "MissTurnSquares: a square must be at least 1, "
                                                "got 0");
        REQUIRE_THROWS_WITH((MissTurnSquares{3, -1}),
                            "MissTurnSquares: a square must be at least 1, got -1");
    }
    SECTION("a square off the track is refused when the game is built") {
        const Board<Config> board({}, {.size = 30});
        const MissTurnSquares at_home{5, 30};
        REQUIRE_THROWS_AS(Game(board, FairDice<>({.sides = 6}), {"Ana", "Ben"}, at_home),
                          InvalidConfig);
        REQUIRE_THROWS_WITH(Game(board, FairDice<>({.sides = 6}), {"Ana", "Ben"}, at_home),
                            "house rule MissTurnSquares{5,30}: square 30 is not on the track "
                            "before home (square 30)");
        const MissTurnSquares past{45};
        REQUIRE_THROWS_WITH(Game(board, FairDice<>({.sides = 6}), {"Ana", "Ben"}, past),
                            "house rule MissTurnSquares{45}: square 45 is not on the track before "
                            "home (square 30)");
        REQUIRE_THROWS_WITH(simulate(board, FairDice<>({.sides = 6}), past, {.games = 10}),
                            SL_CONTAINS("square 45 is not on the track before home"));
        REQUIRE_NOTHROW(Game(board, FairDice<>({.sides = 6}), {"Ana", "Ben"}, MissTurnSquares{29}));
    }
}

// Scripted dice skip the checks about which rolls come, but a rule is still checked against the
// board: a miss-turn square off the track is refused when the game is built.
TEST_CASE("MissTurnSquares: off-track square, scripted dice") {
    using Config = GameConfig<ExactFinish, RejectChains, MissTurnSquares>;
    const Board<Config> board({}, {.size = 30});
    REQUIRE_THROWS_WITH(
        Scripted<Config>(board, ScriptedDice::with_faces(6, {6, 6, 6, 6, 6, 5}), {"Ana", "Ben"},
                         MissTurnSquares{30}),
        "house rule MissTurnSquares{30}: square 30 is not on the track before home (square 30)");
}

// --- Rules of the user's ------------------------------------------------------------------------

TEST_CASE("A user's rules move the mover and send others") {
    using Rules = HouseRules<BackThree, Bump>;
    using Config = GameConfig<ExactFinish, RejectChains, Rules>;
    const Config config({.size = 30});
    const std::vector<Jump> jumps{{3, 13}};
    const std::vector<int> rolls{3, 6, 2, 4, 1, 4};
    REQUIRE(Rules{}.name() == "BackThree + Bump");

    auto game = scripted(jumps, config, rolls);
    std::vector<TokenSentBack> sent;
    const Subscription subscription =
        game.subscribe([&sent](const TokenSentBack& event) { sent.push_back(event); });

    // Turn 1: Ana climbs 3-13 and BackThree moves her on to 10: a move of the mover's own, no
    // event.
    play_expecting(game,
                   {.turn = 1,
                    .player = "Ana",
                    .jumps = {{3, 13}},
                    .roll = 3,
                    .landed = 3,
                    .end = 10,
                    .knocked_back = {{0, "Ana", 13, 0, 10}}},
                   "Ana rolls 3: 0 to 13 via ladder 3-13, then to 10");
    play_expecting(game, {.turn = 2, .seat = 1, .player = "Ben", .roll = 6, .landed = 6, .end = 6},
                   "Ben rolls 6: 0 to 6");
    play_expecting(game,
                   {.turn = 3, .player = "Ana", .roll = 2, .start = 10, .landed = 12, .end = 12},
                   "Ana rolls 2: 10 to 12");
    play_expecting(
        game,
        {.turn = 4, .seat = 1, .player = "Ben", .roll = 4, .start = 6, .landed = 10, .end = 10},
        "Ben rolls 4: 6 to 10");
    REQUIRE(sent.empty());
    // Turn 5: Ana 12 to 13, moved on to 10 by BackThree, where Bump (after it) sends Ben 4 back.
    play_expecting(game,
                   {.turn = 5,
                    .player = "Ana",
                    .roll = 1,
                    .start = 12,
                    .landed = 13,
                    .end = 10,
                    .knocked_back = {{0, "Ana", 13, 0, 10}, {1, "Ben", 10, 0, 6}}},
                   "Ana rolls 1: 12 to 13, then to 10, sends Ben to 6");
    require_state(game.state(), {.squares = {10, 6}, .seat_due = 1, .turns_played = 5});
    // Turn 6: Ben 6 to 10 sends Ana to 6.
    play_expecting(game,
                   {.turn = 6,
                    .seat = 1,
                    .player = "Ben",
                    .roll = 4,
                    .start = 6,
                    .landed = 10,
                    .end = 10,
                    .knocked_back = {{0, "Ana", 10, 0, 6}}},
                   "Ben rolls 4: 6 to 10, sends Ana to 6");
    require_state(game.state(), {.squares = {6, 10}, .seat_due = 0, .turns_played = 6});

    // One event for each other token sent, with where it went; none for the mover's own moves.
    // (play_expecting undoes and replays each turn: the replayed turns send theirs again.)
    const TokenSentBack ben{5, 1, "Ben", 10, 0, "Ana", 6};
    const TokenSentBack ana{6, 0, "Ana", 10, 1, "Ben", 6};
    REQUIRE(sent == std::vector<TokenSentBack>{ben, ben, ana, ana});

    SECTION("the same rolls replayed into another game") {
        auto replayed = scripted(jumps, config, rolls);
        for (const TurnRecord& record : game.records()) {
            REQUIRE(replayed.replay_turn(record.rolls()) == record);
        }
        REQUIRE(replayed.records() == game.records());
        REQUIRE(replayed.state() == game.state());
        REQUIRE(replayed.dice().used() == 0);
        // And played from the dice: the whole game is equal, dice and all.
        auto again = scripted(jumps, config, rolls);
        for (std::size_t turn = 0; turn < 6; ++turn) {
            (void)again.play_turn();
        }
        REQUIRE(again == game);
        REQUIRE(log_lines(again) == log_lines(game));
    }
    SECTION("undone back to the start") {
        for (int turn = 6; turn >= 1; --turn) {
            (void)game.undo();
        }
        require_state(game.state(), {.squares = {0, 0}});
        REQUIRE(game.records().empty());
    }
}

TEST_CASE("A user's rule with extra rolls, and a move home") {
    SECTION("by_roll counts the rolls of the turn") {
        using Config = GameConfig<ExactFinish, RejectChains, HouseRules<RollAgainOnMax, BackThree>>;
        // Ana: 6 to 6, 1 to 7. Ben: 2. Ana: 6 from 7 to 13, on to 10, and the six rolls again:
        // 2 to 12. Ben: 6 to 8, 5 to 13, on to 10 (his third roll).
        auto game = scripted({}, Config({.size = 30}), {6, 1, 2, 6, 2, 6, 5});
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .roll = 6,
                        .landed = 6,
                        .end = 7,
                        .extra_rolls = {{.roll = 1, .start = 6, .landed = 7, .end = 7}}},
                       "Ana rolls 6: 0 to 6, rolls 1: 6 to 7");
        play_expecting(game,
                       {.turn = 2, .seat = 1, .player = "Ben", .roll = 2, .landed = 2, .end = 2},
                       "Ben rolls 2: 0 to 2");
        play_expecting(game,
                       {.turn = 3,
                        .player = "Ana",
                        .roll = 6,
                        .start = 7,
                        .landed = 13,
                        .end = 12,
                        .extra_rolls = {{.roll = 2, .start = 10, .landed = 12, .end = 12}},
                        .knocked_back = {{0, "Ana", 13, 0, 10}}},
                       "Ana rolls 6: 7 to 13, then to 10, rolls 2: 10 to 12");
        play_expecting(game,
                       {.turn = 4,
                        .seat = 1,
                        .player = "Ben",
                        .roll = 6,
                        .start = 2,
                        .landed = 8,
                        .end = 10,
                        .extra_rolls = {{.roll = 5, .start = 8, .landed = 13, .end = 10}},
                        .knocked_back = {{1, "Ben", 13, 1, 10}}},
                       "Ben rolls 6: 2 to 8, rolls 5: 8 to 13, then to 10");
        require_state(game.state(), {.squares = {12, 10}, .seat_due = 0, .turns_played = 4});
    }
    SECTION("a rule may move the mover home, which ends the turn") {
        using Config = GameConfig<ExactFinish, RejectChains, HouseRules<RollAgainOnMax, Warp>>;
        const Config config({.size = 30}, HouseRules<RollAgainOnMax, Warp>({}, Warp{20, 30}));
        REQUIRE(config.house_rules().name() == "RollAgainOnMax + Warp{20->30}");
        // Ana's 6 climbs 6-20 and Warp takes her home: no roll after it, though it was a six.
        auto game = scripted({{6, 20}}, config, {6, 6});
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .jumps = {{6, 20}},
                        .roll = 6,
                        .landed = 6,
                        .end = 30,
                        .place = 1,
                        .home = true,
                        .knocked_back = {{0, "Ana", 20, 0, 30}}},
                       "Ana rolls 6: 0 to 20 via ladder 6-20, then to 30 and is home (1st)");
        require_state(game.state(), {.squares = {30, 0},
                                     .finish_order = {0},
                                     .seat_due = 1,
                                     .turns_played = 1,
                                     .finished = true});
        REQUIRE(game.winner() == std::optional<std::string>("Ana"));
        REQUIRE(game.dice().remaining() == 1);
        (void)game.undo();
        require_state(game.state(), {.squares = {0, 0}});
        REQUIRE(game.status() == GameStatus::not_started);
    }
}

TEST_CASE("A user's rule gives other players turns to miss") {
    using Config = GameConfig<ExactFinish, RejectChains, Jinx>;
    REQUIRE(Config({.size = 30}).house_rules() == Jinx{});
    // Ana lands on 6: Ben and Cy each miss a turn (2 and 3), so Ana plays turn 4 as well.
    auto game = scripted({}, Config({.size = 30}), {6, 1, 2}, {"Ana", "Ben", "Cy"});
    play_expecting(game,
                   {.turn = 1,
                    .player = "Ana",
                    .roll = 6,
                    .landed = 6,
                    .end = 6,
                    .turns_to_miss = {{1, "Ben", 0}, {2, "Cy", 0}},
                    .missed_after = {{2, 1, "Ben"}, {3, 2, "Cy"}}},
                   "Ana rolls 6: 0 to 6, Ben will miss a turn, Cy will miss a turn; Ben misses "
                   "turn 2; Cy misses turn 3");
    require_state(game.state(), {.squares = {6, 0, 0}, .seat_due = 0, .turns_played = 3});
    play_expecting(game, {.turn = 4, .player = "Ana", .roll = 1, .start = 6, .landed = 7, .end = 7},
                   "Ana rolls 1: 6 to 7");
    play_expecting(game, {.turn = 5, .seat = 1, .player = "Ben", .roll = 2, .landed = 2, .end = 2},
                   "Ben rolls 2: 0 to 2");
    REQUIRE(game.turns() == 5);
    REQUIRE(game.records().size() == 3);
}

TEST_CASE("Landing refuses bad requests and the game stays as it was") {
    using Rules = HouseRules<RollAgainOnMax, Breaks>;
    using Config = GameConfig<ExactFinish, RejectChains, Rules>;
    // Ana: 4 to 4. Ben: 1 to 1. Ana: 6 to 10 and, the six rolling again, 1 to 11, where Breaks
    // asks for something Landing refuses: the whole turn is refused, its two rolls unrolled.
    const auto game_with = [](Misuse misuse) {
        return scripted({}, Config({.size = 30}, Rules({}, Breaks{misuse})), {4, 1, 6, 1, 2});
    };
    const auto refused = [&game_with](Misuse misuse, const std::string& message) {
        auto game = game_with(misuse);
        auto twin = game_with(misuse);
        for (int turn = 0; turn < 2; ++turn) {
            (void)game.play_turn();
            (void)twin.play_turn();
        }
        const GameState state = game.state();
        const std::vector<TurnRecord> records = game.records();
        REQUIRE(game.dice().position() == 2);

        REQUIRE_THROWS_AS(game.play_turn(), InvalidConfig);
        REQUIRE_THROWS_WITH(game.play_turn(), message);

        REQUIRE(game.state() == state);
        REQUIRE(game.records() == records);
        REQUIRE(game.turns() == 2);
        REQUIRE(game.dice().position() == 2); // the next roll is still the 6
        REQUIRE(game.dice().rolls()[game.dice().position()] == 6);
        REQUIRE(game == twin);
    };
    SECTION("send the mover") {
        refused(Misuse::send_mover,
                "a house rule tried to send the mover's own token; a rule moves the mover with "
                "move_to");
    }
    SECTION("send home") {
        refused(Misuse::send_home, "a house rule tried to send a token to square 30, outside 0 "
                                   "to 29");
    }
    SECTION("send below 0") {
        refused(Misuse::send_below_0,
                "a house rule tried to send a token to square -2, outside 0 to 29");
    }
    SECTION("send a seat out of range") {
        refused(Misuse::send_no_seat, "a house rule tried to send seat 7, but the game has 2 "
                                      "seats");
    }
    SECTION("move the mover off the board") {
        refused(Misuse::move_past_home,
                "a house rule tried to move the mover to square 31, outside 0 to 30");
        refused(Misuse::move_below_0,
                "a house rule tried to move the mover to square -1, outside 0 to 30");
    }
    SECTION("a turn to miss for a seat out of range") {
        refused(Misuse::miss_no_seat, "a house rule tried to give seat 2 a turn to miss, but it "
                                      "is not a seat of the game still playing");
    }
    SECTION("send a token that is home (turn model)") {
        using Solo = GameConfig<ExactFinish, RejectChains, Breaks>;
        const Board<Solo> board({}, {.size = 30, .play_to_last = true});
        const Breaks breaks{Misuse::send_seat_home};
        GameState state({.players = 3, .max_roll = 6});
        state.squares = {10, 30, 0};
        state.finish_order = {1};
        const GameState before = state;
        REQUIRE_THROWS_AS(apply_roll(board, state, 1, breaks), InvalidConfig);
        REQUIRE_THROWS_WITH(apply_roll(board, state, 1, breaks),
                            "a house rule tried to send seat 1, which is home");
        REQUIRE(state == before);
        // Any other roll lands elsewhere: nothing is asked.
        REQUIRE(apply_roll(board, state, 2, breaks).outcome.end == 12);
    }
}

// --- Combining rules ----------------------------------------------------------------------------

TEST_CASE("HouseRules asks its rules in the order given") {
    REQUIRE(HouseRules<KnockBack, BackThree>{}.name() == "KnockBack + BackThree");
    REQUIRE(HouseRules<BackThree, KnockBack>{}.name() == "BackThree + KnockBack");
    REQUIRE(HouseRules<>{}.name() == "none");
    REQUIRE(HouseRules<StartingRolls, MissTurnSquares, RollAgainOnMax>(
                StartingRolls{6, 1}, MissTurnSquares{9, 5}, RollAgainOnMax{})
                .name() == "StartingRolls{1,6} + MissTurnSquares{5,9} + RollAgainOnMax");

    // Ana: 6, Ben: 5, Ana: 6 to 12, Ben: 5 to 10, Ana: 1 to 13, which BackThree moves on to 10,
    // Ben's square; then Ben rolls 2.
    const std::vector<int> rolls{6, 5, 6, 5, 1, 2};
    const auto first_four = [](auto& game) {
        for (int turn = 0; turn < 4; ++turn) {
            (void)game.play_turn();
        }
        REQUIRE(game.positions() == std::vector<Square>{12, 10});
    };

    SECTION("KnockBack first: it sees 13, nobody there; both end on 10") {
        using Config = GameConfig<ExactFinish, RejectChains, HouseRules<KnockBack, BackThree>>;
        auto game = scripted({}, Config({.size = 30}), rolls);
        first_four(game);
        play_expecting(game,
                       {.turn = 5,
                        .player = "Ana",
                        .roll = 1,
                        .start = 12,
                        .landed = 13,
                        .end = 10,
                        .knocked_back = {{0, "Ana", 13, 0, 10}}},
                       "Ana rolls 1: 12 to 13, then to 10");
        REQUIRE(game.positions() == std::vector<Square>{10, 10});
        play_expecting(game,
                       {.turn = 6,
                        .seat = 1,
                        .player = "Ben",
                        .roll = 2,
                        .start = 10,
                        .landed = 12,
                        .end = 12},
                       "Ben rolls 2: 10 to 12");
    }
    SECTION("BackThree first: KnockBack sees 10 and sends Ben back to 0") {
        using Config = GameConfig<ExactFinish, RejectChains, HouseRules<BackThree, KnockBack>>;
        auto game = scripted({}, Config({.size = 30}), rolls);
        std::vector<TokenSentBack> sent;
        const Subscription subscription =
            game.subscribe([&sent](const TokenSentBack& event) { sent.push_back(event); });
        first_four(game);
        const TurnRecord fifth = game.play_turn();
        REQUIRE(fifth ==
                TurnRecord(Want{.turn = 5,
                                .player = "Ana",
                                .roll = 1,
                                .start = 12,
                                .landed = 13,
                                .end = 10,
                                .knocked_back = {{0, "Ana", 13, 0, 10}, {1, "Ben", 10, 0, 0}}}));
        REQUIRE(line(fifth) == "Ana rolls 1: 12 to 13, then to 10, sends Ben back to 0");
        REQUIRE(game.positions() == std::vector<Square>{10, 0});
        REQUIRE(sent == std::vector<TokenSentBack>{{5, 1, "Ben", 10, 0, "Ana", 0}});
        REQUIRE(line(game.play_turn()) == "Ben rolls 2: 0 to 2");
        (void)game.undo();
        (void)game.undo();
        REQUIRE(game.positions() == std::vector<Square>{12, 10});
    }
}

// --- The turn model -----------------------------------------------------------------------------

TEST_CASE("apply_roll: RollAgainOnMax mid-turn, copied") {
    using Config = GameConfig<ExactFinish, RejectChains, RollAgainOnMax>;
    const Board<Config> board({{18, 25}}, {.size = 30});
    const RollAgainOnMax rules;
    const FairDice<> die({.sides = 6});

    GameState state({.players = 2, .max_roll = 6});
    const RollResult first = apply_roll(board, state, 6, rules);
    CHECK(first.outcome.seat == 0);
    CHECK(first.outcome.roll_in_turn == 1);
    CHECK(first.outcome.start == 0);
    CHECK(first.outcome.landed == 6);
    CHECK(first.outcome.end == 6);
    CHECK_FALSE(first.outcome.turn_over);
    require_state(first.state,
                  {.squares = {6, 0}, .rolls_in_turn = 1, .streak = 1, .turn_start = 0});
    REQUIRE(first.state.mid_turn());
    REQUIRE(fmt::format("{}", first.state) ==
            "turn 1, seat 0 rolls again (roll 2, 1 maximum roll in a row, turn began on 0); "
            "squares 6 0");
    const std::vector<ChanceOutcome> odds = chance_outcomes(die, first.state);
    REQUIRE(odds.size() == 6);
    for (std::size_t i = 0; i < odds.size(); ++i) {
        CHECK(odds[i].roll == static_cast<int>(i) + 1);
        CHECK(odds[i].probability == Approx(1.0 / 6));
    }

    // The rest of the turn, on the state and on a copy made mid-turn: 6 to 12; 6 to 18, up the
    // ladder to 25; 6 from 25 is blocked (5 needed), still a six; 2 to 27 ends the turn.
    GameState original = first.state;
    GameState copy = original;
    std::vector<RollOutcome> outcomes{first.outcome};
    const std::vector<Now> states{
        {.squares = {12, 0}, .rolls_in_turn = 2, .streak = 2},
        {.squares = {25, 0}, .rolls_in_turn = 3, .streak = 3},
        {.squares = {25, 0}, .rolls_in_turn = 4, .streak = 4},
        {.squares = {27, 0}, .seat_due = 1, .turns_played = 1},
    };
    const std::vector<int> rolls{6, 6, 6, 2};
    for (std::size_t i = 0; i < rolls.size(); ++i) {
        INFO("roll " << i + 2);
        const RollOutcome a = apply_roll_in_place(board, original, rolls[i], rules);
        const RollOutcome b = apply_roll_in_place(board, copy, rolls[i], rules);
        REQUIRE(a == b);
        REQUIRE(original == copy);
        require_state(copy, states[i]);
        REQUIRE(chance_outcomes(die, copy) == chance_outcomes(die, original));
        outcomes.push_back(a);
    }
    CHECK(outcomes[2].jumps == JumpPath{Jump{18, 25}});
    CHECK(outcomes[3].blocked);
    CHECK(outcomes[3].needed == 5);
    CHECK_FALSE(outcomes[3].turn_over);
    CHECK(outcomes[4].roll_in_turn == 5);
    CHECK(outcomes[4].turn_over);

    // The state mid-turn after the blocked six is one apply_roll accepts.
    GameState four_rolls = state;
    for (const int roll : {6, 6, 6, 6}) {
        (void)apply_roll_in_place(board, four_rolls, roll, rules);
    }
    REQUIRE(apply_roll(board, four_rolls, 2, rules).state == original);

    // The record of the five rolls, as a Game writes it for the same rolls.
    const std::vector<std::string> names{"Ana", "Ben"};
    const TurnRecord record = turn_record(outcomes, 1, names);
    REQUIRE(record ==
            TurnRecord(Want{
                .turn = 1,
                .player = "Ana",
                .roll = 6,
                .landed = 6,
                .end = 27,
                .extra_rolls = {
                    {.roll = 6, .start = 6, .landed = 12, .end = 12},
                    {.roll = 6, .start = 12, .landed = 18, .end = 25, .jumps = {{18, 25}}},
                    {.roll = 6, .start = 25, .landed = 25, .end = 25, .needed = 5, .blocked = true},
                    {.roll = 2, .start = 25, .landed = 27, .end = 27}}}));
    REQUIRE(line(record) == "Ana rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: 12 to 25 via ladder "
                            "18-25, rolls 6, needs exactly 5, stays on 25, rolls 2: 25 to 27");
    auto game = scripted({{18, 25}}, Config({.size = 30}), {6, 6, 6, 6, 2});
    REQUIRE(game.play_turn() == record);
    REQUIRE(game.state() == original);
}

TEST_CASE("apply_roll: turns to miss are passed over") {
    using Config = GameConfig<ExactFinish, RejectChains, MissTurnSquares>;
    const Board<Config> board({}, {.size = 30});
    const MissTurnSquares rules{5};
    GameState state({.players = 3, .max_roll = 6});
    state.turns_to_miss = {0, 1, 1};
    // Seat 0 rolls 3; seats 1 and 2 miss turns 2 and 3; seat 0 is due again for turn 4.
    const RollResult three = apply_roll(board, state, 3, rules);
    CHECK(three.outcome.skipped == std::vector<std::uint32_t>{1, 2});
    CHECK(three.outcome.misses.empty());
    require_state(three.state, {.squares = {3, 0, 0}, .seat_due = 0, .turns_played = 3});
    // Then it lands on 5: seat 1 is due, and seat 0 misses turn 6 after seats 1 and 2 play.
    const RollResult two = apply_roll(board, three.state, 2, rules);
    CHECK(two.outcome.misses == std::vector<TurnsToMiss>{{0, 1}});
    CHECK(two.outcome.skipped.empty());
    require_state(
        two.state,
        {.squares = {5, 0, 0}, .turns_to_miss = {1, 0, 0}, .seat_due = 1, .turns_played = 4});
    const RollResult ben = apply_roll(board, two.state, 1, rules);
    const RollResult cy = apply_roll(board, ben.state, 1, rules);
    CHECK(cy.outcome.skipped == std::vector<std::uint32_t>{0});
    require_state(cy.state, {.squares = {5, 1, 1}, .seat_due = 1, .turns_played = 7});
    REQUIRE(turn_record(std::span(&cy.outcome, 1), 6, std::vector<std::string>{"A", "B", "C"})
                .missed_after == std::vector<MissedTurn>{{7, 0, "A"}});
}

// --- simulate -----------------------------------------------------------------------------------

TEST_CASE("simulate: a user's rule and MissTurnSquares, exact means") {
    constexpr std::uint64_t games = 200'000;
    constexpr double tolerance_in_standard_errors = 4.0;

    SECTION("Warp{3->1} on a board of 4 squares, a die of 2 faces") {
        // One player, OvershootWins (any roll reaching 4 is home), a fair die of faces 1 and 2,
        // and a rule moving a token that ends on 3 back to 1: the token rests on 0, 1 or 2.
        // E(s) = expected turns from s to home:
        //   E(2) = 1 + E(1)/2 + 0/2        (1: to 3, on to 1; 2: home)
        //   E(1) = 1 + E(2)/2 + E(1)/2     (1: to 2; 2: to 3, on to 1)
        // so E(1) = 2 + E(2), E(2) = 1 + 1 + E(2)/2 = 4, E(1) = 6, and
        //   E(0) = 1 + E(1)/2 + E(2)/2 = 1 + 3 + 2 = 6.
        using Config = GameConfig<OvershootWins, RejectChains, Warp>;
        const Config config({.size = 4}, Warp{3, 1});
        // The rule's value is part of the configuration (the board keeps only its settings).
        REQUIRE(config != Config({.size = 4}, Warp{2, 1}));
        const Board<Config> board({}, config.settings());
        const Warp warp = config.house_rules();
        const FairDice<> die({.sides = 2});
        const SimulationResult result =
            simulate(board, die, warp, {.games = games, .players = 1, .seed = 41});
        REQUIRE(result.unfinished == 0);
        REQUIRE(result.turns.games == games);
        CHECK(std::abs(result.turns.mean - 6.0) <=
              tolerance_in_standard_errors * result.turns.standard_error);
        CHECK(result.turns.min == 2);

        const std::uint64_t some = 5 * simulation_block_games + 7;
        const SimulationResult one =
            simulate(board, die, warp, {.games = some, .players = 1, .seed = 42, .threads = 1});
        const SimulationResult two =
            simulate(board, die, warp, {.games = some, .players = 1, .seed = 42, .threads = 2});
        CHECK(one == two);
    }
    SECTION("MissTurnSquares{2} on a board of 4 squares, a loaded die") {
        // One player, OvershootWins, a die rolling 1 with p = 1/3 and 2 with q = 2/3; ending a
        // move on 2 costs a turn (one more turn of the game). E(s) from s to home:
        //   E(3) = 1                            (any roll is home)
        //   E(2) = 1 + p E(3) + q 0 = 4/3
        //   E(1) = 1 + p (1 + E(2)) + q E(3) = 1 + 7/9 + 6/9 = 22/9
        //   E(0) = 1 + p E(1) + q (1 + E(2)) = 1 + 22/27 + 42/27 = 91/27
        // (Without the rule E(0) is 70/27; the token lands on 2 with probability q + p p = 7/9.)
        using Config = GameConfig<OvershootWins, RejectChains, MissTurnSquares>;
        const Board<Config> board({}, {.size = 4});
        const MissTurnSquares rules{2};
        const LoadedDice<> die({1, 2});
        const SimulationResult result =
            simulate(board, die, rules, {.games = games, .players = 1, .seed = 43});
        REQUIRE(result.unfinished == 0);
        CHECK(std::abs(result.turns.mean - 91.0 / 27.0) <=
              tolerance_in_standard_errors * result.turns.standard_error);

        const std::uint64_t some = 5 * simulation_block_games + 7;
        const SimulationResult one =
            simulate(board, die, rules, {.games = some, .players = 1, .seed = 44, .threads = 1});
        const SimulationResult two =
            simulate(board, die, rules, {.games = some, .players = 1, .seed = 44, .threads = 2});
        CHECK(one == two);
        const SimulationResult pair_one =
            simulate(board, die, rules, {.games = some, .players = 2, .seed = 45, .threads = 1});
        const SimulationResult pair_two =
            simulate(board, die, rules, {.games = some, .players = 2, .seed = 45, .threads = 2});
        CHECK(pair_one == pair_two);
        CHECK(pair_one.wins[0] + pair_one.wins[1] == some);
    }
}

// A missed turn adds 2 to the turns played at once, so a game can step over max_turns; it stops
// there all the same. On the board of 4 squares with MissTurnSquares{2}, a roll of at most 2 from
// square 0 cannot be home after one turn: every game is unfinished.
TEST_CASE("simulate: max_turns with a missed turn") {
    using Config = GameConfig<OvershootWins, RejectChains, MissTurnSquares>;
    const Board<Config> board({}, {.size = 4});
    const std::uint64_t games = 2 * simulation_block_games;
    const SimulationResult result =
        simulate(board, FairDice<>({.sides = 2}), MissTurnSquares{2},
                 {.games = games, .players = 1, .seed = 46, .max_turns = 1});
    CHECK(result.unfinished == games);
    CHECK(result.finished() == 0);
}

// --- What the hooks see, and states the turn model keeps tidy ------------------------------------

namespace {
// Keeps what its hooks saw of the state, so a test can look: the state before the roll.
struct Witness {
    std::vector<std::string>* seen = nullptr;
    [[nodiscard]] static std::string name() { return "Witness"; }
    [[nodiscard]] bool waits(const RollContext& roll) const {
        seen->push_back(fmt::format("waits: roll {} of the turn, state mid_turn {} rolls {}",
                                    roll.roll_in_turn, roll.state.mid_turn(),
                                    roll.state.rolls_in_turn));
        return false;
    }
    [[nodiscard]] bool forfeits(const RollContext& roll) const {
        seen->push_back(fmt::format("forfeits: turn began on {}", roll.state.turn_start));
        return false;
    }
    friend bool operator==(const Witness&, const Witness&) = default;
};
} // namespace

TEST_CASE("The rules see the state before the roll") {
    using House = HouseRules<Witness, RollAgainOnMax>;
    using Config = GameConfig<ExactFinish, RejectChains, House>;
    std::vector<std::string> seen;
    std::vector<std::string> elsewhere;
    REQUIRE(House(Witness{&seen}, {}) != House(Witness{&elsewhere}, {})); // rules are values
    auto game = scripted({}, Config({.size = 30}, House(Witness{&seen}, {})), {4, 6, 2});
    (void)game.play_turn(); // Ana: 4, one roll
    (void)game.play_turn(); // Ben: 6 then 2, two rolls
    REQUIRE(seen == std::vector<std::string>{
                        "waits: roll 1 of the turn, state mid_turn false rolls 0",
                        "forfeits: turn began on 0",
                        "waits: roll 1 of the turn, state mid_turn false rolls 0",
                        "forfeits: turn began on 0",
                        "waits: roll 2 of the turn, state mid_turn true rolls 1",
                        "forfeits: turn began on 0",
                    });
}

TEST_CASE("Turns to miss are dropped when the token gets home, and undo brings them back") {
    // RollAgainOnMax and a miss square on 14, size 20. Turn 1: Ana 6 (0 to 6) and 2 (6 to 8);
    // turn 2: Ben 1; turn 3: Ana 6 (8 to 14: a turn to miss, and another roll), then 6 (14 to
    // 20, home): the turn to miss she had is dropped there.
    using House = HouseRules<RollAgainOnMax, MissTurnSquares>;
    using Config = GameConfig<ExactFinish, RejectChains, House>;
    const Config config({.size = 20}, House(RollAgainOnMax{}, MissTurnSquares{14}));
    auto game = scripted({}, config, {6, 2, 1, 6, 6});
    REQUIRE(line(game.play_turn()) == "Ana rolls 6: 0 to 6, rolls 2: 6 to 8");
    REQUIRE(line(game.play_turn()) == "Ben rolls 1: 0 to 1");
    const GameState before = game.state();
    REQUIRE(line(game.play_turn()) ==
            "Ana rolls 6: 8 to 14, will miss a turn, rolls 6: 14 to 20 and is home (1st)");
    const GameState after = game.state();
    REQUIRE(after.squares == std::vector<Square>{20, 1});
    REQUIRE(after.turns_to_miss == std::vector<std::uint32_t>{0, 0});
    REQUIRE(after.finished);
    REQUIRE(game.undo().turn == 3);
    REQUIRE(game.state() == before);

    // apply_roll refuses a state with a token home that still has turns to miss.
    GameState stale = after;
    stale.finished = false;
    stale.seat_due = 1;
    stale.turns_to_miss = {1, 0};
    REQUIRE_THROWS_WITH(apply_roll(game.board(), stale, 2, game.config().house_rules()),
                        SL_CONTAINS("seat 0 is home but has turns to miss"));
}

TEST_CASE("The standard game's states need no turns to miss") {
    // A state built field by field, as a program of the user's may: no turns_to_miss.
    GameState state;
    state.squares = {0, 0};
    state.max_roll = 6;
    state.finish_order.reserve(2);
    const RollResult next = apply_roll(classic(), state, 1);
    REQUIRE(next.state.squares == std::vector<Square>{38, 0});
    REQUIRE(next.state.seat_due == 1);
    REQUIRE(next.state.turns_to_miss.empty());
    // Under house rules they are needed, one per seat.
    REQUIRE_THROWS_WITH(apply_roll(classic(), state, 1, KnockBack{}),
                        SL_CONTAINS("there are 2 seats but 0 counts of turns to miss"));
}

TEST_CASE("StartingRolls past twice the board's size, and ChosenHouseRules inside HouseRules") {
    // OvershootWins, size 5, two dice (2 to 12): a 12 lands on home like any roll from 10 up.
    using Start = GameConfig<OvershootWins, RejectChains, StartingRolls>;
    const Board<Start> board({}, {.size = 5});
    REQUIRE_NOTHROW(
        Game(board, FairDice<>({.sides = 6, .count = 2}), {"Ana", "Ben"}, StartingRolls{12}));
    REQUIRE_THROWS_WITH(
        Game(board, FairDice<>({.sides = 5, .count = 2}), {"Ana", "Ben"}, StartingRolls{12}),
        SL_CONTAINS("under house rule StartingRolls{12} no token could ever start"));

    using Nested = HouseRules<KnockBack, ChosenHouseRules>;
    const Nested nested(KnockBack{}, ChosenHouseRules({.forfeit_streak = 3}));
    REQUIRE(switches_of(nested) == HouseRuleSwitches{.forfeit_streak = 3, .knock_back = true});
    REQUIRE(nested.name() == "KnockBack + ExtraTurnOnMax<3>");
    // All switched off inside HouseRules, the analysis studies the standard game. (A board
    // built from a configuration with house rules does not compile:
    // tests/compile_fail/board_with_house_rules.cpp.)
    REQUIRE(expected_turns(classic(), FairDice<>(), HouseRules<ChosenHouseRules>()).from_start ==
            Approx(39.598365640208193).epsilon(1e-12));
}

// Named, not anonymous: a rule's operator== is needed only by the concept, which an anonymous
// namespace would leave unemitted (clang's unneeded-internal-declaration).
namespace issue36 {
// Landing on `square` gives every other seat not home `turns` turns to miss, in one call.
struct Marathon {
    Square square = 3;
    std::uint32_t turns = 1;
    [[nodiscard]] std::string name() const { return fmt::format("Marathon{{{}}}", turns); }
    void on_land(Landing& landing) const {
        if (landing.square() != square) {
            return;
        }
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        for (std::uint32_t other = 0; other < seats; ++other) {
            if (other != landing.seat() && landing.state().squares[other] != landing.home()) {
                landing.miss_turns(other, turns);
            }
        }
    }
    friend bool operator==(const Marathon&, const Marathon&) = default;
};
// Every landing gives `seat` no turns to miss.
struct ZeroTurnsFor {
    std::uint32_t seat = 0;
    [[nodiscard]] static std::string name() { return "ZeroTurnsFor"; }
    void on_land(Landing& landing) const { landing.miss_turns(seat, 0); }
    friend bool operator==(const ZeroTurnsFor&, const ZeroTurnsFor&) = default;
};
} // namespace issue36
using issue36::Marathon;
using issue36::ZeroTurnsFor;

TEST_CASE("regression (issue 36): miss_turns(seat, n) keeps a count, so millions of turns to "
          "miss cost no memory and a short saved game") {
    using Config = GameConfig<ExactFinish, RejectChains, Marathon>;
    const Config config({.size = 10}, Marathon{3, 5'000'000});
    // Turn 1: Ana rolls 3 onto square 3, and Ben will miss 5,000,000 turns; his turn 2 is the
    // first. Turn 3: Ana rolls 2, 3 to 5; Ben misses turn 4.
    auto game = scripted({}, config, {3, 2}, {"Ana", "Ben"});
    const TurnRecord first = game.play_turn();
    CHECK(line(first) == "Ana rolls 3: 0 to 3, Ben will miss 5000000 turns; Ben misses turn 2");
    CHECK(first.turns_to_miss == std::vector<TurnToMiss>{{1, "Ben", 0, 5'000'000}});
    CHECK(line(game.play_turn()) == "Ana rolls 2: 3 to 5; Ben misses turn 4");
    CHECK(game.state().turns_to_miss == std::vector<std::uint32_t>{0, 4'999'998});
    CHECK(game.turns() == 4);

    // The saved game says it in one word more than a single turn would, and loads back equal.
    const std::string saved = save_game(game);
    CHECK(saved.find("turn 1 seat 0 | 3: 0 to 3 misses 1 for 5000000\n") != std::string::npos);
    CHECK(saved.find("turn 3 seat 0 | 2: 3 to 5\n") != std::string::npos);
    CHECK(saved.size() < 600);
    const auto loaded =
        load_game<Scripted<Config>>(saved, ScriptedDice::with_faces(6, {}), Marathon{3, 5'000'000});
    CHECK(loaded.state() == game.state());
    CHECK(loaded.records() == game.records());
    // A document that miscounts, or counts none, is refused where it says so.
    const auto load = [](const std::string& text) {
        return load_game<Scripted<Config>>(text, ScriptedDice::with_faces(6, {}),
                                           Marathon{3, 5'000'000});
    };
    std::string miscounted = saved;
    miscounted.replace(miscounted.find("for 5000000"), 11, "for 4999999");
    CHECK_THROWS_WITH(load(miscounted),
                      SL_CONTAINS("turn 1: the document says \"3: 0 to 3 misses 1 for "
                                  "4999999\" for roll 1 of the turn, but on this board under "
                                  "these rules it is \"3: 0 to 3 misses 1 for 5000000\""));
    std::string none = saved;
    none.replace(none.find("for 5000000"), 11, "for 0");
    CHECK_THROWS_WITH(load(none), SL_CONTAINS("the number of turns to miss must be at least 1"));

    // Undo takes the count back whole.
    (void)game.undo();
    (void)game.undo();
    CHECK(game.state().turns_to_miss == std::vector<std::uint32_t>{0, 0});
    CHECK(game.turns() == 0);
}

TEST_CASE("miss_turns(seat, 0) gives nothing and records nothing, and still checks the seat") {
    using Config = GameConfig<ExactFinish, RejectChains, Marathon>;
    // Ana rolls 3 onto square 3, where Marathon{3, 0} gives Ben no turns: Ben rolls 2 next.
    const Config config({.size = 10}, Marathon{3, 0});
    auto game = scripted({}, config, {3, 2}, {"Ana", "Ben"});
    const TurnRecord first = game.play_turn();
    CHECK(line(first) == "Ana rolls 3: 0 to 3");
    CHECK(first.turns_to_miss.empty());
    CHECK(line(game.play_turn()) == "Ben rolls 2: 0 to 2");
    CHECK(game.state().turns_to_miss == std::vector<std::uint32_t>{0, 0});
    // A seat that is not in the game is refused even for zero turns, and nothing changes.
    GameState state({.players = 2, .max_roll = 6});
    const GameState before({.players = 2, .max_roll = 6});
    const Board<Config> board({}, config.settings());
    CHECK_THROWS_WITH(apply_roll(board, state, 3, ZeroTurnsFor{2}),
                      "a house rule tried to give seat 2 a turn to miss, but it is not a seat of "
                      "the game still playing");
    CHECK(state == before);
}

TEST_CASE("regression (issue 36): miss_turns refuses a count past 4294967295 and changes "
          "nothing") {
    using Config = GameConfig<ExactFinish, RejectChains, Marathon>;
    // Ben is given the most a seat can have, and misses turn 2 at once: one fewer is left.
    const Config config({.size = 10}, Marathon{3, std::numeric_limits<std::uint32_t>::max()});
    auto game = scripted({}, config, {3}, {"Ana", "Ben"});
    const TurnRecord first = game.play_turn();
    CHECK(first.turns_to_miss ==
          std::vector<TurnToMiss>{{1, "Ben", 0, std::numeric_limits<std::uint32_t>::max()}});
    CHECK(game.state().turns_to_miss == std::vector<std::uint32_t>{0, 4'294'967'294});

    // One more turn on top of a full count is refused, and the state is as it was.
    GameState state({.players = 2, .max_roll = 6});
    state.turns_to_miss = {0, std::numeric_limits<std::uint32_t>::max()};
    const Board<Config> board({}, {.size = 10});
    CHECK_THROWS_WITH(apply_roll(board, state, 3, Marathon{3, 1}),
                      "a house rule tried to give seat 1 1 more turns to miss on top of its "
                      "4294967295, over the 4294967295 a seat can have");
}

namespace issue36 {
// Whoever gets home makes the next seat miss a turn, as the issue wrote it: the seat after the
// mover's, home or not (in a game that ends with the first player home, it never is).
struct HomeJinx {
    [[nodiscard]] static std::string name() { return "HomeJinx"; }
    static void on_land(Landing& landing) {
        if (landing.square() == landing.home()) {
            const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
            landing.miss_turns((landing.seat() + 1) % seats);
        }
    }
    friend bool operator==(const HomeJinx&, const HomeJinx&) = default;
};
} // namespace issue36
using issue36::HomeJinx;

TEST_CASE("regression (issue 36): the playability check plays a rule in the game's own seats, "
          "so a rule that acts on the next seat is not refused") {
    using Config = GameConfig<ExactFinish, RejectChains, HomeJinx>;
    const Config config({.size = 4});
    const Board<Config> board({}, config.settings());
    // The check ran the rule with one seat, where the next seat is the mover's own, home: "tried
    // to give seat 0 a turn to miss, but it is not a seat of the game still playing".
    REQUIRE_NOTHROW(Game(board, FairDice<>(), {"Ana", "Ben", "Cy"}));
    REQUIRE_NOTHROW(simulate(board, FairDice<>(), HomeJinx{}, {.games = 100, .players = 3}));
    REQUIRE(describe_traps(board, FairDice<>(), HomeJinx{}).starts_with("no square is a trap"));
    // Ana rolls 1 (0 to 1), Ben rolls 4: home, the game is over, and Cy is given a turn to miss.
    auto game = scripted({}, config, {1, 4}, {"Ana", "Ben", "Cy"});
    (void)game.play();
    CHECK(game.turns() == 2);
    CHECK(game.positions() == std::vector<Square>{1, 4, 0});
    CHECK(game.status() == GameStatus::finished);
    CHECK(game.winner() == "Ben");
    REQUIRE(game.last_record().has_value());
    CHECK(game.last_record()->turns_to_miss == std::vector<TurnToMiss>{{2, "Cy", 0, 1}});
    CHECK(game.last_record()->missed_after.empty());
}
