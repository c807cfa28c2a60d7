// Game::undo() and Game::replay_turn(): undo takes back exactly one turn (positions, rotation,
// extra rolls, forfeits, knock-backs, finishers, winner, status, log), again and again back to a
// fresh game, and never rewinds the dice; observers are told; undo works from inside an
// observer (several threads: test_game_threads.cpp). replay_turn plays a turn with given rolls and
// refuses, changing nothing, rolls the dice cannot make or that do not make exactly one turn.
#include "support/catch.hpp"
#include "support/house_rules_support.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mutex>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

using namespace snakeladder;
using house_rules_support::fields;
using house_rules_support::require_follows_rules;
using house_rules_support::Turn;
using support::snapshot;
using support::Snapshot;

namespace {

// Every house rule at once.
using AllRules =
    GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>;

std::string line(const TurnRecord& record) {
    return fmt::format("{}", record);
}

// The scripted game of every house rule: waits, extra rolls, knock-backs by first and extra
// rolls, a forfeit whose knock-back stands, two players home under play_to_last.
const std::vector<std::vector<int>> all_rules_turns{
    {3},    {6, 3},    {6, 6, 2}, {6, 3}, {6, 2}, {6, 6, 6}, {4}, {1},   {6, 5},
    {6, 4}, {6, 6, 1}, {6, 6, 5}, {6, 1}, {5},    {6, 3},    {5}, {6, 6}};
const std::vector<std::string> all_rules_lines{
    "Ana rolls 3, needs a 6 to start, waits on 0",
    "Ben rolls 6: 0 to 6, rolls 3: 6 to 20 via ladder 9-20",
    "Cy rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 2: 12 to 14",
    "Ana rolls 6: 0 to 6, rolls 3: 6 to 20 via ladder 9-20, sends Ben back to 0",
    "Ben rolls 6: 0 to 6, rolls 2: 6 to 8",
    std::string(
        "Cy rolls 6: 14 to 20, sends Ana back to 0, rolls 6: 20 to 26, rolls 6: forfeits ") +
        "the turn, back to 14",
    "Ana rolls 4, needs a 6 to start, waits on 0",
    "Ben rolls 1: 8 to 20 via ladder 9-20",
    "Cy rolls 6: 14 to 20, sends Ben back to 0, rolls 5: 20 to 4 via snake 25-4",
    "Ana rolls 6: 0 to 6, rolls 4: 6 to 10",
    "Ben rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 1: 12 to 13",
    "Cy rolls 6: 4 to 10, sends Ana back to 0, rolls 6: 10 to 16, rolls 5: 16 to 21",
    "Ana rolls 6: 0 to 6, rolls 1: 6 to 7",
    "Ben rolls 5: 13 to 18",
    "Cy rolls 6: 21 to 27, rolls 3: 27 to 30 and is home (1st)",
    "Ana rolls 5: 7 to 12",
    "Ben rolls 6: 18 to 24, rolls 6: 24 to 30 and is home (2nd)",
};

Game<ScriptedDice, AllRules, NullMutex> all_rules_game(std::vector<int> rolls = {}) {
    return {
        Board<AllRules>(std::vector<Jump>{{9, 20}, {25, 4}}, {.size = 30, .play_to_last = true}),
        ScriptedDice::with_faces(6, std::move(rolls)),
        {"Ana", "Ben", "Cy"}};
}

} // namespace

TEST_CASE("undo takes back exactly the last turn, at every turn of a game with every house "
          "rule") {
    auto game = all_rules_game();
    auto reference = all_rules_game(); // plays the same turns, and is never undone
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });

    for (std::size_t i = 0; i < all_rules_turns.size(); ++i) {
        INFO("turn " << i + 1);
        const Snapshot before = snapshot(game);
        REQUIRE(game == reference);

        const TurnRecord played = game.replay_turn(all_rules_turns[i]);
        REQUIRE(line(played) == all_rules_lines[i]);
        require_follows_rules(game);
        const Snapshot after = snapshot(game);

        events.clear();
        const TurnRecord undone = game.undo();
        REQUIRE(fields(undone) == fields(played));
        REQUIRE(undone == played);
        REQUIRE(events == std::vector<GameEvent>{TurnUndone{played}});
        REQUIRE(snapshot(game) == before);
        REQUIRE(game == reference);

        // Played again, the turn is the same turn.
        REQUIRE(game.replay_turn(all_rules_turns[i]) == played);
        REQUIRE(snapshot(game) == after);
        (void)reference.replay_turn(all_rules_turns[i]);
        REQUIRE(game == reference);
    }
    REQUIRE(game.result().winner == "Cy");
    REQUIRE(game.status() == GameStatus::finished);
}

