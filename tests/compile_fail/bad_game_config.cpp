// expect first error: Game<D, Config, \.\.\.>: Config must be a GameConfig<Overshoot, Chains
// Game's second slot takes a GameConfig, not the settings (nor any other type).
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    Game<FairDice<>, GameSettings> game(classic(), FairDice<>::seeded(7), {"Ana", "Ben"});
    return game.play_turn().roll;
}
