// The length plot: its bars, scales, series, markers and legend on small distributions whose
// coordinates are worked out by hand below (the page is 800 x 440, the chart 690 x 310 with its
// top left corner at (80, 60), so y = 60 + 310 x (1 - share / top of the scale) and
// x = 80 + 690 x turn / (last turn + 1)), and the refusals of what cannot be drawn.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <snakeladder/base/errors.hpp>
#include <snakeladder/render/length_plot.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace snakeladder;

namespace {

std::size_t count(std::string_view text, std::string_view needle) {
    std::size_t found = 0;
    for (std::size_t at = text.find(needle); at != std::string_view::npos;
         at = text.find(needle, at + 1)) {
        ++found;
    }
    return found;
}

// The part of the document between `open` and the next "</g>".
std::string group_of(const std::string& svg, std::string_view open) {
    const std::size_t start = svg.find(open);
    REQUIRE(start != std::string::npos);
    return svg.substr(start, svg.find("</g>", start) - start);
}

// Half the games take one turn, half two: the tallest bar is 0.5, so the scale's step is 0.1
// (0.5 / 6 is below 0.1 and above 0.05) and its top is 0.5; three turns (0, 1, 2) span the axis.
const std::vector<double> halves{0.0, 0.5, 0.5};

LengthPlot halves_plot() {
    LengthPlot plot;
    plot.probabilities = halves;
    plot.last_turn = 2;
    return plot;
}

} // namespace

