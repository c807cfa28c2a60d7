// Saved games: the document of a scripted game line by line, round trips at several points of
// seeded games under every overshoot and chain rule, house rules (fixed and chosen at run time),
// play_to_last and turn limits, names of any bytes, the engine's state, and corrupted documents
// each refused with the line, column and turn it names.
#include "catch.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// --- A scripted game whose document is known line by line ----------------------------------------
// Size 20, ladder 8-16, snake 17-5; exact finish; an extra roll on a six (the third six in a row
// forfeits), a six to start, knock-back. Every house rule shows up in its eleven turns.
using ScriptedConfig =
    GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>;
using ScriptedGame = Game<ScriptedDice, ScriptedConfig, NullMutex>;

const std::vector<int> script = {4,       // Ana waits
                                 6, 6, 6, // Ben: 0 to 6 to 12, forfeits, back to 0
                                 6, 3,    // Ana: 0 to 6 to 9
                                 6, 3,    // Ben: 0 to 6 to 9, sends Ana back
                                 6, 6, 2, // Ana: 0 to 6 to 12 to 14
                                 5,       // Ben: 9 to 14, sends Ana back
                                 1,       // Ana waits
                                 3,       // Ben: 14 to 17, snake to 5
                                 6, 2,    // Ana: 0 to 6 to 8, ladder to 16
                                 4,       // Ben: 5 to 9
                                 6, 4};   // Ana: 16, a six is blocked, then 4 home

Board<ScriptedConfig> small_board() {
    return Board<ScriptedConfig>(std::vector<Jump>{{8, 16}, {17, 5}},
                                 ScriptedConfig(GameSettings{.size = 20}));
}

ScriptedGame scripted_game() {
    return ScriptedGame(small_board(), ScriptedDice::with_faces(6, script), {"Ana", "Ben"});
}

// The dice of a game loaded from the scripted game's document: a six-sided script, positioned
// after the first `used` rolls, so it is the original game's dice at that point.
ScriptedDice dice_after(std::size_t used) {
    ScriptedDice dice = ScriptedDice::with_faces(6, script);
    for (std::size_t i = 0; i < used; ++i) {
        (void)dice.roll();
    }
    return dice;
}

const std::string scripted_document = R"(snakeladder saved game 1
overshoot ExactFinish
chains RejectChains
forfeit_streak 3
max_roll_to_start true
knock_back true
min_players 2
max_players 8
play_to_last false
turn_limit none
min_roll 1
max_roll 6
engine none
board
size 20
ladder 8-16
snake 17-5
end board
player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 4: 0 waits
turn 2 seat 1 | 6: 0 to 6 | 6: 6 to 12 | 6: 12 forfeits to 0
turn 3 seat 0 | 6: 0 to 6 | 3: 6 to 9
turn 4 seat 1 | 6: 0 to 6 | 3: 6 to 9 sends 0
turn 5 seat 0 | 6: 0 to 6 | 6: 6 to 12 | 2: 12 to 14
turn 6 seat 1 | 5: 9 to 14 sends 0
turn 7 seat 0 | 1: 0 waits
turn 8 seat 1 | 3: 14 to 5
turn 9 seat 0 | 6: 0 to 6 | 2: 6 to 16
turn 10 seat 1 | 4: 5 to 9
turn 11 seat 0 | 6: 16 blocked | 4: 16 to 20
end
)";

// --- Editing documents --------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) {
        text += line + "\n";
    }
    return text;
}

// The document with 1-based line `number` replaced by `line`.
std::string with_line(const std::string& text, std::size_t number, const std::string& line) {
    std::vector<std::string> lines = lines_of(text);
    REQUIRE(number >= 1);
    REQUIRE(number <= lines.size());
    lines[number - 1] = line;
    return joined(lines);
}

std::string without_line(const std::string& text, std::size_t number) {
    std::vector<std::string> lines = lines_of(text);
    REQUIRE(number >= 1);
    REQUIRE(number <= lines.size());
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(number - 1));
    return joined(lines);
}

std::string with_line_before(const std::string& text, std::size_t number, const std::string& line) {
    std::vector<std::string> lines = lines_of(text);
    REQUIRE(number >= 1);
    REQUIRE(number <= lines.size() + 1);
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(number - 1), line);
    return joined(lines);
}

