// The turn model (turn_model.hpp): GameState, apply_roll, turn_record and chance_outcomes.
// Rolls worked out by hand on small boards, one rule at a time and in combination, with every
// field of the outcome and of the next state asserted; the refusals; turn records assembled by
// hand; the chance nodes of one die, two dice and a loaded die; ==, hash and fmt of a state.
// Then seeded playouts driven through the model alone and played again in a Game with
// replay_turn, compared turn by turn (and checked by the independent referee of
// support/house_rules_support.hpp), under every overshoot rule, chain rule and house-rule
// combination; the same playouts saved and loaded at every turn; and states copied mid-turn and
// at turn boundaries that continue exactly like the original.
#include "support/catch.hpp"
#include "support/house_rules_support.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <random>
#include <snakeladder/snakeladder.hpp>
#include <snakeladder/turn/turn_model.hpp>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace snakeladder;
using house_rules_support::fields;
using house_rules_support::require_follows_rules;
using house_rules_support::RuleCounts;
using house_rules_support::Turn;

namespace {

// --- Expectations, written with designated initializers -----------------------------------------

// An expected RollOutcome. Every member has a default (the common case: the first roll of a turn
// that ends it), so a test names only what the roll did.
struct Out {
    std::uint32_t seat = 0;
    std::uint32_t roll_in_turn = 1;
    int roll = 0;
    Square start = 0;
    Square landed = 0;
    Square end = 0;
    JumpPath jumps{};
    Square needed = 0;
    bool blocked = false;
    bool waiting = false;
    bool forfeits = false;
    bool home = false;
    int place = 0;
    std::vector<TokenKnock> knocked{};
    bool turn_over = true;

    operator RollOutcome() const { // NOLINT(google-explicit-constructor): a test's shorthand
        RollOutcome out;
        out.seat = seat;
        out.roll_in_turn = roll_in_turn;
        out.roll = roll;
        out.start = start;
        out.landed = landed;
        out.end = end;
        out.jumps = jumps;
        out.needed = needed;
        out.blocked = blocked;
        out.waiting = waiting;
        out.forfeits = forfeits;
        out.home = home;
        out.place = place;
        out.knocked = knocked;
        out.turn_over = turn_over;
        return out;
    }
};

// An expected GameState. Between turns `turn_start` is 0 (the model resets it, so that states
// between turns compare equal however they were reached).
struct Next {
    std::vector<Square> squares{};
    std::vector<std::uint32_t> finish_order{};
    std::uint32_t seat_due = 0;
    std::uint64_t turns_played = 0;
    std::uint32_t rolls_in_turn = 0;
    std::uint32_t streak = 0;
    Square turn_start = 0;
    int max_roll = 6;
    bool finished = false;
};

std::string path_text(const JumpPath& jumps) {
    std::string text;
    for (const Jump& jump : jumps) {
        text += fmt::format("{}{}", text.empty() ? "" : " ", jump);
    }
    return text;
}

// Every field, for failure messages.
std::string describe(const RollOutcome& o) {
    std::string knocked;
    for (const TokenKnock& k : o.knocked) {
        knocked += fmt::format("{{seat {} from {}}}", k.seat, k.from);
    }
    return fmt::format("seat {} roll_in_turn {} roll {} start {} landed {} end {} jumps [{}] "
                       "needed {} blocked {} waiting {} forfeits {} home {} place {} knocked [{}] "
                       "turn_over {}",
                       o.seat, o.roll_in_turn, o.roll, o.start, o.landed, o.end, path_text(o.jumps),
                       o.needed, o.blocked, o.waiting, o.forfeits, o.home, o.place, knocked,
                       o.turn_over);
}

std::string describe(const GameState& s) {
    std::string squares;
    for (const Square square : s.squares) {
        squares += fmt::format(" {}", square);
    }
    std::string finishers;
    for (const std::uint32_t seat : s.finish_order) {
        finishers += fmt::format(" {}", seat);
    }
    return fmt::format("squares [{} ] finish_order [{} ] seat_due {} turns_played {} "
                       "rolls_in_turn {} streak {} turn_start {} max_roll {} finished {}",
                       squares, finishers, s.seat_due, s.turns_played, s.rolls_in_turn, s.streak,
                       s.turn_start, s.max_roll, s.finished);
}

void require_state(const GameState& got, const Next& want) {
    INFO("state: " << describe(got));
    CHECK(got.squares == want.squares);
    CHECK(got.finish_order == want.finish_order);
    CHECK(got.seat_due == want.seat_due);
    CHECK(got.turns_played == want.turns_played);
    CHECK(got.rolls_in_turn == want.rolls_in_turn);
    CHECK(got.streak == want.streak);
    CHECK(got.max_roll == want.max_roll);
    CHECK(got.finished == want.finished);
    CHECK(got.turn_start == want.turn_start);
    CHECK(got.mid_turn() == (want.rolls_in_turn != 0));
}

// Applies `roll` to `state` on `board` under `rules` and checks every field of the outcome and of
// the next state, and that apply_roll_in_place does exactly the same to a copy. Returns the next
// state.
template <class Config, HouseRule Rules>
GameState roll_expecting(const BasicBoard<Config>& board, const Rules& rules,
                         const GameState& state, int roll, const Out& want, const Next& next) {
    INFO("from " << describe(state) << ", roll " << roll << " under " << rules.name());
    const RollResult result = apply_roll(board, state, roll, rules);
    const RollOutcome expected = want;
    CHECK(describe(result.outcome) == describe(expected));
    REQUIRE(result.outcome == expected);
    require_state(result.state, next);
    GameState in_place = state;
    const RollOutcome direct = apply_roll_in_place(board, in_place, roll, rules);
    REQUIRE(direct == result.outcome);
    REQUIRE(in_place == result.state);
    return result.state;
}

// The same in the standard game (no house rules).
template <class Config>
GameState roll_expecting(const BasicBoard<Config>& board, const GameState& state, int roll,
                         const Out& want, const Next& next) {
    return roll_expecting(board, NoHouseRules{}, state, roll, want, next);
}

// A state with tokens on `squares`, `seat_due` to roll, `turns` turns over and nobody home.
GameState at(std::vector<Square> squares, std::uint32_t seat_due = 0, std::uint64_t turns = 0,
             int max_roll = 6) {
    GameState state({.players = squares.size(), .max_roll = max_roll});
    state.squares = std::move(squares);
    state.seat_due = seat_due;
    state.turns_played = turns;
    return state;
}

JumpPath path(std::initializer_list<Jump> jumps) {
    return {jumps};
}

const std::vector<std::string> names3{"Ana", "Ben", "Cy"};

// The board of the design notes: size 9, ladder 4-7, snake 8-2.
template <class Config>
Board<Config> board9(const Config& config) {
    return Board<Config>(std::vector<Jump>{{4, 7}, {8, 2}}, config);
}

// Size 12 with a chain 2-6-10-4: FollowChains follows it to 4, SingleJump rests after one jump.
template <class Config>
Board<Config> chain12(const Config& config) {
    return Board<Config>(std::vector<Jump>{{2, 6}, {6, 10}, {10, 4}}, config);
}

} // namespace

// --- One rule at a time --------------------------------------------------------------------------

TEST_CASE("apply_roll: the overshoot rules, hand-worked on the board of size 9 (ladder 4-7, "
          "snake 8-2)") {
    SECTION("ExactFinish: a roll past home is blocked and says what was needed") {
        using Config = GameConfig<ExactFinish>;
        const Board<Config> board = board9(Config({.size = 9}));
        // 6 + 4 = 10 passes 9: blocked, stays on 6, needed 3; Ben is due.
        GameState state = roll_expecting(
            board, at({6, 0}), 4,
            {.roll = 4, .start = 6, .landed = 6, .end = 6, .needed = 3, .blocked = true},
            {.squares = {6, 0}, .seat_due = 1, .turns_played = 1});
        // Ben: 0 + 4 = 4, ladder to 7.
        state = roll_expecting(
            board, state, 4,
            {.seat = 1, .roll = 4, .start = 0, .landed = 4, .end = 7, .jumps = path({{4, 7}})},
            {.squares = {6, 7}, .seat_due = 0, .turns_played = 2});
        // Ana: 6 + 2 = 8, the snake's head: down to 2.
        state =
            roll_expecting(board, state, 2,
                           {.roll = 2, .start = 6, .landed = 8, .end = 2, .jumps = path({{8, 2}})},
                           {.squares = {2, 7}, .seat_due = 1, .turns_played = 3});
        // Ben: 7 + 3 = 10, blocked, needed 2.
        state = roll_expecting(
            board, state, 3,
            {.seat = 1, .roll = 3, .start = 7, .landed = 7, .end = 7, .needed = 2, .blocked = true},
            {.squares = {2, 7}, .seat_due = 0, .turns_played = 4});
        // Ana: 2 + 5 = 7.
        state = roll_expecting(board, state, 5, {.roll = 5, .start = 2, .landed = 7, .end = 7},
                               {.squares = {2 + 5, 7}, .seat_due = 1, .turns_played = 5});
        // Ben: 7 + 2 = 9 exactly: home, first; the game is over.
        state = roll_expecting(
            board, state, 2,
            {.seat = 1, .roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {7, 9},
             .finish_order = {1},
             .seat_due = 0,
             .turns_played = 6,
             .finished = true});
        REQUIRE(chance_outcomes(FairDice<>::seeded(1), state).empty());
    }

    SECTION("BounceBack: walks to home and back by the excess, onto a snake's head, never "
            "below square 1") {
        using Config = GameConfig<BounceBack>;
        const Board<Config> board = board9(Config({.size = 9}));
        // 7 + 3: two to home, one back: 8, the snake's head, slides to 2.
        (void)roll_expecting(
            board, at({7, 0}), 3,
            {.roll = 3, .start = 7, .landed = 8, .end = 2, .jumps = path({{8, 2}})},
            {.squares = {2, 0}, .seat_due = 1, .turns_played = 1});
        // 6 + 5: three to home, two back: 7.
        (void)roll_expecting(board, at({6, 0}), 5, {.roll = 5, .start = 6, .landed = 7, .end = 7},
                             {.squares = {7, 0}, .seat_due = 1, .turns_played = 1});
        // 5 + 4 = 9 exactly: home.
        (void)roll_expecting(
            board, at({5, 0}), 4,
            {.roll = 4, .start = 5, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {9, 0},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 1,
             .finished = true});
        // 3 + 20 (no die of this game rolls it, but a roll is a roll): six to home, fourteen
        // back would be square -5, so square 1.
        (void)roll_expecting(board, at({3, 0}), 20, {.roll = 20, .start = 3, .landed = 1, .end = 1},
                             {.squares = {1, 0}, .seat_due = 1, .turns_played = 1});
    }

    SECTION("OvershootWins: reaching or passing home wins") {
        using Config = GameConfig<OvershootWins>;
        const Board<Config> board = board9(Config({.size = 9}));
        (void)roll_expecting(
            board, at({6, 0}), 5,
            {.roll = 5, .start = 6, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {9, 0},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 1,
             .finished = true});
        (void)roll_expecting(
            board, at({0, 7}, 1, 3), 2,
            {.seat = 1, .roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {0, 9},
             .finish_order = {1},
             .seat_due = 0,
             .turns_played = 4,
             .finished = true});
        // Below home the snake still bites.
        (void)roll_expecting(
            board, at({6, 0}), 2,
            {.roll = 2, .start = 6, .landed = 8, .end = 2, .jumps = path({{8, 2}})},
            {.squares = {2, 0}, .seat_due = 1, .turns_played = 1});
    }
}

