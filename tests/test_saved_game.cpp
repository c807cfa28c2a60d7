// Saved games: the document of a scripted game line by line, round trips at several points of
// seeded games under every overshoot and chain rule, house rules (fixed and chosen at run time),
// play_to_last and turn limits, names of any bytes, the engine's state, and corrupted documents
// each refused with the line, column and turn it names.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <initializer_list>
#include <limits>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <string_view>
#include <type_traits>
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
    return Board<ScriptedConfig>(std::vector<Jump>{{8, 16}, {17, 5}}, {.size = 20});
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
house_rules "ExtraTurnOnMax<3> + SixToStart + KnockBack"
forfeit_streak 3
max_roll_to_start true
knock_back true
min_players 2
max_players 8
play_to_last false
turn_limit 4194304
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

using support::Refused;

// A document changed for a test, and the change in words, to name a table's row.
struct Tampered {
    std::string change;
    std::string text;
};

Tampered replaced(const std::string& text, std::size_t number, const std::string& line) {
    return {fmt::format("line {} replaced by '{}'", number, line), with_line(text, number, line)};
}

Tampered removed(const std::string& text, std::size_t number) {
    return {fmt::format("line {} removed", number), without_line(text, number)};
}

Tampered inserted(const std::string& text, std::size_t number, const std::string& line) {
    return {fmt::format("'{}' inserted before line {}", line, number),
            with_line_before(text, number, line)};
}

using Catch::Generators::table;
using Catch::Generators::values;

// load_game<GameType>(text, dice, limits) must refuse `text` as `expected` says.
template <class GameType = ScriptedGame>
void check_refused(const std::string& text, const Refused& expected,
                   const typename GameType::dice_type& dice = ScriptedDice::with_faces(6, {}),
                   const SavedGameLimits& limits = {}) {
    support::check_refused([&] { return load_game<GameType>(text, dice, limits); }, expected);
}

// load_game<GameType>(text, dice, house), with the house rules given, must refuse `text` so.
template <class GameType>
void check_refused_with(const std::string& text, const Refused& expected,
                        const typename GameType::house_rule_policy& house,
                        const typename GameType::dice_type& dice = ScriptedDice::with_faces(6,
                                                                                            {})) {
    support::check_refused([&] { return load_game<GameType>(text, dice, house); }, expected);
}

} // namespace