// The ParseError a load of `text` throws (the test fails if it throws anything else or nothing).
template <class GameType>
ParseError refusal(const std::string& text, typename GameType::dice_type dice,
                   const SavedGameLimits& limits = {}) {
    try {
        (void)load_game<GameType>(text, std::move(dice), limits);
    } catch (const ParseError& error) {
        return error;
    }
    FAIL("the document was loaded, but it should have been refused:\n" << text);
    return {0, 0, ""};
}

struct Expected {
    std::size_t line;
    std::size_t column;
    std::string message; // a part of what(), after "line L, column C: "
};

template <class GameType = ScriptedGame>
void check_refused(const std::string& text, const Expected& expected,
                   typename GameType::dice_type dice = ScriptedDice::with_faces(6, {}),
                   const SavedGameLimits& limits = {}) {
    const ParseError error = refusal<GameType>(text, std::move(dice), limits);
    INFO(error.what());
    CHECK(error.line() == expected.line);
    CHECK(error.column() == expected.column);
    const std::string prefix = fmt::format("line {}, column {}: ", expected.line, expected.column);
    CHECK_THAT(error.what(), SL_CONTAINS(prefix + expected.message));
}

} // namespace

TEST_CASE("a saved game is a document: the settings, the board, the players and every roll",
          "[saved_game]") {
    ScriptedGame game = scripted_game();
    REQUIRE(save_game(game) == joined({"snakeladder saved game 1",
                                       "overshoot ExactFinish",
                                       "chains RejectChains",
                                       "forfeit_streak 3",
                                       "max_roll_to_start true",
                                       "knock_back true",
                                       "min_players 2",
                                       "max_players 8",
                                       "play_to_last false",
                                       "turn_limit none",
                                       "min_roll 1",
                                       "max_roll 6",
                                       "engine none",
                                       "board",
                                       "size 20",
                                       "ladder 8-16",
                                       "snake 17-5",
                                       "end board",
                                       R"(player 0 "Ana")",
                                       R"(player 1 "Ben")",
                                       "end"}));

    const GameResult result = game.play();
    CHECK(result.winner == "Ana");
    CHECK(result.turns == 11);
    CHECK(save_game(game) == scripted_document);

    // The records the document was written from, as the game prints them.
    const std::vector<TurnRecord> records = game.records();
    CHECK(fmt::format("{}", records[1]) ==
          "Ben rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: forfeits the turn, back to 0");
    CHECK(fmt::format("{}", records[3]) == "Ben rolls 6: 0 to 6, rolls 3: 6 to 9, sends Ana back "
                                           "to 0");
    CHECK(fmt::format("{}", records[10]) ==
          "Ana rolls 6, needs exactly 4, stays on 16, rolls 4: 16 to 20 and is home (1st)");

    const auto loaded = load_game<ScriptedGame>(scripted_document, dice_after(19));
    CHECK(loaded == game);
    CHECK(loaded.records() == records);
    CHECK(loaded.result() == result);
}

TEST_CASE("a loaded game continues exactly as the saved one, at every turn of the script",
          "[saved_game]") {
    ScriptedGame reference = scripted_game();
    (void)reference.play();
    const std::vector<TurnRecord> all = reference.records();
    std::size_t used = 0;
    for (std::size_t turns = 0; turns <= all.size(); ++turns) {
        INFO("after " << turns << " turns");
        ScriptedGame game = scripted_game();
        for (std::size_t t = 0; t < turns; ++t) {
            (void)game.play_turn();
        }
        const std::string text = save_game(game);
        auto loaded = load_game<ScriptedGame>(text, dice_after(used));
        CHECK(loaded == game);
        CHECK(save_game(loaded) == text);
        if (turns < all.size()) {
            (void)loaded.play();
            CHECK(loaded.records() == all);
            CHECK(loaded == reference);
            used += all[turns].rolls().size();
        }
    }
}

