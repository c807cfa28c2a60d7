// The race of all tokens at once under house rules that couple them (knock-back, or a rule of the
// user's that may touch another seat), for the exact seat chances: a chain whose state is every
// token's square, the seat due and each seat's turns to miss, between two turns, and whose step
// is one whole turn followed through the turn model (turn/detail/turn_outcomes.hpp). Its states are
// found by playing every turn from the start, up to max_joint_states; the chances then come from
// propagating the exact distribution over them turn by turn, as length_distribution does for one
// token.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/board.hpp"
#include "../../rules/game_state.hpp"
#include "../../rules/house_rule.hpp"
#include "../../turn/detail/turn_outcomes.hpp"
#include "../../turn/turn_model.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <span>
#include <vector>

namespace snakeladder::detail {

/// The most states the joint chain may have (about 150 bytes each with its moves): two players
/// on a board of up to about 700 squares.
inline constexpr std::size_t max_joint_states = 1'000'000;

/// What the race of the joint chain gives: each seat's chance to come home first, the expected
/// turns until one does (+infinity when the race may never end), and the chance left undecided.
struct JointRace {
    std::vector<double> win_probability;
    double expected_turns = 0.0;
    double undecided = 0.0;
    std::size_t states = 0;
};

/// The states between turns of a game of `players` seats, no token home yet, stored as words
/// (seat due, then each seat's square, then each seat's turns to miss) in an open-addressed
/// table: a million states in about a hundred megabytes.
class JointStates {
public:
    explicit JointStates(std::size_t players) : players_(players), stride_(1 + 2 * players) {}

    [[nodiscard]] std::size_t size() const noexcept { return words_.size() / stride_; }

    /// The index of `state`, added if new (`added` says so).
    std::uint32_t find_or_add(const GameState& state, bool& added) {
        if (2 * (size() + 1) > table_.size()) {
            grow();
        }
        encode(state);
        std::size_t slot = hash(key_.data()) & (table_.size() - 1);
        while (table_[slot] != 0) {
            const std::uint32_t index = table_[slot] - 1;
            if (std::equal(key_.begin(), key_.end(), words_.begin() + offset(index))) {
                added = false;
                return index;
            }
            slot = (slot + 1) & (table_.size() - 1);
        }
        const auto index = static_cast<std::uint32_t>(size());
        words_.insert(words_.end(), key_.begin(), key_.end());
        table_[slot] = index + 1;
        added = true;
        return index;
    }

    /// Writes state `index` into `state` (built for this many players; its other fields kept).
    void decode(std::uint32_t index, GameState& state) const {
        const std::uint32_t* word = words_.data() + offset(index);
        state.seat_due = word[0];
        for (std::size_t seat = 0; seat < players_; ++seat) {
            state.squares[seat] = static_cast<Square>(word[1 + seat]);
            state.turns_to_miss[seat] = word[1 + players_ + seat];
        }
    }

private:
    [[nodiscard]] std::ptrdiff_t offset(std::uint32_t index) const noexcept {
        return static_cast<std::ptrdiff_t>(static_cast<std::size_t>(index) * stride_);
    }
    void encode(const GameState& state) {
        key_.resize(stride_);
        key_[0] = state.seat_due;
        for (std::size_t seat = 0; seat < players_; ++seat) {
            key_[1 + seat] = static_cast<std::uint32_t>(state.squares[seat]);
            key_[1 + players_ + seat] = state.turns_to_miss[seat];
        }
    }
    [[nodiscard]] std::size_t hash(const std::uint32_t* word) const noexcept {
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (std::size_t i = 0; i < stride_; ++i) {
            h = (h ^ word[i]) * 0x100000001b3ULL;
            h ^= h >> 31;
        }
        return static_cast<std::size_t>(h);
    }
    void grow() {
        table_.assign(std::bit_ceil(std::max<std::size_t>(64, 4 * (size() + 1))),
                      0); // a power of 2
        for (std::uint32_t index = 0; index < size(); ++index) {
            std::size_t slot = hash(words_.data() + offset(index)) & (table_.size() - 1);
            while (table_[slot] != 0) {
                slot = (slot + 1) & (table_.size() - 1);
            }
            table_[slot] = index + 1;
        }
    }

