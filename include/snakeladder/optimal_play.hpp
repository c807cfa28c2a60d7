// This header moved to <snakeladder/analysis/optimal_play.hpp> in 0.2.0; this forwarding header is
// removed in 0.3.0 (CHANGELOG.md). It says so as it is compiled; define
// SNAKELADDER_ALLOW_MOVED_HEADERS to keep it quiet.
#pragma once

#ifndef SNAKELADDER_ALLOW_MOVED_HEADERS
#pragma message(                                                                                   \
    "<snakeladder/optimal_play.hpp> moved to <snakeladder/analysis/optimal_play.hpp>; "            \
    "the old path goes in 0.3.0")
#endif

#include "analysis/optimal_play.hpp"
