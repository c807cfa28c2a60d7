// Running out of memory anywhere in a game: this program's global operator new fails on demand,
// so it is a test program of its own (snakeladder_allocation_tests), apart from the unit tests,
// whose allocations it would otherwise govern.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/null_mutex.hpp>
#include <string>
#include <vector>

using namespace snakeladder;
using support::scripted_classic_records;
using support::snapshot;
using support::Snapshot;

// --- Running out of memory on demand ------------------------------------------------------------
// The test program's global operator new counts down and throws std::bad_alloc when the count
// reaches zero, on the thread that armed it. Unarmed (the default), it is plain malloc.
//
// Not with clang's sanitizers: their runtimes are linked statically and define operator new
// themselves (GCC's are shared libraries, which a program's own operator new overrides).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define SNAKELADDER_TEST_KEEP_OPERATOR_NEW
#endif
#endif

#if !defined(SNAKELADDER_TEST_KEEP_OPERATOR_NEW)
namespace {
thread_local long allocations_before_failure = -1;

void fail_allocation_after(long allocations) {
    allocations_before_failure = allocations;
}
void stop_failing_allocations() {
    allocations_before_failure = -1;
}
} // namespace
// Out of line, so that the compiler does not pair an inlined free() with operator new.
[[gnu::noinline]] void* operator new(std::size_t size) {
    if (allocations_before_failure == 0) {
        allocations_before_failure = -1;
        throw std::bad_alloc();
    }
    if (allocations_before_failure > 0) {
        --allocations_before_failure;
    }
    if (void* memory = std::malloc(size == 0 ? 1 : size)) {
        return memory;
    }
    throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* memory) noexcept {
    std::free(memory);
}
[[gnu::noinline]] void operator delete(void* memory, std::size_t /*size*/) noexcept {
    std::free(memory);
}
// The rest of the (unaligned) family goes through the two above, so every allocation in the
// program pairs malloc with free, as sanitizers check.
void* operator new[](std::size_t size) {
    return ::operator new(size);
}
void* operator new(std::size_t size, const std::nothrow_t& /*tag*/) noexcept {
    try {
        return ::operator new(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
    return ::operator new(size, tag);
}
void operator delete[](void* memory) noexcept {
    ::operator delete(memory);
}
void operator delete[](void* memory, std::size_t /*size*/) noexcept {
    ::operator delete(memory);
}
void operator delete(void* memory, const std::nothrow_t& /*tag*/) noexcept {
    ::operator delete(memory);
}
void operator delete[](void* memory, const std::nothrow_t& /*tag*/) noexcept {
    ::operator delete(memory);
}
#endif

#if !defined(SNAKELADDER_TEST_KEEP_OPERATOR_NEW)
TEST_CASE("running out of memory anywhere in a turn changes nothing", "[game]") {
    // Names too long for the small-string buffer, and an observer, so that a turn allocates at
    // every step: growing the log, the record it returns, each event it queues.
    const std::string ana = "Anastasia Longname-Smith";
    const std::string ben = "Bartholomew Longname-Jones";
    Game<ScriptedDice, GameConfig<>, NullMutex> game(
        classic(), ScriptedDice{1, 3, 11, 2, 17, 4, 13, 1, 5, 2, 3}, {ana, ben});
    std::vector<GameEvent> events;
    const Subscription subscription = game.subscribe([&](const GameEvent& e) {
        // The observer's own allocations are not the game's: a failure here would be an observer
        // throwing, after which the turn stands (tested below).
        const long armed = allocations_before_failure;
        stop_failing_allocations();
        events.push_back(e);
        allocations_before_failure = armed;
    });

    std::size_t failures = 0;
    for (std::uint64_t turn = 1; turn <= 11; ++turn) {
        for (long allocation = 0;; ++allocation) {
            const Snapshot before = snapshot(game);
            const std::size_t used = game.dice().used();
            const std::size_t seen = events.size();
            bool failed = false;
            std::optional<TurnRecord> played;
            fail_allocation_after(allocation);
            try {
                played = turn % 2 == 1 ? game.play_turn() : game.take_turn(ben);
            } catch (const std::bad_alloc&) {
                failed = true;
            }
            stop_failing_allocations();
            if (!failed) {
                REQUIRE(played.has_value());
                CHECK(played->turn == turn);
                break;
            }
            ++failures;
            REQUIRE(snapshot(game) == before);
            REQUIRE(game.dice().used() == used);
            REQUIRE(events.size() == seen);
        }
    }
    CHECK(failures >=
          std::size_t{11} * 3); // the record's name, its event, the event's name: every turn
    CHECK(game.records() == [&] {
        std::vector<TurnRecord> expected = scripted_classic_records();
        for (TurnRecord& r : expected) {
            r.player = r.seat == 0 ? ana : ben;
        }
        return expected;
    }());
    // Each event was delivered once: started, 11 turns, one home, the end.
    CHECK(events.size() == 14);
}

TEST_CASE("running out of memory in play() after a replayed turn loses nothing, homecomings "
          "included",
          "[game]") {
    // replay_turn plays through the turn model on a second state and swaps it in; the fast loop
    // then counts on getting home never allocating. Fail each allocation of play() in turn: the
    // game must carry on to exactly the records of a game that never failed.
    using Config = GameConfig<ExactFinish, RejectChains>;
    const auto fresh = [] {
        Game<FairDice<>, Config, NullMutex> game(classic(Config({.play_to_last = true})),
                                                 FairDice<>::seeded(3), {"Ana", "Ben", "Cy"});
        const std::array<int, 1> first{4};
        (void)game.replay_turn(first);
        return game;
    };
    auto twin = fresh();
    (void)twin.play();
    const std::vector<TurnRecord> expected = twin.records();
    REQUIRE(twin.ranking().front().home);
    std::size_t failures = 0;
    for (long allocation = 0;; ++allocation) {
        auto game = fresh();
        bool failed = false;
        fail_allocation_after(allocation);
        try {
            (void)game.play();
        } catch (const std::bad_alloc&) {
            failed = true;
        }
        stop_failing_allocations();
        // On from wherever it stopped (the failure may have come after the last turn, while
        // play() built its result).
        if (failed && game.status() != GameStatus::finished) {
            (void)game.play();
        }
        REQUIRE(game.records() == expected);
        REQUIRE(game.state() == twin.state());
        if (!failed) {
            break;
        }
        ++failures;
    }
    CHECK(failures > 0);
}
#endif
