// DecisionGame (decision_game.hpp): people deciding through take_turn(player, action) and
// computer players asked by play(), with scripted or one-valued dice so that every turn is known
// in advance. Each expected record is worked out by hand on a ten-square board.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <snakeladder/analysis/optimal_play.hpp>
#include <snakeladder/base/errors.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/decision_game.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/null_mutex.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <snakeladder/turn/policies.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

using namespace snakeladder;

namespace {

// 10 squares, exact finish: a ladder from 3 to 8 and a snake from 6 to 1.
Board<> ten_squares(std::uint64_t turn_limit = GameSettings{}.turn_limit) {
    return Board<>({Jump{3, 8}, Jump{6, 1}}, {.size = 10, .turn_limit = turn_limit});
}

// Dice that always roll 1, and dice that always roll 2.
LoadedDice<> ones() {
    return LoadedDice<>({1});
}
LoadedDice<> twos() {
    return LoadedDice<>({0, 1});
}

// Two six-sided scripted dice to choose from, and a stay allowed.
Choices<ScriptedDice> scripted(std::vector<int> first, std::vector<int> second) {
    return {{ScriptedDice::with_faces(6, std::move(first)),
             ScriptedDice::with_faces(6, std::move(second))},
            true};
}

std::vector<std::string> lines(const std::vector<TurnRecord>& records) {
    std::vector<std::string> out;
    out.reserve(records.size());
    for (const TurnRecord& record : records) {
        out.push_back(fmt::format("{}", record));
    }
    return out;
}

// A policy of the test's: picks dice `dice`, always moves; throws on its `fail_at`-th question.
struct CountingPolicy {
    std::uint32_t dice = 0;
    int fail_at = -1;
    std::shared_ptr<int> asked = std::make_shared<int>(0);
    [[nodiscard]] Action action(const DecisionState& state) const {
        if ((*asked)++ == fail_at) {
            throw std::runtime_error("the policy gave up");
        }
        return state.point == DecisionPoint::choose_dice ? Action::roll_with(dice) : Action::move();
    }
};

// A policy that answers with a kind of action that does not exist.
struct ForgedKind {
    [[nodiscard]] static Action action(const DecisionState& /*state*/) {
        return {static_cast<Action::Kind>(7), 0};
    }
};

// Dice that break their contract: they roll 0.
struct RollsZero {
    static int roll() { return 0; }
    [[nodiscard]] static int min_roll() { return 1; }
    [[nodiscard]] static int max_roll() { return 6; }
};

// A policy that stays even where staying is not allowed.
struct AlwaysStays {
    [[nodiscard]] static Action action(const DecisionState& /*state*/) { return Action::stay(); }
};

} // namespace

TEST_CASE("Two people pick dice and decide to move or stay, turn by turn", "[decision_game]") {
    // Ana picks dice 1 (rolls 3: 0 to 3, up the ladder to 8) and moves; Ben picks dice 0, rolls 6
    // (0 to 6, down the snake to 1) and stays on 0; Ana picks dice 0, rolls 2: 8 to 10, home.
    DecisionGame game(ten_squares(), scripted({6, 2}, {3}), {person("Ana"), person("Ben")});
    REQUIRE(game.status() == GameStatus::not_started);
    REQUIRE(game.person_due() == "Ana");
    REQUIRE(game.legal_actions() ==
            std::vector<Action>{Action::roll_with(0), Action::roll_with(1)});
    REQUIRE(game.state().point == DecisionPoint::choose_dice);

    REQUIRE(message_of<NotYourTurn>([&] { (void)game.take_turn("Ben", Action::roll_with(0)); }) ==
            "it is Ana's turn, not Ben's");
    REQUIRE(message_of<InvalidPlayers>([&] { (void)game.take_turn("Cy", Action::roll_with(0)); }) ==
            "there is no player called \"Cy\" in this game (players: Ana, Ben)");
    REQUIRE(message_of<IllegalAction>([&] { (void)game.take_turn("Ana", Action::move()); }) ==
            "apply_action: move is not legal here: the player due picks the dice first "
            "(roll_with)");
    REQUIRE(message_of<IllegalAction>([&] { (void)game.take_turn("Ana", Action::roll_with(2)); }) ==
            "apply_action: roll_with(2) is not legal here: there are 2 dice to choose from "
            "(0 to 1)");
    REQUIRE(game.state() == new_decision_state(game.choices(), 2)); // nothing changed
    REQUIRE(game.choices().dice[1].used() == 0);

    // The pick rolls dice 1, and Ana sees a 3.
    REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(1)).has_value());
    REQUIRE(game.state().point == DecisionPoint::move_or_stay);
    REQUIRE(game.state().roll == 3);
    REQUIRE(game.state().dice == 1);
    REQUIRE(game.person_due() == "Ana");
    REQUIRE(game.status() == GameStatus::in_progress);
    REQUIRE(game.legal_actions() == std::vector<Action>{Action::move(), Action::stay()});
    REQUIRE(game.records().empty());
    REQUIRE(game.position("Ana") == 0);

    const std::optional<TurnRecord> first = game.take_turn("Ana", Action::move());
    REQUIRE(first.has_value());
    REQUIRE(first->turn == 1);
    REQUIRE(first->seat == 0);
    REQUIRE(first->roll == 3);
    REQUIRE(first->dice == std::optional<std::uint32_t>(1));
    REQUIRE_FALSE(first->stayed);
    REQUIRE(first->start == 0);
    REQUIRE(first->landed == 3);
    REQUIRE(first->end == 8);
    REQUIRE(fmt::format("{}", *first) == "Ana rolls 3 with dice 1: 0 to 8 via ladder 3-8");
    REQUIRE(game.position("Ana") == 8);
    REQUIRE(game.person_due() == "Ben");

    REQUIRE_FALSE(game.take_turn("Ben", Action::roll_with(0)).has_value());
    REQUIRE(game.state().roll == 6);
    const std::optional<TurnRecord> second = game.take_turn("Ben", Action::stay());
    REQUIRE(second.has_value());
    REQUIRE(second->stayed);
    REQUIRE(second->start == 0);
    REQUIRE(second->end == 0);
    REQUIRE(second->jumps.empty());
    REQUIRE(fmt::format("{}", *second) == "Ben rolls 6 with dice 0, stays on 0");
    REQUIRE(game.position("Ben") == 0);

    REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(0)).has_value());
    const std::optional<TurnRecord> third = game.take_turn("Ana", Action::move());
    REQUIRE(third.has_value());
    REQUIRE(fmt::format("{}", *third) == "Ana rolls 2 with dice 0: 8 to 10 and is home (1st)");

    REQUIRE(game.status() == GameStatus::finished);
    REQUIRE(game.winner() == "Ana");
    REQUIRE(game.turns() == 3);
    REQUIRE_FALSE(game.person_due().has_value());
    REQUIRE(game.legal_actions().empty());
    REQUIRE(lines(game.records()) ==
            std::vector<std::string>{"Ana rolls 3 with dice 1: 0 to 8 via ladder 3-8",
                                     "Ben rolls 6 with dice 0, stays on 0",
                                     "Ana rolls 2 with dice 0: 8 to 10 and is home (1st)"});
    REQUIRE(game.ranking() ==
            std::vector<Standing>{{1, 0, "Ana", 10, true}, {2, 1, "Ben", 0, false}});
    REQUIRE(message_of<GameOver>([&] { (void)game.take_turn("Ben", Action::roll_with(0)); }) ==
            "the game is over after 3 turns: Ana won");
    REQUIRE_THROWS_AS(game.play(), GameOver);
    REQUIRE_THROWS_AS(game.play_turn(), GameOver);
}

