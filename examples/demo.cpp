// Placeholder until the real demo lands: prints the classic board.
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>

int main() {
    fmt::print("{}\n", snakeladder::classic());
}
