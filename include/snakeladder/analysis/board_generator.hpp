// Boards made to measure: a random valid board whose exact expected game length is close to a
// target, found by a bounded, seeded search over boards.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../base/random.hpp"
#include "../board/board.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"
#include "analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <vector>

namespace snakeladder {

/// What `generate_board` is asked for, besides the target.
template <typename Config>
struct BoardGenerationOptions {
    /// Jumps of each kind on the board: exactly this many.
    int snakes = 8;
    int ladders = 8;
    /// The board's expected game length must be within this many turns of the target.
    double tolerance = 0.5;
    /// The most boards whose expected length is computed before giving up.
    std::int64_t max_candidates = 5000;
    /// The rules and the size of the board.
    Config config{};
};

namespace detail {

// A chain-free jump map being searched over: starts are distinct, and no jump starts where
// another ends, so the board is valid under every chain rule and each jump can be redrawn on
// its own.
class JumpLayout {
public:
    explicit JumpLayout(Square size)
        : size_(size), starts_(static_cast<std::size_t>(size) + 1, 0),
          ends_(static_cast<std::size_t>(size) + 1, 0) {}

    [[nodiscard]] const std::vector<Jump>& jumps() const noexcept { return jumps_; }

    // Draws a jump of the given kind at random, and adds it; false when none was found in a
    // bounded number of tries (the board is too crowded).
    template <typename Engine>
    bool add(Engine& engine, JumpKind kind) {
        Jump jump{};
        if (!draw(engine, kind, jump)) {
            return false;
        }
        place(jump);
        jumps_.push_back(jump);
        return true;
    }

    // Replaces jump i with another of its kind: anywhere at random, or (`direction` != 0)
    // moved so that it helps more (+1: a longer ladder or a shorter snake) or less (-1).
    template <typename Engine>
    bool redraw(Engine& engine, std::size_t i, int direction) {
        const Jump old = jumps_[i];
        remove(old);
        Jump jump{};
        const bool found =
            direction == 0 ? draw(engine, old.kind(), jump) : nudge(engine, old, direction, jump);
        place(found ? jump : old);
        jumps_[i] = found ? jump : old;
        return found;
    }

private:
    [[nodiscard]] bool free_start(Square s) const {
        return s >= 1 && s < size_ && starts_[static_cast<std::size_t>(s)] == 0 &&
               ends_[static_cast<std::size_t>(s)] == 0;
    }
    [[nodiscard]] bool free_end(Square s) const {
        return s >= 1 && s <= size_ && starts_[static_cast<std::size_t>(s)] == 0;
    }

    template <typename Engine>
    bool draw(Engine& engine, JumpKind kind, Jump& jump) const {
        constexpr int tries = 256;
        for (int attempt = 0; attempt < tries; ++attempt) {
            if (kind == JumpKind::ladder) {
                const auto start = static_cast<Square>(uniform_between(engine, 1, size_ - 1));
                const auto end = static_cast<Square>(uniform_between(engine, start + 1, size_));
                jump = {start, end};
            } else {
                const auto start = static_cast<Square>(uniform_between(engine, 2, size_ - 1));
                const auto end = static_cast<Square>(uniform_between(engine, 1, start - 1));
                jump = {start, end};
            }
            if (free_start(jump.start) && free_end(jump.end)) {
                return true;
            }
        }
        return false;
    }

    // Moves one end of `old` so that it helps the player more (direction +1: a longer ladder,
    // a shorter snake) or less (-1). The new end is drawn from the range that does that.
    template <typename Engine>
    bool nudge(Engine& engine, const Jump& old, int direction, Jump& jump) const {
        constexpr int tries = 64;
        const Square a = old.start;
        const Square b = old.end;
        struct Range {
            Square low;
            Square high;
        };
        Range start_range{};
        Range end_range{};
        if (old.kind() == JumpKind::ladder) {
            end_range = direction > 0 ? Range{b + 1, size_} : Range{a + 1, b - 1};
            start_range = direction > 0 ? Range{1, a - 1} : Range{a + 1, b - 1};
        } else {
            end_range = direction > 0 ? Range{b + 1, a - 1} : Range{1, b - 1};
            start_range = direction > 0 ? Range{b + 1, a - 1} : Range{a + 1, size_ - 1};
        }
        for (int attempt = 0; attempt < tries; ++attempt) {
            jump = old;
            const bool move_end = uniform_below(engine, 2) == 0;
            const Range range = move_end ? end_range : start_range;
            if (range.low > range.high) {
                continue;
            }
            (move_end ? jump.end : jump.start) =
                static_cast<Square>(uniform_between(engine, range.low, range.high));
            if (free_start(jump.start) && free_end(jump.end)) {
                return true;
            }
        }
        return false;
    }

