// The plain-text board format: round trips and every kind of mistake, with line and column.
#include "support/catch.hpp"

#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/io/board_text.hpp>
#include <string>
#include <vector>

using namespace snakeladder;

TEST_CASE("the text format reads a commented board", "[text]") {
    const std::string text = "# The board of the small example\r\n"
                             "\n"
                             "size 9   # nine squares\r\n"
                             "\tladder 4-7\n"
                             "snake   8 - 2\n";
    const Board<> board = parse_board(text);
    CHECK(board == Board<>({{4, 7}, {8, 2}}, GameConfig<>({.size = 9})));
    CHECK(to_text(board) == "size 9\nladder 4-7\nsnake 8-2\n");
}

TEST_CASE("what to_text writes parses back to an equal board", "[text]") {
    CHECK(parse_board(to_text(classic())) == classic());
    DefaultEngine engine(3);
    for (int i = 0; i < 200; ++i) {
        const auto board = random_board(engine, {.snakes = 10, .ladders = 12},
                                        GameConfig<BounceBack, FollowChains>());
        CHECK(parse_board(to_text(board), GameConfig<BounceBack, FollowChains>()) == board);
    }
    const Board<> empty({}, GameConfig<>({.size = 1}));
    CHECK(to_text(empty) == "size 1\n");
    CHECK(parse_board(to_text(empty)) == empty);
}

TEST_CASE("the rules come from the caller, the size from the text", "[text]") {
    const GameConfig<OvershootWins> rules({.size = 100, .play_to_last = true});
    const auto board = parse_board("size 12\nladder 2-11\n", rules);
    CHECK(board.size() == 12);
    CHECK(board.config().play_to_last());
    CHECK(board.step(10, 5).home);
}

TEST_CASE("malformed board texts name the line and column", "[text]") {
    struct Row {
        std::string text;
        std::size_t line;
        std::size_t column;
        std::string words;
    };
    const std::vector<Row> rows{
        {"", 1, 1, "no size given"},
        {"# only a comment\n\n", 1, 1, "no size given"},
        {"ladder 1-38\nsize 100\n", 1, 1, "the size must come before the jumps"},
        {"size 100\nlader 1-38\n", 2, 1, "unknown word 'lader'"},
        {"size 100\nladder 1 38\n", 2, 10,
         "expected '-' between the two squares of the jump, "
         "found '38'"},
        {"size 100\nladder 10-5\n", 2, 8,
         "ladder 10-5 goes down; a ladder must go up (did you "
         "mean snake 10-5?)"},
        {"size 100\nsnake 5-10\n", 2, 7, "snake 5-10 goes up"},
        {"size 100\n\nsize 50\n", 3, 1, "the size is given twice (first on line 1)"},
        {"size abc\n", 1, 6, "expected the number of squares (a whole number), found 'abc'"},
        {"size 0\n", 1, 6, "a board needs at least 1 square"},
        {"size 99999999999999999999999\n", 1, 6, "the number of squares is too large"},
        {"size 100\nsnake 16-6 extra\n", 2, 12, "unexpected 'extra'"},
        {"size 100\n  snake -5-1\n", 2, 9, "expected the square the jump starts on"},
        {"size 100\nladder 5-\n", 2, 10, "found the end of the line"},
        {"size 100\n42-50\n", 2, 1, "expected 'size', 'ladder' or 'snake', found '42-50'"},
        {"size 100\nladder 1-38 # fine\nladder 2-\x01\n", 3, 10, "found '?'"},
        {"size 100 200\n", 1, 10, "unexpected '200'"},
    };
    for (const Row& row : rows) {
        INFO(row.text);
        try {
            (void)parse_board(row.text);
            FAIL("accepted");
        } catch (const ParseError& error) {
            CHECK(error.line() == row.line);
            CHECK(error.column() == row.column);
            CHECK_THAT(error.what(), SL_CONTAINS(row.words));
        }
    }
}

TEST_CASE("a well-formed text with a broken jump map is an invalid board", "[text]") {
    try {
        (void)parse_board("size 100\nladder 95-101\n");
        FAIL("accepted");
    } catch (const InvalidBoard& error) {
        CHECK(error.reason() == BoardRule::off_board);
        CHECK_THAT(error.what(), SL_CONTAINS("ladder 95-101 ends off the board"));
    }
    CHECK_THROWS_AS(parse_board("size 100\nsnake 10-5\nladder 10-30\n"), InvalidBoard);
    CHECK_THROWS_AS(parse_board("size 100\nsnake 5-5\n"), InvalidBoard);
}

TEST_CASE("a board text read where it stands in a larger document reports the document's "
          "positions",
          "[text]") {
    // The text starts at line 7, column 4 of its document: only its first line is shifted right.
    struct Row {
        std::string text;
        detail::Place start;
        std::size_t line;
        std::size_t column;
        std::string message;
    };
    const std::vector<Row> rows{
        // "size x": 'x' is the 6th byte, so column 4 + 5 = 9.
        {"size x\n", {7, 4}, 7, 9, "expected the number of squares (a whole number), found 'x'"},
        // "ladder 3-x" on the text's second line: 'x' is its 10th byte, in column 10.
        {"size 10\nladder 3-x\n",
         {7, 4},
         8,
         10,
         "expected the square the jump ends on (a whole number), found 'x'"},
        // No size: the text's own start.
        {"  # nothing\n\n", {3, 2}, 3, 2, "no size given: a board starts with a line 'size N'"},
        // The line a message names is the document's too.
        {"size 10\n\nsize 5\n", {40, 1}, 42, 1, "the size is given twice (first on line 40)"},
        // At most 20 bytes of input are quoted, control bytes as '?'.
        {"size 10\nsnake 9-1 \x01" + std::string(30, 'z') + "\n",
         {5, 1},
         6,
         11,
         "unexpected '?" + std::string(19, 'z') + "' after the end of the line's entry"},
    };
    for (const Row& row : rows) {
        INFO(row.text);
        try {
            (void)detail::read_board_text(row.text, row.start);
            FAIL("accepted");
        } catch (const ParseError& error) {
            CHECK(error.line() == row.line);
            CHECK(error.column() == row.column);
            CHECK(std::string(error.what()) == "line " + std::to_string(row.line) + ", column " +
                                                   std::to_string(row.column) + ": " + row.message);
        }
    }
    const detail::BoardText read = detail::read_board_text("size 12\n  ladder 2-9\n", {9, 30});
    CHECK(read.size == 12);
    CHECK(read.jumps == std::vector<Jump>{Jump{2, 9}});
}
