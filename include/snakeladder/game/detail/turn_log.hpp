// The game's exact log of turns, and what house-rule turns keep beside it. Apart from Game so
// that the log's layout, which decides what a turn costs to record, can be read on its own.
#pragma once

#include "../../base/jump.hpp"
#include "../../rules/game_state.hpp"
#include "../../turn/turn_model.hpp"
#include "../../turn/turn_record.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// One turn as the game keeps it: four words, so that logging a turn costs two stores. The rest
// of a TurnRecord follows from these on the (immutable) board: where the token landed and whether
// the move was blocked from the overshoot rule, the jumps from where it landed, home from `end`,
// the place from the finish order, the name from the seat.
struct LoggedTurn {
    Square start;
    Square end;
    std::uint32_t seat;
    std::int32_t roll;
    friend constexpr bool operator==(const LoggedTurn&, const LoggedTurn&) = default;
};

// What a turn did, where its LoggedTurn does not say it all: the outcome of each of its rolls
// (the record is built from them, and undo takes them back) and its number (missed turns count,
// so it may be more than its index plus one). Kept for every turn of a Game with house rules and
// of a DecisionGame; for none of a Game of the standard game.
struct TurnDetail {
    std::uint64_t turn = 0;
    std::vector<RollOutcome> rolls;
    friend bool operator==(const TurnDetail&, const TurnDetail&) = default;
};

// What the player decided at one roll, where players decide (a DecisionGame): the dice picked
// (none with one dice to roll) and whether they stayed. Kept apart from TurnDetail, so that a
// Game, where nobody decides, keeps nothing for it.
struct RollDecision {
    std::optional<std::uint32_t> dice;
    bool stayed = false;
    friend bool operator==(const RollDecision&, const RollDecision&) = default;
};

// The record of a turn from its detail and, where players decide, what they decided at each
// roll (else empty); `names` the players by seat. Both games' records come from here.
[[nodiscard]] inline TurnRecord record_of(const TurnDetail& turn,
                                          std::span<const RollDecision> decided,
                                          std::span<const std::string> names) {
    TurnRecord record = turn_record(turn.rolls, turn.turn, names);
    if (!decided.empty()) {
        record.dice = decided.front().dice;
        record.stayed = decided.front().stayed;
        for (std::size_t i = 0; i < record.extra_rolls.size(); ++i) {
            record.extra_rolls[i].dice = decided[i + 1].dice;
            record.extra_rolls[i].stayed = decided[i + 1].stayed;
        }
    }
    return record;
}

// The log: an append-only array of LoggedTurn. Not a std::vector: a turn reserves room before it
// rolls (the only step that can fail), so appending is a plain store with no capacity check.
class TurnLog {
public:
    TurnLog() = default;
    TurnLog(TurnLog&& other) noexcept
        : turns_(std::move(other.turns_)), size_(std::exchange(other.size_, 0)),
          capacity_(std::exchange(other.capacity_, 0)) {}
    TurnLog& operator=(TurnLog&& other) noexcept {
        turns_ = std::move(other.turns_);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
        return *this;
    }
    TurnLog(const TurnLog&) = delete;
    TurnLog& operator=(const TurnLog&) = delete;
    ~TurnLog() = default;

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] bool full() const noexcept { return size_ == capacity_; }
    [[nodiscard]] std::size_t room() const noexcept { return capacity_ - size_; }
    [[nodiscard]] const LoggedTurn& operator[](std::size_t i) const noexcept { return turns_[i]; }
    [[nodiscard]] const LoggedTurn& back() const noexcept { return turns_[size_ - 1]; }

    friend bool operator==(const TurnLog& a, const TurnLog& b) noexcept {
        return std::equal(a.turns_.get(), a.turns_.get() + a.size_, b.turns_.get(),
                          b.turns_.get() + b.size_);
    }

    /// Makes room for at least one more turn; on failure the log is unchanged.
    void grow() {
        const std::size_t capacity = std::max<std::size_t>(128, 2 * capacity_);
        Turns bigger(new LoggedTurn[capacity]);
        std::copy(turns_.get(), turns_.get() + size_, bigger.get());
        turns_ = std::move(bigger);
        capacity_ = capacity;
    }
    /// The next entry, to fill in place (assembling it elsewhere and copying it in costs a
    /// store-forwarding stall per turn). Only when !full().
    [[nodiscard]] LoggedTurn& append() noexcept { return turns_[size_++]; }
    /// The room() entries after the last, to fill before appended() counts them in.
    [[nodiscard]] LoggedTurn* free_space() noexcept { return turns_.get() + size_; }
    void appended(std::size_t count) noexcept { size_ += count; }
    void pop_back() noexcept { --size_; }

private:
    // unique_ptr<T[]> owns a dynamic array; no std::array can, and a std::vector would zero the
    // entries it grows by (new LoggedTurn[n] leaves them uninitialised, to be filled in place).
    using Turns = std::unique_ptr<LoggedTurn[]>; // NOLINT(modernize-avoid-c-arrays): see above

    Turns turns_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

} // namespace snakeladder::detail
