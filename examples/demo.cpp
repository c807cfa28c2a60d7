// The demo: the classic board, a seeded three-player game with its log, winner and ranking, the
// three overshoot rules side by side, and two boards the library refuses. The output is the same
// on every machine; tests/golden/demo.txt holds it and a test compares the two.
#include <exception>
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

namespace {

void show_board() {
    fmt::print("== The classic board: 100 squares, 9 ladders (^), 10 snakes (v) ==\n\n{}\n",
               render_text(classic()));
}

void show_seeded_game() {
    constexpr std::uint64_t seed = 29;
    fmt::print("== A game: Ana, Ben and Cy, one six-sided die, seed {} ==\n\n", seed);
    // One thread plays this game, so it needs no lock: NullMutex.
    Game<FairDice<>, GameConfig<>, NullMutex> game(classic(), FairDice<>::seeded(seed),
                                                   {"Ana", "Ben", "Cy"});
    const GameResult result = game.play();
    for (const TurnRecord& record : game.records()) {
        fmt::print("{:>4}. {}\n", record.turn, record);
    }
    fmt::print("\n{} wins after {} turns.\n", result.winner.value_or("nobody"), result.turns);
    for (const Standing& standing : result.ranking) {
        fmt::print("  {}\n", standing);
    }
    TextOptions where;
    for (const Standing& standing : result.ranking) {
        where.tokens.push_back({standing.player.substr(0, 1), standing.square});
    }
    fmt::print("\n{}\n", render_text(game.board(), where));
}

// Ana stands on 97 (scripted dice put her there) and rolls a 5, under each overshoot rule.
template <OvershootRule Rule>
void show_overshoot(std::string_view what) {
    using Config = GameConfig<Rule>;
    Game<ScriptedDice, Config, NullMutex> game(classic(Config{}), ScriptedDice{97, 1, 5},
                                               {"Ana", "Ben"});
    game.play_turn(); // Ana to 97
    game.play_turn(); // Ben to 1, and up the ladder to 38
    fmt::print("  {:<14} {:<36} {}\n", fmt::format("{}:", Rule::name), what, game.play_turn());
}

void show_overshoot_rules() {
    fmt::print("== Ana is on 97 and rolls 5: the three overshoot rules ==\n\n");
    show_overshoot<ExactFinish>("the roll must end exactly on 100");
    show_overshoot<BounceBack>("to 100, then back by what is left");
    show_overshoot<OvershootWins>("reaching or passing 100 wins");
    fmt::print("\n");
}

template <class Config>
void show_refused(std::string_view what, std::vector<Jump> jumps, Config config = Config{}) {
    fmt::print("  {}\n", what);
    try {
        const Board<Config> board(std::move(jumps), config);
        fmt::print("    accepted?! ({} jumps)\n", board.jumps().size());
    } catch (const InvalidBoard& error) {
        fmt::print("    InvalidBoard ({}): {}\n", to_string(error.reason()), error.what());
    }
}

void show_refused_boards() {
    fmt::print("== Two boards the library refuses ==\n\n");
    show_refused<GameConfig<>>("A snake and a ladder that start on the same square:",
                               {{10, 5}, {10, 30}});
    show_refused<GameConfig<ExactFinish, FollowChains>>(
        "Jumps that lead into each other in a circle, where chains are followed:",
        {{5, 20}, {20, 12}, {12, 5}});
}

} // namespace

int main() {
    try {
        show_board();
        show_seeded_game();
        show_overshoot_rules();
        show_refused_boards();
    } catch (const std::exception& error) {
        fmt::print(stderr, "snakeladder-demo: {}\n", error.what());
        return 1;
    }
}
