// Squares and jumps: the vocabulary every other header speaks.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace snakeladder {

/// A square of the track. 0 is "not on the board yet", the track runs 1..size, size is home.
using Square = std::int32_t;

/// Ladders go up, snakes go down; there is nothing else a jump can be.
enum class JumpKind { ladder, snake };

constexpr std::string_view to_string(JumpKind kind) noexcept {
    return kind == JumpKind::ladder ? "ladder" : "snake";
}

/// One snake or ladder: a token that ends its move on `start` is moved to `end`.
struct Jump {
    Square start = 0;
    Square end = 0;

    [[nodiscard]] constexpr JumpKind kind() const noexcept {
        return end > start ? JumpKind::ladder : JumpKind::snake;
    }
    // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 flags the 0 of a defaulted <=>
    friend constexpr auto operator<=>(const Jump&, const Jump&) = default;
};

/// The jumps one move took, in order. Almost every move takes none or one, so the first few
/// are stored inline and a turn record costs no allocation; longer chains spill to the heap.
class JumpPath {
public:
    static constexpr std::size_t inline_capacity = 3;

    constexpr JumpPath() = default;
    constexpr JumpPath(std::initializer_list<Jump> jumps) {
        for (const Jump& jump : jumps) {
            push_back(jump);
        }
    }

    constexpr void push_back(const Jump& jump) {
        if (size_ < inline_capacity) {
            inline_[size_] = jump;
        } else {
            if (size_ == inline_capacity) {
                spilled_.assign(inline_.begin(), inline_.end());
            }
            spilled_.push_back(jump);
        }
        ++size_;
    }
    constexpr void clear() noexcept {
        size_ = 0;
        spilled_.clear();
    }

    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] constexpr const Jump* data() const noexcept {
        return size_ <= inline_capacity ? inline_.data() : spilled_.data();
    }
    [[nodiscard]] constexpr const Jump* begin() const noexcept { return data(); }
    [[nodiscard]] constexpr const Jump* end() const noexcept { return data() + size_; }
    [[nodiscard]] constexpr const Jump& operator[](std::size_t i) const noexcept {
        return data()[i];
    }
    [[nodiscard]] constexpr const Jump& front() const noexcept { return data()[0]; }
    [[nodiscard]] constexpr const Jump& back() const noexcept { return data()[size_ - 1]; }
    [[nodiscard]] constexpr operator std::span<const Jump>() const noexcept { // NOLINT
        return {data(), size_};
    }

    friend constexpr bool operator==(const JumpPath& a, const JumpPath& b) noexcept {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::array<Jump, inline_capacity> inline_{};
    std::size_t size_ = 0;
    std::vector<Jump> spilled_;
};

} // namespace snakeladder

template <>
struct fmt::formatter<snakeladder::JumpKind> : fmt::formatter<std::string_view> {
    template <typename FormatContext>
    auto format(snakeladder::JumpKind kind, FormatContext& ctx) const {
        return fmt::formatter<std::string_view>::format(snakeladder::to_string(kind), ctx);
    }
};

/// Prints `ladder 1-38` or `snake 98-78`, the same words the board file format reads.
template <>
struct fmt::formatter<snakeladder::Jump> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename FormatContext>
    auto format(const snakeladder::Jump& jump, FormatContext& ctx) const {
        return fmt::format_to(ctx.out(), "{} {}-{}", snakeladder::to_string(jump.kind()),
                              jump.start, jump.end);
    }
};
