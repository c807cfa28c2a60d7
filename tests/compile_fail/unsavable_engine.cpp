// expect: specialise snakeladder::SavedEngine
// A game whose dice are driven by an engine with no SavedEngine specialisation cannot be saved:
// the document could not hold the state that makes the loaded game roll on identically.
#include <random>
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    Game<FairDice<std::mt19937_64>> game(classic(), FairDice<std::mt19937_64>(), {"Ana", "Ben"});
    return static_cast<int>(save_game(game).size());
}
