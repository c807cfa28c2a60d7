// The rules (rules.hpp): the overshoot and chain rules against their concepts, each overshoot
// rule's outcome worked out by hand, and rolls near INT64_MAX, which must not overflow.
#include "catch.hpp"
#include "support.hpp"

#include <snakeladder/board.hpp>
#include <snakeladder/config.hpp>
#include <snakeladder/rules.hpp>

using namespace snakeladder;
using support::empty_board;
using support::int64_max;

static_assert(OvershootRule<ExactFinish>);
static_assert(OvershootRule<BounceBack>);
static_assert(OvershootRule<OvershootWins>);
static_assert(!OvershootRule<int>);
static_assert(!OvershootRule<RejectChains>);
static_assert(ChainRule<RejectChains>);
static_assert(ChainRule<FollowChains>);
static_assert(ChainRule<SingleJump>);
static_assert(!ChainRule<int>);
static_assert(!ChainRule<ExactFinish>);

TEST_CASE("each overshoot rule from squares 4 and 8 of 10, worked out by hand", "[rules]") {
    // Rolls that stay on the board add up under every rule: 4 + 3 = 7, and 8 + 2 = 10 exactly.
    STATIC_REQUIRE(ExactFinish::apply(4, 3, 10) == OvershootOutcome{7, false});
    STATIC_REQUIRE(BounceBack::apply(4, 3, 10) == OvershootOutcome{7, false});
    STATIC_REQUIRE(OvershootWins::apply(4, 3, 10) == OvershootOutcome{7, false});
    STATIC_REQUIRE(ExactFinish::apply(8, 2, 10) == OvershootOutcome{10, false});
    STATIC_REQUIRE(BounceBack::apply(8, 2, 10) == OvershootOutcome{10, false});
    // From 8 a 3 passes home by 1. ExactFinish forfeits the move and stays on 8; BounceBack walks
    // 2 to 10 and 1 back, to 9; OvershootWins goes home.
    STATIC_REQUIRE(ExactFinish::apply(8, 3, 10) == OvershootOutcome{8, true});
    STATIC_REQUIRE(BounceBack::apply(8, 3, 10) == OvershootOutcome{9, false});
    STATIC_REQUIRE(OvershootWins::apply(8, 3, 10) == OvershootOutcome{10, false});
    // BounceBack: 11 from 8 comes back 9, to square 1; 12 would come back to 0, and stops on 1.
    STATIC_REQUIRE(BounceBack::apply(8, 11, 10) == OvershootOutcome{1, false});
    STATIC_REQUIRE(BounceBack::apply(8, 12, 10) == OvershootOutcome{1, false});
    // The names saved games and messages use, and the behaviour each chain rule stands for.
    STATIC_REQUIRE(ExactFinish::name == "ExactFinish");
    STATIC_REQUIRE(BounceBack::name == "BounceBack");
    STATIC_REQUIRE(OvershootWins::name == "OvershootWins");
    STATIC_REQUIRE(RejectChains::policy == ChainPolicy::reject);
    STATIC_REQUIRE(FollowChains::policy == ChainPolicy::follow);
    STATIC_REQUIRE(SingleJump::policy == ChainPolicy::single);
    STATIC_REQUIRE(RejectChains::name == "RejectChains");
    STATIC_REQUIRE(FollowChains::name == "FollowChains");
    STATIC_REQUIRE(SingleJump::name == "SingleJump");
}

// Found by fuzz_board_jumps: ExactFinish, BounceBack and OvershootWins added the roll to the
// square, which overflowed for a roll near INT64_MAX. Signed overflow would not compile in a
// constant expression, so these lines also guard the fix at compile time.
TEST_CASE("regression (fuzz_board_jumps): a roll near INT64_MAX does not overflow",
          "[hostile][rolls][regression]") {
    STATIC_REQUIRE(ExactFinish::apply(2, int64_max - 1, 64) == OvershootOutcome{2, true});
    STATIC_REQUIRE(BounceBack::apply(2, int64_max - 1, 64) == OvershootOutcome{1, false});
    STATIC_REQUIRE(OvershootWins::apply(2, int64_max - 1, 64) == OvershootOutcome{64, false});
    STATIC_REQUIRE(ExactFinish::apply(1, int64_max, 100) == OvershootOutcome{1, true});
    STATIC_REQUIRE(BounceBack::apply(100, int64_max, 100) == OvershootOutcome{1, false});

    // The input the fuzzer found: an empty board of 64 squares, a roll of INT64_MAX - 1 from 2.
    REQUIRE(empty_board<GameConfig<ExactFinish>>(64).advance(2, int64_max - 1) == 2);
    REQUIRE(empty_board<GameConfig<BounceBack>>(64).advance(2, int64_max - 1) == 1);
    REQUIRE(empty_board<GameConfig<OvershootWins>>(64).advance(2, int64_max - 1) == 64);
}
