// House rules (ExtraTurnOnMax, SixToStart, KnockBack, HouseRules<...>, ChosenHouseRules):
// scripted games with every record field, position, rotation and log line asserted; the rules
// under every overshoot and chain rule, with play_to_last, rankings and observers; the
// construction checks; and seeded games checked roll by roll
// against the rules, with the frequencies the rules imply. Undo and replay_turn are in
// test_undo.cpp, take_turn from several threads in test_game_threads.cpp.
#include "support/catch.hpp"
#include "support/house_rules_support.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

using namespace snakeladder;
using Catch::Generators::values;
using house_rules_support::extras;
using house_rules_support::fields;
using house_rules_support::require_follows_rules;
using house_rules_support::Roll;
using house_rules_support::RuleCounts;
using house_rules_support::Turn;

namespace {

template <class Config>
using ScriptedGame = Game<ScriptedDice, Config, NullMutex>;

// A game on a board of `jumps` under the settings and house rules of `config`, whose die has
// `sides` faces (so its maximum is `sides`) and rolls `rolls` in that order.
template <class Config>
ScriptedGame<Config> scripted(std::vector<Jump> jumps, const Config& config, std::vector<int> rolls,
                              std::vector<std::string> players = {"Ana", "Ben"}, int sides = 6) {
    return ScriptedGame<Config>(Board<Config>(std::move(jumps), config.settings()),
                                ScriptedDice::with_faces(sides, std::move(rolls)),
                                std::move(players), config.house_rules());
}

std::string line(const TurnRecord& record) {
    return fmt::format("{}", record);
}

template <class G>
std::vector<std::string> log_lines(const G& game) {
    std::vector<std::string> lines;
    for (const TurnRecord& record : game.records()) {
        lines.push_back(line(record));
    }
    return lines;
}

// Plays one turn and checks it against `expected` field by field, then as a whole.
template <class G>
void play_expecting(G& game, const Turn& expected_turn, const std::string& expected_line) {
    const TurnRecord expected = expected_turn;
    const TurnRecord got = game.play_turn();
    REQUIRE(line(got) == expected_line);
    REQUIRE(fields(got) == fields(expected));
    REQUIRE(got == expected);
    REQUIRE(game.last_record() == expected);
}

JumpPath path(std::initializer_list<Jump> jumps) {
    return {jumps};
}

} // namespace

// --- The policies themselves --------------------------------------------------------------------

static_assert(HouseRulePolicy<NoHouseRules>);
static_assert(HouseRulePolicy<ExtraTurnOnMax<>>);
static_assert(HouseRulePolicy<SixToStart>);
static_assert(HouseRulePolicy<KnockBack>);
static_assert(HouseRulePolicy<HouseRules<ExtraTurnOnMax<2>, SixToStart, KnockBack>>);
static_assert(HouseRulePolicy<ChosenHouseRules>);
static_assert(!HouseRulePolicy<int>);
static_assert(!HouseRulePolicy<HouseRuleSwitches>);

// Only a policy that can never do anything plays the plain turn loop.
static_assert(detail::rule_plays_plain<NoHouseRules>() && HouseRules<>::plays_plain &&
              HouseRules<NoHouseRules>::plays_plain);
static_assert(!detail::rule_plays_plain<ExtraTurnOnMax<>>() &&
              !detail::rule_plays_plain<SixToStart>() && !detail::rule_plays_plain<KnockBack>());
static_assert(!HouseRules<NoHouseRules, KnockBack>::plays_plain);
// Its switches are only known at run time.
static_assert(!detail::rule_plays_plain<ChosenHouseRules>());

static_assert(ExtraTurnOnMax<>::forfeit_streak() == 3 && ExtraTurnOnMax<2>::forfeit_streak() == 2);
static_assert(switches_of(NoHouseRules{}) == HouseRuleSwitches{});
static_assert(switches_of(HouseRules<KnockBack, ExtraTurnOnMax<4>>{}) ==
              HouseRuleSwitches{.forfeit_streak = 4, .knock_back = true});
static_assert(switches_of(HouseRules<SixToStart>{}) ==
              HouseRuleSwitches{.max_roll_to_start = true});
static_assert(switches_of(ChosenHouseRules({.forfeit_streak = 2, .max_roll_to_start = true})) ==
              HouseRuleSwitches{
                  .forfeit_streak = 2, .max_roll_to_start = true, .knock_back = false});

// A game without house rules stores none: the policy takes no room in the configuration.
static_assert(sizeof(GameConfig<ExactFinish, RejectChains, NoHouseRules>) == sizeof(GameSettings));
static_assert(std::is_same_v<GameConfig<>::house_rule_policy, NoHouseRules>);

TEST_CASE("ChosenHouseRules: switches chosen at run time, validated when built") {
    const ChosenHouseRules none;
    REQUIRE(none.switches() == HouseRuleSwitches{});
    REQUIRE(none.forfeit_streak() == 0);
    REQUIRE_FALSE(none.max_roll_to_start());
    REQUIRE_FALSE(none.knock_back());

    const ChosenHouseRules all(
        {.forfeit_streak = 2, .max_roll_to_start = true, .knock_back = true});
    REQUIRE(all.forfeit_streak() == 2);
    REQUIRE(all.max_roll_to_start());
    REQUIRE(all.knock_back());
    REQUIRE(ChosenHouseRules({.forfeit_streak = 1000}).forfeit_streak() == 1000);

    REQUIRE_THROWS_AS(ChosenHouseRules({.forfeit_streak = 1}), InvalidConfig);
    REQUIRE_THROWS_WITH(ChosenHouseRules({.forfeit_streak = 1}),
                        "the extra-turn forfeit streak must be 0 (no extra turns) or at least 2 "
                        "maximum rolls in a row, got 1");
    REQUIRE_THROWS_AS(ChosenHouseRules({.forfeit_streak = -3}), InvalidConfig);
    REQUIRE_THROWS_WITH(ChosenHouseRules({.forfeit_streak = -3}), SL_CONTAINS("got -3"));

    // The configuration carries them, and keeps them when resized.
    using Config = GameConfig<BounceBack, FollowChains, ChosenHouseRules>;
    const Config config({.size = 40}, all);
    REQUIRE(config.house_rules() == all);
    REQUIRE(config.with_size(60).house_rules() == all);
    REQUIRE(config.with_size(60).size() == 60);
    REQUIRE(config != Config({.size = 40}, none));
    REQUIRE(Config({.size = 40}).house_rules() == none);
}

// --- ExtraTurnOnMax -----------------------------------------------------------------------------