TEST_CASE("With one dice the game rolls first, and a person decides only on the roll seen",
          "[decision_game]") {
    // Scripted: Ana 2 (0 to 2), Ben 4 (0 to 4), Ana 4 (2 to 6, the snake: she stays on 2).
    Choices<ScriptedDice> choices{{ScriptedDice::with_faces(6, {2, 4, 4})}, true};
    DecisionGame game(ten_squares(), choices, {person("Ana"), person("Ben")});
    REQUIRE(game.state().point == DecisionPoint::roll);
    REQUIRE_FALSE(game.person_due().has_value());
    REQUIRE(message_of<IllegalAction>([&] { (void)game.take_turn("Ana", Action::move()); }) ==
            "take_turn: Ana has no decision to take now: the dice roll first (play_turn or play "
            "roll them)");
    CHECK(thrown_by<IllegalAction>([&] { (void)game.take_turn("Ana", Action::move()); }).point() ==
          DecisionPoint::roll);

    // play() rolls and stops where Ana decides.
    const GameResult stopped = game.play();
    REQUIRE(stopped.status == GameStatus::in_progress);
    REQUIRE(stopped.turns == 0);
    REQUIRE(game.person_due() == "Ana");
    REQUIRE(game.state().roll == 2);
    REQUIRE_FALSE(game.play_turn().has_value()); // nothing to play until Ana decides
    REQUIRE(game.choices().dice[0].used() == 1);

    const std::optional<TurnRecord> first = game.take_turn("Ana", Action::move());
    REQUIRE(first.has_value());
    REQUIRE_FALSE(first->dice.has_value()); // nothing was picked
    REQUIRE(fmt::format("{}", *first) == "Ana rolls 2: 0 to 2");
    REQUIRE_FALSE(game.play_turn().has_value()); // rolls Ben's 4
    REQUIRE(game.take_turn("Ben", Action::move()).has_value());
    (void)game.play();
    REQUIRE(game.state().roll == 4);
    const std::optional<TurnRecord> third = game.take_turn("Ana", Action::stay());
    REQUIRE(third.has_value());
    REQUIRE(fmt::format("{}", *third) == "Ana rolls 4, stays on 2");
    REQUIRE(game.positions() == std::vector<Square>{2, 4});

    // The script is used up: the next roll throws, and nothing changes.
    const DecisionState before = game.state();
    REQUIRE_THROWS_AS(game.play(), DiceExhausted);
    REQUIRE(game.state() == before);
    REQUIRE(game.records().size() == 3);
}

TEST_CASE("Greedy computer players pick the dice that go furthest, and play() plays them to the "
          "end",
          "[decision_game]") {
    // Dice that always roll 1 or always 2. From 0: 1 or 2, so dice 1 (2). From 2: 3 is the
    // ladder to 8, so dice 0 (1). From 8: dice 1 (2) is home.
    const Choices<LoadedDice<>> choices{{ones(), twos()}, true};
    const Board<> board = ten_squares();
    DecisionGame game(board, choices,
                      {computer("Ann", GreedyPolicy(board, choices)),
                       computer("Bob", GreedyPolicy(board, choices))});
    REQUIRE_FALSE(game.person_due().has_value());
    REQUIRE_FALSE(game.is_person("Ann"));
    REQUIRE(message_of<NotYourTurn>([&] { (void)game.take_turn("Ann", Action::roll_with(0)); }) ==
            "Ann is a computer player: play() or play_turn() asks its policy");

    const std::optional<TurnRecord> first = game.play_turn();
    REQUIRE(first.has_value());
    REQUIRE(fmt::format("{}", *first) == "Ann rolls 2 with dice 1: 0 to 2");
    const GameResult result = game.play();
    REQUIRE(result.status == GameStatus::finished);
    REQUIRE(result.winner == "Ann");
    REQUIRE(result.turns == 5);
    REQUIRE(lines(game.records()) ==
            std::vector<std::string>{"Ann rolls 2 with dice 1: 0 to 2",
                                     "Bob rolls 2 with dice 1: 0 to 2",
                                     "Ann rolls 1 with dice 0: 2 to 8 via ladder 3-8",
                                     "Bob rolls 1 with dice 0: 2 to 8 via ladder 3-8",
                                     "Ann rolls 2 with dice 1: 8 to 10 and is home (1st)"});
    REQUIRE(result.ranking ==
            std::vector<Standing>{{1, 0, "Ann", 10, true}, {2, 1, "Bob", 8, false}});
}