TEST_CASE("a saved game is a document: the settings, the board, the players and every roll",
          "[saved_game]") {
    ScriptedGame game = scripted_game();
    REQUIRE(save_game(game) ==
            joined({"snakeladder saved game 1",
                    "overshoot ExactFinish",
                    "chains RejectChains",
                    R"(house_rules "ExtraTurnOnMax<3> + SixToStart + KnockBack")",
                    "forfeit_streak 3",
                    "max_roll_to_start true",
                    "knock_back true",
                    "min_players 2",
                    "max_players 8",
                    "play_to_last false",
                    "turn_limit 4194304",
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

TEST_CASE("turn_limit none is no limit, and saves as none", "[saved_game][turn_limit]") {
    // The default is written as its number (above); `none` is UINT64_MAX, both ways.
    const std::string unlimited = with_line(scripted_document, 11, "turn_limit none");
    const auto loaded = load_game<ScriptedGame>(unlimited, dice_after(19));
    CHECK(loaded.config().turn_limit() == std::numeric_limits<std::uint64_t>::max());
    CHECK(save_game(loaded) == unlimited);
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
// loads the document with `load(text)`, and checks that the loaded game equals the saved one,
// writes the same document, and plays on to exactly the same end. Returns the documents of the
// finished games, for the caller to check what they hold.
template <class GameType, class Make, class Load>
std::vector<std::string> check_round_trips_with(Make make, Load load, int seeds) {
    const auto finish = [](GameType& game) {
        const GameStatus status = game.status();
        if (status == GameStatus::not_started || status == GameStatus::in_progress) {
            (void)game.play();
        }
    };
    std::vector<std::string> finished;
    for (int seed = 1; seed <= seeds; ++seed) {
        GameType reference = make(static_cast<std::uint64_t>(seed));
        finish(reference);
        finished.push_back(save_game(reference));
        // Turns played, by record: under MissTurnSquares turns() also counts the turns missed.
        const std::uint64_t length = reference.records().size();
        REQUIRE(length > 0);
        for (const std::uint64_t cut :
             {std::uint64_t{0}, std::uint64_t{1}, length / 3, 2 * length / 3, length}) {
            INFO("seed " << seed << ", saved after " << cut << " of " << length << " turns");
            GameType game = make(static_cast<std::uint64_t>(seed));
            for (std::uint64_t t = 0; t < cut; ++t) {
                (void)game.play_turn();
            }
            const std::string text = save_game(game);
            auto loaded = load(text);
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
    return finished;
}

// As above, loading with `fresh` dice: load_game<GameType>(text, fresh).
template <class GameType, class Make>
void check_round_trips(Make make, const typename GameType::dice_type& fresh, int seeds) {
    (void)check_round_trips_with<GameType>(
        make, [&](const std::string& text) { return load_game<GameType>(text, fresh); }, seeds);
}

// A board whose jumps lead onto other jumps: ladder 3-20 then 20-33, snake 45-20 (then up to 33),
// ladder 10-27, snake 58-40.
template <class Config>
Board<Config> chained_board(GameSettings settings = {}) {
    settings.size = 60;
    return Board<Config>(std::vector<Jump>{{3, 20}, {20, 33}, {45, 20}, {10, 27}, {58, 40}},
                         settings);
}

const std::vector<std::string> four = {"Ana", "Ben", "Cy", "Dee"};

template <class Config, class Dice = FairDice<>>
using FastGame = Game<Dice, Config, NullMutex>;

// check_round_trips for seeded games of `four` on `board` under Config's house rules, with
// FairDice<> of `shape`. Config is named, not taken from the board: a board's type has no house
// rules, so games of the board's own config_type would play the standard game.
template <class Config>
void check_round_trips_of_four(const Board<Config>& board, int seeds, DiceShape shape = {}) {
    using G = FastGame<Config>;
    check_round_trips<G>(
        [&](std::uint64_t seed) { return G(board, FairDice<>::seeded(seed, shape), four); },
        FairDice<>(shape), seeds);
}

} // namespace

TEST_CASE("round trips under all three overshoot rules and all three chain rules", "[saved_game]") {
    constexpr int seeds = 12;
    SECTION("ExactFinish, RejectChains, on the classic board") {
        using C = GameConfig<ExactFinish, RejectChains>;
        check_round_trips_of_four<C>(classic(), seeds);
    }
    SECTION("BounceBack, FollowChains, play_to_last") {
        using C = GameConfig<BounceBack, FollowChains>;
        check_round_trips_of_four<C>(chained_board<C>({.play_to_last = true}), seeds);
    }
    SECTION("OvershootWins, SingleJump, two dice") {
        using C = GameConfig<OvershootWins, SingleJump>;
        check_round_trips_of_four<C>(chained_board<C>(), seeds, {.sides = 6, .count = 2});
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
                return G(classic(GameConfig<BounceBack>({.play_to_last = true})),
                         LoadedDice<>::seeded(seed, weights), {"Ana", "Ben", "Cy"});
            },
            LoadedDice<>(weights), seeds);
    }
}

TEST_CASE("round trips under house rules, fixed in the type or chosen at run time",
          "[saved_game]") {
    constexpr int seeds = 12;
    SECTION("extra turns on a six, the third in a row forfeits") {
        using C = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
        check_round_trips_of_four<C>(classic(), seeds);
    }
    SECTION("six to start, play_to_last") {
        using C = GameConfig<BounceBack, RejectChains, SixToStart>;
        check_round_trips_of_four<C>(classic(GameConfig<BounceBack>({.play_to_last = true})),
                                     seeds);
    }
    SECTION("knock-back, FollowChains") {
        using C = GameConfig<OvershootWins, FollowChains, KnockBack>;
        check_round_trips_of_four<C>(chained_board<C>({.play_to_last = true}), seeds);
    }
    SECTION("all three, the second six in a row forfeits, SingleJump") {
        using C = GameConfig<ExactFinish, SingleJump,
                             HouseRules<ExtraTurnOnMax<2>, SixToStart, KnockBack>>;
        check_round_trips_of_four<C>(chained_board<C>({.play_to_last = true}), seeds);
    }
    SECTION("ChosenHouseRules, three choices") {
        using C = GameConfig<BounceBack, RejectChains, ChosenHouseRules>;
        const HouseRuleSwitches switches = GENERATE(values(
            {HouseRuleSwitches{.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true},
             HouseRuleSwitches{.forfeit_streak = 2, .knock_back = true}, HouseRuleSwitches{}}));
        INFO("forfeit_streak " << switches.forfeit_streak << ", max_roll_to_start "
                               << switches.max_roll_to_start << ", knock_back "
                               << switches.knock_back);
        check_round_trips<FastGame<C>>(
            [&](std::uint64_t seed) {
                return FastGame<C>(classic(GameConfig<BounceBack>({.play_to_last = true})),
                                   FairDice<>::seeded(seed), four, ChosenHouseRules(switches));
            },
            FairDice<>(), seeds);
    }
}

TEST_CASE("a game saved with fixed house rules loads as ChosenHouseRules, and back",
          "[saved_game]") {
    using Fixed = GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    using Chosen = GameConfig<ExactFinish, RejectChains, ChosenHouseRules>;
    FastGame<Fixed> fixed(classic(), FairDice<>::seeded(99), four);
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
    const std::size_t first_player = 37;
    REQUIRE(lines_of(text)[first_player - 1] == R"(player 0 "nul\x00inside")");
    const std::string by_hand = with_line(text, first_player + 5, "player 5 \"Jos\\xC3\xa9\"");
    CHECK(load_game<FastGame<C>>(by_hand, FairDice<>()) == game);
    const std::string bad_escape =
        with_line(text, first_player + 4, R"(player 4 "  spaces and\X09tabs  ")");
    CHECK(thrown_by<ParseError>([&] {
              return load_game<FastGame<C>>(bad_escape, FairDice<>());
          }).line() == first_player + 4);
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

    const std::size_t engine_line = 14;
    // An engine's state, and dice without an engine.
    check_refused(with_line(scripted_document, engine_line, "engine Xoshiro256 1 2 3 4"),
                  {engine_line, 8,
                   "the document holds the state of a Xoshiro256 engine, but the dice given "
                   "have no engine (expected 'engine none')"});
    // Engine lines that do not fit the dice given; each row names its change.
    const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
        {replaced(text, engine_line, "engine Xoshiro256 0 0 0 0"),
         {engine_line, 19, "an all-zero state is not one a Xoshiro256 engine can be in"}},
        {replaced(text, engine_line, "engine Xoshiro256 1 2 3"),
         {engine_line, 8, "the state of a Xoshiro256 engine is 4 words, but the document gives 3"}},
        {replaced(text, engine_line, "engine Xoshiro256 1 2 3 4 5"),
         {engine_line, 27,
          "the state of a Xoshiro256 engine is 4 words, but the document gives 5"}},
        {replaced(text, engine_line, "engine SplitMix64 5"),
         {engine_line, 8,
          "the document holds the state of a SplitMix64 engine, but the dice given are driven "
          "by a Xoshiro256 engine"}},
        {replaced(text, engine_line, "engine none"),
         {engine_line, 8,
          "the document holds no engine state, but the dice given are driven by a Xoshiro256 "
          "engine"}},
        {replaced(text, engine_line, "engine Xoshiro256 1 2 3 18446744073709551616"),
         {engine_line, 25,
          "a word of the engine's state is too large: it can be at most 18446744073709551615"}},
    }));
    INFO(tampered.change);
    check_refused<FastGame<C>>(tampered.text, refused, FairDice<>());
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
    // Each row: the scripted document, changed (the change names the row), and its refusal.
    SECTION("the header") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {{"an empty document", ""},
             {1, 1, "the document is empty: a saved game starts with 'snakeladder saved game 1'"}},
            {replaced(doc, 1, "snakeladder saved game 2"),
             {1, 24, "this is version 2 of the saved-game format; this library reads version 1"}},
            {replaced(doc, 1, "snakeladder savegame 1"),
             {1, 1, "this is not a saved game: the first line must be 'snakeladder saved game 1'"}},
            {replaced(doc, 1, "snakeladder saved game 1 extra"),
             {1, 26, "unexpected 'extra' after the version"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
    }
    SECTION("settings: unknown, repeated, missing, out of range") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {inserted(doc, 6, "colour red"), {6, 1, "unknown setting 'colour'"}},
            {replaced(doc, 10, "knock_back true"),
             {10, 1, "the setting 'knock_back' is given twice (first on line 7)"}},
            {removed(doc, 11),
             {14, 1, "the setting 'turn_limit' is missing; every setting comes before 'board'"}},
            {replaced(doc, 9, "max_players 99999999999"),
             {9, 13, "the value of 'max_players' is too large: it can be at most 2147483647"}},
            {replaced(doc, 10, "play_to_last maybe"),
             {10, 14, "expected 'true' or 'false' for the value of 'play_to_last', found 'maybe'"}},
            {replaced(doc, 8, "min_players 0"), {8, 13, "min_players must be at least 1"}},
            {replaced(doc, 8, "min_players -2"),
             {8, 13, "expected the value of 'min_players' (a whole number), found '-2'"}},
            {replaced(doc, 9, "max_players 1"),
             {9, 13, "max_players (1) is below min_players (2)"}},
            {replaced(doc, 11, "turn_limit 0"), {11, 12, "turn_limit must be at least 1"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
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
        check_refused<NoSix>(doc, {4, 13,
                                   "the game was saved with house rules \"ExtraTurnOnMax<3> + "
                                   "SixToStart + KnockBack\", but this game type plays "
                                   "\"ExtraTurnOnMax<3> + KnockBack\""});
        // A document without `house_rules` (written before it was added): the switches differ.
        check_refused<NoSix>(without_line(doc, 4),
                             {5, 19,
                              "the game was saved with max_roll_to_start true, but this game "
                              "type's house rules have max_roll_to_start false"});
        using Chosen =
            Game<ScriptedDice, GameConfig<ExactFinish, RejectChains, ChosenHouseRules>, NullMutex>;
        check_refused<Chosen>(with_line(doc, 5, "forfeit_streak 1"),
                              {5, 16,
                               "the extra-turn forfeit streak must be 0 (no extra turns) or "
                               "at least 2 maximum rolls in a row, got 1"});
        check_refused(doc,
                      {13, 10,
                       "the game was saved with dice that roll 1 to 6, but the dice given "
                       "roll 1 to 8"},
                      ScriptedDice::with_faces(8, {}));
    }
    SECTION("the board: its own errors, at their place in the document") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 18, "snake 5-17"),
             {18, 7, "snake 5-17 goes up; a snake must go down (did you mean ladder 5-17?)"}},
            {replaced(doc, 17, "ladder 8-16 extra"),
             {17, 13, "unexpected 'extra' after the end of the line's entry"}},
            {replaced(doc, 18, "snake 8-3"),
             {15, 1,
              "the board is refused: snake 8-3 overlaps ladder 8-16 on square 8: two jumps "
              "cannot start on the same square"}},
            {removed(doc, 19),
             {19, 1, "the board is not closed: expected 'end board' before the first player"}},
            {replaced(doc, 19, "end"), {19, 4, "expected 'board', found the end of the line"}},
            {replaced(doc, 15, "board 20"), {15, 7, "unexpected '20' after 'board'"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
        CHECK_THAT(thrown_by<ParseError>([&] {
                       return load_game<ScriptedGame>(with_line(doc, 18, "snake 8-3"),
                                                      ScriptedDice::with_faces(6, {}));
                   }).what(),
                   SL_CONTAINS("8-3") && SL_CONTAINS("8-16"));
        // A board larger than the limits of the load.
        check_refused(doc,
                      {16, 6,
                       "the board has 20 squares, more than the 10 this load allows "
                       "(SavedGameLimits::max_board_size)"},
                      ScriptedDice::with_faces(6, {}), SavedGameLimits{.max_board_size = 10});
    }
    SECTION("players") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 20, R"(player 0 "A\qna")"),
             {20, 12, R"(unknown escape in a player's name: write \", \\ or \xNN)"}},
            {replaced(doc, 20, R"(player 0 "A\x4")"),
             {20, 12, "\\x in a player's name must be followed by two hexadecimal digits"}},
            {replaced(doc, 20, R"(player 0 "Ana)"),
             {20, 10, "a player's name has no closing '\"' before the end of the line"}},
            {replaced(doc, 20, "player 0 \"A\tna\""),
             {20, 12, "byte 0x09 cannot stand as it is in a player's name: write it as \\x09"}},
            {replaced(doc, 21, R"(player 1 "Ana")"),
             {21, 1,
              "players 0 and 1 are both called \"Ana\"; every player needs a different name"}},
            {replaced(doc, 21, R"(player 2 "Ben")"),
             {21, 8,
              "expected player 1 next, found player 2 (seats are numbered from 0, in order)"}},
            {replaced(doc, 21, R"(player 1 "")"), {21, 10, "player 1 has an empty name"}},
            {removed(doc, 21),
             {21, 1, "the game has 1 player, but its settings ask for at least 2"}},
            {{"min_players 1 and max_players 1 (lines 8 and 9)",
              with_line(with_line(doc, 8, "min_players 1"), 9, "max_players 1")},
             {21, 1, "one player too many: the settings allow at most 1"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
    }
    SECTION("truncated documents and text after the end") {
        const std::size_t last_turn = doc.find("turn 11");
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {{"cut before 'board'", doc.substr(0, doc.find("board\n"))},
             {15, 1, "the document ends before its board: it is cut short"}},
            {{"cut before 'end board'", doc.substr(0, doc.find("end board"))},
             {19, 1, "the board has no 'end board' line: the document is cut short"}},
            {{"without its last 4 bytes ('end' and its newline)", doc.substr(0, doc.size() - 4)},
             {33, 1, "the document has no 'end' line after its turns: it is cut short"}},
            {{"without its last 5 bytes (the last turn line's newline too)",
              doc.substr(0, doc.size() - 5)},
             {32, doc.size() - 5 - last_turn + 1,
              "the document has no 'end' line after its turns: it is cut short"}},
            {{"cut in the middle of turn 11", doc.substr(0, doc.find(" | 4: 16 to 20"))},
             {32, 18, "turn 11: the turn needs another roll after the 1 given"}},
            {{"a line 'extra' after 'end'", doc + "extra\n"},
             {34, 1, "unexpected text after 'end', the end of the saved game"}},
            {{"an empty line after 'end'", doc + "\n"},
             {34, 1, "unexpected text after 'end', the end of the saved game"}},
            {replaced(doc, 33, "end of it"), {33, 5, "unexpected 'of' after 'end'"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
    }
    SECTION("turn lines that cannot be read") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 27, "turn 6 seat 1 | 5: 9 to"),
             {27, 24,
              "expected the square the roll ends on (a whole number), found the end of the "
              "line"}},
            {replaced(doc, 27, "turn 6 seat 1 | 5: 9 goes 14"),
             {27, 22,
              "expected 'to', 'blocked', 'waits' or 'forfeits' after the square, found 'goes'"}},
            {replaced(doc, 27, "turn 6 seat 1 | 5: 9 to 14 kicks 0"),
             {27, 28,
              "expected 'sends', 'moves', 'misses', '|' or the end of the line, found 'kicks'"}},
            {replaced(doc, 27, "turn 6 seat 1 5: 9 to 14"),
             {27, 15, "expected '|' before the next roll, found '5:'"}},
            {replaced(doc, 27, "turn 6 seat 1 | 5: 99999999 to 14"),
             {27, 20, "the square the roll starts on is too large: it can be at most 10000000"}},
            {replaced(doc, 27, "move 6 seat 1 | 5: 9 to 14"),
             {27, 1, "expected 'turn' or 'end', found 'move'"}},
        }));
        INFO(tampered.change);
        check_refused(tampered.text, refused);
    }
}

