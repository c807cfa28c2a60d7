// Rendering: exact text drawings, colour on and off, limits, and SVG structure, escaping and
// well-formedness (checked by xmllint when it is installed).
#include "support/catch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <snakeladder/board/board.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/render/render.hpp>
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

    // One rect per square, the background and the START marker; one number per square.
    REQUIRE(count_of(svg, "<rect ") == 102);
    REQUIRE(count_of(svg, ">1</text>") == 1);
    REQUIRE(count_of(svg, ">100</text>") == 1);
    // Square 1 is bottom left, square 100 (home, gold) top left, square 10 bottom right.
    REQUIRE(svg.find("<rect x=\"15\" y=\"603\" width=\"60\" height=\"60\" fill=\"#fff8e1\"/>") !=
            std::string::npos);
    REQUIRE(svg.find("<rect x=\"15\" y=\"63\" width=\"60\" height=\"60\" fill=\"#ffd54f\"/>") !=
            std::string::npos);
    REQUIRE(svg.find("<rect x=\"555\" y=\"603\" width=\"60\" height=\"60\" fill=\"#f3e0c0\"/>") !=
            std::string::npos);

    // Each jump is exactly one path, titled with its name (the legend draws its samples with
    // lines); a snake also has a round head.
    REQUIRE(count_of(svg, "<path ") == 19);
    REQUIRE(count_of(svg, "<g class=\"ladder\" opacity=\"0.85\">") == 9);
    REQUIRE(count_of(svg, "<g class=\"snake\" opacity=\"0.85\">") == 10);
    REQUIRE(count_of(svg, "<title>ladder 1-38</title><path d=\"M") == 1);
    REQUIRE(count_of(svg, "<title>snake 98-78</title><path d=\"M165 93C") == 1);

    // Tokens: a disc and a shadow each, two sharing square 12, one waiting below the grid; ten
    // snake heads; the legend's snake head and token.
    REQUIRE(count_of(svg, "<g class=\"token\">") == 4);
    REQUIRE(count_of(svg, "<circle class=\"shadow\"") == 4);
    REQUIRE(count_of(svg, "<circle ") == 10 + 2 * 4 + 2);
    REQUIRE(count_of(svg, "<title>Ana on square 12</title>") == 1);
    REQUIRE(count_of(svg, "<title>Bob on square 12</title>") == 1);
    REQUIRE(count_of(svg, "<title>Cy on square 100</title>") == 1);
    REQUIRE(count_of(svg, "<title>Di waiting to start</title>") == 1);
    REQUIRE(count_of(svg, ">Waiting to start</text>") == 1);

    // The same input gives the same bytes.
    REQUIRE(render_svg(classic(), {.tokens = {{"Ana", 12}, {"Bob", 12}, {"Cy", 100}, {"Di", 0}}}) ==
            svg);
}

