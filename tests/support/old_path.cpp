// A program written against 0.1, which included the headers directly under snakeladder/: it
// still compiles, and is told where the header went (tests/CMakeLists.txt, headers.moved_path_*).
#include <snakeladder/version.hpp>

static_assert(snakeladder::version_major >= 0);