TEST_CASE("undo restores the tokens a turn sent back, and the forfeited turn's knock-backs") {
    auto game = all_rules_game();
    for (std::size_t i = 0; i < 6; ++i) {
        (void)game.replay_turn(all_rules_turns[i]);
    }
    // Turn 6: Cy sent Ana back from 20, then forfeited the turn and went back to 14.
    REQUIRE(line(*game.last_record()) == all_rules_lines[5]);
    REQUIRE(game.positions() == std::vector<Square>{0, 8, 14});
    const TurnRecord undone = game.undo();
    REQUIRE(undone.forfeited);
    REQUIRE(undone.knocked_back == std::vector<KnockedBack>{{0, "Ana", 20, 0}});
    REQUIRE(game.positions() == std::vector<Square>{20, 8, 14});
    REQUIRE(game.current_player() == "Cy");
    // Turn 5 had no knock-back; turn 4 sent Ben back from 20.
    (void)game.undo();
    REQUIRE(game.positions() == std::vector<Square>{20, 0, 14});
    REQUIRE(game.current_player() == "Ben");
    REQUIRE(game.undo().knocked_back == std::vector<KnockedBack>{{1, "Ben", 20, 1}});
    REQUIRE(game.positions() == std::vector<Square>{0, 20, 14});
    REQUIRE(game.current_player() == "Ana");
    REQUIRE(game.turns() == 3);
    require_follows_rules(game);
}

TEST_CASE("undo after the game finished: it is in progress again and a turn can be played") {
    SECTION("the winning turn") {
        using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
        Game<ScriptedDice, Config, NullMutex> game(
            Board<Config>(std::vector<Jump>{{8, 20}, {25, 3}}, {.size = 40}),
            ScriptedDice::with_faces(6, {6, 2, 3, 6, 6, 6, 6, 6, 4, 6, 6, 2, 6, 6, 6, 6, 1}),
            {"Ana", "Ben"});
        const GameResult won = game.play();
        REQUIRE(won.status == GameStatus::finished);
        REQUIRE(won.winner == "Ana");
        REQUIRE(won.turns == 7);
        REQUIRE_THROWS_AS(game.play_turn(), GameOver);

        const TurnRecord undone = game.undo();
        REQUIRE(line(undone) == "Ana rolls 6: 34 to 40 and is home (1st)");
        REQUIRE(game.status() == GameStatus::in_progress);
        REQUIRE(game.winner() == std::nullopt);
        REQUIRE(game.turns() == 6);
        REQUIRE(game.current_player() == "Ana");
        REQUIRE(game.positions() == std::vector<Square>{34, 19});
        REQUIRE(game.ranking() ==
                std::vector<Standing>{{1, 0, "Ana", 34, false}, {2, 1, "Ben", 19, false}});
        // The dice are not rewound: Ana's turn is played again with the next roll, the 1.
        REQUIRE(game.dice().remaining() == 1);
        REQUIRE(line(game.play_turn()) == "Ana rolls 1: 34 to 35");
        REQUIRE(game.positions() == std::vector<Square>{35, 19});
        REQUIRE(game.current_player() == "Ben");
        require_follows_rules(game);
    }
    SECTION("play_to_last: the turn that left one player") {
        auto game = all_rules_game();
        for (const std::vector<int>& rolls : all_rules_turns) {
            (void)game.replay_turn(rolls);
        }
        REQUIRE(game.status() == GameStatus::finished);
        (void)game.undo(); // Ben's homecoming
        REQUIRE(game.status() == GameStatus::in_progress);
        REQUIRE(game.winner() == "Cy"); // Cy got home before, and still has
        REQUIRE(game.current_player() == "Ben");
        REQUIRE(game.positions() == std::vector<Square>{12, 18, 30});
        REQUIRE(game.ranking() == std::vector<Standing>{{1, 2, "Cy", 30, true},
                                                        {2, 1, "Ben", 18, false},
                                                        {3, 0, "Ana", 12, false}});
        REQUIRE(line(game.replay_turn(std::vector<int>{2})) == "Ben rolls 2: 18 to 20");
        REQUIRE(line(game.replay_turn(std::vector<int>{3})) == "Ana rolls 3: 12 to 15");
        // Cy is home: the rotation skips her.
        REQUIRE(game.current_player() == "Ben");
        require_follows_rules(game);
    }
    SECTION("the turn limit") {
        using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
        Game<ScriptedDice, Config, NullMutex> game(
            Board<Config>(std::vector<Jump>{}, {.size = 30, .turn_limit = 2}),
            ScriptedDice::with_faces(6, {2, 2, 4}), {"Ana", "Ben"});
        REQUIRE(game.play().status == GameStatus::turn_limit_reached);
        REQUIRE(line(*game.last_record()) == "Ben rolls 2: 0 to 2, sends Ana back to 0");
        REQUIRE_THROWS_AS(game.play_turn(), TurnLimitReached);
        (void)game.undo();
        REQUIRE(game.status() == GameStatus::in_progress);
        REQUIRE(game.positions() == std::vector<Square>{2, 0});
        REQUIRE(line(game.play_turn()) == "Ben rolls 4: 0 to 4");
        REQUIRE(game.status() == GameStatus::turn_limit_reached);
    }
}

