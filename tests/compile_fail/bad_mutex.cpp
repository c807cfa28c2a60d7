// expect first error: Game<D, Config, Mutex>: Mutex must be BasicLockable
// A lock without unlock() does not fit Game's third slot.
#include <snakeladder/snakeladder.hpp>
struct LockOnly {
    void lock() {}
};
int main() {
    using namespace snakeladder;
    Game<FairDice<>, GameConfig<>, LockOnly> game(classic(), FairDice<>::seeded(7), {"Ana", "Ben"});
    return game.play_turn().roll;
}
