#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>

// Builds the classic board through the installed, added or fetched package and checks it.
int main() {
    const auto board = snakeladder::classic();
    fmt::print("classic board: {} squares, {} jumps\n", board.size(), board.jumps().size());
    return board.size() == 100 && board.jumps().size() == 19 ? 0 : 1;
}