TEST_CASE("apply_roll: chain rules on a chain 2-6-10-4 (size 12)") {
    SECTION("FollowChains: the whole chain, every jump listed") {
        using Config = GameConfig<ExactFinish, FollowChains>;
        const Board<Config> board = chain12(Config({.size = 12}));
        (void)roll_expecting(
            board, at({0, 0}), 2,
            {.roll = 2, .landed = 2, .end = 4, .jumps = path({{2, 6}, {6, 10}, {10, 4}})},
            {.squares = {4, 0}, .seat_due = 1, .turns_played = 1});
        (void)roll_expecting(board, at({0, 0}), 6,
                             {.roll = 6, .landed = 6, .end = 4, .jumps = path({{6, 10}, {10, 4}})},
                             {.squares = {4, 0}, .seat_due = 1, .turns_played = 1});
        (void)roll_expecting(
            board, at({0, 8}, 1), 2,
            {.seat = 1, .roll = 2, .start = 8, .landed = 10, .end = 4, .jumps = path({{10, 4}})},
            {.squares = {0, 4}, .seat_due = 0, .turns_played = 1});
    }

    SECTION("SingleJump: one jump per landing; a token may rest on a jump's start, and a blocked "
            "move from there takes no jump") {
        using Config = GameConfig<ExactFinish, SingleJump>;
        const Board<Config> board = chain12(Config({.size = 12}));
        (void)roll_expecting(board, at({0, 0}), 2,
                             {.roll = 2, .landed = 2, .end = 6, .jumps = path({{2, 6}})},
                             {.squares = {6, 0}, .seat_due = 1, .turns_played = 1});
        // Lands on 6, takes 6-10 only: rests on 10, the snake's head.
        GameState state = roll_expecting(
            board, at({0, 0}), 6, {.roll = 6, .landed = 6, .end = 10, .jumps = path({{6, 10}})},
            {.squares = {10, 0}, .seat_due = 1, .turns_played = 1});
        state.seat_due = 0;
        // 10 + 3 = 13 passes 12: blocked, stays on 10, and the snake 10-4 is not taken.
        (void)roll_expecting(
            board, state, 3,
            {.roll = 3, .start = 10, .landed = 10, .end = 10, .needed = 2, .blocked = true},
            {.squares = {10, 0}, .seat_due = 1, .turns_played = 2});
        (void)roll_expecting(
            board, at({6, 0}), 4,
            {.roll = 4, .start = 6, .landed = 10, .end = 4, .jumps = path({{10, 4}})},
            {.squares = {4, 0}, .seat_due = 1, .turns_played = 1});
        (void)roll_expecting(
            board, at({6, 0}), 6,
            {.roll = 6, .start = 6, .landed = 12, .end = 12, .home = true, .place = 1},
            {.squares = {12, 0},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 1,
             .finished = true});
    }

    SECTION("BounceBack with FollowChains: a bounce onto a chain follows it") {
        using Config = GameConfig<BounceBack, FollowChains>;
        const Board<Config> board = chain12(Config({.size = 12}));
        // 11 + 3: one to home, two back: 10, snake to 4.
        (void)roll_expecting(
            board, at({11, 0}), 3,
            {.roll = 3, .start = 11, .landed = 10, .end = 4, .jumps = path({{10, 4}})},
            {.squares = {4, 0}, .seat_due = 1, .turns_played = 1});
        // 11 + 6: one to home, five back: 7.
        (void)roll_expecting(board, at({11, 0}), 6, {.roll = 6, .start = 11, .landed = 7, .end = 7},
                             {.squares = {7, 0}, .seat_due = 1, .turns_played = 1});
    }
}

TEST_CASE("apply_roll: ExtraTurnOnMax<3> on the classic board") {
    const Board<> board = classic();
    const ExtraTurnOnMax<3> rules{};

    SECTION("a six grants another roll; two sixes then a five; the third six in a row forfeits "
            "the turn back to where it began") {
        // Ana: 6 from 0, the turn goes on.
        GameState state =
            roll_expecting(board, rules, GameState({.players = 2, .max_roll = 6}), 6,
                           {.roll = 6, .landed = 6, .end = 6, .turn_over = false},
                           {.squares = {6, 0}, .rolls_in_turn = 1, .streak = 1, .turn_start = 0});
        REQUIRE(fmt::format("{}", state) ==
                "turn 1, seat 0 rolls again (roll 2, 1 maximum roll in a row, turn began on 0); "
                "squares 6 0");
        // Then 3: 9, ladder to 31; the turn is over.
        state = roll_expecting(board, rules, state, 3,
                               {.roll_in_turn = 2,
                                .roll = 3,
                                .start = 6,
                                .landed = 9,
                                .end = 31,
                                .jumps = path({{9, 31}})},
                               {.squares = {31, 0}, .seat_due = 1, .turns_played = 1});
        REQUIRE(fmt::format("{}", state) == "turn 2, seat 1 to roll; squares 31 0");
        // Ben: 2.
        state =
            roll_expecting(board, rules, state, 2, {.seat = 1, .roll = 2, .landed = 2, .end = 2},
                           {.squares = {31, 2}, .seat_due = 0, .turns_played = 2});
        // Ana: 6, 6 (31 to 37 to 43), then a third 6 forfeits: back to 31, not 0 nor 43.
        state =
            roll_expecting(board, rules, state, 6,
                           {.roll = 6, .start = 31, .landed = 37, .end = 37, .turn_over = false},
                           {.squares = {37, 2},
                            .turns_played = 2,
                            .rolls_in_turn = 1,
                            .streak = 1,
                            .turn_start = 31});
        state = roll_expecting(board, rules, state, 6,
                               {.roll_in_turn = 2,
                                .roll = 6,
                                .start = 37,
                                .landed = 43,
                                .end = 43,
                                .turn_over = false},
                               {.squares = {43, 2},
                                .turns_played = 2,
                                .rolls_in_turn = 2,
                                .streak = 2,
                                .turn_start = 31});
        REQUIRE(fmt::format("{}", state) ==
                "turn 3, seat 0 rolls again (roll 3, 2 maximum rolls in a row, turn began on 31); "
                "squares 43 2");
        state = roll_expecting(
            board, rules, state, 6,
            {.roll_in_turn = 3, .roll = 6, .start = 43, .landed = 43, .end = 31, .forfeits = true},
            {.squares = {31, 2}, .seat_due = 1, .turns_played = 3});
        // Ben: 6, 6 (2 to 8 to 14), then 5: 19. Two sixes and another roll: no forfeit.
        state = roll_expecting(
            board, rules, state, 6,
            {.seat = 1, .roll = 6, .start = 2, .landed = 8, .end = 8, .turn_over = false},
            {.squares = {31, 8},
             .seat_due = 1,
             .turns_played = 3,
             .rolls_in_turn = 1,
             .streak = 1,
             .turn_start = 2});
        state = roll_expecting(board, rules, state, 6,
                               {.seat = 1,
                                .roll_in_turn = 2,
                                .roll = 6,
                                .start = 8,
                                .landed = 14,
                                .end = 14,
                                .turn_over = false},
                               {.squares = {31, 14},
                                .seat_due = 1,
                                .turns_played = 3,
                                .rolls_in_turn = 2,
                                .streak = 2,
                                .turn_start = 2});
        state = roll_expecting(
            board, rules, state, 5,
            {.seat = 1, .roll_in_turn = 3, .roll = 5, .start = 14, .landed = 19, .end = 19},
            {.squares = {31, 19}, .seat_due = 0, .turns_played = 4});
        // The streak starts again with each turn: Ana's six is the first of this turn.
        (void)roll_expecting(board, rules, state, 6,
                             {.roll = 6, .start = 31, .landed = 37, .end = 37, .turn_over = false},
                             {.squares = {37, 19},
                              .turns_played = 4,
                              .rolls_in_turn = 1,
                              .streak = 1,
                              .turn_start = 31});
    }

    SECTION("a six that takes a jump still grants a roll") {
        // 10 + 6 = 16, chute to 6; then 1: 7.
        const GameState state =
            roll_expecting(board, rules, at({10, 50}), 6,
                           {.roll = 6,
                            .start = 10,
                            .landed = 16,
                            .end = 6,
                            .jumps = path({{16, 6}}),
                            .turn_over = false},
                           {.squares = {6, 50}, .rolls_in_turn = 1, .streak = 1, .turn_start = 10});
        (void)roll_expecting(board, rules, state, 1,
                             {.roll_in_turn = 2, .roll = 1, .start = 6, .landed = 7, .end = 7},
                             {.squares = {7, 50}, .seat_due = 1, .turns_played = 1});
    }

    SECTION("a six that reaches home ends the turn and the game") {
        (void)roll_expecting(
            board, rules, at({94, 19}, 0, 10), 6,
            {.roll = 6, .start = 94, .landed = 100, .end = 100, .home = true, .place = 1},
            {.squares = {100, 19},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 11,
             .finished = true});
    }

    SECTION("a six that exact finish blocks still grants a roll and counts towards the "
            "forfeit") {
        // 97: a six is blocked (needed 3), and Ana rolls again; a 3 then brings her home.
        const GameState blocked = roll_expecting(
            board, rules, at({97, 19}), 6,
            {.roll = 6,
             .start = 97,
             .landed = 97,
             .end = 97,
             .needed = 3,
             .blocked = true,
             .turn_over = false},
            {.squares = {97, 19}, .rolls_in_turn = 1, .streak = 1, .turn_start = 97});
        (void)roll_expecting(board, rules, blocked, 3,
                             {.roll_in_turn = 2,
                              .roll = 3,
                              .start = 97,
                              .landed = 100,
                              .end = 100,
                              .home = true,
                              .place = 1},
                             {.squares = {100, 19},
                              .finish_order = {0},
                              .seat_due = 1,
                              .turns_played = 1,
                              .finished = true});
        // Three blocked sixes: the third forfeits (back to 97, where the turn began).
        const GameState twice = roll_expecting(
            board, rules, blocked, 6,
            {.roll_in_turn = 2,
             .roll = 6,
             .start = 97,
             .landed = 97,
             .end = 97,
             .needed = 3,
             .blocked = true,
             .turn_over = false},
            {.squares = {97, 19}, .rolls_in_turn = 2, .streak = 2, .turn_start = 97});
        (void)roll_expecting(
            board, rules, twice, 6,
            {.roll_in_turn = 3, .roll = 6, .start = 97, .landed = 97, .end = 97, .forfeits = true},
            {.squares = {97, 19}, .seat_due = 1, .turns_played = 1});
    }

    SECTION("ExtraTurnOnMax<2> (chosen at run time): the second six in a row forfeits") {
        const ChosenHouseRules two({.forfeit_streak = 2});
        const GameState state =
            roll_expecting(board, two, at({10, 0}), 6,
                           {.roll = 6,
                            .start = 10,
                            .landed = 16,
                            .end = 6,
                            .jumps = path({{16, 6}}),
                            .turn_over = false},
                           {.squares = {6, 0}, .rolls_in_turn = 1, .streak = 1, .turn_start = 10});
        (void)roll_expecting(
            board, two, state, 6,
            {.roll_in_turn = 2, .roll = 6, .start = 6, .landed = 6, .end = 10, .forfeits = true},
            {.squares = {10, 0}, .seat_due = 1, .turns_played = 1});
    }
}