TEST_CASE("undo repeated back to the start gives a fresh game (with the dice as they are now)") {
    SECTION("every house rule, seeded games played to the last player") {
        const Board<AllRules> board = classic(GameConfig<>({.play_to_last = true}));
        const std::vector<std::string> names{"Ana", "Ben", "Cy", "Di"};
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            INFO("seed " << seed);
            Game<FairDice<>, AllRules> game(board, FairDice<>::seeded(seed), names);
            std::vector<GameEvent> events;
            const Subscription subscription =
                game.subscribe([&](const GameEvent& event) { events.push_back(event); });
            (void)game.play();
            const std::vector<TurnRecord> records = game.records();
            REQUIRE(records.size() > 20);
            events.clear();
            for (std::size_t n = records.size(); n > 0; --n) {
                REQUIRE(game.undo() == records[n - 1]);
                REQUIRE(game.turns() == n - 1);
                REQUIRE(game.records() ==
                        std::vector<TurnRecord>(
                            records.begin(), records.begin() + static_cast<std::ptrdiff_t>(n - 1)));
                require_follows_rules(game);
            }
            REQUIRE(events.size() == records.size());
            for (std::size_t i = 0; i < events.size(); ++i) {
                REQUIRE(events[i] == GameEvent{TurnUndone{records[records.size() - 1 - i]}});
            }
            REQUIRE(game.status() == GameStatus::not_started);
            REQUIRE(game.positions() == std::vector<Square>(names.size(), 0));
            REQUIRE(game.current_seat() == 0);
            REQUIRE(game.winner() == std::nullopt);
            REQUIRE_THROWS_AS(game.undo(), NothingToUndo);

            // Equal to a fresh game whose dice are where these dice are now...
            Game<FairDice<>, AllRules> fresh(board, game.dice(), names);
            REQUIRE(game == fresh);
            // ... but not to the game first played: the dice were not rewound.
            const Game<FairDice<>, AllRules> first(board, FairDice<>::seeded(seed), names);
            REQUIRE_FALSE(game == first);
            (void)game.play();
            (void)fresh.play();
            REQUIRE(game.records() == fresh.records());
            REQUIRE(game == fresh);
        }
    }
    SECTION("the standard game, played by play()'s fast loop") {
        const Board<GameConfig<>> board = classic();
        Game<FairDice<>, GameConfig<>, NullMutex> game(board, FairDice<>::seeded(3),
                                                       {"Ana", "Ben", "Cy"});
        (void)game.play();
        const std::vector<TurnRecord> records = game.records();
        for (std::size_t n = records.size(); n > 0; --n) {
            REQUIRE(game.undo() == records[n - 1]);
        }
        REQUIRE(game == Game<FairDice<>, GameConfig<>, NullMutex>(board, game.dice(),
                                                                  {"Ana", "Ben", "Cy"}));
    }
}

TEST_CASE("undo on a fresh game throws NothingToUndo and changes nothing") {
    auto game = all_rules_game({6, 3});
    const auto fresh = all_rules_game({6, 3});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });
    REQUIRE_THROWS_AS(game.undo(), NothingToUndo);
    REQUIRE_THROWS_WITH(game.undo(), "there is no turn to undo: no turn has been played yet");
    REQUIRE(game == fresh);
    REQUIRE(game.status() == GameStatus::not_started);
    REQUIRE(events.empty());
    // Nothing was rolled, and the game plays on normally.
    REQUIRE(game.dice().used() == 0);
    REQUIRE(line(game.play_turn()) == "Ana rolls 6: 0 to 6, rolls 3: 6 to 20 via ladder 9-20");
    // NothingToUndo is a snakeladder::Error like every other.
    (void)game.undo();
    REQUIRE_THROWS_AS(game.undo(), Error);
}

