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

#include "board.hpp"
#include "config.hpp"
#include "errors.hpp"
#include "jump.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder {

namespace detail {

// Reads one line at a time, keeping the 1-based line and column of what it looks at.
class BoardTextReader {
public:
    BoardTextReader(std::string_view line, std::size_t line_number)
        : line_(line), line_number_(line_number) {}

    void skip_blanks() {
        while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t')) {
            ++at_;
        }
    }
    [[nodiscard]] bool done() {
        skip_blanks();
        return at_ == line_.size();
    }
    [[nodiscard]] std::size_t column() const { return at_ + 1; }

    [[noreturn]] void fail(std::size_t column, const std::string& what) const {
        throw ParseError(line_number_, column, what);
    }

    std::string_view word() {
        skip_blanks();
        const std::size_t begin = at_;
        while (at_ < line_.size() && is_letter(line_[at_])) {
            ++at_;
        }
        return line_.substr(begin, at_ - begin);
    }

    // A square number: digits only, no sign, and no larger than the biggest board.
    std::int64_t number(std::string_view what) {
        skip_blanks();
        const std::size_t begin = at_;
        std::int64_t value = 0;
        while (at_ < line_.size() && line_[at_] >= '0' && line_[at_] <= '9') {
            value = value * 10 + (line_[at_] - '0');
            if (value > GameConfig<>::max_size) {
                fail(begin + 1, fmt::format("{} is too large: a board has at most {} squares", what,
                                            GameConfig<>::max_size));
            }
            ++at_;
        }
        if (at_ == begin) {
            fail(column(), fmt::format("expected {} (a whole number), found {}", what, found()));
        }
        return value;
    }

    void expect(char c, std::string_view what) {
        skip_blanks();
        if (at_ >= line_.size() || line_[at_] != c) {
            fail(column(), fmt::format("expected {}, found {}", what, found()));
        }
        ++at_;
    }

    [[nodiscard]] std::string found() const {
        if (at_ >= line_.size()) {
            return "the end of the line";
        }
        std::size_t end = at_;
        while (end < line_.size() && line_[end] != ' ' && line_[end] != '\t' && end - at_ < 20) {
            ++end;
        }
        std::string text(line_.substr(at_, end - at_));
        for (char& c : text) {
            const auto byte = static_cast<unsigned char>(c);
            if (byte < 0x20 || byte >= 0x7f) {
                c = '?'; // keep the message printable whatever the file holds
            }
        }
        return "'" + text + "'";
    }

    // A word as an error message quotes it: a long one is cut short, so that a hostile file
    // cannot make the message as large as itself.
    [[nodiscard]] static std::string shown(std::string_view word) {
        constexpr std::size_t longest = 20;
        return word.size() <= longest ? std::string(word)
                                      : std::string(word.substr(0, longest)) + "...";
    }

private:
    static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    std::string_view line_;
    std::size_t line_number_;
    std::size_t at_ = 0;
};

} // namespace detail

/// Reads a board in the text format. Mistakes in the text throw ParseError with the line and
/// column; a well-formed text whose jumps break a board rule throws InvalidBoard; a size the
/// library cannot build throws ParseError pointing at it. `config` gives the rules; its size
/// is replaced by the one in the text.
template <typename Config = GameConfig<>>
Board<Config> parse_board(std::string_view text, Config config = Config{}) {
    std::int64_t size = -1;
    std::size_t size_line = 0;
    std::vector<Jump> jumps;
    std::size_t line_number = 0;
    std::size_t line_start = 0;
    while (line_start <= text.size()) {
        std::size_t line_end = text.find('\n', line_start);
        if (line_end == std::string_view::npos) {
            line_end = text.size();
        }
        std::string_view line = text.substr(line_start, line_end - line_start);
        line_start = line_end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) {
            line = line.substr(0, hash);
        }
        detail::BoardTextReader reader(line, line_number);
        if (reader.done()) {
            continue;
        }
        const std::size_t word_column = reader.column();
        const std::string_view word = reader.word();
        if (word == "size") {
            if (size >= 0) {
                reader.fail(word_column,
                            fmt::format("the size is given twice (first on line {})", size_line));
            }
            const std::size_t number_column = (reader.skip_blanks(), reader.column());
            size = reader.number("the number of squares");
            if (size < 1) {
                reader.fail(number_column, "a board needs at least 1 square");
            }
            size_line = line_number;
        } else if (word == "ladder" || word == "snake") {
            if (size < 0) {
                reader.fail(word_column, "the size must come before the jumps: start the board "
                                         "with a line 'size N'");
            }
            const std::size_t start_column = (reader.skip_blanks(), reader.column());
            Jump jump;
            jump.start = static_cast<Square>(reader.number("the square the jump starts on"));
            reader.expect('-', "'-' between the two squares of the jump");
            jump.end = static_cast<Square>(reader.number("the square the jump ends on"));
            const JumpKind said = word == "ladder" ? JumpKind::ladder : JumpKind::snake;
            if (jump.start != jump.end && jump.kind() != said) {
                reader.fail(start_column,
                            fmt::format("{} {}-{} goes {}; a {} must go {} (did you mean {}?)",
                                        word, jump.start, jump.end,
                                        said == JumpKind::ladder ? "down" : "up", word,
                                        said == JumpKind::ladder ? "up" : "down", jump));
            }
            jumps.push_back(jump);
        } else if (word.empty()) {
            reader.fail(word_column, fmt::format("expected 'size', 'ladder' or 'snake', found {}",
                                                 reader.found()));
        } else {
            reader.fail(word_column,
                        fmt::format("unknown word '{}': expected 'size', 'ladder' or 'snake'",
                                    detail::BoardTextReader::shown(word)));
        }
        if (!reader.done()) {
            reader.fail(
                reader.column(),
                fmt::format("unexpected {} after the end of the line's entry", reader.found()));
        }
    }
    if (size < 0) {
        throw ParseError(1, 1, "no size given: a board starts with a line 'size N'");
    }
    return Board<Config>(std::move(jumps), config.with_size(size));
}

/// The board in the text format; `parse_board(to_text(board))` gives an equal board.
template <typename Config>
std::string to_text(const BasicBoard<Config>& board) {
    return fmt::format("{}\n", board);
}

} // namespace snakeladder