TEST_CASE("apply_roll: SixToStart") {
    const Board<> board = classic();
    const SixToStart rules{};

    SECTION("on square 0 only the maximum moves; other rolls wait (needed is the maximum)") {
        // Ana rolls 1, which would climb 1-38: she waits on 0.
        GameState state = roll_expecting(board, rules, GameState({.players = 2, .max_roll = 6}), 1,
                                         {.roll = 1, .needed = 6, .waiting = true},
                                         {.squares = {0, 0}, .seat_due = 1, .turns_played = 1});
        const RollOutcome waited =
            apply_roll(board, GameState({.players = 2, .max_roll = 6}), 1, rules).outcome;
        const TurnRecord record = turn_record(std::span(&waited, 1), 1, names3);
        REQUIRE(
            record ==
            TurnRecord(Turn{
                .turn = 1, .seat = 0, .player = "Ana", .roll = 1, .needed = 6, .waiting = true}));
        REQUIRE(fmt::format("{}", record) == "Ana rolls 1, needs a 6 to start, waits on 0");
        // Ben rolls 6: 0 to 6, and without ExtraTurnOnMax the six grants nothing more.
        state =
            roll_expecting(board, rules, state, 6, {.seat = 1, .roll = 6, .landed = 6, .end = 6},
                           {.squares = {0, 6}, .seat_due = 0, .turns_played = 2});
        // Ana waits again.
        state = roll_expecting(board, rules, state, 5, {.roll = 5, .needed = 6, .waiting = true},
                               {.squares = {0, 6}, .seat_due = 1, .turns_played = 3});
        // Ben is on the board: any roll moves him (6 + 3 = 9, ladder to 31).
        (void)roll_expecting(
            board, rules, state, 3,
            {.seat = 1, .roll = 3, .start = 6, .landed = 9, .end = 31, .jumps = path({{9, 31}})},
            {.squares = {0, 31}, .seat_due = 0, .turns_played = 4});
    }

    SECTION("the starting six takes the jump on square 6") {
        const Board<> ladder6(std::vector<Jump>{{6, 15}}, {.size = 20});
        (void)roll_expecting(ladder6, rules, GameState({.players = 2, .max_roll = 6}), 6,
                             {.roll = 6, .landed = 6, .end = 15, .jumps = path({{6, 15}})},
                             {.squares = {15, 0}, .seat_due = 1, .turns_played = 1});
    }

    SECTION("with two dice the maximum is 12") {
        (void)roll_expecting(board, rules, GameState({.players = 2, .max_roll = 12}), 6,
                             {.roll = 6, .needed = 12, .waiting = true},
                             {.squares = {0, 0}, .seat_due = 1, .turns_played = 1, .max_roll = 12});
        (void)roll_expecting(
            board, rules, GameState({.players = 2, .max_roll = 12}), 12,
            {.roll = 12, .landed = 12, .end = 12},
            {.squares = {12, 0}, .seat_due = 1, .turns_played = 1, .max_roll = 12});
    }
}

TEST_CASE("apply_roll: KnockBack") {
    const KnockBack rules{};

    SECTION("a move ending on another's square (after its jumps) sends that token to 0") {
        const Board<> board = classic();
        // Ben (seat 1) rolls 5: 0 to 5, where Ana is: she goes back to 0.
        GameState state =
            roll_expecting(board, rules, at({5, 0, 14}, 1), 5,
                           {.seat = 1, .roll = 5, .landed = 5, .end = 5, .knocked = {{0, 5}}},
                           {.squares = {0, 5, 14}, .seat_due = 2, .turns_played = 1});
        // Cy: 14 + 2 = 16, chute to 6; nobody there.
        state = roll_expecting(
            board, rules, state, 2,
            {.seat = 2, .roll = 2, .start = 14, .landed = 16, .end = 6, .jumps = path({{16, 6}})},
            {.squares = {0, 5, 6}, .seat_due = 0, .turns_played = 2});
        // Ana: 0 + 6 = 6, where Cy is.
        state = roll_expecting(board, rules, state, 6,
                               {.roll = 6, .landed = 6, .end = 6, .knocked = {{2, 6}}},
                               {.squares = {6, 5, 0}, .seat_due = 1, .turns_played = 3});
        // Ben: 5 + 1 = 6, where Ana is.
        state = roll_expecting(
            board, rules, state, 1,
            {.seat = 1, .roll = 1, .start = 5, .landed = 6, .end = 6, .knocked = {{0, 6}}},
            {.squares = {0, 6, 0}, .seat_due = 2, .turns_played = 4});
        // Cy: 0 + 4, ladder to 14; nobody there. Ana is on 0 too, and 0 sends nobody back.
        state =
            roll_expecting(board, rules, state, 4,
                           {.seat = 2, .roll = 4, .landed = 4, .end = 14, .jumps = path({{4, 14}})},
                           {.squares = {0, 6, 14}, .seat_due = 0, .turns_played = 5});
        // Ana: 0 + 4, ladder to 14, where Cy is: the square the move ends on counts.
        (void)roll_expecting(
            board, rules, state, 4,
            {.roll = 4, .landed = 4, .end = 14, .jumps = path({{4, 14}}), .knocked = {{2, 14}}},
            {.squares = {14, 6, 0}, .seat_due = 1, .turns_played = 6});
    }

    SECTION("nobody is sent back from home (play_to_last)") {
        const Board<> board = board9(GameConfig<>({.size = 9, .play_to_last = true}));
        GameState state = at({9, 6, 0}, 1, 4);
        state.finish_order = {0};
        (void)roll_expecting(
            board, rules, state, 3,
            {.seat = 1, .roll = 3, .start = 6, .landed = 9, .end = 9, .home = true, .place = 2},
            {.squares = {9, 9, 0},
             .finish_order = {0, 1},
             .seat_due = 2,
             .turns_played = 5,
             .finished = true});
    }
}