TEST_CASE("the board section is read where it stands: its errors carry the document's line and "
          "column",
          "[saved_game]") {
    const std::string& doc = scripted_document;
    // The board text starts on line 16, after `board` on line 15; each position below is counted
    // by hand in the changed line.
    const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
        // "\tsnake 17-x": the tab is column 1, "snake" 2-6, "17" 8-9, '-' 10, 'x' 11.
        {replaced(doc, 18, "\tsnake 17-x"),
         {18, 11, "expected the square the jump ends on (a whole number), found 'x'"}},
        // The first size is on line 16 of the document (line 1 of the board text).
        {inserted(doc, 18, "size 30"), {18, 1, "the size is given twice (first on line 16)"}},
        // No size at all: the refusal points at the board text's first line.
        {{"lines 16 to 18 made comments",
          with_line(with_line(with_line(doc, 16, "# a"), 17, "# b"), 18, "# c")},
         {16, 1, "no size given: a board starts with a line 'size N'"}},
        // "ladder 8-16 " is 12 bytes; the control byte after it is quoted as '?'.
        {replaced(doc, 17, "ladder 8-16 \x7f"),
         {17, 13, "unexpected '?' after the end of the line's entry"}},
        // "size " is 5 bytes: the number starts in column 6.
        {replaced(doc, 16, "size 123456789012"),
         {16, 6, "the number of squares is too large: a board has at most 10000000 squares"}},
    }));
    INFO(tampered.change);
    check_refused(tampered.text, refused);
}