namespace {

// Plays `make(seed)` to the end to learn its length, then, at several points of it, saves the game,
// loads the document with `fresh` dice, and checks that the loaded game equals the saved one,
// writes the same document, and plays on to exactly the same end.
template <class GameType, class Make>
void check_round_trips(Make make, const typename GameType::dice_type& fresh, int seeds) {
    const auto finish = [](GameType& game) {
        const GameStatus status = game.status();
        if (status == GameStatus::not_started || status == GameStatus::in_progress) {
            (void)game.play();
        }
    };
    for (int seed = 1; seed <= seeds; ++seed) {
        GameType reference = make(static_cast<std::uint64_t>(seed));
        finish(reference);
        const std::uint64_t length = reference.turns();
        REQUIRE(length > 0);
        for (const std::uint64_t cut :
             {std::uint64_t{0}, std::uint64_t{1}, length / 3, 2 * length / 3, length}) {
            INFO("seed " << seed << ", saved after " << cut << " of " << length << " turns");
            GameType game = make(static_cast<std::uint64_t>(seed));
            for (std::uint64_t t = 0; t < cut; ++t) {
                (void)game.play_turn();
            }
            const std::string text = save_game(game);
            auto loaded = load_game<GameType>(text, fresh);
            CHECK(loaded == game);
            CHECK(save_game(loaded) == text);
            CHECK(loaded.result() == game.result());
            finish(game);
            finish(loaded);
            CHECK(loaded == game);
            CHECK(loaded == reference);
            CHECK(loaded.records() == reference.records());
        }
    }
}

// A board whose jumps lead onto other jumps: ladder 3-20 then 20-33, snake 45-20 (then up to 33),
// ladder 10-27, snake 58-40.
template <class Config>
Board<Config> chained_board(GameSettings settings = {}) {
    settings.size = 60;
    return Board<Config>(std::vector<Jump>{{3, 20}, {20, 33}, {45, 20}, {10, 27}, {58, 40}},
                         Config(settings));
}

const std::vector<std::string> four = {"Ana", "Ben", "Cy", "Dee"};

template <class Config, class Dice = FairDice<>>
using FastGame = Game<Dice, Config, NullMutex>;

} // namespace

TEST_CASE("round trips under all three overshoot rules and all three chain rules", "[saved_game]") {
    constexpr int seeds = 12;
    SECTION("ExactFinish, RejectChains, on the classic board") {
        using C = GameConfig<ExactFinish, RejectChains>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(classic(C()), FairDice<>::seeded(seed), four);
            },
            FairDice<>(), seeds);
    }
    SECTION("BounceBack, FollowChains, play_to_last") {
        using C = GameConfig<BounceBack, FollowChains>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(chained_board<C>({.play_to_last = true}),
                                   FairDice<>::seeded(seed), four);
            },
            FairDice<>(), seeds);
    }
    SECTION("OvershootWins, SingleJump, two dice") {
        using C = GameConfig<OvershootWins, SingleJump>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(chained_board<C>(), FairDice<>::seeded(seed, 6, 2), four);
            },
            FairDice<>(6, 2), seeds);
    }
    SECTION("ExactFinish, FollowChains, a SplitMix64 engine, a turn limit") {
        using C = GameConfig<ExactFinish, FollowChains>;
        using D = FairDice<SplitMix64>;
        check_round_trips<FastGame<C, D>>(
            [](std::uint64_t seed) {
                return FastGame<C, D>(chained_board<C>({.turn_limit = 25}), D::seeded(seed),
                                      {"Ana", "Ben"});
            },
            D(), seeds);
    }
    SECTION("BounceBack, RejectChains, loaded dice, the default mutex") {
        using C = GameConfig<BounceBack>;
        using G = Game<LoadedDice<>, C>;
        const std::vector<std::int64_t> weights = {1, 1, 2, 2, 3, 3};
        check_round_trips<G>(
            [&](std::uint64_t seed) {
                return G(classic(C({.play_to_last = true})), LoadedDice<>::seeded(seed, weights),
                         {"Ana", "Ben", "Cy"});
            },
            LoadedDice<>(weights), seeds);
    }
}

TEST_CASE("round trips under house rules, fixed in the type or chosen at run time",
          "[saved_game]") {
    constexpr int seeds = 12;
    SECTION("extra turns on a six, the third in a row forfeits") {
        using C = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(classic(C()), FairDice<>::seeded(seed), four);
            },
            FairDice<>(), seeds);
    }
    SECTION("six to start, play_to_last") {
        using C = GameConfig<BounceBack, RejectChains, SixToStart>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(classic(C({.play_to_last = true})), FairDice<>::seeded(seed),
                                   four);
            },
            FairDice<>(), seeds);
    }
    SECTION("knock-back, FollowChains") {
        using C = GameConfig<OvershootWins, FollowChains, KnockBack>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(chained_board<C>({.play_to_last = true}),
                                   FairDice<>::seeded(seed), four);
            },
            FairDice<>(), seeds);
    }
    SECTION("all three, the second six in a row forfeits, SingleJump") {
        using C = GameConfig<ExactFinish, SingleJump,
                             HouseRules<ExtraTurnOnMax<2>, SixToStart, KnockBack>>;
        check_round_trips<FastGame<C>>(
            [](std::uint64_t seed) {
                return FastGame<C>(chained_board<C>({.play_to_last = true}),
                                   FairDice<>::seeded(seed), four);
            },
            FairDice<>(), seeds);
    }
    SECTION("ChosenHouseRules, three choices") {
        using C = GameConfig<BounceBack, RejectChains, ChosenHouseRules>;
        for (const HouseRuleSwitches switches :
             {HouseRuleSwitches{.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true},
              HouseRuleSwitches{.forfeit_streak = 2, .knock_back = true}, HouseRuleSwitches{}}) {
            INFO("forfeit_streak " << switches.forfeit_streak << ", max_roll_to_start "
                                   << switches.max_roll_to_start << ", knock_back "
                                   << switches.knock_back);
            check_round_trips<FastGame<C>>(
                [&](std::uint64_t seed) {
                    return FastGame<C>(
                        classic(C({.play_to_last = true}, ChosenHouseRules(switches))),
                        FairDice<>::seeded(seed), four);
                },
                FairDice<>(), seeds);
        }
    }
}