TEST_CASE("A length plot draws a bar per turn at its share, on a scale of round steps") {
    const std::string svg = render_length_plot(halves_plot());
    CHECK(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    CHECK(svg.ends_with("</svg>\n"));
    CHECK(count(svg, "width=\"800\" height=\"440\" viewBox=\"0 0 800 440\"") == 1);

    // Turn 0 has no games and no bar; turns 1 and 2 reach the top of the scale. Each bar is a
    // third of 690 wide (230), less a gap of 1.
    const std::string bars = group_of(svg, "<g fill=\"#1565c0\"");
    CHECK(count(bars, "<rect ") == 2);
    CHECK(count(bars, "<rect x=\"310.5\" y=\"60\" width=\"229\" height=\"310\"/>") == 1);
    CHECK(count(bars, "<rect x=\"540.5\" y=\"60\" width=\"229\" height=\"310\"/>") == 1);
    // Light bars are not outlined.
    CHECK(count(bars, "stroke=\"none\"") == 1);

    // Grid lines and labels at 0%, 10%, ... 50% (10% is 248 of 310 down from the top: y 308).
    const std::string grid = group_of(svg, R"(<g stroke="#8d6e63" stroke-opacity="0.3")");
    CHECK(count(grid, "<line ") == 6);
    CHECK(count(grid, "<line x1=\"80\" y1=\"308\" x2=\"770\" y2=\"308\"/>") == 1);
    const std::string labels = group_of(svg, "<g text-anchor=\"end\">");
    for (const char* label : {">0%<", ">10%<", ">20%<", ">30%<", ">40%<", ">50%<"}) {
        CHECK(count(labels, label) == 1);
    }
    CHECK(count(labels, "<text x=\"72\" y=\"312\">10%</text>") == 1);

    // The turn axis: 3 turns in at most 12 steps is a step of 0.5, at least 1; ticks under the
    // middles of turns 0, 1 and 2 (x 195, 425, 655), labelled 20 below the axis (y 370).
    const std::string ticks = group_of(svg, "<g text-anchor=\"middle\">");
    CHECK(count(ticks, "<text ") == 3);
    CHECK(count(ticks, "<text x=\"195\" y=\"390\">0</text>") == 1);
    CHECK(count(ticks, "<text x=\"425\" y=\"390\">1</text>") == 1);
    CHECK(count(ticks, "<text x=\"655\" y=\"390\">2</text>") == 1);

    // Nothing else was asked for.
    CHECK(count(svg, "<polyline") == 0);
    CHECK(count(svg, "median") == 0);
    CHECK(count(svg, "mean") == 0);
    CHECK(count(svg, "longer than") == 0);
    CHECK(count(svg, "<title></title>") == 1);
    // The legend's sample bar, 250 left of the chart's right edge (770).
    CHECK(count(svg, "<rect x=\"520\" y=\"61\" width=\"14\" height=\"10\" fill=\"#1565c0\" "
                     "stroke=\"none\"") == 1);
}

TEST_CASE("A length plot draws the simulation, the median, the mean and the games off the chart") {
    LengthPlot plot = halves_plot();
    plot.title = "A & <B>";
    plot.simulated = {0.1, 0.3, 0.5};
    plot.median = 1;
    plot.mean = 1.5;
    plot.beyond = 0.0123;
    plot.some_never_end = true;
    const std::string svg = render_length_plot(plot);
    CHECK(count(svg, "<title>A &amp; &lt;B&gt;</title>") == 1);
    // Through the middles of turns 0, 1, 2 at 10%, 30% and 50% of a scale up to 50%.
    CHECK(count(svg, "<polyline fill=\"none\" stroke=\"#c62828\" stroke-width=\"2\" "
                     "points=\"195,308 425,184 655,60\"/>") == 1);
    // The median's line through the middle of turn 1 (x 425), the mean's through 1.5 + 0.5.
    CHECK(count(svg, "<line x1=\"425\" y1=\"60\" x2=\"425\" y2=\"370\" stroke=\"#3e2723\" "
                     "stroke-dasharray=\"5,4\"/>\n<text x=\"430\" y=\"76\">median 1</text>") == 1);
    CHECK(count(svg, "<line x1=\"540\" y1=\"60\" x2=\"540\" y2=\"370\" stroke=\"#3e2723\" "
                     "stroke-dasharray=\"5,4\"/>\n<text x=\"545\" y=\"94\">mean 1.5</text>") == 1);
    // The legend's lines, 18 apart from y 70.
    CHECK(count(svg, "<text x=\"540\" y=\"88\">simulated</text>") == 1);
    CHECK(count(svg, "<text x=\"520\" y=\"106\">longer than 2 turns or never: 1.2%</text>") == 1);

    plot.some_never_end = false;
    plot.mean = 5.0; // past the chart's last turn: not drawn
    const std::string later = render_length_plot(plot);
    CHECK(count(later, "longer than 2 turns: 1.2%") == 1);
    CHECK(count(later, "mean") == 0);
    CHECK(count(later, "median 1") == 1);
}

TEST_CASE("A length plot of many turns averages them in at most 400 bars") {
    // 801 turns (0..800) make bars of 3 turns: 267 of them (turns 0, 3, ... 798; the last holds
    // turns 798 to 800), each 690 x 3 / 801 = 2.58 wide, too narrow for a gap.
    const std::vector<double> even(801, 1.0 / 801.0);
    LengthPlot plot;
    plot.probabilities = even;
    plot.last_turn = 800;
    const std::string bars = group_of(render_length_plot(plot), "<g fill=\"#1565c0\"");
    CHECK(count(bars, "<rect ") == 267);
    CHECK(count(bars, "width=\"2.6\"") == 267);
    CHECK(count(bars, "<rect x=\"80\" ") == 1);
}

TEST_CASE("A length plot takes the theme's colours, and outlines bars the page's colour") {
    LengthPlot plot = halves_plot();
    plot.theme = SvgTheme::print();
    const std::string svg = render_length_plot(plot);
    CHECK(count(svg, "<g fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"0.5\">") == 1);
    plot.theme = SvgTheme::dark();
    const std::string dark = render_length_plot(plot);
    CHECK(count(dark, "<rect width=\"800\" height=\"440\" fill=\"#121417\"/>") == 1);
    CHECK(count(dark, "<g fill=\"#64b5f6\" stroke=\"none\" stroke-width=\"0.5\">") == 1);
}

TEST_CASE("A length plot refuses what it cannot draw, naming it") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const auto refusal = [](const LengthPlot& plot) {
        return message_of<InvalidConfig>([&] { (void)render_length_plot(plot); });
    };
    LengthPlot plot = halves_plot();
    plot.last_turn = -1;
    CHECK(refusal(plot) == "the length plot's last turn must be between 0 and 10000000, got -1");
    plot.last_turn = max_plotted_turns + 1;
    CHECK(refusal(plot) ==
          "the length plot's last turn must be between 0 and 10000000, got 10000001");

    const std::vector<double> negative{0.0, -0.1};
    plot = halves_plot();
    plot.probabilities = negative;
    CHECK(refusal(plot) == "the length plot's probability for turn 1 is -0.1; each must be a "
                           "finite number of at least 0");
    const std::vector<double> not_a_number{nan};
    plot.probabilities = not_a_number;
    CHECK(refusal(plot) == "the length plot's probability for turn 0 is nan; each must be a "
                           "finite number of at least 0");
    plot = halves_plot();
    plot.simulated = {0.0, 0.0, inf};
    CHECK(refusal(plot) == "the length plot's simulated frequency for turn 2 is inf; each must "
                           "be a finite number of at least 0");
    plot = halves_plot();
    plot.beyond = nan;
    CHECK(refusal(plot) == "the length plot's share beyond the last turn is nan; it must be a "
                           "finite number of at least 0");
    plot = halves_plot();
    plot.theme.snake = "red\" onload=\"x";
    CHECK(refusal(plot).find("snake") != std::string::npos);
    plot.theme = SvgTheme::light();
    plot.theme.tokens.clear();
    CHECK_THROWS_AS(render_length_plot(plot), InvalidConfig);

    // At the bounds: turn 0 alone (drawn as turns 0 and 1) and the most turns.
    plot = halves_plot();
    plot.last_turn = 0;
    CHECK(count(render_length_plot(plot), "<text x=\"597.5\" y=\"390\">1</text>") == 1);
    plot.last_turn = max_plotted_turns;
    CHECK(render_length_plot(plot).ends_with("</svg>\n"));
}