TEST_CASE("turns that do not follow from the board and the rules are refused, naming the turn",
          "[saved_game]") {
    const std::string& doc = scripted_document;
    // Each row: the scripted document, changed (the change names the row), and its refusal.
    const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
        // A tampered square: 9 + 5 is 14, not 15.
        {replaced(doc, 27, "turn 6 seat 1 | 5: 9 to 15 sends 0"),
         {27, 17,
          "turn 6: the document says \"5: 9 to 15 sends 0\" for roll 1 of the turn, but on this "
          "board under these rules it is \"5: 9 to 14 sends 0\""}},
        // A pick of dice or a stay, which only games where players decide have.
        {replaced(doc, 27, "turn 6 seat 1 | 5 dice 1: 9 to 14 sends 0"),
         {27, 19, "expected ':' after the roll, found 'dice'"}},
        {replaced(doc, 27, "turn 6 seat 1 | 5: 9 stays"),
         {27, 22,
          "expected 'to', 'blocked', 'waits' or 'forfeits' after the square, found 'stays'"}},
        // A tampered start: the turn begins where the token stands.
        {replaced(doc, 31, "turn 10 seat 1 | 4: 6 to 10"),
         {31, 18,
          "turn 10: the document says \"4: 6 to 10\" for roll 1 of the turn, but on this board "
          "under these rules it is \"4: 5 to 9\""}},
        // A missing jump: 14 + 3 lands on the snake 17-5.
        {replaced(doc, 29, "turn 8 seat 1 | 3: 14 to 17"),
         {29, 17,
          "turn 8: the document says \"3: 14 to 17\" for roll 1 of the turn, but on this board "
          "under these rules it is \"3: 14 to 5\""}},
        // A knock-back left out, on the second roll of the turn.
        {replaced(doc, 25, "turn 4 seat 1 | 6: 0 to 6 | 3: 6 to 9"),
         {25, 29,
          "turn 4: the document says \"3: 6 to 9\" for roll 2 of the turn, but on this board "
          "under these rules it is \"3: 6 to 9 sends 0\""}},
        // A blocked move written as a move.
        {replaced(doc, 32, "turn 11 seat 0 | 6: 16 to 16 | 4: 16 to 20"),
         {32, 18,
          "turn 11: the document says \"6: 16 to 16\" for roll 1 of the turn, but on this board "
          "under these rules it is \"6: 16 blocked\""}},
        // A wait that was a move.
        {replaced(doc, 28, "turn 7 seat 0 | 1: 0 to 1"),
         {28, 17,
          "turn 7: the document says \"1: 0 to 1\" for roll 1 of the turn, but on this board "
          "under these rules it is \"1: 0 waits\""}},
        // A roll larger than the dice allow, and one below 1.
        {replaced(doc, 29, "turn 8 seat 1 | 7: 14 to 5"),
         {29, 17, "turn 8: roll 7 is larger than the dice allow (1 to 6)"}},
        {replaced(doc, 29, "turn 8 seat 1 | 0: 14 to 14"),
         {29, 17, "turn 8: roll 0 is smaller than the dice allow (1 to 6)"}},
        // A turn out of rotation, and a seat nobody sits in.
        {replaced(doc, 29, "turn 8 seat 0 | 3: 14 to 5"),
         {29, 13, "turn 8: seat 0 (\"Ana\") plays out of turn: it is seat 1's turn (\"Ben\")"}},
        {replaced(doc, 29, "turn 8 seat 2 | 3: 14 to 5"),
         {29, 13, "turn 8: there is no seat 2: the game has 2 players (seats 0 to 1)"}},
        // Rolls that do not make the turn: a six grants another roll; a four does not.
        {replaced(doc, 23, "turn 2 seat 1 | 6: 0 to 6 | 6: 6 to 12"),
         {23, 17, "turn 2: the turn needs another roll after the 2 given"}},
        {replaced(doc, 31, "turn 10 seat 1 | 4: 5 to 9 | 2: 9 to 11"),
         {31, 18, "turn 10: the turn was over after 1 of the 2 rolls given"}},
        // Turns out of order, and a turn after the game was won.
        {removed(doc, 24),
         {24, 6, "expected turn 3, found turn 4 (turns are numbered from 1, without gaps)"}},
        {inserted(doc, 33, "turn 12 seat 1 | 3: 9 to 12"),
         {33, 6, "turn 12: the game was already over after 11 turns, won by \"Ana\""}},
        // A turn beyond the turn limit.
        {replaced(doc, 11, "turn_limit 5"),
         {27, 6, "turn 6: the game had reached its turn limit of 5 turns"}},
    }));
    INFO(tampered.change);
    check_refused(tampered.text, refused);
}

TEST_CASE("a game saved after undo() loads as the game it is now", "[saved_game]") {
    using C = GameConfig<BounceBack, RejectChains, HouseRules<ExtraTurnOnMax<3>, KnockBack>>;
    FastGame<C> game(classic(GameConfig<BounceBack>()), FairDice<>::seeded(8), four);
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

TEST_CASE("a document written before `house_rules` was added still loads", "[saved_game]") {
    ScriptedGame game = scripted_game();
    (void)game.play();
    const std::string old_document = without_line(scripted_document, 4);
    REQUIRE(lines_of(old_document)[3] == "forfeit_streak 3");
    const auto loaded = load_game<ScriptedGame>(old_document, dice_after(19));
    CHECK(loaded == game);
    CHECK(save_game(loaded) == scripted_document); // written again, it names its rules
}

// --- House rules of every kind: the new built-in rules and rules of the user's -------------------

namespace {

// A rule of the user's, with values: a token whose move ends on one of these squares goes back
// three squares (Landing::move_to). It has no default, so load_game is given its value.
class BackThree {
public:
    BackThree(std::initializer_list<Square> squares) : squares_(squares) {}
    [[nodiscard]] std::string name() const {
        std::string name = "BackThree{";
        for (std::size_t i = 0; i < squares_.size(); ++i) {
            if (i != 0) {
                name += ',';
            }
            name += std::to_string(squares_[i]);
        }
        return name + "}";
    }
    void on_land(Landing& landing) const {
        if (!landing.blocked() &&
            std::find(squares_.begin(), squares_.end(), landing.square()) != squares_.end()) {
            landing.move_to(landing.square() - 3);
        }
    }
    friend bool operator==(const BackThree&, const BackThree&) = default;

private:
    std::vector<Square> squares_;
};

// A rule of the user's, without values: a token ending its move on another's square (not 0, not
// home) bumps that token one square down (Landing::send to a square that is not 0, but for 1).
struct BumpDown {
    [[nodiscard]] static std::string name() { return "BumpDown"; }
    static void on_land(Landing& landing) {
        const Square square = landing.square();
        if (square == 0 || square == landing.home()) {
            return;
        }
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        for (std::uint32_t other = 0; other < seats; ++other) {
            if (other != landing.seat() && landing.state().squares[other] == square) {
                landing.send(other, square - 1);
            }
        }
    }
    friend constexpr bool operator==(const BumpDown&, const BumpDown&) = default;
};

// A rule of the user's: a move that ends on square 10 makes the mover miss two turns.
struct LongWait {
    [[nodiscard]] static std::string name() { return "LongWait"; }
    static void on_land(Landing& landing) {
        if (!landing.blocked() && landing.square() == 10) {
            landing.miss_turns(landing.seat(), 2);
        }
    }
    friend constexpr bool operator==(const LongWait&, const LongWait&) = default;
};

template <class House>
using SmallConfig = GameConfig<ExactFinish, RejectChains, House>;
template <class House>
using SmallGame = Game<ScriptedDice, SmallConfig<House>, NullMutex>;

// A scripted game on a board of 20 squares without jumps.
template <class House>
SmallGame<House> small_game(const House& house, const std::vector<int>& rolls,
                            std::vector<std::string> names = {"Ana", "Ben"}) {
    GameSettings settings{.size = 20, .min_players = 1};
    return SmallGame<House>(Board<SmallConfig<House>>(std::vector<Jump>{}, settings),
                            ScriptedDice::with_faces(6, rolls), std::move(names), house);
}

// The dice of a game loaded from a scripted game's document: the script after `used` rolls.
ScriptedDice script_after(const std::vector<int>& rolls, std::size_t used) {
    ScriptedDice dice = ScriptedDice::with_faces(6, rolls);
    for (std::size_t i = 0; i < used; ++i) {
        (void)dice.roll();
    }
    return dice;
}

// The lines every document of a small game holds between its house rules and its players.
std::string small_settings(const std::string& house_rules) {
    return joined({"snakeladder saved game 1", "overshoot ExactFinish", "chains RejectChains",
                   "house_rules " + house_rules, "forfeit_streak 0", "max_roll_to_start false",
                   "knock_back false", "min_players 1", "max_players 8", "play_to_last false",
                   "turn_limit 4194304", "min_roll 1", "max_roll 6", "engine none", "board",
                   "size 20", "end board"});
}

// --- The user's rules: the mover moved, tokens sent to squares other than 0 ---

using UserRules = HouseRules<BackThree, BumpDown>;
const std::vector<int> user_script = {1, 1, 5, 4, 6, 2, 3, 6, 4, 5, 4, 6, 6};
const std::string user_document = small_settings(R"("BackThree{7,13} + BumpDown")") +
                                  R"doc(player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 1: 0 to 1
turn 2 seat 1 | 1: 0 to 1 sends 0
turn 3 seat 0 | 5: 0 to 5
turn 4 seat 1 | 4: 1 to 5 sends 0 to 4
turn 5 seat 0 | 6: 4 to 10
turn 6 seat 1 | 2: 5 to 7 moves to 4
turn 7 seat 0 | 3: 10 to 13 moves to 10
turn 8 seat 1 | 6: 4 to 10 sends 0 to 9
turn 9 seat 0 | 4: 9 to 13 moves to 10 sends 1 to 9
turn 10 seat 1 | 5: 9 to 14
turn 11 seat 0 | 4: 10 to 14 sends 1 to 13
turn 12 seat 1 | 6: 13 to 19
turn 13 seat 0 | 6: 14 to 20
end
)doc";
const UserRules user_rules(BackThree{7, 13}, BumpDown{});

} // namespace

