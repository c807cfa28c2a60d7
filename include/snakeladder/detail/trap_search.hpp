// The search behind Board::traps and the game's check that dice can bring a token home, on rolls
// given as runs of consecutive values (a d20 is one run, 1..20). From a square, one run of rolls
// lands a token on an interval of squares (and, past home, on one more interval or square under
// the library's overshoot rules), so the search marks whole intervals and never lists a move:
// its time is about squares x runs and its memory a few bytes a square, whatever the dice.
#pragma once

#include "../jump.hpp"
#include "../rules.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// Rolls low..high, both at least 1.
struct RollRun {
    std::int64_t low = 0;
    std::int64_t high = 0;
    friend constexpr bool operator==(const RollRun&, const RollRun&) = default;
};

// The overshoot rules whose landings the search works out in closed form (below); a rule of the
// user's own is asked roll by roll.
template <class Rule>
inline constexpr bool overshoot_in_closed_form =
    std::same_as<Rule, ExactFinish> || std::same_as<Rule, BounceBack> ||
    std::same_as<Rule, OvershootWins>;

// Adds `roll` (at least 1) to `runs`, whose rolls so far are all at most `roll`.
inline void add_roll(std::vector<RollRun>& runs, std::int64_t roll) {
    if (!runs.empty() && roll - 1 <= runs.back().high) { // roll >= 1: no overflow
        runs.back().high = std::max(runs.back().high, roll);
    } else {
        runs.push_back({roll, roll});
    }
}

// The rolls at least 1 among `rolls`, as ascending runs. Under the library's overshoot rules every
// roll of twice the size or more moves a token as a roll of twice the size does, so such rolls
// are that roll (`largest`, 0 for no clamping).
inline std::vector<RollRun> runs_of(std::span<const std::int64_t> rolls, std::int64_t largest) {
    std::vector<std::int64_t> sorted;
    sorted.reserve(rolls.size());
    for (const std::int64_t roll : rolls) {
        if (roll >= 1) {
            sorted.push_back(largest > 0 ? std::min(roll, largest) : roll);
        }
    }
    std::sort(sorted.begin(), sorted.end());
    std::vector<RollRun> runs;
    for (const std::int64_t roll : sorted) {
        add_roll(runs, roll);
    }
    return runs;
}

// How many rolls the runs hold.
inline std::uint64_t roll_count(std::span<const RollRun> runs) {
    std::uint64_t count = 0;
    for (const RollRun& run : runs) {
        count += static_cast<std::uint64_t>(run.high - run.low) + 1;
    }
    return count;
}

// The moves the search makes on a board of `size` squares: squares x runs under the library's
// rules; squares x rolls under a rule of the user's own, whose every move is kept (4 bytes each).
template <class Overshoot>
std::uint64_t trap_search_moves(std::span<const RollRun> runs, Square size) {
    const auto squares = static_cast<std::uint64_t>(size);
    return squares * (overshoot_in_closed_form<Overshoot> ? runs.size() : roll_count(runs));
}

// The smallest index at or after i not yet marked (the count when none is left). Marking each
// index once, with path halving, keeps a walk over intervals near-linear in the indices.
class Unmarked {
public:
    explicit Unmarked(std::size_t count) : next_(count + 1) {
        std::iota(next_.begin(), next_.end(), std::uint32_t{0});
    }
    std::size_t first_from(std::size_t i) {
        while (next_[i] != i) {
            next_[i] = next_[next_[i]];
            i = next_[i];
        }
        return i;
    }
    void mark(std::size_t i) { next_[i] = static_cast<std::uint32_t>(i + 1); }

private:
    std::vector<std::uint32_t> next_; // 32 bits: a board has at most 10,000,000 squares
};

// Where the rolls of each run take a token from square s (0..size-1) before any jump, as
// intervals of squares (`landings`), and the squares s from which a run lands on t (`sources`).
// A forfeited move is left out: staying put helps neither search. Rolls that do not pass home
// add up (the OvershootRule contract); past home, the library's rules in closed form:
// ExactFinish forfeits, OvershootWins lands on home, BounceBack lands on size - (s + r - size),
// never below 1, which falls as r rises.
template <class Overshoot>
class ClosedFormMoves {
public:
    ClosedFormMoves(std::span<const RollRun> runs, Square size) : runs_(runs), size_(size) {}

    template <class Visit>
    void landings(Square s, Visit&& visit) const {
        const std::int64_t n = size_;
        for (const RollRun& run : runs_) {
            const std::int64_t a = run.low;
            const std::int64_t b = run.high;
            if (s + a <= n) {
                visit(s + a, s + std::min(b, n - s));
            }
            if (s + b <= n) {
                continue;
            }
            const std::int64_t first = std::max(a, n - s + 1); // the first roll past home
            if constexpr (std::same_as<Overshoot, OvershootWins>) {
                visit(n, n);
            } else if constexpr (std::same_as<Overshoot, BounceBack>) {
                visit(std::max<std::int64_t>(1, 2 * n - s - b),
                      std::max<std::int64_t>(1, 2 * n - s - first));
            }
        }
    }

    template <class Visit>
    void sources(Square t, Visit&& visit) const {
        const std::int64_t n = size_;
        for (const RollRun& run : runs_) {
            const std::int64_t a = run.low;
            const std::int64_t b = run.high;
            visit(std::max<std::int64_t>(0, t - b), std::min(n - 1, t - a));
            if constexpr (std::same_as<Overshoot, OvershootWins>) {
                if (t == n) {
                    visit(std::max<std::int64_t>(0, n + 1 - b), n - 1);
                }
            } else if constexpr (std::same_as<Overshoot, BounceBack>) {
                if (t == 1) { // every roll that would bounce below 1 lands here too
                    visit(std::max<std::int64_t>({0, n + 1 - b, 2 * n - 1 - b}), n - 1);
                } else if (t < n) {
                    visit(std::max<std::int64_t>(0, 2 * n - t - b), std::min(n - 1, 2 * n - t - a));
                }
            }
        }
    }

private:
    std::span<const RollRun> runs_;
    Square size_;
};

