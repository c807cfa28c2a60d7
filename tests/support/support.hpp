// Helpers every test file may use: include "support/support.hpp" after "support/catch.hpp".
#pragma once

#include "catch.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <snakeladder/analysis/solve_report.hpp>
#include <snakeladder/base/errors.hpp>
#include <snakeladder/base/jump.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/game_result.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/turn/turn_record.hpp>
#include <string>
#include <utility>
#include <vector>

// The message of the `Exception` that `call` throws; fails the test when it throws nothing.
// (Any other exception type escapes and fails the test too.)
template <class Exception, class Call>
std::string message_of(Call&& call) {
    try {
        call();
    } catch (const Exception& error) {
        return error.what();
    }
    FAIL("expected an exception, but none was thrown");
    return {};
}

// The `Exception` that `call` throws, to look at more than its message (`line()`, `path()`);
// fails the test when it throws nothing.
template <class Exception, class Call>
Exception thrown_by(Call&& call) {
    std::optional<Exception> caught;
    try {
        call();
    } catch (const Exception& error) {
        caught.emplace(error);
    }
    REQUIRE(caught.has_value());
    return *caught;
}

// --- Games -------------------------------------------------------------------------------------

namespace support {

using namespace snakeladder;

// Everything a caller can observe about a game, to compare before and after a call that throws.
struct Snapshot {
    std::vector<Square> positions;
    GameStatus status;
    std::uint64_t turns;
    std::vector<TurnRecord> records;
    std::optional<std::string> winner;
    std::vector<Standing> ranking;
    std::optional<std::string> current;
    GameResult result;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

template <class G>
Snapshot snapshot(const G& game) {
    const GameStatus status = game.status();
    return {game.positions(),
            status,
            game.turns(),
            game.records(),
            game.winner(),
            game.ranking(),
            status == GameStatus::finished ? std::nullopt
                                           : std::optional<std::string>(game.current_player()),
            game.result()};
}

inline TurnRecord record(std::uint64_t turn, std::uint32_t seat, std::string player, int roll,
                         Square start, Square landed, Square end, JumpPath jumps = {}) {
    TurnRecord r;
    r.turn = turn;
    r.seat = seat;
    r.player = std::move(player);
    r.roll = roll;
    r.start = start;
    r.landed = landed;
    r.end = end;
    r.jumps = std::move(jumps);
    return r;
}

inline TurnRecord blocked(TurnRecord r, Square needed) {
    r.blocked = true;
    r.needed = needed;
    return r;
}

inline TurnRecord home(TurnRecord r, int place) {
    r.home = true;
    r.place = place;
    return r;
}

// The records of the scripted classic game (classic board, ScriptedDice{1, 3, 11, 2, 17, 4, 13,
// 1, 5, 2, 3}, Ana and Ben): a ladder, a plain move, a snake, a blocked overshoot and an exact
// finish, each worked out by hand on the board.
inline std::vector<TurnRecord> scripted_classic_records() {
    return {
        record(1, 0, "Ana", 1, 0, 1, 38, {{1, 38}}),
        record(2, 1, "Ben", 3, 0, 3, 3),
        record(3, 0, "Ana", 11, 38, 49, 11, {{49, 11}}),
        record(4, 1, "Ben", 2, 3, 5, 5),
        record(5, 0, "Ana", 17, 11, 28, 84, {{28, 84}}),
        record(6, 1, "Ben", 4, 5, 9, 31, {{9, 31}}),
        record(7, 0, "Ana", 13, 84, 97, 97),
        record(8, 1, "Ben", 1, 31, 32, 32),
        blocked(record(9, 0, "Ana", 5, 97, 97, 97), 3),
        record(10, 1, "Ben", 2, 32, 34, 34),
        home(record(11, 0, "Ana", 3, 97, 100, 100), 1),
    };
}

// --- Saved games -------------------------------------------------------------------------------

// How load_game must refuse a document: the line and column the ParseError names, and its
// message, all of what() after "line L, column C: ".
struct Refused {
    std::size_t line;
    std::size_t column;
    std::string message;
};

// Calls `load` (a call of load_game), which must throw a ParseError saying exactly `expected`.
template <class Load>
void check_refused(const Load& load, const Refused& expected) {
    INFO("expected the refusal: line " << expected.line << ", column " << expected.column << ": "
                                       << expected.message);
    try {
        (void)load();
    } catch (const ParseError& error) {
        CHECK(error.line() == expected.line);
        CHECK(error.column() == expected.column);
        CHECK(std::string(error.what()) == fmt::format("line {}, column {}: {}", expected.line,
                                                       expected.column, expected.message));
        return;
    }
    FAIL("the document was loaded, but it should have been refused");
}

// --- Boards and dice ---------------------------------------------------------------------------

// A board of `size` squares with `jumps`, under the given overshoot and chain rules.
template <typename Overshoot, typename Chains = RejectChains>
Board<GameConfig<Overshoot, Chains>> board_of(Square size, std::vector<Jump> jumps) {
    return Board<GameConfig<Overshoot, Chains>>(std::move(jumps),
                                                GameConfig<Overshoot, Chains>({.size = size}));
}

// The decision tests' board: 4 squares, a snake from 3 to 1, exact finish.
inline Board<> small_board() {
    return Board<>({Jump{3, 1}}, {.size = 4});
}

// A fair coin (rolls 1 and 2), a die that always rolls 1, one that always rolls 2.
inline std::vector<LoadedDice<>> three_dice() {
    return {LoadedDice<>({1, 1}), LoadedDice<>({1}), LoadedDice<>({0, 1})};
}

// --- Hostile values: the integer limits and the largest board ----------------------------------

// A ProgressOptions callback's (done, total), in the order given.
using ProgressReport = std::pair<std::int64_t, std::int64_t>;

// Options that add every report to `reports`: an interval of 0, so none is skipped.
inline ProgressOptions recording_progress(std::vector<ProgressReport>& reports) {
    ProgressOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.progress = [&reports](std::int64_t done, std::int64_t total) {
        reports.emplace_back(done, total);
    };
    return options;
}

inline constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();
inline constexpr Square largest_size = GameConfig<>::max_size;

inline GameConfig<> sized(std::int64_t size) {
    return GameConfig<>({.size = static_cast<Square>(size)});
}

template <class Config = GameConfig<>>
Board<Config> empty_board(Square size) {
    return Board<Config>(std::vector<Jump>{}, Config(GameSettings{.size = size}));
}

} // namespace support
