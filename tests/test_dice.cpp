// Dice: the concepts, golden rolls that pin determinism across compilers and standard
// libraries, exact face probabilities, distribution sanity, and every refused parameter.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <snakeladder/dice/dice.hpp>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

using namespace snakeladder;

namespace {

template <class D>
std::vector<int> first_rolls(D& dice, int n) {
    std::vector<int> rolls;
    rolls.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        rolls.push_back(dice.roll());
    }
    return rolls;
}

// A user-written die, to check the concepts accept anything with the right members.
struct Coin {
    int roll() { return 1; }
    [[nodiscard]] int min_roll() const { return 1; }
    [[nodiscard]] int max_roll() const { return 2; }
};
struct ConstRollOnly { // no const min/max: not Dice
    int roll() { return 1; }
    int min_roll() { return 1; }
    int max_roll() { return 1; }
};

} // namespace

// --- Concepts, both ways ------------------------------------------------------------------------

static_assert(Dice<ScriptedDice>);
static_assert(FiniteDice<ScriptedDice>);
static_assert(!FiniteDice<FairDice<>>);
static_assert(!FiniteDice<LoadedDice<>>);
static_assert(Dice<FairDice<>>);
static_assert(Dice<LoadedDice<>>);
static_assert(Dice<FairDice<std::mt19937>>);
static_assert(Dice<Coin>);
static_assert(!Dice<int>);
static_assert(!Dice<ConstRollOnly>);
static_assert(DiceWithOdds<FairDice<>>);
static_assert(DiceWithOdds<LoadedDice<std::minstd_rand>>);
static_assert(!DiceWithOdds<ScriptedDice>);
static_assert(!DiceWithOdds<Coin>);
static_assert(RewindableDice<ScriptedDice>);
static_assert(!RewindableDice<FairDice<>>);

// --- Usable in constant expressions -------------------------------------------------------------

static_assert([] {
    FairDice<> two_dice({.sides = 6, .count = 2});
    return two_dice.face_probabilities()[7] == 6.0 / 36.0 && two_dice.max_roll() == 12;
}());
static_assert([] {
    auto die = FairDice<>::seeded(2024);
    return die.roll() == 1 && die.roll() == 5; // the golden rolls below
}());
static_assert([] {
    ScriptedDice dice{4, 2};
    const int first = dice.roll();
    dice.unroll();
    return first == 4 && dice.roll() == 4 && dice.roll() == 2 && dice.remaining() == 0;
}());

// --- Golden values: the same on every compiler and standard library ----------------------------

TEST_CASE("A seeded fair die rolls the golden sequence", "[dice][golden]") {
    auto die = FairDice<>::seeded(2024);
    const std::vector<int> golden{1, 5, 1, 1, 5, 2, 3, 2, 4, 1, 5, 6, 6, 3, 5, 2, 1, 4, 5, 3};
    CHECK(first_rolls(die, 20) == golden);
}

TEST_CASE("Two seeded fair dice roll the golden sequence", "[dice][golden]") {
    auto dice = FairDice<>::seeded(2024, {.sides = 6, .count = 2});
    const std::vector<int> golden{6, 2, 7, 5, 5, 11, 9, 7, 5, 8, 6, 5, 4, 6, 8, 10, 2, 12, 6, 8};
    CHECK(first_rolls(dice, 20) == golden);
}

TEST_CASE("A seeded loaded die rolls the golden sequence", "[dice][golden]") {
    auto die = LoadedDice<>::seeded(2024, {1, 1, 1, 1, 1, 5}); // a six half the time
    const std::vector<int> golden{1, 6, 1, 2, 6, 3, 4, 3, 6, 1, 6, 6, 6, 4, 6, 2, 1, 6, 6, 5};
    CHECK(first_rolls(die, 20) == golden);
}

