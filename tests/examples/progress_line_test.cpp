// The progress line of snakeladder-analyze (progress_line.hpp), checked against text worked out
// by hand: the bar, the share, the rate (done / elapsed) and the time left
// (elapsed * (1 - fraction) / fraction, rounded up to whole seconds). Exit status 1 and the
// differences on standard error when a line is not as expected.
#include "progress_line.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace {

int failures = 0;

void expect(const std::string& got, std::string_view expected) {
    if (got != expected) {
        fmt::print(stderr, "got      \"{}\"\nexpected \"{}\"\n", got, expected);
        ++failures;
    }
}

} // namespace

int main() {
    using snakeladder::examples::duration_text;
    using snakeladder::examples::progress_line;
    using snakeladder::examples::si_count;
    // 45% after 2 s, 9000 games: 13 of 30 marks, 4500 games/s, 2 * 0.55 / 0.45 = 2.44 s left.
    expect(progress_line("one player ", 0.45, 2.0, 9000.0, "games"),
           "one player  [#############                 ]  45% · 4.5 k games/s · 3 s left");
    // Done: a full bar and the rate, no time left.
    expect(progress_line("two players", 1.0, 4.0, 20000.0, "games"),
           "two players [##############################] 100% · 5.0 k games/s");
    // Nothing measured yet: no rate, no time left.
    expect(progress_line("solving", 0.0, 0.0, 0.0, "squares"),
           "solving [                              ]   0%");
    // A quarter in a minute: 3 minutes left; 3 million squares in 60 s.
    expect(progress_line("solving", 0.25, 60.0, 3e6, "squares"),
           "solving [#######                       ]  25% · 50.0 k squares/s · 3 min 0 s left");
    // Half in 4000 s: 4000 s left, 1 h 6 min (40 s dropped); 4.8e9 / 4000 = 1.2 M a second.
    expect(progress_line("solving", 0.5, 4000.0, 4.8e9, "squares"),
           "solving [###############               ]  50% · 1.2 M squares/s · 1 h 6 min left");
    // Without a unit, no rate.
    expect(progress_line("square visits", 0.5, 1.0, 0.0, ""),
           "square visits [###############               ]  50% · 1 s left");
    expect(si_count(950.0), "950");
    expect(si_count(3e9), "3.0 G");
    expect(duration_text(0.2), "1 s");
    expect(duration_text(125.0), "2 min 5 s");
    if (failures > 0) {
        fmt::print(stderr, "{} progress line(s) differ\n", failures);
        return 1;
    }
    return 0;
}
