// What a game tells its observers (game_events.hpp), without a game: a subscription handle
// unsubscribes exactly once (on reset, on destruction, from whichever handle it was moved to)
// and does nothing once its game is gone; an observer of one kind of event hears that kind only,
// and an observer of GameEvent hears every event.
#include "support/catch.hpp"

#include <cstdint>
#include <memory>
#include <snakeladder/game/game_events.hpp>
#include <snakeladder/game/game_result.hpp>
#include <snakeladder/turn/turn_record.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// A game's side of a subscription, reduced to a count of what it was asked to unsubscribe.
struct Target final : detail::SubscriptionTarget {
    int calls = 0;
    std::uint64_t last = 0;
    void unsubscribe(std::uint64_t id) noexcept override {
        ++calls;
        last = id;
    }
};

template <class F>
detail::ObserverOf<F> observer(F callable) {
    return detail::ObserverOf<F>(std::move(callable));
}

} // namespace

TEST_CASE("a subscription handle unsubscribes once: on reset, on destruction, after a move",
          "[game_events]") {
    CHECK_FALSE(Subscription().active());
    const auto target = std::make_shared<Target>();
    {
        Subscription handle(target, 7);
        CHECK(handle.active());
        CHECK(static_cast<bool>(handle));
        handle.reset();
        CHECK(target->calls == 1);
        CHECK(target->last == 7);
        CHECK_FALSE(handle.active());
        handle.reset(); // nothing left to unsubscribe
        CHECK(target->calls == 1);
    } // nor when it goes
    CHECK(target->calls == 1);
    {
        Subscription first(target, 8);
        Subscription second = std::move(first);
        CHECK_FALSE(first.active()); // NOLINT(bugprone-use-after-move): moved-from is empty
        CHECK(second.active());
        CHECK(target->calls == 1);
        Subscription third(target, 9);
        third = std::move(second); // 9 is given up, 8 is now third's
        CHECK(target->calls == 2);
        CHECK(target->last == 9);
        CHECK(third.active());
    } // third unsubscribes 8; the moved-from handles do nothing
    CHECK(target->calls == 3);
    CHECK(target->last == 8);
}

TEST_CASE("a handle whose game is gone is inactive, and its reset does nothing", "[game_events]") {
    auto target = std::make_shared<Target>();
    Subscription handle(target, 3);
    CHECK(handle.active());
    target.reset();
    CHECK_FALSE(handle.active());
    CHECK_FALSE(static_cast<bool>(handle));
    handle.reset();
    CHECK_FALSE(handle.active());
}

TEST_CASE("an observer of one kind of event hears that kind only; one of GameEvent hears all",
          "[game_events]") {
    TurnRecord played;
    played.turn = 5;
    played.player = "Ana";
    TurnRecord undone = played;
    undone.turn = 4;
    const std::vector<GameEvent> events{
        GameStarted{{"Ana", "Ben"}},
        TurnPlayed{played},
        TokenSentBack{.turn = 5,
                      .seat = 1,
                      .player = "Ben",
                      .from = 12,
                      .by_seat = 0,
                      .by_player = "Ana",
                      .to = 0},
        PlayerHome{.turn = 5, .seat = 0, .player = "Ana", .place = 1},
        GameEnded{
            GameResult{.status = GameStatus::finished, .winner = "Ana", .turns = 5, .ranking = {}}},
        TurnUndone{undone},
    };

    std::vector<std::uint64_t> turns_played;
    std::vector<std::uint64_t> turns_undone;
    std::vector<int> places;
    std::vector<GameEvent> heard;
    auto on_played = observer([&](const TurnPlayed& e) { turns_played.push_back(e.record.turn); });
    auto on_undone = observer([&](const TurnUndone& e) { turns_undone.push_back(e.record.turn); });
    auto on_home = observer([&](const PlayerHome& e) { places.push_back(e.place); });
    auto on_all = observer([&](const GameEvent& e) { heard.push_back(e); });
    for (const GameEvent& event : events) {
        on_played.notify(event);
        on_undone.notify(event);
        on_home.notify(event);
        on_all.notify(event);
    }
    // TurnPlayed and TurnUndone both carry a record: each observer hears its own.
    CHECK(turns_played == std::vector<std::uint64_t>{5});
    CHECK(turns_undone == std::vector<std::uint64_t>{4});
    CHECK(places == std::vector<int>{1});
    CHECK(heard == events);
}
