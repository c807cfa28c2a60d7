// One line of a game's log: everything a turn did, as a plain value that prints as a sentence.
#pragma once

#include "../base/jump.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder {

/// A roll after the first in one turn, granted by a maximum roll (house rule ExtraTurnOnMax).
struct ExtraRoll {
    int roll = 0;
    /// Where the token stood before this roll.
    Square start = 0;
    /// Where the overshoot rule put it, before any jump.
    Square landed = 0;
    /// Where it came to rest after this roll (for the roll that forfeits the turn: `start`).
    Square end = 0;
    JumpPath jumps;
    /// For a blocked move, the roll that would have brought the token exactly home; else 0.
    Square needed = 0;
    bool blocked = false;
    /// This roll was the maximum that forfeited the turn; it did not move the token.
    bool forfeits = false;
    /// House rule SixToStart: the token was still on square 0 (a maximum roll from there was
    /// blocked by the exact-finish rule) and this roll was not the maximum, so it stays there;
    /// `needed` is then the maximum.
    bool waiting = false;
    /// A game where players decide (DecisionGame): the dice the player picked for this roll, by
    /// index in the game's Choices; empty when there was one dice and nothing to pick.
    std::optional<std::uint32_t> dice;
    /// A game where players decide: the player saw this roll and stayed where they stood, which
    /// ended the turn (`end` is `start`).
    bool stayed = false;

    friend bool operator==(const ExtraRoll&, const ExtraRoll&) = default;
};

/// A token a house rule moved after a roll: sent back to square 0 by another landing on its
/// square (KnockBack), or moved by a rule of the user's (the mover's own token included, when
/// `seat` is the record's).
struct KnockedBack {
    std::uint32_t seat = 0;
    std::string player;
    /// The square it was moved from (for KnockBack: where the mover's roll ended).
    Square from = 0;
    /// The roll of the turn that moved it: 0 for the first, i for `extra_rolls[i - 1]`.
    std::size_t by_roll = 0;
    /// Where it was moved to (0 for KnockBack).
    Square to = 0;

    friend bool operator==(const KnockedBack&, const KnockedBack&) = default;
};

/// Turns to miss that a house rule gave a player during a turn (MissTurnSquares: one).
struct TurnToMiss {
    std::uint32_t seat = 0;
    std::string player;
    /// The roll of the turn that gave it: 0 for the first, i for `extra_rolls[i - 1]`.
    std::size_t by_roll = 0;
    /// How many turns it gave.
    std::uint32_t turns = 1;
    friend bool operator==(const TurnToMiss&, const TurnToMiss&) = default;
};

/// A turn the rotation passed over right after a turn, because its player had a turn to miss.
/// It counts as a turn of the game (its number is `turn`) and has no record of its own.
struct MissedTurn {
    std::uint64_t turn = 0;
    std::uint32_t seat = 0;
    std::string player;
    friend bool operator==(const MissedTurn&, const MissedTurn&) = default;
};

/// One turn, as it was played. Records are values: they compare equal when two games played the
/// same turn, and outlive the game that made them.
///
/// `roll`, `landed`, `jumps`, `needed` and `blocked` describe the turn's first roll, which is its
/// only roll unless a house rule granted more (see `extra_rolls`); `start` and `end` are where
/// the token stood when the turn began and when it was over.
///
/// The record is built on every turn of `Game::play`, so it is kept allocation-free in the common
/// case: the jumps are stored inline (JumpPath), the vectors stay empty, and the name is a short
/// string (no allocation for names that fit the standard library's small-string buffer, 15 bytes
/// with libstdc++ and libc++).
struct TurnRecord {
    /// 1 for the first turn of the game, then 2, 3... with no gap but the turns missed under a
    /// house rule (listed in the record before them, `missed_after`).
    std::uint64_t turn = 0;
    /// The player's place in the rotation, from 0.
    std::uint32_t seat = 0;
    /// The player's name.
    std::string player;
    /// The jumps the token took after the first roll landed, in order (none for most turns).
    JumpPath jumps;
    /// The first roll of the turn.
    int roll = 0;
    /// Where the token stood before the roll (0: not on the board yet).
    Square start = 0;
    /// Where the overshoot rule put it, before any jump.
    Square landed = 0;
    /// Where it came to rest when the turn was over.
    Square end = 0;
    /// For a blocked first move, the roll that would have brought the token exactly home; else 0.
    Square needed = 0;
    /// 1 for the first player home, 2 for the next...; 0 when this turn did not bring it home.
    int place = 0;
    /// The exact-finish rule forfeited the first move: the token stayed on `start`.
    bool blocked = false;
    /// The token ended the turn on the last square.
    bool home = false;
    /// A starting-roll rule (SixToStart, StartingRolls): the token was on square 0 and the roll
    /// did not let it start, so it stays there; `needed` is the roll it needed when one roll
    /// would do, else 0.
    bool waiting = false;
    /// House rule ExtraTurnOnMax: too many maximum rolls in a row forfeited the turn; the token
    /// is back on `start` (the last of `extra_rolls` is the roll that forfeited it).
    bool forfeited = false;
    /// A game where players decide (DecisionGame): the dice the player picked for the first
    /// roll, by index in the game's Choices; empty when there was one dice and nothing to pick.
    std::optional<std::uint32_t> dice;
    /// A game where players decide: the player saw the first roll and stayed where they stood,
    /// which ended the turn (`end` is `start`).
    bool stayed = false;
    /// The rolls after the first, in order, when a house rule granted more (ExtraTurnOnMax,
    /// RollAgainOnMax, a rule of the user's).
    std::vector<ExtraRoll> extra_rolls;
    /// House rule KnockBack (and rules of the user's): the tokens the turn's rolls moved after
    /// the move, in order.
    std::vector<KnockedBack> knocked_back;
    /// Turns to miss that a house rule gave during this turn, in order.
    std::vector<TurnToMiss> turns_to_miss;
    /// The turns missed right after this one, in order (the next record's number follows the
    /// last of them).
    std::vector<MissedTurn> missed_after;

