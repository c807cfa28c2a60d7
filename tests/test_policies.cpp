// The computer players that need no solve (policies.hpp): GreedyPolicy's decisions worked out by
// hand on a small board, and RandomPolicy's picks checked for legality, repeatability and
// uniformity over many states.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <snakeladder/base/errors.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <snakeladder/turn/policies.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

namespace {

// 10 squares, exact finish: a ladder from 3 to 8 and a snake from 6 to 1.
Board<> ten_squares() {
    return Board<>({Jump{3, 8}, Jump{6, 1}}, {.size = 10});
}

// A coin (rolls 1 or 2), dice that always roll 1 or always 2, and dice that roll 2 or 3.
LoadedDice<> coin() {
    return LoadedDice<>({1, 1});
}
LoadedDice<> ones() {
    return LoadedDice<>({1});
}
LoadedDice<> twos() {
    return LoadedDice<>({0, 1});
}
LoadedDice<> two_or_3() {
    return LoadedDice<>({0, 1, 1});
}

// The player due (seat 0 of one) on `square`, at `point`, having seen `roll`.
DecisionState at(Square square, DecisionPoint point, int roll = 0) {
    DecisionState state;
    state.game = GameState({.players = 1, .max_roll = 3});
    state.game.squares[0] = square;
    state.point = point;
    state.roll = roll;
    return state;
}

} // namespace

TEST_CASE("the greedy player picks the dice that leave it highest on average", "[policies]") {
    const Choices<LoadedDice<>> choices{{coin(), ones(), twos()}, false};
    const GreedyPolicy greedy(ten_squares(), choices);
    // Worked out by hand, the average square after the roll for (coin, ones, twos):
    // 0: (1+2)/2, 1, 2       -> twos
    // 1: (2+8)/2, 2, 8       -> twos (the ladder at 3)
    // 2: (8+4)/2, 8, 4       -> ones
    // 4: (5+1)/2, 5, 1       -> ones (the snake at 6)
    // 9: (10+9)/2, 10, 9     -> ones (a 2 overshoots and stays on 9)
    const std::array<std::pair<Square, std::uint32_t>, 5> expected{
        {{0, 2}, {1, 2}, {2, 1}, {4, 1}, {9, 1}}};
    for (const auto& [square, dice] : expected) {
        INFO("square " << square);
        CHECK(greedy.action(at(square, DecisionPoint::choose_dice)) == Action::roll_with(dice));
    }

    // Equal dice: the first of them.
    const GreedyPolicy even(ten_squares(), Choices<LoadedDice<>>{{coin(), coin()}, false});
    CHECK(even.action(at(4, DecisionPoint::choose_dice)) == Action::roll_with(0));
}

TEST_CASE("the greedy player counts its own stays when it picks the dice", "[policies]") {
    // From square 4, (ones, two_or_3): ones reaches 5; two_or_3 reaches 1 (the snake) or 7.
    // Moving always: 5 against (1+7)/2 = 4, so ones. Staying on the snake's roll: 5 against
    // (4+7)/2 = 5.5, so two_or_3.
    const GreedyPolicy moves(ten_squares(), Choices<LoadedDice<>>{{ones(), two_or_3()}, false});
    const GreedyPolicy stays(ten_squares(), Choices<LoadedDice<>>{{ones(), two_or_3()}, true});
    CHECK(moves.action(at(4, DecisionPoint::choose_dice)) == Action::roll_with(0));
    CHECK(stays.action(at(4, DecisionPoint::choose_dice)) == Action::roll_with(1));
    CHECK(stays.reached(4, 2) == 4);
    CHECK(moves.reached(4, 2) == 1);
    CHECK(stays.reached(4, 3) == 7);
}

TEST_CASE("the greedy player stays exactly when the move would leave it lower", "[policies]") {
    const GreedyPolicy greedy(ten_squares(), Choices<LoadedDice<>>{{coin()}, true});
    CHECK(greedy.action(at(4, DecisionPoint::move_or_stay, 2)) == Action::stay()); // the snake
    CHECK(greedy.action(at(4, DecisionPoint::move_or_stay, 1)) == Action::move()); // to 5
    CHECK(greedy.action(at(1, DecisionPoint::move_or_stay, 2)) == Action::move()); // the ladder
    // An overshoot leaves the token where it is: not lower, so it moves (and nothing happens).
    CHECK(greedy.action(at(9, DecisionPoint::move_or_stay, 2)) == Action::move());

    // Driven through the decision points, the stay ends the turn on square 4.
    const Board<> board = ten_squares();
    const Choices<LoadedDice<>> choices{{coin()}, true};
    DecisionState state = at(4, DecisionPoint::roll);
    state.game = GameState({.players = 2, .max_roll = 2});
    state.game.squares = {4, 0};
    const DecisionStep seen = apply_chance(board, choices, state, 2);
    const DecisionStep step = apply_action(board, choices, seen.state, greedy.action(seen.state));
    CHECK(step.stayed);
    CHECK(step.state.game.squares == std::vector<Square>{4, 0});
    CHECK(step.state.seat_due() == 1);
}

