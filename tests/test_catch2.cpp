// snakeladder/catch2.hpp: Catch2 prints the library's values as fmt does.
#include "support/catch.hpp"

#include <snakeladder/board/board.hpp>
#include <snakeladder/catch2.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

namespace {

// Ten squares, a snake 8-2: Ana rolls 6 (0 to 6), Ben 1 (0 to 1), Ana 2 (6 to 8, down to 2),
// Ben 9 (1 to 10, home).
Game<ScriptedDice> played_game() {
    Game game(Board<>({{8, 2}}, GameConfig<>({.size = 10})), ScriptedDice{6, 1, 2, 9},
              {"Ana", "Ben"});
    (void)game.play();
    return game;
}

} // namespace

TEST_CASE("Catch2 prints records, results and standings as sentences", "[catch2]") {
    const Game<ScriptedDice> game = played_game();
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(records.size() == 4);
    CHECK(Catch::Detail::stringify(records[2]) == "Ana rolls 2: 6 to 2 via snake 8-2");
    CHECK(Catch::Detail::stringify(records) ==
          "{ Ana rolls 6: 0 to 6, Ben rolls 1: 0 to 1, Ana rolls 2: 6 to 2 via snake 8-2, "
          "Ben rolls 9: 1 to 10 and is home (1st) }");
    CHECK(Catch::Detail::stringify(game.result()) ==
          "Ben wins after 4 turns; ranking: 1. Ben (home), 2. Ana (on 2)");
    CHECK(Catch::Detail::stringify(game.result().status) == "finished");
    CHECK(Catch::Detail::stringify(game.result().ranking[1]) == "2. Ana (on 2)");
}

TEST_CASE("Catch2 prints jumps, moves, boards, states, rules and actions", "[catch2]") {
    const Board<> board({{3, 7}, {8, 2}}, GameConfig<>({.size = 10}));
    CHECK(Catch::Detail::stringify(Jump{8, 2}) == "snake 8-2");
    CHECK(Catch::Detail::stringify(JumpKind::ladder) == "ladder");
    CHECK(Catch::Detail::stringify(board.jumps()[0]) == "ladder 3-7");
    CHECK(Catch::Detail::stringify(board.step(6, 2)) ==
          "Move{start 6, roll 2, landed 8, end 2, jumps [snake 8-2], blocked false, home false}");
    CHECK(Catch::Detail::stringify(board.step(9, 3)) ==
          "Move{start 9, roll 3, landed 9, end 9, jumps [], blocked true, home false}");
    CHECK(Catch::Detail::stringify(board) == "size 10\nladder 3-7\nsnake 8-2");
    CHECK(Catch::Detail::stringify(BoardRule::off_board) == "off_board");
    CHECK(Catch::Detail::stringify(Action::roll_with(1)) == "roll_with(1)");
    CHECK(Catch::Detail::stringify(Action::stay()) == "stay");
}
