// Decision points (decisions.hpp) and one player's optimal play (optimal_play.hpp).
// A game on a 4-square board driven decision by decision, every state and outcome asserted; the
// refusals of illegal actions, which leave the state as it was; optimal policies worked out by
// hand on small boards, against an independent value iteration on random boards, against the
// published classic figure, and against games played with the policy through the decision model.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <snakeladder/analysis.hpp>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/decisions.hpp>
#include <snakeladder/dice.hpp>
#include <snakeladder/optimal_play.hpp>
#include <snakeladder/random.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

namespace {

// 4 squares, a snake from 3 to 1, exact finish.
Board<> small_board() {
    return Board<>({Jump{3, 1}}, {.size = 4});
}

// A fair coin (rolls 1 and 2), a die that always rolls 1, one that always rolls 2.
std::vector<LoadedDice<>> three_dice() {
    return {LoadedDice<>({1, 1}), LoadedDice<>({1}), LoadedDice<>({0, 1})};
}

} // namespace

TEST_CASE("a game with dice to pick and the choice to stay, decision by decision", "[decisions]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};

    const DecisionState start = new_decision_state(choices, 2);
    CHECK(start.point == DecisionPoint::choose_dice);
    CHECK(start.seat_due() == 0);
    CHECK(start.game.squares == std::vector<Square>{0, 0});
    CHECK(legal_actions(choices, start) ==
          std::vector<Action>{Action::roll_with(0), Action::roll_with(1), Action::roll_with(2)});
    CHECK(chance_outcomes(choices, start).empty());

    // Seat 0 picks the die that always rolls 2, sees the 2 and moves to square 2.
    const DecisionStep picked = apply_action(board, choices, start, Action::roll_with(2));
    CHECK(!picked.outcome);
    CHECK(picked.state.point == DecisionPoint::roll);
    CHECK(picked.state.is_chance_point());
    CHECK(picked.state.dice == 2);
    CHECK(legal_actions(choices, picked.state).empty());
    CHECK(chance_outcomes(choices, picked.state) == std::vector<ChanceOutcome>{{2, 1.0}});

    const DecisionStep seen = apply_chance(board, choices, picked.state, 2);
    CHECK(!seen.outcome);
    CHECK(seen.state.point == DecisionPoint::move_or_stay);
    CHECK(seen.state.roll == 2);
    CHECK(legal_actions(choices, seen.state) ==
          std::vector<Action>{Action::move(), Action::stay()});

    const DecisionStep moved = apply_action(board, choices, seen.state, Action::move());
    REQUIRE(moved.outcome);
    CHECK(!moved.stayed);
    CHECK(moved.outcome->seat == 0);
    CHECK(moved.outcome->roll == 2);
    CHECK(moved.outcome->start == 0);
    CHECK(moved.outcome->end == 2);
    CHECK(moved.outcome->turn_over);
    CHECK(moved.state.point == DecisionPoint::choose_dice);
    CHECK(moved.state.game.squares == std::vector<Square>{2, 0});
    CHECK(moved.state.game.seat_due == 1);
    CHECK(moved.state.game.turns_played == 1);

    // Seat 1 tosses the coin, sees a 1 and stays on square 0.
    const DecisionStep coin = apply_action(board, choices, moved.state, Action::roll_with(0));
    CHECK(chance_outcomes(choices, coin.state) == std::vector<ChanceOutcome>{{1, 0.5}, {2, 0.5}});
    const DecisionStep one = apply_chance(board, choices, coin.state, 1);
    const DecisionStep stayed = apply_action(board, choices, one.state, Action::stay());
    REQUIRE(stayed.outcome);
    CHECK(stayed.stayed);
    CHECK(stayed.outcome->seat == 1);
    CHECK(stayed.outcome->roll == 1);
    CHECK(stayed.outcome->start == 0);
    CHECK(stayed.outcome->landed == 0);
    CHECK(stayed.outcome->end == 0);
    CHECK(stayed.state.game.squares == std::vector<Square>{2, 0});
    CHECK(stayed.state.game.seat_due == 0);
    CHECK(stayed.state.game.turns_played == 2);

    // Seat 0 rolls the 2 from square 2 and is home: the game is over.
    const DecisionStep last_pick = apply_action(board, choices, stayed.state, Action::roll_with(2));
    const DecisionStep last_seen = apply_chance(board, choices, last_pick.state, 2);
    const DecisionStep home = apply_action(board, choices, last_seen.state, Action::move());
    REQUIRE(home.outcome);
    CHECK(home.outcome->home);
    CHECK(home.outcome->place == 1);
    CHECK(home.state.point == DecisionPoint::over);
    CHECK(home.state.is_over());
    CHECK(home.state.game.finished);
    CHECK(home.state.game.squares == std::vector<Square>{4, 0});
    CHECK(legal_actions(choices, home.state).empty());
    CHECK(chance_outcomes(choices, home.state).empty());
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, home.state, Action::move());
          }) == "apply_action: move is not legal here: the game is over");
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, home.state, 1); }) ==
          "apply_chance: the game is over");
}

