// Rendering: exact text drawings, colour on and off, limits, and SVG structure, escaping and
// well-formedness (checked by xmllint when it is installed).
#include "catch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <snakeladder/board.hpp>
#include <snakeladder/board_factories.hpp>
#include <snakeladder/render.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace snakeladder;

namespace {

using Config = GameConfig<>;

Board<Config> board_of(Square size, std::vector<Jump> jumps = {}) {
    return Board<Config>(std::move(jumps), Config({.size = size}));
}

// Size 12 with the ladder 3-10 and the snake 11-5: small enough to write its drawings out.
Board<Config> small_board() {
    return board_of(12, {{3, 10}, {11, 5}});
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos;
         begin = end + 1, end = text.find('\n', begin)) {
        lines.push_back(text.substr(begin, end - begin));
    }
    REQUIRE(begin == text.size()); // every line, the last included, ends with a newline
    return lines;
}

std::size_t count_of(std::string_view text, std::string_view what) {
    std::size_t count = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos;
         at = text.find(what, at + what.size())) {
        ++count;
    }
    return count;
}

// Removes the ANSI colour escapes (ESC [ ... m) from a drawing.
std::string without_escapes(std::string_view text) {
    std::string plain;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b') {
            i = text.find('m', i);
            REQUIRE(i != std::string_view::npos);
        } else {
            plain += text[i];
        }
    }
    return plain;
}

std::size_t code_points(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    }));
}

// A small structural check that runs everywhere: tags nest and close, one root element, every
// '&' starts one of the five predefined entities, no '<' inside an attribute value.
void require_balanced_xml(std::string_view xml) {
    std::vector<std::string_view> open;
    int roots = 0;
    for (std::size_t i = 0; i < xml.size(); ++i) {
        if (xml[i] == '&') {
            const std::string_view rest = xml.substr(i);
            const bool entity = rest.starts_with("&amp;") || rest.starts_with("&lt;") ||
                                rest.starts_with("&gt;") || rest.starts_with("&quot;") ||
                                rest.starts_with("&apos;");
            INFO("at byte " << i << ": " << rest.substr(0, 20));
            REQUIRE(entity);
        }
        if (xml[i] != '<') {
            continue;
        }
        if (xml.substr(i).starts_with("<?")) {
            i = xml.find("?>", i);
            REQUIRE(i != std::string_view::npos);
            continue;
        }
        const std::size_t end = xml.find('>', i);
        REQUIRE(end != std::string_view::npos);
        const std::string_view tag = xml.substr(i + 1, end - i - 1);
        REQUIRE(tag.find('<') == std::string_view::npos);
        if (tag.starts_with("/")) {
            REQUIRE(!open.empty());
            REQUIRE(open.back() == tag.substr(1));
            open.pop_back();
        } else {
            roots += open.empty() ? 1 : 0;
            if (!tag.ends_with("/")) {
                open.push_back(tag.substr(0, tag.find(' ')));
            }
        }
        i = end;
    }
    REQUIRE(open.empty());
    REQUIRE(roots == 1);
}

// Well-formed XML, as a real parser sees it: xmllint when installed (Debian's libxml2-utils),
// and the structural check above in any case.
void require_well_formed(const std::string& svg) {
    require_balanced_xml(svg);
    static const std::string xmllint = [] {
        for (const char* path : {"/usr/bin/xmllint", "/usr/local/bin/xmllint"}) {
            if (std::filesystem::exists(path)) {
                return std::string(path);
            }
        }
        return std::string();
    }();
    if (xmllint.empty()) {
        WARN("xmllint is not installed (Debian: libxml2-utils): the SVG was only checked by "
             "the test's own structural check");
        return;
    }
    // Test cases may run as parallel processes: each file gets a name of its own.
    static std::atomic<int> counter{0};
    const auto path =
        std::filesystem::temp_directory_path() /
        fmt::format("snakeladder-render-{}-{}.svg",
                    std::chrono::steady_clock::now().time_since_epoch().count(), counter++);
    {
        std::ofstream file(path, std::ios::binary);
        file << svg;
        REQUIRE(file.good());
    }
    const int status =
        std::system(fmt::format(R"("{}" --noout "{}")", xmllint, path.string()).c_str());
    std::filesystem::remove(path);
    REQUIRE(status == 0);
}

} // namespace

