// The one Catch2 header every test includes. Debian 12 ships Catch2 2.13, most other systems
// Catch2 3; they spell a few things differently, so tests write one spelling and this file maps
// it onto the Catch2 that was found:
//   REQUIRE, CHECK, REQUIRE_THROWS_AS, REQUIRE_THROWS_WITH, REQUIRE_THAT, STATIC_REQUIRE,
//   GENERATE, TEMPLATE_TEST_CASE   the same in both versions
//   Approx and Catch::Approx       both work with both versions
//   SL_CONTAINS("text")            string matcher "contains this substring"
//                                  (Catch::Contains in 2, Catch::Matchers::ContainsSubstring in 3)
// CMake defines SNAKELADDER_CATCH2_MAJOR from the Catch2 package it found.
#pragma once

#if !defined(SNAKELADDER_CATCH2_MAJOR)
#if __has_include(<catch2/catch_test_macros.hpp>)
#define SNAKELADDER_CATCH2_MAJOR 3
#else
#define SNAKELADDER_CATCH2_MAJOR 2
#endif
#endif

#if SNAKELADDER_CATCH2_MAJOR >= 3

#include <catch2/catch_approx.hpp>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators_all.hpp>
#include <catch2/matchers/catch_matchers_all.hpp>

using Catch::Approx;

#define SL_CONTAINS(...) ::Catch::Matchers::ContainsSubstring(__VA_ARGS__)

#else

#include <catch2/catch.hpp>

namespace Catch {
using Detail::Approx;
} // namespace Catch

#define SL_CONTAINS(...) ::Catch::Matchers::Contains(__VA_ARGS__)

#endif

// Every test file prints the library's values the same way: a type that one file printed through
// snakeladder/catch2.hpp and another through Catch2's fallback ("{?}") would break the one
// definition rule, and the linker would keep either.
#include <snakeladder/catch2.hpp>