TEST_CASE("one die and no choice to stay: every point is a chance point", "[decisions]") {
    const Board<> board = small_board();
    const Choices<FairDice<>> choices{{FairDice<>({.sides = 2})}, false};
    const DecisionState start = new_decision_state(choices, 1);
    CHECK(start.point == DecisionPoint::roll);
    CHECK(start.game.max_roll == 2);
    CHECK(legal_actions(choices, start).empty());
    // 0 -> 1, then 1 -> 3 down the snake to 1, then 1 -> 2, then home.
    DecisionState state = start;
    const std::array<int, 4> rolls{1, 2, 1, 2};
    const std::array<Square, 4> ends{1, 1, 2, 4};
    for (std::size_t i = 0; i < 4; ++i) {
        const DecisionStep step = apply_chance(board, choices, state, rolls[i]);
        REQUIRE(step.outcome);
        CHECK(step.outcome->end == ends[i]);
        CHECK(step.outcome->jumps.size() == (i == 1 ? 1U : 0U));
        CHECK(step.state.point == (i == 3 ? DecisionPoint::over : DecisionPoint::roll));
        state = step.state;
    }
    CHECK(state.game.turns_played == 4);
    CHECK(state.game.finished);
}

TEST_CASE("illegal actions are refused by name and change nothing", "[decisions]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};
    const DecisionState start = new_decision_state(choices, 2);
    const DecisionState copy = start;

    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, start, Action::move());
          }) == "apply_action: move is not legal here: the player due picks the dice first "
                "(roll_with)");
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, start, Action::roll_with(3));
          }) == "apply_action: roll_with(3) is not legal here: there are 3 dice to choose from "
                "(0 to 2)");
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, start, 1); }) ==
          "apply_chance: the player due decides first (apply_action)");
    CHECK(start == copy);

    const DecisionState rolling = apply_action(board, choices, start, Action::roll_with(2)).state;
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, rolling, Action::stay());
          }) == "apply_action: stay is not legal here: the dice are about to roll (a chance "
                "point: apply_chance takes the roll)");
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, rolling, 1); }) ==
          "apply_chance: the dice picked (number 2) cannot roll 1");
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, rolling, 0); }) ==
          "apply_chance: the dice picked (number 2) cannot roll 0");

    const DecisionState seen = apply_chance(board, choices, rolling, 2).state;
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, seen, Action::roll_with(0));
          }) == "apply_action: roll_with(0) is not legal here: the roll (2) is made: the player "
                "moves or stays");

    DecisionState forged = seen;
    forged.roll = 1; // the sure 2 never rolls 1
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, forged, Action::move());
          }) == "apply_action: the state does not fit these choices: it has seen a roll of 1, "
                "which is not one the dice picked (number 2) give with a stay allowed");
    DecisionState unnamed = start;
    unnamed.point = static_cast<DecisionPoint>(7);
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, unnamed, Action::roll_with(99));
          }) == "apply_action: the state does not fit these choices: its point is none of "
                "DecisionPoint's values");
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, start, Action{static_cast<Action::Kind>(9), 0});
          }) == "apply_action: the action's kind is none of Action::Kind's values");
    // A game that is over, at a decision point; a point over in a game that is not.
    DecisionState over_at_pick = start;
    over_at_pick.game.squares = {4, 2};
    over_at_pick.game.finish_order = {0};
    over_at_pick.game.seat_due = 1;
    over_at_pick.game.finished = true;
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, over_at_pick, Action::roll_with(0));
          }) == "apply_action: the state does not fit these choices: the game is over, but its "
                "point is not DecisionPoint::over");
    DecisionState over_too_soon = start;
    over_too_soon.point = DecisionPoint::over;
    CHECK(
        message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, over_too_soon, 1); }) ==
        "apply_chance: the state does not fit these choices: its point is DecisionPoint::over, "
        "but the game is not");
    // The maximum of the dice picked, which house rules read, must be the state's.
    DecisionState wrong_maximum = rolling;
    wrong_maximum.game.max_roll = 6;
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_chance(board, choices, wrong_maximum, 2);
          }) == "apply_chance: the state does not fit these choices: its max_roll is 6, but the "
                "dice picked roll at most 2");
    DecisionState no_such_dice = rolling;
    no_such_dice.dice = 3;
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, no_such_dice, 2); }) ==
          "apply_chance: the state does not fit these choices: it picked dice 3, but there are 3 "
          "to choose from");
    CHECK(chance_outcomes(choices, no_such_dice).empty());
    CHECK(start == copy);

    // Without the choice to stay there is never a move_or_stay point, so no stay is legal.
    const Choices<LoadedDice<>> no_stay{three_dice(), false};
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, no_stay, start, Action::stay());
          }) == "apply_action: stay is not legal here: the player due picks the dice first "
                "(roll_with)");

    // Choices without dice, or a state that does not fit the board.
    const Choices<LoadedDice<>> none{{}, false};
    CHECK(message_of<InvalidConfig>([&] { (void)new_decision_state(none, 2); }) ==
          "new_decision_state: Choices needs 1 to 64 dice to choose from, got 0");
    CHECK(message_of<InvalidConfig>([&] { (void)new_decision_state(choices, 0); }) ==
          "new_decision_state: a game needs at least 1 player");
    DecisionState off_board = start;
    off_board.game.squares[1] = 9;
    CHECK(message_of<InvalidConfig>([&] {
              (void)apply_action(board, choices, off_board, Action::roll_with(0));
          }).find("seat 1 is on square 9, not on a board of 4 squares") != std::string::npos);
    CHECK(fmt::format("{} {} {}", Action::roll_with(5), Action::move(), Action::stay()) ==
          "roll_with(5) move stay");
}

