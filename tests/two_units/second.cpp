// See first.cpp.
#include <all_headers.hpp>
#include <fmt/format.h>
#include <snakeladder/snakeladder.hpp>
#include <string>

std::string classic_board_seen_by_second_unit() {
    return fmt::format("{}", snakeladder::classic());
}
