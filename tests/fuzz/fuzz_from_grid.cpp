// from_grid (the LeetCode 909 encoding) on small grids decoded from the bytes, under each chain
// rule. Every grid is a board or a snakeladder::Error; a board has n * n squares and exactly the
// jumps the grid's cells name.
//
// Bytes: n (mod 9, so 0..8), a flag byte (bit 0: rows have their own lengths, one byte each, mod
// 10), then one signed byte per cell: -1 is no jump, -128 and 127 stand for INT_MIN and INT_MAX.
#include "fuzz_support.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <snakeladder/board/board_factories.hpp>
#include <vector>

namespace {

using namespace snakeladder;

std::vector<std::vector<int>> decode_grid(fuzz::FuzzInput& input) {
    const std::size_t n = input.byte() % 9U;
    const bool ragged = input.flag();
    std::vector<std::vector<int>> grid(n);
    for (auto& row : grid) {
        const std::size_t length = ragged ? input.byte() % 10U : n;
        row.reserve(length);
        for (std::size_t k = 0; k < length; ++k) {
            const auto cell = static_cast<std::int8_t>(input.byte());
            row.push_back(cell == INT8_MIN ? INT_MIN : cell == INT8_MAX ? INT_MAX : cell);
        }
    }
    return grid;
}

// The jumps the grid names, numbered from the bottom-left and back and forth, written here
// independently of from_grid.
std::vector<Jump> expected_jumps(const std::vector<std::vector<int>>& grid) {
    const auto n = static_cast<int>(grid.size());
    std::vector<Jump> jumps;
    for (int row = 0; row < n; ++row) {
        const int from_bottom = n - 1 - row;
        for (int column = 0; column < n; ++column) {
            const int along = from_bottom % 2 == 0 ? column : n - 1 - column;
            const int square = from_bottom * n + along + 1;
            const int target =
                grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
            if (target != -1 && target != square) {
                jumps.push_back({square, target});
            }
        }
    }
    std::sort(jumps.begin(), jumps.end());
    return jumps;
}

template <class Config>
void check(const std::vector<std::vector<int>>& grid) {
    const auto board = fuzz::served([&] { return from_grid(grid, Config{}); });
    if (!board) {
        return;
    }
    const std::size_t n = grid.size();
    FUZZ_CHECK(static_cast<std::size_t>(board->size()) == n * n);
    const std::vector<Jump> expected = expected_jumps(grid);
    FUZZ_CHECK(
        std::equal(board->jumps().begin(), board->jumps().end(), expected.begin(), expected.end()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::FuzzInput input(data, size);
    const std::vector<std::vector<int>> grid = decode_grid(input);
    check<GameConfig<ExactFinish, SingleJump>>(grid);
    check<GameConfig<BounceBack, FollowChains>>(grid);
    check<GameConfig<OvershootWins, RejectChains>>(grid);
    return 0;
}