    void place(const Jump& jump) {
        starts_[static_cast<std::size_t>(jump.start)] = 1;
        ++ends_[static_cast<std::size_t>(jump.end)];
    }
    void remove(const Jump& jump) {
        starts_[static_cast<std::size_t>(jump.start)] = 0;
        --ends_[static_cast<std::size_t>(jump.end)];
    }

    Square size_;
    std::vector<Jump> jumps_;
    std::vector<unsigned char> starts_;
    std::vector<int> ends_; // how many jumps end on each square
};

} // namespace detail

namespace detail {

// "8 snakes and 8 ladders on 100 squares", for generate_board's messages.
inline std::string jump_words(int snakes, int ladders, Square n) {
    return fmt::format("{} snakes and {} ladders on {} squares", snakes, ladders, n);
}

// Refuses generate_board's options that make no sense, and a target below what any such board
// allows, naming them.
template <typename Config>
void check_generation(double target, const BoardGenerationOptions<Config>& options, int max_roll) {
    const Square n = options.config.size();
    const auto words = [&] { return jump_words(options.snakes, options.ladders, n); };
    if (options.snakes < 0 || options.ladders < 0) {
        throw InvalidConfig(
            fmt::format("generate_board: the numbers of snakes and ladders must be at least 0, "
                        "got {} snakes and {} ladders",
                        options.snakes, options.ladders));
    }
    const std::int64_t jumps = std::int64_t{options.snakes} + options.ladders;
    if (2 * jumps > std::int64_t{n} - 1 || (options.snakes > 0 && n < 3)) {
        throw InvalidConfig(fmt::format(
            "generate_board: {} do not fit: a jump needs a square to start on and one to end "
            "on, so at most (size - 1) / 2 = {} jumps fit",
            words(), (n - 1) / 2));
    }
    if (!(options.tolerance > 0.0) || !std::isfinite(options.tolerance)) {
        throw InvalidConfig(
            fmt::format("generate_board: the tolerance must be a positive number of turns, got {}",
                        options.tolerance));
    }
    if (options.max_candidates < 1) {
        throw InvalidConfig(fmt::format("generate_board: max_candidates must be at least 1, got {}",
                                        options.max_candidates));
    }
    if (!std::isfinite(target)) {
        throw InvalidConfig(fmt::format(
            "generate_board: the target must be a finite number of turns, got {}", target));
    }
    // Bounds every board obeys: a game takes at least one turn, and without ladders a token
    // advances at most max_roll squares a turn.
    const double fewest =
        options.ladders == 0
            ? std::ceil(static_cast<double>(n) / static_cast<double>(std::max(1, max_roll)))
            : 1.0;
    if (target + options.tolerance < fewest) {
        throw InvalidConfig(fmt::format(
            "generate_board: no board with {} lasts {} turns: every game there takes at least {} "
            "turn{}{}",
            words(), target, fewest, fewest == 1.0 ? "" : "s",
            options.ladders == 0 ? " (without ladders a token moves at most the largest roll a "
                                   "turn)"
                                 : ""));
    }
}

// A random layout of the jumps asked for, none chained; InvalidConfig when they do not fit.
template <UniformRandomBitGenerator Engine>
JumpLayout random_layout(Engine& engine, Square n, int snakes, int ladders) {
    JumpLayout layout(n);
    bool placed = true;
    for (int i = 0; i < snakes && placed; ++i) {
        placed = layout.add(engine, JumpKind::snake);
    }
    for (int i = 0; i < ladders && placed; ++i) {
        placed = layout.add(engine, JumpKind::ladder);
    }
    if (!placed) {
        throw InvalidConfig(
            fmt::format("generate_board: could not place {}: the board is too crowded",
                        jump_words(snakes, ladders, n)));
    }
    return layout;
}

} // namespace detail

/// A random valid board with exactly `options.snakes` snakes and `options.ladders` ladders whose
/// exact expected game length (one player, `dice`) is within `options.tolerance` of `target`
/// turns. The board has no chained jumps, so it is valid under every chain rule.
///
/// The search: random boards (restarts), each improved by local moves of one jump at a time
/// (redrawn at random, or moved in the direction that brings the length towards the target),
/// keeping a move when it brings the length closer; at most `options.max_candidates` boards
/// are evaluated. The same engine state gives the same board on every platform.
///
/// Throws InvalidConfig for options that make no sense (negative counts, more jumps than half
/// the board, a tolerance or budget that is not positive), for a target below what any such
/// board allows (every game takes a turn; without ladders every game takes at least
/// size / max_roll turns), and when the search ends without reaching the target (the message
/// gives the closest length found).
template <typename Config = GameConfig<>, UniformRandomBitGenerator Engine,
          DiceWithOdds D = FairDice<>>
[[nodiscard]] Board<Config> generate_board(Engine& engine, double target,
                                           const BoardGenerationOptions<Config>& options = {},
                                           const D& dice = D{}) {
    const Square n = options.config.size();
    const auto words = [&] { return detail::jump_words(options.snakes, options.ladders, n); };
    const std::int64_t jumps = std::int64_t{options.snakes} + options.ladders;
    detail::check_generation(target, options, dice.max_roll());

    // The rolls depend on the size and the overshoot rule alone, not on the layout.
    const std::vector<detail::RollOdds> odds =
        detail::board_roll_odds(dice, Board<Config>(std::vector<Jump>{}, options.config));
    std::int64_t candidates = 0;
    double closest = std::numeric_limits<double>::infinity();
    double shortest_seen = std::numeric_limits<double>::infinity();
    double longest_seen = 0.0;
    const auto evaluate = [&](const std::vector<Jump>& layout) {
        ++candidates;
        const Board<Config> board(layout, options.config);
        double length = std::numeric_limits<double>::infinity();
        try {
            length = detail::expected_turns_from_odds(board, odds, SolveOptions{}).from_start;
        } catch (const Error&) {
            // A candidate on which a game almost never ends has no computable length: it is
            // as far from any target as a board with a trap.
        }
        if (std::isfinite(length)) {
            shortest_seen = std::min(shortest_seen, length);
            longest_seen = std::max(longest_seen, length);
            closest = std::abs(length - target) < std::abs(closest - target) ? length : closest;
        }
        return length;
    };
    const auto miss = [&](double length) {
        return std::isfinite(length) ? std::abs(length - target)
                                     : std::numeric_limits<double>::infinity();
    };

    // A restart gives up after this many moves in a row that did not bring it closer.
    constexpr int patience = 40;
    while (candidates < options.max_candidates) {
        detail::JumpLayout layout =
            detail::random_layout(engine, n, options.snakes, options.ladders);
        double length = evaluate(layout.jumps());
        int stale = 0;
        while (miss(length) > options.tolerance && stale < patience &&
               candidates < options.max_candidates && jumps > 0) {
            const auto i =
                static_cast<std::size_t>(uniform_below(engine, static_cast<std::uint64_t>(jumps)));
            // Half the moves go towards the target: a board whose game is too long (or never
            // ends) gets a jump that helps more, one whose game is too short one that helps less.
            int direction = 0;
            if (uniform_below(engine, 2) == 0) {
                direction = (!std::isfinite(length) || length > target) ? +1 : -1;
            }
            detail::JumpLayout trial = layout;
            if (!trial.redraw(engine, i, direction)) {
                ++stale;
                continue;
            }
            const double trial_length = evaluate(trial.jumps());
            if (miss(trial_length) < miss(length)) {
                layout = std::move(trial);
                length = trial_length;
                stale = 0;
            } else {
                ++stale;
            }
        }
        if (miss(length) <= options.tolerance) {
            return Board<Config>(layout.jumps(), options.config);
        }
    }
    const std::string seen =
        std::isfinite(closest)
            ? fmt::format("the closest had {:.4g} turns (lengths seen: {:.4g} to {:.4g})", closest,
                          shortest_seen, longest_seen)
            : std::string("every board tried had a trap, or a game so unlikely to end that its "
                          "length could not be computed");
    throw InvalidConfig(fmt::format("generate_board: found no board with {} whose expected game "
                                    "lasts {} +- {} turns within {} candidate boards; {}",
                                    words(), target, options.tolerance, options.max_candidates,
                                    seen));
}

} // namespace snakeladder