TEST_CASE("SVG: start and home are marked, and a legend explains the picture", "[render][svg]") {
    // The classic board, cells of 60: margin 15, the grid from y = 63 to 663, ten columns.
    const std::vector<Token> tokens{{"Ana", 12}, {"Di", 0}};
    const std::string svg = render_svg(classic(), {.tokens = tokens});
    require_well_formed(svg);

    // HOME on square 100 (top left, 15..75 x 63..123): centred, 0.9 of the way down.
    REQUIRE(count_of(svg, ">HOME</text>") == 1);
    REQUIRE(count_of(svg, "<text class=\"home\" x=\"45\" y=\"117\"") == 1);
    // START under square 1 (x 15..75): an arrow from y = 675 up to 666 at x = 45, on a badge.
    REQUIRE(count_of(svg, ">START</text>") == 1);
    REQUIRE(count_of(svg, "<polygon points=\"45,666 37.8,675 52.2,675\"/>") == 1);

    // The legend: ladder, snake and token; no heat scale nor notes without them. Its words are
    // 15.6 high and about 8.58 a character wide: "ladder: climb to its top" (24 characters,
    // after a 42-wide sample) and "snake: slide to its tail" (24, after 54) share the first
    // line (15 + 42 + 9 + 205.9 + 27 + 54 + 9 + 205.9 = 567.8 <= 615, the grid's right edge),
    // "token: a player" (after 30) does not fit after them and starts the second. Lines are
    // 33 high from y = 711, under the 48-high START strip.
    REQUIRE(svg.find("<g class=\"legend\"") > svg.find("<g class=\"tokens\""));
    REQUIRE(count_of(svg, "<text x=\"66\" y=\"727.5\" dy=\"0.35em\">ladder: climb to its "
                          "top</text>") == 1);
    REQUIRE(count_of(svg, ">snake: slide to its tail</text>") == 1);
    REQUIRE(count_of(svg, "<text x=\"54\" y=\"760.5\" dy=\"0.35em\">token: a player</text>") == 1);
    REQUIRE(svg.find("0% to 100%") == std::string::npos);
    REQUIRE(svg.find("a note on the square") == std::string::npos);
    // So the picture is 15 + 600 + 15 wide and 711 + 2 x 33 + 15 high.
    REQUIRE(count_of(svg, "version=\"1.1\" width=\"630\" height=\"792\"") == 1);

    // Without a legend the picture ends under the START strip.
    const std::string bare = render_svg(classic(), {.tokens = tokens, .legend = false});
    require_well_formed(bare);
    REQUIRE(bare.find("class=\"legend\"") == std::string::npos);
    REQUIRE(count_of(bare, "version=\"1.1\" width=\"630\" height=\"726\"") == 1);
    REQUIRE(count_of(bare, ">START</text>") == 1);
}

TEST_CASE("SVG legend: only what is drawn is explained", "[render][svg]") {
    // Ten squares in one row, cells of 60: the grid from y = 63 to 123, the START strip to 171;
    // a line of legend is 33 high, then the margin of 15. The picture is 15 + 600 + 15 wide.
    const auto has = [](const std::string& svg, std::string_view what) {
        return svg.find(what) != std::string::npos;
    };

    // Ladders only: the ladder entry, no snake entry; one line of legend, 171 + 33 + 15 high.
    const std::string ladders = render_svg(board_of(10, {{2, 6}, {3, 9}}));
    require_well_formed(ladders);
    REQUIRE(count_of(ladders, "<g class=\"legend-ladder\"") == 1);
    REQUIRE(count_of(ladders, ">ladder: climb to its top</text>") == 1);
    REQUIRE_FALSE(has(ladders, "legend-snake"));
    REQUIRE_FALSE(has(ladders, "snake: slide to its tail"));
    REQUIRE(count_of(ladders, "<circle ") == 0); // no snake head, on the board or in the legend
    REQUIRE(count_of(ladders, "version=\"1.1\" width=\"630\" height=\"219\"") == 1);

    // Snakes only: the snake entry, no ladder entry.
    const std::string snakes = render_svg(board_of(10, {{8, 3}}));
    REQUIRE(count_of(snakes, "<g class=\"legend-snake\"") == 1);
    REQUIRE(count_of(snakes, ">snake: slide to its tail</text>") == 1);
    REQUIRE_FALSE(has(snakes, "legend-ladder"));
    REQUIRE_FALSE(has(snakes, "ladder: climb to its top"));

    // No jumps and no tokens: no legend band, the same height as legend = false (171 + 15).
    const std::string empty = render_svg(board_of(10));
    require_well_formed(empty);
    REQUIRE_FALSE(has(empty, "class=\"legend"));
    REQUIRE(count_of(empty, "version=\"1.1\" width=\"630\" height=\"186\"") == 1);
    REQUIRE(render_svg(board_of(10), {.legend = false}) == empty);

    // No jumps but a token: the token entry alone.
    const std::string token = render_svg(board_of(10), {.tokens = {{"A", 4}}});
    REQUIRE(count_of(token, "<g class=\"legend-token\"") == 1);
    REQUIRE_FALSE(has(token, "legend-ladder"));
    REQUIRE_FALSE(has(token, "legend-snake"));
    REQUIRE(count_of(token, "version=\"1.1\" width=\"630\" height=\"219\"") == 1);

    // Notes that draw nothing (all empty, or only on square 0, which is not drawn) are not
    // explained; the ladder still is.
    std::vector<std::string> notes(10);
    const std::string no_notes = render_svg(board_of(10, {{2, 6}}), {.notes = notes});
    REQUIRE_FALSE(has(no_notes, "a note on the square"));
    REQUIRE_FALSE(has(no_notes, "legend-note"));
    notes[0] = "start";
    REQUIRE_FALSE(has(render_svg(board_of(10, {{2, 6}}), {.notes = notes}), "legend-note"));
    notes[7] = "x";
    REQUIRE(count_of(render_svg(board_of(10, {{2, 6}}), {.notes = notes}),
                     "<text class=\"legend-note\"") == 1);

    // The classic board has both kinds of jump: both entries.
    const std::string classic_svg = render_svg(classic());
    REQUIRE(count_of(classic_svg, "<g class=\"legend-ladder\"") == 1);
    REQUIRE(count_of(classic_svg, "<g class=\"legend-snake\"") == 1);
}