TEST_CASE("The same seed gives the same rolls; a restored engine repeats them", "[dice]") {
    auto first = FairDice<>::seeded(7, {.sides = 10, .count = 3});
    auto second = FairDice<>::seeded(7, {.sides = 10, .count = 3});
    CHECK(first == second);
    CHECK(first_rolls(first, 50) == first_rolls(second, 50));

    const Xoshiro256 saved = first.engine();
    const std::vector<int> rolls = first_rolls(first, 10);
    first.engine() = saved;
    CHECK(first_rolls(first, 10) == rolls);
    first.engine() = Xoshiro256(saved.state());
    CHECK(first_rolls(first, 10) == rolls);

    FairDice with_mt({.sides = 6, .count = 2}, std::mt19937(42)); // the engine type is deduced
    static_assert(std::is_same_v<decltype(with_mt), FairDice<std::mt19937>>);
    const std::mt19937 saved_mt = with_mt.engine();
    const std::vector<int> mt_rolls = first_rolls(with_mt, 10);
    with_mt.engine() = saved_mt;
    CHECK(first_rolls(with_mt, 10) == mt_rolls);
}

// --- Face probabilities -------------------------------------------------------------------------

TEST_CASE("Fair dice know their exact face probabilities", "[dice][odds]") {
    const FairDice<> die;
    REQUIRE(die.face_probabilities().size() == 7);
    CHECK(die.face_probabilities()[0] == 0.0);
    for (int face = 1; face <= 6; ++face) {
        CHECK(die.face_probabilities()[static_cast<std::size_t>(face)] == 1.0 / 6.0);
    }

    // Two dice: the triangle 1/36 .. 6/36 .. 1/36, each value correctly rounded.
    const FairDice<> two({.sides = 6, .count = 2});
    const std::array<double, 13> triangle{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    REQUIRE(two.face_probabilities().size() == 13);
    for (std::size_t sum = 0; sum < triangle.size(); ++sum) {
        CHECK(two.face_probabilities()[sum] == triangle[sum] / 36.0);
    }

    // Three dice: 27 of the 216 outcomes sum to 10 (and to 11).
    const FairDice<> three({.sides = 6, .count = 3});
    CHECK(three.face_probabilities()[10] == 27.0 / 216.0);
    CHECK(three.face_probabilities()[11] == 27.0 / 216.0);
    CHECK(three.face_probabilities()[3] == 1.0 / 216.0);
}

TEST_CASE("Probabilities of many dice sum to 1 and keep their tails", "[dice][odds]") {
    // 25d6 is past the exact integer counts (6^25 > 2^64), so it is computed in doubles; compare
    // with a plain convolution that only ever adds, entry by entry, tails included.
    const int sides = 6;
    const int count = 25;
    std::vector<double> reference(static_cast<std::size_t>(sides * count) + 1, 0.0);
    for (int face = 1; face <= sides; ++face) {
        reference[static_cast<std::size_t>(face)] = 1.0 / sides;
    }
    for (int dice = 2; dice <= count; ++dice) {
        std::vector<double> next(reference.size(), 0.0);
        for (int sum = dice; sum <= dice * sides; ++sum) {
            double total = 0.0;
            for (int face = 1; face <= sides && face < sum; ++face) {
                total += reference[static_cast<std::size_t>(sum - face)];
            }
            next[static_cast<std::size_t>(sum)] = total / sides;
        }
        reference = next;
    }
    const FairDice<> many({.sides = sides, .count = count});
    const auto odds = many.face_probabilities();
    REQUIRE(odds.size() == reference.size());
    double total = 0.0;
    for (std::size_t sum = 0; sum < odds.size(); ++sum) {
        total += odds[sum];
        if (reference[sum] == 0.0) {
            CHECK(odds[sum] == 0.0);
        } else {
            CHECK(std::abs(odds[sum] - reference[sum]) <= 1e-12 * reference[sum]);
        }
    }
    CHECK(std::abs(total - 1.0) < 1e-12);
    CHECK(odds[25] == Approx(std::pow(6.0, -25)).epsilon(1e-12)); // all ones

    for (const auto& [s, c] : {std::pair{10, 10}, std::pair{2, 100}, std::pair{20, 4}}) {
        const FairDice<> dice({.sides = s, .count = c});
        double sum = 0.0;
        for (const double p : dice.face_probabilities()) {
            sum += p;
        }
        CHECK(std::abs(sum - 1.0) < 1e-12);
    }
    CHECK(FairDice<>({.sides = 2, .count = 100}).face_probabilities()[100] ==
          std::ldexp(1.0, -100));
}

TEST_CASE("Loaded dice know their face probabilities", "[dice][odds]") {
    const LoadedDice<> die({1, 1, 1, 1, 1, 5});
    CHECK(die.min_roll() == 1);
    CHECK(die.max_roll() == 6);
    CHECK(die.total_weight() == 10);
    const auto odds = die.face_probabilities();
    REQUIRE(odds.size() == 7);
    CHECK(odds[0] == 0.0);
    for (std::size_t face = 1; face <= 5; ++face) {
        CHECK(odds[face] == 0.1);
    }
    CHECK(odds[6] == 0.5);

    // Zero weights at either end move min_roll and max_roll; the table stops at max_roll.
    const LoadedDice<> gaps({0, 3, 0, 1, 0, 0});
    CHECK(gaps.min_roll() == 2);
    CHECK(gaps.max_roll() == 4);
    REQUIRE(gaps.face_probabilities().size() == 5);
    CHECK(gaps.face_probabilities()[1] == 0.0);
    CHECK(gaps.face_probabilities()[2] == 0.75);
    CHECK(gaps.face_probabilities()[3] == 0.0);
    CHECK(gaps.face_probabilities()[4] == 0.25);
    CHECK(gaps.weights().size() == 6);

    auto rolls = LoadedDice<>::seeded(1, {0, 3, 0, 1, 0, 0});
    for (int i = 0; i < 1000; ++i) {
        const int r = rolls.roll();
        CHECK((r == 2 || r == 4));
    }
}

// --- Distribution sanity ------------------------------------------------------------------------

namespace {
// 600,000 rolls of a d6: each face count is Binomial(600000, 1/6), mean 100,000 and standard
// deviation sqrt(600000 * 1/6 * 5/6) ~ 288.7. Five standard deviations (~1443) are exceeded by
// chance about once in 1.7 million faces, so a failure means a biased mapping, not bad luck.
template <class Engine>
void check_d6_is_fair(Engine engine) {
    FairDice<Engine> die({.sides = 6, .count = 1}, std::move(engine));
    std::array<int, 7> counts{};
    const int rolls = 600'000;
    for (int i = 0; i < rolls; ++i) {
        const int r = die.roll();
        REQUIRE((r >= 1 && r <= 6));
        ++counts[static_cast<std::size_t>(r)];
    }
    const double expected = rolls / 6.0;
    const double sd = std::sqrt(rolls * (1.0 / 6.0) * (5.0 / 6.0));
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face << " came up " << counts[static_cast<std::size_t>(face)] << " times");
        CHECK(std::abs(counts[static_cast<std::size_t>(face)] - expected) <= 5 * sd);
    }
}
} // namespace

