// Rules users write, from a small grammar, played through Game, simulate and the analysis, and
// compared with an oracle over Board::step written here (issue 36, item 10).
//
// The overshoot rule is one of: wrap round past home to square 1 and on; bounce off home and off
// square 0 up to n times (then blocked); back to square 0; blocked on an odd roll, bounced once on
// an even one; or off the board (the library must refuse it with InvalidConfig wherever it is
// met). It declares neither alike_from nor past_home, so the library folds none of its rolls. The
// house rule gives turns to miss on some squares and sends the next seat's token from one square
// to another. On a rule that stays on the board:
// - every analysis call agrees with the oracle: the traps, min_rolls and, for one player, the
//   expected turns and the length distribution (turns missed count as turns, as in a Game);
//   for two players the seat chances, from the joint distribution of both tokens;
// - a Game is refused when the oracle finds a trap, and otherwise plays record by record as the
//   oracle replays the rules (squares, jumps, turns to miss, tokens sent, turns missed, places),
//   saves and loads to an equal game, and undoes back to the start;
// - simulate, twice with one seed, gives the same counts.
//
// Bytes: overshoot rule, size (2..12), jumps, dice, miss squares and their turns, the send,
// players, seed.
#include "fuzz_support.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/shortest_path.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/io/saved_game.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/board_traps.hpp>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace snakeladder;

// --- The overshoot rule: the input's choice, read by a rule whose apply is static. ---

enum class Past : std::uint8_t { wrap, bounce, to_zero, blocked_on_odd, off_board };

struct Grammar {
    Past past = Past::wrap;
    int bounces = 1;
};
Grammar grammar; // one input at a time: libFuzzer calls the target from one thread

// Where the grammar's rule puts a token that overshoots (target > size); `from` and `roll` as
// given. Written from the grammar's words, not from the library's rules.
OvershootOutcome past_home(Square from, std::int64_t roll, Square size) noexcept {
    const std::int64_t target = std::int64_t{from} + roll; // rolls here are at most 48
    switch (grammar.past) {
    case Past::wrap:
        return {static_cast<Square>(1 + (target - size - 1) % size), false};
    case Past::bounce: {
        std::int64_t at = target;
        for (int k = 0; k < grammar.bounces && (at < 0 || at > size); ++k) {
            at = at > size ? 2 * std::int64_t{size} - at : -at;
        }
        if (at < 0 || at > size) {
            return {from, true};
        }
        return {static_cast<Square>(at), false};
    }
    case Past::to_zero:
        return {0, false};
    case Past::blocked_on_odd:
        if (roll % 2 == 1) {
            return {from, true};
        }
        return {static_cast<Square>(std::max<std::int64_t>(0, 2 * std::int64_t{size} - target)),
                false};
    case Past::off_board:
        return {static_cast<Square>(size + 1 + roll % 3), false};
    }
    return {from, true};
}

struct Fuzzed {
    static constexpr std::string_view name = "Fuzzed";
    static OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        if (roll <= std::int64_t{size} - from) {
            return {static_cast<Square>(from + roll), false};
        }
        return past_home(from, roll, size);
    }
};
static_assert(OvershootRule<Fuzzed> && !DeclaresRollsAlike<Fuzzed>);

// --- The house rule: turns to miss on some squares, a send from one square. ---

struct FuzzedHouse {
    std::vector<Square> miss_squares;
    std::uint32_t miss_turns = 1;
    Square send_from = 0; // 0: no send
    Square send_to = 0;

