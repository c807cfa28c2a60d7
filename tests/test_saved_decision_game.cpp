// Saved games of games where players decide (saved_decision_game.hpp): the document of a scripted
// game written out by hand line by line, at a turn under way and at a roll seen; round trips of
// seeded games of computer players and people at several points; and tampered documents, each
// refused with the line, column and turn it names.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <snakeladder/base/errors.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/decision_game.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/io/saved_decision_game.hpp>
#include <snakeladder/io/saved_game.hpp>
#include <snakeladder/io/saved_game_header.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <snakeladder/turn/policies.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// Ten squares, exact finish, a ladder 3-8 and a snake 6-1; a maximum roll of the dice picked
// grants another roll (the third in a row forfeits the turn).
using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
using ScriptedGame = DecisionGame<ScriptedDice, Config, NullMutex>;

Board<Config> ten_squares() {
    return Board<Config>({Jump{3, 8}, Jump{6, 1}}, {.size = 10});
}

// Dice 0 has two faces, dice 1 three. The game, roll by roll:
//   turn 1, Ana: dice 0 rolls 1, she moves 0 to 1;
//   turn 2, Ben: dice 1 rolls 3 (its maximum), he moves 0 to 3, up the ladder to 8, and rolls
//     again: dice 0 rolls 1, he stays on 8;
//   turn 3, Ana: dice 0 rolls 2 (its maximum), she moves 1 to 3, up to 8, and rolls again:
//     dice 1 rolls 2, she moves 8 to 10, home.
const std::vector<int> first_script = {1, 1, 2};
const std::vector<int> second_script = {3, 2};

// The scripted dice, each positioned after its first `used` rolls.
Choices<ScriptedDice> choices_after(std::size_t first_used, std::size_t second_used) {
    Choices<ScriptedDice> choices{
        {ScriptedDice::with_faces(2, first_script), ScriptedDice::with_faces(3, second_script)},
        true};
    for (std::size_t i = 0; i < first_used; ++i) {
        (void)choices.dice[0].roll();
    }
    for (std::size_t i = 0; i < second_used; ++i) {
        (void)choices.dice[1].roll();
    }
    return choices;
}

std::vector<Seat> people() {
    return {person("Ana"), person("Ben")};
}

// Plays the scripted game up to Ana's extra roll of turn 3, where she picks the dice again.
ScriptedGame played_to_extra_roll() {
    ScriptedGame game(ten_squares(), choices_after(0, 0), people());
    (void)game.take_turn("Ana", Action::roll_with(0));
    (void)game.take_turn("Ana", Action::move());
    (void)game.take_turn("Ben", Action::roll_with(1));
    (void)game.take_turn("Ben", Action::move());
    (void)game.take_turn("Ben", Action::roll_with(0));
    (void)game.take_turn("Ben", Action::stay());
    (void)game.take_turn("Ana", Action::roll_with(0));
    (void)game.take_turn("Ana", Action::move());
    return game;
}

const std::string settings = R"(snakeladder saved game 1
overshoot ExactFinish
chains RejectChains
house_rules "ExtraTurnOnMax<3>"
forfeit_streak 3
max_roll_to_start false
knock_back false
min_players 2
max_players 8
play_to_last false
turn_limit 4194304
may_stay true
dice 0
min_roll 1
max_roll 2
engine none
dice 1
min_roll 1
max_roll 3
engine none
board
size 10
ladder 3-8
snake 6-1
end board
player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 1 dice 0: 0 to 1
turn 2 seat 1 | 3 dice 1: 0 to 8 | 1 dice 0: 8 stays
)";

// At Ana's extra roll; then with its roll seen (line 30 of the document).
const std::string at_extra_roll = settings + "turn 3 seat 0 | 2 dice 0: 1 to 8\nend\n";
const std::string at_roll_seen =
    settings + "turn 3 seat 0 | 2 dice 0: 1 to 8 | 2 dice 1: 8 seen\nend\n";

std::string with_line(const std::string& text, std::size_t number, const std::string& line) {
    std::string out;
    std::size_t start = 0;
    for (std::size_t n = 1; start < text.size(); ++n) {
        const std::size_t end = text.find('\n', start);
        out += n == number ? line : text.substr(start, end - start);
        out += '\n';
        start = end + 1;
    }
    return out;
}

// `text` without its line `number` (from 1).
std::string without_line(const std::string& text, std::size_t number) {
    std::string out;
    std::size_t start = 0;
    for (std::size_t n = 1; start < text.size(); ++n) {
        const std::size_t end = text.find('\n', start);
        if (n != number) {
            out += text.substr(start, end - start + 1);
        }
        start = end + 1;
    }
    return out;
}