TEST_CASE("ExtraTurnOnMax<3>: a maximum roll grants another; the third in a row forfeits the "
          "turn and puts the token back where the turn began") {
    using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
    auto game = scripted({{8, 20}, {25, 3}}, Config({.size = 40}),
                         {6, 2, 3, 6, 6, 6, 6, 6, 4, 6, 6, 2, 6, 6, 6, 6, 1});

    play_expecting(
        game,
        {.turn = 1,
         .seat = 0,
         .player = "Ana",
         .roll = 6,
         .start = 0,
         .landed = 6,
         .end = 20,
         .extra_rolls =
             {{.roll = 2, .start = 6, .landed = 8, .end = 20, .jumps = path({{8, 20}})}}},
        "Ana rolls 6: 0 to 6, rolls 2: 6 to 20 via ladder 8-20");
    REQUIRE(game.positions() == std::vector<Square>{20, 0});
    REQUIRE(game.current_player() == "Ben");

    play_expecting(game, {.turn = 2, .seat = 1, .player = "Ben", .roll = 3, .landed = 3, .end = 3},
                   "Ben rolls 3: 0 to 3");

    play_expecting(
        game,
        {.turn = 3,
         .seat = 0,
         .player = "Ana",
         .roll = 6,
         .start = 20,
         .landed = 26,
         .end = 20,
         .forfeited = true,
         .extra_rolls = {{.roll = 6, .start = 26, .landed = 32, .end = 32},
                         {.roll = 6, .start = 32, .landed = 32, .end = 32, .forfeits = true}}},
        "Ana rolls 6: 20 to 26, rolls 6: 26 to 32, rolls 6: forfeits the turn, back "
        "to 20");
    REQUIRE(game.positions() == std::vector<Square>{20, 3});
    REQUIRE(game.current_player() == "Ben");
    REQUIRE(game.last_record()->rolls() == std::vector<int>{6, 6, 6});

    // Two maxima and then another roll: no forfeit.
    play_expecting(game,
                   {.turn = 4,
                    .seat = 1,
                    .player = "Ben",
                    .roll = 6,
                    .start = 3,
                    .landed = 9,
                    .end = 19,
                    .extra_rolls = {{.roll = 6, .start = 9, .landed = 15, .end = 15},
                                    {.roll = 4, .start = 15, .landed = 19, .end = 19}}},
                   "Ben rolls 6: 3 to 9, rolls 6: 9 to 15, rolls 4: 15 to 19");
    REQUIRE(game.positions() == std::vector<Square>{20, 19});

    play_expecting(game,
                   {.turn = 5,
                    .seat = 0,
                    .player = "Ana",
                    .roll = 6,
                    .start = 20,
                    .landed = 26,
                    .end = 34,
                    .extra_rolls = {{.roll = 6, .start = 26, .landed = 32, .end = 32},
                                    {.roll = 2, .start = 32, .landed = 34, .end = 34}}},
                   "Ana rolls 6: 20 to 26, rolls 6: 26 to 32, rolls 2: 32 to 34");

    // The forfeit puts the token back where the turn began, not where the snake left it.
    play_expecting(
        game,
        {.turn = 6,
         .seat = 1,
         .player = "Ben",
         .jumps = path({{25, 3}}),
         .roll = 6,
         .start = 19,
         .landed = 25,
         .end = 19,
         .forfeited = true,
         .extra_rolls = {{.roll = 6, .start = 3, .landed = 9, .end = 9},
                         {.roll = 6, .start = 9, .landed = 9, .end = 9, .forfeits = true}}},
        "Ben rolls 6: 19 to 3 via snake 25-3, rolls 6: 3 to 9, rolls 6: forfeits the "
        "turn, back to 19");
    REQUIRE(game.positions() == std::vector<Square>{34, 19});

    // A maximum that reaches home ends the turn: the 1 after it is never rolled.
    play_expecting(game,
                   {.turn = 7,
                    .seat = 0,
                    .player = "Ana",
                    .roll = 6,
                    .start = 34,
                    .landed = 40,
                    .end = 40,
                    .place = 1,
                    .home = true},
                   "Ana rolls 6: 34 to 40 and is home (1st)");
    REQUIRE(game.dice().remaining() == 1);
    REQUIRE(game.status() == GameStatus::finished);
    REQUIRE(game.winner() == "Ana");
    REQUIRE(game.turns() == 7);
    require_follows_rules(game);
}

TEST_CASE("ExtraTurnOnMax<2>: the second maximum in a row forfeits") {
    using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<2>>;
    auto game = scripted({}, Config({.size = 40}), {6, 6, 6, 3, 1, 6, 6});
    play_expecting(
        game,
        {.turn = 1,
         .player = "Ana",
         .roll = 6,
         .landed = 6,
         .end = 0,
         .forfeited = true,
         .extra_rolls = {{.roll = 6, .start = 6, .landed = 6, .end = 6, .forfeits = true}}},
        "Ana rolls 6: 0 to 6, rolls 6: forfeits the turn, back to 0");
    REQUIRE(game.positions() == std::vector<Square>{0, 0});
    play_expecting(game,
                   {.turn = 2,
                    .seat = 1,
                    .player = "Ben",
                    .roll = 6,
                    .landed = 6,
                    .end = 9,
                    .extra_rolls = {{.roll = 3, .start = 6, .landed = 9, .end = 9}}},
                   "Ben rolls 6: 0 to 6, rolls 3: 6 to 9");
    play_expecting(game, {.turn = 3, .player = "Ana", .roll = 1, .landed = 1, .end = 1},
                   "Ana rolls 1: 0 to 1");
    play_expecting(
        game,
        {.turn = 4,
         .seat = 1,
         .player = "Ben",
         .roll = 6,
         .start = 9,
         .landed = 15,
         .end = 9,
         .forfeited = true,
         .extra_rolls = {{.roll = 6, .start = 15, .landed = 15, .end = 15, .forfeits = true}}},
        "Ben rolls 6: 9 to 15, rolls 6: forfeits the turn, back to 9");
    REQUIRE(game.positions() == std::vector<Square>{1, 9});
    REQUIRE(game.current_player() == "Ana");
    require_follows_rules(game);
}

TEST_CASE("ExtraTurnOnMax under ExactFinish: a blocked maximum still grants a roll and counts "
          "towards the forfeit") {
    using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
    auto game = scripted({{2, 30}}, Config({.size = 40}), {2, 1, 6, 6, 6, 1, 5, 2, 6, 5});
    (void)game.play_turn(); // Ana 0 -> 30 via the ladder
    (void)game.play_turn(); // Ben 0 -> 1
    play_expecting(
        game,
        {.turn = 3,
         .player = "Ana",
         .roll = 6,
         .start = 30,
         .landed = 36,
         .end = 30,
         .forfeited = true,
         .extra_rolls =
             {{.roll = 6, .start = 36, .landed = 36, .end = 36, .needed = 4, .blocked = true},
              {.roll = 6, .start = 36, .landed = 36, .end = 36, .forfeits = true}}},
        "Ana rolls 6: 30 to 36, rolls 6, needs exactly 4, stays on 36, rolls 6: "
        "forfeits the turn, back to 30");
    REQUIRE(game.positions() == std::vector<Square>{30, 1});
    (void)game.play_turn(); // Ben 1 -> 30 via the ladder (no knock-back in this game)
    (void)game.play_turn(); // Ana 30 -> 35
    (void)game.play_turn(); // Ben 30 -> 32
    REQUIRE(game.positions() == std::vector<Square>{35, 32});
    play_expecting(game,
                   {.turn = 7,
                    .player = "Ana",
                    .roll = 6,
                    .start = 35,
                    .landed = 35,
                    .end = 40,
                    .needed = 5,
                    .place = 1,
                    .blocked = true,
                    .home = true,
                    .extra_rolls = {{.roll = 5, .start = 35, .landed = 40, .end = 40}}},
                   "Ana rolls 6, needs exactly 5, stays on 35, rolls 5: 35 to 40 and is home "
                   "(1st)");
    REQUIRE(game.winner() == "Ana");
    require_follows_rules(game);
}

