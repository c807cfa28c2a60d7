// This file and second.cpp both include every public header and are linked into one program:
// a function or variable defined in a header without `inline` is then defined twice and the
// link fails.
#include <all_headers.hpp>
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
#include <string>

std::string classic_board_seen_by_second_unit();

int main() {
    const std::string here = fmt::format("{}", snakeladder::classic());
    return here == classic_board_seen_by_second_unit() ? 0 : 1;
}
