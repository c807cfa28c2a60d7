// Where a game stands (game_result.hpp): the name of each status, and the one line a result
// prints as for every status (a winner or none, one turn or many), its ranking after it, each
// worked out by hand from the formatter's sentences.
#include "support/catch.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <snakeladder/game/game_result.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

TEST_CASE("each status has its name, which fmt pads like any text", "[game_result]") {
    STATIC_REQUIRE(to_string(GameStatus::not_started) == "not started");
    STATIC_REQUIRE(to_string(GameStatus::in_progress) == "in progress");
    STATIC_REQUIRE(to_string(GameStatus::finished) == "finished");
    STATIC_REQUIRE(to_string(GameStatus::turn_limit_reached) == "turn limit reached");
    CHECK(fmt::format("[{:>12}]", GameStatus::finished) == "[    finished]");
}

namespace {

// The line a result prints as.
std::string line(GameStatus status, std::optional<std::string> winner, std::uint64_t turns,
                 std::vector<Standing> ranking = {}) {
    return fmt::format("{}", GameResult{.status = status,
                                        .winner = std::move(winner),
                                        .turns = turns,
                                        .ranking = std::move(ranking)});
}

} // namespace

TEST_CASE("a result is one line: what happened, then the ranking", "[game_result]") {
    const std::vector<Standing> ranking{
        {1, 0, "Ana", 100, true}, {2, 2, "Cy", 87, false}, {3, 1, "Ben", 45, false}};
    const std::string ranked = "; ranking: 1. Ana (home), 2. Cy (on 87), 3. Ben (on 45)";
    CHECK(line(GameStatus::finished, "Ana", 42, ranking) == "Ana wins after 42 turns" + ranked);
    // One turn is "turn"; no ranking, no "; ranking:".
    CHECK(line(GameStatus::finished, "Ana", 1) == "Ana wins after 1 turn");
    // Stopped at the turn limit, with a winner (play went on for the others) or without one.
    CHECK(line(GameStatus::turn_limit_reached, "Ana", 500, ranking) ==
          "Ana wins; play stopped at the turn limit after 500 turns" + ranked);
    const std::vector<Standing> nobody_home{{1, 1, "Ben", 99, false}, {2, 0, "Ana", 98, false}};
    CHECK(line(GameStatus::turn_limit_reached, std::nullopt, 500, nobody_home) ==
          "no winner: stopped at the turn limit after 500 turns; ranking: 1. Ben (on 99), 2. Ana "
          "(on 98)");
    // In progress, before and after the first player home.
    CHECK(line(GameStatus::in_progress, std::nullopt, 7, nobody_home) ==
          "in progress after 7 turns; ranking: 1. Ben (on 99), 2. Ana (on 98)");
    CHECK(line(GameStatus::in_progress, "Ana", 30, ranking) ==
          "in progress after 30 turns (Ana has won)" + ranked);
}

TEST_CASE("results and standings are equal only when every field is", "[game_result]") {
    const Standing ben{2, 1, "Ben", 45, false};
    CHECK(ben == Standing{2, 1, "Ben", 45, false});
    CHECK_FALSE(ben == Standing{2, 1, "Ben", 46, false});
    CHECK_FALSE(ben == Standing{2, 1, "Ben", 45, true});
    const GameResult result{
        .status = GameStatus::finished, .winner = "Ana", .turns = 9, .ranking = {ben}};
    GameResult other = result;
    CHECK(other == result);
    other.ranking.front().rank = 3;
    CHECK_FALSE(other == result);
    other = result;
    other.winner.reset();
    CHECK_FALSE(other == result);
}
