// The null mutex (null_mutex.hpp): NullMutex meets the concept a game asks of its lock (and the
// concept refuses what a game could not use), the standard's lock types take it, every call is a
// constant expression, and a seeded game locked by it plays exactly the turns of the same game
// locked by std::mutex.
#include "support/catch.hpp"

#include <cstdint>
#include <mutex>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/null_mutex.hpp>
#include <snakeladder/rules/config.hpp>
#include <type_traits>

using namespace snakeladder;

namespace {

// Lockable, but not default-constructible: a game could not make one of its own.
struct NeedsArgument {
    explicit NeedsArgument(int /*unused*/) {}
    void lock() {}
    void unlock() {}
};

// Default-constructible, but it cannot be unlocked.
struct LockOnly {
    void lock() {}
};

// Lock, try again and unlock, at compile time.
constexpr bool lock_cycle() {
    NullMutex mutex;
    mutex.lock();
    const bool again = mutex.try_lock();
    mutex.unlock();
    return again;
}

} // namespace

TEST_CASE("NullMutex is a lock a game can make and take, and the standard's locks take it",
          "[null_mutex]") {
    STATIC_REQUIRE(BasicLockable<NullMutex>);
    STATIC_REQUIRE(!BasicLockable<NeedsArgument>);
    STATIC_REQUIRE(!BasicLockable<LockOnly>);
    // Nothing to store, nothing to throw, nothing done at run time.
    STATIC_REQUIRE(std::is_empty_v<NullMutex>);
    STATIC_REQUIRE(std::is_nothrow_default_constructible_v<NullMutex>);
    STATIC_REQUIRE(lock_cycle());

    // Nothing is ever held: a second lock of a locked NullMutex succeeds at once, where a
    // std::mutex would refuse it.
    NullMutex mutex;
    const std::lock_guard<NullMutex> guard(mutex);
    const std::unique_lock<NullMutex> second(mutex, std::try_to_lock);
    CHECK(second.owns_lock());
}

TEST_CASE("a seeded game locked by NullMutex plays the turns of the same game locked by "
          "std::mutex",
          "[null_mutex]") {
    for (const std::uint64_t seed : {3U, 17U, 2024U}) {
        INFO("seed " << seed);
        Game<FairDice<>, GameConfig<>, NullMutex> unlocked(classic(), FairDice<>::seeded(seed),
                                                           {"Ana", "Ben", "Cy"});
        Game<FairDice<>, GameConfig<>, std::mutex> locked(classic(), FairDice<>::seeded(seed),
                                                          {"Ana", "Ben", "Cy"});
        // Ten turns one by one (nobody can be home before turn 19: the winner needs 7 rolls),
        // then the rest with play().
        for (int turn = 0; turn < 10; ++turn) {
            CHECK(unlocked.play_turn() == locked.play_turn());
        }
        CHECK(unlocked.play() == locked.play());
        CHECK(unlocked.records() == locked.records());
        CHECK(unlocked.positions() == locked.positions());
    }
}