TEST_CASE("rules of the user's: the mover moved on, tokens sent to any square, all checked",
          "[saved_game]") {
    using G = SmallGame<UserRules>;
    G game = small_game(user_rules, user_script);
    const GameResult result = game.play();
    CHECK(result.winner == "Ana");
    CHECK(result.turns == 13);
    const std::vector<TurnRecord> records = game.records();
    // What the rules did, as the records keep it (the mover's own seat, for a rule moving it).
    CHECK(records[5].knocked_back == std::vector<KnockedBack>{{1, "Ben", 7, 0, 4}});
    CHECK(records[8].knocked_back ==
          std::vector<KnockedBack>{{0, "Ana", 13, 0, 10}, {1, "Ben", 10, 0, 9}});
    CHECK(save_game(game) == user_document);

    // The rules have a value, so it is given; it names the rules the document names.
    const auto loaded = load_game<G>(user_document, script_after(user_script, 13), user_rules);
    CHECK(loaded == game);
    CHECK(loaded.records() == records);

    // Saved part-way, loaded, and played on: the same game.
    for (std::size_t turns = 0; turns <= records.size(); ++turns) {
        INFO("after " << turns << " turns");
        G part = small_game(user_rules, user_script);
        for (std::size_t t = 0; t < turns; ++t) {
            (void)part.play_turn();
        }
        auto again = load_game<G>(save_game(part), script_after(user_script, turns), user_rules);
        CHECK(again == part);
        if (turns < records.size()) {
            (void)again.play();
        }
        CHECK(again == game);
    }

    // BumpDown alone has no values: the call without rules builds it.
    using Bump = SmallGame<BumpDown>;
    Bump bump = small_game(BumpDown{}, {1, 1, 5, 4});
    for (int t = 0; t < 4; ++t) {
        (void)bump.play_turn();
    }
    const std::string bump_text = save_game(bump);
    CHECK_THAT(bump_text, SL_CONTAINS("\nhouse_rules \"BumpDown\"\n"));
    CHECK_THAT(bump_text, SL_CONTAINS("\nturn 4 seat 1 | 4: 1 to 5 sends 0 to 4\nend\n"));
    CHECK(load_game<Bump>(bump_text, script_after({1, 1, 5, 4}, 4)) == bump);
}

TEST_CASE("what a rule did must be what the document says, word for word", "[saved_game]") {
    using G = SmallGame<UserRules>;
    const std::string& doc = user_document;
    // BackThree has no default: the rules are given.
    const auto refused_given = [&](const std::string& text, const Refused& expected,
                                   const UserRules& rules = user_rules) {
        check_refused_with<G>(text, expected, rules);
    };
    REQUIRE(lines_of(doc)[24] == "turn 6 seat 1 | 2: 5 to 7 moves to 4");

    // Each row: the user's rules' document, changed (the change names the row), and its refusal.
    SECTION("an effect left out, added, changed or out of order names the turn") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 25, "turn 6 seat 1 | 2: 5 to 7"),
             {25, 17,
              "turn 6: the document says \"2: 5 to 7\" for roll 1 of the turn, but on this board "
              "under these rules it is \"2: 5 to 7 moves to 4\""}},
            {replaced(doc, 25, "turn 6 seat 1 | 2: 5 to 4 moves to 4"),
             {25, 17,
              "turn 6: the document says \"2: 5 to 4 moves to 4\" for roll 1 of the turn, but on "
              "this board under these rules it is \"2: 5 to 7 moves to 4\""}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends 0 to 8"),
             {27, 17,
              "turn 8: the document says \"6: 4 to 10 sends 0 to 8\" for roll 1 of the turn, but "
              "on this board under these rules it is \"6: 4 to 10 sends 0 to 9\""}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends 0"),
             {27, 17,
              "turn 8: the document says \"6: 4 to 10 sends 0\" for roll 1 of the turn, but on "
              "this board under these rules it is \"6: 4 to 10 sends 0 to 9\""}},
            {replaced(doc, 28, "turn 9 seat 0 | 4: 9 to 13 sends 1 to 9 moves to 10"),
             {28, 17,
              "turn 9: the document says \"4: 9 to 13 sends 1 to 9 moves to 10\" for roll 1 of "
              "the turn, but on this board under these rules it is \"4: 9 to 13 moves to 10 "
              "sends 1 to 9\""}},
            {replaced(doc, 24, "turn 5 seat 0 | 6: 4 to 10 misses 0"),
             {24, 17,
              "turn 5: the document says \"6: 4 to 10 misses 0\" for roll 1 of the turn, but on "
              "this board under these rules it is \"6: 4 to 10\""}},
        }));
        INFO(tampered.change);
        refused_given(tampered.text, refused);
    }
    SECTION("a send to square 0 may be written `sends S to 0`: it means the same") {
        CHECK(load_game<G>(with_line(doc, 21, "turn 2 seat 1 | 1: 0 to 1 sends 0 to 0"),
                           script_after(user_script, 13), user_rules) ==
              load_game<G>(doc, script_after(user_script, 13), user_rules));
    }
    SECTION("malformed effects") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 25, "turn 6 seat 1 | 2: 5 to 7 moves 4"),
             {25, 33, "expected 'to', found '4'"}},
            {replaced(doc, 25, "turn 6 seat 1 | 2: 5 to 7 moves to"),
             {25, 35,
              "expected the square the mover is moved to (a whole number), found the end of the "
              "line"}},
            {replaced(doc, 25, "turn 6 seat 1 | 2: 5 to 7 moved to 4"),
             {25, 27,
              "expected 'sends', 'moves', 'misses', '|' or the end of the line, found 'moved'"}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends 0 to"),
             {27, 38,
              "expected the square it is sent to (a whole number), found the end of the line"}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends to 9"),
             {27, 34, "expected the seat sent back (a whole number), found 'to'"}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends 0 to 9 1"),
             {27, 41,
              "expected 'sends', 'moves', 'misses', '|' or the end of the line, found '1'"}},
            {replaced(doc, 27, "turn 8 seat 1 | 6: 4 to 10 sends 0 to 99999999"),
             {27, 39, "the square it is sent to is too large: it can be at most 10000000"}},
            {replaced(doc, 24, "turn 5 seat 0 | 6: 4 to 10 misses"),
             {24, 34,
              "expected the seat given a turn to miss (a whole number), found the end of the "
              "line"}},
            {replaced(doc, 24, "turn 5 seat 0 | 6: 4 to 10 misses Ana"),
             {24, 35, "expected the seat given a turn to miss (a whole number), found 'Ana'"}},
        }));
        INFO(tampered.change);
        refused_given(tampered.text, refused);
    }
    SECTION("other rules than the document's") {
        refused_given(doc,
                      {4, 13,
                       "the game was saved with house rules \"BackThree{7,13} + BumpDown\", but "
                       "the house rules given are \"BackThree{7} + BumpDown\""},
                      UserRules(BackThree{7}, BumpDown{}));
        // The same rules in another order play differently: they are other rules.
        using Swapped = SmallGame<HouseRules<BumpDown, BackThree>>;
        check_refused_with<Swapped>(doc,
                                    {4, 13,
                                     "the game was saved with house rules \"BackThree{7,13} + "
                                     "BumpDown\", but the house rules given are \"BumpDown + "
                                     "BackThree{7,13}\""},
                                    HouseRules<BumpDown, BackThree>({}, BackThree{7, 13}));
        // ChosenHouseRules builds only the classic three from the switches: it cannot play these.
        using Chosen = SmallGame<ChosenHouseRules>;
        check_refused<Chosen>(doc, {4, 13,
                                    "the game was saved with house rules \"BackThree{7,13} + "
                                    "BumpDown\", but this game type plays \"none\" (built from the "
                                    "document's forfeit_streak, max_roll_to_start and knock_back, "
                                    "which name only the classic three rules)"});
        // Without `house_rules` only the switches are checked, and the turns then refuse it.
        check_refused<Chosen>(without_line(doc, 4),
                              {20, 17,
                               "turn 2: the document says \"1: 0 to 1 sends 0\" for roll 1 of the "
                               "turn, but on this board under these rules it is \"1: 0 to 1\""});
    }
    SECTION("the house_rules line itself") {
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 4, "house_rules BackThree"),
             {4, 13, "expected the house rules' name in double quotes, found 'BackThree'"}},
            {replaced(doc, 4, R"(house_rules "BackThree{7,13} + BumpDown)"),
             {4, 13, "the house rules' name has no closing '\"' before the end of the line"}},
            {inserted(doc, 5, R"(house_rules "none")"),
             {5, 1, "the setting 'house_rules' is given twice (first on line 4)"}},
            {replaced(doc, 4, R"(house_rules "BackThree{7,13} + BumpDown" extra)"),
             {4, 42, "unexpected 'extra' after the value of 'house_rules'"}},
            {replaced(doc, 6, "max_roll_to_start true"),
             {6, 19,
              "the game was saved with max_roll_to_start true, but the house rules given have "
              "max_roll_to_start false"}},
        }));
        INFO(tampered.change);
        refused_given(tampered.text, refused);
    }
}