TEST_CASE("apply_roll: house rules combined") {
    SECTION("all three (chosen at run time): a starting six knocks Ben back, a second six "
            "knocks Cy back, the third forfeits to 0; the tokens stay sent back, and must wait "
            "for a six") {
        const Board<> board = classic();
        const ChosenHouseRules rules(
            {.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true});
        std::vector<RollOutcome> turn;
        GameState state = roll_expecting(
            board, rules, at({0, 6, 12}, 0, 5), 6,
            {.roll = 6, .landed = 6, .end = 6, .knocked = {{1, 6}}, .turn_over = false},
            {.squares = {6, 0, 12},
             .turns_played = 5,
             .rolls_in_turn = 1,
             .streak = 1,
             .turn_start = 0});
        turn.push_back(apply_roll(board, at({0, 6, 12}, 0, 5), 6, rules).outcome);
        const GameState after_one = state;
        state = roll_expecting(board, rules, state, 6,
                               {.roll_in_turn = 2,
                                .roll = 6,
                                .start = 6,
                                .landed = 12,
                                .end = 12,
                                .knocked = {{2, 12}},
                                .turn_over = false},
                               {.squares = {12, 0, 0},
                                .turns_played = 5,
                                .rolls_in_turn = 2,
                                .streak = 2,
                                .turn_start = 0});
        turn.push_back(apply_roll(board, after_one, 6, rules).outcome);
        const GameState after_two = state;
        state = roll_expecting(
            board, rules, state, 6,
            {.roll_in_turn = 3, .roll = 6, .start = 12, .landed = 12, .end = 0, .forfeits = true},
            {.squares = {0, 0, 0}, .seat_due = 1, .turns_played = 6});
        turn.push_back(apply_roll(board, after_two, 6, rules).outcome);

        const TurnRecord record = turn_record(turn, 6, names3);
        const TurnRecord expected = Turn{
            .turn = 6,
            .seat = 0,
            .player = "Ana",
            .roll = 6,
            .start = 0,
            .landed = 6,
            .end = 0,
            .forfeited = true,
            .extra_rolls = {{.roll = 6, .start = 6, .landed = 12, .end = 12},
                            {.roll = 6, .start = 12, .landed = 12, .end = 12, .forfeits = true}},
            .knocked_back = {{1, "Ben", 6, 0}, {2, "Cy", 12, 1}}};
        REQUIRE(fields(record) == fields(expected));
        REQUIRE(record == expected);
        REQUIRE(fmt::format("{}", record) ==
                "Ana rolls 6: 0 to 6, sends Ben back to 0, rolls 6: 6 to 12, sends Cy back to 0, "
                "rolls 6: forfeits the turn, back to 0");

        // Ben, sent back, waits for a six again; Ana and Cy share square 0 and nobody is sent
        // back from it.
        state = roll_expecting(board, rules, state, 5,
                               {.seat = 1, .roll = 5, .needed = 6, .waiting = true},
                               {.squares = {0, 0, 0}, .seat_due = 2, .turns_played = 7});
        // Cy: a six starts (and grants a roll), then 1: 7.
        state = roll_expecting(board, rules, state, 6,
                               {.seat = 2, .roll = 6, .landed = 6, .end = 6, .turn_over = false},
                               {.squares = {0, 0, 6},
                                .seat_due = 2,
                                .turns_played = 7,
                                .rolls_in_turn = 1,
                                .streak = 1,
                                .turn_start = 0});
        (void)roll_expecting(
            board, rules, state, 1,
            {.seat = 2, .roll_in_turn = 2, .roll = 1, .start = 6, .landed = 7, .end = 7},
            {.squares = {0, 0, 7}, .seat_due = 0, .turns_played = 8});
    }

    SECTION("BounceBack with ExtraTurnOnMax: a bouncing six slides down a snake and rolls "
            "again") {
        const Board<GameConfig<BounceBack>> board = classic(GameConfig<BounceBack>());
        const ExtraTurnOnMax<3> rules{};
        // 96 + 6: four to home, two back: 98, snake to 78; then 2: 80, ladder to 100.
        const GameState state = roll_expecting(
            board, rules, at({96, 50}), 6,
            {.roll = 6,
             .start = 96,
             .landed = 98,
             .end = 78,
             .jumps = path({{98, 78}}),
             .turn_over = false},
            {.squares = {78, 50}, .rolls_in_turn = 1, .streak = 1, .turn_start = 96});
        (void)roll_expecting(board, rules, state, 2,
                             {.roll_in_turn = 2,
                              .roll = 2,
                              .start = 78,
                              .landed = 80,
                              .end = 100,
                              .jumps = path({{80, 100}}),
                              .home = true,
                              .place = 1},
                             {.squares = {100, 50},
                              .finish_order = {0},
                              .seat_due = 1,
                              .turns_played = 1,
                              .finished = true});
    }

    SECTION("OvershootWins with ExtraTurnOnMax: a six past home wins and ends the turn") {
        const Board<GameConfig<OvershootWins>> board = classic(GameConfig<OvershootWins>());
        const ExtraTurnOnMax<3> rules{};
        (void)roll_expecting(
            board, rules, at({97, 0}), 6,
            {.roll = 6, .start = 97, .landed = 100, .end = 100, .home = true, .place = 1},
            {.squares = {100, 0},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 1,
             .finished = true});
    }

    SECTION("SixToStart with ExtraTurnOnMax on a board smaller than the six (scripted dice "
            "only), the blocked six rolls again and the next roll still waits") {
        using Rules = HouseRules<ExtraTurnOnMax<3>, SixToStart>;
        using Config = GameConfig<ExactFinish, RejectChains, Rules>;
        const Board<Config> tiny(std::vector<Jump>{}, {.size = 5});
        const Rules rules{};
        std::vector<RollOutcome> turn;
        const GameState state =
            roll_expecting(tiny, rules, GameState({.players = 2, .max_roll = 6}), 6,
                           {.roll = 6, .needed = 5, .blocked = true, .turn_over = false},
                           {.squares = {0, 0}, .rolls_in_turn = 1, .streak = 1, .turn_start = 0});
        turn.push_back(
            apply_roll(tiny, GameState({.players = 2, .max_roll = 6}), 6, rules).outcome);
        (void)roll_expecting(tiny, rules, state, 2,
                             {.roll_in_turn = 2, .roll = 2, .needed = 6, .waiting = true},
                             {.squares = {0, 0}, .seat_due = 1, .turns_played = 1});
        turn.push_back(apply_roll(tiny, state, 2, rules).outcome);

        const TurnRecord expected =
            Turn{.turn = 1,
                 .seat = 0,
                 .player = "Ana",
                 .roll = 6,
                 .needed = 5,
                 .blocked = true,
                 .extra_rolls = {{.roll = 2, .needed = 6, .waiting = true}}};
        REQUIRE(turn_record(turn, 1, names3) == expected);
        // The game (scripted dice are not checked for playability) agrees.
        Game<ScriptedDice, Config, NullMutex> game(tiny, ScriptedDice::with_faces(6, {6, 2}),
                                                   {"Ana", "Ben"}, rules);
        const TurnRecord played = game.play_turn();
        REQUIRE(fields(played) == fields(expected));
        REQUIRE(played == expected);
    }
}

