// generate_board: random valid boards whose exact expected game length is within a tolerance of
// a target; the same seed gives the same board; targets that cannot be reached are refused.
#include "support/catch.hpp"

#include <cmath>
#include <cstdint>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/board_generator.hpp>
#include <vector>

using namespace snakeladder;

namespace {

template <typename Config>
void check_board(const BasicBoard<Config>& board, int snakes, int ladders) {
    int snake_count = 0;
    int ladder_count = 0;
    for (const Jump& jump : board.jumps()) {
        (jump.kind() == JumpKind::snake ? snake_count : ladder_count) += 1;
        // No chains: the board is the same under every chain rule.
        CHECK(board.jump_from(jump.end) == nullptr);
    }
    CHECK(snake_count == snakes);
    CHECK(ladder_count == ladders);
}

} // namespace

TEST_CASE("generated boards have the asked expected length", "[generator]") {
    const FairDice<> d6;
    for (const double target : {12.0, 20.0, 30.0, 45.0, 80.0}) {
        DefaultEngine engine(1234);
        const Board<> board = generate_board(engine, target);
        INFO("target " << target);
        const ExpectedTurns exact = expected_turns(board, d6);
        CHECK(std::abs(exact.from_start - target) <= 0.5);
        CHECK(exact.finite());
        CHECK(board.size() == 100);
        check_board(board, 8, 8);
    }
}

TEST_CASE("generation follows the options: counts, tolerance, rules, dice", "[generator]") {
    SECTION("a tight tolerance, other counts") {
        DefaultEngine engine(5);
        const Board<> board =
            generate_board(engine, 30.0, {.snakes = 5, .ladders = 12, .tolerance = 0.01});
        CHECK(std::abs(expected_turns(board, FairDice<>()).from_start - 30.0) <= 0.01);
        check_board(board, 5, 12);
    }
    SECTION("bounce back on 50 squares with two dice") {
        DefaultEngine engine(8);
        const FairDice<> two_dice({.sides = 6, .count = 2});
        const BoardGenerationOptions<GameConfig<BounceBack>> options{
            .snakes = 4, .ladders = 3, .config = GameConfig<BounceBack>({.size = 50})};
        const Board<GameConfig<BounceBack>> board = generate_board(engine, 15.0, options, two_dice);
        CHECK(board.size() == 50);
        CHECK(std::abs(expected_turns(board, two_dice).from_start - 15.0) <= 0.5);
        check_board(board, 4, 3);
    }
    SECTION("a loaded die under single jumps") {
        DefaultEngine engine(13);
        const LoadedDice<> loaded({1, 1, 1, 1, 1, 5});
        const BoardGenerationOptions<GameConfig<ExactFinish, SingleJump>> options{};
        const auto board = generate_board(engine, 25.0, options, loaded);
        CHECK(std::abs(expected_turns(board, loaded).from_start - 25.0) <= 0.5);
        check_board(board, 8, 8);
    }
    SECTION("no jumps at all: the plain board either fits or is refused") {
        DefaultEngine engine(3);
        const double plain = expected_turns(Board<>({}), FairDice<>()).from_start;
        const Board<> board = generate_board(engine, plain, {.snakes = 0, .ladders = 0});
        CHECK(board.jumps().empty());
        REQUIRE_THROWS_AS(generate_board(engine, plain + 5, {.snakes = 0, .ladders = 0}),
                          InvalidConfig);
    }
}

TEST_CASE("candidates on which a game almost never ends are skipped, not fatal", "[generator]") {
    // 200 snakes and no ladders on 1,000 squares: nearly every such board has a trap or a game
    // so unlikely to end that expected_turns refuses it (an Error). The search passes over them
    // and ends with its own refusal, an InvalidConfig.
    DefaultEngine engine(5);
    const BoardGenerationOptions<> options{
        .snakes = 200, .ladders = 0, .max_candidates = 20, .config = GameConfig<>({.size = 1000})};
    REQUIRE_THROWS_AS(generate_board(engine, 1000.0, options), InvalidConfig);
    REQUIRE_THROWS_WITH(generate_board(engine, 1000.0, options),
                        SL_CONTAINS("every board tried had a trap, or a game so unlikely to end"));
}

TEST_CASE("the same seed gives the same board", "[generator]") {
    DefaultEngine first(77);
    DefaultEngine second(77);
    const Board<> a = generate_board(first, 35.0);
    const Board<> b = generate_board(second, 35.0);
    CHECK(a == b);
    CHECK(first == second); // both engines were used alike
    DefaultEngine other(78);
    CHECK_FALSE(generate_board(other, 35.0) == a);
}

TEST_CASE("targets that cannot be reached are refused with a reason", "[generator][errors]") {
    DefaultEngine engine(1);
    SECTION("below what any such board allows") {
        // Without ladders a token moves at most 6 squares a turn: 100 squares take 17 turns.
        REQUIRE_THROWS_WITH(generate_board(engine, 3.0, {.ladders = 0}),
                            SL_CONTAINS("every game there takes at least 17 turns"));
        REQUIRE_THROWS_WITH(generate_board(engine, 0.25), SL_CONTAINS("at least 1 turn"));
    }
    SECTION("beyond what the search finds") {
        REQUIRE_THROWS_AS(generate_board(engine, 1e6, {.max_candidates = 500}), InvalidConfig);
        REQUIRE_THROWS_WITH(generate_board(engine, 1e6, {.max_candidates = 500}),
                            SL_CONTAINS("found no board with 8 snakes and 8 ladders on 100 "
                                        "squares whose expected game lasts 1000000 +- 0.5 turns "
                                        "within 500 candidate boards; the closest had"));
    }
    SECTION("options that make no sense") {
        REQUIRE_THROWS_WITH(generate_board(engine, 30.0, {.snakes = -1}),
                            SL_CONTAINS("at least 0, got -1 snakes"));
        REQUIRE_THROWS_WITH(generate_board(engine, 30.0, {.snakes = 30, .ladders = 30}),
                            SL_CONTAINS("do not fit"));
        REQUIRE_THROWS_WITH(generate_board(engine, 30.0, {.tolerance = 0.0}),
                            SL_CONTAINS("tolerance must be a positive number"));
        REQUIRE_THROWS_WITH(generate_board(engine, 30.0, {.max_candidates = 0}),
                            SL_CONTAINS("max_candidates must be at least 1"));
        REQUIRE_THROWS_WITH(generate_board(engine, std::nan(""), {}),
                            SL_CONTAINS("the target must be a finite number"));
    }
}
