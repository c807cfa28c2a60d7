// The library's exceptions: one base class, one type per situation a caller can act on.
#pragma once

#include "text.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace snakeladder {

/// Base of every exception the library throws, so a caller can catch them all in one place.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Which rule of the board's validation table a jump map broke.
enum class BoardRule {
    off_board,       ///< a jump starts or ends outside 1..size
    goes_nowhere,    ///< start == end
    starts_on_goal,  ///< a jump starts on the last square
    duplicate_start, ///< two jumps start on the same square
    chained,         ///< (RejectChains) a jump ends where another starts
    cycle,           ///< (FollowChains) following jumps comes back to a visited square
};

/// The name of a rule as it appears in the design's table (`off_board`, `cycle`, ...).
constexpr std::string_view to_string(BoardRule rule) noexcept {
    switch (rule) {
    case BoardRule::off_board:
        return "off_board";
    case BoardRule::goes_nowhere:
        return "goes_nowhere";
    case BoardRule::starts_on_goal:
        return "starts_on_goal";
    case BoardRule::duplicate_start:
        return "duplicate_start";
    case BoardRule::chained:
        return "chained";
    case BoardRule::cycle:
        return "cycle";
    }
    return "unknown";
}

/// A jump map that breaks a rule; the message names the offending jump(s).
class InvalidBoard : public Error {
public:
    InvalidBoard(BoardRule rule, const std::string& message) : Error(message), rule_(rule) {}
    [[nodiscard]] BoardRule reason() const noexcept { return rule_; }

private:
    BoardRule rule_;
};

/// A setting, a size or a dice parameter that cannot be used.
class InvalidConfig : public Error {
public:
    using Error::Error;
};

/// An exact computation larger than the library's limit for it (moves, states, operations or
/// stored entries, as the message says): `count()` is what this case would take (where the work
/// stops as it reaches the limit, a factorization, the limit itself: it takes more), `limit()`
/// the most allowed, and `instead()` what to do instead (simulate, smaller dice, another method).
/// An InvalidConfig, as most such refusals were before they had a type of their own (the others
/// were an Error, which it is too).
class AnalysisLimitExceeded : public InvalidConfig {
public:
    AnalysisLimitExceeded(double count, double limit, std::string instead,
                          const std::string& message)
        : InvalidConfig(message), count_(count), limit_(limit), instead_(std::move(instead)) {}
    [[nodiscard]] double count() const noexcept { return count_; }
    [[nodiscard]] double limit() const noexcept { return limit_; }
    [[nodiscard]] const std::string& instead() const noexcept { return instead_; }

private:
    double count_;
    double limit_;
    std::string instead_;
};

/// A roll that cannot be taken where it was given: one the dice cannot roll (a replayed turn's,
/// a chance point's), one below 1, or a roll given where none is due (a game over, a decision
/// to take first). `roll()` is the roll. An InvalidConfig, as such refusals were before they
/// had a type of their own.
class IllegalRoll : public InvalidConfig {
public:
    IllegalRoll(int roll, const std::string& message) : InvalidConfig(message), roll_(roll) {}
    [[nodiscard]] int roll() const noexcept { return roll_; }

private:
    int roll_;
};

/// An iterative computation that stopped before it reached the accuracy the library vouches
/// for: `residual()` is where it stopped, as the message says (a solve's backward error, a value
/// iteration's last change, a policy's residual, the chance of a turn still under way).
class NotConverged : public Error {
public:
    NotConverged(double residual, const std::string& message)
        : Error(message), residual_(residual) {}
    [[nodiscard]] double residual() const noexcept { return residual_; }

private:
    double residual_;
};

/// A player list that is empty, too long, too short or has a duplicate or empty name.
class InvalidPlayers : public Error {
public:
    using Error::Error;
};

/// A player tried to move when it was somebody else's turn.
class NotYourTurn : public Error {
public:
    using Error::Error;
};

/// A move was asked of a game that has already ended.
class GameOver : public Error {
public:
    using Error::Error;
};

/// `Game::undo()` on a game with no turn to take back.
class NothingToUndo : public Error {
public:
    using Error::Error;
};

/// Scripted dice were asked for more rolls than they were given.
class DiceExhausted : public Error {
public:
    using Error::Error;
};

/// A game reached the turn limit of its configuration.
class TurnLimitReached : public Error {
public:
    using Error::Error;
};

/// Text that could not be read; `line()` and `column()` are 1-based and point at the problem.
/// Read from a file, the message starts with what the file is and its path (`board file
/// 'boards/mine.txt': line 2, column 10: ...`) and `file()` is the path; read from a string,
/// `file()` is empty.
class ParseError : public Error {
public:
    ParseError(std::size_t line, std::size_t column, const std::string& what)
        : Error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                what),
          line_(line), column_(column) {}
    /// `error`, found in the file at `file`, which is a `kind` ("board file", "saved game").
    ParseError(const ParseError& error, std::string_view kind, std::string file)
        : Error(std::string(kind) + " '" + file + "': " + error.what()), line_(error.line_),
          column_(error.column_), file_(std::move(file)) {}
    [[nodiscard]] std::size_t line() const noexcept { return line_; }
    [[nodiscard]] std::size_t column() const noexcept { return column_; }
    [[nodiscard]] const std::string& file() const noexcept { return file_; }

