// The one tokeniser of the library's text formats: the board text (io/board_text.hpp) and the saved
// game (io/saved_game.hpp), which holds a board text among its own lines. A reader is told where
// its text starts in the document it was taken from, so every ParseError it throws carries the
// document's line and column from the start, and no message is ever rewritten.
#pragma once

#include "../../base/errors.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace snakeladder::detail {

// A 1-based line and column in a document: where a text starts, or where a value was read (for
// the errors found when it is checked). Line 0 means "not read".
struct Place {
    std::size_t line = 0;
    std::size_t column = 0;
};

[[noreturn]] inline void fail_at(const Place& place, const std::string& what) {
    throw ParseError(place.line, place.column, what);
}

// Input as an error message quotes it: at most 20 bytes, control and non-ASCII bytes as '?', so
// that a message stays short and printable whatever a hostile document holds. `cut_mark` is
// appended when the text was cut.
inline std::string quoted_input(std::string_view text, std::string_view cut_mark = "") {
    constexpr std::size_t longest = 20;
    std::string out(text.substr(0, longest));
    for (char& c : out) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f) {
            c = '?';
        }
    }
    if (text.size() > longest) {
        out += cut_mark;
    }
    return out;
}

// A word as an error message quotes it: a long one is cut short, with "...".
inline std::string shown(std::string_view word) {
    return quoted_input(word, "...");
}

// The lines of a text, one at a time, numbered from where the text starts in its document. A
// final newline ends the last line; it does not start another.
class TextLines {
public:
    explicit TextLines(std::string_view text, Place start = {1, 1}) : text_(text), start_(start) {}

    // The next line, without its '\n' or a '\r' before it; false at the end of the text.
    bool next(std::string_view& line) {
        if (at_ >= text_.size()) {
            return false;
        }
        std::size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) {
            end = text_.size();
        }
        line = text_.substr(at_, end - at_);
        last_length_ = line.size();
        at_ = end + 1;
        ++read_;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        return true;
    }

    // The document's number of the line next() gave last.
    [[nodiscard]] std::size_t number() const noexcept { return start_.line + read_ - 1; }
    // Where the line next() gave last starts in the document (only the text's first line can
    // start past column 1).
    [[nodiscard]] Place place() const noexcept {
        return {number(), read_ == 1 ? start_.column : 1};
    }
    // Where the text after that line begins (past the end of the text after its last line).
    [[nodiscard]] std::size_t offset() const noexcept { return std::min(at_, text_.size()); }
    [[nodiscard]] std::string_view text() const noexcept { return text_; }

    // The text stops where more was due: the error points just past its last byte.
    [[noreturn]] void fail_at_end(const std::string& what) const {
        if (text_.empty()) {
            fail_at(start_, what);
        }
        if (text_.back() == '\n') {
            fail_at({number() + 1, 1}, what);
        }
        fail_at({number(), place().column + last_length_}, what);
    }

private:
    std::string_view text_;
    Place start_;
    std::size_t at_ = 0;
    std::size_t read_ = 0; // lines given by next()
    std::size_t last_length_ = 0;
};

// Reads one line, keeping the document's line and column of what it looks at.
class TextReader {
public:
    // `line` starts at `start` in its document.
    TextReader(std::string_view line, Place start) : line_(line), start_(start) {}

    [[nodiscard]] std::size_t line_number() const noexcept { return start_.line; }
    // The document's column of what the reader looks at.
    [[nodiscard]] std::size_t column() const noexcept { return start_.column + at_; }
    [[nodiscard]] Place place() const noexcept { return {start_.line, column()}; }

    [[noreturn]] void fail(std::size_t column, const std::string& what) const {
        throw ParseError(start_.line, column, what);
    }