TEST_CASE("RollAgainOnMax: as many rolls as sixes, saved and loaded", "[saved_game]") {
    using G = SmallGame<RollAgainOnMax>;
    const std::vector<int> rolls = {6, 6, 6, 1, 2, 1};
    G game = small_game(RollAgainOnMax{}, rolls);
    (void)game.play();
    const std::string text = save_game(game);
    CHECK(text == small_settings(R"("RollAgainOnMax")") +
                      R"doc(player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 6: 0 to 6 | 6: 6 to 12 | 6: 12 to 18 | 1: 18 to 19
turn 2 seat 1 | 2: 0 to 2
turn 3 seat 0 | 1: 19 to 20
end
)doc");
    CHECK(load_game<G>(text, script_after(rolls, 6)) == game);

    // A rule the loader cannot rebuild from the switches (all off: RollAgainOnMax is none of the
    // classic three).
    check_refused<SmallGame<ChosenHouseRules>>(
        text, {4, 13,
               "the game was saved with house rules \"RollAgainOnMax\", but this game type plays "
               "\"none\" (built from the document's forfeit_streak, max_roll_to_start and "
               "knock_back, which name only the classic three rules)"});
    check_refused<SmallGame<ExtraTurnOnMax<3>>>(
        text, {4, 13,
               "the game was saved with house rules \"RollAgainOnMax\", but this game type plays "
               "\"ExtraTurnOnMax<3>\""});
    // Without `house_rules`: the switches differ from ExtraTurnOnMax<3>'s; and under no house
    // rules the first turn is refused.
    check_refused<SmallGame<ExtraTurnOnMax<3>>>(
        without_line(text, 4), {4, 16,
                                "the game was saved with forfeit_streak 0, but this game type's "
                                "house rules have forfeit_streak 3"});
    check_refused<SmallGame<NoHouseRules>>(
        without_line(text, 4), {19, 17, "turn 1: the turn was over after 1 of the 4 rolls given"});
}

TEST_CASE("StartingRolls{1,6}: its value is given to load_game", "[saved_game]") {
    using G = SmallGame<StartingRolls>;
    const std::vector<int> rolls = {3, 1, 6, 2, 4, 5};
    const StartingRolls rules{1, 6};
    G game = small_game(rules, rolls);
    for (int t = 0; t < 6; ++t) {
        (void)game.play_turn();
    }
    const std::string text = save_game(game);
    CHECK(text == small_settings(R"("StartingRolls{1,6}")") +
                      R"doc(player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 3: 0 waits
turn 2 seat 1 | 1: 0 to 1
turn 3 seat 0 | 6: 0 to 6
turn 4 seat 1 | 2: 1 to 3
turn 5 seat 0 | 4: 6 to 10
turn 6 seat 1 | 5: 3 to 8
end
)doc");
    CHECK(load_game<G>(text, script_after(rolls, 6), rules) == game);
    CHECK(load_game<G>(text, script_after(rolls, 6), rules, SavedGameLimits{}) == game);
    check_refused_with<G>(text,
                          {4, 13,
                           "the game was saved with house rules \"StartingRolls{1,6}\", but the "
                           "house rules given are \"StartingRolls{6}\""},
                          StartingRolls{6});
}

TEST_CASE("MissTurnSquares: turns to miss given, and the missed turns' numbers skipped",
          "[saved_game]") {
    using G = SmallGame<MissTurnSquares>;
    const std::vector<int> rolls = {5, 3, 2, 4, 3, 1, 6, 4, 4};
    const MissTurnSquares rules{5, 12};
    G game = small_game(rules, rolls);
    const GameResult result = game.play();
    CHECK(result.winner == "Ana");
    CHECK(result.turns == 13);
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(records.size() == 9);
    CHECK(fmt::format("{}", records[1]) == "Ben rolls 3: 0 to 3; Ana misses turn 3");
    const std::string text = save_game(game);
    const std::string document = small_settings(R"("MissTurnSquares{5,12}")") +
                                 R"doc(player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 5: 0 to 5 misses 0
turn 2 seat 1 | 3: 0 to 3
turn 4 seat 1 | 2: 3 to 5 misses 1
turn 5 seat 0 | 4: 5 to 9
turn 7 seat 0 | 3: 9 to 12 misses 0
turn 8 seat 1 | 1: 5 to 6
turn 10 seat 1 | 6: 6 to 12 misses 1
turn 11 seat 0 | 4: 12 to 16
turn 13 seat 0 | 4: 16 to 20
end
)doc";
    CHECK(text == document);
    const auto loaded = load_game<G>(document, script_after(rolls, 9), rules);
    CHECK(loaded == game);
    CHECK(loaded.records() == records);
    CHECK(loaded.turns() == 13);

    // Saved part-way (with a turn still to be missed), loaded, and played on.
    for (std::size_t turns = 0; turns <= records.size(); ++turns) {
        INFO("after " << turns << " turns");
        G part = small_game(rules, rolls);
        for (std::size_t t = 0; t < turns; ++t) {
            (void)part.play_turn();
        }
        auto again = load_game<G>(save_game(part), script_after(rolls, turns), rules);
        CHECK(again == part);
        CHECK(again.state().turns_to_miss == part.state().turns_to_miss);
        if (turns < records.size()) {
            (void)again.play();
        }
        CHECK(again == game);
    }

    // Each row: the document, changed (the change names the row), the rules given, and the
    // refusal.
    const auto [tampered, given, refused] = GENERATE_REF(table<Tampered, MissTurnSquares, Refused>({
        {replaced(document, 20, "turn 1 seat 0 | 5: 0 to 5"),
         rules,
         {20, 17,
          "turn 1: the document says \"5: 0 to 5\" for roll 1 of the turn, but on this board "
          "under these rules it is \"5: 0 to 5 misses 0\""}},
        {replaced(document, 20, "turn 1 seat 0 | 5: 0 to 5 misses 1"),
         rules,
         {20, 17,
          "turn 1: the document says \"5: 0 to 5 misses 1\" for roll 1 of the turn, but on "
          "this board under these rules it is \"5: 0 to 5 misses 0\""}},
        // The missed turn takes its number: the line after turn 2 is turn 4.
        {replaced(document, 22, "turn 3 seat 1 | 2: 3 to 5 misses 1"),
         rules,
         {22, 6,
          "expected turn 4, found turn 3 (the turns before it were missed: turn 3 by "
          "\"Ana\")"}},
        {{"unchanged, other rules given", document},
         MissTurnSquares{5},
         {4, 13,
          "the game was saved with house rules \"MissTurnSquares{5,12}\", but the house "
          "rules given are \"MissTurnSquares{5}\""}},
    }));
    INFO(tampered.change);
    check_refused_with<G>(tampered.text, refused, given);
}

