// The rules a board is played under, as compile-time policies: what a roll past the last
// square does (OvershootRule) and whether jumps may lead onto other jumps (ChainRule).
#pragma once

#include "jump.hpp"

#include <concepts>
#include <cstdint>
#include <string_view>

namespace snakeladder {

/// Where a roll put the token before any jump is taken, and whether the move was forfeited.
struct OvershootOutcome {
    Square landed = 0;
    bool blocked = false;
    friend constexpr bool operator==(const OvershootOutcome&, const OvershootOutcome&) = default;
};

/// A rule for a roll that would pass the last square. `apply(from, roll, size)` is called for
/// every roll (rolls that do not overshoot simply add up), with `from` in 0..size and any roll
/// of at least 1, up to INT64_MAX: the rules below compare the roll with the room left rather
/// than add it to `from`, so no sum overflows. `name` is what documents and saved games call it.
template <typename Rule>
concept OvershootRule = requires(Square from, std::int64_t roll, Square size) {
    { Rule::apply(from, roll, size) }
    noexcept->std::same_as<OvershootOutcome>;
    { Rule::name } -> std::convertible_to<std::string_view>;
};

/// The roll must bring the token exactly home; a larger roll forfeits the move.
struct ExactFinish {
    static constexpr std::string_view name = "ExactFinish";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        if (roll > std::int64_t{size} - from) {
            return {from, true};
        }
        return {static_cast<Square>(from + roll), false};
    }
};

/// The token walks to the last square and back by what is left of the roll, never below 1.
struct BounceBack {
    static constexpr std::string_view name = "BounceBack";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        const std::int64_t room = std::int64_t{size} - from;
        if (roll <= room) {
            return {static_cast<Square>(from + roll), false};
        }
        const std::int64_t bounced = std::int64_t{size} - (roll - room);
        return {static_cast<Square>(bounced < 1 ? 1 : bounced), false};
    }
};

/// Any roll that reaches or passes the last square wins.
struct OvershootWins {
    static constexpr std::string_view name = "OvershootWins";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        return {roll >= std::int64_t{size} - from ? size : static_cast<Square>(from + roll), false};
    }
};

/// What a board does with a jump that ends where another jump starts.
enum class ChainPolicy {
    reject, ///< such a board is refused when it is built
    follow, ///< the token follows jump after jump; a cycle is refused when the board is built
    single, ///< the token takes one jump per landing and rests where it ends (LeetCode 909)
};

/// A rule for chained jumps: `policy` says which of the three behaviours, `name` names it.
template <typename Rule>
concept ChainRule = requires {
    { Rule::policy } -> std::convertible_to<ChainPolicy>;
    { Rule::name } -> std::convertible_to<std::string_view>;
};

struct RejectChains {
    static constexpr ChainPolicy policy = ChainPolicy::reject;
    static constexpr std::string_view name = "RejectChains";
};
struct FollowChains {
    static constexpr ChainPolicy policy = ChainPolicy::follow;
    static constexpr std::string_view name = "FollowChains";
};
struct SingleJump {
    static constexpr ChainPolicy policy = ChainPolicy::single;
    static constexpr std::string_view name = "SingleJump";
};

} // namespace snakeladder
