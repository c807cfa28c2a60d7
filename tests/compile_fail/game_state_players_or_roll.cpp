// expect first error: GameState::GameState\(int, int\)|initialization of 'const [a-z:]*GameState'
// GameState(2, 6) could mean 2 players and a highest roll of 6 or the other way round: it must
// not compile. Say which: GameState({.players = 2, .max_roll = 6}).
#include <snakeladder/rules/game_state.hpp>
int main() {
    const snakeladder::GameState state(2, 6);
    return static_cast<int>(state.squares.size());
}
