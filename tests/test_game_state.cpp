// The values of the turn model (game_state.hpp), each state built by hand: a game about to start,
// what mid_turn means, equality and the hash over every field, and the one line a state prints
// as. States reached through the turn model are compared in test_turn_model.cpp.
#include "support/catch.hpp"

#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <snakeladder/rules/game_state.hpp>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// Turn `turns + 1`, `seat` to roll again after `streak` maximum rolls in a row, its turn begun
// on `began`.
GameState rolling_again(std::vector<Square> squares, std::uint32_t seat, std::uint64_t turns,
                        std::uint32_t streak, Square began) {
    GameState state({.players = squares.size(), .max_roll = 6});
    state.squares = std::move(squares);
    state.seat_due = seat;
    state.turns_played = turns;
    state.rolls_in_turn = streak;
    state.streak = streak;
    state.turn_start = began;
    return state;
}

} // namespace

TEST_CASE("a game about to start: every token on 0 and seat 0 to roll", "[game_state]") {
    const GameState state({.players = 3, .max_roll = 12});
    // Every other field as a default state has it: turn 1, no roll yet, nobody home.
    GameState expected;
    expected.squares = {0, 0, 0};
    expected.turns_to_miss = {0, 0, 0};
    expected.max_roll = 12;
    CHECK(state == expected);
    CHECK(state.finish_order.capacity() >= 3); // getting home never allocates
    CHECK_FALSE(state.mid_turn());
    // Once the turn under way has rolled, the same player rolls again.
    GameState rolled = state;
    rolled.rolls_in_turn = 1;
    CHECK(rolled.mid_turn());
}

TEST_CASE("states that differ in any one field are unequal and hash apart", "[game_state]") {
    const GameState start({.players = 2, .max_roll = 6});
    std::vector<GameState> states{start};
    const auto add = [&](auto change) {
        GameState state = start;
        change(state);
        states.push_back(state);
    };
    add([](GameState& s) { s.squares[1] = 5; });
    add([](GameState& s) { s.squares.push_back(0); });
    add([](GameState& s) { s.finish_order = {1}; });
    add([](GameState& s) { s.turns_to_miss[0] = 1; });
    add([](GameState& s) { s.seat_due = 1; });
    add([](GameState& s) { s.turns_played = 1; });
    add([](GameState& s) { s.rolls_in_turn = 1; });
    add([](GameState& s) { s.streak = 1; });
    add([](GameState& s) { s.turn_start = 4; });
    add([](GameState& s) { s.max_roll = 12; });
    add([](GameState& s) { s.finished = true; });

    const std::hash<GameState> hash;
    for (std::size_t a = 0; a < states.size(); ++a) {
        INFO("state " << a << ": " << fmt::format("{}", states[a]));
        CHECK(hash(states[a]) == hash_value(states[a]));
        for (std::size_t b = a + 1; b < states.size(); ++b) {
            INFO("against state " << b);
            CHECK(states[a] != states[b]);
            CHECK(hash(states[a]) != hash(states[b]));
        }
    }
    // Built apart, the same state is equal and hashes alike.
    GameState again({.players = 2, .max_roll = 6});
    again.squares[1] = 5;
    CHECK(again == states[1]);
    CHECK(hash(again) == hash(states[1]));
}

TEST_CASE("a state prints on one line: whose roll, the squares, who is home, turns to miss",
          "[game_state]") {
    GameState between({.players = 3, .max_roll = 6});
    between.squares = {20, 7, 3};
    between.turns_played = 4;
    between.turns_to_miss = {0, 1, 2};
    CHECK(fmt::format("{}", between) ==
          "turn 5, seat 0 to roll; squares 20 7 3; turns to miss: seat 1 (1), seat 2 (2)");

    // Seat 1 rolls again after one maximum, its turn begun on 10; seat 2 after two, begun on 5.
    CHECK(fmt::format("{}", rolling_again({16, 22}, 1, 6, 1, 10)) ==
          "turn 7, seat 1 rolls again (roll 2, 1 maximum roll in a row, turn began on 10); "
          "squares 16 22");
    CHECK(fmt::format("{}", rolling_again({30, 0, 17}, 2, 8, 2, 5)) ==
          "turn 9, seat 2 rolls again (roll 3, 2 maximum rolls in a row, turn began on 5); "
          "squares 30 0 17");

    // Two home and play going on (play_to_last), then a game over after one turn.
    GameState two_home({.players = 3, .max_roll = 6});
    two_home.squares = {100, 40, 100};
    two_home.finish_order = {2, 0};
    two_home.seat_due = 1;
    two_home.turns_played = 12;
    CHECK(fmt::format("{}", two_home) ==
          "turn 13, seat 1 to roll; squares 100 40 100; home: seat 2, seat 0");
    GameState over({.players = 1, .max_roll = 6});
    over.squares = {1};
    over.finish_order = {0};
    over.turns_played = 1;
    over.finished = true;
    CHECK(fmt::format("{}", over) == "after 1 turn, over; squares 1; home: seat 0");
}