using support::check_refused;
using support::Refused;

// load_game<ScriptedGame>(text, ...) with the scripted choices and two people must refuse `text`
// as `expected` says.
void check_refused(const std::string& text, const Refused& expected) {
    check_refused([&] { return load_game<ScriptedGame>(text, choices_after(0, 0), people()); },
                  expected);
}

} // namespace

TEST_CASE("A decision game's document shows every pick and stay, and a turn under way",
          "[saved_decision_game]") {
    ScriptedGame game = played_to_extra_roll();
    REQUIRE(save_game(game) == at_extra_roll);
    REQUIRE_FALSE(game.take_turn("Ana", Action::roll_with(1)).has_value());
    REQUIRE(save_game(game) == at_roll_seen);
    REQUIRE(game.take_turn("Ana", Action::move()).has_value());
    REQUIRE(save_game(game) ==
            settings + "turn 3 seat 0 | 2 dice 0: 1 to 8 | 2 dice 1: 8 to 10\nend\n");
}

TEST_CASE("A game whose dice are picked and about to roll is not saved", "[saved_decision_game]") {
    // Only apply_action leaves a game between a pick and its roll; the document keeps a pick
    // with its roll, so saving there is refused, and the game is saved once the roll is made.
    ScriptedGame game(ten_squares(), choices_after(0, 0), people());
    (void)game.apply_action(Action::roll_with(1));
    try {
        (void)save_game(game);
        FAIL("a game between a pick and its roll was saved");
    } catch (const InvalidConfig& error) {
        REQUIRE(std::string(error.what()) ==
                "save_game: dice 1 are picked and about to roll, and a saved game keeps a pick "
                "with its roll: save after apply_chance");
    }
    (void)game.apply_chance(2);
    REQUIRE(save_game(game) == settings.substr(0, settings.find("turn 1 ")) +
                                   "turn 1 seat 0 | 2 dice 1: 0 seen\nend\n");
}

TEST_CASE("A decision game loads where it was saved and goes on alike", "[saved_decision_game]") {
    SECTION("at a pick of dice in the middle of a turn") {
        auto loaded = load_game<ScriptedGame>(at_extra_roll, choices_after(3, 1), people());
        ScriptedGame original = played_to_extra_roll();
        REQUIRE(loaded.state() == original.state());
        REQUIRE(loaded.records() == original.records());
        REQUIRE(loaded.turn_so_far() == original.turn_so_far());
        REQUIRE(fmt::format("{}", *loaded.turn_so_far()) ==
                "Ana rolls 2 with dice 0: 1 to 8 via ladder 3-8");
        REQUIRE(loaded.person_due() == "Ana");
        REQUIRE(loaded.state().point == DecisionPoint::choose_dice);
        REQUIRE(save_game(loaded) == at_extra_roll);
        REQUIRE_FALSE(loaded.take_turn("Ana", Action::roll_with(1)).has_value());
        const std::optional<TurnRecord> last = loaded.take_turn("Ana", Action::move());
        REQUIRE(last.has_value());
        REQUIRE(fmt::format("{}", *last) == "Ana rolls 2 with dice 0: 1 to 8 via ladder 3-8, rolls "
                                            "2 with dice 1: 8 to 10 and is home (1st)");
        REQUIRE(loaded.winner() == "Ana");
    }
    SECTION("at a roll seen") {
        auto loaded = load_game<ScriptedGame>(at_roll_seen, choices_after(3, 2), people());
        REQUIRE(loaded.state().point == DecisionPoint::move_or_stay);
        REQUIRE(loaded.state().roll == 2);
        REQUIRE(loaded.state().dice == 1);
        REQUIRE(loaded.position("Ana") == 8);
        REQUIRE(loaded.turns() == 2);
        REQUIRE(save_game(loaded) == at_roll_seen);
        // A game locked by a std::mutex loads too, and moves.
        auto locked = load_game<DecisionGame<ScriptedDice, Config>>(at_roll_seen,
                                                                    choices_after(3, 2), people());
        REQUIRE(locked.state() == loaded.state());
        std::vector<DecisionGame<ScriptedDice, Config>> games;
        games.push_back(std::move(locked));
        REQUIRE(save_game(games.front()) == at_roll_seen);
        REQUIRE(fmt::format("{}", *loaded.take_turn("Ana", Action::stay())) ==
                "Ana rolls 2 with dice 0: 1 to 8 via ladder 3-8, rolls 2 with dice 1, stays on 8");
    }
}

