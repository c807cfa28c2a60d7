// The library's exceptions (errors.hpp): one base class for them all; the board rule a refused
// board broke, by name; where a parse error points, read from a string and from a file; the path
// of a file error; and how a caller's text (a player's name) is shown in a message: quoted and
// escaped where it must be, cut after 40 bytes, each worked out by hand.
#include "support/catch.hpp"

#include <snakeladder/base/errors.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>

using namespace snakeladder;

TEST_CASE("every exception of the library is an Error, and an Error a runtime_error", "[errors]") {
    STATIC_REQUIRE(std::is_base_of_v<std::runtime_error, Error>);
    STATIC_REQUIRE(std::is_base_of_v<Error, InvalidBoard>);
    STATIC_REQUIRE(std::is_base_of_v<Error, InvalidConfig>);
    STATIC_REQUIRE(std::is_base_of_v<Error, InvalidPlayers>);
    STATIC_REQUIRE(std::is_base_of_v<Error, NotYourTurn>);
    STATIC_REQUIRE(std::is_base_of_v<Error, GameOver>);
    STATIC_REQUIRE(std::is_base_of_v<Error, NothingToUndo>);
    STATIC_REQUIRE(std::is_base_of_v<Error, DiceExhausted>);
    STATIC_REQUIRE(std::is_base_of_v<Error, TurnLimitReached>);
    STATIC_REQUIRE(std::is_base_of_v<Error, ParseError>);
    STATIC_REQUIRE(std::is_base_of_v<Error, FileError>);
    // The typed errors of issue 37 derive from the types those errors had before, so that a
    // catch block written then still catches them.
    STATIC_REQUIRE(std::is_base_of_v<InvalidConfig, AnalysisLimitExceeded>);
    STATIC_REQUIRE(std::is_base_of_v<InvalidConfig, IllegalAction>);
    STATIC_REQUIRE(std::is_base_of_v<InvalidConfig, IllegalRoll>);
    STATIC_REQUIRE(std::is_base_of_v<Error, NotConverged>);
}

TEST_CASE("a refused board names the rule it broke, as in the design's table", "[errors]") {
    STATIC_REQUIRE(to_string(BoardRule::off_board) == "off_board");
    STATIC_REQUIRE(to_string(BoardRule::goes_nowhere) == "goes_nowhere");
    STATIC_REQUIRE(to_string(BoardRule::starts_on_goal) == "starts_on_goal");
    STATIC_REQUIRE(to_string(BoardRule::duplicate_start) == "duplicate_start");
    STATIC_REQUIRE(to_string(BoardRule::chained) == "chained");
    STATIC_REQUIRE(to_string(BoardRule::cycle) == "cycle");
    const InvalidBoard error(BoardRule::cycle, "ladder 5-20, snake 20-5 form a cycle");
    CHECK(error.reason() == BoardRule::cycle);
    CHECK(std::string(error.what()) == "ladder 5-20, snake 20-5 form a cycle");
}

TEST_CASE("a parse error points at its line and column, and names the file it was read from",
          "[errors]") {
    const ParseError error(2, 10, "the square the jump ends on is too large");
    CHECK(error.line() == 2);
    CHECK(error.column() == 10);
    CHECK(error.file().empty());
    CHECK(std::string(error.what()) ==
          "line 2, column 10: the square the jump ends on is too large");

    const ParseError in_file(error, "board file", "boards/mine.txt");
    CHECK(in_file.line() == 2);
    CHECK(in_file.column() == 10);
    CHECK(in_file.file() == "boards/mine.txt");
    CHECK(std::string(in_file.what()) == "board file 'boards/mine.txt': line 2, column 10: the "
                                         "square the jump ends on is too large");

    const FileError missing("boards/gone.txt",
                            "cannot read board file 'boards/gone.txt': No such file or directory");
    CHECK(missing.path() == "boards/gone.txt");
    CHECK(missing.reason() == std::string(missing.what())); // no reason given apart
    CHECK(std::string(missing.what()) ==
          "cannot read board file 'boards/gone.txt': No such file or directory");
    const FileError why("boards/gone.txt", "No such file or directory",
                        "cannot read board file 'boards/gone.txt': No such file or directory");
    CHECK(why.reason() == "No such file or directory");
}

TEST_CASE("a caller's text in a message: quoted and escaped where it must be, cut after 40 bytes",
          "[errors]") {
    using detail::quoted_for_message;
    using detail::shown_for_message;
    // Printable UTF-8 with no quote or backslash is shown as it is; quoted, it gains the quotes.
    CHECK(shown_for_message("Ana") == "Ana");
    CHECK(shown_for_message("Zo\xc3\xab") == "Zo\xc3\xab");
    CHECK(quoted_for_message("Ana") == "\"Ana\"");
    // An empty name is shown as "" so that it is seen.
    CHECK(shown_for_message("") == "\"\"");
    // Quotes and backslashes are escaped, and the text quoted.
    CHECK(shown_for_message("say \"hi\"") == "\"say \\\"hi\\\"\"");
    CHECK(shown_for_message("a\\b") == "\"a\\\\b\"");
    // Line breaks and tabs by their letters; other ASCII controls, DEL and bytes that are not
    // UTF-8 in hex.
    CHECK(shown_for_message("a\tb\nc\r") == "\"a\\tb\\nc\\r\"");
    CHECK(shown_for_message(std::string("A\0B", 3)) == "\"A\\x00B\"");
    CHECK(shown_for_message("\x1b[0m\x7f") == "\"\\x1b[0m\\x7f\"");
    CHECK(shown_for_message("\xff\xc3") == "\"\\xff\\xc3\"");
    // Invisible characters by their code point: U+0085 (next line), U+202E (right-to-left
    // override), U+FEFF (byte order mark).
    CHECK(shown_for_message("\xc2\x85|\xe2\x80\xae|\xef\xbb\xbf") ==
          "\"\\u{85}|\\u{202e}|\\u{feff}\"");

    // 40 bytes are shown whole; from 41, the first 40 and the length.
    const std::string forty(40, 'x');
    CHECK(shown_for_message(forty) == forty);
    CHECK(shown_for_message(forty + "y") == "\"" + forty + "\"... (41 bytes)");
    // A character that would straddle the cut is left out whole: 39 bytes, then a 2-byte one.
    CHECK(shown_for_message(std::string(39, 'a') + "\xc3\xab") ==
          "\"" + std::string(39, 'a') + "\"... (41 bytes)");
    // The 40 are bytes of the text, not of what shows them: 40 NULs are shown whole.
    std::string nuls = "\"";
    for (int i = 0; i < 40; ++i) {
        nuls += "\\x00";
    }
    CHECK(shown_for_message(std::string(40, '\0')) == nuls + "\"");
}
