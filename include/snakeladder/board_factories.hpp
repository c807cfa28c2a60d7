// Ready-made boards: the classic Milton Bradley board, random boards that are valid by
// construction, and the LeetCode 909 grid encoding.
#pragma once

#include "board.hpp"
#include "config.hpp"
#include "errors.hpp"
#include "jump.hpp"
#include "random.hpp"

#include <array>
#include <concepts>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace snakeladder {

/// The 19 jumps of the classic 100-square Milton Bradley board.
inline constexpr std::array<Jump, 19> classic_jumps{{
    {1, 38},  {4, 14},   {9, 31},  {21, 42}, {28, 84}, {36, 44}, {51, 67},
    {71, 91}, {80, 100}, {16, 6},  {48, 26}, {49, 11}, {56, 53}, {62, 19},
    {64, 60}, {87, 24},  {93, 73}, {95, 75}, {98, 78},
}};

/// The classic board under the rules of `config` (whose size must be 100).
template <typename Config = GameConfig<>>
constexpr Board<Config> classic(Config config = Config{}) {
    if (config.size() != 100) {
        detail::throw_invalid_config("the classic board has 100 squares, but the configuration "
                                     "asks for " +
                                     std::to_string(config.size()));
    }
    return Board<Config>(std::span<const Jump>(classic_jumps), config);
}

// The classic board is valid, and a token on 97 that rolls 1 slides down the snake on 98.
static_assert(classic().jumps().size() == 19);
static_assert(classic().advance(97, 1) == 78);

} // namespace snakeladder