    [[nodiscard]] std::string name() const {
        return fmt::format("FuzzedHouse{{miss {} x{}, send {} to {}}}",
                           fmt::join(miss_squares, ","), miss_turns, send_from, send_to);
    }
    [[nodiscard]] bool misses_on(Square square) const {
        return std::find(miss_squares.begin(), miss_squares.end(), square) != miss_squares.end();
    }
    // The token sent is the next seat's, when it is not the mover's and not home.
    void on_land(Landing& landing) const {
        const auto seats = static_cast<std::uint32_t>(landing.state().squares.size());
        const std::uint32_t next = (landing.seat() + 1) % seats;
        if (send_from != 0 && landing.square() == send_from && next != landing.seat() &&
            landing.state().squares[next] != landing.home()) {
            landing.send(next, send_to);
        }
        if (misses_on(landing.square())) {
            landing.miss_turns(landing.seat(), miss_turns);
        }
    }
    friend bool operator==(const FuzzedHouse&, const FuzzedHouse&) = default;
};
static_assert(HouseRule<FuzzedHouse>);

using Config = GameConfig<Fuzzed, RejectChains, FuzzedHouse>;
using PlainConfig = GameConfig<Fuzzed, RejectChains>;

struct Input {
    Grammar rule;
    Square size = 2;
    std::vector<Jump> jumps;
    std::vector<std::int64_t> weights; // empty: fair dice of `sides`
    int sides = 6;
    FuzzedHouse house;
    int players = 2;
    std::uint32_t seed = 0;
};

Input decode(fuzz::FuzzInput& bytes) {
    Input input;
    const std::uint8_t rule = bytes.byte();
    input.rule.past = static_cast<Past>(rule % 5);
    input.rule.bounces = 1 + (rule / 5) % 3;
    input.size = static_cast<Square>(bytes.in_range(2, 12));
    const int jumps = static_cast<int>(bytes.byte() % 5);
    for (int k = 0; k < jumps; ++k) {
        const auto start = static_cast<Square>(bytes.in_range(1, input.size));
        const auto end = static_cast<Square>(bytes.in_range(1, input.size));
        input.jumps.push_back({start, end});
    }
    const std::uint8_t dice = bytes.byte();
    if (dice % 2 == 0) {
        input.sides = 2 + dice / 2 % 7; // 2..8
    } else {
        input.weights.assign(
            static_cast<std::size_t>(bytes.in_range(3, 4 * std::int64_t{input.size})), 0);
        const int faces = 1 + static_cast<int>(bytes.byte() % 3);
        for (int k = 0; k < faces; ++k) {
            input.weights[static_cast<std::size_t>(bytes.in_range(
                0, static_cast<std::int64_t>(input.weights.size()) - 1))] += bytes.in_range(1, 4);
        }
    }
    const int misses = static_cast<int>(bytes.byte() % 3);
    for (int k = 0; k < misses; ++k) {
        input.house.miss_squares.push_back(static_cast<Square>(bytes.in_range(1, input.size - 1)));
    }
    std::sort(input.house.miss_squares.begin(), input.house.miss_squares.end());
    input.house.miss_squares.erase(
        std::unique(input.house.miss_squares.begin(), input.house.miss_squares.end()),
        input.house.miss_squares.end());
    input.house.miss_turns = static_cast<std::uint32_t>(bytes.in_range(1, 3));
    if (bytes.flag()) {
        input.house.send_from = static_cast<Square>(bytes.in_range(1, input.size - 1));
        input.house.send_to = static_cast<Square>(bytes.in_range(0, input.size - 1));
    }
    input.players = static_cast<int>(bytes.in_range(2, 3));
    input.seed = bytes.u32();
    return input;
}

// --- The oracle: moves over Board::step, the house rule replayed from its words. ---

struct Odds {
    std::int64_t roll = 0;
    double p = 0.0;
};

template <class B>
struct Oracle {
    const B* board = nullptr;
    const FuzzedHouse* house = nullptr;
    std::vector<Odds> rolls;
    // end[s][k]: where a token on s ends after rolls[k]; cost: the turns that move takes (1, and
    // the turns to miss of the square it ends on).
    std::vector<std::vector<Square>> end;
    std::vector<std::vector<std::uint32_t>> cost;
    bool off_board = false; // some move was refused as off the board