    /// Every roll of the turn, the first included.
    [[nodiscard]] std::vector<int> rolls() const {
        std::vector<int> all{roll};
        for (const ExtraRoll& extra : extra_rolls) {
            all.push_back(extra.roll);
        }
        return all;
    }

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

/// A record to print with the dice picked called by name: with `dice_names` {"one die", "two
/// dice"}, `Ana rolls 8 with two dice: 10 to 18` where the record alone says `with dice 1`.
/// Dice past the names keep their number. Made by with_dice_names; it refers to the record and
/// the names, so print it while both exist.
struct RecordWithDiceNames {
    const TurnRecord* record = nullptr;
    std::span<const std::string> dice_names;
};

[[nodiscard]] inline RecordWithDiceNames
with_dice_names(const TurnRecord& record, std::span<const std::string> dice_names) noexcept {
    return {&record, dice_names};
}

} // namespace snakeladder

/// Prints a record as a sentence:
///   `Ana rolls 3: 5 to 8`
///   `Ana rolls 1: 0 to 38 via ladder 1-38`
///   `Ana rolls 5: 97 to 78 via snake 98-78`
///   `Ana rolls 2: 3 to 40 via ladder 5-20 then ladder 20-40`
///   `Ana rolls 5, needs exactly 3, stays on 97`
///   `Ana rolls 3: 97 to 100 and is home (1st)`
/// and, under house rules:
///   `Ana rolls 4, needs a 6 to start, waits on 0`
///   `Ana rolls 6: 10 to 16, rolls 2: 16 to 18`
///   `Ana rolls 6: 10 to 16, rolls 6: 16 to 22, rolls 6: forfeits the turn, back to 10`
///   `Ana rolls 3: 12 to 15, sends Ben back to 0`
///   `Ana rolls 4, cannot start with it, waits on 0` (StartingRolls{1,6})
///   `Ana rolls 2: 15 to 17, then to 14` (a rule of the user's moved the mover)
///   `Ana rolls 3: 17 to 20, will miss a turn` (MissTurnSquares)
///   `Ben rolls 2: 5 to 7; Ana misses turn 9`
/// and where players decide (DecisionGame; dice are numbered from 0, as in Choices):
///   `Ana rolls 8 with dice 1: 10 to 18`
///   `Ana rolls 5, stays on 97`
template <>
struct fmt::formatter<snakeladder::TurnRecord> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::TurnRecord& record, FormatContext& ctx) const {
        return write(ctx.out(), record, {});
    }

    // The sentence, the dice picked called by `dice_names` where they have one.
    template <typename Out>
    static Out write(Out out, const snakeladder::TurnRecord& record,
                     std::span<const std::string> dice_names) {
        out = fmt::format_to(out, "{} ", record.player);
        out = rolls(out, record.roll, record.dice, dice_names);
        if (record.waiting) {
            out = waits(out, record.needed, record.start);
            return missed(out, record);
        }
        if (record.forfeited && record.extra_rolls.empty()) { // a rule forfeited the first roll
            out = fmt::format_to(out, ": forfeits the turn, back to {}", record.end);
            return missed(out, record);
        }
        const Square first_end =
            record.extra_rolls.empty() ? record.end : record.extra_rolls.front().start;
        out = move(out, record.start, board_end(record, 0, first_end), record.jumps, record.needed,
                   record.blocked, record.stayed);
        out = knocks(out, record, 0);
        for (std::size_t i = 0; i < record.extra_rolls.size(); ++i) {
            const snakeladder::ExtraRoll& extra = record.extra_rolls[i];
            out = rolls(fmt::format_to(out, ", "), extra.roll, extra.dice, dice_names);
            if (extra.forfeits) {
                out = fmt::format_to(out, ": forfeits the turn, back to {}", record.end);
                continue;
            }
            if (extra.waiting) {
                out = waits(out, extra.needed, extra.start);
                continue;
            }
            out = move(out, extra.start, board_end(record, i + 1, extra.end), extra.jumps,
                       extra.needed, extra.blocked, extra.stayed);
            out = knocks(out, record, i + 1);
        }
        if (record.home) {
            out = fmt::format_to(out, " and is home ({})", snakeladder::ordinal(record.place));
        }
        return missed(out, record);
    }

