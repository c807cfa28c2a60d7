// Catch2 2's main, for builds that cannot link the installed Catch2::Catch2WithMain (see
// SNAKELADDER_CATCH2_OWN_MAIN in tests/CMakeLists.txt).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