TEST_CASE("A greedy player stays off a snake, and the turn limit ends a game that stalls",
          "[decision_game]") {
    // One dice, always 2: 0 to 2, 2 to 4, then 4 to 6 is the snake down to 1, so both stay on
    // 4 for ever; the limit of 6 turns stops them.
    const Choices<LoadedDice<>> choices{{twos()}, true};
    const Board<> board = ten_squares(6);
    DecisionGame game(board, choices,
                      {computer("Ann", GreedyPolicy(board, choices)),
                       computer("Bob", GreedyPolicy(board, choices))});
    const GameResult result = game.play();
    REQUIRE(result.status == GameStatus::turn_limit_reached);
    REQUIRE(result.turns == 6);
    REQUIRE_FALSE(result.winner.has_value());
    REQUIRE(lines(game.records()) ==
            std::vector<std::string>{"Ann rolls 2: 0 to 2", "Bob rolls 2: 0 to 2",
                                     "Ann rolls 2: 2 to 4", "Bob rolls 2: 2 to 4",
                                     "Ann rolls 2, stays on 4", "Bob rolls 2, stays on 4"});
    // Game's wording: one message for both games.
    REQUIRE(message_of<TurnLimitReached>([&] { (void)game.play(); }) ==
            "the game has reached its turn limit of 6 turns without a winner");
    REQUIRE_THROWS_AS(game.play_turn(), TurnLimitReached);
}

TEST_CASE("A person plays against the optimal policy and a random player", "[decision_game]") {
    const Board<> board = ten_squares();
    const Choices<FairDice<>> choices{
        {FairDice<>::seeded(7, {.sides = 6}), FairDice<>::seeded(8, {.sides = 2})}, true};
    const OptimalPolicy best = optimal_policy(board, choices);
    DecisionGame game(
        board, choices,
        {person("Ana"), computer("Opt", best), computer("Rand", RandomPolicy(choices, 3))});
    // Ana always picks dice 0 and always moves; the others play until she is due again.
    std::size_t decisions = 0;
    while (game.status() != GameStatus::finished) {
        (void)game.play();
        if (game.person_due()) {
            const DecisionState state = game.state();
            (void)game.take_turn("Ana", state.point == DecisionPoint::choose_dice
                                            ? Action::roll_with(0)
                                            : Action::move());
            ++decisions;
        }
    }
    REQUIRE(decisions > 0);
    // Every record of Opt shows the dice the policy picks on its start square, and a stay
    // exactly where the policy stays.
    std::size_t checked = 0;
    for (const TurnRecord& record : game.records()) {
        REQUIRE(record.dice.has_value());
        if (record.player == "Ana") {
            REQUIRE(*record.dice == 0);
            REQUIRE_FALSE(record.stayed);
        } else if (record.player == "Opt") {
            REQUIRE(*record.dice == best.dice[static_cast<std::size_t>(record.start)]);
            REQUIRE(record.stayed == best.stays(record.start, record.roll));
            ++checked;
        }
    }
    REQUIRE(checked > 0);
}

TEST_CASE("Equal seeds give equal games, random players included", "[decision_game]") {
    const Board<> board = ten_squares();
    const auto play_one = [&board](std::uint64_t seed) {
        const Choices<FairDice<>> choices{
            {FairDice<>::seeded(seed, {.sides = 6}), FairDice<>::seeded(seed + 1, {.sides = 3})},
            true};
        DecisionGame game(board, choices,
                          {computer("A", RandomPolicy(choices, seed)),
                           computer("B", GreedyPolicy(board, choices))});
        (void)game.play();
        return game.records();
    };
    REQUIRE(play_one(11) == play_one(11));
    REQUIRE(play_one(11) != play_one(12));
}

TEST_CASE("House rules act on the dice picked, and a stay ends the turn on an extra roll",
          "[decision_game]") {
    // ExtraTurnOnMax: dice 0 has 2 faces, dice 1 has 3. Ana rolls 2 with dice 0 (its maximum:
    // another roll) and moves 0 to 2, then rolls 3 with dice 1 (2 to 5) and stays on 2: a stay
    // ends the turn, whatever the roll.
    Choices<ScriptedDice> choices{
        {ScriptedDice::with_faces(2, {2}), ScriptedDice::with_faces(3, {3, 1})}, true};
    DecisionGame game(ten_squares(), choices, {person("Ana"), person("Ben")}, ExtraTurnOnMax<3>{});
    REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(0)).has_value());
    REQUIRE_FALSE(game.take_turn("Ana", Action::move()).has_value());
    REQUIRE(game.state().point == DecisionPoint::choose_dice); // the extra roll's pick
    REQUIRE(game.person_due() == "Ana");
    REQUIRE(game.position("Ana") == 2);
    REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(1)).has_value());
    const std::optional<TurnRecord> record = game.take_turn("Ana", Action::stay());
    REQUIRE(record.has_value());
    REQUIRE(fmt::format("{}", *record) == "Ana rolls 2 with dice 0: 0 to 2, rolls 3 with dice 1, "
                                          "stays on 2");
    REQUIRE(record->extra_rolls.size() == 1);
    REQUIRE(record->extra_rolls[0].dice == std::optional<std::uint32_t>(1));
    REQUIRE(record->extra_rolls[0].stayed);
    REQUIRE(record->end == 2);
    REQUIRE(game.person_due() == "Ben");

    // Ben rolls 1 with dice 1 (not its maximum) and moves 0 to 1: one roll.
    REQUIRE_FALSE(game.take_turn("Ben", Action::roll_with(1)).has_value());
    REQUIRE(fmt::format("{}", *game.take_turn("Ben", Action::move())) ==
            "Ben rolls 1 with dice 1: 0 to 1");
}

