// Putting the dice back when a turn fails after its roll, so that a call that throws leaves the
// dice as they were. The way is chosen at compile time from what the dice offer, so a turn saves
// no more than it needs to.
#pragma once

#include "../dice.hpp"

#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace snakeladder::detail {

template <class D>
concept DiceWithEngine = requires(D& dice) {
    { dice.engine() } -> std::same_as<typename D::engine_type&>;
}
&&std::is_nothrow_copy_assignable_v<typename D::engine_type>;

// What it takes to put the dice back as they were if a turn fails after the roll: dice that can
// unroll do so; dice driven by an engine get the engine's saved state back (a few words); other
// copyable dice are copied whole. Dice that are none of these give the basic guarantee only.
enum class CheckpointKind { unroll, engine, copy, none };

template <Dice D>
constexpr CheckpointKind checkpoint_kind() {
    if constexpr (RewindableDice<D>) {
        return CheckpointKind::unroll;
    } else if constexpr (DiceWithEngine<D>) {
        return CheckpointKind::engine;
    } else if constexpr (std::copy_constructible<D> && std::is_nothrow_move_assignable_v<D>) {
        return CheckpointKind::copy;
    } else {
        return CheckpointKind::none;
    }
}

// restore(dice, rolls): `rolls` is how many rolls were made since the checkpoint.
template <Dice D, CheckpointKind = checkpoint_kind<D>()>
class DiceCheckpoint {
public:
    explicit DiceCheckpoint(D& /*dice*/) noexcept {}
    void restore(D& /*dice*/, std::size_t /*rolls*/ = 1) noexcept {}
};

template <Dice D>
class DiceCheckpoint<D, CheckpointKind::unroll> {
public:
    explicit DiceCheckpoint(D& /*dice*/) noexcept {}
    void restore(D& dice, std::size_t rolls = 1) noexcept {
        for (; rolls > 0; --rolls) {
            (void)dice.unroll();
        }
    }
};

template <Dice D>
class DiceCheckpoint<D, CheckpointKind::engine> {
public:
    explicit DiceCheckpoint(D& dice) : saved_(dice.engine()) {}
    void restore(D& dice, std::size_t /*rolls*/ = 1) noexcept { dice.engine() = saved_; }

private:
    typename D::engine_type saved_;
};

template <Dice D>
class DiceCheckpoint<D, CheckpointKind::copy> {
public:
    explicit DiceCheckpoint(D& dice) : saved_(dice) {}
    void restore(D& dice, std::size_t /*rolls*/ = 1) noexcept { dice = std::move(saved_); }

private:
    D saved_;
};

} // namespace snakeladder::detail