TEST_CASE("apply_roll: play_to_last, one-player games, and the rotation skipping players home") {
    using Config = GameConfig<ExactFinish>;

    SECTION("play_to_last: the game goes on until one is left; players home are skipped") {
        const Board<Config> board = board9(Config({.size = 9, .play_to_last = true}));
        // Ana: 7 + 2 = 9, home first; three are left, the game goes on with Ben.
        GameState state = roll_expecting(
            board, at({7, 6, 5, 3}), 2,
            {.roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {9, 6, 5, 3}, .finish_order = {0}, .seat_due = 1, .turns_played = 1});
        REQUIRE(fmt::format("{}", state) ==
                "turn 2, seat 1 to roll; squares 9 6 5 3; home: seat 0");
        state = roll_expecting(
            board, state, 1, {.seat = 1, .roll = 1, .start = 6, .landed = 7, .end = 7},
            {.squares = {9, 7, 5, 3}, .finish_order = {0}, .seat_due = 2, .turns_played = 2});
        state = roll_expecting(
            board, state, 1, {.seat = 2, .roll = 1, .start = 5, .landed = 6, .end = 6},
            {.squares = {9, 7, 6, 3}, .finish_order = {0}, .seat_due = 3, .turns_played = 3});
        // Dee: 3 + 1 = 4, ladder to 7; next is Ben, not Ana (home).
        state = roll_expecting(
            board, state, 1,
            {.seat = 3, .roll = 1, .start = 3, .landed = 4, .end = 7, .jumps = path({{4, 7}})},
            {.squares = {9, 7, 6, 7}, .finish_order = {0}, .seat_due = 1, .turns_played = 4});
        state = roll_expecting(
            board, state, 2,
            {.seat = 1, .roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 2},
            {.squares = {9, 9, 6, 7}, .finish_order = {0, 1}, .seat_due = 2, .turns_played = 5});
        // Cy: next is Dee; after Dee, Cy again (Ana and Ben are home).
        state = roll_expecting(
            board, state, 1, {.seat = 2, .roll = 1, .start = 6, .landed = 7, .end = 7},
            {.squares = {9, 9, 7, 7}, .finish_order = {0, 1}, .seat_due = 3, .turns_played = 6});
        state = roll_expecting(
            board, state, 1,
            {.seat = 3, .roll = 1, .start = 7, .landed = 8, .end = 2, .jumps = path({{8, 2}})},
            {.squares = {9, 9, 7, 2}, .finish_order = {0, 1}, .seat_due = 2, .turns_played = 7});
        state = roll_expecting(
            board, state, 1,
            {.seat = 2, .roll = 1, .start = 7, .landed = 8, .end = 2, .jumps = path({{8, 2}})},
            {.squares = {9, 9, 2, 2}, .finish_order = {0, 1}, .seat_due = 3, .turns_played = 8});
        // Dee: 2 + 5 = 7; then Cy: 2 + 2 = 4, ladder to 7; then Dee: 7 + 2 home, third: only Cy
        // is left, the game is over.
        state = roll_expecting(
            board, state, 5, {.seat = 3, .roll = 5, .start = 2, .landed = 7, .end = 7},
            {.squares = {9, 9, 2, 7}, .finish_order = {0, 1}, .seat_due = 2, .turns_played = 9});
        state = roll_expecting(
            board, state, 2,
            {.seat = 2, .roll = 2, .start = 2, .landed = 4, .end = 7, .jumps = path({{4, 7}})},
            {.squares = {9, 9, 7, 7}, .finish_order = {0, 1}, .seat_due = 3, .turns_played = 10});
        state = roll_expecting(
            board, state, 2,
            {.seat = 3, .roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 3},
            {.squares = {9, 9, 7, 9},
             .finish_order = {0, 1, 3},
             .seat_due = 2,
             .turns_played = 11,
             .finished = true});
        REQUIRE(fmt::format("{}", state) ==
                "after 11 turns, over; squares 9 9 7 9; home: seat 0, seat 1, seat 3");
        REQUIRE(chance_outcomes(FairDice<>::seeded(1), state).empty());
    }

    SECTION("without play_to_last the first player home ends the game") {
        const Board<Config> board = board9(Config({.size = 9}));
        (void)roll_expecting(
            board, at({7, 6, 5, 3}), 2,
            {.roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 1},
            {.squares = {9, 6, 5, 3},
             .finish_order = {0},
             .seat_due = 1,
             .turns_played = 1,
             .finished = true});
    }

    SECTION("one player: seat 0 rolls every turn, and getting home ends the game") {
        for (const bool play_to_last : {false, true}) {
            INFO("play_to_last " << play_to_last);
            const Config config({.size = 9, .min_players = 1, .play_to_last = play_to_last});
            const Board<Config> board = board9(config);
            std::vector<TurnRecord> records;
            GameState state =
                roll_expecting(board, GameState({.players = 1, .max_roll = 6}), 4,
                               {.roll = 4, .landed = 4, .end = 7, .jumps = path({{4, 7}})},
                               {.squares = {7}, .seat_due = 0, .turns_played = 1});
            state = roll_expecting(
                board, state, 3,
                {.roll = 3, .start = 7, .landed = 7, .end = 7, .needed = 2, .blocked = true},
                {.squares = {7}, .seat_due = 0, .turns_played = 2});
            state = roll_expecting(
                board, state, 2,
                {.roll = 2, .start = 7, .landed = 9, .end = 9, .home = true, .place = 1},
                {.squares = {9},
                 .finish_order = {0},
                 .seat_due = 0,
                 .turns_played = 3,
                 .finished = true});
            REQUIRE(fmt::format("{}", state) == "after 3 turns, over; squares 9; home: seat 0");
            // A roll of 9 from the start (dice of nine faces) is home at once: one turn.
            REQUIRE(
                fmt::format("{}",
                            apply_roll(board, GameState({.players = 1, .max_roll = 9}), 9).state) ==
                "after 1 turn, over; squares 9; home: seat 0");

            // The same turns in a one-player Game.
            Game<ScriptedDice, Config, NullMutex> game(
                board, ScriptedDice::with_faces(6, {4, 3, 2}), {"Solo"});
            REQUIRE(game.play_turn() == TurnRecord(Turn{.turn = 1,
                                                        .player = "Solo",
                                                        .jumps = path({{4, 7}}),
                                                        .roll = 4,
                                                        .landed = 4,
                                                        .end = 7}));
            REQUIRE(game.play_turn() == TurnRecord(Turn{.turn = 2,
                                                        .player = "Solo",
                                                        .roll = 3,
                                                        .start = 7,
                                                        .landed = 7,
                                                        .end = 7,
                                                        .needed = 2,
                                                        .blocked = true}));
            REQUIRE(game.play_turn() == TurnRecord(Turn{.turn = 3,
                                                        .player = "Solo",
                                                        .roll = 2,
                                                        .start = 7,
                                                        .landed = 9,
                                                        .end = 9,
                                                        .place = 1,
                                                        .home = true}));
            REQUIRE(game.status() == GameStatus::finished);
        }
    }
}

TEST_CASE("apply_roll refuses a state it cannot apply a roll to, and leaves it as it was") {
    using Config = GameConfig<ExactFinish>;
    const Board<Config> board = board9(Config({.size = 9}));

    const auto require_refused = [&](const GameState& state, int roll, const char* words) {
        // A copy on purpose: the state after the refused calls is compared with it.
        const GameState before = state; // NOLINT(performance-unnecessary-copy-initialization)
        REQUIRE_THROWS_AS(apply_roll(board, state, roll), InvalidConfig);
        REQUIRE_THROWS_WITH(apply_roll(board, state, roll), SL_CONTAINS(words));
        REQUIRE(state == before);
    };

    GameState over = at({9, 3}, 1, 7);
    over.finish_order = {0};
    over.finished = true;
    require_refused(over, 2, "over");
    require_refused(at({3, 3}), 0, "at least 1, got 0");
    require_refused(at({3, 3}), -4, "at least 1, got -4");
    // A roll that cannot be taken is an IllegalRoll, with the roll; a state that cannot be
    // played is a plain InvalidConfig.
    CHECK(thrown_by<IllegalRoll>([&] { (void)apply_roll(board, over, 2); }).roll() == 2);
    CHECK(thrown_by<IllegalRoll>([&] { (void)apply_roll(board, at({3, 3}), -4); }).roll() == -4);
    GameState wrong_seat = at({3, 3});
    wrong_seat.seat_due = 2;
    require_refused(wrong_seat, 2, "seat 2");
    require_refused(GameState(), 2, "seat 0");
    require_refused(at({10, 3}), 2, "square 10");
    require_refused(at({3, -1}, 0), 2, "square -1");
    // States the rules could not have reached.
    require_refused(at({3, 3}, 0, 0, 0), 2, "max_roll must be at least 1, got 0");
    GameState due_at_home = at({9, 3}, 0, 3);
    due_at_home.finish_order = {0};
    require_refused(due_at_home, 2, "seat 0 is due but already home");
    require_refused(at({9, 3}, 1, 3), 2, "1 tokens are home but the finish order lists 0");
    GameState listed_twice = at({9, 3, 9}, 1, 3);
    listed_twice.finish_order = {0, 0};
    require_refused(listed_twice, 2, "lists seat 0, which is not a seat at home listed once");
    GameState not_home = at({9, 3}, 1, 3);
    not_home.finish_order = {1};
    require_refused(not_home, 2, "lists seat 1, which is not a seat at home listed once");
    GameState stray = at({9, 3}, 1, 3);
    stray.finish_order = {7};
    require_refused(stray, 2, "lists seat 7");
    // A turn under way needs the extra-turn rule, and as many maximum rolls as rolls so far.
    GameState mid_turn = at({3, 3});
    mid_turn.rolls_in_turn = 1;
    mid_turn.streak = 1;
    mid_turn.turn_start = 3;
    require_refused(mid_turn, 2, "a turn under way of 1 rolls with 1 maximum rolls in a row");
    GameState leftover = at({3, 3});
    leftover.streak = 2;
    require_refused(leftover, 2, "a turn under way of 0 rolls with 2 maximum rolls");
    {
        const ExtraTurnOnMax<3> extra{};
        GameState too_long = at({3, 3});
        too_long.rolls_in_turn = 2;
        too_long.streak = 3;
        too_long.turn_start = 3;
        REQUIRE_THROWS_WITH(apply_roll(board, too_long, 6, extra),
                            SL_CONTAINS("a turn under way of 2 rolls with 3 maximum rolls"));
        GameState off_start = at({3, 3});
        off_start.rolls_in_turn = 1;
        off_start.streak = 1;
        off_start.turn_start = 12;
        REQUIRE_THROWS_WITH(apply_roll(board, off_start, 2, extra),
                            SL_CONTAINS("the turn began on square 12, which is not on the board"));
        off_start.turn_start = 1; // on the board: the second roll of the turn is applied
        REQUIRE(apply_roll(board, off_start, 2, extra).state.squares == std::vector<Square>{5, 3});
    }

    // Regression (issue 36, item 6): a token home in a game not over, where the rules would have
    // ended it; a seat due with turns to miss, which the rotation would have passed over.
    GameState home_not_over = at({9, 3}, 1, 3);
    home_not_over.finish_order = {0};
    require_refused(home_not_over, 2,
                    "1 token is home but the game is not over, and it ends when the first player "
                    "gets home (play_to_last is off)");
    const Board<Config> to_last = board9(Config({.size = 9, .play_to_last = true}));
    REQUIRE_THROWS_WITH(apply_roll(to_last, home_not_over, 2),
                        SL_CONTAINS("1 token is home but the game is not over, and it ends when "
                                    "one player is left"));
    {
        const MissTurnSquares misses{5};
        GameState due_with_misses = at({3, 3});
        due_with_misses.turns_to_miss = {2, 0};
        REQUIRE_THROWS_WITH(apply_roll(board, due_with_misses, 2, misses),
                            SL_CONTAINS("seat 0 is due to begin a turn but has 2 turns to miss: "
                                        "the rotation passes over a seat with turns to miss"));
        // The other seat's turns to miss are the rotation's to pass over: the roll is applied
        // (3 to 6), seat 1 misses turn 2, and seat 0 is due again.
        due_with_misses.turns_to_miss = {0, 2};
        const RollResult next = apply_roll(board, due_with_misses, 3, misses);
        REQUIRE(next.state.squares == std::vector<Square>{6, 3});
        REQUIRE(next.state.seat_due == 0);
        REQUIRE(next.state.turns_played == 2);
        REQUIRE(next.state.turns_to_miss == std::vector<std::uint32_t>{0, 1});
        REQUIRE(next.outcome.skipped == std::vector<std::uint32_t>{1});
    }

    // Home (square 9) and 0 are on the board: the roll is applied (play_to_last, Ana home, Ben
    // moves, Cy is next).
    GameState going_on = at({9, 0, 0}, 1, 3);
    going_on.finish_order = {0};
    (void)roll_expecting(
        to_last, going_on, 2, {.seat = 1, .roll = 2, .landed = 2, .end = 2},
        {.squares = {9, 2, 0}, .finish_order = {0}, .seat_due = 2, .turns_played = 4});
}

