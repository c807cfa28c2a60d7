// The same seed gives the same game, simulation and random board with every compiler and
// standard library: this test writes all three out and compares them with
// tests/golden/determinism.txt, which the g++/libstdc++ build wrote. The libcxx preset (clang++
// with libc++) runs the same comparison, so the two standard libraries are checked against each
// other. (The library maps engine bits to faces itself and never uses the standard library's
// distributions, which differ between implementations.)
#include "support/catch.hpp"

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/base/random.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/io/board_text.hpp>
#include <snakeladder/io/saved_game.hpp>
#include <sstream>
#include <string>

using namespace snakeladder;

namespace {

std::string seeded_runs() {
    std::string text = "# A seeded game: classic board, FairDice<>::seeded(29), three players\n";
    Game game(classic(), FairDice<>::seeded(29), {"Ana", "Ben", "Cy"});
    const GameResult result = game.play();
    for (const TurnRecord& record : game.records()) {
        text += fmt::format("{}\n", record);
    }
    text += fmt::format("{}\n", result);
    text += "# Its saved document (the engine's state included)\n" + save_game(game);

    text += "# Two seeded dice\n";
    auto two = FairDice<>::seeded(2024, {.sides = 6, .count = 2});
    auto loaded = LoadedDice<>::seeded(2024, {1, 1, 1, 1, 1, 5});
    for (int i = 0; i < 20; ++i) {
        text += fmt::format("{} {}\n", two.roll(), loaded.roll());
    }

    text += "# A simulation: classic board, two players, 20,000 games, seed 7, two threads\n";
    const SimulationResult simulation =
        simulate(classic(), FairDice<>(), {.games = 20'000, .players = 2, .seed = 7, .threads = 2});
    text += fmt::format("games {} unfinished {} wins {} {}\n", simulation.games,
                        simulation.unfinished, simulation.wins[0], simulation.wins[1]);
    text += fmt::format("turns mean {:.17g} sd {:.17g} min {} max {}\n", simulation.turns.mean,
                        simulation.turns.standard_deviation, simulation.turns.min,
                        simulation.turns.max);
    text += "histogram";
    for (const std::uint64_t count : simulation.turns.histogram) {
        text += fmt::format(" {}", count);
    }
    text += "\n";

    text += "# A random board: DefaultEngine(11), 8 snakes, 8 ladders\n";
    DefaultEngine engine(11);
    text += to_text(random_board(engine, {.snakes = 8, .ladders = 8}));
    return text;
}

} // namespace

TEST_CASE("a seed gives the same game, simulation and board with every standard library",
          "[determinism]") {
    const std::string text = seeded_runs();
    const std::string golden_path = SNAKELADDER_TEST_GOLDEN "/determinism.txt";
    if (std::getenv("SNAKELADDER_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(golden_path, std::ios::binary) << text;
    }
    std::ifstream file(golden_path, std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream golden;
    golden << file.rdbuf();
    CHECK(text == golden.str());
}