TEST_CASE("a game saved with fixed house rules loads as ChosenHouseRules, and back",
          "[saved_game]") {
    using Fixed = GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    using Chosen = GameConfig<ExactFinish, RejectChains, ChosenHouseRules>;
    FastGame<Fixed> fixed(classic(Fixed()), FairDice<>::seeded(99), four);
    for (int t = 0; t < 40; ++t) {
        (void)fixed.play_turn();
    }
    const std::string text = save_game(fixed);
    auto chosen = load_game<FastGame<Chosen>>(text, FairDice<>());
    CHECK(chosen.config().house_rules().switches() ==
          HouseRuleSwitches{.forfeit_streak = 3, .max_roll_to_start = false, .knock_back = true});
    CHECK(chosen.records() == fixed.records());
    CHECK(save_game(chosen) == text);
    CHECK(load_game<FastGame<Fixed>>(save_game(chosen), FairDice<>()) == fixed);
    (void)fixed.play();
    (void)chosen.play();
    CHECK(chosen.records() == fixed.records());
}

TEST_CASE("names of any bytes come back exactly", "[saved_game]") {
    using C = GameConfig<>;
    const std::vector<std::string> names = {std::string("nul\0inside", 10),
                                            R"("quoted" and \backslashed\)",
                                            "line\nbreak\r\n",
                                            "\xff\xfe not UTF-8 \xc3",
                                            "  spaces and\ttabs  ",
                                            "Jos\xc3\xa9",
                                            std::string(1, '\x7f'),
                                            "x"};
    FastGame<C> game(classic(C()), FairDice<>::seeded(3), names);
    for (int t = 0; t < 20; ++t) {
        (void)game.play_turn();
    }
    const std::string text = save_game(game);
    CHECK_THAT(text, SL_CONTAINS(R"(player 0 "nul\x00inside")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 1 "\"quoted\" and \\backslashed\\")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 2 "line\x0abreak\x0d\x0a")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 3 "\xff\xfe not UTF-8 \xc3")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 4 "  spaces and\x09tabs  ")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 5 "Jos\xc3\xa9")"));
    CHECK_THAT(text, SL_CONTAINS(R"(player 6 "\x7f")"));
    const auto loaded = load_game<FastGame<C>>(text, FairDice<>());
    CHECK(loaded.players() == names);
    CHECK(loaded == game);

    // Written by hand: upper-case hex digits, and bytes above 0x7f as they are, read the same.
    const std::size_t first_player = 36;
    REQUIRE(lines_of(text)[first_player - 1] == R"(player 0 "nul\x00inside")");
    const std::string by_hand = with_line(text, first_player + 5, "player 5 \"Jos\\xC3\xa9\"");
    CHECK(load_game<FastGame<C>>(by_hand, FairDice<>()) == game);
    const std::string bad_escape =
        with_line(text, first_player + 4, R"(player 4 "  spaces and\X09tabs  ")");
    CHECK(refusal<FastGame<C>>(bad_escape, FairDice<>()).line() == first_player + 4);
}

