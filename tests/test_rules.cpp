// The rules (rules.hpp): the overshoot and chain rules against their concepts, each overshoot
// rule's outcome worked out by hand, and rolls near INT64_MAX, which must not overflow.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <snakeladder/board/board.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/rules/rules.hpp>

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
    // The rules' names are what saved games write: the saved-game tests read them back.
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

namespace {
// Each built-in rule written out independently of rules.hpp, by walking the token one square at
// a time: a reference for its apply and for what it declares.
template <class Rule>
OvershootOutcome walked(Square from, std::int64_t roll, Square size) {
    if constexpr (std::same_as<Rule, ExactFinish>) {
        return roll > size - from ? OvershootOutcome{from, true}
                                  : OvershootOutcome{static_cast<Square>(from + roll), false};
    } else if constexpr (std::same_as<Rule, OvershootWins>) {
        Square at = from;
        for (std::int64_t k = 0; k < roll && at < size; ++k) {
            ++at;
        }
        return {at, false};
    } else {
        Square at = from;
        int direction = 1;
        for (std::int64_t k = 0; k < roll; ++k) {
            if (at == size) {
                direction = -1;
            }
            at += direction;
        }
        return {at < 1 ? 1 : at, false}; // never below square 1
    }
}

template <class Rule>
void check_declarations(Square largest_size) {
    STATIC_REQUIRE(DeclaresRollsAlike<Rule>);
    STATIC_REQUIRE(DeclaresPastHome<Rule>);
    for (Square size = 1; size <= largest_size; ++size) {
        const std::int64_t alike = Rule::alike_from(size);
        const std::int64_t longest = 4 * std::int64_t{size} + 3;
        REQUIRE(alike >= 1);
        REQUIRE(alike <= longest);
        bool shorter_differs = alike == 1; // the smallest length: one less moves differently
        for (Square from = 0; from <= size; ++from) {
            for (std::int64_t roll = 1; roll <= longest; ++roll) {
                INFO(Rule::name << " size " << size << " from " << from << " roll " << roll);
                const OvershootOutcome expected = walked<Rule>(from, roll, size);
                REQUIRE(Rule::apply(from, roll, size) == expected);
                if (roll >= alike) {
                    REQUIRE(expected == walked<Rule>(from, alike, size));
                }
                if (roll > size - from) {
                    OvershootOutcome declared = Rule::past_home(from + roll - size, size);
                    if (declared.blocked) {
                        declared.landed = from;
                    }
                    REQUIRE(declared == expected);
                }
            }
            if (alike > 1 &&
                walked<Rule>(from, alike - 1, size) != walked<Rule>(from, alike, size)) {
                shorter_differs = true;
            }
        }
        INFO(Rule::name << " size " << size << ": alike_from " << alike << " is not the smallest");
        REQUIRE(shorter_differs);
    }
}
} // namespace

TEST_CASE("each built-in rule's alike_from and past_home hold against a walk of the token, on "
          "every square of boards of 1 to 24 squares",
          "[rules]") {
    check_declarations<ExactFinish>(24);
    check_declarations<BounceBack>(24);
    check_declarations<OvershootWins>(24);
    // Worked out by hand on 10 squares: an 11 is past home from every square under ExactFinish,
    // a 19 bounces from square 0 onto 1 (10 up, 9 back), a 10 brings a token home from 0.
    STATIC_REQUIRE(ExactFinish::alike_from(10) == 11);
    STATIC_REQUIRE(BounceBack::alike_from(10) == 19);
    STATIC_REQUIRE(OvershootWins::alike_from(10) == 10);
}