    Oracle(const B& b, const FuzzedHouse& h, std::vector<Odds> odds)
        : board(&b), house(&h), rolls(std::move(odds)) {
        const Square home = b.size();
        end.assign(static_cast<std::size_t>(home), {});
        cost.assign(static_cast<std::size_t>(home), {});
        for (Square s = 0; s < home; ++s) {
            for (const Odds& roll : rolls) {
                const std::optional<Move> move = fuzz::served([&] { return b.step(s, roll.roll); });
                if (!move) {
                    off_board = true;
                    return;
                }
                // The board's step against the grammar's own words.
                const std::int64_t target = std::int64_t{s} + roll.roll;
                const OvershootOutcome expected =
                    target <= home ? OvershootOutcome{static_cast<Square>(target), false}
                                   : past_home(s, roll.roll, home);
                FUZZ_CHECK(move->landed == expected.landed && move->blocked == expected.blocked);
                end[static_cast<std::size_t>(s)].push_back(move->end);
                cost[static_cast<std::size_t>(s)].push_back(
                    1 + (move->end != home && h.misses_on(move->end) ? h.miss_turns : 0));
            }
        }
    }

    [[nodiscard]] Square home() const { return board->size(); }

    // Squares reachable from 0, and the ones among them that cannot get home: the traps.
    [[nodiscard]] std::vector<Square> traps() const {
        const auto n = static_cast<std::size_t>(home()) + 1;
        std::vector<bool> reached(n, false);
        std::vector<Square> queue{0};
        reached[0] = true;
        while (!queue.empty()) {
            const Square s = queue.back();
            queue.pop_back();
            if (s == home()) {
                continue;
            }
            for (const Square t : end[static_cast<std::size_t>(s)]) {
                if (!reached[static_cast<std::size_t>(t)]) {
                    reached[static_cast<std::size_t>(t)] = true;
                    queue.push_back(t);
                }
            }
        }
        const std::vector<bool> home_from = gets_home();
        std::vector<Square> out;
        for (Square s = 0; s < home(); ++s) {
            if (reached[static_cast<std::size_t>(s)] && !home_from[static_cast<std::size_t>(s)]) {
                out.push_back(s);
            }
        }
        return out;
    }
    [[nodiscard]] std::vector<bool> gets_home() const {
        const auto n = static_cast<std::size_t>(home()) + 1;
        std::vector<bool> gets(n, false);
        gets[n - 1] = true;
        for (bool changed = true; changed;) {
            changed = false;
            for (Square s = 0; s < home(); ++s) {
                const auto i = static_cast<std::size_t>(s);
                for (const Square t : end[i]) {
                    if (!gets[i] && gets[static_cast<std::size_t>(t)]) {
                        gets[i] = true;
                        changed = true;
                    }
                }
            }
        }
        return gets;
    }

    // Fewest rolls from 0 home, by breadth-first search.
    [[nodiscard]] std::optional<std::size_t> fewest_rolls() const {
        std::vector<int> depth(static_cast<std::size_t>(home()) + 1, -1);
        std::vector<Square> level{0};
        depth[0] = 0;
        for (std::size_t head = 0; head < level.size(); ++head) {
            const Square s = level[head];
            if (s == home()) {
                return static_cast<std::size_t>(depth[static_cast<std::size_t>(s)]);
            }
            for (const Square t : end[static_cast<std::size_t>(s)]) {
                if (depth[static_cast<std::size_t>(t)] < 0) {
                    depth[static_cast<std::size_t>(t)] = depth[static_cast<std::size_t>(s)] + 1;
                    level.push_back(t);
                }
            }
        }
        return std::nullopt;
    }

