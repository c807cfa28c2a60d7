// Random numbers that mean the same thing everywhere: a small fast default engine and a
// bounded draw written here, because std::uniform_int_distribution differs between standard
// libraries and a seed must give the same game with every compiler.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace snakeladder {

/// An engine the library can draw from: the standard's UniformRandomBitGenerator, word
/// for word, written here so that the core headers need not include <random> (which costs a
/// one-game translation unit a tenth of its compile time). std::mt19937 and friends satisfy it.
template <class G>
concept UniformRandomBitGenerator =
    std::invocable<G&> && std::unsigned_integral<std::invoke_result_t<G&>> && requires {
    { G::min() } -> std::same_as<std::invoke_result_t<G&>>;
    { G::max() } -> std::same_as<std::invoke_result_t<G&>>;
    requires std::bool_constant<(G::min() < G::max())>::value;
};

/// SplitMix64: turns one 64-bit seed into a stream of well-mixed words. Used to seed the
/// default engine and to derive independent streams (one per simulated game) from one seed.
class SplitMix64 {
public:
    using result_type = std::uint64_t;
    constexpr explicit SplitMix64(std::uint64_t seed = 0) noexcept : state_(seed) {}
    static constexpr result_type min() noexcept { return 0; }
    static constexpr result_type max() noexcept { return std::numeric_limits<result_type>::max(); }
    constexpr result_type operator()() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    [[nodiscard]] constexpr std::uint64_t state() const noexcept { return state_; }
    friend constexpr bool operator==(const SplitMix64&, const SplitMix64&) = default;

private:
    std::uint64_t state_;
};

/// xoshiro256** (Blackman and Vigna): 256 bits of state, a few cycles a draw, and a period long
/// enough for any simulation. The library's default engine.
class Xoshiro256 {
public:
    using result_type = std::uint64_t;
    using State = std::array<std::uint64_t, 4>;

    constexpr explicit Xoshiro256(std::uint64_t seed = 0) noexcept {
        SplitMix64 mix(seed);
        for (auto& word : state_) {
            word = mix();
        }
    }
    /// Restores an engine from `state()`; an all-zero state (which would only ever give zeros)
    /// is replaced by the state of seed 0.
    constexpr explicit Xoshiro256(const State& state) noexcept : state_(state) {
        if (state_ == State{}) {
            *this = Xoshiro256(0);
        }
    }
    static constexpr result_type min() noexcept { return 0; }
    static constexpr result_type max() noexcept { return std::numeric_limits<result_type>::max(); }

    constexpr result_type operator()() noexcept {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }
    [[nodiscard]] constexpr const State& state() const noexcept { return state_; }
    friend constexpr bool operator==(const Xoshiro256&, const Xoshiro256&) = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
        return (x << k) | (x >> (64 - k));
    }
    State state_{};
};

/// The engine the library uses when the caller does not choose one.
using DefaultEngine = Xoshiro256;

namespace detail {
// The full 128-bit product of two 64-bit words as (high, low), in portable C++.
struct Product128 {
    std::uint64_t high;
    std::uint64_t low;
};
constexpr Product128 multiply_wide(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
    // One machine multiply where the compiler has 128-bit integers (g++, clang on 64-bit
    // targets): every roll goes through here, and the portable form below costs four multiplies
    // and the registers to hold them. Both give the same product.
    __extension__ using uint128 = unsigned __int128;
    const uint128 product = static_cast<uint128>(a) * b;
    return {static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product)};
#else
    const std::uint64_t a_lo = a & 0xffffffffULL, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xffffffffULL, b_hi = b >> 32;
    const std::uint64_t lo_lo = a_lo * b_lo;
    const std::uint64_t hi_lo = a_hi * b_lo;
    const std::uint64_t lo_hi = a_lo * b_hi;
    const std::uint64_t hi_hi = a_hi * b_hi;
    const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xffffffffULL) + lo_hi;
    return {hi_hi + (hi_lo >> 32) + (cross >> 32), (cross << 32) | (lo_lo & 0xffffffffULL)};
#endif
}