TEMPLATE_TEST_CASE("ExtraTurnOnMax with each overshoot rule: a maximum past home", "", ExactFinish,
                   BounceBack, OvershootWins) {
    using Config = GameConfig<TestType, RejectChains, ExtraTurnOnMax<3>>;
    auto game = scripted({{2, 35}}, Config({.size = 40}), {2, 1, 6, 1});
    (void)game.play_turn(); // Ana 0 -> 35 via the ladder
    (void)game.play_turn(); // Ben 0 -> 1
    const TurnRecord record = game.play_turn();
    if constexpr (std::is_same_v<TestType, ExactFinish>) {
        REQUIRE(line(record) == "Ana rolls 6, needs exactly 5, stays on 35, rolls 1: 35 to 36");
        REQUIRE(record.blocked);
        REQUIRE(record.needed == 5);
        REQUIRE(record.extra_rolls == extras({{.roll = 1, .start = 35, .landed = 36, .end = 36}}));
        REQUIRE(game.positions() == std::vector<Square>{36, 1});
        REQUIRE(game.current_player() == "Ben");
    } else if constexpr (std::is_same_v<TestType, BounceBack>) {
        // 35 + 6 is one past home: back to 39, and the maximum grants another roll.
        REQUIRE(line(record) == "Ana rolls 6: 35 to 39, rolls 1: 39 to 40 and is home (1st)");
        REQUIRE(record.landed == 39);
        REQUIRE(record.extra_rolls == extras({{.roll = 1, .start = 39, .landed = 40, .end = 40}}));
        REQUIRE(game.winner() == "Ana");
    } else {
        // Home with the maximum: the turn is over, and the 1 stays in the dice.
        REQUIRE(line(record) == "Ana rolls 6: 35 to 40 and is home (1st)");
        REQUIRE(record.extra_rolls.empty());
        REQUIRE(game.dice().remaining() == 1);
        REQUIRE(game.winner() == "Ana");
    }
    require_follows_rules(game);
}

TEST_CASE("ExtraTurnOnMax with two dice: the maximum is 12, both dice showing six") {
    using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
    SECTION("scripted with 12 faces") {
        auto game = scripted({}, Config({.size = 40}), {12, 7, 6, 12, 12, 12}, {"Ana", "Ben"}, 12);
        REQUIRE(game.dice().max_roll() == 12);
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .roll = 12,
                        .landed = 12,
                        .end = 19,
                        .extra_rolls = {{.roll = 7, .start = 12, .landed = 19, .end = 19}}},
                       "Ana rolls 12: 0 to 12, rolls 7: 12 to 19");
        // A six is not the maximum of two dice.
        play_expecting(game,
                       {.turn = 2, .seat = 1, .player = "Ben", .roll = 6, .landed = 6, .end = 6},
                       "Ben rolls 6: 0 to 6");
        play_expecting(
            game,
            {.turn = 3,
             .player = "Ana",
             .roll = 12,
             .start = 19,
             .landed = 31,
             .end = 19,
             .forfeited = true,
             .extra_rolls =
                 {{.roll = 12, .start = 31, .landed = 31, .end = 31, .needed = 9, .blocked = true},
                  {.roll = 12, .start = 31, .landed = 31, .end = 31, .forfeits = true}}},
            "Ana rolls 12: 19 to 31, rolls 12, needs exactly 9, stays on 31, rolls 12: "
            "forfeits the turn, back to 19");
        require_follows_rules(game);
    }
    SECTION("FairDice with count 2, seeded games") {
        // Two dice cannot roll 1, so exact finish could never leave 99: OvershootWins.
        using Wins = GameConfig<OvershootWins, RejectChains, ExtraTurnOnMax<3>>;
        RuleCounts counts;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            Game<FairDice<>, Wins, NullMutex> game(
                classic(GameConfig<OvershootWins>()),
                FairDice<>::seeded(seed, {.sides = 6, .count = 2}), {"Ana", "Ben", "Cy"});
            REQUIRE(game.dice().max_roll() == 12);
            REQUIRE(game.play().status == GameStatus::finished);
            INFO("seed " << seed);
            require_follows_rules(game, &counts);
        }
        // Double sixes come once in 36 rolls: over ~5,000 turns, some turns have extra rolls,
        // far fewer than with one die.
        REQUIRE(counts.turns_with_extra_rolls > 0);
        REQUIRE(counts.turns_with_extra_rolls * 18 < counts.turns);
    }
}

// --- SixToStart ---------------------------------------------------------------------------------

TEST_CASE("SixToStart: only a maximum roll leaves square 0, and then moves as usual") {
    using Config = GameConfig<ExactFinish, RejectChains, SixToStart>;
    auto game = scripted({{6, 15}}, Config({.size = 30}), {4, 6, 6, 4, 1, 3});
    play_expecting(game,
                   {.turn = 1,
                    .player = "Ana",
                    .roll = 4,
                    .landed = 0,
                    .end = 0,
                    .needed = 6,
                    .waiting = true},
                   "Ana rolls 4, needs a 6 to start, waits on 0");
    REQUIRE(game.positions() == std::vector<Square>{0, 0});
    REQUIRE(game.current_player() == "Ben");
    // The six moves the token to square 6, and so takes the ladder there. No extra roll: that
    // is another rule.
    play_expecting(game,
                   {.turn = 2,
                    .seat = 1,
                    .player = "Ben",
                    .jumps = path({{6, 15}}),
                    .roll = 6,
                    .landed = 6,
                    .end = 15},
                   "Ben rolls 6: 0 to 15 via ladder 6-15");
    play_expecting(
        game,
        {.turn = 3, .player = "Ana", .jumps = path({{6, 15}}), .roll = 6, .landed = 6, .end = 15},
        "Ana rolls 6: 0 to 15 via ladder 6-15");
    REQUIRE(game.positions() == std::vector<Square>{15, 15}); // no knock-back in this game
    // Once started, every roll moves.
    play_expecting(
        game,
        {.turn = 4, .seat = 1, .player = "Ben", .roll = 4, .start = 15, .landed = 19, .end = 19},
        "Ben rolls 4: 15 to 19");
    play_expecting(game,
                   {.turn = 5, .player = "Ana", .roll = 1, .start = 15, .landed = 16, .end = 16},
                   "Ana rolls 1: 15 to 16");
    REQUIRE(game.positions() == std::vector<Square>{16, 19});
    require_follows_rules(game);
}

TEST_CASE("SixToStart with two dice needs a 12") {
    using Config = GameConfig<ExactFinish, RejectChains, SixToStart>;
    auto game = scripted({}, Config({.size = 30}), {6, 12}, {"Ana", "Ben"}, 12);
    REQUIRE(line(game.play_turn()) == "Ana rolls 6, needs a 12 to start, waits on 0");
    REQUIRE(line(game.play_turn()) == "Ben rolls 12: 0 to 12");
    REQUIRE(game.positions() == std::vector<Square>{0, 12});
}

TEST_CASE("SixToStart with ExtraTurnOnMax: the six that starts also grants a roll, and a "
          "forfeit sends the token back to wait") {
    using Config = GameConfig<ExactFinish, RejectChains, HouseRules<SixToStart, ExtraTurnOnMax<3>>>;
    auto game = scripted({}, Config({.size = 30}), {6, 3, 6, 6, 6, 2, 5, 1, 6, 1});
    play_expecting(game,
                   {.turn = 1,
                    .player = "Ana",
                    .roll = 6,
                    .landed = 6,
                    .end = 9,
                    .extra_rolls = {{.roll = 3, .start = 6, .landed = 9, .end = 9}}},
                   "Ana rolls 6: 0 to 6, rolls 3: 6 to 9");
    play_expecting(
        game,
        {.turn = 2,
         .seat = 1,
         .player = "Ben",
         .roll = 6,
         .landed = 6,
         .end = 0,
         .forfeited = true,
         .extra_rolls = {{.roll = 6, .start = 6, .landed = 12, .end = 12},
                         {.roll = 6, .start = 12, .landed = 12, .end = 12, .forfeits = true}}},
        "Ben rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: forfeits the turn, back to 0");
    REQUIRE(game.positions() == std::vector<Square>{9, 0});
    REQUIRE(line(game.play_turn()) == "Ana rolls 2: 9 to 11");
    // Back on square 0, Ben needs a six again.
    play_expecting(game,
                   {.turn = 4, .seat = 1, .player = "Ben", .roll = 5, .needed = 6, .waiting = true},
                   "Ben rolls 5, needs a 6 to start, waits on 0");
    REQUIRE(line(game.play_turn()) == "Ana rolls 1: 11 to 12");
    REQUIRE(line(game.play_turn()) == "Ben rolls 6: 0 to 6, rolls 1: 6 to 7");
    REQUIRE(game.positions() == std::vector<Square>{12, 7});
    require_follows_rules(game);
}