TEST_CASE("Seeded games of computer players and people round-trip at every point",
          "[saved_decision_game]") {
    using FairGame = DecisionGame<FairDice<>, GameConfig<BounceBack>, NullMutex>;
    const Board<GameConfig<BounceBack>> board = classic<GameConfig<BounceBack>>();
    const auto choices = [](std::uint64_t seed) {
        return Choices<FairDice<>>{{FairDice<>::seeded(seed, {.sides = 6}),
                                    FairDice<>::seeded(seed + 1, {.sides = 6, .count = 2})},
                                   true};
    };
    const Choices<FairDice<>> shape = choices(0);
    const std::vector<Seat> seats{computer("Rand", RandomPolicy(shape, 9)),
                                  computer("Greedy", GreedyPolicy(board, shape)), person("Ana")};
    // Ana picks the die with one dice on odd turns and two on even ones, and always moves.
    const auto ana = [](FairGame& game) {
        const DecisionState state = game.state();
        const Action action = state.point == DecisionPoint::choose_dice
                                  ? Action::roll_with(static_cast<std::uint32_t>(game.turns() % 2))
                                  : Action::move();
        (void)game.take_turn("Ana", action);
    };
    // Plays `steps` steps: play() up to Ana, or one decision of hers.
    const auto advance = [&ana](FairGame& game, int steps) {
        for (int i = 0; i < steps && game.status() != GameStatus::finished; ++i) {
            if (game.person_due()) {
                ana(game);
            } else {
                (void)game.play();
            }
        }
    };
    for (const int steps : {0, 1, 2, 3, 8, 15, 40}) {
        FairGame original(board, choices(21), seats);
        advance(original, steps);
        const std::string document = save_game(original);
        // Other seeds: the document's engine states take their place.
        auto loaded = load_game<FairGame>(document, choices(1000), seats);
        REQUIRE(loaded.state() == original.state());
        REQUIRE(loaded.records() == original.records());
        REQUIRE(save_game(loaded) == document);
        advance(original, 1000);
        advance(loaded, 1000);
        REQUIRE(original.status() == GameStatus::finished);
        REQUIRE(loaded.records() == original.records());
        REQUIRE(loaded.result() == original.result());
    }
}

