// Everything in one include: #include <snakeladder/snakeladder.hpp>
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "board_factories.hpp"
#include "board_text.hpp"
#include "config.hpp"
#include "errors.hpp"
#include "jump.hpp"
#include "random.hpp"
#include "render.hpp"
#include "rules.hpp"
#include "simulate.hpp"
