// expect: these house rules cannot be built without their values
// Rules that hold values (StartingRolls, MissTurnSquares) cannot be rebuilt from the game type
// alone: load_game must be given them, and says so in one line.
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    using Config = GameConfig<ExactFinish, RejectChains, StartingRolls>;
    using G = Game<FairDice<>, Config>;
    const G game = load_game<G>("", FairDice<>());
    return static_cast<int>(game.turns());
}
