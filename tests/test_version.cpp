#include "catch.hpp"

#include <fmt/format.h>
#include <snakeladder/version.hpp>

// The macros, the constants and the string are written separately in version.hpp; they must
// agree, and CMake's project version (read from the macros) must be the string.
TEST_CASE("version: the numbers, the string and CMake's project version agree", "[version]") {
    STATIC_REQUIRE(SNAKELADDER_VERSION == SNAKELADDER_VERSION_MAJOR * 10000 +
                                              SNAKELADDER_VERSION_MINOR * 100 +
                                              SNAKELADDER_VERSION_PATCH);
    STATIC_REQUIRE(snakeladder::version_number == SNAKELADDER_VERSION);
    STATIC_REQUIRE(snakeladder::version_major == SNAKELADDER_VERSION_MAJOR);
    STATIC_REQUIRE(snakeladder::version_minor == SNAKELADDER_VERSION_MINOR);
    STATIC_REQUIRE(snakeladder::version_patch == SNAKELADDER_VERSION_PATCH);
    CHECK(fmt::format("{}.{}.{}", snakeladder::version_major, snakeladder::version_minor,
                      snakeladder::version_patch) == snakeladder::version_string);
    CHECK(snakeladder::version_string == SNAKELADDER_TEST_PROJECT_VERSION);
    // Each part fits the two digits SNAKELADDER_VERSION gives it.
    STATIC_REQUIRE(snakeladder::version_minor < 100);
    STATIC_REQUIRE(snakeladder::version_patch < 100);
}