TEST_CASE("SixToStart on a board smaller than the maximum roll") {
    SECTION("a waiting roll is not also a blocked one") {
        using Config = GameConfig<ExactFinish, RejectChains, SixToStart>;
        auto game = scripted({}, Config({.size = 4}), {5});
        play_expecting(game, {.turn = 1, .player = "Ana", .roll = 5, .needed = 6, .waiting = true},
                       "Ana rolls 5, needs a 6 to start, waits on 0");
    }
    SECTION("a blocked six from square 0 grants a roll that waits, and the record says so") {
        using Config =
            GameConfig<ExactFinish, RejectChains, HouseRules<SixToStart, ExtraTurnOnMax<3>>>;
        auto game = scripted({}, Config({.size = 5}), {6, 3});
        play_expecting(game,
                       {.turn = 1,
                        .player = "Ana",
                        .roll = 6,
                        .needed = 5,
                        .blocked = true,
                        .extra_rolls = {{.roll = 3, .needed = 6, .waiting = true}}},
                       "Ana rolls 6, needs exactly 5, stays on 0, rolls 3, needs a 6 to start, "
                       "waits on 0");
        REQUIRE(game.positions() == std::vector<Square>{0, 0});
        require_follows_rules(game);
    }
    SECTION("dice that could play it forever are refused") {
        // Under exact finish a six from square 0 overshoots home: no token could ever start.
        using Config = GameConfig<ExactFinish, RejectChains, SixToStart>;
        const Board<Config> board(std::vector<Jump>{}, {.size = 5});
        REQUIRE_THROWS_AS(Game(board, FairDice<>::seeded(1), {"Ana", "Ben"}, SixToStart{}),
                          InvalidConfig);
        REQUIRE_THROWS_WITH(Game(board, FairDice<>::seeded(1), {"Ana", "Ben"}, SixToStart{}),
                            "under the six-to-start house rule a token needs a roll of 6 to "
                            "start, but a 6 from square 0 overshoots home (square 5) under "
                            "ExactFinish, so no token could ever start");
        // The other overshoot rules move it.
        using Bounce = GameConfig<BounceBack, RejectChains, SixToStart>;
        using Wins = GameConfig<OvershootWins, RejectChains, SixToStart>;
        REQUIRE_NOTHROW(Game(Board<Bounce>(std::vector<Jump>{}, {.size = 5}), FairDice<>::seeded(1),
                             {"Ana", "Ben"}, SixToStart{}));
        REQUIRE_NOTHROW(Game(Board<Wins>(std::vector<Jump>{}, {.size = 5}), FairDice<>::seeded(1),
                             {"Ana", "Ben"}, SixToStart{}));
        // Without six to start the board is fine (1 to 5 reach home exactly).
        using Plain = GameConfig<ExactFinish>;
        REQUIRE_NOTHROW(Game(Board<Plain>(std::vector<Jump>{}, Plain({.size = 5})),
                             FairDice<>::seeded(1), {"Ana", "Ben"}));
        using Chosen = GameConfig<ExactFinish, RejectChains, ChosenHouseRules>;
        REQUIRE_THROWS_AS(Game(Board<Chosen>(std::vector<Jump>{}, {.size = 5}),
                               FairDice<>::seeded(1), {"Ana", "Ben"},
                               ChosenHouseRules({.max_roll_to_start = true})),
                          InvalidConfig);
    }
}

// --- KnockBack ----------------------------------------------------------------------------------

TEST_CASE("KnockBack: ending a move on another token's square sends it to 0") {
    using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
    auto game =
        scripted({{3, 11}}, Config({.size = 30}), {5, 5, 3, 3, 6, 1, 1}, {"Ana", "Ben", "Cy"});
    std::vector<TokenSentBack> sent;
    const Subscription subscription =
        game.subscribe([&](const TokenSentBack& event) { sent.push_back(event); });

    REQUIRE(line(game.play_turn()) == "Ana rolls 5: 0 to 5");
    play_expecting(game,
                   {.turn = 2,
                    .seat = 1,
                    .player = "Ben",
                    .roll = 5,
                    .landed = 5,
                    .end = 5,
                    .knocked_back = {{.seat = 0, .player = "Ana", .from = 5, .by_roll = 0}}},
                   "Ben rolls 5: 0 to 5, sends Ana back to 0");
    REQUIRE(game.positions() == std::vector<Square>{0, 5, 0});
    REQUIRE(line(game.play_turn()) == "Cy rolls 3: 0 to 11 via ladder 3-11");
    // What counts is where the move ends: at the top of the ladder.
    play_expecting(game,
                   {.turn = 4,
                    .player = "Ana",
                    .jumps = path({{3, 11}}),
                    .roll = 3,
                    .landed = 3,
                    .end = 11,
                    .knocked_back = {{.seat = 2, .player = "Cy", .from = 11}}},
                   "Ana rolls 3: 0 to 11 via ladder 3-11, sends Cy back to 0");
    REQUIRE(game.positions() == std::vector<Square>{11, 5, 0});
    REQUIRE(line(game.play_turn()) == "Ben rolls 6: 5 to 11, sends Ana back to 0");
    REQUIRE(game.positions() == std::vector<Square>{0, 11, 0});
    // Square 0 is shared by the tokens that have not started: nobody is sent back from it.
    REQUIRE(line(game.play_turn()) == "Cy rolls 1: 0 to 1");
    REQUIRE(line(game.play_turn()) == "Ana rolls 1: 0 to 1, sends Cy back to 0");
    REQUIRE(game.positions() == std::vector<Square>{1, 11, 0});

    REQUIRE(
        sent ==
        std::vector<TokenSentBack>{
            {.turn = 2, .seat = 0, .player = "Ana", .from = 5, .by_seat = 1, .by_player = "Ben"},
            {.turn = 4, .seat = 2, .player = "Cy", .from = 11, .by_seat = 0, .by_player = "Ana"},
            {.turn = 5, .seat = 0, .player = "Ana", .from = 11, .by_seat = 1, .by_player = "Ben"},
            {.turn = 7, .seat = 2, .player = "Cy", .from = 1, .by_seat = 0, .by_player = "Ana"}});
    require_follows_rules(game);
}

TEST_CASE("KnockBack with BounceBack: a bounce that ends on a token sends it back") {
    using Config = GameConfig<BounceBack, RejectChains, KnockBack>;
    auto game = scripted({{2, 16}}, Config({.size = 20}), {2, 1, 2, 1, 6});
    REQUIRE(line(game.play_turn()) == "Ana rolls 2: 0 to 16 via ladder 2-16");
    REQUIRE(line(game.play_turn()) == "Ben rolls 1: 0 to 1");
    REQUIRE(line(game.play_turn()) == "Ana rolls 2: 16 to 18");
    REQUIRE(line(game.play_turn()) == "Ben rolls 1: 1 to 16 via ladder 2-16");
    play_expecting(game,
                   {.turn = 5,
                    .player = "Ana",
                    .roll = 6,
                    .start = 18,
                    .landed = 16,
                    .end = 16,
                    .knocked_back = {{.seat = 1, .player = "Ben", .from = 16}}},
                   "Ana rolls 6: 18 to 16, sends Ben back to 0");
    REQUIRE(game.positions() == std::vector<Square>{16, 0});
}