TEST_CASE("SVG: every number is drawn over the jumps, on a halo of its square's colour",
          "[render][svg]") {
    const std::string svg = render_svg(classic());
    const std::size_t numbers = svg.find("<g class=\"numbers\"");
    REQUIRE(numbers != std::string::npos);
    REQUIRE(numbers > svg.rfind("<g class=\"ladder\""));
    REQUIRE(numbers > svg.rfind("<g class=\"snake\""));
    REQUIRE(count_of(svg, "<g class=\"numbers\" font-size=\"15.6\" font-weight=\"bold\" "
                          "fill=\"#5d4037\" stroke-width=\"4.8\" stroke-linejoin=\"round\" "
                          "paint-order=\"stroke\">") == 1);
    // The halo is the square's colour: 50 light squares ((row + column) even), 49 dark, home.
    REQUIRE(count_of(svg, " stroke=\"#fff8e1\">") == 50);
    REQUIRE(count_of(svg, " stroke=\"#f3e0c0\">") == 49);
    REQUIRE(count_of(svg, "<text x=\"19.2\" y=\"81\" stroke=\"#ffd54f\">100</text>") == 1);
    // Square 1 at the bottom left (15, 603), 10 at the bottom right (555, 603): numbers at
    // 0.07 and 0.3 of a square from the corner.
    REQUIRE(count_of(svg, "<text x=\"19.2\" y=\"621\" stroke=\"#fff8e1\">1</text>") == 1);
    REQUIRE(count_of(svg, "<text x=\"559.2\" y=\"621\" stroke=\"#f3e0c0\">10</text>") == 1);
}