    // Expected turns of one player from square 0, by Gaussian elimination over the squares a
    // token can reach from 0 (call only when no trap is reachable, so each of them gets home).
    // Not over every square that gets home: one no token reaches may lead to a trap (found by
    // this fuzzer: the oracle read index SIZE_MAX).
    [[nodiscard]] double expected_from_start() const {
        std::vector<bool> reached(static_cast<std::size_t>(home()) + 1, false);
        std::vector<Square> unknowns{0};
        reached[0] = true;
        for (std::size_t head = 0; head < unknowns.size(); ++head) {
            for (const Square t : end[static_cast<std::size_t>(unknowns[head])]) {
                if (t != home() && !reached[static_cast<std::size_t>(t)]) {
                    reached[static_cast<std::size_t>(t)] = true;
                    unknowns.push_back(t);
                }
            }
        }
        std::vector<std::size_t> index(static_cast<std::size_t>(home()), SIZE_MAX);
        for (std::size_t i = 0; i < unknowns.size(); ++i) {
            index[static_cast<std::size_t>(unknowns[i])] = i;
        }
        const std::size_t m = unknowns.size();
        std::vector<std::vector<long double>> a(m, std::vector<long double>(m + 1, 0.0L));
        for (std::size_t i = 0; i < m; ++i) {
            const auto s = static_cast<std::size_t>(unknowns[i]);
            a[i][i] += 1.0L;
            for (std::size_t k = 0; k < rolls.size(); ++k) {
                const long double p = rolls[k].p;
                a[i][m] += p * cost[s][k];
                const Square t = end[s][k];
                if (t != home()) {
                    a[i][index[static_cast<std::size_t>(t)]] -= p;
                }
            }
        }
        for (std::size_t c = 0; c < m; ++c) {
            std::size_t pivot = c;
            for (std::size_t r = c + 1; r < m; ++r) {
                if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) {
                    pivot = r;
                }
            }
            std::swap(a[c], a[pivot]);
            for (std::size_t r = 0; r < m; ++r) {
                if (r != c && a[r][c] != 0.0L) {
                    const long double f = a[r][c] / a[c][c];
                    for (std::size_t k = c; k <= m; ++k) {
                        a[r][k] -= f * a[c][k];
                    }
                }
            }
        }
        return static_cast<double>(a[index[0]][m] / a[index[0]][index[0]]);
    }

    // P(one player's game takes t turns), t = 0, 1, ... until less than 1e-13 is left running or
    // `cap` turns: a move that ends on a miss square arrives its missed turns later.
    [[nodiscard]] std::vector<double> length(std::size_t cap) const {
        const auto n = static_cast<std::size_t>(home());
        std::map<std::size_t, std::vector<double>> arriving; // turn -> mass per square
        arriving[0].assign(n, 0.0);
        arriving[0][0] = 1.0;
        std::vector<double> ends{0.0};
        double running = 1.0;
        for (std::size_t t = 0; t < cap && running > 1e-13 && !arriving.empty(); ++t) {
            if (ends.size() <= t + 1) {
                ends.resize(t + 2, 0.0);
            }
            const auto now = arriving.find(t);
            if (now == arriving.end()) {
                continue;
            }
            const std::vector<double> at = std::move(now->second);
            arriving.erase(now);
            for (std::size_t s = 0; s < n; ++s) {
                if (at[s] == 0.0) {
                    continue;
                }
                for (std::size_t k = 0; k < rolls.size(); ++k) {
                    const double mass = at[s] * rolls[k].p;
                    const Square to = end[s][k];
                    const std::size_t when = t + cost[s][k];
                    if (to == home()) {
                        ends[t + 1] += mass; // home on the roll: misses never follow it
                        running -= mass;
                    } else {
                        std::vector<double>& slot = arriving[when];
                        slot.resize(n, 0.0);
                        slot[static_cast<std::size_t>(to)] += mass;
                    }
                }
            }
        }
        return ends;
    }

    // The rules of the grammar applied to one roll of the seat due in a game of `squares`
    // tokens, as the house rule's words say; then home, and the rotation past turns to miss.
    struct Table {
        std::vector<Square> squares;
        std::vector<std::uint32_t> misses;
        std::uint32_t due = 0;
        std::uint64_t turns = 0;
        std::vector<std::uint32_t> finish;
        bool over = false;
        friend bool operator<(const Table& a, const Table& b) {
            return std::tie(a.squares, a.misses, a.due) < std::tie(b.squares, b.misses, b.due);
        }
    };
    struct RollDone {
        Square start = 0;
        Square end = 0;
        std::optional<std::pair<std::uint32_t, Square>> sent; // seat, from
        bool missed = false;
        std::vector<std::uint32_t> skipped;
    };
    RollDone play(Table& table, std::size_t k) const {
        RollDone done;
        const std::uint32_t seat = table.due;
        const auto seats = static_cast<std::uint32_t>(table.squares.size());
        done.start = table.squares[seat];
        const Square to = end[static_cast<std::size_t>(done.start)][k];
        done.end = to;
        table.squares[seat] = to;
        const std::uint32_t next = (seat + 1) % seats;
        // A token sent to the square it stands on is not moved, and no move is recorded.
        if (house->send_from != 0 && to == house->send_from && next != seat &&
            table.squares[next] != home() && table.squares[next] != house->send_to) {
            done.sent = std::pair(next, table.squares[next]);
            table.squares[next] = house->send_to;
        }
        if (house->misses_on(to)) {
            table.misses[seat] += house->miss_turns;
            done.missed = true;
        }
        if (to == home()) {
            table.misses[seat] = 0;
            table.finish.push_back(seat);
        }
        ++table.turns;
        const std::size_t left = seats - table.finish.size();
        table.over =
            left == 0 || (!table.finish.empty() && (!board->config().play_to_last() || left == 1));
        const auto advance = [&] {
            do {
                table.due = (table.due + 1) % seats;
            } while (table.squares[table.due] == home());
        };
        if (!table.over) {
            advance();
            while (table.misses[table.due] != 0) {
                --table.misses[table.due];
                ++table.turns;
                done.skipped.push_back(table.due);
                advance();
            }
        }
        return done;
    }

    // Seat 0's chance of winning a two-player game, from the joint distribution of the tables,
    // roll by roll until less than 1e-13 is undecided (or nullopt after `cap` rounds).
    [[nodiscard]] std::optional<double> seat_zero_wins(std::size_t cap) const {
        std::map<Table, double> now;
        Table start;
        start.squares.assign(2, 0);
        start.misses.assign(2, 0);
        now[start] = 1.0;
        double wins = 0.0;
        // A budget of rolls followed, so that a game of thousands of rounds (a loaded die that
        // seldom finishes) gives up within the fuzzer's time: nothing is compared then.
        std::size_t budget = 300'000;
        for (std::size_t round = 0; round < cap; ++round) {
            std::map<Table, double> next;
            double open = 0.0;
            if (now.size() * rolls.size() > budget) {
                return std::nullopt;
            }
            budget -= now.size() * rolls.size();
            for (const auto& [table, mass] : now) {
                for (std::size_t k = 0; k < rolls.size(); ++k) {
                    Table after = table;
                    (void)play(after, k);
                    const double m = mass * rolls[k].p;
                    if (after.over) {
                        wins += after.finish.front() == 0 ? m : 0.0;
                    } else {
                        after.turns = 0;
                        next[after] += m;
                        open += m;
                    }
                }
            }
            if (open < 1e-13) {
                return wins;
            }
            now = std::move(next);
        }
        return std::nullopt;
    }
};