TEST_CASE("KnockBack never sends a token back from home; with play_to_last and the ranking") {
    using Config = GameConfig<OvershootWins, RejectChains, KnockBack>;
    auto game = scripted({}, Config({.size = 10, .play_to_last = true}), {5, 4, 3, 6, 6},
                         {"Ana", "Ben", "Cy"});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });
    (void)game.play_turn(); // Ana 5
    (void)game.play_turn(); // Ben 4
    (void)game.play_turn(); // Cy 3
    REQUIRE(line(game.play_turn()) == "Ana rolls 6: 5 to 10 and is home (1st)");
    REQUIRE(game.current_player() == "Ben");
    play_expecting(game,
                   {.turn = 5,
                    .seat = 1,
                    .player = "Ben",
                    .roll = 6,
                    .start = 4,
                    .landed = 10,
                    .end = 10,
                    .place = 2,
                    .home = true},
                   "Ben rolls 6: 4 to 10 and is home (2nd)");
    REQUIRE(game.positions() == std::vector<Square>{10, 10, 3});
    REQUIRE(game.status() == GameStatus::finished); // only Cy is left
    const std::vector<Standing> ranking = game.ranking();
    REQUIRE(ranking == std::vector<Standing>{{1, 0, "Ana", 10, true},
                                             {2, 1, "Ben", 10, true},
                                             {3, 2, "Cy", 3, false}});
    REQUIRE(std::none_of(events.begin(), events.end(), [](const GameEvent& event) {
        return std::holds_alternative<TokenSentBack>(event);
    }));
    require_follows_rules(game);
}

TEST_CASE("KnockBack with ExtraTurnOnMax: each roll can send a token back, and the tokens sent "
          "back stay there when the turn is forfeited") {
    using Config = GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    auto game =
        scripted({}, Config({.size = 40}), {1, 6, 1, 6, 6, 1, 6, 6, 6}, {"Ana", "Ben", "Cy"});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });
    REQUIRE(line(game.play_turn()) == "Ana rolls 1: 0 to 1");
    REQUIRE(line(game.play_turn()) == "Ben rolls 6: 0 to 6, rolls 1: 6 to 7");
    REQUIRE(line(game.play_turn()) == "Cy rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 1: 12 to 13");
    REQUIRE(game.positions() == std::vector<Square>{1, 7, 13});
    events.clear();

    const Turn expected{
        .turn = 4,
        .player = "Ana",
        .roll = 6,
        .start = 1,
        .landed = 7,
        .end = 1,
        .forfeited = true,
        .extra_rolls = {{.roll = 6, .start = 7, .landed = 13, .end = 13},
                        {.roll = 6, .start = 13, .landed = 13, .end = 13, .forfeits = true}},
        .knocked_back = {{.seat = 1, .player = "Ben", .from = 7, .by_roll = 0},
                         {.seat = 2, .player = "Cy", .from = 13, .by_roll = 1}}};
    play_expecting(game, expected,
                   "Ana rolls 6: 1 to 7, sends Ben back to 0, rolls 6: 7 to 13, sends Cy back to "
                   "0, rolls 6: forfeits the turn, back to 1");
    REQUIRE(game.positions() == std::vector<Square>{1, 0, 0});
    REQUIRE(game.current_player() == "Ben");
    REQUIRE(events == std::vector<GameEvent>{
                          TurnPlayed{TurnRecord(expected)},
                          TokenSentBack{4, 1, "Ben", 7, 0, "Ana"},
                          TokenSentBack{4, 2, "Cy", 13, 0, "Ana"},
                      });
    require_follows_rules(game);
}

TEST_CASE("House rules and observers: the exact order of events, with play_to_last") {
    using Config = GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    auto game = scripted({}, Config({.size = 12, .play_to_last = true}), {6, 6, 4, 6, 4, 6, 2},
                         {"Ana", "Ben", "Cy"});
    std::vector<GameEvent> events;
    const Subscription subscription =
        game.subscribe([&](const GameEvent& event) { events.push_back(event); });
    const GameResult result = game.play();

    REQUIRE(log_lines(game) ==
            std::vector<std::string>{
                "Ana rolls 6: 0 to 6, rolls 6: 6 to 12 and is home (1st)",
                "Ben rolls 4: 0 to 4",
                "Cy rolls 6: 0 to 6, rolls 4: 6 to 10",
                "Ben rolls 6: 4 to 10, sends Cy back to 0, rolls 2: 10 to 12 and is home (2nd)",
            });
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(result.status == GameStatus::finished);
    REQUIRE(result.winner == "Ana");
    REQUIRE(result.turns == 4);
    REQUIRE(result.ranking == std::vector<Standing>{{1, 0, "Ana", 12, true},
                                                    {2, 1, "Ben", 12, true},
                                                    {3, 2, "Cy", 0, false}});
    REQUIRE(events == std::vector<GameEvent>{
                          GameStarted{{"Ana", "Ben", "Cy"}},
                          TurnPlayed{records[0]},
                          PlayerHome{1, 0, "Ana", 1},
                          TurnPlayed{records[1]},
                          TurnPlayed{records[2]},
                          TurnPlayed{records[3]},
                          TokenSentBack{4, 2, "Cy", 10, 1, "Ben"},
                          PlayerHome{4, 1, "Ben", 2},
                          GameEnded{result},
                      });
    require_follows_rules(game);
}

// --- With every overshoot and chain rule --------------------------------------------------------

namespace {
template <class Overshoot, class Chains>
struct Rules {
    using overshoot = Overshoot;
    using chains = Chains;
};
} // namespace

TEMPLATE_TEST_CASE("House rules with FollowChains and SingleJump: extra rolls and knock-backs "
                   "where the chain rule puts the token",
                   "", (Rules<ExactFinish, FollowChains>), (Rules<ExactFinish, SingleJump>),
                   (Rules<BounceBack, FollowChains>), (Rules<BounceBack, SingleJump>),
                   (Rules<OvershootWins, FollowChains>), (Rules<OvershootWins, SingleJump>)) {
    using Config = GameConfig<typename TestType::overshoot, typename TestType::chains,
                              HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    constexpr bool follow = std::is_same_v<typename TestType::chains, FollowChains>;
    auto game = scripted({{8, 14}, {14, 20}}, Config({.size = 30}), {6, 2, 6, 2, 6, 6, 2});
    if constexpr (follow) {
        REQUIRE(line(game.play_turn()) ==
                "Ana rolls 6: 0 to 6, rolls 2: 6 to 20 via ladder 8-14 then ladder 14-20");
        REQUIRE(line(game.play_turn()) == "Ben rolls 6: 0 to 6, rolls 2: 6 to 20 via ladder 8-14 "
                                          "then ladder 14-20, sends Ana back to 0");
        REQUIRE(game.positions() == std::vector<Square>{0, 20});
        // Ana lands on 14 and climbs to 20, where Ben is.
        play_expecting(
            game,
            {.turn = 3,
             .player = "Ana",
             .roll = 6,
             .landed = 6,
             .end = 20,
             .extra_rolls =
                 {{.roll = 6, .start = 6, .landed = 12, .end = 12},
                  {.roll = 2, .start = 12, .landed = 14, .end = 20, .jumps = path({{14, 20}})}},
             .knocked_back = {{.seat = 1, .player = "Ben", .from = 20, .by_roll = 2}}},
            "Ana rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 2: 12 to 20 via ladder "
            "14-20, sends Ben back to 0");
        REQUIRE(game.positions() == std::vector<Square>{20, 0});
    } else {
        REQUIRE(line(game.play_turn()) == "Ana rolls 6: 0 to 6, rolls 2: 6 to 14 via ladder 8-14");
        REQUIRE(line(game.play_turn()) ==
                "Ben rolls 6: 0 to 6, rolls 2: 6 to 14 via ladder 8-14, sends Ana back to 0");
        REQUIRE(game.positions() == std::vector<Square>{0, 14});
        // Ana lands on Ben's square, 14, but its ladder takes her on to 20: Ben stays.
        REQUIRE(line(game.play_turn()) ==
                "Ana rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 2: 12 to 20 via ladder 14-20");
        REQUIRE(game.positions() == std::vector<Square>{20, 14});
    }
    require_follows_rules(game);
}