// One draw of exactly 64 random bits from any engine, whatever its range.
template <UniformRandomBitGenerator Engine>
constexpr std::uint64_t random_bits64(Engine& engine) {
    using R = typename Engine::result_type;
    constexpr auto lo = static_cast<std::uint64_t>(Engine::min());
    constexpr auto hi = static_cast<std::uint64_t>(Engine::max());
    if constexpr (lo == 0 && hi == std::numeric_limits<std::uint64_t>::max()) {
        return static_cast<std::uint64_t>(engine());
    } else {
        // Gather whole bits from engines with a narrower or odd range (std::minstd_rand,
        // std::mt19937): take the largest power-of-two part of the range, rejecting the rest.
        constexpr std::uint64_t range = hi - lo; // hi - lo + 1 values
        static_assert(range >= 1, "an engine must produce at least two values");
        constexpr int bits = [] {
            int b = 0;
            while (b < 63 && ((std::uint64_t{1} << (b + 1)) - 1) <= range) {
                ++b;
            }
            return b;
        }();
        constexpr std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
        std::uint64_t out = 0;
        int have = 0;
        while (have < 64) {
            std::uint64_t v = static_cast<std::uint64_t>(static_cast<R>(engine())) - lo;
            if (v > mask) {
                continue; // outside the power-of-two part: draw again
            }
            out = (have == 0) ? v : ((out << bits) | v);
            have += bits;
        }
        return out;
    }
}
} // namespace detail

namespace detail {
// uniform_below for a bound known to be at least 2 (the sides of fair dice): the loops that roll
// them call this directly, so they test nothing but the draw itself.
//
// A draw is rejected when the low word of the product is below 2^64 mod bound; that threshold is
// itself below bound, so the costly modulo is computed only on the rare draws that could be
// rejected. The accepted draws, and so the results, are the same either way.
template <UniformRandomBitGenerator Engine>
constexpr std::uint64_t uniform_below_from_two(Engine& engine, std::uint64_t bound) {
    for (;;) {
        const std::uint64_t x = random_bits64(engine);
        const auto product = multiply_wide(x, bound);
        if (product.low >= bound || product.low >= (0 - bound) % bound) {
            return product.high;
        }
    }
}

// uniform_below_from_two for one bound, drawn from many times: the loops that roll fair dice
// millions of times. The threshold 2^64 mod bound is worked out once, so a draw costs one test
// (is the low word of the product at least the threshold?). It keeps exactly the draws
// uniform_below_from_two keeps, whose first test (low >= bound) only spares it the modulo, and
// so gives the same numbers from the same engine.
class FixedBoundDraw {
public:
    // `bound` at least 1.
    constexpr explicit FixedBoundDraw(std::uint64_t bound) noexcept
        : bound_(bound), threshold_((0 - bound) % bound) {}
    template <UniformRandomBitGenerator Engine>
    constexpr std::uint64_t operator()(Engine& engine) const {
        for (;;) {
            const auto product = multiply_wide(random_bits64(engine), bound_);
            if (product.low >= threshold_) [[likely]] {
                return product.high;
            }
        }
    }

private:
    std::uint64_t bound_;
    std::uint64_t threshold_;
};

// FixedBoundDraw for a bound known when compiling (the six-sided die): the same draws, with the
// bound and threshold as constants, not in registers that a game loop needs for itself.
template <std::uint64_t Bound>
struct ConstantBoundDraw {
    static_assert(Bound >= 1);
    static constexpr std::uint64_t threshold = (0 - Bound) % Bound;
    template <UniformRandomBitGenerator Engine>
    constexpr std::uint64_t operator()(Engine& engine) const {
        for (;;) {
            const auto product = multiply_wide(random_bits64(engine), Bound);
            if (product.low >= threshold) [[likely]] {
                return product.high;
            }
        }
    }
};
} // namespace detail

/// A uniform integer in [0, bound), the same on every platform: Lemire's multiply-and-reject
/// method on 64-bit draws. `bound` must be at least 1; a bound of 1 draws nothing.
template <UniformRandomBitGenerator Engine>
constexpr std::uint64_t uniform_below(Engine& engine, std::uint64_t bound) {
    if (bound <= 1) {
        return 0;
    }
    return detail::uniform_below_from_two(engine, bound);
}

/// A uniform integer in [low, high], both ends included. `low <= high`.
template <UniformRandomBitGenerator Engine>
constexpr std::int64_t uniform_between(Engine& engine, std::int64_t low, std::int64_t high) {
    const auto span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    if (span == std::numeric_limits<std::uint64_t>::max()) {
        return static_cast<std::int64_t>(detail::random_bits64(engine));
    }
    // Added as unsigned words: low + draw may pass INT64_MAX on the way (low = INT64_MIN, a draw
    // above 2^63), which is undefined for signed integers; the conversion back is modular.
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) +
                                     uniform_below(engine, span + 1));
}

static_assert(UniformRandomBitGenerator<SplitMix64>);
static_assert(UniformRandomBitGenerator<Xoshiro256>);

} // namespace snakeladder