TEST_CASE("a small board drawn as text, row by row", "[render][text]") {
    SECTION("four squares a row: back and forth, square 1 bottom left, home top right") {
        REQUIRE(render_text(small_board(), {.row_width = 4}) == " 9    10    11v5  12\n"
                                                                " 8     7     6     5\n"
                                                                " 1     2     3^10  4\n");
    }
    SECTION("the default ten a row: the partial top row continues right to left") {
        REQUIRE(render_text(small_board()) ==
                std::string(48, ' ') + "12    11v5\n" +
                    " 1     2     3^10  4     5     6     7     8     9    10\n");
    }
    SECTION("Unicode arrows instead of ^ and v") {
        REQUIRE(render_text(small_board(), {.row_width = 4, .unicode_arrows = true}) ==
                " 9    10    11\u21935  12\n"
                " 8     7     6     5\n"
                " 1     2     3\u219110  4\n");
    }
}

TEST_CASE("the classic board as text", "[render][text]") {
    const std::vector<std::string> lines = lines_of(render_text(classic()));
    REQUIRE(lines.size() == 10);
    REQUIRE(lines.front() ==
            "100      99      98v78   97      96      95v75   94      93v73   92      91");
    REQUIRE(lines[2] ==
            " 80^100  79      78      77      76      75      74      73      72      71^91");
    REQUIRE(lines.back() ==
            "  1^38    2       3       4^14    5       6       7       8       9^31   10");
    // Every square appears once, each of the 19 jumps is marked once.
    const std::string all = render_text(classic());
    REQUIRE(count_of(all, "^") == 9);
    REQUIRE(count_of(all, "v") == 10);
}

TEST_CASE("tokens are drawn on their squares, and those on square 0 listed", "[render][text]") {
    SECTION("labels share a square in the order given; all cells widen to fit the widest") {
        const std::vector<Token> tokens{{"A", 3}, {"Bo", 3}, {"C", 12}, {"D", 0}, {"E", 0}};
        REQUIRE(render_text(small_board(), {.tokens = tokens, .row_width = 4}) ==
                " 9         10         11v5       12 C\n"
                " 8          7          6          5\n"
                " 1          2          3^10 A,Bo  4\n"
                "waiting to start: D, E\n");
    }
    SECTION("no waiting line when nobody is on square 0") {
        const std::string text = render_text(small_board(), {.tokens = {{"A", 12}}});
        REQUIRE(text.find("waiting") == std::string::npos);
        REQUIRE(lines_of(text).front() == std::string(48, ' ') + "12 A  11v5");
    }
    SECTION("only tokens on square 0: the cells keep their width") {
        REQUIRE(render_text(small_board(), {.tokens = {{"Ana", 0}}, .row_width = 4}) ==
                " 9    10    11v5  12\n"
                " 8     7     6     5\n"
                " 1     2     3^10  4\n"
                "waiting to start: Ana\n");
    }
    SECTION("the classic board with two tokens") {
        const std::vector<std::string> lines =
            lines_of(render_text(classic(), {.tokens = {{"A", 12}, {"B", 55}}}));
        REQUIRE(lines.size() == 10);
        // Tokens on squares without a jump fit in the room kept for marks: no cell widens.
        REQUIRE(lines[4] ==
                " 60      59      58      57      56v53   55 B    54      53      52      51^67");
        REQUIRE(lines[8] ==
                " 20      19      18      17      16v6    15      14      13      12 A    11");
    }
    SECTION("labels lose control characters and bytes that are not UTF-8; width in code points") {
        const std::string text =
            render_text(small_board(), {.tokens = {{"\x1b[2JX\n", 1},
                                                   {std::string("Zo\xc3\xab"), 2},
                                                   {"\xff", 4},
                                                   {"\x07", 5}},
                                        .row_width = 4});
        REQUIRE(text.find('\x1b') == std::string::npos);
        REQUIRE(text.find('\x07') == std::string::npos);
        REQUIRE(text == " 9      10      11v5    12\n"
                        " 8       7       6       5 ?\n"
                        " 1 [2JX  2 Zo\xc3\xab   3^10    4 \xef\xbf\xbd\n");
        for (const std::string& line : lines_of(text)) {
            REQUIRE(code_points(line) <= 4 * 7 + 3);
        }
    }
}

