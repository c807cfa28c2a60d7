// One game through the umbrella header: what a newcomer writes first.
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>

int main() {
    snakeladder::Game game(snakeladder::classic(), snakeladder::FairDice<>::seeded(29),
                           {"Ana", "Ben"});
    fmt::print("{}\n", game.play());
}
