// The library's version, as macros (for #if) and as constants. CMakeLists.txt reads the three
// numbers from here, so this header is the one place a release changes them.
#pragma once

#include <string_view>

#define SNAKELADDER_VERSION_MAJOR 0
#define SNAKELADDER_VERSION_MINOR 1
#define SNAKELADDER_VERSION_PATCH 0
// One number that compares in order: 1.2.3 is 10203, as fmt's FMT_VERSION.
#define SNAKELADDER_VERSION                                                                        \
    (SNAKELADDER_VERSION_MAJOR * 10000 + SNAKELADDER_VERSION_MINOR * 100 +                         \
     SNAKELADDER_VERSION_PATCH)
#define SNAKELADDER_VERSION_STRING "0.1.0"

namespace snakeladder {

inline constexpr int version_major = SNAKELADDER_VERSION_MAJOR;
inline constexpr int version_minor = SNAKELADDER_VERSION_MINOR;
inline constexpr int version_patch = SNAKELADDER_VERSION_PATCH;
inline constexpr int version_number = SNAKELADDER_VERSION;
/// "major.minor.patch", as `snakeladder-play --version` prints it.
inline constexpr std::string_view version_string = SNAKELADDER_VERSION_STRING;

} // namespace snakeladder