template <class D>
std::vector<Odds> odds_of(const D& dice) {
    std::vector<Odds> odds;
    const std::span<const double> faces = dice.face_probabilities();
    for (std::size_t r = 1; r < faces.size(); ++r) {
        if (faces[r] > 0.0) {
            odds.push_back({static_cast<std::int64_t>(r), faces[r]});
        }
    }
    return odds;
}

// Every call on a rule that puts a token off the board: refused with InvalidConfig, or served
// (when no move that matters meets it), never a crash.
template <class D>
void check_refusals(const Board<PlainConfig>& plain, const Board<Config>& board, const D& dice,
                    const Input& input) {
    const auto refused_or_served = [](auto&& call) {
        try {
            call();
        } catch (const InvalidConfig&) {
        } catch (const Error&) {
        }
    };
    refused_or_served([&] { (void)expected_turns(plain, dice); });
    refused_or_served([&] { (void)expected_turns(plain, dice, input.house); });
    refused_or_served([&] { (void)length_distribution(plain, dice, input.house); });
    refused_or_served([&] { (void)seat_chances(plain, dice, 2, input.house); });
    refused_or_served([&] { (void)describe_traps(plain, dice, input.house); });
    refused_or_served([&] {
        (void)simulate(plain, dice, input.house,
                       {.games = 50, .players = input.players, .seed = input.seed});
    });
    refused_or_served([&] {
        Game<D, Config> game(board, dice, {"a", "b", "c"}, input.house);
        (void)game.play();
    });
}

