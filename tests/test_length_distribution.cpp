// LengthDistribution, the table length_distribution() (analysis.hpp) returns: its views, and
// copies from a temporary.
#include "support/catch.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/length_distribution.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
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

TEST_CASE("max_turns is one type: a table's horizon and a simulated game's cap",
          "[analysis][options]") {
    // Issue 37: they were an int64_t and a uint64_t. The defaults differ on purpose: a turn of
    // the table costs the whole board's work, a simulated game only its own turns.
    STATIC_REQUIRE(std::is_same_v<decltype(DistributionOptions::max_turns), std::uint64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(SimulationOptions::max_turns), std::uint64_t>);
    CHECK(DistributionOptions{}.max_turns == 100'000);
    CHECK(SimulationOptions{}.max_turns == 4'194'304);
    // A horizon past what a table can count runs until the tail is spent, as with no horizon:
    // a die that always rolls 3 ends a game on three squares in one turn.
    const LengthDistribution all = length_distribution(
        three_squares(), LoadedDice<>({0, 0, 1}),
        {.max_turns = std::numeric_limits<std::uint64_t>::max(), .tail_epsilon = 0});
    CHECK(all.complete());
    CHECK(all.turns() == 1);
    CHECK(all.probability(1) == 1.0);
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

TEST_CASE("length_distribution is heard within a few turns of a wide board, and can be stopped "
          "there",
          "[length_distribution][progress]") {
    // 4,096 squares without jumps and a die of 1,024 faces: turn 1 moves square 0 by its 1,024
    // rolls (1,024 moves), turn 2 squares 1..1,024 (2^20 moves), turn 3 squares 2..2,048. The
    // clock is read every 64 turns or once 2^20 moves have been followed, so with no interval the
    // callback hears (1 turn, 1) before turn 2 ran (1,024 + 2^20 moves counted), (2, 1) before
    // turn 3, and (3, 1) at the end: nobody is home before 4,096 / 1,024 = 4 turns.
    const Board<> wide({}, GameConfig<>({.size = 4096}));
    const FairDice<> die(DiceShape{.sides = 1024});
    SECTION("the reports") {
        std::vector<std::int64_t> turns;
        std::vector<double> running;
        const LengthDistribution lengths =
            length_distribution(wide, die,
                                {.max_turns = 3,
                                 .progress =
                                     [&](std::int64_t t, double r) {
                                         turns.push_back(t);
                                         running.push_back(r);
                                     },
                                 .progress_interval = std::chrono::milliseconds(0)});
        CHECK(lengths.turns() == 3);
        CHECK(turns == std::vector<std::int64_t>{1, 2, 3});
        CHECK(running == std::vector<double>{1.0, 1.0, 1.0});
    }
    SECTION("a callback that throws stops the table at its first report") {
        struct Stop {
            std::int64_t turns;
        };
        std::int64_t stopped_at = -1;
        try {
            (void)length_distribution(wide, die,
                                      {.progress = [](std::int64_t t, double) { throw Stop{t}; },
                                       .progress_interval = std::chrono::milliseconds(0)});
        } catch (const Stop& stop) {
            stopped_at = stop.turns;
        }
        CHECK(stopped_at == 1);
    }
}
