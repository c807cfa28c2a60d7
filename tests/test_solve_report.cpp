// What the exact analysis's solver reports (solve_report.hpp): the name of each SolveMethod, and
// what a caller who sets nothing gets: an automatic solve that reports no progress, and progress
// figures that are NaN until the method that has them fills them in.
#include "catch.hpp"

#include <chrono>
#include <cmath>
#include <snakeladder/solve_report.hpp>

using namespace snakeladder;

TEST_CASE("each solve method has its own name", "[solve_report]") {
    STATIC_REQUIRE(to_string(SolveMethod::automatic) == "automatic");
    STATIC_REQUIRE(to_string(SolveMethod::direct) == "direct");
    STATIC_REQUIRE(to_string(SolveMethod::gmres) == "gmres");
    STATIC_REQUIRE(to_string(SolveMethod::elimination) == "elimination");
    // A value outside the four is not taken for one of them.
    CHECK(to_string(static_cast<SolveMethod>(17)) == "unknown");
}

TEST_CASE("options left alone solve automatically and report nothing; progress starts unknown",
          "[solve_report]") {
    const SolveOptions options;
    CHECK(options.method == SolveMethod::automatic);
    CHECK_FALSE(options.progress);
    CHECK(options.progress_interval == std::chrono::milliseconds(100));

    // The residual is GMRES's, the share factored the elimination's, the share followed the
    // house rules': none is known before a method reports it.
    const SolveProgress progress;
    CHECK(progress.sweeps == 0);
    CHECK(std::isnan(progress.residual));
    CHECK(std::isnan(progress.factored));
    CHECK(std::isnan(progress.followed));

    const SolveReport report;
    CHECK(report.schur_unknowns == 0);
    CHECK(report.sweeps == 0);
    CHECK(report.backward_error == 0.0);
    CHECK(report.error_bound == 0.0);
}