TEST_CASE("the greedy player refuses states it does not decide in", "[policies]") {
    const GreedyPolicy greedy(ten_squares(), Choices<LoadedDice<>>{{coin(), ones()}, true});
    CHECK(message_of<InvalidConfig>([&] { (void)greedy.action(at(4, DecisionPoint::roll)); }) ==
          "GreedyPolicy::action: nobody decides here (a chance point or the end of the game)");
    CHECK(message_of<InvalidConfig>([&] { (void)greedy.action(at(4, DecisionPoint::over)); }) ==
          "GreedyPolicy::action: nobody decides here (a chance point or the end of the game)");
    CHECK(message_of<InvalidConfig>([&] {
              (void)greedy.action(at(10, DecisionPoint::choose_dice));
          }) == "GreedyPolicy::action: the seat due (0) is not on a square below home of a board "
                "of 10 squares");
    CHECK(message_of<InvalidConfig>([&] {
              (void)greedy.action(at(-1, DecisionPoint::choose_dice));
          }) == "GreedyPolicy::action: the seat due (0) is not on a square below home of a board "
                "of 10 squares");
    CHECK(message_of<InvalidConfig>([&] {
              (void)greedy.action(at(4, DecisionPoint::move_or_stay, 0));
          }) == "GreedyPolicy::action: the roll seen (0) is not a roll");
    CHECK(message_of<InvalidConfig>([&] {
              (void)GreedyPolicy(ten_squares(), Choices<LoadedDice<>>{{}, false});
          }) == "GreedyPolicy: Choices needs 1 to 64 dice to choose from, got 0");
}

TEST_CASE("the random player picks legal actions, the same each time, evenly", "[policies]") {
    const Choices<LoadedDice<>> choices{{coin(), ones(), twos()}, true};
    const RandomPolicy player(choices, 7);
    static_assert(Policy<RandomPolicy>);
    static_assert(Policy<GreedyPolicy<Board<>::config_type, LoadedDice<>>>);

    // 30,000 distinct states: two seats' squares 0..99 (on a board of 100, not built here: the
    // random player looks at no board), three turns.
    std::array<int, 3> picked{};
    int stays = 0;
    int differ_from_other_seed = 0;
    int states = 0;
    const RandomPolicy other(choices, 8);
    for (Square a = 0; a < 100; ++a) {
        for (Square b = 0; b < 100; ++b) {
            for (std::uint64_t turn = 0; turn < 3; ++turn) {
                DecisionState state = at(a, DecisionPoint::choose_dice);
                state.game = GameState({.players = 2, .max_roll = 2});
                state.game.squares = {a, b};
                state.game.turns_played = turn;
                const Action pick = player.action(state);
                REQUIRE(pick.kind == Action::Kind::roll_with);
                REQUIRE(pick.dice < 3);
                CHECK(player.action(state) == pick);
                ++picked[pick.dice];
                differ_from_other_seed += other.action(state) == pick ? 0 : 1;

                state.point = DecisionPoint::move_or_stay;
                state.roll = 1;
                const Action after = player.action(state);
                REQUIRE((after == Action::move() || after == Action::stay()));
                stays += after == Action::stay() ? 1 : 0;
                ++states;
            }
        }
    }
    // Each count against its expectation, within 4 standard errors of a binomial.
    const auto within = [states](int count, double p) {
        const double expected = p * states;
        const double error = std::sqrt(states * p * (1.0 - p));
        INFO("count " << count << ", expected " << expected << " +- " << 4.0 * error);
        CHECK(std::abs(count - expected) < 4.0 * error);
    };
    within(picked[0], 1.0 / 3.0);
    within(picked[1], 1.0 / 3.0);
    within(picked[2], 1.0 / 3.0);
    within(stays, 0.5);
    within(differ_from_other_seed, 2.0 / 3.0); // two independent picks of 3 differ 2/3 of the time

    // Without stays, it always moves; with one dice, it always picks it.
    const RandomPolicy mover(Choices<LoadedDice<>>{{coin()}, false}, 7);
    for (Square square = 0; square < 100; ++square) {
        CHECK(mover.action(at(square, DecisionPoint::move_or_stay, 1)) == Action::move());
        CHECK(mover.action(at(square, DecisionPoint::choose_dice)) == Action::roll_with(0));
    }
}

TEST_CASE("the random player refuses states it does not decide in", "[policies]") {
    const RandomPolicy player(Choices<LoadedDice<>>{{coin(), ones()}, true}, 1);
    CHECK(message_of<InvalidConfig>([&] { (void)player.action(at(4, DecisionPoint::roll)); }) ==
          "RandomPolicy::action: nobody decides here (a chance point or the end of the game)");
    CHECK(message_of<InvalidConfig>([&] { (void)player.action(at(4, DecisionPoint::over)); }) ==
          "RandomPolicy::action: nobody decides here (a chance point or the end of the game)");
    DecisionState no_seat = at(4, DecisionPoint::choose_dice);
    no_seat.game.seat_due = 1;
    CHECK(message_of<InvalidConfig>([&] { (void)player.action(no_seat); }) ==
          "RandomPolicy::action: the seat due (1) is not one of the 1 seats");
    CHECK(message_of<InvalidConfig>([&] {
              (void)RandomPolicy(Choices<LoadedDice<>>{{}, false}, 1);
          }) == "RandomPolicy: Choices needs 1 to 64 dice to choose from, got 0");
}
