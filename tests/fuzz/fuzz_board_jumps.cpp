// Board construction from an arbitrary size and jump list, under each chain rule and each
// overshoot rule: the library's three and two of a user's own (one wraps round past home and
// declares past_home, one sends the token back to 0 and declares alike_from). Every input is a
// board or a snakeladder::Error. On a board, every move from every square with the rolls 1..6
// and a few rolls taken from the input (up to INT64_MAX) stays on the board, step() agrees with
// advance() and with the rules worked out here independently, a roll of at least the rule's
// declared alike_from moves as alike_from does, and traps() agrees with a slow fixed-point
// computation.
//
// Bytes: a size selector (below 0xF0: a size of 1..128 from the next byte; otherwise a size
// the configuration must refuse), the number of extra rolls (0..3) and one byte each (0xF0 and up
// pick huge rolls), then jumps as pairs of 16-bit squares (0xFFF0 and up pick extreme values)
// until the input runs out, at most 64.
#include "../support/user_rules.hpp"
#include "fuzz_support.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <snakeladder/board/board.hpp>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using namespace snakeladder;

constexpr int max_fuzzed_size = 128;

struct Input {
    std::int64_t size = 0;
    std::vector<std::int64_t> rolls; // 1..6, then the extra ones
    std::vector<Jump> jumps;
};

Input decode(fuzz::FuzzInput& bytes) {
    Input input;
    const std::uint8_t size_selector = bytes.byte();
    if (size_selector < 0xF0) {
        input.size = bytes.in_range(1, max_fuzzed_size);
    } else {
        constexpr std::array<std::int64_t, 6> refused{
            0, -1, INT_MIN, INT_MAX, GameConfig<>::max_size + std::int64_t{1}, -100};
        input.size = refused[size_selector % refused.size()];
    }
    input.rolls = {1, 2, 3, 4, 5, 6};
    const int extra_rolls = bytes.byte() % 4;
    for (int k = 0; k < extra_rolls; ++k) {
        const std::uint8_t b = bytes.byte();
        if (b < 0xF0) {
            input.rolls.push_back(1 + b % (2 * input.size + 2 > 0 ? 2 * input.size + 2 : 1));
        } else {
            constexpr std::array<std::int64_t, 5> huge{
                INT_MAX, std::int64_t{INT_MAX} + 1, std::numeric_limits<std::int64_t>::max(),
                std::numeric_limits<std::int64_t>::max() - 1, std::int64_t{UINT32_MAX}};
            input.rolls.push_back(huge[b % huge.size()]);
        }
    }
    const auto square = [&]() -> Square {
        const std::uint16_t v = bytes.u16();
        if (v >= 0xFFF0) {
            constexpr std::array<Square, 4> extreme{INT_MIN, INT_MAX, INT_MIN + 1, INT_MAX - 1};
            return extreme[v % extreme.size()];
        }
        // -1 .. size + 1: just off the board at both ends, and everything in between.
        return static_cast<Square>(v % (input.size + 3) - 1);
    };
    while (!bytes.empty() && input.jumps.size() < 64) {
        const Square start = square();
        const Square end = square();
        input.jumps.push_back({start, end});
    }
    return input;
}

using user_rules::BackToZero;
using WrapRound = user_rules::WrapRoundPastHome;

// What the overshoot rule should make of a roll, in 128-bit arithmetic so no sum can overflow.
template <class Overshoot>
OvershootOutcome expected_landing(Square from, std::int64_t roll, Square size) {
    const __int128 target = static_cast<__int128>(from) + roll;
    if (target <= size) {
        return {static_cast<Square>(target), false};
    }
    if constexpr (std::is_same_v<Overshoot, ExactFinish>) {
        return {from, true};
    } else if constexpr (std::is_same_v<Overshoot, BounceBack>) {
        const __int128 bounced = 2 * static_cast<__int128>(size) - target;
        return {bounced < 1 ? 1 : static_cast<Square>(bounced), false};
    } else if constexpr (std::is_same_v<Overshoot, WrapRound>) {
        return {static_cast<Square>(1 + (target - size - 1) % size), false};
    } else if constexpr (std::is_same_v<Overshoot, BackToZero>) {
        return {0, false};
    } else {
        return {size, false};
    }
}

// Traps the slow way: forward reachability, then "gets home" grown to a fixed point.
template <class B>
std::vector<Square> slow_traps(const B& board, const std::vector<std::int64_t>& rolls) {
    const auto squares = static_cast<std::size_t>(board.size()) + 1;
    std::vector<bool> reachable(squares, false);
    std::vector<Square> frontier{0};
    reachable[0] = true;
    while (!frontier.empty()) {
        const Square s = frontier.back();
        frontier.pop_back();
        if (s == board.size()) {
            continue;
        }
        for (const std::int64_t r : rolls) {
            const auto t = static_cast<std::size_t>(board.advance(s, r));
            if (!reachable[t]) {
                reachable[t] = true;
                frontier.push_back(static_cast<Square>(t));
            }
        }
    }
    std::vector<bool> gets_home(squares, false);
    gets_home[squares - 1] = true;
    for (bool changed = true; changed;) {
        changed = false;
        // Downwards, so a board without snakes settles in one pass.
        for (Square s = board.size() - 1; s >= 0; --s) {
            const auto i = static_cast<std::size_t>(s);
            if (gets_home[i]) {
                continue;
            }
            for (const std::int64_t r : rolls) {
                if (gets_home[static_cast<std::size_t>(board.advance(s, r))]) {
                    gets_home[i] = true;
                    changed = true;
                    break;
                }
            }
        }
    }
    std::vector<Square> traps;
    for (std::size_t s = 0; s < squares; ++s) {
        if (reachable[s] && !gets_home[s]) {
            traps.push_back(static_cast<Square>(s));
        }
    }
    return traps;
}

