// The search behind Board::traps and the game's check that dice can bring a token home, on rolls
// given as runs of consecutive values (a d20 is one run, 1..20). From a square, the rolls of a
// run that stay on the board land a token on an interval of squares (they add up: the
// OvershootRule contract), so the search marks whole intervals. Past home, a rule that declares
// past_home (rules/rules.hpp) moves a token by how far past home it would go alone, so each such
// distance is followed once, whatever the square and the run: its time is about squares x runs
// plus the longest roll, and its memory a few bytes a square. Any other rule is asked roll by
// roll, from every square.
#pragma once

#include "../../base/jump.hpp"
#include "../../rules/rules.hpp"
#include "roll_runs.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// max_trap_moves (board/board.hpp), which the search needs to choose how it follows the rolls.
inline constexpr std::uint64_t trap_move_limit = std::uint64_t{1} << 27;

// The distances past home a search by distance follows: one less than the longest roll.
inline std::uint64_t trap_search_distances(std::span<const RollRun> runs) {
    return runs.empty() ? 0 : static_cast<std::uint64_t>(runs.back().high) - 1;
}

// Whether the search follows the rolls past home by distance (PastHomeMoves, for a rule that
// declares past_home) rather than roll by roll: unless the longest roll goes further past home
// than trap_move_limit, a few bytes a distance (only a rule that declares past_home but no
// alike_from rolls so far, and then its rolls, few or not, are followed one by one).
template <class Overshoot>
bool trap_search_by_distance(std::span<const RollRun> runs) {
    if constexpr (DeclaresPastHome<Overshoot>) {
        return trap_search_distances(runs) <= trap_move_limit;
    } else {
        return false;
    }
}

// The moves the search makes on a board of `size` squares: squares x runs by distance (and each
// distance once); squares x rolls roll by roll, every move kept (4 bytes each).
template <class Overshoot>
std::uint64_t trap_search_moves(std::span<const RollRun> runs, Square size) {
    const auto squares = static_cast<std::uint64_t>(size);
    return squares * (trap_search_by_distance<Overshoot>(runs) ? runs.size() : roll_count(runs));
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

// Where the rolls of each run take a token from square s (0..size-1) before any jump
// (`landings`), and the squares s from which a run lands on t (`sources`), both as intervals. A
// forfeited move is left out: staying put helps neither search. Rolls that stay on the board add
// up (the OvershootRule contract). Past home, the rule declares (past_home) that where a token
// lands depends only on how far past home the roll would take it, `beyond` (1 up to the longest
// roll): so the landing of each distance is asked once, through the board, and `landings` gives
// each distance once in all (the forward search needs each landing once), `sources` the squares
// from which a run goes that far past home.
template <class Board>
class PastHomeMoves {
public:
    PastHomeMoves(const Board& board, std::span<const RollRun> runs)
        : runs_(runs), size_(board.size()),
          longest_(runs.empty() ? 0 : static_cast<std::size_t>(runs.back().high)),
          unseen_(longest_) {
        // Distances 1..longest_-1: a roll of at most longest_ from square 0..size-1 goes at most
        // longest_ - 1 past home. landed_[k] < 0: blocked.
        const std::size_t distances = longest_ > 0 ? longest_ - 1 : 0;
        landed_.assign(distances + 1, -1);
        const auto squares = static_cast<std::size_t>(size_) + 1;
        first_.assign(squares + 1, 0);
        for (std::size_t k = 1; k <= distances; ++k) {
            // From the square before home, a roll of k + 1 goes k past home.
            const OvershootOutcome out = board.land(size_ - 1, static_cast<std::int64_t>(k) + 1);
            if (!out.blocked) {
                landed_[k] = out.landed;
                ++first_[static_cast<std::size_t>(out.landed) + 1];
            }
        }
        std::partial_sum(first_.begin(), first_.end(), first_.begin());
        by_landing_.resize(first_.back());
        std::vector<std::uint32_t> fill(first_.begin(), first_.end() - 1);
        for (std::size_t k = 1; k <= distances; ++k) {
            if (landed_[k] >= 0) {
                by_landing_[fill[static_cast<std::size_t>(landed_[k])]++] =
                    static_cast<std::uint32_t>(k);
            }
        }
    }

    template <class Visit>
    void landings(Square s, Visit&& visit) {
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
            const auto last = static_cast<std::size_t>(s + b - n);
            for (std::size_t k = unseen_.first_from(
                     static_cast<std::size_t>(std::max<std::int64_t>(1, s + a - n)));
                 k <= last; k = unseen_.first_from(k)) {
                unseen_.mark(k);
                if (landed_[k] >= 0) {
                    visit(landed_[k], landed_[k]);
                }
            }
        }
    }

    template <class Visit>
    void sources(Square t, Visit&& visit) const {
        const std::int64_t n = size_;
        const auto at = static_cast<std::size_t>(t);
        for (const RollRun& run : runs_) {
            visit(std::max<std::int64_t>(0, t - run.high), std::min(n - 1, t - run.low));
        }
        for (std::uint32_t e = first_[at]; e < first_[at + 1]; ++e) {
            const std::int64_t k = by_landing_[e];
            for (const RollRun& run : runs_) { // s + r = n + k for a roll r of the run
                visit(std::max<std::int64_t>(0, n + k - run.high),
                      std::min(n - 1, n + k - run.low));
            }
        }
    }

private:
    std::span<const RollRun> runs_;
    Square size_;
    std::size_t longest_;
    Unmarked unseen_;                  // distances past home not yet given by `landings`
    std::vector<Square> landed_;       // landed_[k]: where k past home lands, -1 blocked
    std::vector<std::uint32_t> first_; // distances landing on t: by_landing_[first_[t]..)
    std::vector<std::uint32_t> by_landing_;
};