TEST_CASE("optimal play on small boards, worked out by hand", "[decisions][optimal]") {
    const Board<> board = small_board();

    SECTION("a coin, with the choice to stay") {
        // Staying on square 2 after a 1 (which would lead to 1) gives V(2) = 1 + V(2)/2 = 2;
        // then V(1) = 1 + 2/2 + V(1)/2 = 4 and V(0) = 1 + 4/2 + 2/2 = 4. Always moving gives
        // V(2) = 1 + V(1)/2, V(1) = 1 + V(2)/2 + V(1)/2: V(2) = 4, V(1) = 6, V(0) = 6.
        const OptimalPolicy policy =
            optimal_policy(board, Choices<LoadedDice<>>{{LoadedDice<>({1, 1})}, true});
        CHECK(policy.turns() == Approx(4.0).epsilon(1e-12));
        CHECK(policy.expected_turns[1] == Approx(4.0).epsilon(1e-12));
        CHECK(policy.expected_turns[2] == Approx(2.0).epsilon(1e-12));
        CHECK(policy.expected_turns[4] == 0.0);
        CHECK(policy.stays(2, 1));
        CHECK(!policy.stays(2, 2));
        CHECK(!policy.stays(1, 1));
        CHECK(policy.default_turns == Approx(6.0).epsilon(1e-12));
        CHECK(policy.gain() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.residual < 1e-12);
        CHECK(policy.iterations >= 2);
    }
    SECTION("three dice to pick from, no stay") {
        // From 2 the sure 2 is home: V(2) = 1. From 1 the sure 1 gives 1 + V(2) = 2 (the coin
        // 1 + 1/2 + V(1)/2 = 2.5, the sure 2 slides back to 1 for ever). From 0 the sure 2 gives
        // 1 + V(2) = 2 (the sure 1: 3, the coin: 2.5). Default play is the coin: 6.
        const OptimalPolicy policy =
            optimal_policy(board, Choices<LoadedDice<>>{three_dice(), false});
        CHECK(policy.turns() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.dice[0] == 2);
        CHECK(policy.dice[1] == 1);
        CHECK(policy.dice[2] == 2);
        CHECK(policy.expected_turns[1] == Approx(2.0).epsilon(1e-12));
        CHECK(policy.default_turns == Approx(6.0).epsilon(1e-12));
        CHECK(policy.gain() == Approx(4.0).epsilon(1e-12));
        CHECK(policy.stay.empty());
        CHECK(!policy.stays(1, 1));
    }
    SECTION("default play that never ends, and no play at all that ends") {
        // 3 squares, exact finish. Always 2: 0 -> 2, then blocked for ever.
        const Board<> three({}, {.size = 3});
        const OptimalPolicy policy = optimal_policy(
            three, Choices<LoadedDice<>>{{LoadedDice<>({0, 1}), LoadedDice<>({1})}, false});
        CHECK(policy.turns() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.dice[2] == 1);
        CHECK(policy.default_turns == std::numeric_limits<double>::infinity());
        for (const bool may_stay : {false, true}) {
            CHECK(message_of<InvalidConfig>([&] {
                      (void)optimal_policy(three,
                                           Choices<LoadedDice<>>{{LoadedDice<>({0, 1})}, may_stay});
                  }) == "optimal_policy: no way of playing these choices on this board brings a "
                        "token home surely from square 0 (some roll leads where home can never "
                        "be reached)");
        }
    }
}

