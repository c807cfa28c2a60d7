// The simulator's move table: where a token on a square ends after each roll, read with one
// load a turn (and, for small boards, two rolls at a time), or the board's own move where a
// table would not pay.
#pragma once

#include "../../base/jump.hpp"
#include "../../board/board.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace snakeladder::detail {

// Where a token on `from` ends after `roll`, for every roll the dice can make: one load a turn.
// Row r holds the moves of roll r, so the address of a move is the row (known as soon as the
// dice have rolled) plus the square, and the chain from one turn's square to the next is a
// single load. Not built for boards and dice too large for it to pay (see `fits`).
//
// For small boards and dice it holds the moves of two rolls in a row as well (see
// `TwoRollStep`), which halves the chain of loads of a one-player game.
class NextSquareTable {
public:
    static constexpr std::size_t max_entries = std::size_t{1} << 20; // 4 MiB
    // The two-roll table is built only while it stays in the fastest caches: 64 KiB, of which
    // the classic board with one die takes 19 KiB (7 x 7 rows of 101 squares), and only for
    // dice that roll at most max_pair_roll (two dice roll up to 12: not built).
    static constexpr std::size_t max_two_roll_entries = std::size_t{1} << 14;

    static constexpr bool fits(Square size, int max_roll) noexcept {
        return (static_cast<std::size_t>(max_roll) + 1) <=
               max_entries / (static_cast<std::size_t>(size) + 1);
    }

    // Row 0 stays unused: the simulation checks every roll is at least 1 before it looks up.
    // Only the moves a game can make ask the overshoot rule: the rolls of `made` (the dice's own,
    // dice_roll_runs) from the squares below home; the others (a token home, a roll of zero
    // weight) are never looked up, and a rule of the user's that could not apply to them must
    // not refuse the simulation (a token home stays home; the rest stay where they are).
    template <class Config>
    NextSquareTable(const BasicBoard<Config>& board, int max_roll, std::span<const RollRun> made)
        : stride_(static_cast<std::size_t>(board.size()) + 1),
          rolls_(static_cast<std::size_t>(max_roll) + 1) {
        next_.resize(rolls_ * stride_);
        for (std::size_t roll = 1; roll < rolls_; ++roll) {
            for (Square from = 0; from <= board.size(); ++from) {
                at(next_, roll, from) = from;
            }
        }
        for (const RollRun& run : made) {
            for (std::int64_t roll = run.low; roll <= std::min<std::int64_t>(run.high, max_roll);
                 ++roll) {
                for (Square from = 0; from < board.size(); ++from) {
                    at(next_, static_cast<std::size_t>(roll), from) = board.advance(from, roll);
                }
            }
        }
        for (std::size_t roll = 0; roll < rolls_; ++roll) {
            rows_.push_back(next_.data() + roll * stride_);
        }
        if (max_roll > max_pair_roll || rolls_ > max_two_roll_entries / rolls_ / stride_) {
            return;
        }
        // Row first * rolls_ + second: where two rolls take a token. A token the first roll takes
        // home stays there, so that one look at the second square tells a game that ended.
        const Square home = board.size();
        next_two_.resize(rolls_ * rolls_ * stride_);
        pair_rows_.assign(std::size_t{max_pair_roll} * max_pair_roll, nullptr);
        for (std::size_t first = 1; first < rolls_; ++first) {
            for (std::size_t second = 1; second < rolls_; ++second) {
                const std::size_t row = first * rolls_ + second;
                for (Square from = 0; from <= home; ++from) {
                    const Square middle = at(next_, first, from);
                    at(next_two_, row, from) = middle == home ? home : at(next_, second, middle);
                }
                pair_rows_[(first - 1) * max_pair_roll + (second - 1)] =
                    next_two_.data() + row * stride_;
            }
        }
    }

    // What the game loop holds: a pointer to one row pointer per roll. The row of a move is
    // found from the roll alone, off the chain of dependent loads from one turn's square to the
    // next, which is then a single load. Copied into the loop, it stays in a register.
    struct Step {
        const Square* const* rows;
        [[nodiscard]] Square operator()(Square from, int roll) const noexcept {
            return rows[roll][from];
        }
    };
    [[nodiscard]] Step step() const noexcept { return {rows_.data()}; }

    // Two rolls with one load on the chain from square to square: a row pointer per pair of
    // rolls, found from the rolls alone, then the square.
    //
    // The pair is given as its two rolls less one each (0 for a roll of 1), and its row pointer
    // is at (first - 1) * 8 + (second - 1). Fair dice draw exactly those numbers (a roll is 1 +
    // the draw), so the game loop's `roll() - 1` folds away and the index is one address
    // computation with a constant stride. Measured on the classic board, the +1s, the -1s and a
    // stride held in a variable cost about a tenth of the time of a turn.
    static constexpr int max_pair_roll = 8;
    struct TwoRollStep {
        const Square* const* one_rows;
        const Square* const* pair_rows;
        [[nodiscard]] Square operator()(Square from, int roll) const noexcept {
            return one_rows[roll][from];
        }
        [[nodiscard]] Square pair(Square from, int first_less_one,
                                  int second_less_one) const noexcept {
            // Both at least 0 (the roller checks every roll is at least 1): as unsigned they
            // widen for free.
            return pair_rows[static_cast<unsigned>(first_less_one) * max_pair_roll +
                             static_cast<unsigned>(second_less_one)][from];
        }
    };
    // None when the board and dice are too large for the two-roll table, or the dice roll more
    // than max_pair_roll.
    [[nodiscard]] std::optional<TwoRollStep> two_roll_step() const noexcept {
        if (next_two_.empty()) {
            return std::nullopt;
        }
        return TwoRollStep{rows_.data(), pair_rows_.data()};
    }

private:
    Square& at(std::vector<Square>& table, std::size_t row, Square from) const {
        return table[row * stride_ + static_cast<std::size_t>(from)];
    }

    std::size_t stride_;
    std::size_t rolls_; // max_roll + 1
    std::vector<Square> next_;
    std::vector<const Square*> rows_;      // rows_[roll] = &next_[roll * stride_]
    std::vector<Square> next_two_;         // empty when too large
    std::vector<const Square*> pair_rows_; // [(first - 1) * 8 + second - 1]: its row of next_two_
};

// The board's own move, for boards whose table would be too large.
template <class Config>
struct BoardStep {
    const BasicBoard<Config>* board;
    [[nodiscard]] Square operator()(Square from, int roll) const {
        return board->advance(from, roll);
    }
};

} // namespace snakeladder::detail