TEST_CASE("A failing policy or dice change nothing of the turn under way", "[decision_game]") {
    SECTION("a policy that throws") {
        // Scripted: Ann and Bob pick dice 0 and roll 1: two turns, then Ann's policy throws on
        // its second question.
        Choices<ScriptedDice> choices{
            {ScriptedDice::with_faces(6, {1, 1, 1}), ScriptedDice::with_faces(6, {})}, false};
        const CountingPolicy ann{0, 1};
        DecisionGame game(ten_squares(), choices,
                          {computer("Ann", ann), computer("Bob", CountingPolicy{0})});
        REQUIRE_THROWS_WITH(game.play(), "the policy gave up");
        REQUIRE(lines(game.records()) ==
                std::vector<std::string>{"Ann rolls 1 with dice 0: 0 to 1",
                                         "Bob rolls 1 with dice 0: 0 to 1"});
        REQUIRE(game.state().point == DecisionPoint::choose_dice);
        REQUIRE(game.choices().dice[0].used() == 2);
    }
    SECTION("a policy that picks what is not legal") {
        Choices<ScriptedDice> choices{{ScriptedDice::with_faces(6, {1})}, false};
        DecisionGame game(ten_squares(), choices, {person("Ana"), computer("Bob", AlwaysStays{})});
        // One dice and no stay: nobody decides, so the policy is never asked.
        REQUIRE(fmt::format("{}", *game.play_turn()) == "Ana rolls 1: 0 to 1");

        Choices<ScriptedDice> two{
            {ScriptedDice::with_faces(6, {}), ScriptedDice::with_faces(6, {})}, false};
        DecisionGame picky(ten_squares(), two, {computer("Bob", AlwaysStays{}), person("Ana")});
        REQUIRE(message_of<IllegalAction>([&] { (void)picky.play(); }) ==
                "the policy of Bob (seat 0) chose stay, which is not legal here");
        const auto refused = thrown_by<IllegalAction>([&] { (void)picky.play(); });
        CHECK(refused.action() == Action::stay());
        CHECK(refused.point() == DecisionPoint::choose_dice);
        REQUIRE(picky.state() == new_decision_state(two, 2));
    }
    SECTION("a policy that forges an action, and a person who does") {
        Choices<ScriptedDice> two{
            {ScriptedDice::with_faces(6, {4}), ScriptedDice::with_faces(6, {})}, true};
        DecisionGame forged(ten_squares(), two, {computer("Bob", ForgedKind{}), person("Ana")});
        REQUIRE(message_of<IllegalAction>([&] { (void)forged.play(); }) ==
                "the policy of Bob (seat 0) chose an action whose kind is none of Action::Kind's "
                "values");
        DecisionGame game(ten_squares(), two, {person("Ana"), person("Ben")});
        REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(0)).has_value());
        const DecisionState seen = game.state();
        REQUIRE(message_of<IllegalAction>([&] {
                    (void)game.take_turn("Ana", Action{Action::Kind::move, 5});
                }) == "apply_action: move is not legal here: a move or a stay names no dice, and "
                      "this one names dice 5");
        const auto named = thrown_by<IllegalAction>([&] {
            (void)game.take_turn("Ana", Action{Action::Kind::move, 5});
        });
        CHECK(named.action() == Action{Action::Kind::move, 5});
        CHECK(named.point() == DecisionPoint::move_or_stay);
        REQUIRE(game.state() == seen);
    }
    SECTION("dice that roll 0") {
        DecisionGame game(ten_squares(), Choices<RollsZero>{{RollsZero{}}, false},
                          {person("Ana"), person("Ben")});
        REQUIRE(message_of<InvalidConfig>([&] { (void)game.play(); }) ==
                "dice 0 rolled 0, but a roll must be at least 1");
        REQUIRE(game.status() == GameStatus::not_started);
        REQUIRE(game.records().empty());
    }
    SECTION("dice that run out after the pick") {
        DecisionGame game(ten_squares(), scripted({}, {5}), {person("Ana"), person("Ben")});
        REQUIRE(message_of<DiceExhausted>([&] {
                    (void)game.take_turn("Ana", Action::roll_with(0));
                }) == "ScriptedDice: no rolls were scripted");
        REQUIRE(game.state().point == DecisionPoint::choose_dice);
        REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(1)).has_value());
        REQUIRE(game.state().roll == 5);
    }
    SECTION("the dice rolled before a failure are put back") {
        // Bob's policy throws at his move-or-stay, after his roll: the roll is taken back.
        Choices<ScriptedDice> choices{
            {ScriptedDice::with_faces(6, {2, 3}), ScriptedDice::with_faces(6, {})}, true};
        const CountingPolicy bob{0, 1}; // its second question: move or stay
        DecisionGame game(ten_squares(), choices, {person("Ana"), computer("Bob", bob)});
        REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(0)).has_value());
        REQUIRE(game.take_turn("Ana", Action::move()).has_value());
        REQUIRE_THROWS_WITH(game.play(), "the policy gave up");
        REQUIRE(game.choices().dice[0].used() == 1);
        REQUIRE(game.state().point == DecisionPoint::choose_dice);
        REQUIRE(game.records().size() == 1);
    }
}

TEST_CASE("A program drives every step itself with apply_action and apply_chance",
          "[decision_game]") {
    // The rolls come from the caller, not the dice; a computer seat's policy is not asked.
    Choices<ScriptedDice> choices{
        {ScriptedDice::with_faces(6, {}), ScriptedDice::with_faces(6, {})}, true};
    DecisionGame game(ten_squares(), choices, {computer("Bob", AlwaysStays{}), person("Ana")},
                      ExtraTurnOnMax<3>{});
    REQUIRE(message_of<IllegalRoll>([&] { (void)game.apply_chance(3); }) ==
            "apply_chance: the player due decides first (apply_action)");
    REQUIRE_FALSE(game.apply_action(Action::roll_with(1)).has_value());
    REQUIRE(message_of<IllegalAction>([&] { (void)game.apply_action(Action::move()); }) ==
            "apply_action: move is not legal here: the dice are about to roll (a chance point: "
            "apply_chance takes the roll)");
    REQUIRE(message_of<IllegalRoll>([&] { (void)game.apply_chance(7); }) ==
            "apply_chance: the dice picked (number 1) cannot roll 7");
    CHECK(thrown_by<IllegalRoll>([&] { (void)game.apply_chance(7); }).roll() == 7);
    REQUIRE_FALSE(game.apply_chance(6).has_value()); // seen: Bob decides
    REQUIRE_FALSE(game.turn_so_far().has_value());
    REQUIRE_FALSE(game.apply_action(Action::move()).has_value()); // a six: another roll
    REQUIRE(fmt::format("{}", *game.turn_so_far()) ==
            "Bob rolls 6 with dice 1: 0 to 1 via snake 6-1");
    REQUIRE(game.state().point == DecisionPoint::choose_dice);
    REQUIRE(game.position("Bob") == 1);
    REQUIRE(game.turns() == 0);
    REQUIRE(game.status() == GameStatus::in_progress);
    REQUIRE_FALSE(game.apply_action(Action::roll_with(0)).has_value());
    REQUIRE_FALSE(game.apply_chance(2).has_value());
    const std::optional<TurnRecord> record = game.apply_action(Action::move());
    REQUIRE(record.has_value());
    REQUIRE(fmt::format("{}", *record) ==
            "Bob rolls 6 with dice 1: 0 to 1 via snake 6-1, rolls 2 with dice 0: 1 to 8 via ladder "
            "3-8");
    REQUIRE_FALSE(game.turn_so_far().has_value());
    REQUIRE(game.current_seat() == 1);
    REQUIRE(game.choices().dice[0].used() == 0); // the dice never rolled
}

