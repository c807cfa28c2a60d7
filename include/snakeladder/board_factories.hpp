// This header moved to <snakeladder/board/board_factories.hpp> in 0.2.0; this forwarding header is
// removed in 0.3.0 (CHANGELOG.md). It says so as it is compiled; define
// SNAKELADDER_ALLOW_MOVED_HEADERS to keep it quiet.
#pragma once

#ifndef SNAKELADDER_ALLOW_MOVED_HEADERS
#pragma message(                                                                                   \
    "<snakeladder/board_factories.hpp> moved to <snakeladder/board/board_factories.hpp>; "         \
    "the old path goes in 0.3.0")
#endif

#include "board/board_factories.hpp"
