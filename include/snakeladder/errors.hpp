// The library's exceptions: one base class, one type per situation a caller can act on.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

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
class ParseError : public Error {
public:
    ParseError(std::size_t line, std::size_t column, const std::string& what)
        : Error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                what),
          line_(line), column_(column) {}
    [[nodiscard]] std::size_t line() const noexcept { return line_; }
    [[nodiscard]] std::size_t column() const noexcept { return column_; }

private:
    std::size_t line_;
    std::size_t column_;
};

} // namespace snakeladder