namespace {

// An independent answer: value iteration on the Bellman equations, square by square from the
// top, until the values stop changing.
std::vector<double> value_iteration(const Board<>& board,
                                    const std::vector<std::vector<double>>& dice_odds,
                                    bool may_stay) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> v(n + 1, 0.0);
    for (int sweep = 0; sweep < 200000; ++sweep) {
        double change = 0.0;
        for (std::size_t s = n; s-- > 0;) {
            double best = std::numeric_limits<double>::infinity();
            for (const std::vector<double>& odds : dice_odds) {
                double q = 1.0;
                for (std::size_t r = 1; r < odds.size(); ++r) {
                    const double moved = v[static_cast<std::size_t>(
                        board.advance(static_cast<Square>(s), static_cast<int>(r)))];
                    q += odds[r] * (may_stay ? std::min(moved, v[s]) : moved);
                }
                best = std::min(best, q);
            }
            change = std::max(change, std::abs(best - v[s]));
            v[s] = best;
        }
        if (change < 1e-13) {
            break;
        }
    }
    return v;
}

// A random board of `size` squares under RejectChains: distinct starts, no end on a start.
Board<> random_small_board(std::mt19937& engine, int size, int jumps) {
    std::vector<Jump> list;
    std::vector<bool> used(static_cast<std::size_t>(size) + 1, false);
    std::uniform_int_distribution<int> square(1, size - 1);
    for (int tries = 0; tries < 200 && static_cast<int>(list.size()) < jumps; ++tries) {
        const int start = square(engine);
        const int end = std::uniform_int_distribution<int>(1, size)(engine);
        if (start == end || used[static_cast<std::size_t>(start)] ||
            used[static_cast<std::size_t>(end)]) {
            continue;
        }
        used[static_cast<std::size_t>(start)] = true;
        used[static_cast<std::size_t>(end)] = true;
        list.push_back({start, end});
    }
    return Board<>(list, {.size = size});
}

} // namespace

