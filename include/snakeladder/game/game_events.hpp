// What a game tells its observers, and the handle that keeps an observer subscribed.
#pragma once

#include "../fwd.hpp"
#include "../turn/turn_record.hpp"
#include "game_result.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace snakeladder {

/// The game's first turn has been played; delivered just before that turn's TurnPlayed.
struct GameStarted {
    std::vector<std::string> players;
    friend bool operator==(const GameStarted&, const GameStarted&) = default;
};

/// A turn has been played.
struct TurnPlayed {
    TurnRecord record;
    friend bool operator==(const TurnPlayed&, const TurnPlayed&) = default;
};

/// A player reached the last square; delivered after the TurnPlayed of that turn.
struct PlayerHome {
    std::uint64_t turn = 0;
    std::uint32_t seat = 0;
    std::string player;
    /// 1 for the winner, 2 for the next player home...
    int place = 0;
    friend bool operator==(const PlayerHome&, const PlayerHome&) = default;
};

/// House rule KnockBack: a turn sent a token back to square 0; delivered after the TurnPlayed of
/// that turn, one event per token, in order.
struct TokenSentBack {
    std::uint64_t turn = 0;
    /// The token sent back.
    std::uint32_t seat = 0;
    std::string player;
    /// The square it was sent back from.
    Square from = 0;
    /// Whose move sent it back.
    std::uint32_t by_seat = 0;
    std::string by_player;
    /// Where it was sent: square 0 under KnockBack; a rule of the user's may send it elsewhere.
    Square to = 0;
    friend bool operator==(const TokenSentBack&, const TokenSentBack&) = default;
};

/// `Game::undo()` took back a turn: `record` is the turn that was undone. The game is now as it
/// was before that turn (only the dice are not rewound).
struct TurnUndone {
    TurnRecord record;
    friend bool operator==(const TurnUndone&, const TurnUndone&) = default;
};

/// No more turns can be played: the game finished, or reached its turn limit (see
/// `result.status`). Always the last event of a game.
struct GameEnded {
    GameResult result;
    friend bool operator==(const GameEnded&, const GameEnded&) = default;
};

/// Everything an observer can be told. Within one turn the order is: GameStarted (first turn
/// only), TurnPlayed, TokenSentBack (for each token the turn sent back), PlayerHome (if the
/// player got home), GameEnded (if it was the last turn). An undo sends TurnUndone alone.
using GameEvent =
    std::variant<GameStarted, TurnPlayed, TokenSentBack, PlayerHome, GameEnded, TurnUndone>;

/// An observer: a callable taking `const GameEvent&`, or one taking one kind of event (such as
/// `const TurnPlayed&`), which is then called for that kind only.
template <class F>
concept GameObserver = std::invocable<F&, const GameEvent&> ||
    std::invocable<F&, const GameStarted&> || std::invocable<F&, const TurnPlayed&> ||
    std::invocable<F&, const PlayerHome&> || std::invocable<F&, const GameEnded&> ||
    std::invocable<F&, const TokenSentBack&> || std::invocable<F&, const TurnUndone&>;

namespace detail {

// What a Subscription talks to: the part of a game that outlives it while a handle holds on.
class SubscriptionTarget {
public:
    virtual void unsubscribe(std::uint64_t id) noexcept = 0;

protected:
    SubscriptionTarget() = default;
    SubscriptionTarget(const SubscriptionTarget&) = default;
    SubscriptionTarget& operator=(const SubscriptionTarget&) = default;
    ~SubscriptionTarget() = default;
};

// A type-erased observer. Not std::function: an observer may be move-only.
class Observer {
public:
    Observer() = default;
    Observer(const Observer&) = delete;
    Observer& operator=(const Observer&) = delete;
    virtual ~Observer() = default;
    virtual void notify(const GameEvent& event) = 0;
};

template <class F>
class ObserverOf final : public Observer {
public:
    // Two overloads, not a forwarding reference, which would also match an ObserverOf&. The
    // first is instantiated only when an observer is subscribed as an lvalue (and copied).
    explicit ObserverOf(const F& callable) : callable_(callable) {}
    explicit ObserverOf(F&& callable) : callable_(std::move(callable)) {}

    void notify(const GameEvent& event) override {
        if constexpr (std::invocable<F&, const GameEvent&>) {
            callable_(event);
        } else {
            std::visit(
                [this](const auto& alternative) {
                    if constexpr (std::invocable<F&, decltype(alternative)>) {
                        callable_(alternative);
                    }
                },
                event);
        }
    }

private:
    F callable_;
};

} // namespace detail

/// Keeps an observer subscribed to a game; destroying (or resetting) it unsubscribes. Move-only.
///
/// Once `reset()` or the destructor has returned, the observer is never called again; if it is
/// being called on another thread at that moment, they wait for that call to finish (so an
/// observer must not wait for a thread that is unsubscribing it). Unsubscribing from inside an
/// observer, even itself, is fine. The handle may outlive its game: it then does nothing.
class Subscription {
public:
    Subscription() = default;
    Subscription(std::weak_ptr<detail::SubscriptionTarget> target, std::uint64_t id) noexcept
        : target_(std::move(target)), id_(id) {}
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    Subscription(Subscription&& other) noexcept
        : target_(std::move(other.target_)), id_(std::exchange(other.id_, 0)) {}
    Subscription& operator=(Subscription&& other) noexcept {
        if (this != &other) {
            reset();
            target_ = std::move(other.target_);
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }
    ~Subscription() { reset(); }

    /// Unsubscribes now. Does nothing if already done or if the game is gone.
    void reset() noexcept {
        if (id_ != 0) {
            if (const auto target = target_.lock()) {
                target->unsubscribe(id_);
            }
            target_.reset();
            id_ = 0;
        }
    }

    /// True while the handle holds a subscription to a game that still exists.
    [[nodiscard]] bool active() const noexcept { return id_ != 0 && !target_.expired(); }
    explicit operator bool() const noexcept { return active(); }

private:
    std::weak_ptr<detail::SubscriptionTarget> target_;
    std::uint64_t id_ = 0;
};

} // namespace snakeladder
