// Placeholder until the real demo lands: prints the classic board.
#include <snakeladder/snakeladder.hpp>

#include <fmt/format.h>

int main() {
    fmt::print("{}\n", snakeladder::classic());
}
