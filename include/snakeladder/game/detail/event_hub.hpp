// What a game shares with its Subscriptions: the locks, the observers and the events waiting to
// be delivered. It sits behind a shared_ptr apart from the game so that a Subscription that
// outlives its game still has a lock to take when it unsubscribes.
#pragma once

#include "../game_events.hpp"
#include "../null_mutex.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// The hubs whose events this thread is delivering, innermost first: an observer of one game may
// play a turn of another. A thread_local chain instead of a thread id in each hub, so that no
// header that starts no thread needs <thread>.
struct DeliveryFrame {
    const void* hub = nullptr;
    const DeliveryFrame* outer = nullptr;
};
inline thread_local const DeliveryFrame* delivery_frames = nullptr;

// The part of a game that observers and Subscriptions share. It outlives the game while a
// Subscription is being reset, so the locks it holds are always there to take.
//
// Two locks, so that an observer can read the game while its event is being delivered:
// - turn_mutex serialises turns together with the delivery of their events (which keeps events in
//   turn order) and guards the observer list and the event queue;
// - state_mutex guards what readers see, and is held only while a turn changes the state.
// A turn takes turn_mutex then state_mutex; a reader takes state_mutex alone.
template <BasicLockable Mutex>
class GameHub final : public SubscriptionTarget {
public:
    struct Entry {
        std::uint64_t id = 0;
        std::unique_ptr<Observer> observer;
        bool active = true;
    };

    Mutex turn_mutex;
    Mutex state_mutex;
    std::vector<Entry> observers;
    std::uint64_t next_id = 1;
    bool has_retired = false;
    std::deque<GameEvent> queue;

    // Whether this thread is delivering this hub's events. An observer that plays a turn,
    // subscribes or unsubscribes runs on that thread, which already holds turn_mutex.
    [[nodiscard]] bool delivering_here() const noexcept {
        for (const DeliveryFrame* frame = delivery_frames; frame != nullptr; frame = frame->outer) {
            if (frame->hub == this) {
                return true;
            }
        }
        return false;
    }

    void unsubscribe(std::uint64_t id) noexcept override {
        if (delivering_here()) {
            // The delivery loop may be inside this very observer: mark it, destroy it later.
            for (Entry& entry : observers) {
                if (entry.id == id) {
                    entry.active = false;
                    has_retired = true;
                }
            }
            return;
        }
        std::unique_ptr<Observer> doomed; // destroyed after the lock is released
        std::lock_guard<Mutex> lock(turn_mutex);
        const auto it = std::find_if(observers.begin(), observers.end(),
                                     [id](const Entry& entry) { return entry.id == id; });
        if (it != observers.end()) {
            doomed = std::move(it->observer);
            observers.erase(it);
        }
    }

    // Delivers every queued event to every observer, oldest first. Called by the thread holding
    // turn_mutex, with state_mutex free. Returns the first exception an observer threw.
    std::exception_ptr deliver() noexcept {
        const DeliveryFrame frame{this, delivery_frames};
        delivery_frames = &frame;
        std::exception_ptr first_error;
        while (!queue.empty()) {
            // Moved out: an observer that plays a turn appends to the queue while it runs.
            const GameEvent event = std::move(queue.front());
            queue.pop_front();
            // Observers subscribed while this event is delivered start with the next one.
            const std::size_t count = observers.size();
            for (std::size_t i = 0; i < count; ++i) {
                if (!observers[i].active) {
                    continue;
                }
                Observer* observer = observers[i].observer.get(); // stable if the list grows
                try {
                    observer->notify(event);
                } catch (...) {
                    if (!first_error) {
                        first_error = std::current_exception();
                    }
                }
            }
        }
        // Still marked as delivering, so a destructor that unsubscribes another observer only
        // marks it.
        while (has_retired) {
            has_retired = false;
            for (;;) {
                const auto it = std::find_if(observers.begin(), observers.end(),
                                             [](const Entry& entry) { return !entry.active; });
                if (it == observers.end()) {
                    break;
                }
                std::unique_ptr<Observer> doomed = std::move(it->observer);
                observers.erase(it);
            }
        }
        delivery_frames = frame.outer;
        return first_error;
    }
};

} // namespace snakeladder::detail
