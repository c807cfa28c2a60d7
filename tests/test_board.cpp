// The board model: the validation table, step() under every rule, sizes, traps and the jumps.
#include "support/catch.hpp"

#include <climits>
#include <cstdint>
#include <snakeladder/board/board.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

using namespace snakeladder;

namespace {

template <typename Chains>
using Config = GameConfig<ExactFinish, Chains>;

// Builds a board that must be refused and returns the error, so a test can check both the
// rule and the words.
template <typename Chains>
InvalidBoard refusal(std::vector<Jump> jumps, Square size = 100) {
    try {
        Board<Config<Chains>> board(std::move(jumps), Config<Chains>({.size = size}));
    } catch (const InvalidBoard& error) {
        return error;
    }
    FAIL("the board was accepted");
    return {BoardRule::off_board, "unreachable"};
}

} // namespace

// The board is built in a constant expression: the classic board is proven valid at compile
// time, and so is a move on it (97 rolls 1, lands on the snake 98-78).
static_assert(classic().size() == 100);
static_assert(classic().jumps().size() == 19);
static_assert(classic().step(97, 1).end == 78);
static_assert(Jump{1, 38}.kind() == JumpKind::ladder && Jump{98, 78}.kind() == JumpKind::snake);
// A chain is followed to its end in a constant expression too: 5 -> 20 -> 30 -> 12.
static_assert(
    Board<Config<FollowChains>>(std::vector<Jump>{{5, 20}, {20, 30}, {30, 12}}).resolve(5) == 12);

TEMPLATE_TEST_CASE("every chain rule refuses the basic board faults", "[board][validation]",
                   RejectChains, FollowChains, SingleJump) {
    struct Row {
        std::vector<Jump> jumps;
        BoardRule rule;
        std::string words;
    };
    const std::vector<Row> rows{
        {{{95, 101}}, BoardRule::off_board, "ladder 95-101 ends off the board: squares run 1..100"},
        {{{0, 5}}, BoardRule::off_board, "ladder 0-5 starts off the board"},
        {{{-3, 5}}, BoardRule::off_board, "ladder -3-5 starts off the board"},
        {{{101, 50}}, BoardRule::off_board, "snake 101-50 starts off the board"},
        {{{5, 0}}, BoardRule::off_board, "snake 5-0 ends off the board"},
        {{{INT_MAX, INT_MIN}}, BoardRule::off_board, "starts off the board"},
        {{{5, 5}}, BoardRule::goes_nowhere, "jump 5-5 goes nowhere"},
        {{{100, 50}}, BoardRule::starts_on_goal, "snake 100-50 starts on the last square 100"},
        {{{10, 30}, {10, 5}},
         BoardRule::duplicate_start,
         "snake 10-5 overlaps ladder 10-30 on square 10"},
        {{{1, 38}, {1, 38}}, BoardRule::duplicate_start, "ladder 1-38 is listed twice"},
    };
    for (const Row& row : rows) {
        const InvalidBoard error = refusal<TestType>(row.jumps);
        CHECK(error.reason() == row.rule);
        CHECK_THAT(error.what(), SL_CONTAINS(row.words));
    }
}

TEST_CASE("a jump that ends where another starts", "[board][validation]") {
    const std::vector<Jump> chain{{5, 20}, {20, 30}};
    const InvalidBoard error = refusal<RejectChains>(chain);
    CHECK(error.reason() == BoardRule::chained);
    CHECK_THAT(error.what(),
               SL_CONTAINS("ladder 5-20 ends on square 20 where ladder 20-30 starts"));
    CHECK_NOTHROW(Board<Config<FollowChains>>(chain));
    CHECK_NOTHROW(Board<Config<SingleJump>>(chain));
}

