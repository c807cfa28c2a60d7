// What a one-game program precompiles (CMake: target_precompile_headers(my_game PRIVATE
// <fmt/format.h> <snakeladder/snakeladder.hpp>)): the compile section builds it once, as a
// build system does once per target, then times one_game_umbrella.cpp with it.
#pragma once
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
