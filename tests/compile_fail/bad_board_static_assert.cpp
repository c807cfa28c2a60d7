// expect: InvalidBoard|throw_invalid_board|not a constant expression|non-constexpr
#include <snakeladder/snakeladder.hpp>
static_assert(snakeladder::Board<>({{10, 5}, {10, 30}}).size() == 100);
int main() {}