TEST_CASE("the engine's state is saved, so the loaded dice roll on as the saved ones",
          "[saved_game]") {
    using C = GameConfig<>;
    FastGame<C> game(classic(C()), FairDice<>::seeded(2024), {"Ana", "Ben"});
    for (int t = 0; t < 15; ++t) {
        (void)game.play_turn();
    }
    const std::string text = save_game(game);
    const Xoshiro256::State& state = game.dice().engine().state();
    CHECK_THAT(text, SL_CONTAINS(fmt::format("\nengine Xoshiro256 {} {} {} {}\n", state[0],
                                             state[1], state[2], state[3])));
    const auto loaded = load_game<FastGame<C>>(text, FairDice<>::seeded(77));
    CHECK(loaded.dice().engine() == game.dice().engine());
    FairDice<> ours = game.dice();
    FairDice<> theirs = loaded.dice();
    for (int i = 0; i < 50; ++i) {
        CHECK(ours.roll() == theirs.roll());
    }

    using SplitConfig = GameConfig<BounceBack>;
    using SplitGame = FastGame<SplitConfig, FairDice<SplitMix64>>;
    SplitGame split(classic(SplitConfig()), FairDice<SplitMix64>::seeded(5), {"Ana", "Ben"});
    (void)split.play_turn();
    const std::string split_text = save_game(split);
    CHECK_THAT(split_text,
               SL_CONTAINS(fmt::format("\nengine SplitMix64 {}\n", split.dice().engine().state())));
    CHECK(load_game<SplitGame>(split_text, FairDice<SplitMix64>()) == split);

    // Engine lines that do not fit the dice given.
    const std::size_t engine_line = 13;
    check_refused<FastGame<C>>(
        with_line(text, engine_line, "engine Xoshiro256 0 0 0 0"),
        {engine_line, 19, "an all-zero state is not one a Xoshiro256 engine can be in"},
        FairDice<>());
    check_refused<FastGame<C>>(with_line(text, engine_line, "engine Xoshiro256 1 2 3"),
                               {engine_line, 8,
                                "the state of a Xoshiro256 engine is 4 words, but the document "
                                "gives 3"},
                               FairDice<>());
    check_refused<FastGame<C>>(with_line(text, engine_line, "engine Xoshiro256 1 2 3 4 5"),
                               {engine_line, 27,
                                "the state of a Xoshiro256 engine is 4 words, but the document "
                                "gives 5"},
                               FairDice<>());
    check_refused<FastGame<C>>(with_line(text, engine_line, "engine SplitMix64 5"),
                               {engine_line, 8,
                                "the document holds the state of a SplitMix64 engine, but the "
                                "dice given are driven by a Xoshiro256 engine"},
                               FairDice<>());
    check_refused<FastGame<C>>(with_line(text, engine_line, "engine none"),
                               {engine_line, 8,
                                "the document holds no engine state, but the dice given are "
                                "driven by a Xoshiro256 engine"},
                               FairDice<>());
    check_refused<FastGame<C>>(
        with_line(text, engine_line, "engine Xoshiro256 1 2 3 18446744073709551616"),
        {engine_line, 25,
         "a word of the engine's state is too large: it can be at most "
         "18446744073709551615"},
        FairDice<>());
    check_refused(with_line(scripted_document, engine_line, "engine Xoshiro256 1 2 3 4"),
                  {engine_line, 8,
                   "the document holds the state of a Xoshiro256 engine, but the dice given "
                   "have no engine (expected 'engine none')"});
}

TEST_CASE("line endings: a document with CRLF lines loads, with or without a final newline",
          "[saved_game]") {
    const ScriptedGame game = [] {
        ScriptedGame g = scripted_game();
        (void)g.play();
        return g;
    }();
    std::string crlf;
    for (const char c : scripted_document) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    CHECK(load_game<ScriptedGame>(crlf, dice_after(19)) == game);
    const std::string no_final_newline = scripted_document.substr(0, scripted_document.size() - 1);
    CHECK(load_game<ScriptedGame>(no_final_newline, dice_after(19)) == game);
}