    void skip_blanks() noexcept {
        while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t')) {
            ++at_;
        }
    }
    [[nodiscard]] bool done() noexcept {
        skip_blanks();
        return at_ == line_.size();
    }
    // Whether the next thing on the line is `c` (after blanks); not consumed.
    [[nodiscard]] bool at(char c) noexcept {
        skip_blanks();
        return at_ < line_.size() && line_[at_] == c;
    }
    // Whether the next thing on the line (after blanks) is a digit; not consumed.
    [[nodiscard]] bool at_digit() noexcept {
        skip_blanks();
        return at_ < line_.size() && is_digit(line_[at_]);
    }

    // A word of letters, digits and underscores (the saved game's words); empty when there is
    // none.
    std::string_view word() noexcept { return take(is_word_char); }
    // A word of letters only (the board text's words, which a number may follow without a
    // blank: `size100`); empty when there is none.
    std::string_view letters() noexcept { return take(is_letter); }

    // Reads the word `expected` if it comes next; otherwise reads nothing and returns false.
    bool accept_word(std::string_view expected) noexcept {
        skip_blanks();
        const std::size_t begin = at_;
        if (word() == expected) {
            return true;
        }
        at_ = begin;
        return false;
    }

    void expect_word(std::string_view expected) {
        skip_blanks();
        const std::size_t begin = at_;
        if (word() != expected) {
            at_ = begin;
            fail(column(), fmt::format("expected '{}', found {}", expected, found()));
        }
    }

    void expect(char c, std::string_view what) {
        if (!at(c)) {
            fail(column(), fmt::format("expected {}, found {}", what, found()));
        }
        ++at_;
    }

    void expect_end(std::string_view after) {
        if (!done()) {
            fail(column(), fmt::format("unexpected {} after {}", found(), after));
        }
    }

    // A whole number in 0..largest: digits only, no sign. A larger one is refused with "{what}
    // is too large: {why}", `why` by default "it can be at most {largest}".
    std::uint64_t number(std::uint64_t largest, std::string_view what, std::string_view why = {}) {
        skip_blanks();
        const std::size_t begin = at_;
        std::uint64_t value = 0;
        while (at_ < line_.size() && is_digit(line_[at_])) {
            const auto digit = static_cast<std::uint64_t>(line_[at_] - '0');
            if (digit > largest || value > (largest - digit) / 10) {
                at_ = begin;
                fail(column(), why.empty() ? fmt::format("{} is too large: it can be at most {}",
                                                         what, largest)
                                           : fmt::format("{} is too large: {}", what, why));
            }
            value = value * 10 + digit;
            ++at_;
        }
        if (at_ == begin) {
            fail(column(), fmt::format("expected {} (a whole number), found {}", what, found()));
        }
        return value;
    }

    bool boolean(std::string_view what) {
        skip_blanks();
        const std::size_t begin = at_;
        const std::string_view value = word();
        if (value == "true") {
            return true;
        }
        if (value == "false") {
            return false;
        }
        at_ = begin;
        fail(column(), fmt::format("expected 'true' or 'false' for {}, found {}", what, found()));
    }

    // A name in double quotes, with the escapes a saved game writes (`\"`, `\\`, `\xNN`).
    std::string quoted(std::string_view what) {
        skip_blanks();
        const std::size_t open = column();
        expect('"', fmt::format("{} in double quotes", what));
        std::string value;
        for (;;) {
            if (at_ >= line_.size()) {
                fail(open, fmt::format("{} has no closing '\"' before the end of the line", what));
            }
            const char c = line_[at_];
            const auto byte = static_cast<unsigned char>(c);
            if (c == '"') {
                ++at_;
                return value;
            }
            if (c == '\\') {
                value += escape(what);
                continue;
            }
            if (byte < 0x20 || byte == 0x7f) {
                fail(column(), fmt::format("byte 0x{:02x} cannot stand as it is in {}: write it "
                                           "as \\x{:02x}",
                                           byte, what, byte));
            }
            value += c;
            ++at_;
        }
    }

    // What the line holds from here up to the next blank, quoted and printable, for an error
    // message.
    [[nodiscard]] std::string found() const {
        if (at_ >= line_.size()) {
            return "the end of the line";
        }
        const std::size_t blank = line_.find_first_of(" \t", at_);
        return "'" + quoted_input(line_.substr(at_, blank - at_)) + "'";
    }

private:
    static bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
    static bool is_letter(char c) noexcept {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
    static bool is_word_char(char c) noexcept { return is_letter(c) || is_digit(c) || c == '_'; }
    static int hex_digit(char c) noexcept {
        if (is_digit(c)) {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    std::string_view take(bool (*belongs)(char) noexcept) noexcept {
        skip_blanks();
        const std::size_t begin = at_;
        while (at_ < line_.size() && belongs(line_[at_])) {
            ++at_;
        }
        return line_.substr(begin, at_ - begin);
    }

    // The escape at the backslash under the cursor.
    char escape(std::string_view what) {
        const std::size_t backslash = column();
        ++at_;
        if (at_ < line_.size() && (line_[at_] == '"' || line_[at_] == '\\')) {
            return line_[at_++];
        }
        if (at_ < line_.size() && line_[at_] == 'x') {
            const int high = at_ + 1 < line_.size() ? hex_digit(line_[at_ + 1]) : -1;
            const int low = at_ + 2 < line_.size() ? hex_digit(line_[at_ + 2]) : -1;
            if (high < 0 || low < 0) {
                fail(backslash, fmt::format("\\x in {} must be followed by two hexadecimal "
                                            "digits",
                                            what));
            }
            at_ += 3;
            return static_cast<char>(high * 16 + low);
        }
        fail(backslash, fmt::format(R"(unknown escape in {}: write \", \\ or \xNN)", what));
    }

    std::string_view line_;
    Place start_;
    std::size_t at_ = 0;
};

} // namespace snakeladder::detail
