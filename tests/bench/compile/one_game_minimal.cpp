// One game through the headers it needs: the board, the dice and the game.
#include <fmt/format.h>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/dice.hpp>
#include <snakeladder/game.hpp>

int main() {
    snakeladder::Game game(snakeladder::classic(), snakeladder::FairDice<>::seeded(29),
                           {"Ana", "Ben"});
    fmt::print("{}\n", game.play());
}