TEST_CASE("optimal play against an independent value iteration on random boards",
          "[decisions][optimal]") {
    std::mt19937 engine(20261204); // the same numbers with every standard library
    for (int round = 0; round < 30; ++round) {
        const int size = std::uniform_int_distribution<int>(5, 40)(engine);
        const Board<> board = random_small_board(engine, size, size / 5);
        const bool may_stay = round % 2 == 0;
        // A fair die, two of them, and a die loaded towards 1.
        const Choices<LoadedDice<>> choices{{LoadedDice<>({1, 1, 1, 1, 1, 1}),
                                             LoadedDice<>({0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}),
                                             LoadedDice<>({5, 1, 1})},
                                            may_stay};
        std::vector<std::vector<double>> odds;
        for (const LoadedDice<>& dice : choices.dice) {
            const auto faces = dice.face_probabilities();
            odds.emplace_back(faces.begin(), faces.end());
        }
        const std::vector<double> expected = value_iteration(board, odds, may_stay);
        const OptimalPolicy policy = optimal_policy(board, choices);
        INFO("round " << round << ", " << size << " squares");
        for (std::size_t s = 0; s <= static_cast<std::size_t>(size); ++s) {
            CHECK(policy.expected_turns[s] == Approx(expected[s]).epsilon(1e-9));
        }
        CHECK(policy.residual < 1e-9);
        CHECK(policy.turns() <= policy.default_turns * (1 + 1e-12));
    }
}

TEST_CASE("optimal play with one die and no stay is the classic game's figure",
          "[decisions][optimal]") {
    const OptimalPolicy policy = optimal_policy(classic(), Choices<FairDice<>>{{FairDice<>()}});
    // Published (DESIGN.md, "reference figures"): 39.5983656...
    CHECK(policy.turns() == Approx(39.598365640).epsilon(1e-10));
    CHECK(policy.gain() == Approx(0.0).margin(1e-9));
    CHECK(policy.iterations == 1);
}

TEST_CASE("games played with the optimal policy take its expected turns", "[decisions][optimal]") {
    // The classic board, a die or two of them before each roll, and the choice to stay.
    const Board<> board = classic();
    const Choices<FairDice<>> choices{
        {FairDice<>({.sides = 6}), FairDice<>({.sides = 6, .count = 2})}, true};
    const OptimalPolicy policy = optimal_policy(board, choices);
    CHECK(policy.turns() < policy.default_turns);
    CHECK(policy.residual < 1e-9);

    std::vector<FairDice<>> dice{FairDice<>::seeded(7, {.sides = 6}),
                                 FairDice<>::seeded(8, {.sides = 6, .count = 2})};
    constexpr int games = 20000;
    double sum = 0.0;
    double squares = 0.0;
    for (int game = 0; game < games; ++game) {
        DecisionState state = new_decision_state(choices, 1);
        while (!state.is_over()) {
            if (state.is_chance_point()) {
                state = apply_chance(board, choices, state, dice[state.dice].roll()).state;
            } else {
                const Action action = policy.action(state);
                const std::vector<Action> legal = legal_actions(choices, state);
                REQUIRE(std::find(legal.begin(), legal.end(), action) != legal.end());
                state = apply_action(board, choices, state, action).state;
            }
        }
        const auto turns = static_cast<double>(state.game.turns_played);
        sum += turns;
        squares += turns * turns;
    }
    const double mean = sum / games;
    const double standard_error = std::sqrt((squares / games - mean * mean) / games);
    INFO("mean " << mean << ", expected " << policy.turns() << ", standard error "
                 << standard_error);
    CHECK(std::abs(mean - policy.turns()) < 4 * standard_error);
    CHECK(message_of<InvalidConfig>([&] {
              (void)policy.action(new_decision_state(Choices<FairDice<>>{{FairDice<>()}}, 1));
          }) == "OptimalPolicy::action: nobody decides here (a chance point or the end of the "
                "game)");
}