template <class Overshoot, class Chains>
void check(const Input& input) {
    using Config = GameConfig<Overshoot, Chains>;
    using B = Board<Config>;
    const auto board = fuzz::served([&] {
        GameSettings settings;
        settings.size = static_cast<Square>(input.size); // every decoded size fits a Square
        return B(input.jumps, Config(settings));
    });
    if (!board) {
        return;
    }
    const Square size = board->size();
    FUZZ_CHECK(size == input.size);

    // The jump map is the one given, sorted, and obeys the validation table.
    std::vector<Jump> sorted = input.jumps;
    std::sort(sorted.begin(), sorted.end());
    FUZZ_CHECK(
        std::equal(board->jumps().begin(), board->jumps().end(), sorted.begin(), sorted.end()));
    for (const Jump& jump : board->jumps()) {
        FUZZ_CHECK(jump.start >= 1 && jump.start < size && jump.end >= 1 && jump.end <= size);
        FUZZ_CHECK(jump.start != jump.end);
        FUZZ_CHECK(board->jump_from(jump.start) == &jump);
        if constexpr (Chains::policy == ChainPolicy::reject) {
            FUZZ_CHECK(board->jump_from(jump.end) == nullptr);
        }
    }

    for (Square from = 0; from <= size; ++from) {
        for (const std::int64_t roll : input.rolls) {
            const Square end = board->advance(from, roll);
            FUZZ_CHECK(end >= 0 && end <= size);
            const Move move = board->step(from, roll);
            const OvershootOutcome expected = expected_landing<Overshoot>(from, roll, size);
            FUZZ_CHECK(move.start == from && move.roll == roll);
            FUZZ_CHECK(move.landed == expected.landed && move.blocked == expected.blocked);
            FUZZ_CHECK(move.end == end);
            FUZZ_CHECK(move.home == (end == size));
            if (move.jumps.empty()) {
                FUZZ_CHECK(move.end == (move.blocked ? from : move.landed));
            } else {
                FUZZ_CHECK(!move.blocked);
                FUZZ_CHECK(move.jumps.front().start == move.landed);
                FUZZ_CHECK(move.jumps.back().end == move.end);
                for (std::size_t k = 1; k < move.jumps.size(); ++k) {
                    FUZZ_CHECK(move.jumps[k - 1].end == move.jumps[k].start);
                }
                FUZZ_CHECK(move.jumps == board->jumps_taken(move.landed));
            }
            if constexpr (Chains::policy != ChainPolicy::follow) {
                FUZZ_CHECK(move.jumps.size() <= 1);
            }
            if constexpr (DeclaresRollsAlike<Overshoot>) {
                const std::int64_t alike = Overshoot::alike_from(size);
                if (roll >= alike) {
                    FUZZ_CHECK(board->step(from, alike).end == end);
                }
            }
        }
    }
    FUZZ_CHECK(!fuzz::attempted([&] { (void)board->step(-1, 1); }));
    FUZZ_CHECK(!fuzz::attempted([&] { (void)board->step(size + 1, 1); }));
    FUZZ_CHECK(!fuzz::attempted([&] { (void)board->step(0, 0); }));

    const std::vector<std::int64_t> dice_rolls(input.rolls.begin(), input.rolls.begin() + 6);
    FUZZ_CHECK(board->traps(std::span<const std::int64_t>(dice_rolls)) ==
               slow_traps(*board, dice_rolls));
    std::vector<std::int64_t> all_rolls = input.rolls;
    std::sort(all_rolls.begin(), all_rolls.end());
    all_rolls.erase(std::unique(all_rolls.begin(), all_rolls.end()), all_rolls.end());
    FUZZ_CHECK(board->traps(std::span<const std::int64_t>(input.rolls)) ==
               slow_traps(*board, all_rolls));
    // The extra rolls alone, sorted as Game passes them: sparse rolls make traps, and routes
    // home that go down a snake first, common, so traps() often has to search past its quick
    // proof that a board has none.
    std::vector<std::int64_t> extra(input.rolls.begin() + 6, input.rolls.end());
    std::sort(extra.begin(), extra.end());
    extra.erase(std::unique(extra.begin(), extra.end()), extra.end());
    FUZZ_CHECK(board->traps(std::span<const std::int64_t>(extra)) == slow_traps(*board, extra));
}

template <class Overshoot>
void check_each_chain_rule(const Input& input) {
    check<Overshoot, RejectChains>(input);
    check<Overshoot, FollowChains>(input);
    check<Overshoot, SingleJump>(input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::FuzzInput bytes(data, size);
    const Input input = decode(bytes);
    check_each_chain_rule<ExactFinish>(input);
    check_each_chain_rule<BounceBack>(input);
    check_each_chain_rule<OvershootWins>(input);
    check_each_chain_rule<WrapRound>(input);
    check_each_chain_rule<BackToZero>(input);
    return 0;
}
