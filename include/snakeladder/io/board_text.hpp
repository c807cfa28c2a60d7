// The plain-text board format, for people who design boards in an editor:
//
//     # The classic Milton Bradley board
//     size 100
//     ladder 1-38
//     snake 16-6      # comments may follow anything
//
// The size comes first, then one jump per line in the words `fmt` prints a Jump with, so
// `to_text(board)` loads back to an equal board.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../board/board.hpp"
#include "../rules/config.hpp"
#include "detail/text_reader.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder {

namespace detail {

// A square number of the board text: digits only, no sign, and no larger than the biggest board.
inline std::int64_t board_number(TextReader& reader, std::string_view what) {
    constexpr auto largest = static_cast<std::uint64_t>(GameConfig<>::max_size);
    return static_cast<std::int64_t>(reader.number(
        largest, what, fmt::format("a board has at most {} squares", GameConfig<>::max_size)));
}

// What a board text says: its size and its jumps.
struct BoardText {
    std::int64_t size = -1;
    std::vector<Jump> jumps;
};

// Reads a board text that starts at `start` in its document (a file of its own, or the board
// section of a saved game), so that its errors carry the document's line and column.
inline BoardText read_board_text(std::string_view text, Place start) {
    BoardText board;
    std::size_t size_line = 0;
    TextLines lines(text, start);
    std::string_view line;
    while (lines.next(line)) {
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) {
            line = line.substr(0, hash);
        }
        TextReader reader(line, lines.place());
        if (reader.done()) {
            continue;
        }
        const std::size_t word_column = reader.column();
        const std::string_view word = reader.letters();
        if (word == "size") {
            if (board.size >= 0) {
                reader.fail(word_column,
                            fmt::format("the size is given twice (first on line {})", size_line));
            }
            const std::size_t number_column = (reader.skip_blanks(), reader.column());
            board.size = board_number(reader, "the number of squares");
            if (board.size < 1) {
                reader.fail(number_column, "a board needs at least 1 square");
            }
            size_line = lines.number();
        } else if (word == "ladder" || word == "snake") {
            if (board.size < 0) {
                reader.fail(word_column, "the size must come before the jumps: start the board "
                                         "with a line 'size N'");
            }
            const std::size_t start_column = (reader.skip_blanks(), reader.column());
            Jump jump;
            jump.start = static_cast<Square>(board_number(reader, "the square the jump starts on"));
            reader.expect('-', "'-' between the two squares of the jump");
            jump.end = static_cast<Square>(board_number(reader, "the square the jump ends on"));
            const JumpKind said = word == "ladder" ? JumpKind::ladder : JumpKind::snake;
            if (jump.start != jump.end && jump.kind() != said) {
                reader.fail(start_column,
                            fmt::format("{} {}-{} goes {}; a {} must go {} (did you mean {}?)",
                                        word, jump.start, jump.end,
                                        said == JumpKind::ladder ? "down" : "up", word,
                                        said == JumpKind::ladder ? "up" : "down", jump));
            }
            board.jumps.push_back(jump);
        } else if (word.empty()) {
            reader.fail(word_column, fmt::format("expected 'size', 'ladder' or 'snake', found {}",
                                                 reader.found()));
        } else {
            reader.fail(word_column,
                        fmt::format("unknown word '{}': expected 'size', 'ladder' or 'snake'",
                                    shown(word)));
        }
        if (!reader.done()) {
            reader.fail(
                reader.column(),
                fmt::format("unexpected {} after the end of the line's entry", reader.found()));
        }
    }
    if (board.size < 0) {
        fail_at(start, "no size given: a board starts with a line 'size N'");
    }
    return board;
}

} // namespace detail

/// Reads a board in the text format. Mistakes in the text throw ParseError with the line and
/// column; a well-formed text whose jumps break a board rule throws InvalidBoard; a size the
/// library cannot build throws ParseError pointing at it. `config` gives the rules; its size
/// is replaced by the one in the text.
template <typename Config = GameConfig<>>
Board<Config> parse_board(std::string_view text, Config config = Config{}) {
    detail::BoardText board = detail::read_board_text(text, {1, 1});
    return Board<Config>(std::move(board.jumps), config.with_size(board.size));
}

/// The board in the text format; `parse_board(to_text(board))` gives an equal board.
template <typename Config>
std::string to_text(const BasicBoard<Config>& board) {
    return fmt::format("{}\n", board);
}

} // namespace snakeladder
