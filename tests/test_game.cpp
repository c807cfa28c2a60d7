// The game: scripted games with every record field asserted, rankings, every error with the
// whole state checked unchanged (running out of memory included), observers, determinism and
// replay, and 10,000 seeded games. The threaded tests are in test_game_threads.cpp.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fmt/format.h>
#include <mutex>
#include <new>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

using namespace snakeladder;
using support::blocked;
using support::home;
using support::record;
using support::scripted_classic_records;
using support::snapshot;
using support::Snapshot;

namespace {

// --- Helpers
// --------------------------------------------------------------------------------------

template <class Config>
Board<Config> empty_board(Config config) {
    return Board<Config>(std::vector<Jump>{}, config);
}

using Classic = Game<ScriptedDice, GameConfig<>, NullMutex>;

// The scripted classic game of the first test: a ladder, a plain move, a snake, a blocked
// overshoot and an exact finish.
Classic scripted_classic_game() {
    return Classic(classic(), ScriptedDice{1, 3, 11, 2, 17, 4, 13, 1, 5, 2, 3}, {"Ana", "Ben"});
}

} // namespace

// --- Concepts
// -------------------------------------------------------------------------------------

TEST_CASE("a seat is a std::uint32_t wherever the library names one", "[game][seats]") {
    // Issue 37: seats were std::size_t in records, events, standings and the games' readers, and
    // std::uint32_t in the turn model and the house-rule hooks.
    using Seat = std::uint32_t;
    using DecisionGameType = DecisionGame<FairDice<>>;
    STATIC_REQUIRE(std::is_same_v<decltype(GameState::seat_due), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(GameState::finish_order)::value_type, Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(RollOutcome::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(TurnRecord::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(KnockedBack::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(TurnToMiss::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(MissedTurn::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(PlayerHome::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(TokenSentBack::seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(TokenSentBack::by_seat), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(Standing::seat), Seat>);
    STATIC_REQUIRE(
        std::is_same_v<decltype(std::declval<Game<FairDice<>>&>().current_seat()), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<Game<FairDice<>>&>().seat_of("")), Seat>);
    STATIC_REQUIRE(
        std::is_same_v<decltype(std::declval<DecisionGameType&>().current_seat()), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<DecisionGameType&>().seat_of("")), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<DecisionState&>().seat_due()), Seat>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<Landing&>().seat()), Seat>);
}

TEST_CASE("the mutex policy and the observer concept accept what they should, and only that",
          "[game]") {
    STATIC_REQUIRE(BasicLockable<std::mutex>); // NullMutex: test_null_mutex.cpp
    STATIC_REQUIRE(!BasicLockable<int>);
    STATIC_REQUIRE(!BasicLockable<std::string>);

    const auto any_event = [](const GameEvent&) {};
    const auto one_kind = [](const TurnPlayed&) {};
    const auto generic = [](const auto&) {};
    STATIC_REQUIRE(GameObserver<decltype(any_event)>);
    STATIC_REQUIRE(GameObserver<decltype(one_kind)>);
    STATIC_REQUIRE(GameObserver<decltype(generic)>);
    STATIC_REQUIRE(!GameObserver<int>);
    STATIC_REQUIRE(!GameObserver<void (*)(int)>);
}

// --- Scripted games: every record field
// -----------------------------------------------------------

TEST_CASE("a scripted classic game: ladder, plain move, snake, blocked overshoot, exact finish",
          "[game]") {
    Classic game = scripted_classic_game();
    CHECK(game.status() == GameStatus::not_started);
    CHECK(game.current_player() == "Ana");
    CHECK(game.positions() == std::vector<Square>{0, 0});

    const std::vector<TurnRecord> expected = scripted_classic_records();
    for (const TurnRecord& want : expected) {
        CHECK(game.current_seat() == want.seat);
        const TurnRecord got = game.play_turn();
        CHECK(got == want);
        CHECK(game.position(want.player) == want.end);
        CHECK(game.position(want.seat) == want.end);
        CHECK(game.last_record() == want);
        CHECK(game.turns() == want.turn);
    }
    CHECK(game.records() == expected);
    CHECK(game.status() == GameStatus::finished);
    CHECK(game.winner() == "Ana");
    CHECK(game.ranking() ==
          std::vector<Standing>{{1, 0, "Ana", 100, true}, {2, 1, "Ben", 34, false}});

    const GameResult result = game.result();
    CHECK(result.status == GameStatus::finished);
    CHECK(result.winner == "Ana");
    CHECK(result.turns == 11);
    CHECK(result.ranking == game.ranking());

    // The sentences of the log.
    std::vector<std::string> lines;
    for (const TurnRecord& r : game.records()) {
        lines.push_back(fmt::format("{}", r));
    }
    CHECK(lines == std::vector<std::string>{
                       "Ana rolls 1: 0 to 38 via ladder 1-38",
                       "Ben rolls 3: 0 to 3",
                       "Ana rolls 11: 38 to 11 via snake 49-11",
                       "Ben rolls 2: 3 to 5",
                       "Ana rolls 17: 11 to 84 via ladder 28-84",
                       "Ben rolls 4: 5 to 31 via ladder 9-31",
                       "Ana rolls 13: 84 to 97",
                       "Ben rolls 1: 31 to 32",
                       "Ana rolls 5, needs exactly 3, stays on 97",
                       "Ben rolls 2: 32 to 34",
                       "Ana rolls 3: 97 to 100 and is home (1st)",
                   });
    CHECK(fmt::format("{}", result) ==
          "Ana wins after 11 turns; ranking: 1. Ana (home), 2. Ben (on 34)");
}

TEST_CASE("play() plays a scripted game to the same records as turn by turn", "[game]") {
    Classic game = scripted_classic_game();
    const GameResult result = game.play();
    CHECK(game.records() == scripted_classic_records());
    CHECK(result == game.result());
    CHECK(result.turns == 11);
    CHECK(result.winner == "Ana");
    CHECK(game.dice().remaining() == 0);
}

TEST_CASE("the three overshoot rules from square 97 with a roll of 5", "[game]") {
    // Ana rolls 97 to stand on 97; Ben rolls 1 (to 38, up the ladder); Ana rolls 5.
    const ScriptedDice script{97, 1, 5};
    const std::vector<std::string> players{"Ana", "Ben"};

    SECTION("ExactFinish: the move is forfeited") {
        Game<ScriptedDice, GameConfig<ExactFinish>, NullMutex> game(classic(), script, players);
        game.play_turn();
        game.play_turn();
        const TurnRecord r = game.play_turn();
        CHECK(r == blocked(record(3, 0, "Ana", 5, 97, 97, 97), 3));
        CHECK(fmt::format("{}", r) == "Ana rolls 5, needs exactly 3, stays on 97");
        CHECK(game.status() == GameStatus::in_progress);
    }
    SECTION("BounceBack: to 100 and back to 98, then down the snake to 78") {
        Game<ScriptedDice, GameConfig<BounceBack>, NullMutex> game(
            classic(GameConfig<BounceBack>{}), script, players);
        game.play_turn();
        game.play_turn();
        const TurnRecord r = game.play_turn();
        CHECK(r == record(3, 0, "Ana", 5, 97, 98, 78, {{98, 78}}));
        CHECK(fmt::format("{}", r) == "Ana rolls 5: 97 to 78 via snake 98-78");
        CHECK(game.position("Ana") == 78);
    }
    SECTION("OvershootWins: home") {
        Game<ScriptedDice, GameConfig<OvershootWins>, NullMutex> game(
            classic(GameConfig<OvershootWins>{}), script, players);
        game.play_turn();
        game.play_turn();
        const TurnRecord r = game.play_turn();
        CHECK(r == home(record(3, 0, "Ana", 5, 97, 100, 100), 1));
        CHECK(fmt::format("{}", r) == "Ana rolls 5: 97 to 100 and is home (1st)");
        CHECK(game.winner() == "Ana");
        CHECK(game.status() == GameStatus::finished);
    }
}

TEST_CASE("a chain of jumps is followed to its end under FollowChains only", "[game]") {
    // 3 -> 10 -> 20 -> 15 -> 25: four jumps, one more than a JumpPath holds inline.
    const std::vector<Jump> chain{{3, 10}, {10, 20}, {20, 15}, {15, 25}};

    SECTION("FollowChains: all four jumps in one move") {
        using Config = GameConfig<ExactFinish, FollowChains>;
        const Config config({.size = 30});
        Game<ScriptedDice, Config, NullMutex> game(Board<Config>(chain, config),
                                                   ScriptedDice{3, 1, 5}, {"A", "B"});
        const TurnRecord first = game.play_turn();
        CHECK(first == record(1, 0, "A", 3, 0, 3, 25, {{3, 10}, {10, 20}, {20, 15}, {15, 25}}));
        CHECK(fmt::format("{}", first) == "A rolls 3: 0 to 25 via ladder 3-10 then ladder 10-20 "
                                          "then snake 20-15 then ladder 15-25");
        CHECK(game.play_turn() == record(2, 1, "B", 1, 0, 1, 1));
        CHECK(game.play_turn() == home(record(3, 0, "A", 5, 25, 30, 30), 1));
    }
    SECTION("SingleJump: one jump per landing, even onto another jump's start") {
        using Config = GameConfig<ExactFinish, SingleJump>;
        const Config config({.size = 30});
        Game<ScriptedDice, Config, NullMutex> game(Board<Config>(chain, config),
                                                   ScriptedDice{3, 1, 10, 1, 15}, {"A", "B"});
        CHECK(game.play_turn() == record(1, 0, "A", 3, 0, 3, 10, {{3, 10}}));
        CHECK(game.play_turn() == record(2, 1, "B", 1, 0, 1, 1));
        // From 10 (where a ladder starts; A rests there) a roll of 10 lands on 20: one snake.
        CHECK(game.play_turn() == record(3, 0, "A", 10, 10, 20, 15, {{20, 15}}));
        CHECK(game.play_turn() == record(4, 1, "B", 1, 1, 2, 2));
        CHECK(game.play_turn() == home(record(5, 0, "A", 15, 15, 30, 30), 1));
    }
    SECTION("RejectChains: such a board never reaches a game") {
        REQUIRE_THROWS_AS(Board<GameConfig<>>(chain, GameConfig<>({.size = 30})), InvalidBoard);
    }
}

TEST_CASE("a blocked move takes no jump, even from a square where a jump starts", "[game]") {
    // Under SingleJump a token can rest where a jump starts: 2 -> 8 (ladder), then rest on 8,
    // where the snake 8 -> 4 starts. From 8 a roll of 5 overshoots 10: blocked, no snake.
    using Config = GameConfig<ExactFinish, SingleJump>;
    const Config config({.size = 10});
    Game<ScriptedDice, Config, NullMutex> game(
        Board<Config>(std::vector<Jump>{{2, 8}, {8, 4}}, config), ScriptedDice{2, 1, 5},
        {"A", "B"});
    CHECK(game.play_turn() == record(1, 0, "A", 2, 0, 2, 8, {{2, 8}}));
    CHECK(game.play_turn() == record(2, 1, "B", 1, 0, 1, 1));
    CHECK(game.play_turn() == blocked(record(3, 0, "A", 5, 8, 8, 8), 2));
    CHECK(game.position("A") == 8);
}

TEST_CASE("every move of a scripted game on a small board is the one worked out by hand, under "
          "each overshoot and chain rule",
          "[game]") {
    // Plays the game's turns one by one: each record must be the expected one, field by field.
    const auto check_turns = [](auto game, const std::vector<TurnRecord>& expected,
                                GameStatus status) {
        for (const TurnRecord& want : expected) {
            INFO("turn " << want.turn << ": " << want.player << " rolls " << want.roll);
            const TurnRecord got = game.play_turn();
            CHECK(got.start == want.start);
            CHECK(got.roll == want.roll);
            CHECK(got.landed == want.landed);
            CHECK(got.jumps == want.jumps);
            CHECK(got.end == want.end);
            CHECK(got == want); // and the rest: seat, player, blocked, needed, home, place
        }
        CHECK(game.status() == status);
        CHECK(game.dice().remaining() == 0);
    };
    const std::vector<std::string> players{"A", "B"};
    // Twelve squares, a ladder 3 -> 8 and a snake 10 -> 5. Turns 1, 2 and 4 are the same under
    // every overshoot rule; turn 3, 8 + 6 = 14, is two past home.
    const std::vector<Jump> jumps{{3, 8}, {10, 5}};
    const ScriptedDice script{3, 4, 6, 6, 4};
    SECTION("ExactFinish") {
        using Config = GameConfig<ExactFinish>;
        check_turns(Game<ScriptedDice, Config, NullMutex>(
                        Board<Config>(jumps, Config({.size = 12})), script, players),
                    {
                        record(1, 0, "A", 3, 0, 3, 8, {{3, 8}}),   // 0 + 3 = 3, ladder to 8
                        record(2, 1, "B", 4, 0, 4, 4),             // 0 + 4 = 4
                        blocked(record(3, 0, "A", 6, 8, 8, 8), 4), // 14 > 12: stays, needs 4
                        record(4, 1, "B", 6, 4, 10, 5, {{10, 5}}), // 4 + 6 = 10, snake to 5
                        home(record(5, 0, "A", 4, 8, 12, 12), 1),  // 8 + 4 = 12, exactly home
                    },
                    GameStatus::finished);
    }
    SECTION("BounceBack") {
        using Config = GameConfig<BounceBack>;
        check_turns(Game<ScriptedDice, Config, NullMutex>(
                        Board<Config>(jumps, Config({.size = 12})), script, players),
                    {
                        record(1, 0, "A", 3, 0, 3, 8, {{3, 8}}), record(2, 1, "B", 4, 0, 4, 4),
                        record(3, 0, "A", 6, 8, 10, 5, {{10, 5}}), // 14: back 2 to 10, snake to 5
                        record(4, 1, "B", 6, 4, 10, 5, {{10, 5}}), // 4 + 6 = 10, snake to 5
                        record(5, 0, "A", 4, 5, 9, 9),             // 5 + 4 = 9
                    },
                    GameStatus::in_progress);
    }
    SECTION("OvershootWins") {
        using Config = GameConfig<OvershootWins>;
        check_turns(Game<ScriptedDice, Config, NullMutex>(
                        Board<Config>(jumps, Config({.size = 12})), ScriptedDice{3, 4, 6}, players),
                    {
                        record(1, 0, "A", 3, 0, 3, 8, {{3, 8}}), record(2, 1, "B", 4, 0, 4, 4),
                        home(record(3, 0, "A", 6, 8, 12, 12), 1), // 14 counts as home: A wins
                    },
                    GameStatus::finished);
    }
    // Twelve squares, a chain of ladders 2 -> 6 -> 11 and a snake 5 -> 1.
    const std::vector<Jump> chain{{2, 6}, {6, 11}, {5, 1}};
    SECTION("FollowChains, BounceBack") {
        using Config = GameConfig<BounceBack, FollowChains>;
        check_turns(
            Game<ScriptedDice, Config, NullMutex>(Board<Config>(chain, Config({.size = 12})),
                                                  ScriptedDice{2, 1, 3, 4, 2}, players),
            {
                record(1, 0, "A", 2, 0, 2, 11, {{2, 6}, {6, 11}}), // 2, up to 6, up to 11
                record(2, 1, "B", 1, 0, 1, 1),                     // 0 + 1 = 1
                record(3, 0, "A", 3, 11, 10, 10),                  // 14: back 2 to 10, no jump
                record(4, 1, "B", 4, 1, 5, 1, {{5, 1}}),           // 1 + 4 = 5, snake to 1
                home(record(5, 0, "A", 2, 10, 12, 12), 1),         // 10 + 2 = 12
            },
            GameStatus::finished);
    }
    SECTION("SingleJump, ExactFinish") {
        using Config = GameConfig<ExactFinish, SingleJump>;
        check_turns(
            Game<ScriptedDice, Config, NullMutex>(Board<Config>(chain, Config({.size = 12})),
                                                  ScriptedDice{2, 1, 3, 4, 5, 2, 3}, players),
            {
                record(1, 0, "A", 2, 0, 2, 6, {{2, 6}}),   // 2, up to 6 only: one jump
                record(2, 1, "B", 1, 0, 1, 1),             // 0 + 1 = 1
                record(3, 0, "A", 3, 6, 9, 9),             // from 6 (a ladder's foot): 9
                record(4, 1, "B", 4, 1, 5, 1, {{5, 1}}),   // 1 + 4 = 5, snake to 1
                blocked(record(5, 0, "A", 5, 9, 9, 9), 3), // 14 > 12: stays, needs 3
                record(6, 1, "B", 2, 1, 3, 3),             // 1 + 2 = 3
                home(record(7, 0, "A", 3, 9, 12, 12), 1),  // 9 + 3 = 12, exactly home
            },
            GameStatus::finished);
    }
}

// --- Rankings
// -------------------------------------------------------------------------------------

TEST_CASE("play_to_last: the game goes on, skipping players home, until one is left", "[game]") {
    using Config = GameConfig<ExactFinish>;
    const Config config({.size = 10, .play_to_last = true});
    Game<ScriptedDice, Config, NullMutex> game(
        empty_board(config), ScriptedDice{2, 10, 1, 3, 8, 4, 9, 5}, {"Ana", "Ben", "Cy", "Dee"});
    const std::vector<TurnRecord> expected{
        record(1, 0, "Ana", 2, 0, 2, 2),
        home(record(2, 1, "Ben", 10, 0, 10, 10), 1),
        record(3, 2, "Cy", 1, 0, 1, 1),
        record(4, 3, "Dee", 3, 0, 3, 3),
        home(record(5, 0, "Ana", 8, 2, 10, 10), 2),
        record(6, 2, "Cy", 4, 1, 5, 5),              // Ben is skipped
        blocked(record(7, 3, "Dee", 9, 3, 3, 3), 7), // 3 + 9 passes 10
        home(record(8, 2, "Cy", 5, 5, 10, 10), 3),   // Ana and Ben are skipped
    };
    for (const TurnRecord& want : expected) {
        CHECK(game.status() != GameStatus::finished);
        CHECK(game.current_player() == want.player);
        CHECK(game.play_turn() == want);
        if (want.turn == 2) {
            CHECK(game.winner() == "Ben"); // the first home wins, and the game goes on
            CHECK(game.status() == GameStatus::in_progress);
        }
    }
    CHECK(game.status() == GameStatus::finished);
    CHECK(game.winner() == "Ben");
    CHECK(game.ranking() == std::vector<Standing>{{1, 1, "Ben", 10, true},
                                                  {2, 0, "Ana", 10, true},
                                                  {3, 2, "Cy", 10, true},
                                                  {4, 3, "Dee", 3, false}});
    CHECK(fmt::format("{}", game.result()) ==
          "Ben wins after 8 turns; ranking: 1. Ben (home), 2. Ana (home), 3. Cy (home), "
          "4. Dee (on 3)");
    CHECK(message_of<GameOver>([&] { game.play_turn(); }) ==
          "the game is over after 8 turns: Ben won and only Dee is left");
}

TEST_CASE("without play_to_last the first home ends the game; the rest rank by square, then seat",
          "[game]") {
    using Config = GameConfig<ExactFinish>;
    const Config config({.size = 10});
    SECTION("a tie on a square goes to the lower seat") {
        Game<ScriptedDice, Config, NullMutex> game(empty_board(config), ScriptedDice{3, 5, 5, 7, 1},
                                                   {"Ana", "Ben", "Cy"});
        CHECK(game.play().winner == "Ana");
        CHECK(game.ranking() == std::vector<Standing>{{1, 0, "Ana", 10, true},
                                                      {2, 1, "Ben", 5, false},
                                                      {3, 2, "Cy", 5, false}});
    }
    SECTION("a higher square ranks first, whatever the seat") {
        Game<ScriptedDice, Config, NullMutex> game(empty_board(config), ScriptedDice{3, 2, 5, 7, 1},
                                                   {"Ana", "Ben", "Cy"});
        game.play();
        CHECK(game.ranking() == std::vector<Standing>{{1, 0, "Ana", 10, true},
                                                      {2, 2, "Cy", 5, false},
                                                      {3, 1, "Ben", 2, false}});
        CHECK(game.turns() == 4);
    }
    SECTION("before anyone is home, the ranking is by square") {
        Game<ScriptedDice, Config, NullMutex> game(empty_board(config), ScriptedDice{3, 4, 1},
                                                   {"Ana", "Ben", "Cy"});
        CHECK(game.ranking() == std::vector<Standing>{{1, 0, "Ana", 0, false},
                                                      {2, 1, "Ben", 0, false},
                                                      {3, 2, "Cy", 0, false}});
        game.play_turn();
        game.play_turn();
        game.play_turn();
        CHECK(game.ranking() == std::vector<Standing>{{1, 1, "Ben", 4, false},
                                                      {2, 0, "Ana", 3, false},
                                                      {3, 2, "Cy", 1, false}});
        CHECK(game.winner() == std::nullopt);
        CHECK(fmt::format("{}", game.result()) ==
              "in progress after 3 turns; ranking: 1. Ben (on 4), 2. Ana (on 3), 3. Cy (on 1)");
    }
}

TEST_CASE("a one-player game, where the configuration allows it", "[game]") {
    using Config = GameConfig<ExactFinish>;
    const Config config({.size = 10, .min_players = 1});
    Game<ScriptedDice, Config, NullMutex> game(empty_board(config), ScriptedDice{4, 7, 6, 1},
                                               {"Solo"});
    CHECK(game.play_turn() == record(1, 0, "Solo", 4, 0, 4, 4));
    CHECK(game.play_turn() == blocked(record(2, 0, "Solo", 7, 4, 4, 4), 6));
    CHECK(game.play_turn() == home(record(3, 0, "Solo", 6, 4, 10, 10), 1));
    CHECK(game.status() == GameStatus::finished);
    CHECK(game.winner() == "Solo");
}

// --- Refused games
// --------------------------------------------------------------------------------

TEST_CASE("a game refuses a player list outside the rules, naming what is wrong", "[game]") {
    const auto make = [](std::vector<std::string> players) {
        return Game<ScriptedDice>(classic(), ScriptedDice{1, 6}, std::move(players));
    };
    CHECK(message_of<InvalidPlayers>([&] { make({"Ana"}); }) ==
          "this game needs 2 to 8 players, got 1");
    CHECK(message_of<InvalidPlayers>([&] { make({}); }) == "this game needs 2 to 8 players, got 0");
    CHECK(message_of<InvalidPlayers>([&] {
              make({"a", "b", "c", "d", "e", "f", "g", "h", "i"});
          }) == "this game needs 2 to 8 players, got 9");
    CHECK(message_of<InvalidPlayers>([&] {
              make({"Ana", ""});
          }) == "player 2 (seat 1) has an empty name; every player needs a name");
    CHECK(message_of<InvalidPlayers>([&] {
              make({"Ana", "Ben", "Cy", "Ben"});
          }) ==
          "two players are called \"Ben\" (seats 1 and 3); every player needs a different name");

    using Config = GameConfig<ExactFinish>;
    const Config three({.min_players = 3, .max_players = 3});
    CHECK(message_of<InvalidPlayers>([&] {
              Game<ScriptedDice, Config>(classic(three), ScriptedDice{1}, {"Ana", "Ben"});
          }) == "this game needs exactly 3 players, got 2");
    CHECK_NOTHROW(Game<ScriptedDice, Config>(classic(three), ScriptedDice{1, 6}, {"A", "B", "C"}));
}

TEST_CASE("a game refuses a board and dice from which home cannot be reached", "[game]") {
    using Config = GameConfig<ExactFinish>;

    SECTION("from the start: even rolls onto an odd last square") {
        const Config config({.size = 9});
        CHECK(message_of<InvalidConfig>([&] {
                  Game<LoadedDice<>, Config>(empty_board(config), LoadedDice<>({0, 1, 0, 1, 0, 1}),
                                             {"A", "B"});
              }) == "home (square 9) can never be reached from the start with rolls of 2, 4, 6 "
                    "under ExactFinish");
    }
    SECTION("from squares a token can reach, though home can be reached too") {
        // Rolls of 2 and 4 on 10 squares, and a ladder 4 -> 7: from 7 and 9 only odd squares,
        // and home is even.
        const Config config({.size = 10});
        const Board<Config> board(std::vector<Jump>{{4, 7}}, config);
        CHECK(message_of<InvalidConfig>([&] {
                  Game<LoadedDice<>, Config>(board, LoadedDice<>({0, 1, 0, 1}), {"A", "B"});
              }) == "with rolls of 2, 4 under ExactFinish, a token can reach squares 7, 9 but can "
                    "never get home (square 10) from there, so the game might never end");
        // Where a roll past home wins, those squares are no trap.
        using Wins = GameConfig<OvershootWins>;
        CHECK_NOTHROW(
            Game<LoadedDice<>, Wins>(Board<Wins>(std::vector<Jump>{{4, 7}}, Wins({.size = 10})),
                                     LoadedDice<>({0, 1, 0, 1}), {"A", "B"}));
    }
    SECTION("scripted dice are not checked: they run out instead of spinning forever") {
        // Only sixes could never finish the classic board under the exact finish, but a script
        // ends in DiceExhausted, so a test may script exactly the rolls it wants.
        Game<ScriptedDice> game(classic(), ScriptedDice{6, 6, 6}, {"A", "B"});
        game.play_turn();
        game.play_turn();
        game.play_turn();
        CHECK(game.position("A") == 12);
        CHECK(game.position("B") == 6);
        CHECK_THROWS_AS(game.play_turn(), DiceExhausted);
        CHECK(game.position("B") == 6);
        CHECK(game.turns() == 3);
        CHECK_NOTHROW(Game<ScriptedDice>(classic(), ScriptedDice{}, {"A", "B"}));
    }
    SECTION("dice larger than the board are checked without listing every roll") {
        // Rolls 1..1,000,000 on 100 squares: any roll above 200 behaves as 200 does.
        CHECK_NOTHROW(Game<FairDice<>>(classic(), FairDice<>({.sides = 1'000'000}), {"A", "B"}));
        CHECK_NOTHROW(Game<FairDice<>, GameConfig<BounceBack>>(
            classic(GameConfig<BounceBack>{}), FairDice<>({.sides = 1'000'000}), {"A", "B"}));
    }
}

// --- Errors leave everything as it was
// ------------------------------------------------------------

TEST_CASE("out of turn, an unknown player, exhausted dice: nothing changes", "[game]") {
    Classic game(classic(), ScriptedDice{1, 3, 11}, {"Ana", "Ben"});
    game.play_turn();
    const Snapshot before = snapshot(game);
    const std::size_t used = game.dice().used();

    CHECK(message_of<NotYourTurn>([&] { game.take_turn("Ana"); }) == "it is Ben's turn, not Ana's");
    CHECK(snapshot(game) == before);
    CHECK(message_of<InvalidPlayers>([&] { game.take_turn("Zed"); }) ==
          "there is no player called \"Zed\" in this game (players: Ana, Ben)");
    CHECK(snapshot(game) == before);
    CHECK(game.dice().used() == used);

    CHECK(game.take_turn("Ben") == record(2, 1, "Ben", 3, 0, 3, 3));
    CHECK(game.take_turn("Ana") == record(3, 0, "Ana", 11, 38, 49, 11, {{49, 11}}));

    const Snapshot exhausted = snapshot(game);
    CHECK(message_of<DiceExhausted>([&] { game.play_turn(); }) ==
          "ScriptedDice: all 3 scripted rolls have been used");
    CHECK(snapshot(game) == exhausted);
    CHECK_THROWS_AS(game.take_turn("Ben"), DiceExhausted);
    CHECK_THROWS_AS(game.play(), DiceExhausted);
    CHECK(snapshot(game) == exhausted);
    CHECK(game.dice().used() == 3);
}

TEST_CASE("play() stops where the dice run out; the turns before stand", "[game]") {
    Classic game(classic(), ScriptedDice{1, 3, 11, 2}, {"Ana", "Ben"});
    CHECK_THROWS_AS(game.play(), DiceExhausted);
    CHECK(game.turns() == 4);
    const std::vector<TurnRecord> all = scripted_classic_records();
    CHECK(game.records() == std::vector<TurnRecord>(all.begin(), all.begin() + 4));
    CHECK(game.current_player() == "Ana");
}

TEST_CASE("after the end: GameOver from every move, and nothing changes", "[game]") {
    Classic game = scripted_classic_game();
    game.play();
    const Snapshot before = snapshot(game);
    const std::string over = "the game is over after 11 turns: Ana won";
    CHECK(message_of<GameOver>([&] { game.play_turn(); }) == over);
    CHECK(message_of<GameOver>([&] { game.take_turn("Ben"); }) == over);
    CHECK(message_of<GameOver>([&] { game.play(); }) == over);
    CHECK(message_of<GameOver>([&] { (void)game.current_player(); }) == over);
    CHECK_THROWS_AS(game.current_seat(), GameOver);
    CHECK(snapshot(game) == before);
}

TEST_CASE("dice that practically never finish stop at the turn limit, every turn kept",
          "[game][turn_limit]") {
    // A die of INT_MAX faces on the classic board: every roll above 100 is forfeited under
    // ExactFinish, so a token moves about once in 21 million rolls. The game is accepted (a roll
    // of what is left takes a token home from anywhere), and the turn limit ends it.
    const auto dice = FairDice<>::seeded(1, {.sides = INT_MAX});
    SECTION("the default is default_turn_limit") {
        const Game game(classic(), dice, {"a", "b"});
        CHECK(game.config().turn_limit() == default_turn_limit);
        CHECK(default_turn_limit == 4'194'304);
    }
    SECTION("a small limit: exactly that many turns, then TurnLimitReached") {
        Game game(classic(GameConfig<>({.turn_limit = 1000})), dice, {"a", "b"});
        const GameResult result = game.play();
        CHECK(result.status == GameStatus::turn_limit_reached);
        CHECK(result.turns == 1000);
        CHECK(result.winner == std::nullopt);
        CHECK(game.records().size() == 1000);
        CHECK(game.position("a") == 0);
        CHECK(game.position("b") == 0);
        CHECK(message_of<TurnLimitReached>([&] { game.play_turn(); }) ==
              "the game has reached its turn limit of 1000 turns without a winner");
        CHECK(game.turns() == 1000);
    }
}

TEST_CASE("the turn limit: TurnLimitReached, and play() reports where it stopped", "[game]") {
    using Config = GameConfig<ExactFinish>;
    const Config config({.turn_limit = 3});
    const std::vector<std::string> players{"Ana", "Ben"};

    SECTION("turn by turn") {
        Game<ScriptedDice, Config, NullMutex> game(classic(config), ScriptedDice{1, 1, 1, 6},
                                                   players);
        game.play_turn();
        game.play_turn();
        CHECK(game.status() == GameStatus::in_progress);
        CHECK(game.play_turn() == record(3, 0, "Ana", 1, 38, 39, 39));
        CHECK(game.status() == GameStatus::turn_limit_reached);
        const Snapshot before = snapshot(game);
        CHECK(message_of<TurnLimitReached>([&] { game.play_turn(); }) ==
              "the game has reached its turn limit of 3 turns without a winner");
        CHECK_THROWS_AS(game.take_turn("Ben"), TurnLimitReached);
        CHECK_THROWS_AS(game.play(), TurnLimitReached);
        CHECK(snapshot(game) == before);
        CHECK(game.dice().used() == 3);
    }
    SECTION("play()") {
        Game<ScriptedDice, Config, NullMutex> game(classic(config), ScriptedDice{1, 1, 1, 6},
                                                   players);
        const GameResult result = game.play();
        CHECK(result.status == GameStatus::turn_limit_reached);
        CHECK(result.turns == 3);
        CHECK(result.winner == std::nullopt);
        CHECK(fmt::format("{}", result) == "no winner: stopped at the turn limit after 3 turns; "
                                           "ranking: 1. Ana (on 39), 2. Ben (on 38)");
    }
    SECTION("play_to_last stopped by the limit after a winner") {
        const Config limited({.size = 10, .play_to_last = true, .turn_limit = 2});
        Game<ScriptedDice, Config, NullMutex> game(empty_board(limited), ScriptedDice{10, 1, 1},
                                                   {"Ana", "Ben", "Cy"});
        const GameResult result = game.play();
        CHECK(result.status == GameStatus::turn_limit_reached);
        CHECK(result.winner == "Ana");
        CHECK(fmt::format("{}", result) ==
              "Ana wins; play stopped at the turn limit after 2 turns; ranking: 1. Ana (home), "
              "2. Ben (on 1), 3. Cy (on 0)");
        CHECK(message_of<TurnLimitReached>([&] { game.play_turn(); }) ==
              "the game has reached its turn limit of 2 turns");
    }
}

TEST_CASE("reading a seat or a player that is not there", "[game]") {
    Classic game = scripted_classic_game();
    CHECK(message_of<InvalidPlayers>([&] { (void)game.position(std::size_t{2}); }) ==
          "there is no seat 2: the game has 2 players (seats 0 to 1)");
    CHECK(message_of<InvalidPlayers>([&] { (void)game.position("ana"); }) ==
          "there is no player called \"ana\" in this game (players: Ana, Ben)");
    CHECK(game.seat_of("Ben") == 1);
    CHECK(game.players() == std::vector<std::string>{"Ana", "Ben"});
}

namespace {
// Dice that break their contract: they roll 0. Copyable, without unroll() or engine(), so the
// game checkpoints them by copying.
struct ZeroDice {
    int rolled = 0;
    int roll() {
        ++rolled;
        return 0;
    }
    [[nodiscard]] int min_roll() const { return 1; }
    [[nodiscard]] int max_roll() const { return 6; }
};
} // namespace

TEST_CASE("dice that roll below 1 are refused, and play_turn puts them back", "[game]") {
    Game<ZeroDice, GameConfig<>, NullMutex> game(classic(), ZeroDice{}, {"A", "B"});
    const Snapshot before = snapshot(game);
    CHECK(message_of<InvalidConfig>([&] { game.play_turn(); }) ==
          "the dice rolled 0, but a roll must be at least 1");
    CHECK(snapshot(game) == before);
    CHECK(game.dice().rolled == 0);
    // play() does not checkpoint unobserved turns: the game is unchanged, the dice have rolled.
    CHECK_THROWS_AS(game.play(), InvalidConfig);
    CHECK(snapshot(game) == before);
}

// --- Observers
// ------------------------------------------------------------------------------------

TEST_CASE("observers get every event once, in order, after the state has changed", "[game]") {
    Game<ScriptedDice> game(classic(), ScriptedDice{1, 3, 11, 2, 17, 4, 13, 1, 5, 2, 3},
                            {"Ana", "Ben"});
    std::vector<GameEvent> events;
    std::vector<std::string> problems;
    const Subscription all = game.subscribe([&](const GameEvent& event) {
        events.push_back(event);
        if (const auto* played = std::get_if<TurnPlayed>(&event)) {
            // The turn is already in the game, which can be read from here without deadlock.
            const TurnRecord& r = played->record;
            if (game.position(r.player) != r.end || game.turns() != r.turn ||
                game.records().back() != r || game.last_record() != r) {
                problems.push_back(fmt::format("turn {} not yet in the game", r.turn));
            }
        }
    });
    std::vector<int> places;
    const Subscription homes =
        game.subscribe([&](const PlayerHome& event) { places.push_back(event.place); });

    const GameResult result = game.play();
    CHECK(problems.empty());
    CHECK(places == std::vector<int>{1});

    std::vector<GameEvent> expected{GameStarted{{"Ana", "Ben"}}};
    for (const TurnRecord& r : game.records()) {
        expected.emplace_back(TurnPlayed{r});
    }
    expected.emplace_back(PlayerHome{11, 0, "Ana", 1});
    expected.emplace_back(GameEnded{result});
    CHECK(events == expected);
    CHECK(result.status == GameStatus::finished);
}

TEST_CASE("a subscription ends when its handle goes, even after its game", "[game]") {
    std::vector<std::uint64_t> turns;
    auto game = std::make_unique<Game<ScriptedDice>>(classic(), ScriptedDice{1, 3, 11, 2, 17},
                                                     std::vector<std::string>{"Ana", "Ben"});
    Subscription subscription =
        game->subscribe([&](const TurnPlayed& e) { turns.push_back(e.record.turn); });
    CHECK(subscription.active());
    game->play_turn();
    {
        Subscription moved = std::move(subscription);
        CHECK_FALSE(subscription.active()); // NOLINT(bugprone-use-after-move): moved-from is empty
        CHECK(moved.active());
        game->play_turn();
    } // `moved` unsubscribes here
    game->play_turn();
    CHECK(turns == std::vector<std::uint64_t>{1, 2});

    Subscription outliving = game->subscribe([&](const TurnPlayed&) { turns.push_back(0); });
    game.reset();
    CHECK_FALSE(outliving.active());
    outliving.reset(); // the game is gone: nothing to do, nothing to crash
    CHECK_FALSE(outliving.active());
}

TEST_CASE("an observer that throws: the turn stands, the others still hear, the caller learns",
          "[game]") {
    Game<ScriptedDice> game(classic(), ScriptedDice{1, 3, 11}, {"Ana", "Ben"});
    std::vector<std::uint64_t> heard;
    const Subscription first = game.subscribe([](const TurnPlayed& e) {
        if (e.record.turn == 2) {
            throw std::runtime_error("first observer failed on turn 2");
        }
    });
    const Subscription second = game.subscribe([](const TurnPlayed& e) {
        if (e.record.turn == 2) {
            throw std::logic_error("second observer failed on turn 2");
        }
    });
    const Subscription third =
        game.subscribe([&](const TurnPlayed& e) { heard.push_back(e.record.turn); });

    game.play_turn();
    // The first exception comes out of the call that played the turn, after every observer.
    CHECK(message_of<std::runtime_error>([&] { game.play_turn(); }) ==
          "first observer failed on turn 2");
    CHECK(heard == std::vector<std::uint64_t>{1, 2});
    CHECK(game.turns() == 2);
    CHECK(game.position("Ben") == 3);
    CHECK(game.current_player() == "Ana");
    game.play_turn();
    CHECK(heard == std::vector<std::uint64_t>{1, 2, 3});
}

TEST_CASE("observers may unsubscribe, subscribe and play turns from inside an event", "[game]") {
    Game<ScriptedDice> game(classic(), ScriptedDice{1, 3, 11, 2, 17, 4}, {"Ana", "Ben"});
    std::vector<std::string> log;
    Subscription once;
    once = game.subscribe([&](const TurnPlayed& e) {
        log.push_back(fmt::format("once {}", e.record.turn));
        once.reset(); // unsubscribes itself while being called
    });
    Subscription late;
    const Subscription recruiter = game.subscribe([&](const TurnPlayed& e) {
        log.push_back(fmt::format("recruiter {}", e.record.turn));
        if (e.record.turn == 1) {
            // Subscribed during turn 1's delivery: starts with the next event.
            late = game.subscribe(
                [&](const TurnPlayed& t) { log.push_back(fmt::format("late {}", t.record.turn)); });
        }
        if (e.record.turn == 2) {
            // Ben answers Ana at once: his turn's events follow the current ones.
            game.take_turn("Ana");
        }
    });
    game.play_turn();
    game.play_turn();
    CHECK(game.turns() == 3);
    CHECK(log == std::vector<std::string>{"once 1", "recruiter 1", "recruiter 2", "late 2",
                                          "recruiter 3", "late 3"});
}

TEST_CASE("GameEnded also reports a game stopped by its turn limit", "[game]") {
    using Config = GameConfig<ExactFinish>;
    Game<ScriptedDice, Config> game(classic(Config({.turn_limit = 2})), ScriptedDice{2, 3, 1},
                                    {"Ana", "Ben"});
    std::vector<GameResult> ends;
    const Subscription s = game.subscribe([&](const GameEnded& e) { ends.push_back(e.result); });
    game.play();
    REQUIRE(ends.size() == 1);
    CHECK(ends.front().status == GameStatus::turn_limit_reached);
    CHECK(ends.front() == game.result());
}

// --- Determinism
// ----------------------------------------------------------------------------------

TEST_CASE("a seeded game replays identically, and its records rebuild it exactly", "[game]") {
    const auto seeded = [](std::uint64_t seed) {
        using Config = GameConfig<BounceBack>;
        return Game<FairDice<>, Config, NullMutex>(classic(Config({.play_to_last = true})),
                                                   FairDice<>::seeded(seed),
                                                   {"Ana", "Ben", "Cy", "Dee"});
    };
    for (const std::uint64_t seed : {1U, 7U, 2024U}) {
        auto first = seeded(seed);
        auto second = seeded(seed);
        const GameResult result = first.play();
        CHECK(second.play() == result);
        const std::vector<TurnRecord> records = first.records();
        CHECK(second.records() == records);

        std::vector<int> rolls;
        rolls.reserve(records.size());
        for (const TurnRecord& r : records) {
            rolls.push_back(r.roll);
        }
        using Config = GameConfig<BounceBack>;
        Game<ScriptedDice, Config, NullMutex> rebuilt(classic(Config({.play_to_last = true})),
                                                      ScriptedDice(rolls),
                                                      {"Ana", "Ben", "Cy", "Dee"});
        CHECK(rebuilt.play() == result);
        CHECK(rebuilt.records() == records);
    }
}

TEST_CASE("10,000 seeded four-player classic games all end on square 100 with one winner",
          "[game]") {
    std::uint64_t turns = 0;
    for (std::uint64_t seed = 0; seed < 10'000; ++seed) {
        Game<FairDice<>, GameConfig<>, NullMutex> game(classic(), FairDice<>::seeded(seed),
                                                       {"Ana", "Ben", "Cy", "Dee"});
        const GameResult result = game.play();
        REQUIRE(result.status == GameStatus::finished);
        REQUIRE(result.winner.has_value());
        const std::vector<Square> positions = game.positions();
        REQUIRE(std::count(positions.begin(), positions.end(), 100) == 1);
        REQUIRE(game.position(*result.winner) == 100);
        const std::optional<TurnRecord> last = game.last_record();
        REQUIRE(last.has_value());
        REQUIRE(last->player == *result.winner);
        REQUIRE(last->home);
        REQUIRE(last->place == 1);
        REQUIRE(result.ranking.front().player == *result.winner);
        REQUIRE(result.turns == game.turns());
        turns += result.turns;
    }
    // The shortest possible game is 7 turns for the winner, so 25 turns for four players.
    CHECK(turns >= std::uint64_t{10'000} * 25);
}

// --- Formatting
// -----------------------------------------------------------------------------------

TEST_CASE("ordinals and result lines", "[game]") {
    CHECK(ordinal(1) == "1st");
    CHECK(ordinal(2) == "2nd");
    CHECK(ordinal(3) == "3rd");
    CHECK(ordinal(4) == "4th");
    CHECK(ordinal(11) == "11th");
    CHECK(ordinal(12) == "12th");
    CHECK(ordinal(13) == "13th");
    CHECK(ordinal(21) == "21st");
    CHECK(ordinal(22) == "22nd");
    CHECK(ordinal(23) == "23rd");
    CHECK(ordinal(101) == "101st");
    CHECK(ordinal(111) == "111th");
    CHECK(ordinal(112) == "112th");

    CHECK(fmt::format("{}", GameResult{}) == "not started");
    CHECK(fmt::format("{}", GameStatus::turn_limit_reached) == "turn limit reached");
    CHECK(fmt::format("{}", home(record(1, 2, "Cy", 4, 96, 100, 100), 2)) ==
          "Cy rolls 4: 96 to 100 and is home (2nd)");
    CHECK(fmt::format("{}", home(record(9, 0, "Ana", 2, 78, 80, 100, {{80, 100}}), 1)) ==
          "Ana rolls 2: 78 to 100 via ladder 80-100 and is home (1st)");
    CHECK(fmt::format("{}", Standing{3, 1, "Ben", 0, false}) == "3. Ben (on 0)");
}

TEST_CASE("the players of a temporary game are a copy, so a loop over them cannot dangle",
          "[game][api]") {
    const auto make = [] { return Game(classic(), ScriptedDice{1}, {"Ana", "Ben", "Cy"}); };
    const auto game = make();
    STATIC_REQUIRE(std::is_same_v<decltype(game.players()), const std::vector<std::string>&>);
    STATIC_REQUIRE(std::is_same_v<decltype(make().players()), std::vector<std::string>>);
    std::string names;
    for (const std::string& name : make().players()) {
        names += name + ";";
    }
    CHECK(names == "Ana;Ben;Cy;");
    // House rules with lists: the same.
    STATIC_REQUIRE(std::is_same_v<decltype(StartingRolls{1, 6}.rolls()), std::vector<int>>);
    std::vector<int> rolls;
    for (const int roll : StartingRolls{6, 1, 6}.rolls()) {
        rolls.push_back(roll);
    }
    CHECK(rolls == std::vector<int>{1, 6}); // sorted, without the repeat
    STATIC_REQUIRE(
        std::is_same_v<decltype(MissTurnSquares{20, 45}.squares()), std::vector<Square>>);
    std::vector<Square> squares;
    for (const Square square : MissTurnSquares{45, 20}.squares()) {
        squares.push_back(square);
    }
    CHECK(squares == std::vector<Square>{20, 45});
}