TEST_CASE("SVG tokens: large discs, labelled, several to a square", "[render][svg]") {
    // Square 12 is in the second row, running right to left: column 8, corner (495, 543). A
    // token alone is centred at (525, 543 + 0.64 x 60) with a radius of 0.27 x 60.
    const std::string alone = render_svg(classic(), {.tokens = {{"Ana", 12}}});
    REQUIRE(count_of(alone, "<circle cx=\"525\" cy=\"581.4\" r=\"16.2\" fill=\"#1565c0\"/>") == 1);
    // Its label: a font of 16.2 x 2.6 / 3 for three letters.
    REQUIRE(count_of(alone, "<text x=\"525\" y=\"581.4\" dy=\"0.35em\" font-size=\"14\" "
                            "fill=\"#ffffff\" stroke=\"none\">Ana</text>") == 1);

    // Two share the square side by side: radius 0.23 x 60 (two discs across 0.92 of it).
    const std::string two = render_svg(classic(), {.tokens = {{"Ana", 12}, {"Bo", 12}}});
    REQUIRE(count_of(two, "<circle cx=\"511.2\" cy=\"581.4\" r=\"13.8\" fill=\"#1565c0\"/>") == 1);
    REQUIRE(count_of(two, "<circle cx=\"538.8\" cy=\"581.4\" r=\"13.8\" fill=\"#e65100\"/>") == 1);
    REQUIRE(count_of(two, ">Bo</text>") == 1);

    // Four: two rows of two, radius 0.165 x 60 (two rows in 0.66 of the square).
    const std::string four =
        render_svg(classic(), {.tokens = {{"A", 12}, {"B", 12}, {"C", 12}, {"D", 12}}});
    REQUIRE(count_of(four, "<circle cx=\"515.1\" cy=\"571.5\" r=\"9.9\"") == 1); // A
    REQUIRE(count_of(four, "<circle cx=\"534.9\" cy=\"571.5\" r=\"9.9\"") == 1); // B
    REQUIRE(count_of(four, "<circle cx=\"515.1\" cy=\"591.3\" r=\"9.9\"") == 1); // C
    REQUIRE(count_of(four, "<circle cx=\"534.9\" cy=\"591.3\" r=\"9.9\"") == 1); // D

    // Waiting: a disc of 0.25 x 60 in the strip under the grid (y = 663 + 24), after the words
    // "Waiting to start" (x = 15 + 69, then 17 characters of 8.58: the discs from 229.86).
    const std::string waiting = render_svg(classic(), {.tokens = {{"Di", 0}}});
    REQUIRE(count_of(waiting, "<circle cx=\"247.9\" cy=\"687\" r=\"15\" fill=\"#1565c0\"/>") == 1);
    REQUIRE(count_of(waiting, ">Di</text>") == 1);
}

TEST_CASE("SVG themes: light, dark, print, and colours of one's own", "[render][svg]") {
    const auto board = board_of(12, {{3, 10}, {11, 5}});
    SECTION("light is the default") {
        REQUIRE(SvgOptions{}.theme == SvgTheme::light());
        REQUIRE(SvgTheme::named("light") == SvgTheme::light());
    }
    SECTION("dark") {
        const std::string svg =
            render_svg(board, {.tokens = {{"A", 4}}, .theme = SvgTheme::named("dark")});
        require_well_formed(svg);
        REQUIRE(count_of(svg, "<rect class=\"background\" width=\"630\"") == 1);
        REQUIRE(count_of(svg, "fill=\"#121417\"/>") == 1);
        REQUIRE(count_of(svg, "<g class=\"ladders\" stroke=\"#9ccc65\"") == 1);
        REQUIRE(count_of(svg, "<g class=\"snakes\" stroke=\"#ef5350\"") == 1);
        REQUIRE(count_of(svg, "<g class=\"numbers\" font-size=\"15.6\" font-weight=\"bold\" "
                              "fill=\"#cfd8dc\"") == 1);
        REQUIRE(count_of(svg, "r=\"16.2\" fill=\"#64b5f6\"/>") == 1); // the token
        // The heat tint is cyan, far from the snakes' red, on the map and in the scale.
        const std::string heat = render_svg(
            board, {.heat = std::vector<double>(12, 1.0), .theme = SvgTheme::named("dark")});
        REQUIRE(count_of(heat, "<g class=\"heat-map\" fill=\"#18ffff\"") == 1);
        REQUIRE(count_of(heat, "fill=\"#18ffff\" fill-opacity=\"0.19\"/>") == 1);
        REQUIRE(heat.find("#ff7043") == std::string::npos);
    }
    SECTION("print: white squares, black lines, white tokens with black labels") {
        const std::string svg =
            render_svg(board, {.tokens = {{"A", 4}}, .theme = SvgTheme::named("print")});
        require_well_formed(svg);
        REQUIRE(count_of(svg, "<g class=\"squares\" stroke=\"#000000\"") == 1);
        REQUIRE(count_of(svg, "height=\"60\" fill=\"#ffffff\"/>") == 12);
        REQUIRE(svg.find("#fff8e1") == std::string::npos);
        REQUIRE(count_of(svg, "r=\"16.2\" fill=\"#ffffff\"/>") == 1);
        REQUIRE(count_of(svg, "fill=\"#000000\" stroke=\"none\">A</text>") == 1);
        // Snakes are dashed and thicker than ladders in every theme.
        REQUIRE(count_of(svg, "<g class=\"ladders\" stroke=\"#000000\" stroke-width=\"3.3\"") == 1);
        REQUIRE(count_of(svg, "<g class=\"snakes\" stroke=\"#000000\" stroke-width=\"7.8\" "
                              "stroke-dasharray=\"14.4 3.6\"") == 1);
    }
    SECTION("own colours: names, #rgb, and a palette used in turn") {
        SvgTheme theme = SvgTheme::light();
        theme.ladder = "teal";
        theme.snake = "#A0B";
        theme.tokens = {"red", "#00ff00"};
        const std::string svg = render_svg(
            board, {.tokens = {{"A", 4}, {"B", 6}, {"C", 7}}, .theme = theme, .legend = false});
        REQUIRE(count_of(svg, "<g class=\"ladders\" stroke=\"teal\"") == 1);
        REQUIRE(count_of(svg, "<g class=\"snakes\" stroke=\"#A0B\"") == 1);
        REQUIRE(count_of(svg, "r=\"16.2\" fill=\"red\"/>") == 2); // A and C
        REQUIRE(count_of(svg, "r=\"16.2\" fill=\"#00ff00\"/>") == 1);
    }
}

