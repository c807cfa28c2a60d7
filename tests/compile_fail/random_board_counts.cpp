// expect first error: no matching function for call to .*random_board
// random_board(engine, 8, 3) could mean 8 snakes and 3 ladders or the other way round: it must
// not compile. Say which: random_board(engine, {.snakes = 8, .ladders = 3}).
#include <snakeladder/board/board_factories.hpp>
int main() {
    snakeladder::DefaultEngine engine(29);
    const auto board = snakeladder::random_board(engine, 8, 3);
    return static_cast<int>(board.jumps().size());
}