// The same for an overshoot rule that declares nothing: each roll is applied through the board,
// and every move kept (reversed, 4 bytes each) for `sources`.
template <class Board>
class ListedMoves {
public:
    ListedMoves(const Board& board, std::span<const RollRun> runs)
        : board_(&board), size_(board.size()), rolls_(listed_rolls(runs)) {
        const auto squares = static_cast<std::size_t>(size_) + 1;
        first_.assign(squares + 1, 0);
        for (Square s = 0; s < size_; ++s) {
            landings(s, [&](std::int64_t t, std::int64_t) {
                ++first_[static_cast<std::size_t>(t) + 1];
            });
        }
        std::partial_sum(first_.begin(), first_.end(), first_.begin());
        from_.resize(first_.back());
        std::vector<std::uint32_t> fill(first_.begin(), first_.end() - 1);
        for (Square s = 0; s < size_; ++s) {
            landings(s, [&](std::int64_t t, std::int64_t) {
                from_[fill[static_cast<std::size_t>(t)]++] = s;
            });
        }
    }

    template <class Visit>
    void landings(Square s, Visit&& visit) const {
        for (const std::int64_t roll : rolls_) {
            const OvershootOutcome out = board_->land(s, roll);
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
    const Board* board_;
    Square size_;
    std::vector<std::int64_t> rolls_;
    std::vector<std::uint32_t> first_; // sources of t: from_[first_[t]..first_[t + 1])
    std::vector<Square> from_;
};

// The squares a token can reach from square 0 with `runs` from which home can never be reached,
// ascending. Forwards from 0, each run marks an interval of landings at a time; backwards from
// home, each landing that leads home marks an interval of squares it can be reached from. The
// caller has checked trap_search_moves against its limit.
template <class Board, class Moves>
std::vector<Square> trap_squares_with(const Board& board, Moves&& moves);

// A first pass that proves, in time linear in the jumps and the longest roll and with no memory,
// that a board has no trap for the common dice: those that roll every value from 1 to some h.
// Rolls that stay on the board add up under every overshoot rule, so from a square s a token can
// land on any of s + 1 .. s + h (up to home). Unless all of them send it below where it landed (a
// snake's head, or a chain that ends lower), one of them leaves it above s: from every square a
// token can climb, so home is reached from everywhere. That holds when no h consecutive squares
// all send a token down (home sends nobody down, so the squares just below it are covered).
// Only under a rule that declares past_home, whose every move past home is then asked once (each
// distance, through the board): the full search would have refused a rule that puts a token off
// the board, and so must this.
template <class Board>
bool climbs_from_everywhere(const Board& board, std::span<const RollRun> runs) {
    using Overshoot = typename Board::overshoot_rule;
    if (!DeclaresPastHome<Overshoot> || runs.empty() || runs.front().low != 1 ||
        !trap_search_by_distance<Overshoot>(runs)) {
        return false;
    }
    const std::int64_t h = runs.front().high;
    std::int64_t falling = 0; // consecutive squares, up to the last jump seen, that send down
    Square last_falling = -1;
    for (const Jump& jump : board.jumps()) { // by start
        if (board.resolve(jump.start) < jump.start) {
            falling = jump.start == last_falling + 1 ? falling + 1 : 1;
            last_falling = jump.start;
            if (falling >= h) {
                return false;
            }
        }
    }
    const std::uint64_t distances = trap_search_distances(runs);
    for (std::uint64_t k = 1; k <= distances; ++k) {
        // From the square before home, a roll of k + 1 goes k past home.
        (void)board.land(board.size() - 1, static_cast<std::int64_t>(k) + 1);
    }
    return true;
}

template <class Board>
std::vector<Square> trap_squares(const Board& board, std::span<const RollRun> runs) {
    if (climbs_from_everywhere(board, runs)) {
        return {};
    }
    if constexpr (DeclaresPastHome<typename Board::overshoot_rule>) {
        if (trap_search_by_distance<typename Board::overshoot_rule>(runs)) {
            return trap_squares_with(board, PastHomeMoves<Board>(board, runs));
        }
    }
    return trap_squares_with(board, ListedMoves<Board>(board, runs));
}

// trap_squares with the moves given.
template <class Board, class Moves>
std::vector<Square> trap_squares_with(const Board& board, Moves&& moves) {
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;

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
        if (board.resolve(x) == x) { // square 0 too: a rule may send a token back there
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