TEST_CASE("a rule of the user's that gives two turns to miss", "[saved_game]") {
    using G = SmallGame<LongWait>;
    const std::vector<int> rolls = {6, 4, 6, 4};
    G game = small_game(LongWait{}, rolls, {"Ana"});
    (void)game.play();
    CHECK(game.turns() == 6);
    const std::string text = save_game(game);
    CHECK(text == small_settings(R"("LongWait")") +
                      R"doc(player 0 "Ana"
turn 1 seat 0 | 6: 0 to 6
turn 2 seat 0 | 4: 6 to 10 misses 0 for 2
turn 5 seat 0 | 6: 10 to 16
turn 6 seat 0 | 4: 16 to 20
end
)doc");
    CHECK(load_game<G>(text, script_after(rolls, 4)) == game);
    check_refused<G>(with_line(text, 21, "turn 3 seat 0 | 6: 10 to 16"),
                     {21, 6,
                      "expected turn 5, found turn 3 (the turns before it were missed: turn 3 "
                      "by \"Ana\", turn 4 by \"Ana\")"});
    check_refused<G>(with_line(text, 20, "turn 2 seat 0 | 4: 6 to 10 misses 0"),
                     {20, 17,
                      "turn 2: the document says \"4: 6 to 10 misses 0\" for roll 1 of the turn, "
                      "but on this board under these rules it is \"4: 6 to 10 misses 0 for 2\""});
    // As documents wrote two turns before the count: read as `misses 0 for 2`.
    const auto old = load_game<G>(with_line(text, 20, "turn 2 seat 0 | 4: 6 to 10 misses 0 0"),
                                  ScriptedDice::with_faces(6, {}));
    CHECK(save_game(old) == text);
}

TEST_CASE("round trips under the new house rules and rules of the user's", "[saved_game]") {
    constexpr int seeds = 12;
    // How many of the finished games' documents hold `text`.
    // (No std::regex: g++ 12 warns in its headers at -O1 with the sanitizers.)
    const auto holding = []<class Text>(const std::vector<std::string>& documents,
                                        const Text& text) {
        return std::count_if(documents.begin(), documents.end(), [&](const std::string& document) {
            if constexpr (std::is_invocable_r_v<bool, Text, std::string_view>) {
                return text(std::string_view(document));
            } else {
                return document.find(text) != std::string::npos;
            }
        });
    };
    // The digits at the start of `text`, and what follows them.
    const auto digits = [](std::string_view text) {
        const std::size_t end = std::min(text.find_first_not_of("0123456789"), text.size());
        return std::pair(text.substr(0, end), text.substr(end));
    };
    // `sends S to T` with T not 0: a token sent elsewhere than square 0.
    const auto sends_elsewhere = [&](std::string_view document) {
        for (std::size_t at = document.find(" sends "); at != std::string_view::npos;
             at = document.find(" sends ", at + 1)) {
            const auto [seat, rest] = digits(document.substr(at + 7));
            if (!seat.empty() && rest.starts_with(" to ") && rest.size() > 4 && rest[4] >= '1' &&
                rest[4] <= '9') {
                return true;
            }
        }
        return false;
    };
    // `misses S for 2`: two turns to miss given to one seat by one roll.
    const auto misses_twice = [&](std::string_view document) {
        for (std::size_t at = document.find(" misses "); at != std::string_view::npos;
             at = document.find(" misses ", at + 1)) {
            const auto [seat, rest] = digits(document.substr(at + 8));
            if (!seat.empty() && rest.starts_with(" for 2")) {
                return true;
            }
        }
        return false;
    };
    SECTION("RollAgainOnMax, the call that builds the rules") {
        using C = GameConfig<ExactFinish, RejectChains, RollAgainOnMax>;
        check_round_trips_of_four<C>(classic(), seeds);
    }
    SECTION("StartingRolls{1,6}, given") {
        using C = GameConfig<BounceBack, RejectChains, StartingRolls>;
        const StartingRolls rules{1, 6};
        (void)check_round_trips_with<FastGame<C>>(
            [&](std::uint64_t seed) {
                return FastGame<C>(classic(GameConfig<BounceBack>({.play_to_last = true})),
                                   FairDice<>::seeded(seed), four, rules);
            },
            [&](const std::string& text) {
                return load_game<FastGame<C>>(text, FairDice<>(), rules);
            },
            seeds);
    }
    SECTION("MissTurnSquares{20,45}, given, play_to_last") {
        using C = GameConfig<ExactFinish, RejectChains, MissTurnSquares>;
        const MissTurnSquares rules{20, 45};
        const std::vector<std::string> documents = check_round_trips_with<FastGame<C>>(
            [&](std::uint64_t seed) {
                return FastGame<C>(classic(GameConfig<ExactFinish>({.play_to_last = true})),
                                   FairDice<>::seeded(seed), four, rules);
            },
            [&](const std::string& text) {
                return load_game<FastGame<C>>(text, FairDice<>(), rules);
            },
            seeds);
        CHECK(holding(documents, " misses ") > 0);
    }
    SECTION("the user's rules, FollowChains") {
        using House = HouseRules<BackThree, BumpDown>;
        using C = GameConfig<OvershootWins, FollowChains, House>;
        const House rules(BackThree{7, 13, 50}, BumpDown{});
        const std::vector<std::string> documents = check_round_trips_with<FastGame<C>>(
            [&](std::uint64_t seed) {
                GameSettings settings;
                settings.play_to_last = true;
                settings.size = 60;
                return FastGame<C>(
                    Board<C>(std::vector<Jump>{{3, 20}, {20, 33}, {45, 20}, {10, 27}, {58, 40}},
                             settings),
                    FairDice<>::seeded(seed), four, rules);
            },
            [&](const std::string& text) {
                return load_game<FastGame<C>>(text, FairDice<>(), rules);
            },
            seeds);
        CHECK(holding(documents, " moves to ") > 0);
        CHECK(holding(documents, sends_elsewhere) > 0);
    }
    SECTION("every kind at once, two dice, play_to_last") {
        // (Not KnockBack: BumpDown acts on the same tokens, so one of the two would never act.)
        using House = HouseRules<StartingRolls, RollAgainOnMax, MissTurnSquares, BackThree,
                                 BumpDown, LongWait>;
        using C = GameConfig<OvershootWins, SingleJump, House>;
        const House rules(StartingRolls{2, 12}, {}, MissTurnSquares{20, 45}, BackThree{13, 50}, {},
                          {});
        const std::vector<std::string> documents = check_round_trips_with<FastGame<C>>(
            [&](std::uint64_t seed) {
                return FastGame<C>(
                    classic(GameConfig<OvershootWins, SingleJump>({.play_to_last = true})),
                    FairDice<>::seeded(seed, {.sides = 6, .count = 2}), four, rules);
            },
            [&](const std::string& text) {
                return load_game<FastGame<C>>(text, FairDice<>({.sides = 6, .count = 2}), rules);
            },
            seeds);
        REQUIRE_FALSE(documents.empty());
        CHECK_THAT(documents.front(),
                   SL_CONTAINS("\nhouse_rules \"StartingRolls{2,12} + RollAgainOnMax + "
                               "MissTurnSquares{20,45} + BackThree{13,50} + BumpDown + "
                               "LongWait\"\nforfeit_streak 0\nmax_roll_to_start false\n"
                               "knock_back false\n"));
        CHECK(holding(documents, " waits") > 0);
        CHECK(holding(documents, " misses ") > 0);
        CHECK(holding(documents, " moves to ") > 0);
        CHECK(holding(documents, sends_elsewhere) > 0);
        CHECK(holding(documents, misses_twice) > 0); // LongWait's two
    }
    SECTION("ChosenHouseRules given, rather than built from the switches") {
        using C = GameConfig<BounceBack, RejectChains, ChosenHouseRules>;
        const ChosenHouseRules rules({.forfeit_streak = 2, .knock_back = true});
        (void)check_round_trips_with<FastGame<C>>(
            [&](std::uint64_t seed) {
                return FastGame<C>(classic(GameConfig<BounceBack>()), FairDice<>::seeded(seed),
                                   four, rules);
            },
            [&](const std::string& text) {
                return load_game<FastGame<C>>(text, FairDice<>(), rules);
            },
            3);
        // Given, they are the rules the document must name.
        FastGame<C> game(classic(GameConfig<BounceBack>()), FairDice<>::seeded(1), four, rules);
        const std::string text = save_game(game);
        check_refused_with<FastGame<C>>(
            text,
            {4, 13,
             "the game was saved with house rules \"ExtraTurnOnMax<2> + KnockBack\", but the "
             "house rules given are \"ExtraTurnOnMax<3> + KnockBack\""},
            ChosenHouseRules({.forfeit_streak = 3, .knock_back = true}), FairDice<>());
        // Without `house_rules`, the switches.
        check_refused_with<FastGame<C>>(
            without_line(text, 4),
            {4, 16,
             "the game was saved with forfeit_streak 2, but the house rules given have "
             "forfeit_streak 3"},
            ChosenHouseRules({.forfeit_streak = 3, .knock_back = true}), FairDice<>());
    }
}