private:
    using Square = snakeladder::Square;

    // `rolls 8`, or `rolls 8 with dice 1` where the player picked the dice (`with two dice`
    // when the dice have a name).
    template <typename Out>
    static Out rolls(Out out, int roll, const std::optional<std::uint32_t>& dice,
                     std::span<const std::string> dice_names) {
        out = fmt::format_to(out, "rolls {}", roll);
        if (dice && *dice < dice_names.size()) {
            out = fmt::format_to(out, " with {}", dice_names[*dice]);
        } else if (dice) {
            out = fmt::format_to(out, " with dice {}", *dice);
        }
        return out;
    }

    // What a roll did, after `rolls N`.
    template <typename Out>
    static Out move(Out out, Square start, Square end, const snakeladder::JumpPath& jumps,
                    Square needed, bool blocked, bool stayed) {
        if (stayed) {
            return fmt::format_to(out, ", stays on {}", start);
        }
        if (blocked) {
            return fmt::format_to(out, ", needs exactly {}, stays on {}", needed, start);
        }
        out = fmt::format_to(out, ": {} to {}", start, end);
        const char* separator = " via ";
        for (const snakeladder::Jump& jump : jumps) {
            out = fmt::format_to(out, "{}{}", separator, jump);
            separator = " then ";
        }
        return out;
    }

    template <typename Out>
    static Out waits(Out out, Square needed, Square start) {
        if (needed != 0) {
            return fmt::format_to(out, ", needs a {} to start, waits on {}", needed, start);
        }
        return fmt::format_to(out, ", cannot start with it, waits on {}", start);
    }

    // Where the board put the mover on roll `index`, before a house rule moved it on.
    static Square board_end(const snakeladder::TurnRecord& record, std::size_t index, Square end) {
        for (const snakeladder::KnockedBack& moved : record.knocked_back) {
            if (moved.by_roll == index && moved.seat == record.seat) {
                return moved.from;
            }
        }
        return end;
    }

    // What house rules did after roll `index` (0: the first roll): tokens moved, turns to miss.
    template <typename Out>
    static Out knocks(Out out, const snakeladder::TurnRecord& record, std::size_t index) {
        for (const snakeladder::KnockedBack& knocked : record.knocked_back) {
            if (knocked.by_roll != index) {
                continue;
            }
            if (knocked.seat == record.seat) {
                out = fmt::format_to(out, ", then to {}", knocked.to);
            } else if (knocked.to == 0) {
                out = fmt::format_to(out, ", sends {} back to 0", knocked.player);
            } else {
                out = fmt::format_to(out, ", sends {} to {}", knocked.player, knocked.to);
            }
        }
        for (const snakeladder::TurnToMiss& miss : record.turns_to_miss) {
            if (miss.by_roll != index) {
                continue;
            }
            const std::string turns =
                miss.turns == 1 ? std::string("a turn") : fmt::format("{} turns", miss.turns);
            if (miss.seat == record.seat) {
                out = fmt::format_to(out, ", will miss {}", turns);
            } else {
                out = fmt::format_to(out, ", {} will miss {}", miss.player, turns);
            }
        }
        return out;
    }

    // The turns missed right after this one.
    template <typename Out>
    static Out missed(Out out, const snakeladder::TurnRecord& record) {
        for (const snakeladder::MissedTurn& turn : record.missed_after) {
            out = fmt::format_to(out, "; {} misses turn {}", turn.player, turn.turn);
        }
        return out;
    }
};

/// Prints a record with the dice picked called by name (snakeladder::with_dice_names).
template <>
struct fmt::formatter<snakeladder::RecordWithDiceNames> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::RecordWithDiceNames& named, FormatContext& ctx) const {
        return fmt::formatter<snakeladder::TurnRecord>::write(ctx.out(), *named.record,
                                                              named.dice_names);
    }
};