TEST_CASE("SVG themes: a colour that is not a plain colour is refused", "[render][svg][errors]") {
    const auto board = small_board();
    const auto refused = [&](SvgTheme theme, const std::string& message) {
        const SvgOptions options{.tokens = {{"A", 1}}, .theme = std::move(theme)};
        const SvgOptions before = options;
        REQUIRE_THROWS_WITH(render_svg(board, options), message);
        // Nothing changed: the options are as they were (the call only reads them).
        REQUIRE(options.theme == before.theme);
        REQUIRE(options.tokens == before.tokens);
    };
    SvgTheme theme = SvgTheme::light();
    theme.snake = "red\"/><script>";
    refused(theme, "the SVG theme's snake colour must be #rgb, #rrggbb or a name made of "
                   "letters, got \"red\\\"/><script>\"");
    for (const std::string bad : {"", "#12", "#1234", "#ggg", "rgb(1,2,3)", "light blue", "red1"}) {
        theme = SvgTheme::light();
        theme.background = bad;
        refused(theme, "the SVG theme's background colour must be #rgb, #rrggbb or a name made "
                       "of letters, got \"" +
                           bad + "\"");
    }
    theme = SvgTheme::dark();
    theme.tokens = {"#abc", "&amp;"};
    refused(theme, "the SVG theme's tokens[1] colour must be #rgb, #rrggbb or a name made of "
                   "letters, got \"&amp;\"");
    theme.tokens.clear();
    refused(theme, "the SVG theme has no token colours: give at least one");

    REQUIRE_THROWS_WITH(SvgTheme::named("Dark"),
                        "there is no SVG theme \"Dark\": the themes are light, dark and print");
}

TEST_CASE("SVG snakes bend away from the ladders they would cross", "[render][svg]") {
    // Three squares a row, cells of 60: column 1 is centred at x = 105, and the snake 29-2 runs
    // straight down it from y = 93 (row 9) to 633 (row 0), bending by min(0.6 x 60, 540 / 4) =
    // 36. Its S-bend's control points sit a third and two thirds of the way down, 36 to either
    // side: by default the first to the left (the upper half bulges left), the second right.
    REQUIRE(count_of(render_svg(board_of(30, {{29, 2}}), {.row_width = 3}),
                     "<path d=\"M105 93C69 273 141 453 105 633\"/>") == 1);
    // The ladder 7-20 climbs from the left, (45, 513), to the snake's line at (105, 273), a
    // third of the way down: the upper half bulging left would cross it, so the snake bends
    // the other way.
    REQUIRE(count_of(render_svg(board_of(30, {{7, 20}, {29, 2}}), {.row_width = 3}),
                     "<path d=\"M105 93C141 273 69 453 105 633\"/>") == 1);
}

