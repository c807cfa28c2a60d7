// Configurations (config.hpp): every setting GameConfig validates when it is built, at ordinary
// values and at the integer limits, each refusal naming the setting and the value; with_size.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <climits>
#include <cstdint>
#include <limits>
#include <snakeladder/rules/config.hpp>
#include <string>

using namespace snakeladder;
using support::int64_max;
using support::int64_min;
using support::largest_size;
using support::sized;

TEST_CASE("configurations are validated when built", "[config]") {
    using Error = InvalidConfig;
    CHECK_THROWS_WITH(GameConfig<>({.size = 0}),
                      SL_CONTAINS("board size must be between 1 and 10000000 squares, got 0"));
    CHECK_THROWS_AS(GameConfig<>({.size = -5}), Error);
    CHECK_THROWS_AS(GameConfig<>({.size = INT_MAX}), Error);
    CHECK_THROWS_AS(GameConfig<>({.size = INT_MAX - 1}), Error);
    CHECK_THROWS_AS(GameConfig<>({.size = 10'000'001}), Error);
    CHECK_THROWS_WITH(GameConfig<>({.min_players = 0}),
                      SL_CONTAINS("min_players must be at least 1"));
    CHECK_THROWS_WITH(GameConfig<>({.min_players = 5, .max_players = 4}),
                      SL_CONTAINS("max_players (4) must not be below min_players (5)"));
    CHECK_THROWS_WITH(GameConfig<>({.max_players = INT_MAX}),
                      SL_CONTAINS("max_players must be at most"));
    CHECK_THROWS_WITH(GameConfig<>({.turn_limit = 0}),
                      SL_CONTAINS("turn_limit must be at least 1"));
    const GameConfig<BounceBack> config({.size = 50, .play_to_last = true});
    CHECK(config.size() == 50);
    CHECK(config.play_to_last());
    CHECK(config.with_size(30).size() == 30);
    CHECK(config.with_size(30).play_to_last());
    CHECK_THROWS_AS(config.with_size(std::int64_t{INT_MAX} + 1), Error);
    CHECK(config.size() == 50);
}

TEST_CASE("board sizes near INT_MAX are refused, naming the limit", "[hostile][config]") {
    for (const std::int64_t size :
         {std::int64_t{INT_MAX}, std::int64_t{INT_MAX} - 1, std::int64_t{largest_size} + 1,
          std::int64_t{INT_MIN}, std::int64_t{0}, std::int64_t{-1}}) {
        INFO("size " << size);
        const std::string message =
            "board size must be between 1 and 10000000 squares, got " + std::to_string(size);
        REQUIRE_THROWS_WITH(sized(size), message);
        REQUIRE_THROWS_AS(sized(size), InvalidConfig);
        REQUIRE_THROWS_WITH(GameConfig<>().with_size(size), message);
    }
    REQUIRE_THROWS_WITH(GameConfig<>().with_size(int64_max),
                        "board size must be between 1 and 10000000 squares, got " +
                            std::to_string(int64_max));
    REQUIRE_THROWS_WITH(GameConfig<>().with_size(int64_min),
                        "board size must be between 1 and 10000000 squares, got " +
                            std::to_string(int64_min));
    REQUIRE(sized(largest_size).size() == largest_size);
}

TEST_CASE("player counts and turn limits at their extremes", "[hostile][config]") {
    REQUIRE_THROWS_WITH(GameConfig<>({.min_players = INT_MIN}),
                        "min_players must be at least 1, got -2147483648");
    REQUIRE_THROWS_WITH(GameConfig<>({.max_players = INT_MAX}),
                        "max_players must be at most 100000, got 2147483647");
    REQUIRE_THROWS_WITH(GameConfig<>({.min_players = INT_MAX, .max_players = 100'000}),
                        "max_players (100000) must not be below min_players (2147483647)");
    REQUIRE_THROWS_WITH(GameConfig<>({.turn_limit = 0}),
                        "turn_limit must be at least 1 turn, got 0");
    const GameConfig<> most({.min_players = 1,
                             .max_players = GameConfig<>::max_player_limit,
                             .turn_limit = std::numeric_limits<std::uint64_t>::max()});
    REQUIRE(most.max_players() == 100'000);
    REQUIRE(most.turn_limit() == std::numeric_limits<std::uint64_t>::max());
}

TEST_CASE("the default turn limit is 2^22 turns", "[config][turn_limit]") {
    // 4,194,304 turns: 64 MiB of log at 16 bytes a turn (docs/games.md), so that dice that
    // practically never finish stop before memory runs out.
    REQUIRE(default_turn_limit == 4'194'304);
    REQUIRE(GameSettings{}.turn_limit == 4'194'304);
    REQUIRE(GameConfig<>().turn_limit() == 4'194'304);
    REQUIRE(GameConfig<>({.size = 50}).turn_limit() == 4'194'304);
}
