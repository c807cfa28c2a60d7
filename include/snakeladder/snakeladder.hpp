// Everything in one include: #include <snakeladder/snakeladder.hpp>
#pragma once

#include "analysis.hpp"
#include "board.hpp"
#include "board_factories.hpp"
#include "board_text.hpp"
#include "config.hpp"
#include "errors.hpp"
#include "game.hpp"
#include "game_events.hpp"
#include "game_result.hpp"
#include "jump.hpp"
#include "null_mutex.hpp"
#include "random.hpp"
#include "render.hpp"
#include "rules.hpp"
#include "simulate.hpp"
#include "turn_record.hpp"