// --- Construction checks ------------------------------------------------------------------------

namespace {
// A die that says it has six faces but never rolls a six (its odds say so).
struct NoSixes {
    int next = 0;
    int roll() { return 1 + (next++ % 5); }
    [[nodiscard]] static int min_roll() { return 1; }
    [[nodiscard]] static int max_roll() { return 6; }
    [[nodiscard]] std::span<const double> face_probabilities() const { return odds; }
    static constexpr std::array<double, 7> odds{0.0, 0.2, 0.2, 0.2, 0.2, 0.2, 0.0};
};
static_assert(DiceWithOdds<NoSixes>);
} // namespace

TEST_CASE("House rules refuse dice that would stop every token for good") {
    SECTION("six to start with dice that never roll their maximum") {
        REQUIRE_THROWS_AS(Game(classic(), NoSixes{}, {"Ana", "Ben"}, SixToStart{}), InvalidConfig);
        REQUIRE_THROWS_WITH(Game(classic(), NoSixes{}, {"Ana", "Ben"}, SixToStart{}),
                            "under the six-to-start house rule a token needs a roll of 6 to "
                            "start, which these dice never roll");
        // The same dice are fine without the rule.
        REQUIRE_NOTHROW(Game(classic(), NoSixes{}, {"Ana", "Ben"}));
        REQUIRE_NOTHROW(Game(classic(), NoSixes{}, {"Ana", "Ben"}, ExtraTurnOnMax<3>{}));
    }
    SECTION("extra turns with a die whose every roll is its maximum") {
        using Config = GameConfig<OvershootWins, RejectChains, ExtraTurnOnMax<3>>;
        const Board<Config> board(std::vector<Jump>{}, {.size = 10});
        const ExtraTurnOnMax<3> rule;
        REQUIRE_THROWS_AS(Game(board, LoadedDice<>::seeded(1, {1}), {"Ana", "Ben"}, rule),
                          InvalidConfig);
        REQUIRE_THROWS_WITH(Game(board, LoadedDice<>::seeded(1, {1}), {"Ana", "Ben"}, rule),
                            "every roll of these dice is 1, their maximum, so under house rule "
                            "ExtraTurnOnMax<3> every turn would be forfeited after 3 of them");
        using Chosen = GameConfig<OvershootWins, RejectChains, ChosenHouseRules>;
        const Board<Chosen> chosen(std::vector<Jump>{}, {.size = 10});
        REQUIRE_THROWS_WITH(Game(chosen, LoadedDice<>::seeded(1, {1}), {"Ana", "Ben"},
                                 ChosenHouseRules({.forfeit_streak = 2})),
                            SL_CONTAINS("forfeited after 2 of them"));
        // A die of three faces that only ever shows its top face is refused the same way.
        REQUIRE_THROWS_WITH(Game(board, LoadedDice<>::seeded(1, {0, 0, 1}), {"Ana", "Ben"}, rule),
                            SL_CONTAINS("every roll of these dice is 3"));
        // Without the rule, a one-faced die is a slow but sound game.
        using Plain = GameConfig<OvershootWins>;
        REQUIRE_NOTHROW(Game(Board<Plain>(std::vector<Jump>{}, Plain({.size = 10})),
                             LoadedDice<>::seeded(1, {1}), {"Ana", "Ben"}));
    }
    SECTION("scripted dice are not checked: the script says which rolls come") {
        using Config = GameConfig<OvershootWins, RejectChains, ExtraTurnOnMax<3>>;
        auto game = scripted({}, Config({.size = 10}), {1, 1, 1}, {"Ana", "Ben"}, 1);
        REQUIRE(line(game.play_turn()) ==
                "Ana rolls 1: 0 to 1, rolls 1: 1 to 2, rolls 1: forfeits the turn, back to 0");
        REQUIRE_THROWS_AS(game.play_turn(), DiceExhausted);
    }
}