TEST_CASE("malformed documents are refused with the line and column of the mistake",
          "[saved_game]") {
    const std::string& doc = scripted_document;
    SECTION("the header") {
        check_refused("", {1, 1, "the document is empty"});
        check_refused(with_line(doc, 1, "snakeladder saved game 2"),
                      {1, 24,
                       "this is version 2 of the saved-game format; this library reads "
                       "version 1"});
        check_refused(with_line(doc, 1, "snakeladder savegame 1"),
                      {1, 1,
                       "this is not a saved game: the first line must be 'snakeladder saved "
                       "game 1'"});
        check_refused(with_line(doc, 1, "snakeladder saved game 1 extra"),
                      {1, 26, "unexpected 'extra' after the version"});
    }
    SECTION("settings: unknown, repeated, missing, out of range") {
        check_refused(with_line_before(doc, 5, "colour red"), {5, 1, "unknown setting 'colour'"});
        check_refused(with_line(doc, 9, "knock_back true"),
                      {9, 1, "the setting 'knock_back' is given twice (first on line 6)"});
        check_refused(without_line(doc, 10),
                      {13, 1,
                       "the setting 'turn_limit' is missing; every setting comes before "
                       "'board'"});
        check_refused(with_line(doc, 8, "max_players 99999999999"),
                      {8, 13,
                       "the value of 'max_players' is too large: it can be at most "
                       "2147483647"});
        check_refused(with_line(doc, 9, "play_to_last maybe"),
                      {9, 14,
                       "expected 'true' or 'false' for the value of 'play_to_last', "
                       "found 'maybe'"});
        check_refused(with_line(doc, 7, "min_players 0"),
                      {7, 13, "min_players must be at least 1"});
        check_refused(with_line(doc, 7, "min_players -2"),
                      {7, 13,
                       "expected the value of 'min_players' (a whole number), found "
                       "'-2'"});
        check_refused(with_line(doc, 8, "max_players 1"),
                      {8, 13, "max_players (1) is below min_players (2)"});
        check_refused(with_line(doc, 10, "turn_limit 0"),
                      {10, 12, "turn_limit must be at least 1"});
    }
    SECTION("settings the game type or the dice do not have") {
        using Bouncing = Game<ScriptedDice,
                              GameConfig<BounceBack, RejectChains,
                                         HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>,
                              NullMutex>;
        check_refused<Bouncing>(doc, {2, 11,
                                      "the game was saved under the overshoot rule ExactFinish, "
                                      "but this game type plays BounceBack"});
        using Following = Game<ScriptedDice,
                               GameConfig<ExactFinish, FollowChains,
                                          HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>,
                               NullMutex>;
        check_refused<Following>(doc, {3, 8,
                                       "the game was saved under the chain rule RejectChains, but "
                                       "this game type plays FollowChains"});
        using NoSix =
            Game<ScriptedDice,
                 GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>,
                 NullMutex>;
        check_refused<NoSix>(doc, {5, 19,
                                   "the game was saved with max_roll_to_start true, but this game "
                                   "type's house rules have max_roll_to_start false"});
        using Chosen =
            Game<ScriptedDice, GameConfig<ExactFinish, RejectChains, ChosenHouseRules>, NullMutex>;
        check_refused<Chosen>(with_line(doc, 4, "forfeit_streak 1"),
                              {4, 16,
                               "the extra-turn forfeit streak must be 0 (no extra turns) or "
                               "at least 2 maximum rolls in a row, got 1"});
        check_refused(doc,
                      {12, 10,
                       "the game was saved with dice that roll 1 to 6, but the dice given "
                       "roll 1 to 8"},
                      ScriptedDice::with_faces(8, {}));
    }
    SECTION("the board: its own errors, at their place in the document") {
        check_refused(with_line(doc, 17, "snake 5-17"),
                      {17, 7,
                       "snake 5-17 goes up; a snake must go down (did you mean ladder "
                       "5-17?)"});
        check_refused(with_line(doc, 16, "ladder 8-16 extra"),
                      {16, 13, "unexpected 'extra' after the end of the line's entry"});
        check_refused(with_line(doc, 17, "snake 8-3"), {14, 1, "the board is refused: "});
        CHECK_THAT(
            refusal<ScriptedGame>(with_line(doc, 17, "snake 8-3"), ScriptedDice::with_faces(6, {}))
                .what(),
            SL_CONTAINS("8-3") && SL_CONTAINS("8-16"));
        check_refused(doc, {15, 6, "the board has 20 squares, more than the 10 this load allows"},
                      ScriptedDice::with_faces(6, {}), SavedGameLimits{.max_board_size = 10});
        check_refused(without_line(doc, 18),
                      {18, 1,
                       "the board is not closed: expected 'end board' before the first "
                       "player"});
        check_refused(with_line(doc, 18, "end"),
                      {18, 4, "expected 'board', found the end of the line"});
        check_refused(with_line(doc, 14, "board 20"), {14, 7, "unexpected '20' after 'board'"});
    }
    SECTION("players") {
        check_refused(with_line(doc, 19, R"(player 0 "A\qna")"),
                      {19, 12, R"(unknown escape in a player's name: write \", \\ or \xNN)"});
        check_refused(with_line(doc, 19, R"(player 0 "A\x4")"),
                      {19, 12,
                       "\\x in a player's name must be followed by two hexadecimal "
                       "digits"});
        check_refused(with_line(doc, 19, R"(player 0 "Ana)"),
                      {19, 10, "a player's name has no closing '\"' before the end of the line"});
        check_refused(with_line(doc, 19, "player 0 \"A\tna\""),
                      {19, 12,
                       "byte 0x09 cannot stand as it is in a player's name: write it as "
                       "\\x09"});
        check_refused(with_line(doc, 20, R"(player 1 "Ana")"),
                      {20, 1,
                       "players 0 and 1 are both called \"Ana\"; every player needs a "
                       "different name"});
        check_refused(with_line(doc, 20, R"(player 2 "Ben")"),
                      {20, 8, "expected player 1 next, found player 2"});
        check_refused(with_line(doc, 20, R"(player 1 "")"), {20, 10, "player 1 has an empty name"});
        check_refused(without_line(doc, 20),
                      {20, 1, "the game has 1 player, but its settings ask for at least 2"});
        check_refused(with_line(with_line(doc, 7, "min_players 1"), 8, "max_players 1"),
                      {20, 1, "one player too many: the settings allow at most 1"});
    }
    SECTION("truncated documents and text after the end") {
        check_refused(doc.substr(0, doc.find("board\n")),
                      {14, 1, "the document ends before its board: it is cut short"});
        check_refused(doc.substr(0, doc.find("end board")),
                      {18, 1, "the board has no 'end board' line: the document is cut short"});
        check_refused(doc.substr(0, doc.size() - 4),
                      {32, 1, "the document has no 'end' line after its turns: it is cut short"});
        const std::size_t last_turn = doc.find("turn 11");
        check_refused(doc.substr(0, doc.size() - 5),
                      {31, doc.size() - 5 - last_turn + 1,
                       "the document has no 'end' line after its turns: it is cut short"});
        check_refused(doc.substr(0, doc.find(" | 4: 16 to 20")),
                      {31, 18, "turn 11: the turn needs another roll after the 1 given"});
        check_refused(doc + "extra\n",
                      {33, 1, "unexpected text after 'end', the end of the saved game"});
        check_refused(doc + "\n",
                      {33, 1, "unexpected text after 'end', the end of the saved game"});
        check_refused(with_line(doc, 32, "end of it"), {32, 5, "unexpected 'of' after 'end'"});
    }
    SECTION("turn lines that cannot be read") {
        check_refused(with_line(doc, 26, "turn 6 seat 1 | 5: 9 to"),
                      {26, 24,
                       "expected the square the roll ends on (a whole number), found the "
                       "end of the line"});
        check_refused(with_line(doc, 26, "turn 6 seat 1 | 5: 9 goes 14"),
                      {26, 22,
                       "expected 'to', 'blocked', 'waits' or 'forfeits' after the square, "
                       "found 'goes'"});
        check_refused(with_line(doc, 26, "turn 6 seat 1 | 5: 9 to 14 kicks 0"),
                      {26, 28, "expected 'sends', '|' or the end of the line, found 'kicks'"});
        check_refused(with_line(doc, 26, "turn 6 seat 1 5: 9 to 14"),
                      {26, 15, "expected '|' before the next roll, found '5:'"});
        check_refused(with_line(doc, 26, "turn 6 seat 1 | 5: 99999999 to 14"),
                      {26, 20,
                       "the square the roll starts on is too large: it can be at most "
                       "10000000"});
        check_refused(with_line(doc, 26, "move 6 seat 1 | 5: 9 to 14"),
                      {26, 1, "expected 'turn' or 'end', found 'move'"});
    }
}