    std::size_t players_;
    std::size_t stride_;
    std::vector<std::uint32_t> words_;
    std::vector<std::uint32_t> table_; // index + 1, 0 for an empty slot
    std::vector<std::uint32_t> key_;
};

/// The seat chances of `players` seats racing on `board` under `rules`, through the joint chain.
/// `max_turns`, `tail_epsilon` and `progress` as in DistributionOptions. Throws
/// AnalysisLimitExceeded when the chain has more than `max_states` states (max_joint_states;
/// smaller in the tests).
// A numerical kernel that stays whole (past 80 lines): the search of the joint states from the
// start, the states that can still end, and the turn-by-turn propagation of their chances share
// the state table and the moves, and read top to bottom as one computation.
template <class Config, HouseRule Rules>
JointRace joint_race(const BasicBoard<Config>& board, std::span<const ChanceOutcome> rolls,
                     int max_roll, const Rules& rules, std::size_t players, std::int64_t max_turns,
                     double tail_epsilon, const std::function<void(std::int64_t, double)>& progress,
                     std::chrono::milliseconds progress_interval,
                     std::size_t max_states = max_joint_states) {
    // A move of the chain: to a state, or (`to` = won - seat) a seat home first.
    struct Move {
        std::int64_t to;
        std::uint32_t turns;
        double probability;
    };
    constexpr std::int64_t won = -1;
    // `states` is the count (a bound or the states found so far), `count` says it in words.
    const auto refuse = [&](double states, const std::string& count) {
        throw AnalysisLimitExceeded(
            states, static_cast<double>(max_states), "simulate estimates them",
            fmt::format("the exact seat chances under house rules {} follow every position of all "
                        "{} tokens at once, as the rules may move or read other seats' tokens: "
                        "the chain has {}, where the limit is {}; simulate estimates them",
                        rules.name(), players, count, max_states));
    };
    // Every seat on any square below home, any seat due: the most the chain could have. Past
    // twice the limit, refused at once; below, the states are counted as they are found.
    const double bound = std::pow(static_cast<double>(board.size()), static_cast<double>(players)) *
                         static_cast<double>(players);
    if (bound > 2.0 * static_cast<double>(max_states)) {
        refuse(
            bound,
            fmt::format("up to {:.4g} states ({} squares to the power {}, times {} seats to roll)",
                        bound, board.size(), players, players));
    }

    // The states, found by following every turn from the start.
    JointStates states(players);
    std::vector<std::size_t> first_move{0};
    std::vector<Move> moves;
    TurnFollower<Config, Rules> follower(board, rolls, rules);
    GameState state({.players = players, .max_roll = max_roll});
    bool added = false;
    states.find_or_add(state, added);
    for (std::uint32_t index = 0; index < states.size(); ++index) {
        states.decode(index, state);
        for (const TurnEnd& end : follower.ends(state)) {
            if (!end.state.finish_order.empty()) {
                // The race ends with the winner's turn: one turn, not the turns that play on
                // to the last player (play_to_last) may pass over after it.
                moves.push_back({won - static_cast<std::int64_t>(end.state.finish_order.front()), 1,
                                 end.probability});
                continue;
            }
            const std::uint32_t to = states.find_or_add(end.state, added);
            if (states.size() > max_states) {
                refuse(static_cast<double>(states.size()),
                       fmt::format("more than {} states", max_states));
            }
            moves.push_back({to, static_cast<std::uint32_t>(end.turns), end.probability});
        }
        first_move.push_back(moves.size());
    }
    const std::size_t count = states.size();

    // The states from which some seat can still get home (backwards from the winning moves);
    // mass that comes to any other is stuck for good.
    std::vector<std::size_t> from_start(count + 1, 0);
    for (const Move& m : moves) {
        if (m.to >= 0) {
            ++from_start[static_cast<std::size_t>(m.to) + 1];
        }
    }
    for (std::size_t s = 0; s < count; ++s) {
        from_start[s + 1] += from_start[s];
    }
    std::vector<std::uint32_t> from(from_start.back());
    std::vector<unsigned char> can_end(count, 0);
    std::vector<std::uint32_t> queue;
    {
        std::vector<std::size_t> fill(from_start.begin(), from_start.end() - 1);
        for (std::uint32_t s = 0; s < count; ++s) {
            for (std::size_t e = first_move[s]; e < first_move[s + 1]; ++e) {
                if (moves[e].to >= 0) {
                    from[fill[static_cast<std::size_t>(moves[e].to)]++] = s;
                } else if (can_end[s] == 0) {
                    can_end[s] = 1;
                    queue.push_back(s);
                }
            }
        }
    }
    while (!queue.empty()) {
        const std::uint32_t t = queue.back();
        queue.pop_back();
        for (std::size_t e = from_start[t]; e < from_start[t + 1]; ++e) {
            if (can_end[from[e]] == 0) {
                can_end[from[e]] = 1;
                queue.push_back(from[e]);
            }
        }
    }
    // Every state is reachable from the start: the race ends surely when every state can end.
    const bool ends_surely =
        std::all_of(can_end.begin(), can_end.end(), [](unsigned char c) { return c != 0; });

    // Turn by turn: ahead[k] holds the mass that will be at each state k turns from now.
    std::uint32_t longest = 1;
    for (const Move& m : moves) {
        longest = std::max(longest, m.turns);
    }
    std::vector<std::vector<double>> ahead(longest + 1, std::vector<double>(count, 0.0));
    JointRace race;
    race.states = count;
    race.win_probability.assign(players, 0.0);
    double stuck = 0.0;
    double live = 1.0;
    if (can_end[0] != 0) {
        ahead[0][0] = 1.0;
    } else {
        stuck = 1.0;
        live = 0.0;
    }
    double expected = 0.0;
    auto reported = std::chrono::steady_clock::now();
    const std::size_t ring = ahead.size();
    std::int64_t t = 0;
    for (; t < max_turns && live > tail_epsilon; ++t) {
        if (progress && t % 64 == 0 && t > 0) {
            const auto now = std::chrono::steady_clock::now();
            if (now - reported >= progress_interval) {
                reported = now;
                progress(t, live);
            }
        }
        std::vector<double>& here = ahead[static_cast<std::size_t>(t) % ring];
        for (std::size_t s = 0; s < count; ++s) {
            const double mass = here[s];
            if (mass == 0.0) {
                continue;
            }
            here[s] = 0.0;
            for (std::size_t e = first_move[s]; e < first_move[s + 1]; ++e) {
                const Move& m = moves[e];
                const double part = mass * m.probability;
                if (m.to < 0) {
                    race.win_probability[static_cast<std::size_t>(won - m.to)] += part;
                    expected += part * static_cast<double>(t + m.turns);
                } else if (can_end[static_cast<std::size_t>(m.to)] == 0) {
                    stuck += part;
                } else {
                    ahead[(static_cast<std::size_t>(t) + m.turns) % ring]
                         [static_cast<std::size_t>(m.to)] += part;
                }
            }
        }
        live = 0.0;
        for (const std::vector<double>& later : ahead) {
            for (const double mass : later) {
                live += mass;
            }
        }
    }
    if (progress) {
        progress(t, live);
    }
    race.undecided = live + stuck;
    race.expected_turns = ends_surely ? expected : std::numeric_limits<double>::infinity();
    return race;
}

} // namespace snakeladder::detail