TEST_CASE("Tampered decision game documents are refused, naming the line, column and turn",
          "[saved_decision_game]") {
    const std::string& doc = at_roll_seen;
    SECTION("settings") {
        check_refused(
            with_line(doc, 12, "may_stay maybe"),
            {12, 10, "expected 'true' or 'false' for the value of 'may_stay', found 'maybe'"});
        // Before the first `dice` line, min_roll is the document's own: with decision lines
        // too, that is refused where it stands.
        check_refused(with_line(doc, 12, "min_roll 1"),
                      {12, 10,
                       "'min_roll' comes before 'dice 0': with decision lines (may_stay, dice), "
                       "each dice's min_roll, max_roll and engine follow its 'dice I' line"});
        check_refused(with_line(doc, 13, "min_roll 1"),
                      {14, 1, "the setting 'min_roll' is given twice (first on line 13)"});
        check_refused(
            with_line(doc, 17, "dice 2"),
            {17, 6, "expected dice 1 next, found dice 2 (dice are numbered from 0, in order)"});
        check_refused(with_line(doc, 16, "may_stay true"),
                      {16, 1, "the setting 'may_stay' is given twice (first on line 12)"});
        check_refused(with_line(doc, 16, "max_roll 2"),
                      {16, 1, "the setting 'max_roll' is given twice (first on line 15)"});
        check_refused(with_line(doc, 20, "play_to_last false"),
                      {20, 1, "the setting 'play_to_last' is given twice (first on line 10)"});
        check_refused(with_line(doc, 12, "play_to_last false"),
                      {12, 1, "the setting 'play_to_last' is given twice (first on line 10)"});
        std::string no_engine = doc;
        no_engine.replace(no_engine.find("engine none\nboard\n"), 17, "board\n");
        check_refused(no_engine, {17, 1, "dice 1 has no 'engine' line after it"});
        std::string without = doc;
        without.erase(without.find("may_stay true\n"), 14);
        check_refused(without, {20, 1,
                                "the setting 'may_stay' is missing; every setting comes before "
                                "'board'"});
        std::string no_dice = settings.substr(0, settings.find("dice 0")) + "board\n";
        no_dice += settings.substr(settings.find("size 10"));
        no_dice += "end\n";
        check_refused(no_dice,
                      {13, 1,
                       "the document has no 'dice' line: a game where players decide lists its "
                       "dice, 'dice 0' and on, each with its min_roll, max_roll and engine, "
                       "before 'board'"});
    }
    SECTION("a document cut short after a turn under way") {
        check_refused(doc.substr(0, doc.size() - 4),
                      {31, 1, "the document has no 'end' line after its turns: it is cut short"});
    }
    SECTION("choices and seats that do not fit the document") {
        check_refused(
            [&] {
                return load_game<ScriptedGame>(
                    doc, Choices<ScriptedDice>{{ScriptedDice::with_faces(2, {})}, true}, people());
            },
            {17, 1, "the game was saved with 2 dice to choose from, but the choices given have 1"});
        check_refused(
            [&] {
                Choices<ScriptedDice> choices = choices_after(0, 0);
                choices.may_stay = false;
                return load_game<ScriptedGame>(doc, choices, people());
            },
            {12, 10,
             "the game was saved with may_stay true, but the choices given have may_stay false"});
        check_refused(
            [&] {
                Choices<ScriptedDice> choices = choices_after(0, 0);
                choices.dice[1] = ScriptedDice::with_faces(4, {});
                return load_game<ScriptedGame>(doc, choices, people());
            },
            {19, 10,
             "the game was saved with dice that roll 1 to 3, but the dice given roll 1 to 4"});
        check_refused(
            [&] {
                return load_game<ScriptedGame>(doc, choices_after(0, 0),
                                               {person("Ana"), person("Bob")});
            },
            {27, 1, R"(player 1 is "Ben" in the document, but the seat given is "Bob")"});
        check_refused(
            [&] { return load_game<ScriptedGame>(doc, choices_after(0, 0), {person("Ana")}); },
            {28, 1, "the game was saved with 2 players, but 1 seat is given"});
        // A Game reads the decision lines only when they say what a Game plays: one dice, no
        // stay.
        check_refused(
            [&] {
                return load_game<Game<ScriptedDice, Config, NullMutex>>(
                    doc, ScriptedDice::with_faces(2, {}));
            },
            {17, 1,
             "the game was saved with 2 dice to choose from, and a Game rolls one: load it as a "
             "DecisionGame"});
    }
    SECTION("turns") {
        check_refused(with_line(doc, 28, "turn 1 seat 0 | 1: 0 to 1"),
                      {28, 17,
                       "turn 1: the player picks the dice first: expected 'ROLL dice K: "
                       "...'"});
        check_refused(with_line(doc, 28, "turn 1 seat 0 | 1 dice 2: 0 to 1"),
                      {28, 17,
                       "turn 1: apply_action: roll_with(2) is not legal here: there are 2 dice "
                       "to choose from (0 to 1)"});
        check_refused(with_line(doc, 28, "turn 1 seat 0 | 3 dice 0: 0 to 3"),
                      {28, 17, "turn 1: apply_chance: the dice picked (number 0) cannot roll 3"});
        check_refused(with_line(doc, 28, "turn 1 seat 0 | 1 dice 0: 0 to 2"),
                      {28, 17,
                       "turn 1: the document says \"1 dice 0: 0 to 2\" for roll 1 of the turn, "
                       "but on this board under these rules it is \"1 dice 0: 0 to 1\""});
        // A stay ends the turn, even on a maximum roll.
        check_refused(with_line(doc, 29, "turn 2 seat 1 | 3 dice 1: 0 stays | 1 dice 0: 8 stays"),
                      {29, 37, "turn 2: the turn was over after 1 of the 2 rolls the line gives"});
        check_refused(with_line(doc, 29, "turn 2 seat 1 | 3 dice 1: 0 to 8"),
                      {29, 6,
                       "turn 2: the turn is not over after its rolls: only the last turn line "
                       "may be a turn under way"});
        check_refused(with_line(doc, 29,
                                "turn 2 seat 1 | 3 dice 1: 0 to 8 | 1 dice 0: 8 stays | "
                                "1 dice 0: 8 to 9"),
                      {29, 56, "turn 2: the turn was over after 2 of the 3 rolls the line gives"});
        check_refused(
            with_line(doc, 30,
                      "turn 3 seat 0 | 2 dice 0: 1 to 8 | 2 dice 1: 8 seen | 1 dice 0: "
                      "8 to 9"),
            {30, 55, "turn 3: a roll 'seen' and not yet decided is the last roll of its line"});
        check_refused(with_line(doc, 29, "turn 2 seat 0 | 3 dice 1: 0 to 8 | 1 dice 0: 8 stays"),
                      {29, 13,
                       "turn 2: seat 0 (\"Ana\") plays out of turn: it is seat 1's turn "
                       "(\"Ben\")"});
    }
}