TEST_CASE("A decision game refuses bad seats, choices and boards", "[decision_game]") {
    const Choices<LoadedDice<>> choices{{ones(), twos()}, false};
    REQUIRE(message_of<InvalidPlayers>([&] {
                DecisionGame game(ten_squares(), choices, {person("Ana")});
            }) == "this game needs 2 to 8 players, got 1");
    REQUIRE(message_of<InvalidPlayers>([&] {
                DecisionGame game(ten_squares(), choices, {person("Ana"), person("")});
            }) == "player 2 (seat 1) has an empty name; every player needs a name");
    REQUIRE(message_of<InvalidPlayers>([&] {
                DecisionGame game(ten_squares(), choices,
                                  {person("Ana"), person("Ben"), person("Ana")});
            }) == "two players are called \"Ana\" (seats 0 and 2); every player needs a different "
                  "name");
    REQUIRE(
        message_of<InvalidConfig>([&] {
            DecisionGame game(ten_squares(), Choices<LoadedDice<>>{}, {person("A"), person("B")});
        }) == "DecisionGame: Choices needs 1 to 64 dice to choose from, got 0");

    // Nine squares, exact finish: dice that always roll 2 never reach 9 from 0, but with a die
    // that rolls 1 to choose, every square reaches home.
    const Board<> nine({}, {.size = 9});
    // With one dice, the board is refused as Game refuses it, with Game's message.
    const std::string never = "home (square 9) can never be reached from the start with rolls "
                              "of 2 under ExactFinish";
    REQUIRE(message_of<InvalidConfig>([&] {
                DecisionGame game(nine, Choices<LoadedDice<>>{{twos()}, true},
                                  {person("A"), person("B")});
            }) == never);
    REQUIRE(message_of<InvalidConfig>([&] { Game game(nine, twos(), {"A", "B"}); }) == never);
    // With two dice that both always roll 2, no pick helps.
    REQUIRE(message_of<InvalidConfig>([&] {
                DecisionGame game(nine, Choices<LoadedDice<>>{{twos(), twos()}, false},
                                  {person("A"), person("B")});
            }) == "DecisionGame: whatever dice are picked, home can never be reached from the "
                  "start with rolls of 2: a game on this board never ends");
    DecisionGame fine(nine, Choices<LoadedDice<>>{{twos(), ones()}, false},
                      {person("A"), person("B")});
    REQUIRE(fine.person_due() == "A");
}

TEST_CASE("Dice too large to tabulate play, and many seats are looked up by name",
          "[decision_game]") {
    // 100 dice of 700 faces roll 100 to 70,000, past what face_probabilities tabulates; the
    // first roll passes home on 1,000 squares, and the overshoot rule puts the token there.
    const Board<GameConfig<OvershootWins>> wide({}, {.size = 1000});
    DecisionGame game(
        wide, Choices<FairDice<>>{{FairDice<>::seeded(1, {.sides = 700, .count = 100})}, false},
        {person("A"), person("B")});
    const GameResult result = game.play();
    REQUIRE(result.winner == "A");
    REQUIRE(result.turns == 1);
    REQUIRE(game.records().front().end == 1000);
    REQUIRE(game.records().front().roll >= 100);

    // 5,000 seats, named in reverse order: each name finds its seat.
    constexpr int many = 5000;
    const Board<> board({}, {.size = 10, .max_players = many});
    std::vector<Seat> seats;
    seats.reserve(many);
    for (int i = many; i-- > 0;) {
        seats.push_back(person(fmt::format("p{}", i)));
    }
    DecisionGame crowd(board, Choices<LoadedDice<>>{{ones()}, true}, seats);
    REQUIRE(crowd.seat_of("p0") == many - 1);
    REQUIRE(crowd.seat_of("p4999") == 0);
    REQUIRE(crowd.seat_of("p2500") == 2499);
    REQUIRE_THROWS_AS(crowd.seat_of("p5000"), InvalidPlayers);
    seats.push_back(person("p17"));
    const Board<> more({}, {.size = 10, .max_players = many + 1});
    REQUIRE(message_of<InvalidPlayers>([&] {
                DecisionGame twins(more, Choices<LoadedDice<>>{{ones()}, true}, seats);
            }) == "two players are called \"p17\" (seats 4982 and 5000); every player needs a "
                  "different name");
}

