// The yardstick of the compile-time section: what a one-game program includes apart from
// snakeladder (fmt to print, strings and vectors for the names), with a line of work.
#include <fmt/format.h>
#include <string>
#include <vector>

int main() {
    const std::vector<std::string> names{"Ana", "Ben"};
    fmt::print("{} players\n", names.size());
}