TEST_CASE("colour: ANSI escapes only when asked for", "[render][text]") {
    const std::vector<Token> tokens{{"A", 12}, {"B", 0}};
    const std::string plain =
        render_text(small_board(), {.tokens = tokens, .row_width = 4, .color = ColorMode::never});
    const std::string coloured =
        render_text(small_board(), {.tokens = tokens, .row_width = 4, .color = ColorMode::always});
    REQUIRE(plain.find('\x1b') == std::string::npos);
    REQUIRE(coloured.find("\x1b[32m^10\x1b[0m") != std::string::npos); // ladder: green
    REQUIRE(coloured.find("\x1b[31mv5\x1b[0m") != std::string::npos);  // snake: red
    REQUIRE(coloured.find("\x1b[1;36mA\x1b[0m") != std::string::npos); // tokens: bold cyan
    REQUIRE(coloured.find("waiting to start: \x1b[1;36mB\x1b[0m") != std::string::npos);
    // Colour never moves anything: without its escapes the drawing is the plain one.
    REQUIRE(without_escapes(coloured) == plain);
    // The default is plain text: a string may end up in a file.
    REQUIRE(render_text(small_board(), {.tokens = tokens, .row_width = 4}) == plain);

    SECTION("automatic follows the terminal test") {
        const std::string automatic = render_text(
            small_board(), {.tokens = tokens, .row_width = 4, .color = ColorMode::automatic});
        REQUIRE(automatic == (color_enabled(ColorMode::automatic) ? coloured : plain));
        if (!stdout_is_terminal()) {
            REQUIRE_FALSE(color_enabled(ColorMode::automatic));
        }
        REQUIRE(color_enabled(ColorMode::always));
        REQUIRE_FALSE(color_enabled(ColorMode::never));
    }
}