TEST_CASE("apply_roll returns the next state and leaves its argument alone (one state, "
          "every roll)") {
    using Config = GameConfig<ExactFinish>;
    const Board<Config> board = board9(Config({.size = 9}));
    const GameState parent = at({3, 0});
    // From 3: 4 (ladder to 7), 5, 6, 7, 8 (snake to 2), 9 (home).
    const std::vector<Square> ends{7, 5, 6, 7, 2, 9};
    std::vector<GameState> children;
    for (int roll = 1; roll <= 6; ++roll) {
        children.push_back(apply_roll(board, parent, roll).state);
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
        INFO("roll " << i + 1);
        REQUIRE(children[i].squares == std::vector<Square>{ends[i], 0});
        REQUIRE(children[i].turns_played == 1);
        REQUIRE(children[i].finished == (ends[i] == 9));
    }
    REQUIRE(parent == at({3, 0}));
}

TEST_CASE("turn_record: a three-roll turn with two knock-backs, field by field") {
    const Board<> board = classic();
    const HouseRules<ExtraTurnOnMax<3>, KnockBack> rules{};
    // Ana on 20, Ben on 26, Cy on 44. Ana: 6 (26, Ben back to 0), 6 (32), 4 (36, ladder to 44,
    // Cy back to 0).
    std::vector<RollOutcome> rolls;
    GameState state = at({20, 26, 44}, 0, 6);
    for (const int roll : {6, 6, 4}) {
        rolls.push_back(apply_roll_in_place(board, state, roll, rules));
    }
    require_state(state, {.squares = {44, 0, 0}, .seat_due = 1, .turns_played = 7});
    REQUIRE(rolls.back().turn_over);
    REQUIRE_FALSE(rolls[0].turn_over);
    REQUIRE_FALSE(rolls[1].turn_over);

    const TurnRecord record = turn_record(rolls, 7, names3);
    CHECK(record.turn == 7);
    CHECK(record.seat == 0);
    CHECK(record.player == "Ana");
    CHECK(record.jumps.empty()); // the first roll's jumps: none
    CHECK(record.roll == 6);
    CHECK(record.start == 20);
    CHECK(record.landed == 26);
    CHECK(record.end == 44);
    CHECK(record.needed == 0);
    CHECK(record.place == 0);
    CHECK_FALSE(record.blocked);
    CHECK_FALSE(record.home);
    CHECK_FALSE(record.waiting);
    CHECK_FALSE(record.forfeited);
    REQUIRE(record.extra_rolls.size() == 2);
    CHECK(record.extra_rolls[0] ==
          ExtraRoll(house_rules_support::Roll{.roll = 6, .start = 26, .landed = 32, .end = 32}));
    CHECK(record.extra_rolls[1] ==
          ExtraRoll(house_rules_support::Roll{
              .roll = 4, .start = 32, .landed = 36, .end = 44, .jumps = path({{36, 44}})}));
    CHECK(record.knocked_back == std::vector<KnockedBack>{{1, "Ben", 26, 0}, {2, "Cy", 44, 2}});
    CHECK(record.rolls() == std::vector<int>{6, 6, 4});
    CHECK(fmt::format("{}", record) ==
          "Ana rolls 6: 20 to 26, sends Ben back to 0, rolls 6: 26 to "
          "32, rolls 4: 32 to 44 via ladder 36-44, sends Cy back to 0");

    // No rolls, no record.
    REQUIRE(turn_record({}, 1, names3) == TurnRecord{});
}

TEST_CASE("chance_outcomes: every roll the dice can give, with its probability") {
    const GameState state({.players = 2, .max_roll = 6});

    SECTION("one fair die: 1 to 6, 1/6 each") {
        const std::vector<ChanceOutcome> chances = chance_outcomes(FairDice<>::seeded(1), state);
        REQUIRE(chances.size() == 6);
        for (std::size_t i = 0; i < chances.size(); ++i) {
            CHECK(chances[i].roll == static_cast<int>(i) + 1);
            CHECK(chances[i].probability == Approx(1.0 / 6).margin(1e-15));
        }
    }

    SECTION("two fair dice: 2 to 12, the triangle 1/36 .. 6/36 .. 1/36, summing to 1") {
        const std::vector<ChanceOutcome> chances =
            chance_outcomes(FairDice<>::seeded(1, {.sides = 6, .count = 2}),
                            GameState({.players = 2, .max_roll = 12}));
        REQUIRE(chances.size() == 11);
        double total = 0;
        for (std::size_t i = 0; i < chances.size(); ++i) {
            const int roll = static_cast<int>(i) + 2;
            const int ways = 6 - (roll > 7 ? roll - 7 : 7 - roll);
            CHECK(chances[i].roll == roll);
            CHECK(chances[i].probability == Approx(ways / 36.0).margin(1e-15));
            total += chances[i].probability;
        }
        CHECK(total == Approx(1.0).margin(1e-12));
    }

    SECTION("a loaded die with faces 2 to 5 weighted 0: only 1 and 6, at 1/2 each") {
        const std::vector<ChanceOutcome> chances =
            chance_outcomes(LoadedDice<>::seeded(1, {1, 0, 0, 0, 0, 1}), state);
        REQUIRE(chances == std::vector<ChanceOutcome>{{1, 0.5}, {6, 0.5}});
    }

    SECTION("mid-turn the same; a finished game has none") {
        const GameState mid = apply_roll(classic(), state, 6, ExtraTurnOnMax<3>{}).state;
        REQUIRE(mid.mid_turn());
        REQUIRE(chance_outcomes(LoadedDice<>::seeded(1, {1, 0, 0, 0, 0, 1}), mid) ==
                std::vector<ChanceOutcome>{{1, 0.5}, {6, 0.5}});
        GameState over = at({100, 3}, 1, 9);
        over.finish_order = {0};
        over.finished = true;
        REQUIRE(chance_outcomes(FairDice<>::seeded(1), over).empty());
        REQUIRE(chance_outcomes(LoadedDice<>::seeded(1, {1, 0, 0, 0, 0, 1}), over).empty());
    }
}

TEST_CASE("GameState: ==, std::hash and fmt") {
    const Board<> board = classic();
    const ExtraTurnOnMax<3> rules{};

    // The same rolls from the same state give equal states, with equal hashes.
    const auto after = [&](std::initializer_list<int> rolls) {
        GameState state({.players = 2, .max_roll = 6});
        for (const int roll : rolls) {
            state = apply_roll(board, state, roll, rules).state;
        }
        return state;
    };
    const std::hash<GameState> hash;
    REQUIRE(after({6, 3, 2}) == after({6, 3, 2}));
    REQUIRE(hash(after({6, 3, 2})) == hash(after({6, 3, 2})));
    REQUIRE(hash(GameState({.players = 3, .max_roll = 6})) ==
            hash(GameState({.players = 3, .max_roll = 6})));

    // One position reached two ways (the last turns began on different squares) is one state.
    {
        using Plain = GameConfig<ExactFinish>;
        const Board<Plain> small = board9(Plain({.size = 9}));
        const auto played = [&](std::initializer_list<int> rolls) {
            GameState state({.players = 2, .max_roll = 6});
            for (const int roll : rolls) {
                state = apply_roll(small, state, roll).state;
            }
            return state;
        };
        // Ana 4 (ladder to 7), Ben 1, Ana 1 (8, snake to 2), Ben 2: Ana on 2, Ben on 3.
        const GameState one_way = played({4, 1, 1, 2});
        // Ana 1, Ben 2, Ana 1, Ben 1: Ana on 2, Ben on 3.
        const GameState other_way = played({1, 2, 1, 1});
        require_state(one_way, {.squares = {2, 3}, .seat_due = 0, .turns_played = 4});
        REQUIRE(one_way == other_way);
        REQUIRE(hash(one_way) == hash(other_way));
    }

    // States that differ in one field each.
    GameState home = at({100, 4}, 1, 9);
    home.finish_order = {0};
    GameState over = home;
    over.finished = true;
    GameState other_start = after({6});
    other_start.turn_start = 5;
    const std::vector<GameState> states{
        GameState({.players = 2, .max_roll = 6}),  // turn 1, nobody moved
        GameState({.players = 3, .max_roll = 6}),  // three players
        GameState({.players = 2, .max_roll = 12}), // two dice
        at({1, 0}),                                // Ana on 1
        at({0, 1}),                                // Ben on 1
        at({0, 0}, 1),                             // Ben due
        at({0, 0}, 0, 1),                          // one turn over
        after({6}),                                // mid-turn after one six
        other_start,                               // the same, the turn began elsewhere
        after({6, 6}),                             // mid-turn after two sixes
        after({2}),                                // Ana on 2, Ben due
        after({6, 3, 2}),                          // Ana on 31, Ben on 2
        home, // Ana home, the game going on (as under play_to_last)
        over, // Ana home, the game over
    };
    for (std::size_t a = 0; a < states.size(); ++a) {
        for (std::size_t b = a + 1; b < states.size(); ++b) {
            INFO(describe(states[a]) << " vs " << describe(states[b]));
            CHECK(states[a] != states[b]);
            CHECK(hash(states[a]) != hash(states[b]));
        }
    }
    std::unordered_set<GameState> set(states.begin(), states.end());
    set.insert(after({6, 3, 2}));
    set.insert(GameState({.players = 2, .max_roll = 6}));
    REQUIRE(set.size() == states.size());
    REQUIRE(set.count(after({6, 6})) == 1);

    // fmt: the three shapes of the formatter's comment.
    CHECK(fmt::format("{}", GameState({.players = 2, .max_roll = 6})) ==
          "turn 1, seat 0 to roll; squares 0 0");
    CHECK(fmt::format("{}", after({2})) == "turn 2, seat 1 to roll; squares 2 0");
    CHECK(fmt::format("{}", after({6})) ==
          "turn 1, seat 0 rolls again (roll 2, 1 maximum roll in a row, turn began on 0); "
          "squares 6 0");
    CHECK(fmt::format("{}", after({6, 3, 2, 6, 6})) ==
          "turn 3, seat 0 rolls again (roll 3, 2 maximum rolls in a row, turn began on 31); "
          "squares 43 2");
    CHECK(fmt::format("{}", home) == "turn 10, seat 1 to roll; squares 100 4; home: seat 0");
    CHECK(fmt::format("{}", over) == "after 9 turns, over; squares 100 4; home: seat 0");
}