private:
    std::size_t line_;
    std::size_t column_;
    std::string file_;
};

/// A file that could not be read or written: missing, a directory, too large, a failed write.
/// `path()` names it, `reason()` says why (`No such file or directory`, `it is a directory`),
/// and the message says both and what the file is (`cannot read board file 'boards/mine.txt':
/// No such file or directory`).
class FileError : public Error {
public:
    FileError(std::string path, std::string reason, const std::string& what)
        : Error(what), path_(std::move(path)), reason_(std::move(reason)) {}
    /// A message with no reason of its own: reason() is the whole message.
    FileError(std::string path, const std::string& what) : FileError(std::move(path), what, what) {}
    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    [[nodiscard]] const std::string& reason() const noexcept { return reason_; }

private:
    std::string path_;
    std::string reason_;
};

namespace detail {

/// The most bytes of a caller's text (a player's name) that an error message shows.
inline constexpr std::size_t message_text_bytes = 40;

// Characters that must not reach a message as they are: C0 and C1 controls and DEL, which
// break lines or drive terminals, and the invisible ones that reorder or hide text (bidi
// controls, line and paragraph separators, the byte order mark).
constexpr bool hidden_in_messages(char32_t code) noexcept {
    return code < 0x20 || (code >= 0x7F && code < 0xA0) || code == 0x200E || code == 0x200F ||
           (code >= 0x2028 && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) ||
           code == 0xFEFF;
}

// The escaped body of quoted_for_message, whether anything had to be escaped, and whether the
// text was cut.
struct ShownText {
    std::string body;
    bool escaped = false;
    bool cut = false;
};

inline ShownText escaped_for_message(std::string_view text) {
    constexpr std::string_view hex = "0123456789abcdef";
    ShownText shown;
    std::size_t at = 0;
    while (at < text.size()) {
        const Utf8Char next = decode_utf8(text, at);
        const std::size_t length = next.length;
        if (at + length > message_text_bytes) {
            shown.cut = true;
            break;
        }
        const char c = text[at];
        if (!next.valid || (next.code < 0x80 && hidden_in_messages(next.code) && c != '\n' &&
                            c != '\t' && c != '\r')) {
            // Not UTF-8, or an ASCII control character: the byte in hex.
            const auto byte = static_cast<unsigned char>(c);
            shown.body += "\\x";
            shown.body += hex[byte >> 4U];
            shown.body += hex[byte & 0xFU];
            shown.escaped = true;
        } else if (c == '"' || c == '\\') {
            shown.body += '\\';
            shown.body += c;
            shown.escaped = true;
        } else if (c == '\n' || c == '\t' || c == '\r') {
            shown.body += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
            shown.escaped = true;
        } else if (hidden_in_messages(next.code)) {
            shown.body += "\\u{";
            bool leading = true;
            for (int shift = 20; shift >= 0; shift -= 4) {
                const auto digit =
                    static_cast<std::size_t>((next.code >> static_cast<unsigned>(shift)) & 0xFU);
                if (digit != 0 || !leading || shift == 0) {
                    shown.body += hex[digit];
                    leading = false;
                }
            }
            shown.body += '}';
            shown.escaped = true;
        } else {
            shown.body.append(text.substr(at, length));
        }
        at += length;
    }
    return shown;
}

/// `text` (a player's name, any bytes at all) as an error message shows it: in double quotes,
/// printable UTF-8 as it is; quotes, backslashes, line breaks, control and invisible characters
/// and bytes that are not UTF-8 escaped (`\"`, `\\`, `\n`, `\x00`, `\xff`, `\u{202e}`); and, past
/// `message_text_bytes` bytes, cut with the full length given:
/// `"Ana\x00Ben"`, `"aaaa...aaaa"... (1048576 bytes)`. A message stays one readable line of
/// bounded length whatever the caller passed.
inline std::string quoted_for_message(std::string_view text) {
    const ShownText shown = escaped_for_message(text);
    std::string quoted = '"' + shown.body + '"';
    if (shown.cut) {
        quoted += "... (" + std::to_string(text.size()) + " bytes)";
    }
    return quoted;
}

/// As quoted_for_message, without the quotes when the text needs none (printable UTF-8, no
/// quote or backslash, short enough to show whole): for names in running text, `it is Ana's
/// turn`.
inline std::string shown_for_message(std::string_view text) {
    ShownText shown = escaped_for_message(text);
    if (shown.escaped || shown.cut || text.empty()) {
        return quoted_for_message(text);
    }
    return std::move(shown.body);
}

} // namespace detail

} // namespace snakeladder