TEST_CASE("boards of any size are laid out", "[render][text]") {
    SECTION("size 9, the design's small board, three a row and ten a row") {
        const auto nine = board_of(9, {{4, 7}, {8, 2}});
        REQUIRE(render_text(nine, {.row_width = 3}) == "7   8v2 9\n"
                                                       "6   5   4^7\n"
                                                       "1   2   3\n");
        REQUIRE(render_text(nine) == "1   2   3   4^7 5   6   7   8v2 9\n");
    }
    SECTION("size 101: square 101 starts an eleventh row, above square 100") {
        const std::vector<std::string> lines = lines_of(render_text(board_of(101)));
        REQUIRE(lines.size() == 11);
        REQUIRE(lines[0] == "101");
        REQUIRE(lines[1] == "100  99  98  97  96  95  94  93  92  91");
        REQUIRE(lines[10] == "  1   2   3   4   5   6   7   8   9  10");
    }
    SECTION("size 10,000: every cell is as wide as the largest number, so rows align") {
        const std::vector<std::string> lines =
            lines_of(render_text(board_of(10'000, {{9'999, 1}, {2, 9'998}})));
        REQUIRE(lines.size() == 1'000);
        REQUIRE(lines.front().starts_with("10000        9999v1"));
        REQUIRE(lines.back().starts_with("    1           2^9998      3"));
        // Cells of 11 columns (5 for the number, 6 for a mark) and a space: cell k of every line
        // starts at column 12k and its number ends at column 12k + 4. Reading the numbers there
        // finds every square exactly once.
        std::vector<int> seen(10'001, 0);
        for (std::string line : lines) {
            REQUIRE(line.size() <= 10 * 11 + 9);
            line.resize(10 * 11 + 9, ' ');
            for (std::size_t k = 0; k < 10; ++k) {
                const std::string number = line.substr(12 * k, 5);
                if (number.back() == ' ') {
                    FAIL("no number ends at column " << 12 * k + 4 << " of: " << line);
                }
                ++seen[static_cast<std::size_t>(std::stoi(number))];
            }
        }
        REQUIRE(std::count(seen.begin() + 1, seen.end(), 1) == 10'000);
    }
    SECTION("one square") {
        REQUIRE(render_text(board_of(1), {.tokens = {{"A", 1}}}) == "1 A\n");
    }
    SECTION("a row width of one: a single column, home at the top") {
        REQUIRE(render_text(board_of(3, {{1, 2}}), {.row_width = 1}) == "3\n"
                                                                        "2\n"
                                                                        "1^2\n");
    }
}

TEST_CASE("absurd drawing requests are refused with a clear message", "[render][errors]") {
    const auto board = small_board();
    REQUIRE_THROWS_WITH(render_text(board, {.row_width = 0}),
                        "the row width must be between 1 and 1000 squares, got 0");
    REQUIRE_THROWS_AS(render_text(board, {.row_width = -3}), InvalidConfig);
    REQUIRE_THROWS_AS(render_text(board, {.row_width = 1001}), InvalidConfig);
    REQUIRE_THROWS_AS(render_svg(board, {.row_width = 0}), InvalidConfig);
    REQUIRE_THROWS_WITH(render_text(board, {.tokens = {{"Ana", 13}}}),
                        "token \"Ana\" is on square 13, which is not on a board of 12 squares (0 "
                        "is the start)");
    REQUIRE_THROWS_AS(render_svg(board, {.tokens = {{"Ana", -1}}}), InvalidConfig);
    REQUIRE_THROWS_WITH(render_svg(board, {.cell_size = 7}),
                        "the SVG cell size must be between 8 and 1000 units, got 7");

    const auto huge = board_of(max_drawn_squares + 1);
    REQUIRE_THROWS_WITH(render_text(huge), "a board of 100001 squares is too large to draw as "
                                           "text (at most 100000 squares)");
    REQUIRE_THROWS_WITH(render_svg(huge), SL_CONTAINS("too large to draw as SVG"));

    // Labels widen every cell: a long one on the largest board would take gigabytes.
    const auto largest = board_of(max_drawn_squares);
    REQUIRE_THROWS_WITH(render_text(largest, {.tokens = {{std::string(1000, 'x'), 5}}}),
                        SL_CONTAINS("use shorter token labels or a smaller board"));
}

TEST_CASE("SVG: the grid, one path per jump, tokens, title", "[render][svg]") {
    const std::string svg =
        render_svg(classic(), {.tokens = {{"Ana", 12}, {"Bob", 12}, {"Cy", 100}, {"Di", 0}}});
    require_well_formed(svg);
    REQUIRE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    REQUIRE(svg.ends_with("</svg>\n"));
    REQUIRE(count_of(svg, "<title>Snakes and ladders: 100 squares</title>") == 1);

    // One rect per square plus the background; one number per square.
    REQUIRE(count_of(svg, "<rect ") == 101);
    REQUIRE(count_of(svg, ">1</text>") == 1);
    REQUIRE(count_of(svg, ">100</text>") == 1);
    // Square 1 is bottom left, square 100 (home, gold) top left, square 10 bottom right.
    REQUIRE(svg.find("<rect x=\"15\" y=\"603\" width=\"60\" height=\"60\" fill=\"#fff8e1\"/>") !=
            std::string::npos);
    REQUIRE(svg.find("<rect x=\"15\" y=\"63\" width=\"60\" height=\"60\" fill=\"#ffd54f\"/>") !=
            std::string::npos);
    REQUIRE(svg.find("<rect x=\"555\" y=\"603\" width=\"60\" height=\"60\" fill=\"#f3e0c0\"/>") !=
            std::string::npos);

    // Each jump is exactly one path, titled with its name; a snake also has a round head.
    REQUIRE(count_of(svg, "<path ") == 19);
    REQUIRE(count_of(svg, "<g class=\"ladder\">") == 9);
    REQUIRE(count_of(svg, "<g class=\"snake\">") == 10);
    REQUIRE(count_of(svg, "<title>ladder 1-38</title><path d=\"M") == 1);
    REQUIRE(count_of(svg, "<title>snake 98-78</title><path d=\"M165 93C") == 1);

    // Tokens: a disc each, two sharing square 12, one waiting below the grid.
    REQUIRE(count_of(svg, "<g class=\"token\">") == 4);
    REQUIRE(count_of(svg, "<circle ") == 10 + 4);
    REQUIRE(count_of(svg, "<title>Ana on square 12</title>") == 1);
    REQUIRE(count_of(svg, "<title>Bob on square 12</title>") == 1);
    REQUIRE(count_of(svg, "<title>Cy on square 100</title>") == 1);
    REQUIRE(count_of(svg, "<title>Di waiting to start</title>") == 1);
    REQUIRE(count_of(svg, ">Waiting to start</text>") == 1);

    // The same input gives the same bytes.
    REQUIRE(render_svg(classic(), {.tokens = {{"Ana", 12}, {"Bob", 12}, {"Cy", 100}, {"Di", 0}}}) ==
            svg);
}

TEST_CASE("SVG without tokens, of other sizes and shapes", "[render][svg]") {
    const std::string bare = render_svg(small_board(), {.row_width = 4, .cell_size = 40});
    require_well_formed(bare);
    REQUIRE(count_of(bare, "<path ") == 2);
    REQUIRE(count_of(bare, "<circle ") == 1); // the snake's head
    REQUIRE(bare.find("class=\"tokens\"") == std::string::npos);
    REQUIRE(bare.find("Waiting") == std::string::npos);

    // 101 squares: eleven rows, square 101 at the left of the top row, above square 100.
    const std::string tall = render_svg(board_of(101));
    require_well_formed(tall);
    REQUIRE(count_of(tall, "<path ") == 0);
    REQUIRE(tall.find("width=\"630\" height=\"738\"") != std::string::npos);
    REQUIRE(count_of(tall,
                     "<rect x=\"15\" y=\"63\" width=\"60\" height=\"60\" fill=\"#ffd54f\"/>") == 1);

    // A board narrower than a row is only as wide as its squares.
    const std::string nine = render_svg(board_of(9, {{4, 7}, {8, 2}}));
    require_well_formed(nine);
    REQUIRE(nine.find("width=\"570\" height=\"138\"") != std::string::npos);
}

TEST_CASE("SVG notes: a short text at the foot of a square, smaller when it is long",
          "[render][svg]") {
    // Ten squares in one row: square s is centred at x = 15 + (s - 0.5) * 60, y = 63 + 30, and
    // its note sits 24 units lower, in a font of 12 (a fifth of the square).
    std::vector<std::string> notes(10);
    notes[3] = "2d";
    notes[5] = "stay after 10, 11, 12"; // 21 characters of about 7.4 units: too wide
    notes[9] = "<&>";
    const std::string svg = render_svg(board_of(10, {{2, 6}}), {.notes = notes});
    require_well_formed(svg);
    REQUIRE(count_of(svg, "<g class=\"notes\" font-size=\"12\"") == 1);
    REQUIRE(count_of(svg, "<title>square ") == 3); // empty notes draw nothing
    REQUIRE(count_of(svg, "<text x=\"165\" y=\"117\"><title>square 3: 2d</title>2d</text>") == 1);
    REQUIRE(count_of(svg, "<text x=\"525\" y=\"117\"><title>square 9: &lt;&amp;&gt;</title>"
                          "&lt;&amp;&gt;</text>") == 1);
    // The long note: 60 * 0.94 / (0.62 * 21) = 4.33 units, written to one decimal.
    REQUIRE(count_of(svg, "<text x=\"285\" y=\"117\" font-size=\"4.3\"><title>square 5: stay "
                          "after 10, 11, 12</title>stay after 10, 11, 12</text>") == 1);
    // Over the jumps: the notes come after the ladder.
    REQUIRE(svg.find("<g class=\"notes\"") > svg.find("<g class=\"ladder\">"));

    REQUIRE_THROWS_WITH(render_svg(board_of(10), {.notes = {"a", "b"}}),
                        "the SVG notes need one text per square 0 to 9, 10 in all; got 2");
}

TEST_CASE("SVG escapes every label and drops what XML forbids", "[render][svg]") {
    const std::string quoted = "Tom & \"Jerry\" <3 'x'";
    // SOH, a stray byte and ESC (the literals are split so that no \x escape eats a letter).
    const std::string controls = std::string("a\x01") + "b\xff" + "c\x1b";
    const std::string not_xml = "\xef\xbf\xbe"
                                "\xed\xa0\x80"; // U+FFFE, a surrogate
    const std::string svg =
        render_svg(small_board(), {.tokens = {{quoted, 4}, {controls, 0}, {not_xml, 0}},
                                   .title = "Mine & <yours>"});
    require_well_formed(svg);
    REQUIRE(count_of(svg, "<title>Tom &amp; &quot;Jerry&quot; &lt;3 &apos;x&apos; on square "
                          "4</title>") == 1);
    REQUIRE(svg.find("Tom & ") == std::string::npos);
    REQUIRE(count_of(svg, "<title>Mine &amp; &lt;yours&gt;</title>") == 1);
    // \x01 and ESC are dropped, the stray \xff becomes U+FFFD.
    REQUIRE(count_of(svg, "<title>ab\xef\xbf\xbd"
                          "c waiting to start</title>") == 1);
    // U+FFFE is not an XML character and \xed\xa0\x80 is a UTF-16 surrogate, not UTF-8.
    REQUIRE(count_of(svg, ">\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd</text>") == 1);
    REQUIRE(std::none_of(svg.begin(), svg.end(),
                         [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\n'; }));
}