// --- Seeded playouts through the model, against Game ---------------------------------------------

namespace {

constexpr std::uint64_t max_turns = 2000;

const std::vector<std::string> names4{"Ana", "Ben", "Cy", "Dee"};

// The five house-rule sets every playout runs under.
const std::vector<HouseRuleSwitches> house_rule_sets{
    {},
    {.forfeit_streak = 3},
    {.max_roll_to_start = true},
    {.knock_back = true},
    {.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true},
};

std::string switches_text(const HouseRuleSwitches& house) {
    return fmt::format("forfeit_streak {} max_roll_to_start {} knock_back {}", house.forfeit_streak,
                       house.max_roll_to_start, house.knock_back);
}

// Size 30: no chains (for RejectChains), and with a chain 3-12-20-8 (for FollowChains and
// SingleJump). 29-10 catches bounces.
const std::vector<Jump> small_plain{{3, 12}, {7, 22}, {20, 8}, {27, 4}, {29, 10}};
const std::vector<Jump> small_chained{{3, 12}, {12, 20}, {20, 8}, {16, 25}, {27, 4}, {29, 10}};
const std::vector<Jump> classic_list(classic_jumps.begin(), classic_jumps.end());

// A board the playouts run on, for one to four players. Its house rules go to the playout.
template <class O, class C>
Board<GameConfig<O, C>> playout_board(const std::vector<Jump>& jumps, Square size,
                                      bool play_to_last) {
    return Board<GameConfig<O, C>>(jumps,
                                   {.size = size, .min_players = 1, .play_to_last = play_to_last});
}

// A roll drawn from the chance node with our own engine: the first roll whose cumulative
// probability passes a uniform draw in [0, 1).
int sample(const std::vector<ChanceOutcome>& chances, std::mt19937_64& engine) {
    const double u = static_cast<double>(engine() >> 11) * 0x1.0p-53;
    double cumulative = 0;
    for (const ChanceOutcome& chance : chances) {
        cumulative += chance.probability;
        if (u < cumulative) {
            return chance.roll;
        }
    }
    return chances.back().roll;
}

struct PlayoutSetup {
    std::size_t players = 2;
    std::uint64_t seed = 1;
    int dice_count = 1;
    bool save_every_turn = false;
    /// What the referee counted, added up over playouts.
    RuleCounts* counts = nullptr;
};

// Plays a game on `board` under `rules` through the model with rolls drawn from its chance nodes,
// and the same rolls, a turn at a time, in a Game with replay_turn; requires them to agree after
// every turn. With `save_every_turn`, the game is also saved and loaded before every turn; each
// loaded game must equal the original and then play the rest of the game exactly as it did.
template <class BoardConfig, HouseRule Rules>
void playout(const BasicBoard<BoardConfig>& board, const Rules& rules, const PlayoutSetup& setup) {
    using Config =
        GameConfig<typename BoardConfig::overshoot_rule, typename BoardConfig::chain_rule, Rules>;
    using G = Game<FairDice<>, Config>;
    INFO(fmt::format("players {} seed {} dice {} play_to_last {} house rules {}", setup.players,
                     setup.seed, setup.dice_count, board.config().play_to_last(), rules.name()));
    const FairDice<> dice =
        FairDice<>::seeded(setup.seed + 1000, {.sides = 6, .count = setup.dice_count});
    const std::vector<std::string> names(
        names4.begin(), names4.begin() + static_cast<std::ptrdiff_t>(setup.players));
    G game(board, dice, names, rules);
    REQUIRE(game.config().house_rules() == rules);
    GameState state({.players = setup.players, .max_roll = dice.max_roll()});
    REQUIRE(game.state() == state);
    std::mt19937_64 engine(setup.seed);

    std::vector<std::vector<int>> turn_rolls;
    std::vector<TurnRecord> model_records;
    std::vector<std::vector<Square>> positions;
    std::vector<G> loaded; // loaded[t]: loaded after t turns
    const auto save_and_load = [&]() {
        const std::string text = save_game(game);
        G copy = load_game<G>(text, FairDice<>({.sides = 6, .count = setup.dice_count}));
        REQUIRE(copy == game);
        loaded.push_back(std::move(copy));
    };

    while (!state.finished) {
        REQUIRE(state.turns_played < max_turns);
        if (setup.save_every_turn) {
            save_and_load();
        }
        const std::uint64_t turn = state.turns_played + 1;
        const Square due_square = state.squares[state.seat_due];
        std::vector<int> rolls;
        std::vector<RollOutcome> outcomes;
        do {
            const std::vector<ChanceOutcome> chances = chance_outcomes(dice, state);
            REQUIRE(chances.size() == static_cast<std::size_t>(5 * setup.dice_count + 1));
            const int roll = sample(chances, engine);
            RollResult result = apply_roll(board, state, roll, rules);
            rolls.push_back(roll);
            outcomes.push_back(std::move(result.outcome));
            state = std::move(result.state);
        } while (!outcomes.back().turn_over);
        // Turns missed under a house rule right after this one count as turns too.
        REQUIRE(state.turns_played == turn + outcomes.back().skipped.size());
        REQUIRE(outcomes.front().start == due_square);

        const TurnRecord expected = turn_record(outcomes, turn, game.players());
        const TurnRecord got = game.replay_turn(rolls);
        if (got != expected) {
            REQUIRE(fields(got) == fields(expected));
        }
        REQUIRE(got == expected);
        REQUIRE(game.last_record() == expected);
        REQUIRE(game.positions() == state.squares);
        REQUIRE(game.state() == state);
        REQUIRE(game.turns() == state.turns_played);
        REQUIRE((game.status() == GameStatus::finished) == state.finished);
        if (!state.finished) {
            REQUIRE(game.current_seat() == state.seat_due);
        }
        const std::optional<std::string> winner =
            state.finish_order.empty() ? std::nullopt
                                       : std::optional<std::string>(names[state.finish_order[0]]);
        REQUIRE(game.winner() == winner);
        turn_rolls.push_back(std::move(rolls));
        model_records.push_back(expected);
        positions.push_back(state.squares);
    }
    if (setup.save_every_turn) {
        save_and_load();
    }

    // The end: the whole log, the ranking (finishers in order, then the rest by square, highest
    // first, then by seat), and the independent referee.
    REQUIRE(game.records() == model_records);
    std::vector<std::size_t> order(state.finish_order.begin(), state.finish_order.end());
    std::vector<std::size_t> rest;
    for (std::size_t seat = 0; seat < setup.players; ++seat) {
        if (state.squares[seat] != board.size()) {
            rest.push_back(seat);
        }
    }
    std::stable_sort(rest.begin(), rest.end(), [&](std::size_t a, std::size_t b) {
        return state.squares[a] > state.squares[b];
    });
    order.insert(order.end(), rest.begin(), rest.end());
    const std::vector<Standing> ranking = game.ranking();
    REQUIRE(ranking.size() == setup.players);
    for (std::size_t i = 0; i < setup.players; ++i) {
        INFO("rank " << i + 1);
        CHECK(ranking[i].rank == i + 1);
        CHECK(ranking[i].seat == order[i]);
        CHECK(ranking[i].player == names[order[i]]);
        CHECK(ranking[i].square == state.squares[order[i]]);
        CHECK(ranking[i].home == (i < state.finish_order.size()));
    }
    // The independent referee knows the classic three rules, switched on at run time.
    if constexpr (std::is_same_v<Rules, ChosenHouseRules>) {
        require_follows_rules(game, setup.counts);
    }

    // Every loaded game continues exactly as the original did, to an equal end.
    for (std::size_t t = 0; t < loaded.size(); ++t) {
        INFO("loaded after " << t << " turns");
        G& copy = loaded[t];
        for (std::size_t k = t; k < turn_rolls.size(); ++k) {
            REQUIRE(copy.replay_turn(turn_rolls[k]) == model_records[k]);
            REQUIRE(copy.positions() == positions[k]);
        }
        REQUIRE(copy == game);
    }
}

// Every board this overshoot rule runs on.
template <class O>
void for_each_board(bool play_to_last, const auto& run) {
    run(playout_board<O, RejectChains>(classic_list, 100, play_to_last));
    run(playout_board<O, RejectChains>(small_plain, 30, play_to_last));
    run(playout_board<O, FollowChains>(small_chained, 30, play_to_last));
    run(playout_board<O, SingleJump>(small_chained, 30, play_to_last));
}

// The playouts of one house-rule set never met a rule it leaves off, and met each rule it
// switches on. With two dice a maximum is a 1/36 roll: three in a row, and knock-backs when every
// token needs a 12 to start, are too rare to count on (`rare_maximum`).
void require_rules_met(const HouseRuleSwitches& house, const RuleCounts& counts,
                       bool rare_maximum = false) {
    INFO(switches_text(house));
    CHECK(counts.turns > 0);
    if (house.forfeit_streak == 0) {
        CHECK(counts.turns_with_extra_rolls == 0);
        CHECK(counts.forfeits == 0);
    } else {
        CHECK(counts.turns_with_extra_rolls > 0);
        if (!rare_maximum) {
            CHECK(counts.forfeits > 0);
        }
    }
    CHECK((counts.waits > 0) == house.max_roll_to_start);
    if (!house.knock_back) {
        CHECK(counts.knock_backs == 0);
    } else if (!rare_maximum || !house.max_roll_to_start) {
        CHECK(counts.knock_backs > 0);
    }
}

} // namespace