TEST_CASE("People on several threads each take only their own turns", "[decision_game]") {
    constexpr int players = 4;
    const Board<> board({Jump{3, 8}, Jump{6, 1}}, {.size = 10});
    const Choices<FairDice<>> choices{
        {FairDice<>::seeded(5, {.sides = 6}), FairDice<>::seeded(6, {.sides = 3})}, true};
    std::vector<Seat> seats;
    seats.reserve(players);
    for (int i = 0; i < players; ++i) {
        seats.push_back(person(fmt::format("p{}", i)));
    }
    DecisionGame game(board, choices, seats);
    (void)game.play();
    std::atomic<int> refused{0};
    std::vector<std::thread> threads;
    threads.reserve(players);
    for (int i = 0; i < players; ++i) {
        threads.emplace_back([&game, &refused, i] {
            const std::string me = fmt::format("p{}", i);
            while (game.status() != GameStatus::finished) {
                try {
                    const DecisionState state = game.state();
                    if (state.is_over()) {
                        break;
                    }
                    (void)game.take_turn(me, state.point == DecisionPoint::choose_dice
                                                 ? Action::roll_with(1)
                                                 : Action::move());
                } catch (const NotYourTurn&) {
                    ++refused;
                } catch (const InvalidConfig&) {
                    ++refused; // the state moved on between reading it and deciding
                } catch (const GameOver&) {
                    break;
                }
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    REQUIRE(game.status() == GameStatus::finished);
    const std::vector<TurnRecord> records = game.records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        REQUIRE(records[i].turn == i + 1);
        REQUIRE(records[i].seat == i % players); // nobody is home before the end
        REQUIRE(records[i].dice == std::optional<std::uint32_t>(1));
        REQUIRE_FALSE(records[i].stayed);
        if (i > 0 && records[i].seat == records[i - 1].seat) {
            FAIL("a seat played twice in a row");
        }
    }
    REQUIRE(records.back().home);
}

TEST_CASE("the players of a temporary decision game are a copy, so a loop cannot dangle",
          "[decision_game][api]") {
    const auto make = [] {
        return DecisionGame<ScriptedDice>(Board<>({}, GameConfig<>({.size = 10})),
                                          Choices<ScriptedDice>{{ScriptedDice{1}}, false},
                                          {person("Ana"), person("Ben")});
    };
    const auto game = make();
    STATIC_REQUIRE(std::is_same_v<decltype(game.players()), const std::vector<std::string>&>);
    STATIC_REQUIRE(std::is_same_v<decltype(make().players()), std::vector<std::string>>);
    std::string names;
    for (const std::string& name : make().players()) {
        names += name + ";";
    }
    CHECK(names == "Ana;Ben;");
}

namespace {

using KnockAndSix = HouseRules<ExtraTurnOnMax<3>, KnockBack>;
using SixGame = DecisionGame<ScriptedDice, GameConfig<ExactFinish, RejectChains, KnockAndSix>>;

// Two people on ten_squares() under ExtraTurnOnMax<3> and KnockBack, picking between two
// scripted six-sided dice, a stay allowed.
SixGame six_game(std::vector<int> first = {2, 6, 3, 2}, std::vector<int> second = {5, 4, 1}) {
    return {ten_squares(),
            scripted(std::move(first), std::move(second)),
            {person("Ana"), person("Ben")},
            KnockAndSix{}};
}

// Ana's or Ben's turn: the dice picked before each roll, then move or stay after it.
template <class G>
std::optional<TurnRecord> decide(G& game, const std::string& who, std::uint32_t dice, bool stay) {
    REQUIRE_FALSE(game.take_turn(who, Action::roll_with(dice)).has_value()); // seen, not played
    return game.take_turn(who, stay ? Action::stay() : Action::move());
}

// The six turns of six_game(), worked out by hand on ten_squares() (ladder 3-8, snake 6-1):
// 1. Ana picks dice 0, rolls 2 and moves: 0 to 2.
// 2. Ben picks dice 1, rolls 5 and stays on 0.
// 3. Ana picks dice 0, rolls 6 (the maximum: another roll) and moves 2 to 8; picks dice 1, rolls
//    4, and 12 overshoots 10: she stays on 8.
// 4. Ben picks dice 0, rolls 3: the ladder takes him to 8, and KnockBack sends Ana back to 0.
// 5. Ana picks dice 1, rolls 1: 0 to 1.
// 6. Ben picks dice 0, rolls 2: 8 to 10, home, and the game is over.
const std::vector<std::string> six_lines{
    "Ana rolls 2 with dice 0: 0 to 2",
    "Ben rolls 5 with dice 1, stays on 0",
    "Ana rolls 6 with dice 0: 2 to 8, rolls 4 with dice 1, needs exactly 2, stays on 8",
    "Ben rolls 3 with dice 0: 0 to 8 via ladder 3-8, sends Ana back to 0",
    "Ana rolls 1 with dice 1: 0 to 1",
    "Ben rolls 2 with dice 0: 8 to 10 and is home (1st)",
};
// Where Ana and Ben stand after each of those turns, from the start.
const std::vector<std::vector<Square>> six_squares{{0, 0}, {2, 0}, {2, 0}, {8, 0},
                                                   {0, 8}, {1, 8}, {1, 10}};

void play_six(SixGame& game) {
    REQUIRE(decide(game, "Ana", 0, false).has_value());
    REQUIRE(decide(game, "Ben", 1, true).has_value());
    REQUIRE_FALSE(decide(game, "Ana", 0, false).has_value()); // a six: Ana rolls again
    REQUIRE(decide(game, "Ana", 1, false).has_value());
    REQUIRE(decide(game, "Ben", 0, false).has_value());
    REQUIRE(decide(game, "Ana", 1, false).has_value());
    REQUIRE(decide(game, "Ben", 0, false).has_value());
}

} // namespace

TEST_CASE("A decision game under house rules: exact records, observers, undo back to the start",
          "[decision_game][undo]") {
    SixGame game = six_game();
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });
    REQUIRE(game.status() == GameStatus::not_started);
    play_six(game);
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(lines(records) == six_lines);
    REQUIRE(game.positions() == six_squares.back());
    REQUIRE(game.position(std::size_t{1}) == 10);
    REQUIRE(message_of<InvalidPlayers>([&] { (void)game.position(std::size_t{2}); }) ==
            "there is no seat 2: the game has 2 players (seats 0 to 1)");
    REQUIRE(game.status() == GameStatus::finished);
    REQUIRE(game.winner() == "Ben");
    REQUIRE(message_of<GameOver>([&] { (void)game.play_turn(); }) ==
            "the game is over after 6 turns: Ben won");

    // Every event, in Game's order: the start, a TurnPlayed per turn over (none for the half
    // turn of turn 3), Ana sent back on turn 4, Ben home and the end on turn 6.
    const GameResult over{
        GameStatus::finished, "Ben", 6, {{1, 1, "Ben", 10, true}, {2, 0, "Ana", 1, false}}};
    const std::vector<GameEvent> expected{
        GameStarted{{"Ana", "Ben"}}, TurnPlayed{records[0]},
        TurnPlayed{records[1]},      TurnPlayed{records[2]},
        TurnPlayed{records[3]},      TokenSentBack{4, 0, "Ana", 8, 1, "Ben", 0},
        TurnPlayed{records[4]},      TurnPlayed{records[5]},
        PlayerHome{6, 1, "Ben", 1},  GameEnded{over},
    };
    REQUIRE(events == expected);
    REQUIRE(game.result() == over);

    // Undo, turn by turn, back to the start: each time the squares of the turn before, and a
    // TurnUndone with the record taken back.
    events.clear();
    for (std::size_t undone = 0; undone < records.size(); ++undone) {
        const std::size_t turn = records.size() - undone; // 6, 5, ... 1
        REQUIRE(game.undo() == records[turn - 1]);
        REQUIRE(game.positions() == six_squares[turn - 1]);
        REQUIRE(game.records() ==
                std::vector<TurnRecord>(records.begin(),
                                        records.begin() + static_cast<std::ptrdiff_t>(turn - 1)));
        REQUIRE(game.current_seat() == records[turn - 1].seat);
        REQUIRE(events.back() == GameEvent{TurnUndone{records[turn - 1]}});
    }
    REQUIRE(events.size() == records.size());
    REQUIRE(game.state() == new_decision_state(game.choices(), 2));
    REQUIRE(game.status() == GameStatus::not_started);
    REQUIRE(game.turns() == 0);
    REQUIRE(message_of<NothingToUndo>([&] { (void)game.undo(); }) ==
            "there is no turn to undo: no turn has been played yet");
}

TEST_CASE("Undo in the middle of a turn takes it back with the turn before",
          "[decision_game][undo]") {
    SixGame game = six_game();
    REQUIRE(decide(game, "Ana", 0, false).has_value());
    REQUIRE(decide(game, "Ben", 1, true).has_value());
    REQUIRE_FALSE(decide(game, "Ana", 0, false).has_value()); // 2 to 8, another roll to come
    REQUIRE(game.positions() == std::vector<Square>{8, 0});
    REQUIRE(game.status() == GameStatus::in_progress);
    const TurnRecord second = game.records().back();
    REQUIRE(game.undo() == second);
    REQUIRE(game.positions() == std::vector<Square>{2, 0});
    REQUIRE_FALSE(game.turn_so_far().has_value());
    REQUIRE(game.current_player() == "Ben");
    REQUIRE(game.state().point == DecisionPoint::choose_dice);
    REQUIRE(game.turns() == 1);
}

TEST_CASE("replay_turn plays a decision game's records back to an equal game",
          "[decision_game][replay]") {
    SixGame original = six_game();
    play_six(original);
    SixGame replayed = six_game();
    for (const TurnRecord& record : original.records()) {
        REQUIRE(replayed.replay_turn(record) == record);
    }
    REQUIRE(replayed.records() == original.records());
    REQUIRE(replayed.state() == original.state());
    REQUIRE(replayed.result() == original.result());
    // The replay rolled nothing: only the dice tell the two games apart.
    REQUIRE(replayed.choices().dice[0].used() == 0);
    REQUIRE_FALSE(replayed == original);

    // The same game played again by the same steps is equal to it, and one step more is not.
    SixGame twin = six_game();
    REQUIRE(twin == six_game());
    play_six(twin);
    REQUIRE(twin == original);
    REQUIRE(original == original);
    (void)twin.undo();
    REQUIRE_FALSE(twin == original);
}

TEST_CASE("Two decision games whose logs differ only in a decision are not equal",
          "[decision_game][equality]") {
    // Turn 3 of six_game(): Ana's 4 with dice 1 from 8 overshoots home (10), so moving leaves her
    // on 8 as staying does. The two games then stand alike and their dice have rolled alike:
    // only the decision kept in the log tells them apart.
    SixGame moved = six_game();
    SixGame stayed = six_game();
    for (SixGame* game : {&moved, &stayed}) {
        REQUIRE(decide(*game, "Ana", 0, false).has_value());
        REQUIRE(decide(*game, "Ben", 1, true).has_value());
        REQUIRE_FALSE(decide(*game, "Ana", 0, false).has_value()); // a six: Ana rolls again
    }
    REQUIRE(moved == stayed);
    REQUIRE(decide(moved, "Ana", 1, false).has_value());
    REQUIRE(decide(stayed, "Ana", 1, true).has_value());
    REQUIRE(moved.positions() == std::vector<Square>{8, 0});
    REQUIRE(stayed.positions() == std::vector<Square>{8, 0});
    REQUIRE(moved.state() == stayed.state());
    REQUIRE(fmt::format("{}", *moved.last_record()) == six_lines[2]);
    REQUIRE(fmt::format("{}", *stayed.last_record()) ==
            "Ana rolls 6 with dice 0: 2 to 8, rolls 4 with dice 1, stays on 8");
    REQUIRE_FALSE(moved == stayed);
    REQUIRE_FALSE(stayed == moved);
    // Taken back, the two turns leave the games alike again (neither game rewinds its dice).
    (void)moved.undo();
    (void)stayed.undo();
    REQUIRE(moved == stayed);
    REQUIRE(moved.records() == stayed.records());
}

TEST_CASE("replay_turn refuses a record that does not fit, changing nothing",
          "[decision_game][replay]") {
    SixGame game = six_game();
    SixGame before = six_game();
    REQUIRE(decide(game, "Ana", 0, false).has_value());
    REQUIRE(decide(before, "Ana", 0, false).has_value());
    REQUIRE(game == before);
    SixGame source = six_game({2, 6, 3}, {5, 4});
    REQUIRE(decide(source, "Ana", 0, false).has_value());
    REQUIRE(decide(source, "Ben", 1, true).has_value());
    TurnRecord ben = source.records().back(); // Ben rolls 5 with dice 1, stays on 0

    TurnRecord wrong = ben;
    wrong.roll = 7;
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "roll 7 is outside what the dice roll (1 to 6)");
    wrong = ben;
    wrong.dice.reset();
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "replay_turn: roll 1 names no dice, and there are 2 to choose from");
    wrong = ben;
    wrong.player = "Ana";
    CHECK(message_of<NotYourTurn>([&] { (void)game.replay_turn(wrong); }) ==
          "it is Ben's turn, not Ana's");
    wrong.roll = 7; // whose turn is asked first, as Game asks it
    CHECK(message_of<NotYourTurn>([&] { (void)game.replay_turn(wrong); }) ==
          "it is Ben's turn, not Ana's");
    wrong = ben;
    wrong.extra_rolls.push_back(ExtraRoll{});
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "the turn was over after 1 of the 2 rolls given");
    // A six grants another roll: a record of that roll alone is too short.
    wrong = ben;
    wrong.roll = 6;
    wrong.stayed = false;
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "the turn needs another roll after the 1 given");
    REQUIRE(game == before);
    REQUIRE(game.replay_turn(ben) == ben);
}

