// Everything in one include: #include <snakeladder/snakeladder.hpp>. Every public header is named
// here, a layer at a time from the bottom up (docs/layout.md), but two that need another library:
// analysis/exact_turns.hpp (Boost.Multiprecision's integers) and catch2.hpp (Catch2's matchers,
// for tests).
#pragma once

#include "fwd.hpp"

// base: errors, text, squares and jumps, random numbers, the version.
#include "base/errors.hpp"
#include "base/jump.hpp"
#include "base/random.hpp"
#include "base/text.hpp"
#include "base/version.hpp"

// rules: the overshoot and chain rules, the house rules and the state they read, GameConfig.
#include "rules/config.hpp"
#include "rules/game_state.hpp"
#include "rules/house_rule.hpp"
#include "rules/house_rules.hpp"
#include "rules/rules.hpp"

// dice: the Dice concept and the library's dice.
#include "dice/dice.hpp"

// board: the validated track and its factories.
#include "board/board.hpp"
#include "board/board_factories.hpp"

// turn: what one roll does (the turn model), its records, decisions, traps and policies.
#include "turn/board_traps.hpp"
#include "turn/decisions.hpp"
#include "turn/policies.hpp"
#include "turn/turn_model.hpp"
#include "turn/turn_record.hpp"

// render: boards drawn as text and SVG, length plots.
#include "render/length_plot.hpp"
#include "render/render.hpp"
#include "render/render_options.hpp"

// game: Game and DecisionGame, their results, events and locks.
#include "game/decision_game.hpp"
#include "game/game.hpp"
#include "game/game_events.hpp"
#include "game/game_result.hpp"
#include "game/null_mutex.hpp"
#include "game/seat.hpp"

// analysis: exact figures, distributions, effects, shortest paths, simulation, optimal play.
#include "analysis/analysis.hpp"
#include "analysis/board_effects.hpp"
#include "analysis/board_generator.hpp"
#include "analysis/length_distribution.hpp"
#include "analysis/optimal_play.hpp"
#include "analysis/optimal_policy.hpp"
#include "analysis/shortest_path.hpp"
#include "analysis/simulate.hpp"
#include "analysis/solve_report.hpp"

// io: board text, saved games, files.
#include "io/board_text.hpp"
#include "io/files.hpp"
#include "io/saved_decision_game.hpp"
#include "io/saved_format.hpp"
#include "io/saved_game.hpp"
#include "io/saved_game_header.hpp"
