#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
#include <string_view>

// Built with the compiler and `pkg-config --cflags --libs snakeladder` alone, no CMake: plays a
// seeded game on the classic board to its end and checks the board and the version it was given.
int main(int argc, char** argv) {
    const std::string_view expected_version = argc > 1 ? argv[1] : "";
    snakeladder::Game game(snakeladder::classic(), snakeladder::FairDice<>::seeded(7),
                           {"Ana", "Ben"});
    const snakeladder::GameResult result = game.play();
    fmt::print("snakeladder {} through pkg-config: {}\n", snakeladder::version_string, result);
    return snakeladder::version_string == expected_version && game.winner().has_value() ? 0 : 1;
}
