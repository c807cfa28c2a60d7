// Traps in words (board_traps.hpp): describe_traps for a sound board, for rolls given as a list,
// and for scripted dice, whose rolls are those between their smallest and largest.
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/board_traps.hpp>
#include <snakeladder/dice.hpp>
#include <span>
#include <vector>

using namespace snakeladder;
using support::board_of;

TEST_CASE("traps described in words", "[analysis][traps]") {
    CHECK(describe_traps(classic(), FairDice<>()) ==
          "no square is a trap: home can be reached from every square a token can reach with "
          "rolls {1..6}");
    const auto board = board_of<ExactFinish>(7, {});
    const std::vector<std::int64_t> odd{1, 3};
    CHECK(describe_traps(board, std::span<const std::int64_t>(odd)) ==
          "no square is a trap: home can be reached from every square a token can reach with "
          "rolls {1, 3}");
    // Scripted dice have no odds: the rolls between their smallest and largest count.
    CHECK(describe_traps(board_of<ExactFinish>(5, {}), ScriptedDice{2, 2, 4}) ==
          "square 4 is a trap: a token can reach it from the start, but from it home can never "
          "be reached with rolls {2..4}");
}
