// What every fuzz target shares: a reader that turns the fuzzer's bytes into bounded values, and
// the rule that an input is either served or refused with a snakeladder::Error.
//
// A target is one file `fuzz_<name>.cpp` defining LLVMFuzzerTestOneInput, with its seed corpus in
// `corpus/fuzz_<name>/`; tests/fuzz/CMakeLists.txt and run-fuzzers.sh pick both up by name.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <snakeladder/base/errors.hpp>
#include <string>
#include <string_view>
#include <type_traits>

namespace snakeladder::fuzz {

/// Reads the fuzzer's bytes front to back. Past the end every read gives 0, so any input, even
/// an empty one, decodes to something.
class FuzzInput {
public:
    FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    [[nodiscard]] bool empty() const noexcept { return at_ == size_; }
    [[nodiscard]] std::size_t remaining() const noexcept { return size_ - at_; }

    std::uint8_t byte() noexcept { return at_ < size_ ? data_[at_++] : 0; }
    std::uint16_t u16() noexcept {
        const auto high = static_cast<std::uint16_t>(byte() << 8U);
        return static_cast<std::uint16_t>(high | byte());
    }
    std::uint32_t u32() noexcept {
        const auto high = static_cast<std::uint32_t>(u16()) << 16U;
        return high | u16();
    }
    bool flag() noexcept { return (byte() & 1U) != 0; }

    /// A value in [low, high] (low <= high, range below 2^32), from as few bytes as it needs.
    std::int64_t in_range(std::int64_t low, std::int64_t high) noexcept {
        const auto span = static_cast<std::uint64_t>(high - low) + 1;
        std::uint64_t raw = 0;
        if (span <= 0x100) {
            raw = byte();
        } else if (span <= 0x10000) {
            raw = u16();
        } else {
            raw = u32();
        }
        return low + static_cast<std::int64_t>(raw % span);
    }

    /// Up to `longest` bytes, as many as a length byte says: a name, a label, any bytes at all.
    std::string text(std::size_t longest) {
        const std::size_t length = std::min<std::size_t>(byte(), longest);
        std::string out;
        out.reserve(length);
        for (std::size_t k = 0; k < length && !empty(); ++k) {
            out.push_back(static_cast<char>(byte()));
        }
        return out;
    }

    /// Everything not read yet, as text.
    std::string_view rest() noexcept {
        const std::string_view text(reinterpret_cast<const char*>(data_ + at_), size_ - at_);
        at_ = size_;
        return text;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

/// Runs `attempt`: its result when it succeeds, nullopt when it refuses the input with a
/// snakeladder::Error. Any other exception escapes, and libFuzzer reports the input as a crash.
template <class Attempt>
auto served(Attempt&& attempt) -> std::optional<std::invoke_result_t<Attempt>> {
    try {
        return attempt();
    } catch (const snakeladder::Error&) {
        return std::nullopt;
    }
}

/// Like served() for an action with no result: true when it was served.
template <class Attempt>
bool attempted(Attempt&& attempt) {
    try {
        attempt();
        return true;
    } catch (const snakeladder::Error&) {
        return false;
    }
}

[[noreturn]] inline void invariant_broken(const char* condition, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, condition);
    std::abort();
}

} // namespace snakeladder::fuzz

/// Aborts (a crash libFuzzer records, with the input) when an invariant does not hold. Unlike
/// assert(), it is never compiled out.
#define FUZZ_CHECK(condition)                                                                      \
    ((condition) ? static_cast<void>(0)                                                            \
                 : ::snakeladder::fuzz::invariant_broken(#condition, __FILE__, __LINE__))
