// The lock a game takes around each turn, as a policy: std::mutex when several threads share a
// game, NullMutex when one thread owns it and locking would be wasted work.
#pragma once

#include <concepts>

namespace snakeladder {

/// What a game asks of its mutex: the standard's BasicLockable, and default-constructible so the
/// game can make its own.
template <class M>
concept BasicLockable = std::default_initializable<M> && requires(M& mutex) {
    mutex.lock();
    mutex.unlock();
};

/// A mutex that does nothing, for a game only one thread ever touches. Every call compiles away.
struct NullMutex {
    constexpr void lock() noexcept {}
    constexpr void unlock() noexcept {}
    [[nodiscard]] constexpr bool try_lock() noexcept { return true; }
};

static_assert(BasicLockable<NullMutex>);

} // namespace snakeladder
