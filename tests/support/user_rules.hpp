// Overshoot rules of a user's own, for the tests (tests/test_user_rules.cpp,
// tests/test_board_traps.cpp) and the fuzz targets: none is the library's, so none is folded or
// searched as the library's rules are unless it declares alike_from or past_home (rules.hpp).
#pragma once

#include <cstdint>
#include <snakeladder/base/jump.hpp>
#include <snakeladder/rules/rules.hpp>
#include <string_view>

namespace user_rules {

using snakeladder::OvershootOutcome;
using snakeladder::Square;

// Past home the token wraps round to square 1 and on (issue 35's rule). Declares nothing.
struct WrapRound {
    static constexpr std::string_view name = "WrapRound";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        const std::int64_t room = std::int64_t{size} - from;
        if (roll <= room) {
            return {static_cast<Square>(from + roll), false};
        }
        return {static_cast<Square>(1 + (roll - room - 1) % size), false};
    }
};

// WrapRound declaring past_home: where it lands depends only on how far past home it goes.
struct WrapRoundPastHome : WrapRound {
    static constexpr std::string_view name = "WrapRoundPastHome";
    static constexpr OvershootOutcome past_home(std::int64_t beyond, Square size) noexcept {
        return {static_cast<Square>(1 + (beyond - 1) % size), false};
    }
};

// An overshooting token goes back to square 0. Declares that every roll of size + 1 or more
// (past home from every square) moves alike.
struct BackToZero {
    static constexpr std::string_view name = "BackToZero";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        return roll <= std::int64_t{size} - from
                   ? OvershootOutcome{static_cast<Square>(from + roll), false}
                   : OvershootOutcome{0, false};
    }
    static constexpr std::int64_t alike_from(Square size) noexcept {
        return std::int64_t{size} + 1;
    }
};

// BackToZero declaring past_home too.
struct BackToZeroPastHome : BackToZero {
    static constexpr std::string_view name = "BackToZeroPastHome";
    static constexpr OvershootOutcome past_home(std::int64_t, Square) noexcept {
        return {0, false};
    }
};

// The token bounces off home and off square 0 as often as the roll carries it (twice and more).
struct PingPong {
    static constexpr std::string_view name = "PingPong";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        const std::int64_t period = 2 * std::int64_t{size};
        const std::int64_t at = (from + roll % period) % period; // no overflow at INT64_MAX
        return {static_cast<Square>(at <= size ? at : period - at), false};
    }
};

} // namespace user_rules