TEST_CASE("House rules refuse a board on which whole turns can trap a token") {
    using Config = GameConfig<ExactFinish, RejectChains, ChosenHouseRules>;
    const Board<Config> board(std::vector<Jump>{{3, 20}, {10, 5}, {12, 5}}, {.size = 30});
    const auto coin = FairDice<>::seeded(1, {.sides = 2});
    const std::vector<std::int64_t> one_two{1, 2};
    // Roll by roll nothing traps a token: from 9 a 2 reaches 11, and from 11 a 2 reaches 13.
    REQUIRE(board.traps(one_two).empty());

    SECTION("the second maximum in a row forfeits: squares 5 to 9 are a cage") {
        // Worked out by hand, rolls 1 and 2, a 2 rolling again and the second 2 forfeiting:
        // from 9 a 1 lands on the snake 10 -> 5, and a 2 reaches 11, where the next roll takes
        // the snake 12 -> 5 or forfeits back to 9; from 8 a 1 reaches 9, and a 2 the snake to 5.
        // So turns from 5..9 end on 5..9 only. Square 2 reaches the cage (2 then 1: 4, 5), and
        // 0 can go round it (2 then 1: the ladder 3 -> 20), so home is still in reach from 0.
        const ChosenHouseRules forfeit({.forfeit_streak = 2});
        const std::string expected =
            "with rolls of 1 to 2 under ExactFinish and house rules ExtraTurnOnMax<2>, a token "
            "can reach squares 5, 6, 7, 8, 9 but can never get home (square 30) from there, so "
            "the game might never end";
        const auto game = [&] {
            return Game<FairDice<>, Config>(board, coin, {"A", "B"}, forfeit);
        };
        CHECK_THROWS_AS(game(), InvalidConfig);
        CHECK_THROWS_WITH(game(), expected);
        CHECK(describe_traps(board, coin, forfeit) ==
              "squares 5, 6, 7, 8 and 9 are traps: a token can reach them from the start, but "
              "from them home can never be reached with rolls {1, 2} under house rules "
              "ExtraTurnOnMax<2>");
        CHECK_THROWS_AS(simulate(board, coin, forfeit, {.games = 10}), InvalidConfig);
        CHECK_THROWS_WITH(simulate(board, coin, forfeit, {.games = 10}),
                          "simulate: the board is refused, as some games would never end: "
                          "squares 5, 6, 7, 8 and 9 are traps: a token can reach them from the "
                          "start, but from them home can never be reached with rolls {1, 2} "
                          "under house rules ExtraTurnOnMax<2>");
        // The analysis finds the same squares, as squares it can never leave.
        const ExpectedTurns turns = expected_turns(board, coin, forfeit);
        CHECK(turns.traps == std::vector<Square>{5, 6, 7, 8, 9});
        CHECK(std::isinf(turns.from_start));
    }
    SECTION("rules that let a token past the snakes are played") {
        // A third maximum forfeits: 9, 2 to 11, 2 to 13 gets by. Six to start and knock-back
        // alone never make a token roll again, and a lone token knocks nobody back.
        for (const HouseRuleSwitches& rules :
             {HouseRuleSwitches{.forfeit_streak = 3}, HouseRuleSwitches{.max_roll_to_start = true},
              HouseRuleSwitches{.knock_back = true}, HouseRuleSwitches{}}) {
            INFO(ChosenHouseRules(rules).name());
            CHECK_NOTHROW(
                Game<FairDice<>, Config>(board, coin, {"Ana", "Ben"}, ChosenHouseRules(rules)));
            CHECK(describe_traps(board, coin, ChosenHouseRules(rules))
                      .starts_with("no square is a trap"));
        }
    }
    SECTION("a board that fails the quick proof but has no trap: every turn is followed") {
        // A ladder 7 -> 25 inside the cage: from 9 no turn ends higher (so the quick proof,
        // from the top down, fails there), but from 5 a 2 climbs the ladder, so every square
        // gets home and the game is played.
        const Board<Config> open(std::vector<Jump>{{3, 20}, {10, 5}, {12, 5}, {7, 25}},
                                 {.size = 30});
        const ChosenHouseRules forfeit({.forfeit_streak = 2});
        CHECK_NOTHROW(Game<FairDice<>, Config>(open, coin, {"Ana", "Ben"}, forfeit));
        CHECK(describe_traps(open, coin, forfeit).starts_with("no square is a trap"));
        const ExpectedTurns turns = expected_turns(open, coin, forfeit);
        CHECK(turns.traps.empty());
        CHECK(std::isfinite(turns.from_start));
    }
    SECTION("every roll is followed as itself, even past twice the board's size") {
        // 100 faces on 30 squares under BounceBack: a 75 starts a token (it bounces onto
        // square 1), so the game is played, though rolls of 60 and more all move alike.
        using Bounce = GameConfig<BounceBack, RejectChains, StartingRolls>;
        const Board<Bounce> plain(std::vector<Jump>{}, {.size = 30});
        const StartingRolls start{75};
        CHECK_NOTHROW(Game<FairDice<>, Bounce>(plain, FairDice<>::seeded(1, {.sides = 100}),
                                               {"Ana", "Ben"}, start));
        // Dice too large to list on the board: the rolls that matter (up to BounceBack's
        // alike_from, 2 * size - 1)
        // stand for the rest, and the maximum is followed as itself. 65,536 faces on 3,000
        // squares would be more moves than max_trap_moves; INT_MAX faces cannot be listed.
        const Board<Bounce> wide(std::vector<Jump>{}, {.size = 3000});
        CHECK_NOTHROW(Game<FairDice<>, Bounce>(wide, FairDice<>::seeded(1, {.sides = 65536}),
                                               {"A", "B"}, StartingRolls{1}));
        CHECK_NOTHROW(Game<FairDice<>, Bounce>(plain, FairDice<>::seeded(1, {.sides = INT_MAX}),
                                               {"A", "B"}, StartingRolls{1}));
        // Loaded dice of faces 1 and 100 never roll a 60, which moves a token as a 100 does:
        // with 60 to start, no token ever starts.
        std::vector<std::int64_t> odds(100, 0);
        odds.front() = 1;
        odds.back() = 1;
        const auto loaded = [&] {
            return Game<LoadedDice<>, Bounce>(plain, LoadedDice<>::seeded(1, odds), {"A", "B"},
                                              StartingRolls{60});
        };
        CHECK_THROWS_AS(loaded(), InvalidConfig);
        CHECK_THROWS_WITH(loaded(), "home (square 30) can never be reached from the start with "
                                    "rolls of 1, 100 under BounceBack and house rules "
                                    "StartingRolls{60}");
    }
    SECTION("a board no token can ever finish (found by the fuzzer)") {
        // Rolls 1 and 2, a second 2 forfeiting: the only way past the snake 25 -> 20 is a 2 from
        // 24 onto 26, where the next roll takes the snake 27 -> 1 or forfeits back to 24. So no
        // turn ends above 24, and home (30) is out of reach from every square, the start too.
        // Before, the game was built, and play() ran until memory ran out.
        const Board<Config> trap(std::vector<Jump>{{4, 14}, {25, 20}, {17, 7}, {27, 1}},
                                 {.size = 30});
        REQUIRE(trap.traps(one_two).empty());
        const ChosenHouseRules rules({.forfeit_streak = 2, .knock_back = true});
        const auto game = [&] {
            return Game<FairDice<>, Config>(trap, coin, {"A", "B", "C", "D", "E"}, rules);
        };
        CHECK_THROWS_AS(game(), InvalidConfig);
        CHECK_THROWS_WITH(game(), "home (square 30) can never be reached from the start with "
                                  "rolls of 1 to 2 under ExactFinish and house rules "
                                  "ExtraTurnOnMax<2> + KnockBack");
    }
}

TEST_CASE("KnockBack on a board that funnels every token onto one square: the turn limit ends it") {
    // No lone token is trapped here, so the game is built; but with a coin both rolls from 0
    // take a ladder to 5, where the token already there is sent back to 0. Every turn is the
    // same, and no token ever leaves 5 before it is sent back: the race never ends, which the
    // check does not examine (README, House rules), and the turn limit ends it.
    using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
    const Board<Config> board(std::vector<Jump>{{1, 5}, {2, 5}}, {.size = 10, .turn_limit = 100});
    Game<FairDice<>, Config> game(board, FairDice<>::seeded(7, {.sides = 2}), {"Ana", "Ben"});
    const GameResult result = game.play();
    CHECK(result.status == GameStatus::turn_limit_reached);
    CHECK(result.turns == 100);
    CHECK(game.positions() == std::vector<Square>{0, 5}); // Ben played turn 100
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(records.size() == 100);
    for (const TurnRecord& record : records) {
        INFO("turn " << record.turn);
        const std::size_t other = 1 - record.seat;
        CHECK(record.seat == (record.turn - 1) % 2);
        CHECK(record.start == 0);
        CHECK(record.end == 5);
        CHECK(record.jumps == JumpPath{Jump{static_cast<Square>(record.roll), 5}});
        if (record.turn == 1) {
            CHECK(record.knocked_back.empty());
        } else {
            REQUIRE(record.knocked_back.size() == 1);
            CHECK(record.knocked_back.front().seat == other);
            CHECK(record.knocked_back.front().from == 5);
        }
    }
}

// --- Run-time switches --------------------------------------------------------------------------

namespace {
template <class House>
std::vector<TurnRecord> seeded_records(const House& house, std::uint64_t seed, bool play_to_last) {
    using Config = GameConfig<BounceBack, RejectChains, House>;
    Game<FairDice<>, Config, NullMutex> game(
        classic(GameConfig<BounceBack>({.play_to_last = play_to_last})), FairDice<>::seeded(seed),
        {"Ana", "Ben", "Cy"}, house);
    (void)game.play();
    require_follows_rules(game);
    return game.records();
}

template <class House>
void require_same_games(const HouseRuleSwitches& switches) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const bool to_last = seed % 2 == 0;
        INFO("seed " << seed);
        REQUIRE(seeded_records(ChosenHouseRules(switches), seed, to_last) ==
                seeded_records(House{}, seed, to_last));
    }
}
} // namespace

TEST_CASE("ChosenHouseRules plays exactly as the compile-time rules it switches on") {
    require_same_games<NoHouseRules>({});
    require_same_games<ExtraTurnOnMax<3>>({.forfeit_streak = 3});
    require_same_games<ExtraTurnOnMax<2>>({.forfeit_streak = 2});
    require_same_games<SixToStart>({.max_roll_to_start = true});
    require_same_games<KnockBack>({.knock_back = true});
    require_same_games<HouseRules<ExtraTurnOnMax<3>, KnockBack>>(
        {.forfeit_streak = 3, .knock_back = true});
    require_same_games<HouseRules<SixToStart, ExtraTurnOnMax<4>, KnockBack>>(
        {.forfeit_streak = 4, .max_roll_to_start = true, .knock_back = true});
    // And with no rule switched on, as the standard game does.
    REQUIRE(seeded_records(ChosenHouseRules{}, 7, true) == seeded_records(HouseRules<>{}, 7, true));
}

// --- Seeded games, checked against the rules ----------------------------------------------------