namespace {

// A rule of the user's that forfeits a turn on any roll of 1, its first roll included.
struct OnesForfeit {
    [[nodiscard]] static std::string name() { return "OnesForfeit"; }
    [[nodiscard]] static bool forfeits(const RollContext& roll) { return roll.roll == 1; }
    friend constexpr bool operator==(const OnesForfeit&, const OnesForfeit&) = default;
};

} // namespace

TEST_CASE("a turn forfeited on its first roll is written as a forfeit", "[saved_game]") {
    using G = SmallGame<OnesForfeit>;
    const std::vector<int> rolls = {3, 1, 1, 2};
    G game = small_game(OnesForfeit{}, rolls);
    for (int t = 0; t < 4; ++t) {
        (void)game.play_turn();
    }
    // The record says so too.
    CHECK(fmt::format("{}", game.records()[2]) == "Ana rolls 1: forfeits the turn, back to 3");
    const std::string text = save_game(game);
    CHECK(text == small_settings(R"("OnesForfeit")") + R"doc(player 0 "Ana"
player 1 "Ben"
turn 1 seat 0 | 3: 0 to 3
turn 2 seat 1 | 1: 0 forfeits to 0
turn 3 seat 0 | 1: 3 forfeits to 3
turn 4 seat 1 | 2: 0 to 2
end
)doc");
    CHECK(load_game<G>(text, script_after(rolls, 4)) == game);
    check_refused<G>(with_line(text, 22, "turn 3 seat 0 | 1: 3 to 3"),
                     {22, 17,
                      "turn 3: the document says \"1: 3 to 3\" for roll 1 of the turn, but on this "
                      "board under these rules it is \"1: 3 forfeits to 3\""});
}

TEST_CASE("a saved game's header is read without loading the game", "[saved_game][header]") {
    // scripted_document, above, line by line.
    const SavedGameHeader header = read_saved_game_header(scripted_document);
    CHECK(header.overshoot == "ExactFinish");
    CHECK(header.chains == "RejectChains");
    CHECK(header.house_rules == "ExtraTurnOnMax<3> + SixToStart + KnockBack");
    CHECK(header.house == HouseRuleSwitches{3, true, true});
    CHECK(header.settings == GameSettings{.size = 20,
                                          .min_players = 2,
                                          .max_players = 8,
                                          .play_to_last = false,
                                          .turn_limit = 4'194'304});
    CHECK(header.jumps == std::vector<Jump>{{8, 16}, {17, 5}});
    CHECK(header.dice == std::vector<SavedDice>{{1, 6, "none"}});
    CHECK_FALSE(header.may_stay);
    CHECK(header.players == std::vector<std::string>{"Ana", "Ben"});
    // The board comes back from the settings and the jumps, without the game.
    using BoardConfig = Board<ScriptedConfig>::config_type;
    CHECK(Board<ScriptedConfig>(header.jumps, BoardConfig(header.settings)) == small_board());

    SECTION("the turns are not read, and nothing is checked against a game type") {
        // A turn line load_game refuses (seat 1 out of turn), a chained board RejectChains
        // refuses (ladder 8-16, snake 16-3), and rules no game type of ours plays.
        std::string odd = with_line(scripted_document, 22, "turn 1 seat 1 | 4: 0 waits");
        odd = with_line(odd, 18, "snake 16-3");
        odd = with_line(odd, 2, "overshoot Wraps");
        const SavedGameHeader read = read_saved_game_header(odd);
        CHECK(read.overshoot == "Wraps");
        CHECK(read.jumps == std::vector<Jump>{{8, 16}, {16, 3}});
        CHECK(read.players == header.players);
        const auto chained = thrown_by<ParseError>([&] {
            (void)load_game<ScriptedGame>(with_line(scripted_document, 18, "snake 16-3"),
                                          ScriptedDice::with_faces(6, {}));
        });
        CHECK(chained.line() == 15);
        CHECK_THAT(std::string(chained.what()), SL_CONTAINS("the board is refused: ladder 8-16"));
        // No house_rules line (a document written before it was added): no name.
        CHECK_FALSE(read_saved_game_header(without_line(scripted_document, 4)).house_rules);
        // turn_limit none is the largest limit.
        CHECK(read_saved_game_header(with_line(scripted_document, 11, "turn_limit none"))
                  .settings.turn_limit == std::numeric_limits<std::uint64_t>::max());
    }
    SECTION("what it reads is refused as load_game refuses it, at the line and column") {
        const std::string& doc = scripted_document;
        // Lines: 1 the header, 2-14 the settings (8 min_players, 9 max_players), 15 `board`,
        // 16-18 the board text, 19 `end board`, 20-21 the players, 22 the first turn.
        const auto [tampered, refused] = GENERATE_REF(table<Tampered, Refused>({
            {replaced(doc, 1, "snakeladder board 1"),
             {1, 1, "this is not a saved game: the first line must be 'snakeladder saved game 1'"}},
            // Missing when `board` is reached, which is line 14 once line 8 is gone.
            {removed(doc, 8),
             {14, 1, "the setting 'min_players' is missing; every setting comes before 'board'"}},
            // "min_players " is 12 bytes: the value is in column 13.
            {replaced(doc, 8, "min_players 0"), {8, 13, "min_players must be at least 1"}},
            {replaced(doc, 9, "max_players 1"),
             {9, 13, "max_players (1) is below min_players (2)"}},
            {removed(doc, 19),
             {19, 1, "the board is not closed: expected 'end board' before the first player"}},
            {replaced(doc, 21, "player 1 \"Ana\""),
             {21, 1,
              "players 0 and 1 are both called \"Ana\"; every player needs a different name"}},
            // "player " is 7 bytes: the seat is in column 8.
            {replaced(doc, 21, "player 2 \"Ben\""),
             {21, 8,
              "expected player 1 next, found player 2 (seats are numbered from 0, in order)"}},
            // The players end at the turn line, now line 21.
            {removed(doc, 21),
             {21, 1, "the game has 1 player, but its settings ask for at least 2"}},
        }));
        INFO(tampered.change);
        const std::string text = tampered.text; // a lambda cannot capture a structured binding
        support::check_refused([&text] { return read_saved_game_header(text); }, refused);
        // load_game says the same.
        check_refused(tampered.text, refused);
    }
    SECTION("a board over the limit is refused before anything is built for it") {
        support::check_refused(
            [&] { return read_saved_game_header(scripted_document, {.max_board_size = 19}); },
            {16, 6,
             "the board has 20 squares, more than the 19 this load allows "
             "(SavedGameLimits::max_board_size)"});
        // A document cut short after its players.
        const std::string cut = scripted_document.substr(0, scripted_document.find("turn 1"));
        support::check_refused([&] { return read_saved_game_header(cut); },
                               {22, 1, "the document ends after its board: it is cut short"});
    }
}
