// See first.cpp.
#include <snakeladder/snakeladder.hpp>

#include <all_headers.hpp>
#include <string>

std::string classic_board_seen_by_second_unit() {
    return fmt::format("{}", snakeladder::classic());
}
