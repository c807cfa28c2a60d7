#include "support/catch.hpp"

#include <snakeladder/base/version.hpp>

// CMake reads the project's version from version.hpp's macros: the string the library gives
// must be the one the build and the package say. (How the macros and constants of version.hpp
// relate to each other is the header's own text, not a test's.)
TEST_CASE("version: the library's version string is CMake's project version", "[version]") {
    CHECK(snakeladder::version_string == SNAKELADDER_TEST_PROJECT_VERSION);
}
