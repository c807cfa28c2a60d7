// What the exact analysis's solver reports (solve_report.hpp): the name of each SolveMethod, and
// that a value outside them is not taken for one. (The defaults of the options and reports are
// the header's own text; the analysis tests use them.)
#include "support/catch.hpp"

#include <snakeladder/analysis/solve_report.hpp>

using namespace snakeladder;

TEST_CASE("each solve method has its own name", "[solve_report]") {
    STATIC_REQUIRE(to_string(SolveMethod::automatic) == "automatic");
    STATIC_REQUIRE(to_string(SolveMethod::direct) == "direct");
    STATIC_REQUIRE(to_string(SolveMethod::gmres) == "gmres");
    STATIC_REQUIRE(to_string(SolveMethod::elimination) == "elimination");
    // A value outside the four is not taken for one of them.
    CHECK(to_string(static_cast<SolveMethod>(17)) == "unknown");
}