TEST_CASE("A decision game call that throws leaves the game equal to a copy taken before",
          "[decision_game]") {
    // Dice 0 holds one roll: Ana's turn uses it, and Ben's pick of dice 0 runs it out.
    SixGame game = six_game({2}, {5});
    SixGame before = six_game({2}, {5});
    REQUIRE(decide(game, "Ana", 0, false).has_value());
    REQUIRE(decide(before, "Ana", 0, false).has_value());
    REQUIRE_THROWS_AS(game.take_turn("Ben", Action::roll_with(0)), DiceExhausted);
    REQUIRE(game == before);
    REQUIRE(message_of<IllegalAction>([&] { (void)game.take_turn("Ben", Action::move()); }) ==
            "apply_action: move is not legal here: the player due picks the dice first "
            "(roll_with)");
    REQUIRE(game == before);
    REQUIRE_THROWS_AS(game.take_turn("Ana", Action::roll_with(1)), NotYourTurn);
    REQUIRE(game == before);

    // An observer that throws on the events of a turn: the turn stands (as in Game), and the
    // call rethrows.
    const Subscription subscription = game.subscribe(
        [](const TurnPlayed& /*played*/) { throw std::runtime_error("observer failed"); });
    REQUIRE_FALSE(game.take_turn("Ben", Action::roll_with(1)).has_value());
    REQUIRE_THROWS_AS(game.take_turn("Ben", Action::stay()), std::runtime_error);
    REQUIRE(game.records().size() == 2);
    REQUIRE(game.current_player() == "Ana");
}

