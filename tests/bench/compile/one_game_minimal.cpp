// One game through the headers it needs: the board, the dice and the game.
#include <fmt/format.h>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>

int main() {
    snakeladder::Game game(snakeladder::classic(), snakeladder::FairDice<>::seeded(29),
                           {"Ana", "Ben"});
    fmt::print("{}\n", game.play());
}