TEST_CASE("turns that do not follow from the board and the rules are refused, naming the turn",
          "[saved_game]") {
    const std::string& doc = scripted_document;
    // A tampered square: 9 + 5 is 14, not 15.
    check_refused(with_line(doc, 26, "turn 6 seat 1 | 5: 9 to 15 sends 0"),
                  {26, 17,
                   "turn 6: the document says \"5: 9 to 15 sends 0\" for roll 1 of the turn, but "
                   "on this board under these rules it is \"5: 9 to 14 sends 0\""});
    // A tampered start: the turn begins where the token stands.
    check_refused(with_line(doc, 30, "turn 10 seat 1 | 4: 6 to 10"),
                  {30, 18,
                   "turn 10: the document says \"4: 6 to 10\" for roll 1 of the turn, "
                   "but on this board under these rules it is \"4: 5 to 9\""});
    // A missing jump: 14 + 3 lands on the snake 17-5.
    check_refused(with_line(doc, 28, "turn 8 seat 1 | 3: 14 to 17"),
                  {28, 17,
                   "turn 8: the document says \"3: 14 to 17\" for roll 1 of the turn, but "
                   "on this board under these rules it is \"3: 14 to 5\""});
    // A knock-back left out, on the second roll of the turn.
    check_refused(with_line(doc, 24, "turn 4 seat 1 | 6: 0 to 6 | 3: 6 to 9"),
                  {24, 29,
                   "turn 4: the document says \"3: 6 to 9\" for roll 2 of the turn, but "
                   "on this board under these rules it is \"3: 6 to 9 sends 0\""});
    // A blocked move written as a move.
    check_refused(with_line(doc, 31, "turn 11 seat 0 | 6: 16 to 16 | 4: 16 to 20"),
                  {31, 18,
                   "turn 11: the document says \"6: 16 to 16\" for roll 1 of the turn, "
                   "but on this board under these rules it is \"6: 16 blocked\""});
    // A wait that was a move.
    check_refused(with_line(doc, 27, "turn 7 seat 0 | 1: 0 to 1"),
                  {27, 17,
                   "turn 7: the document says \"1: 0 to 1\" for roll 1 of the turn, but "
                   "on this board under these rules it is \"1: 0 waits\""});
    // A roll larger than the dice allow, and one below 1.
    check_refused(with_line(doc, 28, "turn 8 seat 1 | 7: 14 to 5"),
                  {28, 17, "turn 8: roll 7 is larger than the dice allow (1 to 6)"});
    check_refused(with_line(doc, 28, "turn 8 seat 1 | 0: 14 to 14"),
                  {28, 17, "turn 8: roll 0 is smaller than the dice allow (1 to 6)"});
    // A turn out of rotation, and a seat nobody sits in.
    check_refused(with_line(doc, 28, "turn 8 seat 0 | 3: 14 to 5"),
                  {28, 13,
                   "turn 8: seat 0 (\"Ana\") plays out of turn: it is seat 1's turn "
                   "(\"Ben\")"});
    check_refused(with_line(doc, 28, "turn 8 seat 2 | 3: 14 to 5"),
                  {28, 13, "turn 8: there is no seat 2: the game has 2 players (seats 0 to 1)"});
    // Rolls that do not make the turn: a six grants another roll; a four does not.
    check_refused(with_line(doc, 22, "turn 2 seat 1 | 6: 0 to 6 | 6: 6 to 12"),
                  {22, 17, "turn 2: the turn needs another roll after the 2 given"});
    check_refused(with_line(doc, 30, "turn 10 seat 1 | 4: 5 to 9 | 2: 9 to 11"),
                  {30, 18, "turn 10: the turn was over after 1 of the 2 rolls given"});
    // Turns out of order, and a turn after the game was won.
    check_refused(without_line(doc, 23),
                  {23, 6,
                   "expected turn 3, found turn 4 (turns are numbered from 1, without "
                   "gaps)"});
    check_refused(with_line_before(doc, 32, "turn 12 seat 1 | 3: 9 to 12"),
                  {32, 6, "turn 12: the game was already over after 11 turns, won by \"Ana\""});
    // A turn beyond the turn limit.
    check_refused(with_line(doc, 10, "turn_limit 5"),
                  {26, 6, "turn 6: the game had reached its turn limit of 5 turns"});
}

TEST_CASE("a game saved after undo() loads as the game it is now", "[saved_game]") {
    using C = GameConfig<BounceBack, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    FastGame<C> game(classic(C()), FairDice<>::seeded(8), four);
    for (int t = 0; t < 30; ++t) {
        (void)game.play_turn();
    }
    const std::vector<TurnRecord> before = game.records();
    for (int t = 0; t < 5; ++t) {
        (void)game.undo();
    }
    const std::string text = save_game(game);
    REQUIRE(game.turns() == 25);
    CHECK_THAT(text, SL_CONTAINS(fmt::format("\nturn 25 seat {} |", before[24].seat)));
    CHECK_THAT(text, !SL_CONTAINS("\nturn 26 "));
    auto loaded = load_game<FastGame<C>>(text, FairDice<>());
    CHECK(loaded == game);
    CHECK(loaded.records() == std::vector<TurnRecord>(before.begin(), before.begin() + 25));
    // The dice were not rewound by undo(), and the engine's state in the document says so.
    for (int t = 0; t < 10; ++t) {
        CHECK(loaded.play_turn() == game.play_turn());
    }
    CHECK(loaded == game);
}