TEST_CASE("undo then play: the next turn uses the dice's next roll") {
    SECTION("scripted dice") {
        using Config = GameConfig<>;
        Game<ScriptedDice, Config, NullMutex> game(classic(), ScriptedDice{3, 4, 5},
                                                   {"Ana", "Ben"});
        REQUIRE(line(game.play_turn()) == "Ana rolls 3: 0 to 3");
        (void)game.undo();
        REQUIRE(game.dice().used() == 1);
        REQUIRE(line(game.play_turn()) == "Ana rolls 4: 0 to 14 via ladder 4-14");
        REQUIRE(line(game.play_turn()) == "Ben rolls 5: 0 to 5");
    }
    SECTION("seeded dice") {
        FairDice<> rolls = FairDice<>::seeded(11);
        const int first = rolls.roll();
        const int second = rolls.roll();
        Game<FairDice<>, GameConfig<>, NullMutex> game(classic(), FairDice<>::seeded(11),
                                                       {"Ana", "Ben"});
        REQUIRE(game.play_turn().roll == first);
        (void)game.undo();
        REQUIRE(game.play_turn().roll == second);
        REQUIRE(game.dice() == rolls);
    }
}

TEST_CASE("undo and observers") {
    using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
    const Board<Config> board(std::vector<Jump>{}, {.size = 30});

    SECTION("observers of one kind receive TurnUndone with the undone record") {
        Game<ScriptedDice, Config, NullMutex> game(board, ScriptedDice::with_faces(6, {5, 5}),
                                                   {"Ana", "Ben"});
        std::vector<TurnRecord> undone;
        const Subscription subscription =
            game.subscribe([&](const TurnUndone& event) { undone.push_back(event.record); });
        (void)game.play_turn();
        const TurnRecord second = game.play_turn();
        REQUIRE(line(second) == "Ben rolls 5: 0 to 5, sends Ana back to 0");
        REQUIRE(undone.empty());
        REQUIRE(game.undo() == second);
        REQUIRE(undone == std::vector<TurnRecord>{second});
        REQUIRE(game.positions() == std::vector<Square>{5, 0});
    }
    SECTION("from inside an observer") {
        // std::mutex: the observer runs while the turn's lock is held, and undo must not wait
        // for it.
        Game<ScriptedDice, Config> game(board, ScriptedDice::with_faces(6, {5, 5, 2}),
                                        {"Ana", "Ben"});
        std::vector<GameEvent> events;
        bool undid = false;
        const Subscription subscription = game.subscribe([&](const GameEvent& event) {
            events.push_back(event);
            if (const auto* played = std::get_if<TurnPlayed>(&event);
                played != nullptr && played->record.turn == 2 && !undid) {
                undid = true;
                REQUIRE(game.undo() == played->record);
                REQUIRE(game.turns() == 1); // readable from the observer, already undone
            }
        });
        const TurnRecord first = game.play_turn();
        const TurnRecord second = game.play_turn(); // undone by the observer
        REQUIRE(line(second) == "Ben rolls 5: 0 to 5, sends Ana back to 0");
        REQUIRE(game.turns() == 1);
        REQUIRE(game.positions() == std::vector<Square>{5, 0});
        REQUIRE(game.current_player() == "Ben");
        // The turn's own events come first, then the undo.
        REQUIRE(events == std::vector<GameEvent>{
                              GameStarted{{"Ana", "Ben"}},
                              TurnPlayed{first},
                              TurnPlayed{second},
                              TokenSentBack{2, 0, "Ana", 5, 1, "Ben"},
                              TurnUndone{second},
                          });
        REQUIRE(line(game.play_turn()) == "Ben rolls 2: 0 to 2");
        REQUIRE(game.positions() == std::vector<Square>{5, 2});
    }
    SECTION("an observer that throws on TurnUndone: the undo stands, the exception reaches the "
            "caller") {
        Game<ScriptedDice, Config, NullMutex> game(board, ScriptedDice::with_faces(6, {5, 5}),
                                                   {"Ana", "Ben"});
        (void)game.play_turn();
        (void)game.play_turn();
        const Subscription subscription = game.subscribe(
            [](const TurnUndone& /*event*/) { throw std::runtime_error("observer failed"); });
        REQUIRE_THROWS_WITH(game.undo(), "observer failed");
        REQUIRE(game.turns() == 1);
        REQUIRE(game.positions() == std::vector<Square>{5, 0});
    }
}

