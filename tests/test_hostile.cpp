// Hostile values: the extremes a caller or a file can hand the library. Each is either served, with
// the exact outcome asserted, or refused with a snakeladder::Error whose message says what was
// wrong. None of these inputs may take memory or time out of proportion to the input itself; a
// quadratic or unbounded path would show as a slow or failing run of this file (times are
// measured in the benchmark, never asserted here).
#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <numeric>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/io/board_text.hpp>
#include <snakeladder/render/render.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace snakeladder;
using support::empty_board;
using support::int64_max;
using support::int64_min;
using support::largest_size;
using support::sized;

namespace {

// Strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF), written here
// independently of the renderer's decoder.
bool is_valid_utf8(std::string_view text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const auto lead = static_cast<unsigned char>(text[at]);
        std::size_t length = 0;
        std::uint32_t code = 0;
        if (lead < 0x80) {
            ++at;
            continue;
        }
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            code = lead & 0x1FU;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            code = lead & 0x0FU;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            code = lead & 0x07U;
        } else {
            return false;
        }
        if (text.size() - at < length) {
            return false;
        }
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[at + k]);
            if ((next & 0xC0U) != 0x80U) {
                return false;
            }
            code = (code << 6U) | (next & 0x3FU);
        }
        const std::uint32_t smallest = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
        if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
            return false;
        }
        at += length;
    }
    return true;
}

bool has_control_bytes(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return (byte < 0x20 && c != '\n') || byte == 0x7F;
    });
}

std::vector<int> one_to(int n) {
    std::vector<int> rolls(static_cast<std::size_t>(n));
    std::iota(rolls.begin(), rolls.end(), 1);
    return rolls;
}

} // namespace

// --- Sizes ---------------------------------------------------------------------------------------

TEST_CASE("a board of the largest size is built and played to its last square",
          "[hostile][board]") {
    const Board<> board({{1, largest_size - 1}, {largest_size - 2, 2}}, sized(largest_size));
    const Move climb = board.step(0, 1);
    REQUIRE(climb.landed == 1);
    REQUIRE(climb.end == largest_size - 1);
    REQUIRE(climb.jumps == JumpPath{{1, largest_size - 1}});
    const Move home = board.step(largest_size - 1, 1);
    REQUIRE(home.end == largest_size);
    REQUIRE(home.home);
    const Move slide = board.step(largest_size - 3, 1);
    REQUIRE(slide.end == 2);
}

TEST_CASE("from_grid refuses a grid too large for a board before reading its rows",
          "[hostile][grid]") {
    // 3163 x 3163 = 10,004,569 squares; the rows are empty, so a check that read them first
    // would report a ragged grid instead.
    const std::vector<std::vector<int>> too_large(3163);
    REQUIRE_THROWS_WITH(from_grid(too_large), "from_grid: a grid of 3163 x 3163 squares is larger "
                                              "than the 10000000 squares a board may have");
    REQUIRE_THROWS_AS(from_grid(too_large), InvalidConfig);

    // 3162 x 3162 = 9,998,244 squares fits.
    const std::vector<std::vector<int>> ragged(3162);
    REQUIRE_THROWS_WITH(from_grid(ragged), "from_grid: row 1 has 0 cells, but the grid has 3162 "
                                           "rows; the grid must be square");
    const std::vector<std::vector<int>> largest(3162, std::vector<int>(3162, -1));
    const auto board = from_grid(largest);
    REQUIRE(board.size() == 9'998'244);
    REQUIRE(board.jumps().empty());
}

TEST_CASE("from_grid cells holding INT_MAX or INT_MIN are jumps off the board", "[hostile][grid]") {
    // The bottom-left cell is square 1.
    REQUIRE_THROWS_WITH(from_grid({{-1, -1}, {INT_MAX, -1}}),
                        "ladder 1-2147483647 ends off the board: squares run 1..4");
    REQUIRE_THROWS_WITH(from_grid({{-1, -1}, {INT_MIN, -1}}),
                        "snake 1--2147483648 ends off the board: squares run 1..4");
    try {
        (void)from_grid({{-1, -1}, {INT_MIN, -1}});
        FAIL("from_grid accepted a jump to INT_MIN");
    } catch (const InvalidBoard& error) {
        REQUIRE(error.reason() == BoardRule::off_board);
    }
}

TEST_CASE("board texts with sizes and squares beyond any board", "[hostile][text]") {
    REQUIRE_THROWS_WITH(parse_board("size 2147483647\n"),
                        "line 1, column 6: the number of squares is too large: a board has at "
                        "most 10000000 squares");
    REQUIRE_THROWS_WITH(parse_board("size 99999999999999999999999999999999\n"),
                        "line 1, column 6: the number of squares is too large: a board has at "
                        "most 10000000 squares");
    REQUIRE_THROWS_WITH(parse_board("size 10\nladder 1-2147483648\n"),
                        "line 2, column 10: the square the jump ends on is too large: a board "
                        "has at most 10000000 squares");
    REQUIRE_THROWS_WITH(parse_board("size -5\n"), SL_CONTAINS("line 1, column 6: expected the "
                                                              "number of squares"));
    const auto board = parse_board("size 10000000\nladder 1-9999999\n");
    REQUIRE(board.size() == largest_size);
    REQUIRE(board.step(0, 1).end == largest_size - 1);
}

// --- Rolls ---------------------------------------------------------------------------------------

TEST_CASE("huge rolls under ExactFinish forfeit the move", "[hostile][rolls]") {
    const auto board = classic(GameConfig<ExactFinish>());
    for (const std::int64_t roll : {std::int64_t{INT_MAX}, int64_max - 1, int64_max}) {
        INFO("roll " << roll);
        const Move move = board.step(97, roll);
        REQUIRE(
            move ==
            Move{.start = 97, .roll = roll, .landed = 97, .end = 97, .jumps = {}, .blocked = true});
        REQUIRE(board.advance(97, roll) == 97);
        REQUIRE(board.advance(0, roll) == 0);
        REQUIRE(board.step(0, roll).blocked);
    }
}