TEST_CASE("The decision lines are an optional part of the format: a Game's document and a "
          "decision game's of one dice and no stay load as either game",
          "[saved_decision_game][saved_game]") {
    // Worked out by hand on ten_squares() (ladder 3-8, snake 6-1) under ExtraTurnOnMax<3>, a
    // three-sided scripted die: Ana rolls 3 (the maximum: again) 0 to 8, then 1 to 9; Ben
    // rolls 2, 0 to 2.
    // The settings of `settings` above, up to its decision lines.
    const std::string head = settings.substr(0, settings.find("may_stay"));
    // Its board and players, then the turns above.
    const std::size_t board = settings.find("board\nsize");
    const std::string tail = settings.substr(board, settings.find("turn 1") - board) +
                             "turn 1 seat 0 | 3: 0 to 8 | 1: 8 to 9\n"
                             "turn 2 seat 1 | 2: 0 to 2\n"
                             "end\n";
    const std::string game_doc = head + "min_roll 1\nmax_roll 3\nengine none\n" + tail;
    const std::string decision_doc =
        head + "may_stay false\ndice 0\nmin_roll 1\nmax_roll 3\nengine none\n" + tail;
    const auto die = [] { return ScriptedDice::with_faces(3, {}); };
    const auto lines = [](const std::vector<TurnRecord>& records) {
        std::vector<std::string> out;
        out.reserve(records.size());
        for (const TurnRecord& record : records) {
            out.push_back(fmt::format("{}", record));
        }
        return out;
    };
    using OneDieGame = Game<ScriptedDice, Config, NullMutex>;
    const std::vector<std::string> expected{"Ana rolls 3: 0 to 8 via ladder 3-8, rolls 1: 8 to 9",
                                            "Ben rolls 2: 0 to 2"};
    for (const std::string* doc : {&game_doc, &decision_doc}) {
        const auto game = load_game<OneDieGame>(*doc, die());
        CHECK(lines(game.records()) == expected);
        CHECK(game.positions() == std::vector<Square>{9, 2});
        const auto decided =
            load_game<ScriptedGame>(*doc, Choices<ScriptedDice>{{die()}, false}, people());
        CHECK(lines(decided.records()) == expected);
        CHECK(decided.state().game == game.state());
    }
    // Each game writes its own part of the format back.
    CHECK(save_game(load_game<OneDieGame>(decision_doc, die())) == game_doc);
    CHECK(save_game(load_game<ScriptedGame>(game_doc, Choices<ScriptedDice>{{die()}, false},
                                            people())) == decision_doc);
    // A Game refuses the decision lines of a stay; a decision game whose choices allow one
    // refuses a Game's document, which has none.
    std::string staying = decision_doc;
    staying.replace(staying.find("may_stay false"), 14, "may_stay true");
    check_refused([&] { return load_game<OneDieGame>(staying, die()); },
                  {12, 10,
                   "the game was saved with may_stay true, and in a Game nobody stays: load it as "
                   "a DecisionGame"});
    check_refused(
        [&] {
            return load_game<ScriptedGame>(game_doc, Choices<ScriptedDice>{{die()}, true},
                                           people());
        },
        {12, 10,
         "the game was saved with may_stay false, but the choices given have may_stay true"});
}

TEST_CASE("A decision game's header gives its dice and may_stay, and is checked as a load is",
          "[saved_decision_game][header]") {
    const SavedGameHeader header = read_saved_game_header(at_roll_seen);
    CHECK(header.overshoot == "ExactFinish");
    CHECK(header.chains == "RejectChains");
    CHECK(header.house_rules == "ExtraTurnOnMax<3>");
    CHECK(header.house == HouseRuleSwitches{3, false, false});
    CHECK(header.settings == GameSettings{.size = 10, .turn_limit = 4'194'304});
    CHECK(header.jumps == std::vector<Jump>{{3, 8}, {6, 1}});
    CHECK(header.dice == std::vector<SavedDice>{{1, 2, "none"}, {1, 3, "none"}});
    CHECK(header.may_stay);
    CHECK(header.players == std::vector<std::string>{"Ana", "Ben"});
    // Lines: 12 may_stay, 13 and 17 `dice 0` and `dice 1`, each followed by its min_roll,
    // max_roll and engine; 21 `board`.
    const auto refused_alike = [](const std::string& text, const Refused& expected) {
        support::check_refused([&] { return read_saved_game_header(text); }, expected);
        check_refused(text, expected);
    };
    refused_alike(without_line(at_roll_seen, 20), {17, 1, "dice 1 has no 'engine' line after it"});
    // Missing when `board` is reached, line 20 once line 12 is gone.
    refused_alike(without_line(at_roll_seen, 12),
                  {20, 1, "the setting 'may_stay' is missing; every setting comes before 'board'"});
}