namespace {
// Plays the game of `seed` under `Config` on `board` with `house` to its end, and checks it roll
// by roll.
template <class Config, class BoardType>
void require_seeded_game_follows_rules(const BoardType& board, std::uint64_t seed,
                                       const ChosenHouseRules& house,
                                       std::vector<std::string> players) {
    Game<FairDice<>, Config, NullMutex> game(board, FairDice<>::seeded(seed), std::move(players),
                                             house);
    REQUIRE(game.play().status == GameStatus::finished);
    require_follows_rules(game);
}
} // namespace

TEMPLATE_TEST_CASE("Seeded games under every overshoot rule, chain rule and house-rule set "
                   "follow the rules roll by roll",
                   "", ExactFinish, BounceBack, OvershootWins) {
    const HouseRuleSwitches switches = GENERATE(values<HouseRuleSwitches>({
        {.forfeit_streak = 3},
        {.forfeit_streak = 2, .knock_back = true},
        {.max_roll_to_start = true},
        {.knock_back = true},
        {.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true},
    }));
    const ChosenHouseRules house(switches);
    // Chains for FollowChains and SingleJump (ladder 3-12-25, snake 30-12, snake 47-20-33).
    const std::vector<Jump> chained{{3, 12},  {12, 25}, {30, 12}, {47, 20},
                                    {20, 33}, {6, 17},  {44, 9}};
    using Reject = GameConfig<TestType, RejectChains, ChosenHouseRules>;
    using Follow = GameConfig<TestType, FollowChains, ChosenHouseRules>;
    using Single = GameConfig<TestType, SingleJump, ChosenHouseRules>;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        INFO("house rules " << house.name() << ", seed " << seed);
        const GameSettings settings{.size = 50, .play_to_last = seed % 2 == 1};
        require_seeded_game_follows_rules<Reject>(
            classic(GameConfig<TestType>({.play_to_last = settings.play_to_last})), seed, house,
            {"Ana", "Ben", "Cy", "Di"});
        require_seeded_game_follows_rules<Follow>(Board<Follow>(chained, settings), seed, house,
                                                  {"Ana", "Ben", "Cy"});
        require_seeded_game_follows_rules<Single>(Board<Single>(chained, settings), seed, house,
                                                  {"Ana", "Ben", "Cy"});
    }
}

TEST_CASE("Seeded games: the frequencies the house rules imply") {
    // Two players on the classic board, 1,000 seeded games each: tens of thousands of turns, so
    // a frequency p is measured to about sqrt(p (1 - p) / turns); each tolerance below is at
    // least four such standard deviations, and the seeds make the outcome fixed anyway.
    constexpr std::uint64_t games = 1000;
    SECTION("ExtraTurnOnMax<3>: a sixth of turns roll again, 1 in 216 is forfeited") {
        using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
        RuleCounts counts;
        for (std::uint64_t seed = 1; seed <= games; ++seed) {
            Game<FairDice<>, Config, NullMutex> game(classic(), FairDice<>::seeded(seed),
                                                     {"Ana", "Ben"});
            (void)game.play();
            require_follows_rules(game, &counts);
            for (const TurnRecord& record : game.records()) {
                if (record.forfeited) { // exactly three sixes, and back to the start
                    REQUIRE(record.rolls() == std::vector<int>{6, 6, 6});
                    REQUIRE(record.end == record.start);
                }
            }
        }
        REQUIRE(counts.turns > 40'000);
        const double extra =
            static_cast<double>(counts.turns_with_extra_rolls) / static_cast<double>(counts.turns);
        const double forfeited =
            static_cast<double>(counts.forfeits) / static_cast<double>(counts.turns);
        const double sixes =
            static_cast<double>(counts.maximum_rolls) / static_cast<double>(counts.rolls);
        // About 44,000 turns: one standard deviation is 0.0018 for a sixth and 0.00033 for
        // 1/216. A first roll of six grants another unless it brings the token home, which
        // happens in at most one turn a game (a bias below 0.004).
        REQUIRE(extra == Approx(1.0 / 6).margin(0.008));
        REQUIRE(forfeited == Approx(1.0 / 216).margin(0.0015));
        REQUIRE(sixes == Approx(1.0 / 6).margin(0.008));
        REQUIRE(counts.forfeits > 0);
    }
    SECTION("SixToStart: five in six turns on square 0 wait") {
        using Config = GameConfig<ExactFinish, RejectChains, SixToStart>;
        RuleCounts counts;
        for (std::uint64_t seed = 1; seed <= games; ++seed) {
            Game<FairDice<>, Config, NullMutex> game(classic(), FairDice<>::seeded(seed),
                                                     {"Ana", "Ben"});
            (void)game.play();
            require_follows_rules(game, &counts);
        }
        REQUIRE(counts.turns_from_start > 10'000); // one standard deviation: 0.0035
        const double waits =
            static_cast<double>(counts.waits) / static_cast<double>(counts.turns_from_start);
        REQUIRE(waits == Approx(5.0 / 6).margin(0.015));
    }
    SECTION("KnockBack: tokens are sent back, and never share a square on the track") {
        using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
        RuleCounts counts;
        for (std::uint64_t seed = 1; seed <= games; ++seed) {
            Game<FairDice<>, Config, NullMutex> game(classic(), FairDice<>::seeded(seed),
                                                     {"Ana", "Ben", "Cy"});
            (void)game.play();
            // The checker fails a game in which two tokens share a square other than 0 and home.
            require_follows_rules(game, &counts);
        }
        REQUIRE(counts.knock_backs > games);
    }
}

// --- Threads ------------------------------------------------------------------------------------

// --- Errors in the middle of a turn -------------------------------------------------------------

TEST_CASE("A house-rule turn that fails after some of its rolls changes nothing, dice included") {
    using Config = GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    const Config config({.size = 30});
    auto game = scripted({}, config, {2, 6, 2, 6});
    auto reference = scripted({}, config, {2, 6, 2, 6});
    for (int turn = 0; turn < 2; ++turn) {
        (void)game.play_turn();
        (void)reference.play_turn();
    }
    REQUIRE(line(*game.last_record()) == "Ben rolls 6: 0 to 6, rolls 2: 6 to 8");
    REQUIRE(game.positions() == std::vector<Square>{2, 8});
    // Ana rolls a six (2 -> 8, where Ben is), is owed another roll, and the dice have none: Ben
    // is not sent back, Ana has not moved, and the six is back in the dice.
    REQUIRE_THROWS_AS(game.play_turn(), DiceExhausted);
    REQUIRE(game == reference); // ScriptedDice compare their position too
    REQUIRE(game.positions() == std::vector<Square>{2, 8});
    REQUIRE(game.dice().used() == 3);
    REQUIRE(game.current_player() == "Ana");
    REQUIRE(game.turns() == 2);
}

TEST_CASE("An observer that throws during a house-rule turn: the turn and its knock-backs stand") {
    using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
    auto game = scripted({}, Config({.size = 30}), {4, 4}, {"Ana", "Ben"});
    std::vector<GameEvent> told;
    const Subscription failing = game.subscribe(
        [](const TokenSentBack& /*event*/) { throw std::runtime_error("observer failed"); });
    const Subscription recording =
        game.subscribe([&](const GameEvent& event) { told.push_back(event); });
    (void)game.play_turn();
    REQUIRE_THROWS_WITH(game.play_turn(), "observer failed");
    REQUIRE(game.positions() == std::vector<Square>{0, 4});
    REQUIRE(game.turns() == 2);
    REQUIRE(told.size() == 4); // GameStarted, TurnPlayed, TurnPlayed, TokenSentBack
    REQUIRE(told.back() == GameEvent{TokenSentBack{2, 0, "Ana", 4, 1, "Ben"}});
}
