// One line of a game's log: everything a turn did, as a plain value that prints as a sentence.
#pragma once

#include "jump.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace snakeladder {

/// One turn, as it was played. Records are values: they compare equal when two games played the
/// same turn, and outlive the game that made them.
///
/// The record is built on every turn of `Game::play`, so it is kept allocation-free in the common
/// case: the jumps are stored inline (JumpPath) and the name is a short string (no allocation for
/// names that fit the standard library's small-string buffer, 15 bytes with libstdc++ and libc++).
struct TurnRecord {
    /// 1 for the first turn of the game, then 2, 3... with no gap.
    std::uint64_t turn = 0;
    /// The player's place in the rotation, from 0.
    std::size_t seat = 0;
    /// The player's name.
    std::string player;
    /// The jumps the token took after it landed, in order (none for most turns).
    JumpPath jumps;
    int roll = 0;
    /// Where the token stood before the roll (0: not on the board yet).
    Square start = 0;
    /// Where the overshoot rule put it, before any jump.
    Square landed = 0;
    /// Where it came to rest.
    Square end = 0;
    /// For a blocked move, the roll that would have brought the token exactly home; else 0.
    Square needed = 0;
    /// 1 for the first player home, 2 for the next...; 0 when this turn did not bring it home.
    int place = 0;
    /// The exact-finish rule forfeited the move: the token stayed on `start`.
    bool blocked = false;
    /// The token ended the turn on the last square.
    bool home = false;

    friend bool operator==(const TurnRecord&, const TurnRecord&) = default;
};

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`, `13th`, ... `21st`.
inline std::string ordinal(std::int64_t n) {
    const std::int64_t last_two = (n < 0 ? -n : n) % 100;
    const std::int64_t last = last_two % 10;
    const char* suffix = "th";
    if (last_two < 11 || last_two > 13) {
        suffix = last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
    }
    return std::to_string(n) + suffix;
}

} // namespace snakeladder

/// Prints a record as a sentence:
///   `Ana rolls 3: 5 to 8`
///   `Ana rolls 1: 0 to 38 via ladder 1-38`
///   `Ana rolls 5: 97 to 78 via snake 98-78`
///   `Ana rolls 2: 3 to 40 via ladder 5-20 then ladder 20-40`
///   `Ana rolls 5, needs exactly 3, stays on 97`
///   `Ana rolls 3: 97 to 100 and is home (1st)`
template <>
struct fmt::formatter<snakeladder::TurnRecord> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::TurnRecord& record, FormatContext& ctx) const {
        auto out = ctx.out();
        if (record.blocked) {
            return fmt::format_to(out, "{} rolls {}, needs exactly {}, stays on {}", record.player,
                                  record.roll, record.needed, record.start);
        }
        out = fmt::format_to(out, "{} rolls {}: {} to {}", record.player, record.roll, record.start,
                             record.end);
        const char* separator = " via ";
        for (const snakeladder::Jump& jump : record.jumps) {
            out = fmt::format_to(out, "{}{}", separator, jump);
            separator = " then ";
        }
        if (record.home) {
            out = fmt::format_to(out, " and is home ({})", snakeladder::ordinal(record.place));
        }
        return out;
    }
};