TEST_CASE("huge rolls under BounceBack bounce to square 1, and its ladder", "[hostile][rolls]") {
    const auto board = classic(GameConfig<BounceBack>());
    for (const std::int64_t roll : {std::int64_t{INT_MAX}, int64_max - 1, int64_max}) {
        INFO("roll " << roll);
        REQUIRE(board.step(97, roll) ==
                Move{.start = 97, .roll = roll, .landed = 1, .end = 38, .jumps = {{1, 38}}});
        REQUIRE(board.advance(0, roll) == 38);
        REQUIRE(board.advance(100, roll) == 38);
    }
    // Just below and at the roll that reaches square 1: 3 to home, then 98 or 99 back.
    REQUIRE(board.step(97, 101).end == 2);
    REQUIRE(board.step(97, 102).end == 38);
    REQUIRE(board.step(97, 103).end == 38);
    // On the largest board, from its next-to-last square.
    const auto big = empty_board<GameConfig<BounceBack>>(largest_size);
    REQUIRE(big.advance(largest_size - 1, INT_MAX) == 1);
    REQUIRE(big.advance(largest_size - 1, largest_size - 1) == 2);
    REQUIRE(big.advance(largest_size - 1, largest_size) == 1);
}

TEST_CASE("huge rolls under OvershootWins go home", "[hostile][rolls]") {
    const auto board = classic(GameConfig<OvershootWins>());
    for (const std::int64_t roll : {std::int64_t{INT_MAX}, int64_max - 1, int64_max}) {
        INFO("roll " << roll);
        REQUIRE(
            board.step(97, roll) ==
            Move{.start = 97, .roll = roll, .landed = 100, .end = 100, .jumps = {}, .home = true});
        REQUIRE(board.advance(0, roll) == 100);
    }
}

TEST_CASE("step refuses rolls below 1 and squares off the board at the integer limits",
          "[hostile][rolls]") {
    const auto board = classic();
    REQUIRE_THROWS_WITH(board.step(0, int64_min),
                        "a roll must be at least 1, got -9223372036854775808");
    REQUIRE_THROWS_WITH(board.step(0, 0), "a roll must be at least 1, got 0");
    REQUIRE_THROWS_WITH(board.step(INT_MAX, 1),
                        "square 2147483647 is not on a board of 100 squares (0 is the start)");
    REQUIRE_THROWS_WITH(board.step(INT_MIN, int64_max),
                        "square -2147483648 is not on a board of 100 squares (0 is the start)");
    REQUIRE_THROWS_AS(board.step(101, 1), InvalidConfig);
}

TEST_CASE("traps with huge rolls", "[hostile][rolls][traps]") {
    const std::vector<std::int64_t> huge{int64_max, INT_MAX, int64_max - 1};
    // Every huge roll is forfeited: the start is a trap and nothing else is reached.
    REQUIRE(classic(GameConfig<ExactFinish>()).traps(huge) == std::vector<Square>{0});
    // They bounce to square 1 and climb to 38, from where the same happens again.
    REQUIRE(classic(GameConfig<BounceBack>()).traps(huge) == std::vector<Square>{0, 38});
    REQUIRE(classic(GameConfig<OvershootWins>()).traps(huge).empty());
    // Rolls below 1 are ignored rather than trusted.
    const std::vector<std::int64_t> with_bad{int64_min, -1, 0, 1, 2, 3, 4, 5, 6};
    REQUIRE(classic().traps(with_bad).empty());
}

TEST_CASE("traps refuses a search too long, naming the call and the sizes", "[hostile][traps]") {
    // 27 runs of rolls (1, 3, 5 ... 53) from each of 10,000,000 squares: 270,000,000 moves, above
    // max_trap_moves (134,217,728). Refused before any work is done.
    const auto board = empty_board(largest_size);
    std::vector<int> odd;
    for (int roll = 1; roll <= 53; roll += 2) {
        odd.push_back(roll);
    }
    REQUIRE_THROWS_WITH(board.traps(odd),
                        "Board::traps: finding the traps for these rolls would examine 270000000 "
                        "moves (27 runs of consecutive rolls from each of 10000000 squares), more "
                        "than the 134217728 allowed (max_trap_moves); use rolls that form fewer "
                        "runs (1..6 is one run, 2, 4, 6 three) or a smaller board");
    REQUIRE_THROWS_AS(board.traps(odd), InvalidConfig);
    const auto refused = thrown_by<AnalysisLimitExceeded>([&] { (void)board.traps(odd); });
    CHECK(refused.count() == 270'000'000.0);
    CHECK(refused.limit() == 134'217'728.0);
    CHECK(refused.instead() ==
          "use rolls that form fewer runs (1..6 is one run, 2, 4, 6 three) or a smaller board");
    // Consecutive rolls are one run however many: 1..27 is examined (the largest board with a
    // d20 is below, through Game), and every square climbs home.
    REQUIRE(empty_board(1'000'000).traps(one_to(27)).empty());
    // Repeats are not distinct moves.
    std::vector<int> repeated(1'000'000, 6);
    repeated.push_back(1);
    REQUIRE(empty_board(1000).traps(repeated).empty());
}

