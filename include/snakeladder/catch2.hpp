// Catch2 string makers for snakeladder's value types, for test suites that use the library: a
// failed `REQUIRE(record == expected)` prints `Ana rolls 5: 97 to 78 via snake 98-78` instead of
// `{?}`, and a vector of records, jumps or standings prints each one so.
//
// Optional, and the only header that needs Catch2: include it after Catch2's own header (v2's
// <catch2/catch.hpp> or v3's <catch2/catch_test_macros.hpp>); included first, it includes
// Catch2's string conversion itself, v3's when it is there, else v2's.
//
// Include it in every test file of a program that prints these values, best from the one header
// your tests include for Catch2: a file that compares a Jump without it prints it through
// Catch2's fallback ("{?}"), and the two definitions of StringMaker<Jump> in one program break
// the one definition rule (the linker keeps either).
//
// Covered: Jump, JumpKind, JumpPath, Move, BoardRule, BasicBoard<Config>, GameState, TurnRecord,
// Standing, GameStatus, GameResult and Action, each printed as fmt prints it (Move, which has no
// fmt formatter, as its fields).
#pragma once

#if !defined(CATCH_VERSION_MAJOR)
#if __has_include(<catch2/catch_tostring.hpp>)
#include <catch2/catch_tostring.hpp>
#elif __has_include(<catch2/catch.hpp>)
#include <catch2/catch.hpp>
#else
#error                                                                                             \
    "snakeladder/catch2.hpp needs Catch2: <catch2/catch_tostring.hpp> (v3) or <catch2/catch.hpp> (v2)"
#endif
#endif

#include "base/errors.hpp"
#include "base/jump.hpp"
#include "board/board.hpp"
#include "game/game_result.hpp"
#include "rules/game_state.hpp"
#include "turn/decisions.hpp"
#include "turn/turn_record.hpp"

#include <fmt/format.h>
#include <string>

namespace snakeladder::detail {

// What fmt prints for `value`, as a Catch2 string maker returns it.
template <class T>
struct FormattedByFmt {
    static std::string convert(const T& value) { return fmt::format("{}", value); }
};

// A path of jumps as a list: `[ladder 3-22, ladder 22-27]`.
inline std::string jump_list(const JumpPath& jumps) {
    std::string text = "[";
    for (const Jump& jump : jumps) {
        text += (text.size() > 1 ? ", " : "") + fmt::format("{}", jump);
    }
    return text + "]";
}

} // namespace snakeladder::detail

namespace Catch {

template <>
struct StringMaker<snakeladder::Jump> : snakeladder::detail::FormattedByFmt<snakeladder::Jump> {};
template <>
struct StringMaker<snakeladder::JumpKind>
    : snakeladder::detail::FormattedByFmt<snakeladder::JumpKind> {};
template <>
struct StringMaker<snakeladder::JumpPath> {
    static std::string convert(const snakeladder::JumpPath& jumps) {
        return snakeladder::detail::jump_list(jumps);
    }
};
template <>
struct StringMaker<snakeladder::Move> {
    static std::string convert(const snakeladder::Move& move) {
        return fmt::format("Move{{start {}, roll {}, landed {}, end {}, jumps {}, blocked {}, "
                           "home {}}}",
                           move.start, move.roll, move.landed, move.end,
                           snakeladder::detail::jump_list(move.jumps), move.blocked, move.home);
    }
};
template <>
struct StringMaker<snakeladder::BoardRule> {
    static std::string convert(snakeladder::BoardRule rule) {
        return std::string(snakeladder::to_string(rule));
    }
};
template <class Config>
struct StringMaker<snakeladder::BasicBoard<Config>>
    : snakeladder::detail::FormattedByFmt<snakeladder::BasicBoard<Config>> {};
template <>
struct StringMaker<snakeladder::GameState>
    : snakeladder::detail::FormattedByFmt<snakeladder::GameState> {};
template <>
struct StringMaker<snakeladder::TurnRecord>
    : snakeladder::detail::FormattedByFmt<snakeladder::TurnRecord> {};
template <>
struct StringMaker<snakeladder::Standing>
    : snakeladder::detail::FormattedByFmt<snakeladder::Standing> {};
template <>
struct StringMaker<snakeladder::GameStatus>
    : snakeladder::detail::FormattedByFmt<snakeladder::GameStatus> {};
template <>
struct StringMaker<snakeladder::GameResult>
    : snakeladder::detail::FormattedByFmt<snakeladder::GameResult> {};
template <>
struct StringMaker<snakeladder::Action> : snakeladder::detail::FormattedByFmt<snakeladder::Action> {
};

} // namespace Catch