TEST_CASE("A fair die is fair with any engine", "[dice][distribution]") {
    SECTION("Xoshiro256") {
        check_d6_is_fair(Xoshiro256(2024));
    }
    SECTION("std::mt19937") {
        check_d6_is_fair(std::mt19937(2024));
    }
    SECTION("std::minstd_rand") {
        check_d6_is_fair(std::minstd_rand(2024));
    }
    SECTION("std::mt19937_64") {
        check_d6_is_fair(std::mt19937_64(2024));
    }
}

TEST_CASE("A loaded die follows its weights", "[dice][distribution]") {
    // Face 6 has probability 1/2: over 100,000 rolls, sd = sqrt(100000 / 4) ~ 158; 5 sd ~ 791.
    auto die = LoadedDice<std::mt19937>({1, 1, 1, 1, 1, 5}, std::mt19937(5));
    long sixes = 0;
    for (int i = 0; i < 100'000; ++i) {
        sixes += die.roll() == 6 ? 1 : 0;
    }
    CHECK(std::abs(sixes - 50'000) <= 5L * 158);
}

TEST_CASE("Two dice roll in range and hit both extremes", "[dice][distribution]") {
    auto dice = FairDice<>::seeded(99, {.sides = 6, .count = 2});
    bool saw_two = false;
    bool saw_twelve = false;
    for (int i = 0; i < 10'000; ++i) {
        const int r = dice.roll();
        REQUIRE((r >= 2 && r <= 12));
        saw_two = saw_two || r == 2;
        saw_twelve = saw_twelve || r == 12;
    }
    CHECK(saw_two);
    CHECK(saw_twelve);
}

// --- Bad parameters -----------------------------------------------------------------------------

TEST_CASE("Fair dice refuse bad parameters, naming them", "[dice][errors]") {
    CHECK_THAT(message_of<InvalidConfig>([] { FairDice<> dice({.sides = 1}); }),
               SL_CONTAINS("sides must be at least 2, got 1"));
    CHECK_THAT(message_of<InvalidConfig>([] { FairDice<> dice({.sides = -3, .count = 2}); }),
               SL_CONTAINS("sides"));
    CHECK_THAT(message_of<InvalidConfig>([] { FairDice<> dice({.sides = 6, .count = 0}); }),
               SL_CONTAINS("count must be at least 1, got 0"));
    CHECK_THAT(message_of<InvalidConfig>([] { FairDice<> dice({.sides = 6, .count = -1}); }),
               SL_CONTAINS("count"));
    CHECK_THAT(message_of<InvalidConfig>(
                   [] { FairDice<> dice({.sides = 6, .count = FairDice<>::max_count + 1}); }),
               SL_CONTAINS("count must be at most"));
    CHECK_THAT(message_of<InvalidConfig>([] { (void)FairDice<>::seeded(1, {.sides = 0}); }),
               SL_CONTAINS("sides"));

    // The highest roll must fit in an int.
    const std::string overflow =
        message_of<InvalidConfig>([] { FairDice<> dice({.sides = INT_MAX / 2 + 1, .count = 2}); });
    CHECK_THAT(overflow, SL_CONTAINS("count"));
    CHECK_THAT(overflow, SL_CONTAINS("sides"));
    CHECK_THROWS_AS(FairDice<>({.sides = INT_MAX, .count = 100}), InvalidConfig);
    CHECK_THROWS_AS(FairDice<>({.sides = INT_MAX, .count = 2}), InvalidConfig);
    CHECK_NOTHROW(FairDice<>({.sides = INT_MAX / 2, .count = 2}));
}

TEST_CASE("Loaded dice refuse bad weights, naming them", "[dice][errors]") {
    CHECK_THAT(message_of<InvalidConfig>([] { LoadedDice<> die({}); }), SL_CONTAINS("weights"));
    const std::string negative = message_of<InvalidConfig>([] { LoadedDice<> die({1, 2, -1}); });
    CHECK_THAT(negative, SL_CONTAINS("weights[2]"));
    CHECK_THAT(negative, SL_CONTAINS("-1"));
    CHECK_THAT(message_of<InvalidConfig>([] {
                   LoadedDice<> die({0, 0, 0});
               }),
               SL_CONTAINS("weights are all zero"));
    const std::int64_t huge = std::numeric_limits<std::int64_t>::max();
    CHECK_THAT(message_of<InvalidConfig>([&] {
                   LoadedDice<> die({huge, huge, huge});
               }),
               SL_CONTAINS("weights add up to more than"));
    // Two of them fit in 64 unsigned bits and still roll.
    auto big = LoadedDice<>::seeded(3, {huge, huge});
    CHECK(big.total_weight() == 2 * static_cast<std::uint64_t>(huge));
    const int r = big.roll();
    CHECK((r == 1 || r == 2));
}

TEST_CASE("Scripted dice refuse a roll below 1, naming its index and value", "[dice][errors]") {
    const std::string message = message_of<InvalidConfig>([] { ScriptedDice dice{3, 0, 2}; });
    CHECK_THAT(message, SL_CONTAINS("rolls[1]"));
    CHECK_THAT(message, SL_CONTAINS("is 0"));
    CHECK_THAT(message_of<InvalidConfig>([] {
                   ScriptedDice dice(std::vector<int>{4, 5, -2});
               }),
               SL_CONTAINS("rolls[2] is -2"));
}

// --- Scripted dice ------------------------------------------------------------------------------

TEST_CASE("Scripted dice return their script, then throw without changing", "[dice][scripted]") {
    ScriptedDice dice{6, 1, 3};
    CHECK(dice.min_roll() == 1);
    CHECK(dice.max_roll() == 6);
    CHECK(dice.remaining() == 3);
    CHECK(dice.roll() == 6);
    CHECK(dice.roll() == 1);
    CHECK(dice.roll() == 3);
    CHECK(dice.remaining() == 0);
    CHECK(dice.position() == 3);
    CHECK(dice.used() == 3);

    const ScriptedDice before = dice;
    CHECK_THAT(message_of<DiceExhausted>([&] { dice.roll(); }),
               SL_CONTAINS("all 3 scripted rolls have been used"));
    CHECK(dice == before);
    CHECK(dice.remaining() == 0);
    CHECK(dice.position() == 3);
    CHECK_THROWS_AS(dice.roll(), DiceExhausted); // and again: still nothing changed
    CHECK(dice.position() == 3);
    CHECK(dice.min_roll() == 1);
    CHECK(dice.max_roll() == 6);

    // DiceExhausted is one of the library's errors.
    CHECK_THROWS_AS(dice.roll(), Error);
}

TEST_CASE("Scripted dice take back rolls with unroll", "[dice][scripted]") {
    ScriptedDice dice{2, 5};
    CHECK_FALSE(dice.unroll()); // nothing rolled yet: nothing to take back
    CHECK(dice.position() == 0);
    CHECK(dice.roll() == 2);
    CHECK(dice.roll() == 5);
    CHECK_THROWS_AS(dice.roll(), DiceExhausted);
    // A turn that rolled twice and then failed puts both rolls back.
    CHECK(dice.unroll());
    CHECK(dice.unroll());
    CHECK_FALSE(dice.unroll());
    CHECK(dice.remaining() == 2);
    CHECK(dice.roll() == 2);
    CHECK(dice.roll() == 5);
    static_assert(noexcept(dice.unroll()));
}

TEST_CASE("Scripted dice with an empty or one-roll script", "[dice][scripted]") {
    ScriptedDice empty{std::vector<int>{}};
    CHECK(empty.min_roll() == 1);
    CHECK(empty.max_roll() == 1);
    CHECK(empty.remaining() == 0);
    CHECK_THAT(message_of<DiceExhausted>([&] { empty.roll(); }), SL_CONTAINS("no rolls"));

    ScriptedDice one{4};
    CHECK(one.roll() == 4);
    CHECK_THAT(message_of<DiceExhausted>([&] { one.roll(); }),
               SL_CONTAINS("the only scripted roll has been used"));
    CHECK(one.rolls().size() == 1);
}

// --- Huge dice and possible rolls ---------------------------------------------------------------

TEST_CASE("A die of INT_MAX faces rolls without a giant table", "[dice][huge]") {
    auto die = FairDice<>::seeded(11, {.sides = INT_MAX});
    CHECK(die.min_roll() == 1);
    CHECK(die.max_roll() == INT_MAX);
    for (int i = 0; i < 1000; ++i) {
        const int r = die.roll();
        REQUIRE(r >= 1);
    }
    CHECK_THAT(message_of<InvalidConfig>([&] { (void)die.face_probabilities(); }),
               SL_CONTAINS("tabulated"));

    auto two = FairDice<>::seeded(11, {.sides = INT_MAX / 2, .count = 2});
    CHECK(two.max_roll() == INT_MAX - 1);
    for (int i = 0; i < 1000; ++i) {
        const int r = two.roll();
        REQUIRE((r >= 2 && r <= INT_MAX - 1));
    }

    // Right at the limit the table is built; one past it, it is not.
    CHECK(FairDice<>({.sides = max_tabulated_roll}).face_probabilities().size() ==
          static_cast<std::size_t>(max_tabulated_roll) + 1);
    CHECK_THROWS_AS(FairDice<>({.sides = max_tabulated_roll + 1}).face_probabilities(),
                    InvalidConfig);
}

TEST_CASE("possible_rolls lists the rolls the dice can make", "[dice][possible]") {
    CHECK(possible_rolls(FairDice<>()) == std::vector<int>{1, 2, 3, 4, 5, 6});
    CHECK(possible_rolls(FairDice<>({.sides = 6, .count = 2})) ==
          std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    CHECK(possible_rolls(FairDice<>({.sides = 6, .count = 2}), 4) == std::vector<int>{2, 3, 4});
    CHECK(possible_rolls(LoadedDice<>({0, 2, 0, 2})) == std::vector<int>{2, 4});
    CHECK(possible_rolls(ScriptedDice{5, 3}) == std::vector<int>{3, 4, 5});
    CHECK(possible_rolls(Coin{}) == std::vector<int>{1, 2});
    CHECK(possible_rolls(FairDice<>({.sides = 6, .count = 2}), 1).empty());

    // Every sum of fair dice is possible, even where its probability underflows to zero.
    const FairDice<> coins({.sides = 2, .count = 100});
    CHECK(possible_rolls(coins).size() == 101);

    // A huge die lists only up to a bound the caller gives.
    const FairDice<> huge({.sides = INT_MAX});
    CHECK_THAT(message_of<InvalidConfig>([&] { (void)possible_rolls(huge); }),
               SL_CONTAINS("at_most"));
    CHECK(possible_rolls(huge, 200).size() == 200);
}

TEST_CASE("sides and a seed cannot be mistaken for each other", "[dice][api]") {
    // FairDice<>(29) would be a 29-sided die where a seed was meant; it does not compile
    // (tests/compile_fail/dice_sides_or_seed.cpp), nor does any other bare number.
    STATIC_REQUIRE(!std::is_constructible_v<FairDice<>, int>);
    STATIC_REQUIRE(!std::is_constructible_v<FairDice<>, int, int>);
    STATIC_REQUIRE(!std::is_constructible_v<FairDice<>, std::uint64_t>);
    STATIC_REQUIRE(!std::is_constructible_v<FairDice<>, DefaultEngine>);
    STATIC_REQUIRE(!std::is_convertible_v<int, DiceShape>);
    const FairDice<> sides({.sides = 29});
    CHECK(sides.sides() == 29);
    CHECK(sides.count() == 1);
    CHECK(sides.max_roll() == 29);
    const FairDice<> seeded = FairDice<>::seeded(29);
    CHECK(seeded.sides() == 6);
    CHECK(seeded.count() == 1);
    CHECK(seeded.engine() == DefaultEngine(29));
    const FairDice<> both = FairDice<>::seeded(29, {.sides = 8, .count = 3});
    CHECK(both.sides() == 8);
    CHECK(both.count() == 3);
    CHECK(both.min_roll() == 3);
    CHECK(both.max_roll() == 24);
    CHECK(both.engine() == DefaultEngine(29));
    // The shape's defaults: one six-sided die.
    CHECK(FairDice<>({.count = 2}).max_roll() == 12);
    CHECK(FairDice<>() == FairDice<>({.sides = 6, .count = 1}));
}

TEST_CASE("views of temporary dice are copies, so a loop over them cannot dangle", "[dice][api]") {
    // On a named object the calls return views; on a temporary, values that live on.
    const FairDice<> fair({.sides = 2, .count = 2});
    STATIC_REQUIRE(std::is_same_v<decltype(fair.face_probabilities()), std::span<const double>>);
    STATIC_REQUIRE(
        std::is_same_v<decltype(FairDice<>().face_probabilities()), std::vector<double>>);
    // Two coins: P(2) = P(4) = 1/4, P(3) = 1/2.
    std::vector<double> seen;
    for (const double p : FairDice<>({.sides = 2, .count = 2}).face_probabilities()) {
        seen.push_back(p);
    }
    CHECK(seen == std::vector<double>{0.0, 0.0, 0.25, 0.5, 0.25});
    CHECK_THROWS_AS(FairDice<>({.sides = max_tabulated_roll + 1}).face_probabilities(),
                    InvalidConfig);

    STATIC_REQUIRE(
        std::is_same_v<decltype(LoadedDice<>({1, 3}).weights()), std::vector<std::int64_t>>);
    std::vector<std::int64_t> weights;
    for (const std::int64_t w : LoadedDice<>({1, 3}).weights()) {
        weights.push_back(w);
    }
    CHECK(weights == std::vector<std::int64_t>{1, 3});
    std::vector<double> loaded;
    for (const double p : LoadedDice<>({1, 3}).face_probabilities()) {
        loaded.push_back(p);
    }
    CHECK(loaded == std::vector<double>{0.0, 0.25, 0.75});

    STATIC_REQUIRE(std::is_same_v<decltype(ScriptedDice{1, 2}.rolls()), std::vector<int>>);
    std::vector<int> rolls;
    for (const int roll : ScriptedDice{4, 1, 6}.rolls()) {
        rolls.push_back(roll);
    }
    CHECK(rolls == std::vector<int>{4, 1, 6});
}