TEST_CASE("optimal play refuses boards past its limit, naming the count", "[decisions][optimal]") {
    const Board<> big({}, {.size = 4'000'000});
    CHECK(message_of<InvalidConfig>([&] {
              (void)optimal_policy(big, Choices<FairDice<>>{{FairDice<>()}});
          }) == "optimal_policy: 4000000 squares times the rolls of the 1 dice to choose from make "
                "24000000 states and rolls, more than the limit of 2e+07");
    // Dice of faces 1 and 1,000: two rolls, but a stay to keep for every roll up to 1,000.
    std::vector<std::int64_t> weights(1000, 0);
    weights.front() = 1;
    weights.back() = 1;
    const Choices<LoadedDice<>> far{{LoadedDice<>(weights)}, true};
    const Board<> medium({}, {.size = 30'000});
    CHECK(message_of<InvalidConfig>([&] { (void)optimal_policy(medium, far); }) ==
          "optimal_policy: with stays allowed, every roll up to the highest (1000) on each of "
          "30000 squares makes 30030000 decisions to keep, more than the limit of 2e+07");
    CHECK(message_of<InvalidConfig>([&] {
              (void)two_player_equilibrium(Board<>({}, {.size = 200}), far);
          }) == "two_player_equilibrium: with stays allowed, every roll up to the highest (1000) "
                "on each of 40000 joint states makes 40040000 decisions to keep, more than the "
                "limit of 2e+07");
}

TEST_CASE("a policy asked about a state it does not cover says so", "[decisions][optimal]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};
    const OptimalPolicy policy = optimal_policy(board, choices);
    DecisionState state = new_decision_state(choices, 2);
    CHECK(policy.action(state) == Action::roll_with(2));
    state.game.seat_due = 5;
    CHECK(message_of<InvalidConfig>([&] { (void)policy.action(state); }) ==
          "OptimalPolicy::action: the seat due (5) is not on a square below home of the board "
          "this policy was solved for (4 squares)");
    state.game.seat_due = 0;
    state.game.squares[0] = 4; // home
    CHECK(message_of<InvalidConfig>([&] { (void)policy.action(state); }) ==
          "OptimalPolicy::action: the seat due (0) is not on a square below home of the board "
          "this policy was solved for (4 squares)");
    // Rolls past the highest are never stays, nor do they read another square's.
    CHECK(policy.stays(2, 1));
    CHECK(!policy.stays(1, 3));
    CHECK(!policy.stays(-1, 1));
    CHECK(!policy.stays(9, 1));

    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    DecisionState two = new_decision_state(choices, 2);
    two.game.squares[1] = 7;
    CHECK(message_of<InvalidConfig>([&] { (void)duel.action(two); }) ==
          "TwoPlayerPolicy::action: squares 0 and 7 are not both below home of the board this "
          "policy was solved for (4 squares)");
    CHECK(!duel.stays(0, 0, 3));
    CHECK(!duel.stays(0, 4, 1));
}

TEST_CASE("decisions under house rules: a six moves and rolls again, a stay ends the turn",
          "[decisions]") {
    const Board<> board = classic();
    const Choices<FairDice<>> choices{{FairDice<>()}, true};
    const ExtraTurnOnMax<3> rules{};
    const DecisionState start = new_decision_state(choices, 2);

    // Seat 0 rolls a 6 and moves to square 6: the same seat rolls again.
    const DecisionState six = apply_chance(board, choices, start, 6, rules).state;
    const DecisionStep moved = apply_action(board, choices, six, Action::move(), rules);
    REQUIRE(moved.outcome);
    CHECK(moved.outcome->end == 6);
    CHECK(!moved.outcome->turn_over);
    CHECK(moved.state.point == DecisionPoint::roll);
    CHECK(moved.state.game.seat_due == 0);
    CHECK(moved.state.game.rolls_in_turn == 1);
    CHECK(moved.state.game.streak == 1);

    // Another 6, and the player stays: no second extra roll, the turn is over, seat 1 is due.
    const DecisionState again = apply_chance(board, choices, moved.state, 6, rules).state;
    const DecisionStep stayed = apply_action(board, choices, again, Action::stay(), rules);
    REQUIRE(stayed.outcome);
    CHECK(stayed.stayed);
    CHECK(stayed.outcome->roll_in_turn == 2);
    CHECK(stayed.outcome->end == 6);
    CHECK(stayed.outcome->turn_over);
    CHECK(stayed.state.game.squares == std::vector<Square>{6, 0});
    CHECK(stayed.state.game.seat_due == 1);
    CHECK(stayed.state.game.rolls_in_turn == 0);
    CHECK(stayed.state.game.streak == 0);
    CHECK(stayed.state.game.turns_played == 1);
}

// --- Two players ---------------------------------------------------------------------------------

TEST_CASE("two players' equilibrium on a 2-square board, worked out by hand", "[decisions][duel]") {
    const Board<> two({}, {.size = 2});
    SECTION("a coin: every position is won 2/3 of the time by the player to move") {
        // From 1: a 1 wins, a 2 is blocked; from 0: a 2 wins, a 1 goes to 1. W(1,1) = 1/2 +
        // (1 - W(1,1))/2 = 2/3; W(0,1) = 1/2 + (1 - W(1,1))/2 = 2/3; W(0,0) = 1/2 + (1 - W(0,1))/2
        // = 2/3; W(1,0) = 1/2 + (1 - W(0,1))/2 = 2/3.
        const TwoPlayerPolicy duel =
            two_player_equilibrium(two, Choices<LoadedDice<>>{{LoadedDice<>({1, 1})}, false});
        for (const Square own : {0, 1}) {
            for (const Square other : {0, 1}) {
                CHECK(duel.win_from(own, other) == Approx(2.0 / 3.0).epsilon(1e-12));
            }
        }
        CHECK(duel.win_chance == Approx(2.0 / 3.0).epsilon(1e-12));
        CHECK(duel.residual <= 1e-13);
    }
    SECTION("a coin or a sure 2: from 0 the sure 2 wins at once") {
        // W(0, b) = 1 with the sure 2. From 1 only the coin gets home: W(1,1) = 2/3 as above,
        // W(1,0) = 1/2 + (1 - W(0,1))/2 = 1/2.
        const TwoPlayerPolicy duel = two_player_equilibrium(
            two, Choices<LoadedDice<>>{{LoadedDice<>({1, 1}), LoadedDice<>({0, 1})}, false});
        CHECK(duel.win_from(0, 0) == 1.0);
        CHECK(duel.win_from(0, 1) == 1.0);
        CHECK(duel.win_from(1, 1) == Approx(2.0 / 3.0).epsilon(1e-12));
        CHECK(duel.win_from(1, 0) == Approx(0.5).epsilon(1e-12));
        CHECK(duel.dice[duel.index(0, 0)] == 1);
        CHECK(duel.dice[duel.index(1, 0)] == 0);
        CHECK(duel.win_chance == 1.0);
    }
}

namespace {

// An independent answer for two players: plain (Jacobi) value iteration on win(a, b), the
// chance that the player to move on a, the other on b, wins.
std::vector<double> duel_iteration(const Board<>& board,
                                   const std::vector<std::vector<double>>& dice_odds,
                                   bool may_stay) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> win(n * n, 0.0);
    for (int sweep = 0; sweep < 200000; ++sweep) {
        std::vector<double> next(n * n, 0.0);
        double change = 0.0;
        for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t b = 0; b < n; ++b) {
                double best = 0.0;
                for (const std::vector<double>& odds : dice_odds) {
                    double q = 0.0;
                    for (std::size_t r = 1; r < odds.size(); ++r) {
                        const auto t = static_cast<std::size_t>(
                            board.advance(static_cast<Square>(a), static_cast<int>(r)));
                        double value = t == n ? 1.0 : 1.0 - win[b * n + t];
                        if (may_stay && t != n) {
                            value = std::max(value, 1.0 - win[b * n + a]);
                        }
                        q += odds[r] * value;
                    }
                    best = std::max(best, q);
                }
                next[a * n + b] = best;
                change = std::max(change, std::abs(best - win[a * n + b]));
            }
        }
        win = next;
        if (change < 1e-14) {
            break;
        }
    }
    return win;
}

} // namespace