TEMPLATE_TEST_CASE("Seeded playouts through the model agree with Game turn by turn", "",
                   ExactFinish, BounceBack, OvershootWins) {
    std::uint64_t seed = 1;
    for (const HouseRuleSwitches& house : house_rule_sets) {
        const ChosenHouseRules rules(house);
        RuleCounts counts;
        for (const bool play_to_last : {false, true}) {
            for_each_board<TestType>(play_to_last, [&](const auto& board) {
                for (std::size_t players = 1; players <= 4; ++players) {
                    for (int game = 0; game < 3; ++game) {
                        playout(board, rules,
                                {.players = players, .seed = seed++, .counts = &counts});
                    }
                }
            });
        }
        require_rules_met(house, counts);
    }
}

TEMPLATE_TEST_CASE("Seeded playouts with two dice (the maximum is 12) agree with Game", "",
                   BounceBack, OvershootWins) {
    // Exact finish is left out: two dice never roll the 1 that 99 needs, and Game refuses that.
    std::uint64_t seed = 1;
    for (const HouseRuleSwitches& house : house_rule_sets) {
        const ChosenHouseRules rules(house);
        RuleCounts counts;
        for (const bool play_to_last : {false, true}) {
            const auto board =
                playout_board<TestType, RejectChains>(classic_list, 100, play_to_last);
            for (std::size_t players = 2; players <= 4; ++players) {
                for (int game = 0; game < 2; ++game) {
                    playout(
                        board, rules,
                        {.players = players, .seed = seed++, .dice_count = 2, .counts = &counts});
                }
            }
        }
        require_rules_met(house, counts, true);
    }
}

TEMPLATE_TEST_CASE("Saved and loaded at every turn, a playout continues exactly like the "
                   "original",
                   "", ExactFinish, BounceBack, OvershootWins) {
    std::size_t games = 0;
    for (const HouseRuleSwitches& house : house_rule_sets) {
        const ChosenHouseRules rules(house);
        playout(playout_board<TestType, RejectChains>(classic_list, 100, false), rules,
                {.players = 2, .seed = 101 + games, .save_every_turn = true});
        playout(playout_board<TestType, RejectChains>(small_plain, 30, true), rules,
                {.players = 3, .seed = 202 + games, .save_every_turn = true});
        playout(playout_board<TestType, FollowChains>(small_chained, 30, true), rules,
                {.players = 3, .seed = 303 + games, .save_every_turn = true});
        playout(playout_board<TestType, SingleJump>(small_chained, 30, false), rules,
                {.players = 4, .seed = 404 + games, .save_every_turn = true});
        ++games;
    }
}

// Rules written outside the library, like a user's: default-constructible, so that load_game can
// rebuild them from the game type alone.
struct SlideBackOnSevens {
    [[nodiscard]] static std::string name() { return "SlideBackOnSevens"; }
    // A move that ends on a multiple of 7 slides back two squares.
    static void on_land(Landing& landing) {
        if (landing.square() % 7 == 0 && landing.square() != 0) {
            landing.move_to(landing.square() - 2);
        }
    }
    friend bool operator==(const SlideBackOnSevens&, const SlideBackOnSevens&) = default;
};
struct MissOnTens : MissTurnSquares {
    MissOnTens() : MissTurnSquares{10, 20} {}
};
struct StartOnOneOrSix : StartingRolls {
    StartOnOneOrSix() : StartingRolls{1, 6} {}
};
using NewRules =
    HouseRules<StartOnOneOrSix, RollAgainOnMax, SlideBackOnSevens, KnockBack, MissOnTens>;

TEMPLATE_TEST_CASE("Seeded playouts under the new rules and a user's rule agree with Game", "",
                   ExactFinish, BounceBack, OvershootWins) {
    const NewRules rules{};
    std::uint64_t seed = 5000;
    for (const bool play_to_last : {false, true}) {
        const auto classic_board =
            playout_board<TestType, RejectChains>(classic_list, 100, play_to_last);
        const auto chained = playout_board<TestType, FollowChains>(small_chained, 30, play_to_last);
        for (std::size_t players = 1; players <= 4; ++players) {
            for (int game = 0; game < 3; ++game) {
                playout(classic_board, rules, {.players = players, .seed = seed++});
                playout(chained, rules, {.players = players, .seed = seed++});
            }
        }
    }
    // Saved and loaded before every turn.
    playout(playout_board<TestType, RejectChains>(classic_list, 100, false), rules,
            {.players = 3, .seed = 77, .save_every_turn = true});
    playout(playout_board<TestType, SingleJump>(small_chained, 30, true), rules,
            {.players = 4, .seed = 78, .save_every_turn = true});
}

// --- Copies of a state continue like the original
// ---------------------------------------------------

TEST_CASE("A GameState copied after the first six of a turn continues exactly like the "
          "original") {
    const Board<> board = classic();
    const ExtraTurnOnMax<3> rules{};
    GameState original = at({31, 2}, 0, 2);
    (void)apply_roll_in_place(board, original, 6, rules);
    GameState copy = original;
    REQUIRE(copy == original);
    for (const int roll : {6, 6}) {
        const RollOutcome a = apply_roll_in_place(board, original, roll, rules);
        const RollOutcome b = apply_roll_in_place(board, copy, roll, rules);
        REQUIRE(a == b);
        REQUIRE(original == copy);
    }
    // Both forfeited the turn back to 31, where it began.
    require_state(copy, {.squares = {31, 2}, .seat_due = 1, .turns_played = 3});
}

namespace {

// A seeded playout on `board` under `rules` through the model alone; then, from a copy of the
// state after each first maximum of a turn and at each turn boundary, the rest of the rolls give
// exactly the original's outcomes and states.
template <class Config, HouseRule Rules>
void copies_continue(const BasicBoard<Config>& board, const Rules& rules, std::size_t players,
                     std::uint64_t seed) {
    INFO(fmt::format("players {} seed {} house rules {}", players, seed, rules.name()));
    const FairDice<> dice = FairDice<>::seeded(seed);
    GameState state({.players = players, .max_roll = dice.max_roll()});
    std::mt19937_64 engine(seed);
    std::vector<int> rolls;
    std::vector<RollOutcome> outcomes;
    std::vector<GameState> states{state}; // states[i]: before roll i
    while (!state.finished) {
        REQUIRE(state.turns_played < max_turns);
        const int roll = sample(chance_outcomes(dice, state), engine);
        rolls.push_back(roll);
        outcomes.push_back(apply_roll_in_place(board, state, roll, rules));
        states.push_back(state);
    }
    std::size_t mid_turn_copies = 0;
    std::size_t boundary_copies = 0;
    for (std::size_t i = 0; i < rolls.size(); ++i) {
        const GameState& from = states[i];
        const bool after_first_max = from.rolls_in_turn == 1 && from.streak == 1;
        if (!after_first_max && from.mid_turn()) {
            continue;
        }
        (after_first_max ? mid_turn_copies : boundary_copies) += 1;
        GameState copy = from;
        for (std::size_t j = i; j < rolls.size(); ++j) {
            const RollOutcome outcome = apply_roll_in_place(board, copy, rolls[j], rules);
            if (outcome != outcomes[j] || copy != states[j + 1]) {
                INFO("copied before roll " << i << ", roll " << j);
                REQUIRE(describe(outcome) == describe(outcomes[j]));
                REQUIRE(describe(copy) == describe(states[j + 1]));
            }
        }
        REQUIRE(copy == state);
    }
    REQUIRE(mid_turn_copies > 0);
    REQUIRE(boundary_copies > 0);
}

} // namespace

TEMPLATE_TEST_CASE("Seeded playouts: states copied mid-turn and at turn boundaries continue "
                   "identically",
                   "", ExactFinish, BounceBack, OvershootWins) {
    for (const HouseRuleSwitches& house :
         {HouseRuleSwitches{.forfeit_streak = 3},
          HouseRuleSwitches{.forfeit_streak = 3, .max_roll_to_start = true, .knock_back = true}}) {
        const ChosenHouseRules rules(house);
        for (std::size_t players = 2; players <= 3; ++players) {
            copies_continue(playout_board<TestType, RejectChains>(classic_list, 100, true), rules,
                            players, 7 * players);
            copies_continue(playout_board<TestType, FollowChains>(small_chained, 30, true), rules,
                            players, 9 * players);
        }
    }
    // The new rules and a user's: a copy also carries the turns to miss.
    for (std::size_t players = 2; players <= 4; ++players) {
        copies_continue(playout_board<TestType, RejectChains>(classic_list, 100, true), NewRules{},
                        players, 11 * players);
        copies_continue(playout_board<TestType, SingleJump>(small_chained, 30, false), NewRules{},
                        players, 13 * players);
    }
}
