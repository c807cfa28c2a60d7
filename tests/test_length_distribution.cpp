// LengthDistribution, the table length_distribution() (analysis.hpp) returns: its views, and
// copies from a temporary.
#include "catch.hpp"

#include <cmath>
#include <snakeladder/analysis.hpp>
#include <snakeladder/board.hpp>
#include <snakeladder/dice.hpp>
#include <snakeladder/length_distribution.hpp>
#include <span>
#include <type_traits>
#include <vector>

using namespace snakeladder;

namespace {

// Three squares, no jumps, a coin, ExactFinish. From 0 a 1 or a 2 lands on 1 or 2; from 1 a 2
// is home; from 2 a 1 is home and a 2 is forfeited. So no game ends in one turn, and from the
// second turn on the token is home with probability 1/2 each turn: P(T = t) = 2^-(t-1), t >= 2,
// and P(T > t) = 2^-(t-1) for t >= 1.
Board<> three_squares() {
    return Board<>({}, GameConfig<>({.size = 3}));
}

} // namespace

TEST_CASE("a game's length on three squares with a coin, worked out by hand",
          "[length_distribution]") {
    const LengthDistribution lengths =
        length_distribution(three_squares(), FairDice<>({.sides = 2}), {.max_turns = 10});
    REQUIRE(lengths.turns() == 10);
    CHECK(lengths.probabilities()[0] == 0.0);
    CHECK(lengths.probabilities()[1] == 0.0);
    CHECK(lengths.survival()[0] == 1.0);
    for (int t = 2; t <= 10; ++t) {
        CHECK(lengths.probabilities()[static_cast<std::size_t>(t)] == std::ldexp(1.0, -(t - 1)));
        CHECK(lengths.survival()[static_cast<std::size_t>(t)] == std::ldexp(1.0, -(t - 1)));
    }
}

TEST_CASE("the tables of a temporary distribution are copies, so a loop cannot dangle",
          "[length_distribution][api]") {
    const LengthDistribution named =
        length_distribution(three_squares(), FairDice<>({.sides = 2}), {.max_turns = 4});
    STATIC_REQUIRE(std::is_same_v<decltype(named.probabilities()), std::span<const double>>);
    STATIC_REQUIRE(std::is_same_v<decltype(named.survival()), std::span<const double>>);
    STATIC_REQUIRE(
        std::is_same_v<decltype(length_distribution(three_squares(), FairDice<>()).probabilities()),
                       std::vector<double>>);
    std::vector<double> exactly;
    for (const double p :
         length_distribution(three_squares(), FairDice<>({.sides = 2}), {.max_turns = 4})
             .probabilities()) {
        exactly.push_back(p);
    }
    CHECK(exactly == std::vector<double>{0.0, 0.0, 0.5, 0.25, 0.125});
    std::vector<double> longer;
    for (const double p :
         length_distribution(three_squares(), FairDice<>({.sides = 2}), {.max_turns = 4})
             .survival()) {
        longer.push_back(p);
    }
    CHECK(longer == std::vector<double>{1.0, 1.0, 0.5, 0.25, 0.125});
}
