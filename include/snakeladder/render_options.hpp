// This header moved to <snakeladder/render/render_options.hpp> in 0.2.0; this forwarding header is
// removed in 0.3.0 (CHANGELOG.md). It says so as it is compiled; define
// SNAKELADDER_ALLOW_MOVED_HEADERS to keep it quiet.
#pragma once

#ifndef SNAKELADDER_ALLOW_MOVED_HEADERS
#pragma message(                                                                                   \
    "<snakeladder/render_options.hpp> moved to <snakeladder/render/render_options.hpp>; "          \
    "the old path goes in 0.3.0")
#endif

#include "render/render_options.hpp"