TEST_CASE("SVG without tokens, of other sizes and shapes", "[render][svg]") {
    const std::string bare = render_svg(small_board(), {.row_width = 4, .cell_size = 40});
    require_well_formed(bare);
    REQUIRE(count_of(bare, "<path ") == 2);
    REQUIRE(count_of(bare, "<circle ") == 2); // the snake's head and the legend's snake
    REQUIRE(bare.find("class=\"tokens\"") == std::string::npos);
    REQUIRE(bare.find("Waiting") == std::string::npos);
    REQUIRE(bare.find("token: a player") == std::string::npos);

    // 101 squares: eleven rows, square 101 at the left of the top row, above square 100. The
    // grid ends at 63 + 660, the START strip at 771, then the margin: without jumps or tokens
    // the legend has nothing to explain.
    const std::string tall = render_svg(board_of(101));
    require_well_formed(tall);
    REQUIRE(count_of(tall, "<path ") == 0);
    REQUIRE(tall.find("width=\"630\" height=\"786\"") != std::string::npos);
    REQUIRE(count_of(tall,
                     "<rect x=\"15\" y=\"63\" width=\"60\" height=\"60\" fill=\"#ffd54f\"/>") == 1);

    // A board narrower than a row is only as wide as its squares (540 and the margins); the
    // legend wraps (after the ladder at 15 + 256.9 + 27, the snake's 268.9 passes 555): two
    // lines under the START strip at 123 + 48.
    const std::string nine = render_svg(board_of(9, {{4, 7}, {8, 2}}));
    require_well_formed(nine);
    REQUIRE(nine.find("width=\"570\" height=\"252\"") != std::string::npos);
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
    REQUIRE(svg.find("<g class=\"notes\"") > svg.find("<g class=\"ladder\""));
    // The legend says what they mean, in the caller's words when given.
    REQUIRE(count_of(svg, ">a note on the square</text>") == 1);
    const std::string keyed =
        render_svg(board_of(10, {{2, 6}}), {.notes = notes, .notes_legend = "2d: two dice"});
    REQUIRE(count_of(keyed, "<text class=\"legend-note\"") == 1);
    REQUIRE(count_of(keyed, ">2d: two dice</text>") == 1);
    REQUIRE(keyed.find("a note on the square") == std::string::npos);

    REQUIRE_THROWS_WITH(render_svg(board_of(10), {.notes = {"a", "b"}}),
                        "the SVG notes need one text per square 0 to 9, 10 in all; got 2");
}

TEST_CASE("SVG heat map: a scale in the legend", "[render][svg]") {
    // Four squares in one row, values 0..3 for squares 0..3: the hottest is square 2 (4).
    const auto board = board_of(4);
    const std::string svg = render_svg(board, {.heat = {5, 1, 4, 0}});
    require_well_formed(svg);
    // Square 2 (corner 75, 63) is covered at 0.75, square 1 at 0.25 x 0.75 = 0.1875.
    REQUIRE(count_of(svg,
                     "<rect class=\"heat\" x=\"75\" y=\"63\" width=\"60\" height=\"60\" "
                     "fill-opacity=\"0.75\"><title>square 2: 100% of the hottest</title>") == 1);
    REQUIRE(count_of(svg, "fill-opacity=\"0.19\"><title>square 1: 25% of the hottest") == 1);
    REQUIRE(count_of(svg, "<rect class=\"heat\"") == 3); // home is not tinted
    // The scale: five swatches from 0 to 0.75 over the light square colour.
    REQUIRE(count_of(svg, "<g class=\"legend-heat\"") == 1);
    for (const char* opacity : {"0.00", "0.19", "0.38", "0.56", "0.75"}) {
        REQUIRE(count_of(svg, fmt::format("fill=\"#b71c1c\" fill-opacity=\"{}\"/>", opacity)) == 1);
    }
    REQUIRE(count_of(svg, ">0% to 100%: share of the hottest square</text>") == 1);
    const std::string named = render_svg(board, {.heat = {5, 1, 4, 0}, .heat_legend = "visits"});
    REQUIRE(count_of(named, ">0% to 100%: visits</text>") == 1);
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