TEST_CASE("a cycle of jumps", "[board][validation]") {
    const std::vector<Jump> loop{{5, 20}, {20, 30}, {30, 5}};
    const InvalidBoard follow = refusal<FollowChains>(loop);
    CHECK(follow.reason() == BoardRule::cycle);
    CHECK_THAT(
        follow.what(),
        SL_CONTAINS("ladder 5-20, ladder 20-30, snake 30-5 form a cycle (5 -> 20 -> 30 -> 5)"));
    // A cycle entered from outside is named without the way in.
    const InvalidBoard entered = refusal<FollowChains>({{2, 40}, {40, 60}, {60, 40}});
    CHECK(entered.reason() == BoardRule::cycle);
    CHECK_THAT(entered.what(),
               SL_CONTAINS("ladder 40-60, snake 60-40 form a cycle (40 -> 60 -> 40)"));
    CHECK(refusal<RejectChains>(loop).reason() == BoardRule::chained);
    // One jump per landing can never loop.
    CHECK_NOTHROW(Board<Config<SingleJump>>(loop));
}

// Issue 15: a chain was followed again from every jump on it, so a board of a long chain took
// time quadratic in its length (a chain of 40,000 took over a minute), and a cycle's message
// listed every jump of it (31.6 MB for a million).
TEST_CASE("a chain of 200,000 jumps is built, and each landing on it resolved", "[board][chain]") {
    // Ladders 1-2, 2-3, ..., 200000-200001 on a board of 200,002 squares: every square from 1
    // on leads up the chain to square 200,001, the square below home.
    std::vector<Jump> ladders;
    for (Square s = 1; s <= 200'000; ++s) {
        ladders.push_back({s, s + 1});
    }
    const Board<Config<FollowChains>> up(ladders, Config<FollowChains>({.size = 200'002}));
    CHECK(up.jumps().size() == 200'000);
    CHECK(up.resolve(0) == 0);
    CHECK(up.resolve(1) == 200'001);
    CHECK(up.resolve(100'000) == 200'001);
    CHECK(up.resolve(200'000) == 200'001);
    CHECK(up.resolve(200'001) == 200'001);
    CHECK(up.resolve(200'002) == 200'002);
    CHECK(up.advance(0, 1) == 200'001);
    CHECK(up.advance(200'001, 1) == 200'002);
    CHECK(up.jumps_taken(199'998) ==
          JumpPath{{199'998, 199'999}, {199'999, 200'000}, {200'000, 200'001}});
    // Under SingleJump the same board takes one jump per landing.
    const Board<Config<SingleJump>> single(ladders, Config<SingleJump>({.size = 200'002}));
    CHECK(single.resolve(1) == 2);
    CHECK(single.resolve(200'000) == 200'001);

    // Snakes 200001-200000, ..., 2-1: every square from 2 to 200,001 slides down to square 1
    // (taken by start, each jump leads onto a square already resolved).
    std::vector<Jump> snakes;
    for (Square s = 200'001; s >= 2; --s) {
        snakes.push_back({s, s - 1});
    }
    const Board<Config<FollowChains>> down(snakes, Config<FollowChains>({.size = 200'002}));
    Square wrong = 0; // the first square that does not slide to 1, if any
    for (Square s = 2; s <= 200'001 && wrong == 0; ++s) {
        wrong = down.resolve(s) == 1 ? 0 : s;
    }
    CHECK(wrong == 0);
    CHECK(down.resolve(1) == 1);
    CHECK(down.resolve(200'002) == 200'002);
}

TEST_CASE("a cycle's message names its first 8 jumps and how many there are", "[board][chain]") {
    // Ladders 1-2, ..., k-1-k and the snake k-1 close a cycle of k jumps.
    const auto cycle_of = [](Square k) {
        std::vector<Jump> jumps;
        for (Square s = 1; s < k; ++s) {
            jumps.push_back({s, s + 1});
        }
        jumps.push_back({k, 1});
        return jumps;
    };
    // Up to 8 jumps: each named, as before.
    const InvalidBoard eight = refusal<FollowChains>(cycle_of(8));
    CHECK(eight.reason() == BoardRule::cycle);
    CHECK(std::string(eight.what()) ==
          "ladder 1-2, ladder 2-3, ladder 3-4, ladder 4-5, ladder 5-6, ladder 6-7, ladder 7-8, "
          "snake 8-1 form a cycle (1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 7 -> 8 -> 1): a token would "
          "never stop moving");
    const InvalidBoard nine = refusal<FollowChains>(cycle_of(9));
    CHECK(std::string(nine.what()) ==
          "ladder 1-2, ladder 2-3, ladder 3-4, ladder 4-5, ladder 5-6, ladder 6-7, ladder 7-8, "
          "ladder 8-9 and 1 more jump (9 in all) form a cycle (1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 7 "
          "-> 8 -> 9 -> ... -> 1): a token would never stop moving");
    // A million jumps: the same short message, not 31.6 MB.
    const InvalidBoard million = refusal<FollowChains>(cycle_of(1'000'000), 1'000'001);
    CHECK(million.reason() == BoardRule::cycle);
    CHECK(std::string(million.what()) ==
          "ladder 1-2, ladder 2-3, ladder 3-4, ladder 4-5, ladder 5-6, ladder 6-7, ladder 7-8, "
          "ladder 8-9 and 999992 more jumps (1000000 in all) form a cycle (1 -> 2 -> 3 -> 4 -> "
          "5 -> 6 -> 7 -> 8 -> 9 -> ... -> 1): a token would never stop moving");
    // Entered from outside: ladder 2-11 leads into the cycle 11-12, ..., 29-30, 30-11, which
    // is named from where the way in meets it.
    std::vector<Jump> entered{{2, 11}, {30, 11}};
    for (Square s = 11; s < 30; ++s) {
        entered.push_back({s, s + 1});
    }
    CHECK(std::string(refusal<FollowChains>(entered).what()) ==
          "ladder 11-12, ladder 12-13, ladder 13-14, ladder 14-15, ladder 15-16, ladder 16-17, "
          "ladder 17-18, ladder 18-19 and 12 more jumps (20 in all) form a cycle (11 -> 12 -> "
          "13 -> 14 -> 15 -> 16 -> 17 -> 18 -> 19 -> ... -> 11): a token would never stop "
          "moving");
}

TEST_CASE("the classic board and its 47-26 variant are accepted", "[board][validation]") {
    const Board<> board = classic();
    CHECK(board.size() == 100);
    REQUIRE(board.jumps().size() == 19);
    CHECK(board.jumps().front() == Jump{1, 38});
    CHECK(board.jumps().back() == Jump{98, 78});
    std::vector<Jump> variant(classic_jumps.begin(), classic_jumps.end());
    for (Jump& jump : variant) {
        if (jump == Jump{48, 26}) {
            jump.start = 47;
        }
    }
    const Board<> althoen(variant);
    CHECK(althoen.jump_from(47) != nullptr);
    CHECK(althoen.jump_from(48) == nullptr);
    CHECK(*althoen.jump_from(47) == Jump{47, 26});
}

TEST_CASE("jumps are kept in the order of their start square", "[board]") {
    const Board<> board({{98, 78}, {1, 38}, {50, 60}});
    REQUIRE(board.jumps().size() == 3);
    CHECK(board.jumps()[0] == Jump{1, 38});
    CHECK(board.jumps()[1] == Jump{50, 60});
    CHECK(board.jumps()[2] == Jump{98, 78});
    CHECK(board.jump_from(50)->kind() == JumpKind::ladder);
    CHECK(board.jump_from(51) == nullptr);
    CHECK(board == Board<>({{1, 38}, {50, 60}, {98, 78}}));
    CHECK_FALSE(board == Board<>({{1, 38}, {50, 61}, {98, 78}}));
}

namespace {
// A 20-square board: ladder 3-12 and a snake whose head is on 19, one below home.
template <typename Overshoot, typename Chains = RejectChains>
Board<GameConfig<Overshoot, Chains>> small_board() {
    return Board<GameConfig<Overshoot, Chains>>({{3, 12}, {19, 4}},
                                                GameConfig<Overshoot, Chains>({.size = 20}));
}
} // namespace

TEMPLATE_TEST_CASE("step: plain moves, ladders and snakes are the same under every overshoot rule",
                   "[board][step]", ExactFinish, BounceBack, OvershootWins) {
    const auto board = small_board<TestType>();
    const Move plain = board.step(0, 2);
    CHECK(plain == Move{0, 2, 2, 2, {}, false, false});
    const Move ladder = board.step(0, 3);
    CHECK(ladder == Move{0, 3, 3, 12, {{3, 12}}, false, false});
    const Move snake = board.step(15, 4);
    CHECK(snake == Move{15, 4, 19, 4, {{19, 4}}, false, false});
    const Move exact = board.step(17, 3);
    CHECK(exact == Move{17, 3, 20, 20, {}, false, true});
}

TEST_CASE("step: a roll past home under each overshoot rule", "[board][step]") {
    SECTION("ExactFinish: the move is forfeited, no jump is taken") {
        const auto board = small_board<ExactFinish>();
        CHECK(board.step(17, 5) == Move{17, 5, 17, 17, {}, true, false});
        CHECK(board.step(19, 2) == Move{19, 2, 19, 19, {}, true, false});
    }
    SECTION("BounceBack: back by the excess, and a bounce onto the snake's head slides") {
        const auto board = small_board<BounceBack>();
        CHECK(board.step(17, 5) == Move{17, 5, 18, 18, {}, false, false});
        CHECK(board.step(17, 4) == Move{17, 4, 19, 4, {{19, 4}}, false, false});
        // Never below square 1, whatever the roll.
        CHECK(board.step(17, 60) == Move{17, 60, 1, 1, {}, false, false});
        CHECK(board.step(20 - 1, INT_MAX).landed == 1);
    }
    SECTION("OvershootWins: any roll that reaches home wins") {
        const auto board = small_board<OvershootWins>();
        CHECK(board.step(17, 5) == Move{17, 5, 20, 20, {}, false, true});
        CHECK(board.step(0, INT_MAX) == Move{0, INT_MAX, 20, 20, {}, false, true});
    }
}

TEMPLATE_TEST_CASE("step: chained jumps under each chain rule", "[board][step]", ExactFinish,
                   BounceBack, OvershootWins) {
    // Ladder 5-10 ends on the head of snake 10-2; snake 10-2 lands on nothing.
    const std::vector<Jump> chain{{5, 10}, {10, 2}, {14, 16}, {16, 18}, {18, 19}};
    const GameConfig<TestType, FollowChains> follow_config({.size = 20});
    const GameConfig<TestType, SingleJump> single_config({.size = 20});
    const Board<GameConfig<TestType, FollowChains>> follow(chain, follow_config);
    const Board<GameConfig<TestType, SingleJump>> single(chain, single_config);

    CHECK(follow.step(0, 5) == Move{0, 5, 5, 2, {{5, 10}, {10, 2}}, false, false});
    CHECK(single.step(0, 5) == Move{0, 5, 5, 10, {{5, 10}}, false, false});
    // Landing on the middle of a chain follows the rest of it.
    CHECK(follow.step(6, 4) == Move{6, 4, 10, 2, {{10, 2}}, false, false});
    // A token that rests on a jump's start under SingleJump moves off it normally.
    CHECK(single.step(10, 1) == Move{10, 1, 11, 11, {}, false, false});
    // A chain of three ladders.
    CHECK(follow.step(12, 2) == Move{12, 2, 14, 19, {{14, 16}, {16, 18}, {18, 19}}, false, false});
    CHECK(single.step(12, 2) == Move{12, 2, 14, 16, {{14, 16}}, false, false});
    CHECK(follow.resolve(14) == 19);
    CHECK(single.resolve(14) == 16);
}

TEST_CASE("step: a chain longer than the inline jump list", "[board][step]") {
    std::vector<Jump> ladders;
    for (Square s = 2; s < 12; ++s) {
        ladders.push_back({s, s + 1});
    }
    const Board<GameConfig<ExactFinish, FollowChains>> board(
        ladders, GameConfig<ExactFinish, FollowChains>({.size = 20}));
    const Move move = board.step(0, 2);
    CHECK(move.end == 12);
    REQUIRE(move.jumps.size() == 10);
    for (std::size_t i = 0; i < move.jumps.size(); ++i) {
        CHECK(move.jumps[i] == Jump{static_cast<Square>(i + 2), static_cast<Square>(i + 3)});
    }
    const Move copy = move;
    CHECK(copy == move);
}

TEST_CASE("step refuses squares off the board and rolls below 1", "[board][step]") {
    const Board<> board = classic();
    CHECK_THROWS_AS(board.step(-1, 3), InvalidConfig);
    CHECK_THROWS_WITH(board.step(101, 3), SL_CONTAINS("square 101 is not on a board of 100"));
    CHECK_THROWS_WITH(board.step(5, 0), SL_CONTAINS("a roll must be at least 1, got 0"));
    CHECK_THROWS_AS(board.step(5, -4), InvalidConfig);
    CHECK(board.step(100, 1) == Move{100, 1, 100, 100, {}, true, true});
}

TEST_CASE("boards of up to ten million squares", "[board][size]") {
    const GameConfig<> config({.size = 10'000'000});
    const Board<> board({{9'999'990, 5}, {2, 9'999'999}}, config);
    CHECK(board.step(0, 2) == Move{0, 2, 2, 9'999'999, {{2, 9'999'999}}, false, false});
    CHECK(board.step(9'999'999, 1).home);
    CHECK(board.step(9'999'985, 5).end == 5);
    const Board<> tiny({}, GameConfig<>({.size = 1}));
    CHECK(tiny.step(0, 1) == Move{0, 1, 1, 1, {}, false, true});
    CHECK(tiny.step(0, 2).blocked);
}

TEST_CASE("traps: squares from which home can never be reached", "[board][traps]") {
    const std::vector<std::int64_t> d6{1, 2, 3, 4, 5, 6};
    CHECK(classic().traps(d6).empty());
    CHECK(classic().always_finishes(d6));
    // Only even rolls onto an odd goal under the exact finish: nothing reachable gets home.
    const Board<> odd({}, GameConfig<>({.size = 9}));
    const std::vector<std::int64_t> evens{2, 4};
    CHECK(odd.traps(evens) == std::vector<Square>{0, 2, 4, 6, 8});
    // A bounce from an odd goal by an even excess stays even: still trapped.
    const Board<GameConfig<BounceBack>> bounce({}, GameConfig<BounceBack>({.size = 9}));
    CHECK(bounce.traps(evens) == std::vector<Square>{0, 2, 4, 6, 8});
    // When any overshoot wins, the same dice always get home.
    const Board<GameConfig<OvershootWins>> wins({}, GameConfig<OvershootWins>({.size = 9}));
    CHECK(wins.traps(evens).empty());
    // Home is reachable from 0 (0-4-6), but the ladder 2-5 leads to a square it is not
    // reachable from (5+2 and 5+4 both pass 6).
    const Board<> pit({{2, 5}}, GameConfig<>({.size = 6}));
    CHECK(pit.traps(std::vector<std::int64_t>{2, 4}) == std::vector<Square>{5});
    CHECK_FALSE(pit.always_finishes(std::vector<std::int64_t>{2, 4}));
    CHECK(pit.traps(std::vector<std::int64_t>{1, 2, 4}).empty());
    // SingleJump: a token resting on a jump's start whose forfeited move takes no jump.
    const Board<GameConfig<ExactFinish, SingleJump>> single(
        {{1, 3}, {3, 1}}, GameConfig<ExactFinish, SingleJump>({.size = 4}));
    CHECK(single.step(3, 2) == Move{3, 2, 3, 3, {}, true, false});
    CHECK(single.advance(3, 2) == 3);
    CHECK(single.traps(std::vector<std::int64_t>{1}).empty());
    CHECK(single.traps(std::vector<std::int64_t>{2}).empty()); // 0-2-4
    // Rolls below 1 are ignored; no rolls at all leave the token on 0 forever.
    CHECK(classic().traps(std::vector<std::int64_t>{}) == std::vector<Square>{0});
    // Rolls in any order, repeated, or below 1 give the answer of the distinct rolls.
    CHECK(classic().traps(std::vector<std::int64_t>{6, 0, 3, -2, 1, 2, 2, 5, 4, 6}).empty());
    CHECK(pit.traps(std::vector<std::int64_t>{4, 2, 4, 0, -1}) == std::vector<Square>{5});
    CHECK(pit.traps(std::vector<int>{4, 2, 1}).empty());
}

TEST_CASE("traps: boards whose only way home from some square goes down first", "[board][traps]") {
    // traps() first tries to prove a board sound by climbing only; these boards are sound, but
    // not that way, so the answer comes from its search.
    const std::vector<std::int64_t> two_three{2, 3};
    // From 9 a roll of 2 bounces back to 9 and a 3 to 8: the way home goes down, 9-8-10.
    const Board<GameConfig<BounceBack>> bounce({}, GameConfig<BounceBack>({.size = 10}));
    CHECK(bounce.traps(two_three).empty());
    CHECK(bounce.advance(9, 2) == 9);
    CHECK(bounce.advance(9, 3) == 8);
    // Rolls of 4 only, exact finish: 0-4-8, down the snake to 2, then 6-10. From 4 every move
    // goes down; 9 can never move, but no token gets there.
    const Board<> down({{8, 2}}, GameConfig<>({.size = 10}));
    CHECK(down.traps(std::vector<std::int64_t>{4}).empty());
    // The same board with rolls of 4 and 5 reaches 7 (0-4-8-2-7) and 9 (0-4-9), where every
    // roll passes home.
    CHECK(down.traps(std::vector<std::int64_t>{4, 5}) == std::vector<Square>{7, 9});
    // The other chain rules: the way home from 4 goes through the snake 8-2.
    using Single = GameConfig<ExactFinish, SingleJump>;
    const Board<Single> single({{8, 2}, {2, 5}}, Single({.size = 10}));
    CHECK(single.advance(4, 4) == 2); // one jump only: rests on 2, where a ladder starts
    CHECK(single.traps(std::vector<std::int64_t>{4}).empty());
    using Follow = GameConfig<ExactFinish, FollowChains>;
    const Board<Follow> follow({{8, 2}, {2, 6}}, Follow({.size = 10}));
    CHECK(follow.advance(4, 4) == 6);
    CHECK(follow.traps(std::vector<std::int64_t>{4}).empty());
}

TEST_CASE("fmt prints jumps, kinds and boards", "[board][format]") {
    CHECK(fmt::format("{}", Jump{1, 38}) == "ladder 1-38");
    CHECK(fmt::format("{}", Jump{98, 78}) == "snake 98-78");
    CHECK(fmt::format("{}", JumpKind::snake) == "snake");
    CHECK(fmt::format("{:>7}|", JumpKind::ladder) == " ladder|");
    CHECK(fmt::format("{}", Board<>({{98, 78}, {1, 38}}, GameConfig<>({.size = 100}))) ==
          "size 100\nladder 1-38\nsnake 98-78");
}

TEST_CASE("the jumps of a temporary board are a copy, so a loop over them cannot dangle",
          "[board][api]") {
    const Board<> board = classic();
    STATIC_REQUIRE(std::is_same_v<decltype(board.jumps()), std::span<const Jump>>);
    STATIC_REQUIRE(std::is_same_v<decltype(classic().jumps()), std::vector<Jump>>);
    // The classic board's jump starts, in order (DESIGN.md).
    std::vector<Square> starts;
    for (const Jump& jump : classic().jumps()) {
        starts.push_back(jump.start);
    }
    CHECK(starts == std::vector<Square>{1, 4, 9, 16, 21, 28, 36, 48, 49, 51, 56, 62, 64, 71, 80, 87,
                                        93, 95, 98});
}