// --- replay_turn ---------------------------------------------------------------------------------

TEST_CASE("replay_turn plays the due turn with the given rolls, leaving the dice alone") {
    auto game = all_rules_game();
    auto rolled = all_rules_game({6, 3, 4, 6, 6, 6});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });

    const TurnRecord first = game.replay_turn(std::vector<int>{6, 3});
    REQUIRE(
        first ==
        Turn{.turn = 1,
             .player = "Ana",
             .roll = 6,
             .landed = 6,
             .end = 20,
             .extra_rolls = {
                 {.roll = 3, .start = 6, .landed = 9, .end = 20, .jumps = JumpPath{Jump{9, 20}}}}});
    REQUIRE(line(first) == "Ana rolls 6: 0 to 6, rolls 3: 6 to 20 via ladder 9-20");
    REQUIRE(first == rolled.play_turn()); // as if the dice had rolled them
    REQUIRE(line(game.replay_turn(std::vector<int>{4})) ==
            "Ben rolls 4, needs a 6 to start, waits on 0");
    REQUIRE(line(game.replay_turn(std::vector<int>{6, 6, 6})) ==
            "Cy rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: forfeits the turn, back to 0");
    (void)rolled.play_turn();
    (void)rolled.play_turn();
    REQUIRE(game.records() == rolled.records());
    REQUIRE(game.positions() == rolled.positions());
    REQUIRE(game.dice().used() == 0);
    REQUIRE(events.size() == 4); // GameStarted and three TurnPlayed
    require_follows_rules(game);
}

TEST_CASE("replay_turn refuses rolls the dice cannot make, or that are not exactly one turn, "
          "and changes nothing") {
    auto game = all_rules_game();
    auto same = all_rules_game();
    (void)game.replay_turn(std::vector<int>{6, 3}); // Ana on 20; Ben is due, on square 0
    (void)same.replay_turn(std::vector<int>{6, 3});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });

    const auto refused = [&](std::vector<int> rolls, const std::string& message) {
        INFO("rolls " << fmt::format("{}", fmt::join(rolls, ", ")));
        REQUIRE_THROWS_AS(game.replay_turn(rolls), InvalidConfig);
        REQUIRE_THROWS_WITH(game.replay_turn(rolls), message);
        if (message.starts_with("roll ")) { // a roll the dice cannot give: which one
            REQUIRE(thrown_by<IllegalRoll>([&] { (void)game.replay_turn(rolls); }).roll() ==
                    rolls.back());
        }
        REQUIRE(game == same);
        REQUIRE(events.empty());
    };
    refused({7}, "roll 7 is outside what the dice roll (1 to 6)");
    refused({0}, "roll 0 is outside what the dice roll (1 to 6)");
    refused({-2}, "roll -2 is outside what the dice roll (1 to 6)");
    refused({6, 9}, "roll 9 is outside what the dice roll (1 to 6)");
    refused({}, "the turn needs another roll after the 0 given");
    refused({6}, "the turn needs another roll after the 1 given");
    refused({6, 6}, "the turn needs another roll after the 2 given");
    refused({2, 3}, "the turn was over after 1 of the 2 rolls given"); // Ben waits on the 2
    refused({6, 1, 1}, "the turn was over after 2 of the 3 rolls given");
    refused({6, 6, 6, 1}, "the turn was over after 3 of the 4 rolls given");

    REQUIRE(line(game.replay_turn(std::vector<int>{6, 1})) ==
            "Ben rolls 6: 0 to 6, rolls 1: 6 to 7");

    SECTION("after the end, and at the turn limit") {
        auto finished = all_rules_game();
        for (const std::vector<int>& rolls : all_rules_turns) {
            (void)finished.replay_turn(rolls);
        }
        REQUIRE_THROWS_AS(finished.replay_turn(std::vector<int>{1}), GameOver);
        using Limited = GameConfig<>;
        Game<ScriptedDice, Limited, NullMutex> limited(
            Board<Limited>(std::vector<Jump>{}, Limited({.size = 30, .turn_limit = 1})),
            ScriptedDice{}, {"Ana", "Ben"});
        REQUIRE(line(limited.replay_turn(std::vector<int>{1})) == "Ana rolls 1: 0 to 1");
        REQUIRE_THROWS_AS(limited.replay_turn(std::vector<int>{1}), TurnLimitReached);
    }
    SECTION("the range is the dice's: two dice roll 2 to 12") {
        using Wins = GameConfig<OvershootWins>; // two dice never roll the 1 exact finish needs
        Game<FairDice<>, Wins, NullMutex> two(
            classic(Wins{}), FairDice<>::seeded(4, {.sides = 6, .count = 2}), {"Ana", "Ben"});
        REQUIRE_THROWS_WITH(two.replay_turn(std::vector<int>{1}),
                            "roll 1 is outside what the dice roll (2 to 12)");
        REQUIRE_THROWS_WITH(two.replay_turn(std::vector<int>{13}),
                            "roll 13 is outside what the dice roll (2 to 12)");
        REQUIRE(line(two.replay_turn(std::vector<int>{12})) == "Ana rolls 12: 0 to 12");
        REQUIRE(two.dice() == FairDice<>::seeded(4, {.sides = 6, .count = 2})); // never rolled
    }
}

