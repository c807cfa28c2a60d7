// Random numbers (random.hpp): SplitMix64 and xoshiro256** against the reference algorithms,
// uniform_between over the whole int64 range, the draw with its bound fixed in advance against
// uniform_below word for word, and UniformRandomBitGenerator against the standard's concept.
#include "support/catch.hpp"

#include <concepts>
#include <cstdint>
#include <limits>
#include <random>
#include <snakeladder/base/random.hpp>

using namespace snakeladder;

TEST_CASE("SplitMix64 and Xoshiro256 match the reference algorithms", "[dice][random][golden]") {
    // SplitMix64 and xoshiro256** (seeded from SplitMix64 as its authors recommend), checked
    // against an independent transcription of the reference C code.
    SplitMix64 mix(0);
    CHECK(mix() == 0xe220a8397b1dcdafULL);
    CHECK(mix() == 0x6e789e6aa1b965f4ULL);
    CHECK(mix() == 0x06c45d188009454fULL);
    CHECK(mix() == 0xf88bb8a8724c81ecULL);

    Xoshiro256 engine(0);
    CHECK(engine() == 0x99ec5f36cb75f2b4ULL);
    CHECK(engine() == 0xbf6e1f784956452aULL);
    CHECK(engine() == 0x1a5f849d4933e6e0ULL);
    CHECK(engine() == 0x6aa594f1262d2d2cULL);
}

TEST_CASE("uniform_between covers the whole int64 range without overflow", "[dice][random]") {
    Xoshiro256 engine(3);
    const std::int64_t low = std::numeric_limits<std::int64_t>::min();
    const std::int64_t high = std::numeric_limits<std::int64_t>::max() - 1;
    bool saw_positive = false;
    for (int i = 0; i < 1000; ++i) {
        const std::int64_t value = uniform_between(engine, low, high);
        CHECK(value <= high);
        saw_positive = saw_positive || value > 0;
    }
    CHECK(saw_positive);
    CHECK(uniform_between(engine, -3, -3) == -3);
}

TEST_CASE("a draw with its bound fixed in advance keeps exactly the draws uniform_below keeps",
          "[dice][random]") {
    // The simulation rolls fair dice through detail::FixedBoundDraw, which works the rejection
    // threshold out once. Its numbers, and the engine words it uses up, must be uniform_below's.
    // Bounds just above a power of two reject about half the words (2^63 + 1), or a quarter
    // (3 * 2^62), so the rejecting path is taken hundreds of times here.
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t half_rejected = (std::uint64_t{1} << 63) + 1;
    for (const std::uint64_t bound :
         {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{6}, std::uint64_t{7},
          (std::uint64_t{1} << 32) + 1, std::uint64_t{3} << 62, half_rejected, max}) {
        INFO("bound " << bound);
        const detail::FixedBoundDraw draw(bound);
        Xoshiro256 fixed(41);
        Xoshiro256 plain(41);
        std::mt19937 fixed_narrow(5);
        std::mt19937 plain_narrow(5);
        // uniform_below draws nothing for a bound of 1, where the fixed draw still takes a
        // word: uniform_below_from_two, which always draws, is the one to match.
        for (int i = 0; i < 1000; ++i) {
            const std::uint64_t value = draw(fixed);
            REQUIRE(value == detail::uniform_below_from_two(plain, bound));
            REQUIRE(value < bound);
            REQUIRE(draw(fixed_narrow) == detail::uniform_below_from_two(plain_narrow, bound));
        }
        CHECK(fixed == plain);
        CHECK(fixed_narrow == plain_narrow);
    }
    // The rejecting path was taken: 1000 numbers used up more than 1000 words.
    const detail::FixedBoundDraw draw(half_rejected);
    Xoshiro256 engine(41);
    Xoshiro256 stepped(41);
    for (int i = 0; i < 1000; ++i) {
        (void)draw(engine);
        (void)stepped();
    }
    CHECK_FALSE(engine == stepped);
}

TEST_CASE("UniformRandomBitGenerator is the standard's concept, without <random>", "[dice][api]") {
    STATIC_REQUIRE(UniformRandomBitGenerator<std::mt19937>);
    STATIC_REQUIRE(UniformRandomBitGenerator<std::mt19937_64>);
    STATIC_REQUIRE(UniformRandomBitGenerator<std::minstd_rand>);
    STATIC_REQUIRE(UniformRandomBitGenerator<SplitMix64>);
    STATIC_REQUIRE(UniformRandomBitGenerator<Xoshiro256>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<SplitMix64>);
    STATIC_REQUIRE(std::uniform_random_bit_generator<Xoshiro256>);
    STATIC_REQUIRE(!UniformRandomBitGenerator<int>);
    STATIC_REQUIRE(!UniformRandomBitGenerator<std::uniform_int_distribution<int>>);
    STATIC_REQUIRE(UniformRandomBitGenerator<std::random_device> ==
                   std::uniform_random_bit_generator<std::random_device>);
}
