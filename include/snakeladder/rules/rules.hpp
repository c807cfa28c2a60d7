// The rules a board is played under, as compile-time policies: what a roll past the last
// square does (OvershootRule) and whether jumps may lead onto other jumps (ChainRule).
#pragma once

#include "../base/jump.hpp"

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
/// than add it to `from`, so no sum overflows. It must put the token on a square of the board,
/// 0..size (a blocked move stays on `from`); the board checks, and refuses any other square with
/// InvalidConfig. `name` is what documents and saved games call it.
///
/// A rule may also declare two facts about itself, which the library then relies on (each is
/// tested against `apply` for the three rules below; test your own the same way):
/// - `static constexpr std::int64_t alike_from(Square size) noexcept`: every roll of at least
///   this length (at least 1) moves a token, from every square 0..size, exactly as this length
///   does. The analysis, the trap search and the fewest rolls then count all those rolls as one,
///   so a 1000-sided die on a 5-square board costs a few rolls. A rule that declares nothing is
///   asked about every roll the dice can give (and dice too large for the question are refused,
///   see max_trap_moves and max_tabulated_roll).
/// - `static constexpr OvershootOutcome past_home(std::int64_t beyond, Square size) noexcept`:
///   the rule's move depends only on how far past home the roll would carry the token:
///   `apply(from, roll, size)` is `past_home(from + roll - size, size)` for every roll past
///   home (`beyond` at least 1), except that a blocked move stays on `from`. The trap search then
///   follows whole runs of overshooting rolls at once (a d20 on 10,000,000 squares, dice of
///   INT_MAX faces); without it, each roll from each square is applied.
template <typename Rule>
concept OvershootRule = requires(Square from, std::int64_t roll, Square size) {
    { Rule::apply(from, roll, size) }
    noexcept->std::same_as<OvershootOutcome>;
    { Rule::name } -> std::convertible_to<std::string_view>;
};

/// An overshoot rule that declares `alike_from` (above).
template <typename Rule>
concept DeclaresRollsAlike = OvershootRule<Rule> && requires(Square size) {
    { Rule::alike_from(size) }
    noexcept->std::same_as<std::int64_t>;
};

/// An overshoot rule that declares `past_home` (above).
template <typename Rule>
concept DeclaresPastHome = OvershootRule<Rule> && requires(std::int64_t beyond, Square size) {
    { Rule::past_home(beyond, size) }
    noexcept->std::same_as<OvershootOutcome>;
};

namespace detail {
// `apply` of a rule declaring past_home, written through it, so the two cannot disagree.
template <class Rule>
constexpr OvershootOutcome apply_past_home(Square from, std::int64_t roll, Square size) noexcept {
    const std::int64_t room = std::int64_t{size} - from;
    if (roll <= room) {
        return {static_cast<Square>(from + roll), false};
    }
    const OvershootOutcome out = Rule::past_home(roll - room, size);
    return out.blocked ? OvershootOutcome{from, true} : out;
}
} // namespace detail

/// The roll must bring the token exactly home; a larger roll forfeits the move.
struct ExactFinish {
    static constexpr std::string_view name = "ExactFinish";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        return detail::apply_past_home<ExactFinish>(from, roll, size);
    }
    /// Every roll past home forfeits the move; size + 1 is past home from every square.
    static constexpr OvershootOutcome past_home(std::int64_t /*beyond*/, Square size) noexcept {
        return {size, true};
    }
    static constexpr std::int64_t alike_from(Square size) noexcept {
        return std::int64_t{size} + 1;
    }
};

/// The token walks to the last square and back by what is left of the roll, never below 1.
struct BounceBack {
    static constexpr std::string_view name = "BounceBack";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        return detail::apply_past_home<BounceBack>(from, roll, size);
    }
    static constexpr OvershootOutcome past_home(std::int64_t beyond, Square size) noexcept {
        const std::int64_t bounced = std::int64_t{size} - beyond;
        return {static_cast<Square>(bounced < 1 ? 1 : bounced), false};
    }
    /// From square 0 a roll of 2 * size - 1 bounces onto square 1, and so does every longer roll
    /// from any square.
    static constexpr std::int64_t alike_from(Square size) noexcept {
        return 2 * std::int64_t{size} - 1;
    }
};

/// Any roll that reaches or passes the last square wins.
struct OvershootWins {
    static constexpr std::string_view name = "OvershootWins";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        return detail::apply_past_home<OvershootWins>(from, roll, size);
    }
    static constexpr OvershootOutcome past_home(std::int64_t /*beyond*/, Square size) noexcept {
        return {size, false};
    }
    /// A roll of size brings a token home from every square.
    static constexpr std::int64_t alike_from(Square size) noexcept { return size; }
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