TEST_CASE("two players' equilibrium against an independent value iteration", "[decisions][duel]") {
    std::mt19937 engine(4122026);
    for (int round = 0; round < 12; ++round) {
        const int size = std::uniform_int_distribution<int>(4, 25)(engine);
        const Board<> board = random_small_board(engine, size, size / 4);
        const bool may_stay = round % 2 == 1;
        const Choices<LoadedDice<>> choices{
            {LoadedDice<>({1, 1, 1, 1, 1, 1}), LoadedDice<>({3, 1}), LoadedDice<>({0, 0, 1, 1})},
            may_stay};
        std::vector<std::vector<double>> odds;
        for (const LoadedDice<>& dice : choices.dice) {
            const auto faces = dice.face_probabilities();
            odds.emplace_back(faces.begin(), faces.end());
        }
        const std::vector<double> expected = duel_iteration(board, odds, may_stay);
        const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
        INFO("round " << round << ", " << size << " squares");
        REQUIRE(duel.win.size() == expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            CHECK(duel.win[i] == Approx(expected[i]).margin(1e-9));
        }
        // Against itself, the best reply is the equilibrium.
        CHECK(best_reply(board, choices, duel, 0).win_chance ==
              Approx(duel.win_chance).margin(1e-9));
    }
}

TEST_CASE("with one die and no decisions, the equilibrium is the seat chances",
          "[decisions][duel]") {
    const Board<> board = classic();
    const TwoPlayerPolicy duel =
        two_player_equilibrium(board, Choices<FairDice<>>{{FairDice<>()}, false});
    const SeatChances seats = seat_chances(board, FairDice<>(), 2);
    CHECK(duel.win_chance == Approx(seats.win_probability[0]).margin(1e-10));
}