TEST_CASE("Under house rules a decision game refuses the boards Game refuses, whole turns examined",
          "[decision_game]") {
    // The board of the house-rule trap test (test_house_rules.cpp): roll by roll nothing traps
    // a token, but with a coin under ExtraTurnOnMax<2> turns from squares 5 to 9 end there.
    const Board<> board(std::vector<Jump>{{3, 20}, {10, 5}, {12, 5}}, {.size = 30});
    const auto coin = FairDice<>::seeded(1, {.sides = 2});
    REQUIRE(board.traps(std::vector<std::int64_t>{1, 2}).empty());
    const std::string expected =
        "with rolls of 1 to 2 under ExactFinish and house rules ExtraTurnOnMax<2>, a token can "
        "reach squares 5, 6, 7, 8, 9 but can never get home (square 30) from there, so the game "
        "might never end";
    CHECK(message_of<InvalidConfig>([&] {
              Game game(board, coin, {"A", "B"}, ExtraTurnOnMax<2>{});
          }) == expected);
    for (const bool may_stay : {false, true}) {
        CHECK(message_of<InvalidConfig>([&] {
                  DecisionGame game(board, Choices<FairDice<>>{{coin}, may_stay},
                                    {person("A"), person("B")}, ExtraTurnOnMax<2>{});
              }) == expected);
    }
    // Without the rule both games take the board.
    const Game plain(board, coin, {"A", "B"});
    const DecisionGame decided(board, Choices<FairDice<>>{{coin}, false},
                               {person("A"), person("B")});
    CHECK(plain.status() == decided.status());
}

TEST_CASE("Under house rules a decision game with several dice examines whole turns, a pick of "
          "dice before every roll",
          "[decision_game]") {
    // The same board and rule. Two coins: whatever is picked, the turns from 5 to 9 end there
    // (roll by roll nothing traps a token, which is all the check used to look at).
    const Board<> board(std::vector<Jump>{{3, 20}, {10, 5}, {12, 5}}, {.size = 30});
    const auto coin = FairDice<>::seeded(1, {.sides = 2});
    CHECK(message_of<InvalidConfig>([&] {
              DecisionGame game(board, Choices<FairDice<>>{{coin, coin}, false},
                                {person("A"), person("B")}, ExtraTurnOnMax<2>{});
          }) == "DecisionGame: whatever dice are picked, squares 5, 6, 7, 8 and 9 are traps: a "
                "token can reach them from the start, but from them home can never be reached "
                "with rolls of 1 to 2 under house rules ExtraTurnOnMax<2>");
    // A coin and a three-sided die: from 9 the die's 2 is not its maximum, so the token goes on
    // to 11 and the turn ends there, past the snakes.
    const auto d3 = FairDice<>::seeded(2, {.sides = 3});
    const DecisionGame escapes(board, Choices<FairDice<>>{{coin, d3}, false},
                               {person("A"), person("B")}, ExtraTurnOnMax<2>{});
    CHECK(escapes.status() == GameStatus::not_started);
}

TEST_CASE("Both games move without throwing and cannot be copied", "[decision_game][api]") {
    STATIC_REQUIRE(std::is_nothrow_move_constructible_v<Game<FairDice<>>>);
    STATIC_REQUIRE(std::is_nothrow_move_assignable_v<Game<FairDice<>>>);
    STATIC_REQUIRE(std::is_nothrow_move_constructible_v<DecisionGame<FairDice<>>>);
    STATIC_REQUIRE(std::is_nothrow_move_assignable_v<DecisionGame<FairDice<>>>);
    STATIC_REQUIRE_FALSE(std::is_copy_constructible_v<Game<FairDice<>>>);
    STATIC_REQUIRE_FALSE(std::is_copy_constructible_v<DecisionGame<FairDice<>>>);
}
