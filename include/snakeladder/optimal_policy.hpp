// This header moved to <snakeladder/analysis/optimal_policy.hpp> in 0.2.0; this forwarding header
// is removed in 0.3.0 (CHANGELOG.md). Define SNAKELADDER_WARN_MOVED_HEADERS to be told at compile
// time which moved headers a program still includes.
#pragma once

#ifndef SNAKELADDER_ALLOW_MOVED_HEADERS
#pragma message(                                                                                   \
    "<snakeladder/optimal_policy.hpp> moved to <snakeladder/analysis/optimal_policy.hpp>")
#endif

#include "analysis/optimal_policy.hpp"
