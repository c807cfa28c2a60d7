// One line of a game's log (turn_record.hpp): ordinals, the rolls of a turn, and a record printed
// as a sentence for each thing a turn can do (a chain of jumps, a wait to start, a forfeit, extra
// rolls, tokens moved, turns to miss and missed, a pick of dice, a stay), each record built by
// hand and its sentence worked out from the formatter's documented shapes.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <snakeladder/base/jump.hpp>
#include <snakeladder/turn/turn_record.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;
using support::record;

namespace {

// A roll after the first: `roll` from `start`, put on `landed` by the overshoot rule, resting on
// `end`.
ExtraRoll extra(int roll, Square start, Square landed, Square end) {
    ExtraRoll r;
    r.roll = roll;
    r.start = start;
    r.landed = landed;
    r.end = end;
    return r;
}

} // namespace

TEST_CASE("ordinals: st, nd and rd after 1, 2 and 3, but th in every teen", "[turn_record]") {
    const std::vector<std::pair<std::int64_t, std::string>> ordinals{
        {0, "0th"},       {10, "10th"},     {42, "42nd"},     {93, "93rd"}, {100, "100th"},
        {1001, "1001st"}, {1011, "1011th"}, {2013, "2013th"}, {-1, "-1st"}, {-12, "-12th"}};
    for (const auto& [n, word] : ordinals) {
        CHECK(ordinal(n) == word);
    }
}

TEST_CASE("a record's rolls are its first roll and then its extra rolls", "[turn_record]") {
    TurnRecord six = record(3, 0, "Ana", 6, 10, 16, 24);
    CHECK(six.rolls() == std::vector<int>{6});
    six.extra_rolls = {extra(6, 16, 22, 22), extra(2, 22, 24, 24)};
    CHECK(six.rolls() == std::vector<int>{6, 6, 2});
}

TEST_CASE("a record prints as a sentence for everything a turn can do", "[turn_record]") {
    SECTION("a chain of jumps") {
        CHECK(fmt::format("{}", record(1, 0, "Ana", 2, 3, 5, 40, {{5, 20}, {20, 40}})) ==
              "Ana rolls 2: 3 to 40 via ladder 5-20 then ladder 20-40");
    }
    SECTION("waiting to start, for a roll named or for any other roll") {
        TurnRecord waits = record(1, 0, "Ana", 4, 0, 0, 0);
        waits.waiting = true;
        CHECK(fmt::format("{}", waits) == "Ana rolls 4, cannot start with it, waits on 0");
        waits.needed = 6;
        CHECK(fmt::format("{}", waits) == "Ana rolls 4, needs a 6 to start, waits on 0");
    }
    SECTION("three maximum rolls in a row forfeit the turn") {
        TurnRecord three = record(1, 0, "Ana", 6, 10, 16, 10);
        three.forfeited = true;
        ExtraRoll last = extra(6, 22, 22, 22);
        last.forfeits = true;
        three.extra_rolls = {extra(6, 16, 22, 22), last};
        CHECK(fmt::format("{}", three) ==
              "Ana rolls 6: 10 to 16, rolls 6: 16 to 22, rolls 6: forfeits the turn, back to 10");
    }
    SECTION("a rule that forfeits the first roll") {
        TurnRecord forfeit = record(1, 0, "Ana", 6, 10, 16, 10);
        forfeit.forfeited = true;
        CHECK(fmt::format("{}", forfeit) == "Ana rolls 6: forfeits the turn, back to 10");
    }
    SECTION("tokens moved: another sent back to 0 or elsewhere, the mover moved on") {
        TurnRecord knocks = record(5, 0, "Ana", 3, 12, 15, 15);
        knocks.knocked_back = {KnockedBack{1, "Ben", 15, 0, 0}};
        CHECK(fmt::format("{}", knocks) == "Ana rolls 3: 12 to 15, sends Ben back to 0");
        knocks.knocked_back = {KnockedBack{2, "Cy", 15, 0, 5}};
        CHECK(fmt::format("{}", knocks) == "Ana rolls 3: 12 to 15, sends Cy to 5");
        // The mover's own token, moved by a rule from 15 to 11: the move shows where the board
        // put it.
        knocks.end = 11;
        knocks.knocked_back = {KnockedBack{0, "Ana", 15, 0, 11}};
        CHECK(fmt::format("{}", knocks) == "Ana rolls 3: 12 to 15, then to 11");
    }
    SECTION("turns to miss, given and missed") {
        TurnRecord misses = record(8, 1, "Ben", 3, 17, 20, 20);
        misses.turns_to_miss = {TurnToMiss{1, "Ben", 0}};
        CHECK(fmt::format("{}", misses) == "Ben rolls 3: 17 to 20, will miss a turn");
        misses.turns_to_miss = {TurnToMiss{0, "Ana", 0}};
        CHECK(fmt::format("{}", misses) == "Ben rolls 3: 17 to 20, Ana will miss a turn");
        misses.turns_to_miss.clear();
        misses.missed_after = {MissedTurn{9, 0, "Ana"}};
        CHECK(fmt::format("{}", misses) == "Ben rolls 3: 17 to 20; Ana misses turn 9");
    }
    SECTION("a pick of dice, and a stay") {
        TurnRecord picked = record(1, 0, "Ana", 8, 10, 18, 18);
        picked.dice = 1;
        CHECK(fmt::format("{}", picked) == "Ana rolls 8 with dice 1: 10 to 18");
        TurnRecord stayed = record(1, 0, "Ana", 5, 97, 97, 97);
        stayed.stayed = true;
        CHECK(fmt::format("{}", stayed) == "Ana rolls 5, stays on 97");
    }
    SECTION("the dice picked, called by name") {
        // A 6 with dice 1 (10 to 16), then another roll with dice 0 (16 to 18) and one with
        // dice 2, which has no name and keeps its number.
        TurnRecord picked = record(1, 0, "Ana", 6, 10, 16, 22);
        picked.dice = 1;
        picked.extra_rolls = {extra(2, 16, 18, 18), extra(4, 18, 22, 22)};
        picked.extra_rolls[0].dice = 0;
        picked.extra_rolls[1].dice = 2;
        const std::vector<std::string> names{"one die", "two dice"};
        CHECK(fmt::format("{}", with_dice_names(picked, names)) ==
              "Ana rolls 6 with two dice: 10 to 16, rolls 2 with one die: 16 to 18, rolls 4 with "
              "dice 2: 18 to 22");
        CHECK(fmt::format("{}", picked) == "Ana rolls 6 with dice 1: 10 to 16, rolls 2 with dice "
                                           "0: 16 to 18, rolls 4 with dice 2: 18 to 22");
        // No names: the record as it prints alone.
        CHECK(fmt::format("{}", with_dice_names(picked, {})) == fmt::format("{}", picked));
    }
}
