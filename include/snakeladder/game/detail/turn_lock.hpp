// The lock a turn holds on its game's hub. Not a std::lock_guard: an observer that plays a turn
// runs inside the delivery loop, which already holds the lock, and locking again would deadlock.
#pragma once

#include "../null_mutex.hpp"
#include "event_hub.hpp"

namespace snakeladder::detail {

// Holds turn_mutex for one turn, unless this thread is delivering events (an observer playing
// a turn), in which case the delivery loop already holds it and will deliver this turn's events.
template <BasicLockable Mutex>
class TurnLock {
public:
    explicit TurnLock(GameHub<Mutex>& hub) : TurnLock(hub, hub.delivering_here()) {}
    // `nested`: hub.delivering_here(), when the caller already knows it. It cannot change while
    // one call plays turns: only this thread's own delivery sets it, and resets it on return.
    TurnLock(GameHub<Mutex>& hub, bool nested) : hub_(hub), owner_(!nested) {
        if (owner_) {
            hub_.turn_mutex.lock();
        }
    }
    TurnLock(const TurnLock&) = delete;
    TurnLock& operator=(const TurnLock&) = delete;
    ~TurnLock() { unlock(); }

    [[nodiscard]] bool owner() const noexcept { return owner_; }
    void unlock() noexcept {
        if (owner_) {
            owner_ = false;
            hub_.turn_mutex.unlock();
        }
    }

private:
    GameHub<Mutex>& hub_;
    bool owner_;
};

} // namespace snakeladder::detail
