// Decision points (decisions.hpp): a game on a 4-square board driven decision by decision, every
// state and outcome asserted; the refusals of illegal actions, which leave the state as it was;
// and the decisions of a turn under house rules. Optimal play is in test_optimal_play.cpp.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <array>
#include <cstddef>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <string>
#include <vector>

using namespace snakeladder;
using support::small_board;
using support::three_dice;

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
    CHECK(message_of<IllegalAction>([&] {
              (void)apply_action(board, choices, home.state, Action::move());
          }) == "apply_action: move is not legal here: the game is over");
    CHECK(message_of<IllegalRoll>([&] { (void)apply_chance(board, choices, home.state, 1); }) ==
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

    CHECK(message_of<IllegalAction>([&] {
              (void)apply_action(board, choices, start, Action::move());
          }) == "apply_action: move is not legal here: the player due picks the dice first "
                "(roll_with)");
    CHECK(message_of<IllegalAction>([&] {
              (void)apply_action(board, choices, start, Action::roll_with(3));
          }) == "apply_action: roll_with(3) is not legal here: there are 3 dice to choose from "
                "(0 to 2)");
    CHECK(message_of<IllegalRoll>([&] { (void)apply_chance(board, choices, start, 1); }) ==
          "apply_chance: the player due decides first (apply_action)");
    CHECK(start == copy);
    // The refusal carries the action and the point it was tried at.
    const auto unpicked = thrown_by<IllegalAction>(
        [&] { (void)apply_action(board, choices, start, Action::roll_with(3)); });
    CHECK(unpicked.action() == Action::roll_with(3));
    CHECK(unpicked.point() == DecisionPoint::choose_dice);

    const DecisionState rolling = apply_action(board, choices, start, Action::roll_with(2)).state;
    CHECK(message_of<IllegalAction>([&] {
              (void)apply_action(board, choices, rolling, Action::stay());
          }) == "apply_action: stay is not legal here: the dice are about to roll (a chance "
                "point: apply_chance takes the roll)");
    const auto early = thrown_by<IllegalAction>(
        [&] { (void)apply_action(board, choices, rolling, Action::stay()); });
    CHECK(early.action() == Action::stay());
    CHECK(early.point() == DecisionPoint::roll);
    CHECK(message_of<IllegalRoll>([&] { (void)apply_chance(board, choices, rolling, 1); }) ==
          "apply_chance: the dice picked (number 2) cannot roll 1");
    // The refusal carries the roll, and is still an InvalidConfig.
    CHECK(thrown_by<IllegalRoll>([&] { (void)apply_chance(board, choices, rolling, 1); }).roll() ==
          1);
    CHECK(message_of<InvalidConfig>([&] { (void)apply_chance(board, choices, rolling, 0); }) ==
          "apply_chance: the dice picked (number 2) cannot roll 0");

    const DecisionState seen = apply_chance(board, choices, rolling, 2).state;
    CHECK(message_of<IllegalAction>([&] {
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
    CHECK(message_of<IllegalAction>([&] {
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
    CHECK(message_of<IllegalAction>([&] {
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