// The same for an overshoot rule of the user's own: each roll is applied, and every move kept
// (reversed, 4 bytes each) for `sources`.
template <class Overshoot>
class ListedMoves {
public:
    ListedMoves(std::span<const RollRun> runs, Square size) : size_(size) {
        for (const RollRun& run : runs) {
            for (std::int64_t k = 0; k <= run.high - run.low; ++k) { // no overflow at INT64_MAX
                const std::int64_t roll = run.low + k;
                rolls_.push_back(roll);
            }
        }
        const auto squares = static_cast<std::size_t>(size) + 1;
        first_.assign(squares + 1, 0);
        for (Square s = 0; s < size; ++s) {
            landings(s, [&](std::int64_t t, std::int64_t) {
                ++first_[static_cast<std::size_t>(t) + 1];
            });
        }
        std::partial_sum(first_.begin(), first_.end(), first_.begin());
        from_.resize(first_.back());
        std::vector<std::uint32_t> fill(first_.begin(), first_.end() - 1);
        for (Square s = 0; s < size; ++s) {
            landings(s, [&](std::int64_t t, std::int64_t) {
                from_[fill[static_cast<std::size_t>(t)]++] = s;
            });
        }
    }

    template <class Visit>
    void landings(Square s, Visit&& visit) const {
        for (const std::int64_t roll : rolls_) {
            const OvershootOutcome out = Overshoot::apply(s, roll, size_);
            if (!out.blocked) {
                visit(out.landed, out.landed);
            }
        }
    }

    template <class Visit>
    void sources(Square t, Visit&& visit) const {
        const auto at = static_cast<std::size_t>(t);
        for (std::uint32_t e = first_[at]; e < first_[at + 1]; ++e) {
            visit(from_[e], from_[e]);
        }
    }

private:
    Square size_;
    std::vector<std::int64_t> rolls_;
    std::vector<std::uint32_t> first_; // sources of t: from_[first_[t]..first_[t + 1])
    std::vector<Square> from_;
};

// The squares a token can reach from square 0 with `runs` from which home can never be reached,
// ascending. Forwards from 0, each run marks an interval of landings at a time; backwards from
// home, each landing that leads home marks an interval of squares it can be reached from. The
// caller has checked trap_search_moves against its limit.
template <class Board>
std::vector<Square> trap_squares(const Board& board, std::span<const RollRun> runs) {
    using Overshoot = typename Board::overshoot_rule;
    using Moves = std::conditional_t<overshoot_in_closed_form<Overshoot>,
                                     ClosedFormMoves<Overshoot>, ListedMoves<Overshoot>>;
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;
    const Moves moves(runs, home);

    // Forwards: the squares a token can rest on.
    std::vector<unsigned char> reached(squares, 0);
    std::vector<Square> queue{0};
    reached[0] = 1;
    { // its own scope: `landed` is freed before the backward pass allocates `done`
        Unmarked landed(squares);
        while (!queue.empty()) {
            const Square s = queue.back();
            queue.pop_back();
            if (s == home) {
                continue;
            }
            moves.landings(s, [&](std::int64_t low, std::int64_t high) {
                for (auto t = landed.first_from(static_cast<std::size_t>(low));
                     t <= static_cast<std::size_t>(high); t = landed.first_from(t)) {
                    landed.mark(t);
                    const auto rest =
                        static_cast<std::size_t>(board.resolve(static_cast<Square>(t)));
                    if (reached[rest] == 0) {
                        reached[rest] = 1;
                        queue.push_back(static_cast<Square>(rest));
                    }
                }
            });
        }
    }

    // The landings that come to rest on each square, other than the square itself: jump starts,
    // by where their jumps end.
    std::vector<std::pair<Square, Square>> jumps_to;
    jumps_to.reserve(board.jumps().size());
    for (const Jump& jump : board.jumps()) {
        jumps_to.emplace_back(board.resolve(jump.start), jump.start);
    }
    std::sort(jumps_to.begin(), jumps_to.end());

    // Backwards: the squares from which home can be reached.
    std::vector<unsigned char> gets_home(squares, 0);
    gets_home[static_cast<std::size_t>(home)] = 1;
    queue.assign(1, home);
    Unmarked done(static_cast<std::size_t>(home)); // squares 0..home-1, once each
    const auto reach_from = [&](Square t) {
        moves.sources(t, [&](std::int64_t low, std::int64_t high) {
            if (low > high) {
                return;
            }
            for (auto s = done.first_from(static_cast<std::size_t>(low));
                 s <= static_cast<std::size_t>(high); s = done.first_from(s)) {
                done.mark(s);
                gets_home[s] = 1;
                queue.push_back(static_cast<Square>(s));
            }
        });
    };
    while (!queue.empty()) {
        const Square x = queue.back();
        queue.pop_back();
        if (x >= 1 && board.resolve(x) == x) {
            reach_from(x);
        }
        const auto first =
            std::lower_bound(jumps_to.begin(), jumps_to.end(), std::pair<Square, Square>{x, 0});
        for (auto j = first; j != jumps_to.end() && j->first == x; ++j) {
            reach_from(j->second);
        }
    }

    std::vector<Square> traps;
    for (std::size_t s = 0; s < squares; ++s) {
        if (reached[s] != 0 && gets_home[s] == 0) {
            traps.push_back(static_cast<Square>(s));
        }
    }
    return traps;
}

} // namespace snakeladder::detail