TEST_CASE("a game accepts any dice the documented limits allow", "[hostile][traps][game]") {
    // 100,000 faces on 40,000 squares: once listed roll by roll, now one run, 1..40,001 (every
    // roll from 40,001 on is forfeited from every square under ExactFinish: its alike_from). A roll
    // of exactly what is left reaches home from every square, so nothing is a trap.
    const Game big_die(Board<>({}, sized(40'000)), FairDice<>::seeded(1, {.sides = 100'000}),
                       {"a", "b"});
    REQUIRE(big_die.turns() == 0);
    // A d20 on the largest board: one run of 20 rolls, where 20 rolls per square were more
    // moves than max_trap_moves.
    const Game d20(empty_board(largest_size), FairDice<>::seeded(1, {.sides = 20}), {"a", "b"});
    REQUIRE(d20.turns() == 0);
    // So does simulate, which asks the same question.
    const SimulationResult one =
        simulate(Board<>({}, sized(40'000)), FairDice<>::seeded(1, {.sides = 100'000}),
                 {.games = 1, .threads = 1, .max_turns = 5});
    REQUIRE(one.games == 1);
}

TEST_CASE("a game refuses dice whose rolls form too many runs, naming Game",
          "[hostile][traps][game]") {
    // Loaded dice of the odd faces 1, 3 ... 13,999: 7,000 runs of one roll, from each of 20,000
    // squares 140,000,000 moves, above max_trap_moves (134,217,728).
    std::vector<std::int64_t> odd(14'000, 0);
    for (std::size_t face = 0; face < odd.size(); face += 2) {
        odd[face] = 1;
    }
    const auto game = [&] {
        return Game(Board<>({}, sized(20'000)), LoadedDice<>::seeded(1, odd), {"a", "b"});
    };
    REQUIRE_THROWS_WITH(game(), "Game: checking that these dice can bring a token home would "
                                "examine 140000000 moves (7000 runs of consecutive rolls from each "
                                "of 20000 squares), more than the 134217728 allowed "
                                "(max_trap_moves); use rolls that form fewer runs (1..6 is one "
                                "run, 2, 4, 6 three) or a smaller board");
    REQUIRE_THROWS_AS(game(), InvalidConfig);
    // Under house rules whole turns are followed roll by roll: 100,000 faces on 20,000 squares
    // are the rolls 1..20,001 (every longer roll is forfeited from every square under
    // ExactFinish, which declares it: alike_from) and the maximum, 100,000, from each square
    // 400,040,000 moves.
    const auto knock_back = [&] {
        return Game(Board<>({}, sized(20'000)), FairDice<>::seeded(1, {.sides = 100'000}),
                    {"a", "b"}, KnockBack{});
    };
    REQUIRE_THROWS_WITH(knock_back(),
                        "Game: checking that these dice can bring a token home under house rules "
                        "KnockBack would follow 20002 rolls from each of 20000 squares, 400040000 "
                        "moves, more than the 134217728 allowed (max_trap_moves); use dice of "
                        "fewer faces or a smaller board");
    const auto refused = thrown_by<AnalysisLimitExceeded>([&] { (void)knock_back(); });
    CHECK(refused.count() == 400'040'000.0);
    CHECK(refused.limit() == 134'217'728.0);
    CHECK(refused.instead() == "use dice of fewer faces or a smaller board");
}

// --- Dice ----------------------------------------------------------------------------------------

TEST_CASE("a fair die of INT_MAX faces rolls, but does not tabulate its odds", "[hostile][dice]") {
    auto dice = FairDice<>::seeded(7, {.sides = INT_MAX});
    auto again = FairDice<>::seeded(7, {.sides = INT_MAX});
    REQUIRE(dice.min_roll() == 1);
    REQUIRE(dice.max_roll() == INT_MAX);
    bool above_half = false;
    for (int i = 0; i < 1000; ++i) {
        const int roll = dice.roll();
        REQUIRE(roll >= 1);
        REQUIRE(roll == again.roll());
        above_half = above_half || roll > INT_MAX / 2; // fails with probability 2^-1000
    }
    REQUIRE(above_half);
    REQUIRE_THROWS_WITH(dice.face_probabilities(),
                        "FairDice: face probabilities are tabulated up to a roll of 65536, but "
                        "count 1 * sides 2147483647 rolls up to 2147483647");
    REQUIRE_THROWS_WITH(possible_rolls(dice),
                        "possible_rolls: the dice roll up to 2147483647, more than the 65536 "
                        "that can be listed; pass at_most to list fewer");
    REQUIRE(possible_rolls(dice, 12) == one_to(12));
}

TEST_CASE("fair dice with too many dice, or a sum past INT_MAX, are refused", "[hostile][dice]") {
    REQUIRE_THROWS_WITH(FairDice<>({.sides = 6, .count = 1000}),
                        "FairDice: count must be at most 100, got 1000");
    REQUIRE_THROWS_WITH(FairDice<>({.sides = 6, .count = INT_MAX}),
                        "FairDice: count must be at most 100, got " + std::to_string(INT_MAX));
    REQUIRE_THROWS_WITH(FairDice<>({.sides = 6, .count = INT_MIN}),
                        "FairDice: count must be at least 1, got " + std::to_string(INT_MIN));
    REQUIRE_THROWS_WITH(FairDice<>({.sides = INT_MIN}),
                        "FairDice: sides must be at least 2, got " + std::to_string(INT_MIN));
    REQUIRE_THROWS_WITH(FairDice<>({.sides = INT_MAX, .count = 2}),
                        "FairDice: count * sides must fit in an int (at most 2147483647), but "
                        "count 2 * sides 2147483647 does not");
    // The largest sum that fits: 100 dice of 21,474,836 faces.
    auto most = FairDice<>::seeded(3, {.sides = INT_MAX / 100, .count = 100});
    REQUIRE(most.max_roll() == 2'147'483'600);
    for (int i = 0; i < 100; ++i) {
        const int roll = most.roll();
        REQUIRE(roll >= 100);
        REQUIRE(roll <= 2'147'483'600);
    }
}

TEST_CASE("the largest tabulated fair dice have odds that add up", "[hostile][dice]") {
    const FairDice<> dice(
        {.sides = 655, .count = 100}); // rolls 100..65,500, just under max_tabulated_roll
    const std::span<const double> odds = dice.face_probabilities();
    REQUIRE(odds.size() == 65'501);
    REQUIRE(odds[99] == 0.0);
    REQUIRE(odds[100] > 0.0); // 655^-100, about 1e-282: small, but a double holds it
    double total = 0;
    double mean = 0;
    for (std::size_t r = 0; r < odds.size(); ++r) {
        total += odds[r];
        mean += static_cast<double>(r) * odds[r];
    }
    REQUIRE(total == Approx(1.0).epsilon(1e-9));
    REQUIRE(mean == Approx(100 * 328.0).epsilon(1e-9)); // 100 dice of mean (1 + 655) / 2
}

TEST_CASE("loaded dice with a million faces", "[hostile][dice]") {
    auto dice = LoadedDice<>::seeded(11, std::vector<std::int64_t>(1'000'000, 1));
    REQUIRE(dice.min_roll() == 1);
    REQUIRE(dice.max_roll() == 1'000'000);
    REQUIRE(dice.total_weight() == 1'000'000);
    REQUIRE(dice.face_probabilities().size() == 1'000'001);
    REQUIRE(dice.face_probabilities()[1'000'000] == 1e-6);
    for (int i = 0; i < 1000; ++i) {
        const int roll = dice.roll();
        REQUIRE(roll >= 1);
        REQUIRE(roll <= 1'000'000);
    }
    REQUIRE_THROWS_WITH(possible_rolls(dice), SL_CONTAINS("the dice roll up to 1000000"));
    REQUIRE(possible_rolls(dice, 10) == one_to(10));

    // Only the last face weighs anything: every roll is a million.
    std::vector<std::int64_t> last_only(1'000'000, 0);
    last_only.back() = 1;
    auto sure = LoadedDice<>::seeded(11, last_only);
    REQUIRE(sure.min_roll() == 1'000'000);
    REQUIRE(sure.roll() == 1'000'000);
    REQUIRE(possible_rolls(sure, max_tabulated_roll).empty());
}

TEST_CASE("loaded dice weights at the integer limits", "[hostile][dice]") {
    // Two weights of INT64_MAX add up to 2^64 - 2, which still fits.
    auto even = LoadedDice<>::seeded(5, {int64_max, int64_max});
    REQUIRE(even.total_weight() == std::numeric_limits<std::uint64_t>::max() - 1);
    REQUIRE(even.face_probabilities()[1] == 0.5);
    for (int i = 0; i < 100; ++i) {
        const int roll = even.roll();
        REQUIRE((roll == 1 || roll == 2));
    }
    REQUIRE_THROWS_WITH(LoadedDice<>({int64_max, int64_max, 2}),
                        "LoadedDice: the weights add up to more than 18446744073709551615");
    REQUIRE_THROWS_WITH(LoadedDice<>({1, int64_min}),
                        "LoadedDice: weights[1] (face 2) is -9223372036854775808; a weight "
                        "cannot be negative");
}

TEST_CASE("scripted rolls of INT_MAX", "[hostile][dice]") {
    ScriptedDice dice{INT_MAX, INT_MAX};
    REQUIRE(dice.min_roll() == INT_MAX);
    REQUIRE(dice.max_roll() == INT_MAX);
    const auto board = classic(GameConfig<BounceBack>());
    REQUIRE(board.step(0, dice.roll()).end == 38);
    REQUIRE(board.step(38, dice.roll()).end == 38);
    REQUIRE_THROWS_WITH(dice.roll(), "ScriptedDice: all 2 scripted rolls have been used");
    REQUIRE(dice.remaining() == 0);
    // Every scripted roll is above 200, so none is listed up to 200.
    REQUIRE(possible_rolls(dice, 200).empty());
    REQUIRE_THROWS_WITH(possible_rolls(dice), SL_CONTAINS("the dice roll up to 2147483647"));
    REQUIRE_THROWS_WITH(ScriptedDice({6, INT_MIN}),
                        "ScriptedDice: rolls[1] is -2147483648; every scripted roll must be at "
                        "least 1");
}

// --- Large board files -----------------------------------------------------------------------

TEST_CASE("five megabytes of jump lines for a board of ten million squares", "[hostile][text]") {
    std::string text = "size 10000000\n";
    std::size_t jumps = 0;
    // Ladders from even squares to the odd square above: no jump ends where another starts.
    for (Square start = 2; text.size() < (std::size_t{5} << 20); start += 2, ++jumps) {
        text += "ladder " + std::to_string(start) + "-" + std::to_string(start + 1) + "\n";
    }
    const auto board = parse_board(text);
    REQUIRE(board.size() == largest_size);
    REQUIRE(board.jumps().size() == jumps);
    REQUIRE(board.jumps().back() ==
            Jump{static_cast<Square>(2 * jumps), static_cast<Square>(2 * jumps + 1)});
    REQUIRE(to_text(board) == text);
}

TEST_CASE("five megabytes of comments and blank lines", "[hostile][text]") {
    std::string text;
    const std::string comment = "# " + std::string(76, 'c') + "\r\n";
    while (text.size() < (std::size_t{5} << 20)) {
        text += comment;
        text += "\n \t\n";
    }
    text += "size 10 # the only size\nladder 2-9\n";
    text += text.substr(0, std::size_t{1} << 20); // and another megabyte after it
    REQUIRE(parse_board(text) == Board<>({{2, 9}}, sized(10)));
}

TEST_CASE("single lines of ten megabytes are read in one pass", "[hostile][text]") {
    constexpr std::size_t ten_megabytes = std::size_t{10} << 20;
    SECTION("trailing blanks are served") {
        const std::string text = "size 10 " + std::string(ten_megabytes, ' ');
        REQUIRE(parse_board(text).size() == 10);
    }
    SECTION("a long comment is served") {
        const std::string text = "size 10\nladder 2-9 #" + std::string(ten_megabytes, 'x');
        REQUIRE(parse_board(text) == Board<>({{2, 9}}, sized(10)));
    }
    SECTION("leading zeros are served") {
        const std::string text = "size " + std::string(ten_megabytes, '0') + "7";
        REQUIRE(parse_board(text).size() == 7);
    }
    SECTION("a word of ten megabytes is quoted short") {
        const std::string text(ten_megabytes, 'a');
        REQUIRE_THROWS_WITH(parse_board(text), "line 1, column 1: unknown word "
                                               "'aaaaaaaaaaaaaaaaaaaa...': expected 'size', "
                                               "'ladder' or 'snake'");
    }
    SECTION("a number of ten megabytes stops at the first digit too many") {
        const std::string text = "size 10\nladder 1-" + std::string(ten_megabytes, '9');
        REQUIRE_THROWS_WITH(parse_board(text), "line 2, column 10: the square the jump ends on is "
                                               "too large: a board has at most 10000000 squares");
    }
    SECTION("ten megabytes of bytes that are not text") {
        const std::string text(ten_megabytes, '\xff');
        REQUIRE_THROWS_WITH(parse_board(text), "line 1, column 1: expected 'size', 'ladder' or "
                                               "'snake', found '" +
                                                   std::string(20, '?') + "'");
    }
    SECTION("ten million empty lines") {
        const std::string text(ten_megabytes, '\n');
        REQUIRE_THROWS_WITH(parse_board(text),
                            "line 1, column 1: no size given: a board starts with a line 'size N'");
    }
    SECTION("ten megabytes of NUL bytes after a valid board") {
        const std::string text = "size 10\n" + std::string(ten_megabytes, '\0');
        try {
            (void)parse_board(text);
            FAIL("NUL bytes were accepted as a board line");
        } catch (const ParseError& error) {
            REQUIRE(error.line() == 2);
            REQUIRE(error.column() == 1);
            REQUIRE(std::string_view(error.what()).size() < 200);
        }
    }
}

// --- Labels with any bytes -----------------------------------------------------------------------

TEST_CASE("token labels with NUL, invalid UTF-8 and escapes are drawn cleaned",
          "[hostile][render]") {
    const Board<> board({}, sized(2));
    const std::string nul("A\0B", 3);
    const std::string overlong_nul = "\xC0\x80";  // NUL written in two bytes: not UTF-8
    const std::string surrogate = "\xED\xA0\x80"; // U+D800: not UTF-8 either
    const std::string escape = "\x1b]0;pwned\x07";
    const std::string text = render_text(
        board,
        {.tokens = {
             {nul, 1}, {overlong_nul, 1}, {surrogate, 2}, {escape, 2}, {std::string(1, '\0'), 0}}});
    REQUIRE(text == "1 AB,\xEF\xBF\xBD\xEF\xBF\xBD        "
                    "2 \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD,]0;pwned\n"
                    "waiting to start: ?\n");
    REQUIRE(is_valid_utf8(text));
    REQUIRE_FALSE(has_control_bytes(text));

    const std::string svg = render_svg(
        board, {.tokens = {{nul, 1}, {overlong_nul, 1}, {surrogate, 2}, {escape + "<&>", 0}},
                .title = std::string("T\0\xff", 3)});
    REQUIRE(is_valid_utf8(svg));
    REQUIRE_FALSE(has_control_bytes(svg));
    REQUIRE(svg.find("<title>T\xEF\xBF\xBD</title>") != std::string::npos);
    REQUIRE(svg.find(">AB</text>") != std::string::npos);
    REQUIRE(svg.find(">]0;pwned&lt;&amp;&gt;</text>") != std::string::npos);
}

TEST_CASE("labels of ten megabytes: refused as text, drawn once as SVG", "[hostile][render]") {
    const std::string label(std::size_t{10} << 20, 'x');
    // Every cell of a text drawing is as wide as the widest, so this would take a gigabyte.
    REQUIRE_THROWS_WITH(render_text(classic(), {.tokens = {{label, 5}}}),
                        "drawing this board as text would take about 1000 MiB (at most 64 MiB): "
                        "use shorter token labels or a smaller board");
    // Waiting to start, it takes one line.
    const std::string waiting = render_text(classic(), {.tokens = {{label, 0}}});
    REQUIRE(waiting.size() == render_text(classic()).size() + 18 + label.size() + 1);
    // In SVG a label is written twice (its hover title and its text) and nothing grows with it.
    const std::string svg = render_svg(classic(), {.tokens = {{label, 5}}});
    const std::size_t first = svg.find(label);
    REQUIRE(first != std::string::npos);
    const std::size_t second = svg.find(label, first + label.size());
    REQUIRE(second != std::string::npos);
    REQUIRE(svg.find(label, second + label.size()) == std::string::npos);
    const std::string small = render_svg(classic(), {.tokens = {{"x", 5}}});
    REQUIRE(svg.size() < small.size() + 2 * label.size());
    // Off the board, it is refused with a message that shows 40 bytes of it, escaped.
    const std::string hostile = "\x1b]0;" + label;
    REQUIRE_THROWS_WITH(render_svg(classic(), {.tokens = {{hostile, 101}}}),
                        "token \"\\x1b]0;" + std::string(36, 'x') +
                            "\"... (10485764 bytes) is on square 101, which is not on a board of "
                            "100 squares (0 is the start)");
}

TEST_CASE("render options at the integer limits are refused", "[hostile][render]") {
    const auto board = classic();
    REQUIRE_THROWS_WITH(render_text(board, {.row_width = INT_MAX}),
                        "the row width must be between 1 and 1000 squares, got 2147483647");
    REQUIRE_THROWS_WITH(render_svg(board, {.row_width = INT_MIN}),
                        "the row width must be between 1 and 1000 squares, got -2147483648");
    REQUIRE_THROWS_WITH(render_svg(board, {.cell_size = INT_MAX}),
                        "the SVG cell size must be between 8 and 1000 units, got 2147483647");
    REQUIRE_THROWS_WITH(render_text(board, {.tokens = {{"A", INT_MAX}}}),
                        "token \"A\" is on square 2147483647, which is not on a board of 100 "
                        "squares (0 is the start)");
    REQUIRE_THROWS_AS(render_svg(board, {.tokens = {{"A", INT_MIN}}}), InvalidConfig);
}

// --- Sharing -------------------------------------------------------------------------------------

// --- Games: players, names, turn limits ----------------------------------------------------------

namespace {

std::vector<std::string> numbered_players(std::size_t count) {
    std::vector<std::string> names;
    names.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        // Not "p" + std::to_string(i): g++ 12 at -O3 warns about that with a false -Wrestrict.
        names.push_back(fmt::format("p{}", i));
    }
    return names;
}

// An error message is one line of printable text: no control byte, not even a line break.
bool one_printable_line(std::string_view message) {
    return std::none_of(message.begin(), message.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7F;
    });
}

} // namespace

TEST_CASE("5,000 players: built, played by name and ranked", "[hostile][game]") {
    const GameConfig<> config({.max_players = 5'000});
    const std::vector<std::string> names = numbered_players(5'000);
    Game game(classic(config), ScriptedDice{3, 1, 6}, names);

    CHECK(fmt::format("{}", game.play_turn()) == "p0 rolls 3: 0 to 3");
    CHECK(fmt::format("{}", game.take_turn("p1")) == "p1 rolls 1: 0 to 38 via ladder 1-38");
    CHECK(message_of<NotYourTurn>([&] { game.take_turn("p4999"); }) ==
          "it is p2's turn, not p4999's");
    CHECK(message_of<InvalidPlayers>([&] { game.take_turn("p5000"); }) ==
          "there is no player called \"p5000\" in this game (players: p0, p1, p2, p3, p4, p5, "
          "p6, p7 and 4992 more)");
    CHECK(fmt::format("{}", game.take_turn("p2")) == "p2 rolls 6: 0 to 6");
    CHECK(game.current_player() == "p3");
    CHECK(game.position("p4999") == 0);
    CHECK(game.position(std::size_t{1}) == 38);

    const std::vector<Standing> ranking = game.ranking();
    REQUIRE(ranking.size() == 5'000);
    CHECK(ranking[0] == Standing{1, 1, "p1", 38, false});
    CHECK(ranking[1] == Standing{2, 2, "p2", 6, false});
    CHECK(ranking[2] == Standing{3, 0, "p0", 3, false});
    CHECK(ranking[3] == Standing{4, 3, "p3", 0, false});
    CHECK(ranking.back() == Standing{5'000, 4'999, "p4999", 0, false});
    CHECK(game.turns() == 3);
    CHECK_THROWS_AS(game.play_turn(), DiceExhausted);
    CHECK(game.turns() == 3);
}

TEST_CASE("100,000 players, the most a game takes: built, played, ranked; one more is refused",
          "[hostile][game]") {
    constexpr int most = GameConfig<>::max_player_limit;
    using Config = GameConfig<ExactFinish, RejectChains, KnockBack>;
    const Board<Config> board = classic(GameConfig<>({.max_players = most}));
    std::vector<std::string> names = numbered_players(most + 1);

    CHECK(message_of<InvalidPlayers>([&] { Game(board, ScriptedDice{1}, names, KnockBack{}); }) ==
          "this game needs 2 to 100000 players, got 100001");
    names.back() = "p0";
    CHECK(message_of<InvalidPlayers>([&] { Game(board, ScriptedDice{1}, names, KnockBack{}); }) ==
          "this game needs 2 to 100000 players, got 100001");
    names.pop_back();
    names.back() = "p0";
    CHECK(message_of<InvalidPlayers>([&] { Game(board, ScriptedDice{1}, names, KnockBack{}); }) ==
          "two players are called \"p0\" (seats 0 and 99999); every player needs a different "
          "name");
    names.back() = "p99999";

    // Knock-back scans every token on each move: p1 lands on p0's square and sends it back.
    Game game(board, ScriptedDice{2, 2, 5}, names, KnockBack{});
    CHECK(fmt::format("{}", game.play_turn()) == "p0 rolls 2: 0 to 2");
    CHECK(fmt::format("{}", game.take_turn("p1")) == "p1 rolls 2: 0 to 2, sends p0 back to 0");
    CHECK(fmt::format("{}", game.take_turn("p2")) == "p2 rolls 5: 0 to 5");
    CHECK(game.positions()[0] == 0);
    CHECK(message_of<NotYourTurn>([&] { game.take_turn("p99999"); }) ==
          "it is p3's turn, not p99999's");
    const std::vector<Standing> ranking = game.ranking();
    REQUIRE(ranking.size() == static_cast<std::size_t>(most));
    CHECK(ranking[0] == Standing{1, 2, "p2", 5, false});
    CHECK(ranking[1] == Standing{2, 1, "p1", 2, false});
    CHECK(ranking[2] == Standing{3, 0, "p0", 0, false});
    CHECK(ranking.back() == Standing{100'000, 99'999, "p99999", 0, false});

    // Undo puts the knocked-back token back.
    CHECK(game.undo().player == "p2");
    CHECK(game.undo().knocked_back == std::vector<KnockedBack>{{0, "p0", 2, 0}});
    CHECK(game.positions()[0] == 2);
    CHECK(game.current_player() == "p1");
}

TEST_CASE("names with NUL, line breaks, control characters and invalid UTF-8", "[hostile][game]") {
    const std::vector<std::string> names = {
        std::string("A\0b", 3), "line\nbreak",
        "\x1b[31mred",          "\xff\xfe",
        "Zo\xc3\xab",           std::string("\xe2\x80\xae") + "evil",
        R"(say "hi" \o/)"};
    const Board<> board(std::vector<Jump>{}, sized(5));
    Game game(board, ScriptedDice{1, 2, 5}, names);

    SECTION("records keep the names as given, and print them as given") {
        const TurnRecord first = game.play_turn();
        CHECK(first.player == names[0]);
        CHECK(first.player.size() == 3);
        CHECK(fmt::format("{}", first) == std::string("A\0b rolls 1: 0 to 1", 19));
        CHECK(game.take_turn(names[1]).player == "line\nbreak");
        CHECK(game.position(std::string_view("A\0b", 3)) == 1);
        CHECK(game.seat_of(std::string_view("A\0b", 3)) == 0);
        // Only the NUL tells these apart: "A" is not "A\0b".
        CHECK_THROWS_AS(game.position("A"), InvalidPlayers);
    }

    SECTION("error messages show them quoted and escaped, on one printable line") {
        const std::string unknown = message_of<InvalidPlayers>([&] { game.take_turn("A"); });
        CHECK(unknown == "there is no player called \"A\" in this game (players: \"A\\x00b\", "
                         "\"line\\nbreak\", \"\\x1b[31mred\", \"\\xff\\xfe\", Zo\xc3\xab, "
                         "\"\\u{202e}evil\", \"say \\\"hi\\\" \\\\o/\")");
        CHECK(one_printable_line(unknown));
        CHECK(is_valid_utf8(unknown));

        const std::string hostile(std::string("\xc0\x80\0\r\t\x7f\xc2\x85\xef\xbb\xbf", 11));
        CHECK(message_of<InvalidPlayers>([&] { (void)game.position(hostile); }) ==
              "there is no player called \"\\xc0\\x80\\x00\\r\\t\\x7f\\u{85}\\u{feff}\" in this "
              "game (players: \"A\\x00b\", \"line\\nbreak\", \"\\x1b[31mred\", \"\\xff\\xfe\", "
              "Zo\xc3\xab, \"\\u{202e}evil\", \"say \\\"hi\\\" \\\\o/\")");

        (void)game.play_turn();
        CHECK(message_of<NotYourTurn>([&] { game.take_turn(names[3]); }) ==
              "it is \"line\\nbreak\"'s turn, not \"\\xff\\xfe\"'s");
        (void)game.play_turn();
        CHECK(message_of<NotYourTurn>([&] { game.take_turn(names[4]); }) ==
              "it is \"\\x1b[31mred\"'s turn, not Zo\xc3\xab's");
        CHECK(fmt::format("{}", game.play_turn()) ==
              "\x1b[31mred rolls 5: 0 to 5 and is home (1st)");
        CHECK(message_of<GameOver>([&] { game.play_turn(); }) ==
              "the game is over after 3 turns: \"\\x1b[31mred\" won");
        CHECK(game.winner() == names[2]);
    }

    SECTION("duplicates that differ only after a NUL are different names") {
        const std::vector<std::string> twins = {std::string("a\0b", 3), std::string("a\0c", 3),
                                                std::string("a\0b", 3)};
        CHECK(message_of<InvalidPlayers>([&] { Game(board, ScriptedDice{1}, twins); }) ==
              "two players are called \"a\\x00b\" (seats 0 and 2); every player needs a "
              "different name");
        CHECK(Game(board, ScriptedDice{1}, {twins[0], twins[1]}).players().size() == 2);
    }
}

TEST_CASE("a name of a megabyte: messages show 40 bytes of it and its length", "[hostile][game]") {
    const std::string huge(std::size_t{1} << 20U, 'x');
    const std::string shown = "\"" + std::string(40, 'x') + "\"... (1048576 bytes)";
    const Board<> board(std::vector<Jump>{}, sized(10));
    Game game(board, ScriptedDice{4, 3}, {"Ana", huge});

    const std::string unknown =
        message_of<InvalidPlayers>([&] { game.take_turn(std::string(huge.size(), 'y')); });
    CHECK(unknown == "there is no player called \"" + std::string(40, 'y') +
                         "\"... (1048576 bytes) in this game (players: Ana, " + shown + ")");
    CHECK(message_of<NotYourTurn>([&] { game.take_turn(huge); }) ==
          "it is Ana's turn, not " + shown + "'s");
    CHECK(message_of<InvalidPlayers>([&] {
              Game(board, ScriptedDice{1}, {huge, "Ana", huge});
          }) == "two players are called " + shown +
                    " (seats 0 and 2); every player needs a different "
                    "name");

    // A multi-byte character that would straddle the cut is left out whole.
    const std::string accented = std::string(39, 'a') + "\xc3\xab" + "b";
    CHECK(message_of<InvalidPlayers>([&] { (void)game.position(accented); }) ==
          "there is no player called \"" + std::string(39, 'a') +
              "\"... (42 bytes) in this game (players: Ana, " + shown + ")");
    // Exactly 40 bytes are shown whole.
    const std::string forty(40, 'z');
    CHECK(message_of<InvalidPlayers>([&] { (void)game.position(forty); }) ==
          "there is no player called \"" + forty + "\" in this game (players: Ana, " + shown + ")");

    // The record keeps the whole name.
    (void)game.play_turn();
    const TurnRecord record = game.play_turn();
    CHECK(record.player == huge);
    CHECK(fmt::format("{}", record) == huge + " rolls 3: 0 to 3");
}

TEST_CASE("regression (fuzz_game): a roll after a blocked maximum from square 0 waits",
          "[hostile][game][house]") {
    // A one-square board and a die that rolls 7, then 2: the 7 is the maximum, so it may start,
    // but exact finish blocks it; the extra roll it grants is a 2, which waits on square 0.
    const Board<> board(std::vector<Jump>{}, {.size = 1, .min_players = 1});
    Game game(board, ScriptedDice{7, 2}, {"Ana"},
              ChosenHouseRules({.forfeit_streak = 3, .max_roll_to_start = true}));
    const TurnRecord record = game.play_turn();
    CHECK(fmt::format("{}", record) ==
          "Ana rolls 7, needs exactly 1, stays on 0, rolls 2, needs a 7 to start, waits on 0");
    CHECK_FALSE(record.waiting);
    CHECK(record.blocked);
    REQUIRE(record.extra_rolls.size() == 1);
    const ExtraRoll& extra = record.extra_rolls[0];
    CHECK(extra.roll == 2);
    CHECK(extra.start == 0);
    CHECK(extra.end == 0);
    CHECK(extra.needed == 7);
    CHECK(extra.waiting);
    CHECK_FALSE(extra.blocked);
    CHECK_FALSE(extra.forfeits);
    CHECK(record.end == 0);
}

TEST_CASE("turn limits: 0 is refused, 1 stops after one turn, UINT64_MAX plays to the end",
          "[hostile][game][limit]") {
    constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    REQUIRE_THROWS_AS(
        Game(classic(GameConfig<>({.turn_limit = 0})), ScriptedDice{1}, {"Ana", "Ben"}),
        InvalidConfig);

    SECTION("the largest limit is the default, and a game under it plays to its end") {
        Game limited(classic(GameConfig<>({.turn_limit = most})), FairDice<>::seeded(29),
                     {"Ana", "Ben", "Cy"});
        Game unlimited(classic(), FairDice<>::seeded(29), {"Ana", "Ben", "Cy"});
        const GameResult result = limited.play();
        CHECK(result.status == GameStatus::finished);
        CHECK(result.winner == "Ana");
        CHECK(result.turns == 34);
        CHECK(unlimited.play() == result);
        CHECK(limited.records() == unlimited.records());
    }

    SECTION("a limit of 1: one turn, then every move is refused until it is undone") {
        Game game(classic(GameConfig<>({.turn_limit = 1})), ScriptedDice{3, 4}, {"Ana", "Ben"});
        CHECK(fmt::format("{}", game.play_turn()) == "Ana rolls 3: 0 to 3");
        CHECK(game.status() == GameStatus::turn_limit_reached);
        const std::string limit = "the game has reached its turn limit of 1 turns without a winner";
        CHECK(message_of<TurnLimitReached>([&] { game.play_turn(); }) == limit);
        CHECK(message_of<TurnLimitReached>([&] { game.take_turn("Ben"); }) == limit);
        CHECK(message_of<TurnLimitReached>([&] { game.take_turn("Ana"); }) == limit);
        CHECK(message_of<TurnLimitReached>([&] { game.play(); }) == limit);
        const std::vector<int> four{4};
        CHECK(message_of<TurnLimitReached>([&] { game.replay_turn(four); }) == limit);
        // A name not in the game is refused as such, before the limit.
        CHECK_THROWS_AS(game.take_turn("Cy"), InvalidPlayers);
        CHECK(game.dice().used() == 1);
        CHECK(game.undo().roll == 3);
        CHECK(game.status() == GameStatus::not_started);
        CHECK(fmt::format("{}", game.play_turn()) == "Ana rolls 4: 0 to 14 via ladder 4-14");
    }

    SECTION("a turn of several rolls counts once against the limit") {
        using Config = GameConfig<ExactFinish, RejectChains, ExtraTurnOnMax<3>>;
        const Board<Config> board(std::vector<Jump>{}, {.size = 30, .turn_limit = 2});
        Game game(board, ScriptedDice::with_faces(6, {6, 6, 6, 1, 6, 2}), {"Ana", "Ben"},
                  ExtraTurnOnMax<3>{});
        const GameResult result = game.play();
        CHECK(result.status == GameStatus::turn_limit_reached);
        CHECK(result.turns == 2);
        const std::vector<TurnRecord> records = game.records();
        REQUIRE(records.size() == 2);
        CHECK(fmt::format("{}", records[0]) ==
              "Ana rolls 6: 0 to 6, rolls 6: 6 to 12, rolls 6: forfeits the turn, back to 0");
        CHECK(records[0].rolls() == std::vector<int>{6, 6, 6});
        CHECK(fmt::format("{}", records[1]) == "Ben rolls 1: 0 to 1");
        CHECK(game.dice().used() == 4);
        CHECK_THROWS_AS(game.play_turn(), TurnLimitReached);
        CHECK(game.dice().used() == 4);
    }

    SECTION("a game that ends on its last allowed turn is finished, not stopped by the limit") {
        Game game(Board<>(std::vector<Jump>{}, GameConfig<>({.size = 5, .turn_limit = 2})),
                  ScriptedDice{1, 5, 1}, {"Ana", "Ben"});
        const GameResult result = game.play();
        CHECK(result.status == GameStatus::finished);
        CHECK(result.winner == "Ben");
        CHECK(result.turns == 2);
        CHECK(message_of<GameOver>([&] { game.play_turn(); }) ==
              "the game is over after 2 turns: Ben won");
    }
}