TEST_CASE("a best reply to the one-player optimum, played out", "[decisions][duel]") {
    // The classic board, one die or two, and the choice to stay. The opponent plays the policy
    // that is best alone; the responder knows it and exploits it.
    const Board<> board = classic();
    const Choices<FairDice<>> choices{
        {FairDice<>({.sides = 6}), FairDice<>({.sides = 6, .count = 2})}, true};
    const OptimalPolicy alone = optimal_policy(board, choices);
    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    for (const std::uint32_t seat : {0U, 1U}) {
        const TwoPlayerPolicy reply = best_reply(board, choices, alone, seat);
        const double minimax = seat == 0 ? duel.win_chance : 1.0 - duel.win_chance;
        CHECK(reply.win_chance >= minimax - 1e-9);
        CHECK(reply.residual <= 1e-13);

        std::vector<FairDice<>> dice{FairDice<>::seeded(11 + seat, {.sides = 6}),
                                     FairDice<>::seeded(13 + seat, {.sides = 6, .count = 2})};
        constexpr int games = 20000;
        int won = 0;
        for (int game = 0; game < games; ++game) {
            DecisionState state = new_decision_state(choices, 2);
            while (!state.is_over()) {
                if (state.is_chance_point()) {
                    state = apply_chance(board, choices, state, dice[state.dice].roll()).state;
                } else {
                    const Action action =
                        state.seat_due() == seat ? reply.action(state) : alone.action(state);
                    state = apply_action(board, choices, state, action).state;
                }
            }
            won += state.game.finish_order.front() == seat ? 1 : 0;
        }
        const double p = reply.win_chance;
        const double standard_error = std::sqrt(p * (1 - p) / games);
        INFO("seat " << seat << ": won " << won << " of " << games << ", expected " << p);
        CHECK(std::abs(won / static_cast<double>(games) - p) < 4 * standard_error);
    }
}

namespace {

// An opponent that answers a stay where it must pick dice.
struct StubbornPolicy {
    [[nodiscard]] Action action(const DecisionState& /*state*/) const { return Action::stay(); }
};
static_assert(Policy<StubbornPolicy>);
static_assert(Policy<OptimalPolicy>);
static_assert(Policy<TwoPlayerPolicy>);

} // namespace

TEST_CASE("two players: the refusals", "[decisions][duel]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};
    CHECK(message_of<InvalidConfig>([&] {
              (void)best_reply(board, choices, StubbornPolicy{}, 2);
          }) == "best_reply: the responder's seat is 0 or 1, got 2");
    CHECK(message_of<InvalidConfig>([&] {
              (void)best_reply(board, choices, StubbornPolicy{}, 0);
          }) == "best_reply: the opponent answered stay, which is not legal at turn 1, seat 1 to "
                "roll; squares 0 0 (a pick of dice)");
    const Board<> big({}, {.size = 2000});
    CHECK(message_of<InvalidConfig>([&] {
              (void)two_player_equilibrium(big, Choices<FairDice<>>{{FairDice<>()}});
          }) == "two_player_equilibrium: two players on 2000 squares make 4000000 joint states, "
                "times 6 rolls over the dice: more than the limit of 2e+07 (simulate plays such "
                "games)");
    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    CHECK(message_of<InvalidConfig>([&] { (void)duel.action(new_decision_state(choices, 3)); }) ==
          "TwoPlayerPolicy::action: it decides for the seat due of two at a decision point");
}