TEST_CASE("replay_turn(record) plays a game's records back to an equal game, as "
          "DecisionGame::replay_turn does") {
    auto source = all_rules_game();
    for (const std::vector<int>& rolls : all_rules_turns) {
        (void)source.replay_turn(rolls);
    }
    const std::vector<TurnRecord> records = source.records();
    REQUIRE(records.size() == all_rules_lines.size());
    auto game = all_rules_game();
    for (std::size_t i = 0; i < records.size(); ++i) {
        INFO("turn " << i + 1);
        const TurnRecord replayed = game.replay_turn(records[i]);
        REQUIRE(line(replayed) == all_rules_lines[i]);
        REQUIRE(replayed == records[i]);
    }
    REQUIRE(game == source);
    REQUIRE(game.dice().used() == 0);
    REQUIRE(game.result().winner == "Cy");
    // After the end, a record is refused as rolls are, and nothing changes.
    CHECK_THROWS_AS(game.replay_turn(records.front()), GameOver);
    REQUIRE(game == source);
}

TEST_CASE("replay_turn(record) refuses a record that does not fit, changing nothing") {
    auto source = all_rules_game();
    (void)source.replay_turn({3});    // Ana rolls 3 and waits on 0 (a braced list is rolls)
    (void)source.replay_turn({6, 3}); // Ben rolls 6 and 3
    const TurnRecord ana = source.records()[0];
    const TurnRecord ben = source.records()[1];
    auto game = all_rules_game(); // Ana is due
    const auto same = all_rules_game();
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });

    CHECK(message_of<NotYourTurn>([&] { (void)game.replay_turn(ben); }) ==
          "it is Ana's turn, not Ben's");
    // Whose turn is asked first, as a DecisionGame asks it: another player's record that also
    // names dice 1 and stays is NotYourTurn.
    TurnRecord wrong = ben;
    wrong.dice = 1;
    wrong.stayed = true;
    CHECK(message_of<NotYourTurn>([&] { (void)game.replay_turn(wrong); }) ==
          "it is Ana's turn, not Ben's");
    wrong = ana;
    wrong.dice = 1;
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "replay_turn: roll 1 names dice 1, and there is one dice to roll (number 0)");
    wrong = ana;
    wrong.stayed = true;
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "replay_turn: roll 1 stays, but a Game's players do not decide (a DecisionGame's may)");
    wrong = ana;
    ExtraRoll staying;
    staying.roll = 2;
    staying.stayed = true;
    wrong.extra_rolls.push_back(staying);
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "replay_turn: roll 2 stays, but a Game's players do not decide (a DecisionGame's may)");
    wrong = ana;
    ExtraRoll two;
    two.roll = 2;
    wrong.extra_rolls.push_back(two);
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "the turn was over after 1 of the 2 rolls given");
    wrong = ana;
    wrong.roll = 7;
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "roll 7 is outside what the dice roll (1 to 6)");
    wrong = ben;
    wrong.player = "Ana";
    wrong.extra_rolls.clear(); // Ana's 6 grants another roll, which the record no longer has
    CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(wrong); }) ==
          "the turn needs another roll after the 1 given");
    REQUIRE(game == same);
    REQUIRE(events.empty());

    // The dice a Game has are number 0: a record that names them plays.
    wrong = ana;
    wrong.dice = 0;
    REQUIRE(line(game.replay_turn(wrong)) == "Ana rolls 3, needs a 6 to start, waits on 0");
    REQUIRE(game.records() == std::vector<TurnRecord>{ana});
}
