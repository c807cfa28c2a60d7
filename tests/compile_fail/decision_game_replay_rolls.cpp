// expect first error: (use of|call to) deleted (member )?function.*replay_turn
// A DecisionGame's turn is its rolls, picks and stays: replay_turn takes a record, and a braced
// list of rolls is refused where it is written (it would otherwise build a TurnRecord from them).
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    const Board<> board({Jump{3, 8}, Jump{6, 1}}, {.size = 10});
    const Choices<FairDice<>> choices{{FairDice<>::seeded(7)}, false};
    DecisionGame game(board, choices, {person("Ana"), person("Ben")});
    return game.replay_turn({6, 3}).roll;
}
