// A test suite as a game's developers would write it: the dice are scripted, so every turn of
// the game is known, and each record is asserted whole. With <snakeladder/catch2.hpp>, a record
// that differs prints as a sentence:
//
//     REQUIRE( game.records()[8] == home )
//     with expansion:
//       Ana rolls 5, needs exactly 4, stays on 16
//       ==
//       Ana rolls 5: 16 to 20 and is home (1st)
//
// Built by the project's tests as snakeladder-scripted-game-test (ctest runs it); link your own
// copy with Catch2::Catch2WithMain and snakeladder::snakeladder.
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp> // Catch2 3
#else
#include <catch2/catch.hpp> // Catch2 2
#endif

#include <snakeladder/catch2.hpp>
#include <snakeladder/snakeladder.hpp>
#include <vector>

using namespace snakeladder;

namespace {

// Twenty squares, a ladder 3-11 and a snake 17-4; exact finish (the default rule).
Board<> small_board() {
    return Board<>({{3, 11}, {17, 4}}, GameConfig<>({.size = 20}));
}

// A turn without jumps, or with the jumps given.
TurnRecord turn(std::uint64_t number, std::uint32_t seat, const char* player, int roll,
                Square start, Square end, const JumpPath& jumps = {}) {
    TurnRecord record;
    record.turn = number;
    record.seat = seat;
    record.player = player;
    record.jumps = jumps;
    record.roll = roll;
    record.start = start;
    record.landed = jumps.empty() ? end : jumps.front().start; // where the roll put the token
    record.end = end;
    return record;
}

} // namespace

TEST_CASE("a scripted game, every turn asserted") {
    Game game(small_board(), ScriptedDice{3, 5, 6, 6, 6, 6, 6, 2, 5, 5, 4}, {"Ana", "Ben"});
    const GameResult result = game.play();

    TurnRecord blocked = turn(9, 0, "Ana", 5, 16, 16); // 21 is past home: Ana needs a 4
    blocked.blocked = true;
    blocked.needed = 4;
    TurnRecord home = turn(11, 0, "Ana", 4, 16, 20);
    home.home = true;
    home.place = 1;
    const std::vector<TurnRecord> expected{
        turn(1, 0, "Ana", 3, 0, 11, {{3, 11}}), // up the ladder
        turn(2, 1, "Ben", 5, 0, 5),
        turn(3, 0, "Ana", 6, 11, 4, {{17, 4}}), // down the snake
        turn(4, 1, "Ben", 6, 5, 11),
        turn(5, 0, "Ana", 6, 4, 10),
        turn(6, 1, "Ben", 6, 11, 4, {{17, 4}}),
        turn(7, 0, "Ana", 6, 10, 16),
        turn(8, 1, "Ben", 2, 4, 6),
        blocked,
        turn(10, 1, "Ben", 5, 6, 11),
        home,
    };
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(records.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CHECK(records[i] == expected[i]);
    }
    CHECK(result.winner == "Ana");
    CHECK(result.turns == 11);
    CHECK(game.position("Ben") == 11);
}

// Not run by default ("[.]"): ctest runs it to show what a failure prints.
TEST_CASE("a record that differs prints as a sentence", "[.][shows_a_failure]") {
    Game game(small_board(), ScriptedDice{3, 5, 6, 6, 6, 6, 6, 2, 5, 5, 4}, {"Ana", "Ben"});
    (void)game.play();
    TurnRecord home = turn(9, 0, "Ana", 5, 16, 20);
    home.home = true;
    home.place = 1;
    REQUIRE(game.records()[8] == home);
}