template <class D>
void check(const Input& input, const D& dice) {
    GameSettings settings;
    settings.size = input.size;
    settings.turn_limit = 3000;
    const auto plain = fuzz::served([&] { return Board<PlainConfig>(input.jumps, settings); });
    if (!plain) {
        return;
    }
    const Board<Config> board(input.jumps, settings);
    const Oracle<Board<PlainConfig>> oracle(*plain, input.house, odds_of(dice));
    if (oracle.off_board) {
        check_refusals(*plain, board, dice, input);
        return;
    }
    const std::vector<Square> traps = oracle.traps();

    // Board::traps and min_rolls, over the dice's rolls.
    std::vector<std::int64_t> rolls;
    for (const Odds& roll : oracle.rolls) {
        rolls.push_back(roll.roll);
    }
    FUZZ_CHECK(plain->traps(std::span<const std::int64_t>(rolls)) == traps);
    const std::optional<ShortestPath> path =
        min_rolls(*plain, std::span<const std::int64_t>(rolls));
    const std::optional<std::size_t> fewest = oracle.fewest_rolls();
    FUZZ_CHECK(path.has_value() == fewest.has_value());
    if (path) {
        FUZZ_CHECK(path->roll_count() == *fewest);
    }

    const bool rules_on = !input.house.miss_squares.empty() || input.house.send_from != 0;
    const std::vector<std::string> names{"a", "b", "c"};
    const std::vector<std::string> seats(names.begin(), names.begin() + input.players);
    if (!traps.empty()) {
        FUZZ_CHECK(
            !fuzz::attempted([&] { Game<D, Config> game(board, dice, seats, input.house); }));
        FUZZ_CHECK(!fuzz::attempted([&] {
            (void)simulate(*plain, dice, input.house, {.games = 10, .players = input.players});
        }));
        const std::optional<ExpectedTurns> turns =
            fuzz::served([&] { return expected_turns(*plain, dice, input.house); });
        FUZZ_CHECK(!turns || std::isinf(turns->from_start));
        return;
    }

    // One player: the expected turns and the length distribution.
    const double expected = oracle.expected_from_start();
    const ExpectedTurns turns = expected_turns(*plain, dice, input.house);
    FUZZ_CHECK(std::fabs(turns.from_start - expected) <= 1e-7 * std::max(1.0, expected));
    if (!rules_on) {
        FUZZ_CHECK(std::fabs(expected_turns(*plain, dice).from_start - expected) <=
                   1e-7 * std::max(1.0, expected));
    }
    const std::vector<double> ends = oracle.length(20'000);
    const LengthDistribution length = length_distribution(*plain, dice, input.house);
    for (std::size_t t = 0; t < ends.size() && static_cast<std::int64_t>(t) <= length.turns();
         ++t) {
        FUZZ_CHECK(std::fabs(length.probability(static_cast<std::int64_t>(t)) - ends[t]) <= 1e-9);
    }

    // Two players: the seat chances, from both tokens at once.
    const SeatChances chances = seat_chances(*plain, dice, 2, input.house);
    if (const std::optional<double> zero = oracle.seat_zero_wins(20'000)) {
        FUZZ_CHECK(std::fabs(chances.win_probability[0] - *zero) <= 1e-8 + chances.undecided);
    }

    // simulate: one seed, one answer.
    const SimulationOptions options{.games = 64, .players = input.players, .seed = input.seed};
    const SimulationResult first = simulate(*plain, dice, input.house, options);
    const SimulationResult again = simulate(*plain, dice, input.house, options);
    FUZZ_CHECK(first.games == 64 && first.wins == again.wins &&
               first.unfinished == again.unfinished);

    // A game, record by record against the oracle's replay of the rules.
    Game<D, Config> game(board, dice, seats, input.house);
    typename Oracle<Board<PlainConfig>>::Table table;
    table.squares.assign(seats.size(), 0);
    table.misses.assign(seats.size(), 0);
    for (int turn = 0; turn < 300 && game.status() != GameStatus::finished &&
                       game.status() != GameStatus::turn_limit_reached;
         ++turn) {
        const TurnRecord record = game.play_turn();
        FUZZ_CHECK(record.seat == table.due);
        FUZZ_CHECK(record.turn == table.turns + 1);
        FUZZ_CHECK(record.extra_rolls.empty());
        const auto k = static_cast<std::size_t>(
            std::find_if(oracle.rolls.begin(), oracle.rolls.end(),
                         [&](const Odds& odds) { return odds.roll == record.roll; }) -
            oracle.rolls.begin());
        FUZZ_CHECK(k < oracle.rolls.size()); // a roll the dice can make
        const auto done = oracle.play(table, k);
        FUZZ_CHECK(record.start == done.start && record.end == done.end);
        if (done.sent) {
            FUZZ_CHECK(record.knocked_back.size() == 1);
            FUZZ_CHECK(record.knocked_back[0].seat == done.sent->first &&
                       record.knocked_back[0].from == done.sent->second &&
                       record.knocked_back[0].to == input.house.send_to);
        } else {
            FUZZ_CHECK(record.knocked_back.empty());
        }
        FUZZ_CHECK(record.turns_to_miss.size() == (done.missed ? 1U : 0U));
        if (done.missed) {
            FUZZ_CHECK(record.turns_to_miss[0].seat == record.seat &&
                       record.turns_to_miss[0].turns == input.house.miss_turns);
        }
        FUZZ_CHECK(record.missed_after.size() == done.skipped.size());
        for (std::size_t m = 0; m < done.skipped.size(); ++m) {
            FUZZ_CHECK(record.missed_after[m].seat == done.skipped[m]);
        }
        FUZZ_CHECK(game.positions() == table.squares);
        FUZZ_CHECK(game.turns() == table.turns);
        FUZZ_CHECK(game.state().turns_to_miss == table.misses);
        FUZZ_CHECK((game.status() == GameStatus::finished) == table.over);
    }
    if (table.over) {
        FUZZ_CHECK(game.winner() == seats[table.finish.front()]);
    }

    // Saved and loaded, an equal game; undone to the start, the state of a new game.
    const std::string text = save_game(game);
    using GameType = Game<D, Config>;
    FUZZ_CHECK(load_game<GameType>(text, game.dice(), input.house) == game);
    while (game.turns() > 0) {
        (void)game.undo();
    }
    const GameState fresh({.players = seats.size(), .max_roll = static_cast<int>(dice.max_roll())});
    FUZZ_CHECK(game.state() == fresh);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::FuzzInput bytes(data, size);
    const Input input = decode(bytes);
    grammar = input.rule;
    if (input.weights.empty()) {
        check(input, FairDice<>::seeded(input.seed, {.sides = input.sides}));
    } else {
        const auto dice =
            fuzz::served([&] { return LoadedDice<>::seeded(input.seed, input.weights); });
        if (dice) {
            check(input, *dice);
        }
    }
    return 0;
}
