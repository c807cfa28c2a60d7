// parse_board on arbitrary bytes, under each chain rule. Every input is a board or a
// snakeladder::Error; a board writes back (to_text) to text that reads as an equal board, and an
// error is one printable sentence, a ParseError pointing at a line and column of the input.
#include "fuzz_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <snakeladder/io/board_text.hpp>
#include <string>
#include <string_view>

namespace {

using namespace snakeladder;

bool printable(std::string_view message) {
    return !message.empty() && std::all_of(message.begin(), message.end(),
                                           [](char c) { return c >= 0x20 && c < 0x7f; });
}

// The length of 1-based line `number` of `text`, or nullopt past the last line.
std::optional<std::size_t> line_length(std::string_view text, std::size_t number) {
    std::size_t start = 0;
    for (std::size_t line = 1; line < number; ++line) {
        const std::size_t newline = text.find('\n', start);
        if (newline == std::string_view::npos) {
            return std::nullopt;
        }
        start = newline + 1;
    }
    const std::size_t end = std::min(text.find('\n', start), text.size());
    return end - start;
}

template <class Config>
void check(std::string_view text) {
    std::optional<Board<Config>> board;
    try {
        board.emplace(parse_board<Config>(text));
    } catch (const ParseError& error) {
        FUZZ_CHECK(printable(error.what()));
        FUZZ_CHECK(error.line() >= 1 && error.column() >= 1);
        const std::optional<std::size_t> length = line_length(text, error.line());
        FUZZ_CHECK(length.has_value());
        FUZZ_CHECK(error.column() <= *length + 1);
        return;
    } catch (const Error& error) {
        FUZZ_CHECK(printable(error.what()));
        return;
    }
    // Text the library wrote must read back: any exception from here on escapes and is a crash.
    const std::string written = to_text(*board);
    const Board<Config> again = parse_board<Config>(written);
    FUZZ_CHECK(again == *board);
    FUZZ_CHECK(to_text(again) == written);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check<GameConfig<ExactFinish, RejectChains>>(text);
    check<GameConfig<BounceBack, FollowChains>>(text);
    check<GameConfig<OvershootWins, SingleJump>>(text);
    return 0;
}
