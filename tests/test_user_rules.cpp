// Overshoot rules of the user's own (rules.hpp): a rule that wraps round, one that sends an
// overshooting token back to square 0, one that bounces off both ends, and rules that put a token
// off the board. On random small boards with dice much larger than the board or with gaps in their
// faces, every analysis call, min_rolls, Board::traps, Game's check and simulate must agree with
// an independent computation written here over Board::step alone.
#include "support/catch.hpp"
#include "support/support.hpp"
#include "support/user_rules.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/board_effects.hpp>
#include <snakeladder/analysis/exact_turns.hpp>
#include <snakeladder/analysis/shortest_path.hpp>
#include <snakeladder/analysis/simulate.hpp>
#include <snakeladder/board/board.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/rules/config.hpp>
#include <snakeladder/rules/rules.hpp>
#include <snakeladder/turn/board_traps.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace snakeladder;
using user_rules::BackToZero;
using user_rules::BackToZeroPastHome;
using user_rules::PingPong;
using user_rules::WrapRound;
using user_rules::WrapRoundPastHome;

namespace {

static_assert(OvershootRule<WrapRound> && !DeclaresRollsAlike<WrapRound>);
static_assert(DeclaresPastHome<WrapRoundPastHome> && DeclaresPastHome<BackToZeroPastHome>);
static_assert(DeclaresRollsAlike<BackToZero> && !DeclaresPastHome<BackToZero>);
static_assert(OvershootRule<PingPong> && !DeclaresPastHome<PingPong>);

using Probabilities = std::vector<double>; // index r: the probability of rolling r

// What the test works out from Board::step alone.
template <class Config>
struct Reference {
    const BasicBoard<Config>* board = nullptr;
    Square size = 0;
    // moves[s]: (end square, probability) of each roll of positive probability from s.
    std::vector<std::vector<std::pair<Square, double>>> moves;
    std::vector<char> reached;   // from square 0, resting squares
    std::vector<char> gets_home; // home can be reached from here
    std::vector<char> finite;    // home is reached with certainty from here
    std::vector<Square> traps;

    Reference(const BasicBoard<Config>& b, const Probabilities& faces)
        : board(&b), size(b.size()), moves(static_cast<std::size_t>(b.size()) + 1) {
        const auto n = static_cast<std::size_t>(size);
        for (Square s = 0; s < size; ++s) {
            for (std::size_t r = 1; r < faces.size(); ++r) {
                if (faces[r] > 0.0) {
                    const Move move = b.step(s, static_cast<std::int64_t>(r));
                    moves[static_cast<std::size_t>(s)].emplace_back(move.end, faces[r]);
                }
            }
        }
        reached.assign(n + 1, 0);
        std::vector<Square> queue{0};
        reached[0] = 1;
        while (!queue.empty()) {
            const Square s = queue.back();
            queue.pop_back();
            for (const auto& [t, p] : moves[static_cast<std::size_t>(s)]) {
                if (reached[static_cast<std::size_t>(t)] == 0) {
                    reached[static_cast<std::size_t>(t)] = 1;
                    queue.push_back(t);
                }
            }
        }
        gets_home.assign(n + 1, 0);
        gets_home[n] = 1;
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t s = 0; s < n; ++s) {
                for (const auto& [t, p] : moves[s]) {
                    if (gets_home[s] == 0 && gets_home[static_cast<std::size_t>(t)] != 0) {
                        gets_home[s] = 1;
                        changed = true;
                    }
                }
            }
        }
        // Finite: no square reachable from here fails to get home.
        finite.assign(n + 1, 1);
        for (std::size_t s = 0; s < n; ++s) {
            std::vector<char> seen(n + 1, 0);
            std::vector<std::size_t> walk{s};
            seen[s] = 1;
            while (!walk.empty()) {
                const std::size_t x = walk.back();
                walk.pop_back();
                if (gets_home[x] == 0) {
                    finite[s] = 0;
                }
                for (const auto& [t, p] : moves[x]) {
                    if (seen[static_cast<std::size_t>(t)] == 0) {
                        seen[static_cast<std::size_t>(t)] = 1;
                        walk.push_back(static_cast<std::size_t>(t));
                    }
                }
            }
        }
        for (std::size_t s = 0; s <= n; ++s) {
            if (reached[s] != 0 && gets_home[s] == 0) {
                traps.push_back(static_cast<Square>(s));
            }
        }
    }

    // Expected turns from each finite square: (I - Q) E = 1 by Gaussian elimination with partial
    // pivoting, in T (double or an exact fraction).
    template <class T, class Odds>
    [[nodiscard]] std::vector<T> expected(Odds&& odds) const {
        const auto n = static_cast<std::size_t>(size);
        std::vector<std::vector<T>> a(n, std::vector<T>(n + 1, T(0)));
        for (std::size_t s = 0; s < n; ++s) {
            a[s][s] = T(1);
            if (finite[s] == 0) {
                a[s][n] = T(0); // left out: E(s) = 0 here, +infinity in truth
                continue;
            }
            a[s][n] = T(1);
            for (std::size_t r = 1; r < odds.size(); ++r) {
                if (odds[r] == T(0)) {
                    continue;
                }
                const Square t =
                    board->step(static_cast<Square>(s), static_cast<std::int64_t>(r)).end;
                if (t != size) {
                    a[s][static_cast<std::size_t>(t)] -= odds[r];
                }
            }
        }
        for (std::size_t c = 0; c < n; ++c) {
            std::size_t pivot = c;
            for (std::size_t r = c + 1; r < n; ++r) {
                if (abs_of(a[r][c]) > abs_of(a[pivot][c])) {
                    pivot = r;
                }
            }
            std::swap(a[c], a[pivot]);
            for (std::size_t r = 0; r < n; ++r) {
                if (r != c && a[r][c] != T(0)) {
                    const T factor = a[r][c] / a[c][c];
                    for (std::size_t k = c; k <= n; ++k) {
                        a[r][k] -= factor * a[c][k];
                    }
                }
            }
        }
        std::vector<T> e(n + 1, T(0));
        for (std::size_t s = 0; s < n; ++s) {
            e[s] = a[s][n] / a[s][s];
        }
        return e;
    }

    // P(the game ends on turn t), t = 0, 1, ..., until less than `tail` of the games are still
    // running or `cap` turns are played. A loaded die with gaps can make games of thousands of
    // turns on a few squares, so a fixed horizon would leave the seat chances short.
    [[nodiscard]] std::vector<double> length(double tail, std::size_t cap) const {
        const auto n = static_cast<std::size_t>(size);
        std::vector<double> at(n + 1, 0.0);
        at[0] = 1.0;
        std::vector<double> ends{0.0};
        double running = 1.0;
        for (std::size_t t = 1; t <= cap && running > tail; ++t) {
            std::vector<double> next(n + 1, 0.0);
            for (std::size_t s = 0; s < n; ++s) {
                for (const auto& [to, p] : moves[s]) {
                    next[static_cast<std::size_t>(to)] += at[s] * p;
                }
            }
            ends.push_back(next[n]);
            running -= next[n];
            next[n] = 0.0;
            at = std::move(next);
        }
        return ends;
    }

    // Expected turns begun on each square, and the chance of ever beginning a turn there.
    [[nodiscard]] std::pair<std::vector<double>, std::vector<double>> visits() const {
        const auto n = static_cast<std::size_t>(size);
        std::vector<double> visits(n, 0.0);
        std::vector<double> landing(n, 0.0);
        for (std::size_t target = 0; target <= n; ++target) { // n: no square absorbs
            std::vector<double> at(n + 1, 0.0);
            at[0] = 1.0;
            double hit = target == 0 ? 1.0 : 0.0;
            for (int t = 0; t < 100'000; ++t) {
                std::vector<double> next(n + 1, 0.0);
                double left = 0.0;
                for (std::size_t s = 0; s < n; ++s) {
                    if (target == n) {
                        visits[s] += at[s];
                    }
                    for (const auto& [to, p] : moves[s]) {
                        next[static_cast<std::size_t>(to)] += at[s] * p;
                    }
                }
                next[n] = 0.0;
                if (target < n && target != 0) {
                    hit += next[target];
                    next[target] = 0.0;
                }
                for (const double m : next) {
                    left += m;
                }
                at = std::move(next);
                if (left < 1e-16) {
                    break;
                }
            }
            if (target < n) {
                landing[target] = hit;
            }
        }
        return {visits, landing};
    }

private:
    template <class T>
    static T abs_of(const T& x) {
        return x < T(0) ? T(-x) : x;
    }
};

// The fewest rolls from 0 home choosing among `rolls` each turn, by a breadth-first search.
template <class Config>
std::optional<std::size_t> fewest_rolls(const BasicBoard<Config>& board,
                                        const std::vector<std::int64_t>& rolls) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<int> depth(n + 1, -1);
    std::vector<Square> layer{0};
    depth[0] = 0;
    for (int d = 0; !layer.empty(); ++d) {
        std::vector<Square> next;
        for (const Square s : layer) {
            if (s == board.size()) {
                return static_cast<std::size_t>(d);
            }
            for (const std::int64_t r : rolls) {
                const Square t = board.step(s, r).end;
                if (depth[static_cast<std::size_t>(t)] < 0) {
                    depth[static_cast<std::size_t>(t)] = d + 1;
                    next.push_back(t);
                }
            }
        }
        layer = std::move(next);
    }
    return std::nullopt;
}

std::vector<Jump> random_jumps(std::mt19937& engine, Square size) {
    std::vector<Jump> jumps;
    std::vector<char> used(static_cast<std::size_t>(size) + 1, 0); // starts and ends
    const int count = std::uniform_int_distribution<int>(0, std::max(1, size / 3))(engine);
    std::uniform_int_distribution<int> square(1, size - 1);
    for (int k = 0; k < count; ++k) {
        const Square start = square(engine);
        Square end = std::uniform_int_distribution<int>(1, size)(engine);
        if (end == start || used[static_cast<std::size_t>(start)] != 0 ||
            used[static_cast<std::size_t>(end)] != 0) {
            continue;
        }
        used[static_cast<std::size_t>(start)] = 1;
        used[static_cast<std::size_t>(end)] = 1; // no chains: RejectChains accepts the board
        jumps.push_back({start, end});
    }
    return jumps;
}

// Every call against the reference, on one board and dice.
template <class Config, class D>
void check_against_reference(const BasicBoard<Config>& board, const D& dice,
                             const std::vector<Fraction>& exact_faces, std::uint64_t seed) {
    const std::span<const double> table = dice.face_probabilities();
    const Probabilities faces(table.begin(), table.end());
    const Reference<Config> ref(board, faces);
    std::vector<std::int64_t> rolls;
    for (std::size_t r = 1; r < faces.size(); ++r) {
        if (faces[r] > 0.0) {
            rolls.push_back(static_cast<std::int64_t>(r));
        }
    }
    INFO(fmt::format("{} under {} with rolls {}", board, Config::overshoot_rule::name,
                     fmt::join(rolls, ",")));

    CHECK(board.traps(rolls) == ref.traps);
    const std::optional<std::size_t> fewest = fewest_rolls(board, rolls);
    const std::optional<ShortestPath> path = min_rolls(board, std::span<const std::int64_t>(rolls));
    REQUIRE(path.has_value() == fewest.has_value());
    if (path) {
        CHECK(path->roll_count() == *fewest);
        Square at = 0;
        for (const std::int64_t r : path->rolls) {
            REQUIRE(std::find(rolls.begin(), rolls.end(), r) != rolls.end());
            at = board.step(at, r).end;
        }
        CHECK(at == board.size());
    }

    const bool playable = ref.traps.empty();
    const std::vector<std::string> names{"a", "b"};
    if (playable) {
        CHECK_NOTHROW(Game(board, dice, names));
    } else {
        CHECK_THROWS_AS(Game(board, dice, names), InvalidConfig);
        CHECK_THROWS_AS(simulate(board, dice, {.games = 10}), InvalidConfig);
    }

    const ExpectedTurns turns = expected_turns(board, dice);
    CHECK(turns.traps == ref.traps);
    if (!playable) {
        CHECK(turns.from_start == std::numeric_limits<double>::infinity());
        return;
    }
    const std::vector<double> e = ref.template expected<double>(faces);
    CHECK(turns.from_start == Approx(e[0]).epsilon(1e-9));
    for (Square s = 0; s < board.size(); ++s) {
        const auto at = static_cast<std::size_t>(s);
        const auto rest = static_cast<std::size_t>(board.resolve(s));
        if (ref.finite[rest] == 0) {
            CHECK(turns.from_square[at] == std::numeric_limits<double>::infinity());
        } else {
            CHECK(turns.from_square[at] == Approx(e[rest]).epsilon(1e-9));
        }
    }

    const std::vector<Fraction> exact = ref.template expected<Fraction>(exact_faces);
    CHECK(exact_expected_turns(board, dice) == exact[0]);

    const std::vector<double> ends = ref.length(1e-13, 1'000'000);
    double ended = 0.0;
    for (const double p : ends) {
        ended += p;
    }
    INFO(fmt::format("{} turns tabulated, {} of the games ended", ends.size() - 1, ended));
    const LengthDistribution length = length_distribution(board, dice);
    for (std::size_t t = 0; t < ends.size(); ++t) {
        if (static_cast<std::int64_t>(t) <= length.turns()) {
            CHECK(length.probability(static_cast<std::int64_t>(t)) ==
                  Approx(ends[t]).margin(1e-12));
        } else { // past the tabulated turns, where the tail is below its epsilon
            CHECK(ends[t] <= 1e-12);
        }
    }

    // Two seats: seat 0 wins on its turn t if seat 1 has not finished in t - 1 turns.
    REQUIRE(ended == Approx(1.0).margin(1e-10));
    double longer = 1.0; // P(T > t - 1) for seat 1
    double seat0 = 0.0;
    for (std::size_t t = 1; t < ends.size(); ++t) {
        seat0 += ends[t] * longer;
        longer -= ends[t];
    }
    const SeatChances seats = seat_chances(board, dice, 2);
    CHECK(seats.win_probability[0] == Approx(seat0).margin(1e-9));
    CHECK(seats.win_probability[1] == Approx(1.0 - seat0).margin(1e-9));

    const auto [visits, landing] = ref.visits();
    const SquareStatistics stats = square_statistics(board, dice);
    for (std::size_t s = 0; s < visits.size(); ++s) {
        CHECK(stats.visits[s] == Approx(visits[s]).margin(1e-9));
        CHECK(stats.landing[s] == Approx(landing[s]).margin(1e-9));
    }

    const std::vector<JumpEffect> effects = jump_effects(board, dice);
    REQUIRE(effects.size() == board.jumps().size());
    for (std::size_t j = 0; j < effects.size(); ++j) {
        std::vector<Jump> without(board.jumps().begin(), board.jumps().end());
        without.erase(without.begin() + static_cast<std::ptrdiff_t>(j));
        const Board<Config> other(without, board.config());
        const Reference<Config> other_ref(other, faces);
        CHECK(effects[j].jump == board.jumps()[j]);
        if (other_ref.finite[0] == 0) {
            CHECK(effects[j].expected_turns_without == std::numeric_limits<double>::infinity());
            CHECK(effects[j].turns_added == -std::numeric_limits<double>::infinity());
        } else {
            const double e_without = other_ref.template expected<double>(faces)[0];
            CHECK(effects[j].expected_turns_without == Approx(e_without).epsilon(1e-9));
            CHECK(effects[j].turns_added == Approx(e[0] - e_without).margin(1e-9));
        }
    }

    // 20,000 games: the mean within 5 standard errors of the exact value.
    const SimulationResult played = simulate(board, dice, {.games = 20'000, .seed = seed});
    CHECK(played.unfinished == 0);
    CHECK(std::abs(played.turns.mean - e[0]) <= 5.0 * played.turns.standard_error);
}

template <class Overshoot>
void check_random_boards(std::uint32_t seed, int boards) {
    using Config = GameConfig<Overshoot>;
    std::mt19937 engine(seed);
    for (int k = 0; k < boards; ++k) {
        const Square size = std::uniform_int_distribution<int>(3, 9)(engine);
        const Board<Config> board(random_jumps(engine, size), Config({.size = size}));
        const int sides = k % 2 == 0 ? 13 : 40;
        std::vector<Fraction> fair(static_cast<std::size_t>(sides) + 1, Fraction(1, sides));
        fair[0] = 0;
        check_against_reference(board, FairDice<>({.sides = sides}), fair, seed + 2U * unsigned(k));
        // Loaded dice with gaps: zero weights on most faces, up to 3 x the board.
        std::vector<std::int64_t> weights(static_cast<std::size_t>(3 * size), 0);
        std::uniform_int_distribution<std::size_t> face(0, weights.size() - 1);
        for (int w = 0; w < 3; ++w) {
            weights[face(engine)] += std::uniform_int_distribution<std::int64_t>(1, 4)(engine);
        }
        std::int64_t total = 0;
        for (const std::int64_t w : weights) {
            total += w;
        }
        std::vector<Fraction> loaded{Fraction(0)};
        for (const std::int64_t w : weights) {
            loaded.emplace_back(w, total);
        }
        check_against_reference(board, LoadedDice<>(weights), loaded, seed + 2U * unsigned(k) + 1);
    }
}

} // namespace

TEST_CASE("regression (issue 35): WrapRound on 6 squares, ladder 1-4, snake 5-2, a 13-sided die "
          "takes 6.5 turns, not 6",
          "[user_rules][regression]") {
    using Config = GameConfig<WrapRound>;
    const Board<Config> board({{1, 4}, {5, 2}}, Config({.size = 6}));
    const FairDice<> d13({.sides = 13});
    // The issue found 6.5 by value iteration over Board::step and by 200,000 simulated games;
    // the exact elimination over Board::step in this test gives 13/2.
    const Reference<Config> ref(
        board, Probabilities(d13.face_probabilities().begin(), d13.face_probabilities().end()));
    std::vector<Fraction> thirteenths(14, Fraction(1, 13));
    thirteenths[0] = 0;
    REQUIRE(ref.expected<Fraction>(thirteenths)[0] == Fraction(13, 2));
    CHECK(exact_expected_turns(board, d13) == Fraction(13, 2));
    CHECK(expected_turns(board, d13).from_start == Approx(6.5).epsilon(1e-12));
    const SimulationResult played = simulate(board, d13, {.games = 200'000, .seed = 35});
    CHECK(std::abs(played.turns.mean - 6.5) <= 5.0 * played.turns.standard_error);
}

TEST_CASE("regression (issue 36): a rule that sends a token back to square 0 makes no trap of "
          "the square it sends from",
          "[user_rules][regression]") {
    // 3 squares, rolls {2, 3}: from 2 every roll overshoots to 0, and from 0 a 3 wins. By hand:
    // E(0) = 1 + E(2) / 2 and E(2) = 1 + E(0), so E(0) = 3.
    using Config = GameConfig<BackToZero>;
    const Board<Config> board({}, Config({.size = 3}));
    const std::vector<std::int64_t> rolls{2, 3};
    CHECK(board.traps(rolls).empty());
    // The trap search by distances past home, too.
    CHECK(Board<GameConfig<BackToZeroPastHome>>({}, GameConfig<BackToZeroPastHome>({.size = 3}))
              .traps(rolls)
              .empty());
    const LoadedDice<> dice({0, 1, 1});
    CHECK_NOTHROW(Game(board, dice, {"a", "b"}));
    CHECK(exact_expected_turns(board, dice) == Fraction(3));
    CHECK(simulate(board, dice, {.games = 1000}).unfinished == 0);
}

TEST_CASE("a rule of the user's own that declares alike_from is folded there; one that declares "
          "nothing keeps every roll",
          "[user_rules]") {
    // BackToZero on 4 squares: every roll of 5 or more sends a token back to 0 from every square,
    // so a die of 1000 faces costs 5 distinct rolls. WrapRound declares nothing, so each of the
    // 1000 rolls is its own (from 0 on 6 squares, a 12 lands on 6 and a 13 on 1).
    const Board<GameConfig<BackToZero>> zero({}, GameConfig<BackToZero>({.size = 4}));
    const FairDice<> d1000({.sides = 1000});
    CHECK(detail::roll_runs(d1000, zero) == std::vector<detail::RollRun>{{1, 5}});
    const Board<GameConfig<WrapRound>> wrap({}, GameConfig<WrapRound>({.size = 6}));
    CHECK(detail::roll_runs(d1000, wrap) == std::vector<detail::RollRun>{{1, 1000}});
    // The built-in rules fold where they declare: ExactFinish on 4 squares from 5.
    CHECK(detail::roll_runs(d1000, Board<>({}, GameConfig<>({.size = 4}))) ==
          std::vector<detail::RollRun>{{1, 5}});
    // min_rolls with one roll of 11 under WrapRound on 6 squares: 11 from 0 wraps to 5, from 5
    // to 4, ... 0 -> 5 -> 4 -> 3 -> 2 -> 1 -> 6 (1 + 11 = 12 = 6 + 6: lands on 6, home).
    const std::optional<ShortestPath> path = min_rolls(wrap, std::vector<std::int64_t>{11});
    REQUIRE(path.has_value());
    CHECK(path->squares == std::vector<Square>{0, 5, 4, 3, 2, 1, 6});
}

TEST_CASE("random boards under user rules: every call agrees with a computation over "
          "Board::step",
          "[user_rules]") {
    SECTION("WrapRound") {
        check_random_boards<WrapRound>(101, 12);
    }
    SECTION("BackToZero") {
        check_random_boards<BackToZero>(202, 12);
    }
    SECTION("PingPong") {
        check_random_boards<PingPong>(303, 12);
    }
    SECTION("the built-in rules, with dice larger than the board") {
        check_random_boards<ExactFinish>(404, 6);
        check_random_boards<BounceBack>(505, 6);
        check_random_boards<OvershootWins>(606, 6);
    }
}

namespace {
// Board::traps on many random boards and roll sets against the reachability worked out over
// Board::step: the trap search follows runs of rolls past home through past_home under the
// built-in rules, and roll by roll under the others.
template <class Overshoot>
void check_random_traps(std::uint32_t seed) {
    using Config = GameConfig<Overshoot>;
    std::mt19937 engine(seed);
    for (int k = 0; k < 300; ++k) {
        const Square size = std::uniform_int_distribution<int>(2, 14)(engine);
        const Board<Config> board(random_jumps(engine, size), Config({.size = size}));
        std::vector<std::int64_t> rolls;
        Probabilities faces(static_cast<std::size_t>(4 * size) + 1, 0.0);
        const int count = std::uniform_int_distribution<int>(1, 4)(engine);
        for (int r = 0; r < count; ++r) {
            const int roll = std::uniform_int_distribution<int>(1, 4 * size)(engine);
            rolls.push_back(roll);
            faces[static_cast<std::size_t>(roll)] = 1.0; // only which rolls come matters
        }
        const Reference<Config> ref(board, faces);
        INFO(fmt::format("{} under {} with rolls {}", board, Overshoot::name,
                         fmt::join(rolls, ",")));
        REQUIRE(board.traps(rolls) == ref.traps);
    }
}
} // namespace

TEST_CASE("Board::traps on 300 random boards and roll sets per rule agrees with a search over "
          "Board::step",
          "[user_rules][traps]") {
    check_random_traps<ExactFinish>(11);
    check_random_traps<BounceBack>(12);
    check_random_traps<OvershootWins>(13);
    check_random_traps<WrapRound>(14);
    check_random_traps<BackToZero>(15);
    check_random_traps<PingPong>(16);
    check_random_traps<WrapRoundPastHome>(17);
    check_random_traps<BackToZeroPastHome>(18);
}

namespace {
// Puts an overshooting token on `Off`: off the board, which the board must refuse.
template <int Which>
struct OffBoard {
    static constexpr std::string_view name = "OffBoard";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        if (roll <= std::int64_t{size} - from) {
            return {static_cast<Square>(from + roll), false};
        }
        return {Which == 0 ? size + 1 : Which == 1 ? -1 : INT_MAX, false};
    }
};

template <int Which>
void check_off_board(int returned) {
    using Config = GameConfig<OffBoard<Which>>;
    const Board<Config> board({{2, 4}}, Config({.size = 6}));
    const std::string expected = fmt::format(
        "the overshoot rule OffBoard moved a token from square 5 with a roll of 2 to square {}, "
        "which is not on the board (squares 0..6)",
        returned);
    CHECK(message_of<InvalidConfig>([&] { (void)board.step(5, 2); }) == expected);
    CHECK(board.step(4, 2).end == 6); // a roll that stays on the board is not the rule's
    const std::string prefix = "the overshoot rule OffBoard moved a token from square ";
    const std::string suffix =
        fmt::format("to square {}, which is not on the board (squares 0..6)", returned);
    const auto names_rule = [&](const std::string& message) {
        return message.starts_with(prefix) && message.ends_with(suffix);
    };
    const std::vector<std::int64_t> rolls{1, 2};
    CHECK(names_rule(message_of<InvalidConfig>([&] { (void)board.traps(rolls); })));
    const FairDice<> d6;
    CHECK(names_rule(message_of<InvalidConfig>([&] { Game game(board, d6, {"a", "b"}); })));
    CHECK(
        names_rule(message_of<InvalidConfig>([&] { (void)simulate(board, d6, {.games = 100}); })));
    CHECK(names_rule(message_of<InvalidConfig>([&] { (void)expected_turns(board, d6); })));
}
} // namespace

TEST_CASE("an overshoot rule that puts a token off the board is refused with InvalidConfig "
          "naming it, the square, the roll and what it returned",
          "[user_rules][hostile]") {
    check_off_board<0>(7);
    check_off_board<1>(-1);
    check_off_board<2>(INT_MAX);
}

TEST_CASE("a game whose scripted roll meets an off-board rule throws InvalidConfig and changes "
          "nothing",
          "[user_rules][hostile]") {
    // Scripted dice name no faces, so the game cannot check the rule before play. Ann rolls 5
    // (0 to 5), Ben 1 (0 to 1), and Ann's 2 from square 5 is off the board under OffBoard<0>.
    using Config = GameConfig<OffBoard<0>>;
    const Board<Config> board({{2, 4}}, Config({.size = 6}));
    const std::string off = "the overshoot rule OffBoard moved a token from square 5 with a roll "
                            "of 2 to square 7, which is not on the board (squares 0..6)";
    const auto check_unchanged = [](const auto& game) {
        CHECK(game.turns() == 2);
        CHECK(game.positions() == std::vector<Square>{5, 1});
        CHECK(game.current_player() == "Ann");
        CHECK(game.records().size() == 2);
        CHECK(game.status() == GameStatus::in_progress);
    };
    SECTION("play_turn, take_turn and play") {
        Game game(board, ScriptedDice({5, 1, 2, 1}), {"Ann", "Ben"});
        (void)game.play_turn();
        (void)game.play_turn();
        CHECK(message_of<InvalidConfig>([&] { (void)game.play_turn(); }) == off);
        check_unchanged(game);
        CHECK(message_of<InvalidConfig>([&] { (void)game.take_turn("Ann"); }) == off);
        check_unchanged(game);
        CHECK(message_of<InvalidConfig>([&] { (void)game.play(); }) == off);
        check_unchanged(game);
        CHECK(game.undo().roll == 1); // the log is whole: Ben's turn comes off
        CHECK(game.positions() == std::vector<Square>{5, 0});
    }
    SECTION("play() from the start, in its unobserved stretch") {
        Game game(board, ScriptedDice({5, 1, 2}), {"Ann", "Ben"});
        CHECK(message_of<InvalidConfig>([&] { (void)game.play(); }) == off);
        check_unchanged(game);
    }
    SECTION("replay_turn") {
        Game game(board, ScriptedDice({5, 1}), {"Ann", "Ben"});
        (void)game.play_turn();
        (void)game.play_turn();
        const std::vector<int> two{2};
        CHECK(message_of<InvalidConfig>([&] { (void)game.replay_turn(two); }) == off);
        check_unchanged(game);
    }
}

namespace {
// Exact finish, but a roll of 5 that overshoots goes off the board: a mistake of the rule that
// only dice rolling 5 can meet.
struct OffOnFive {
    static constexpr std::string_view name = "OffOnFive";
    static constexpr OvershootOutcome apply(Square from, std::int64_t roll, Square size) noexcept {
        if (roll <= std::int64_t{size} - from) {
            return {static_cast<Square>(from + roll), false};
        }
        return roll == 5 ? OvershootOutcome{size + 1, false} : OvershootOutcome{from, true};
    }
};
} // namespace

TEST_CASE("regression (issue 36, found by fuzz_rule_grammar): simulate asks the overshoot rule "
          "only the moves a game can make",
          "[user_rules][hostile][regression]") {
    // simulate's move table asked the rule about every roll up to the dice's highest and from
    // home too, and refused a board that Game plays: here a 5, which these dice never roll.
    using Config = GameConfig<OffOnFive>;
    const Board<Config> board({{3, 7}}, Config({.size = 10}));
    const LoadedDice<> no_five({1, 1, 1, 1, 0, 1});
    const SimulationResult sim = simulate(board, no_five, {.games = 20'000, .seed = 5});
    CHECK(sim.finished() == 20'000);
    // Its mean within 4 standard errors of the exact expected length for these dice.
    const double exact = expected_turns(board, no_five).from_start;
    INFO("simulated " << sim.turns.mean << ", exact " << exact);
    CHECK(std::abs(sim.turns.mean - exact) <= 4.0 * sim.turns.standard_error);
    Game game(board, LoadedDice<>::seeded(7, {1, 1, 1, 1, 0, 1}), {"a", "b"});
    CHECK(game.play().status == GameStatus::finished);
    // Dice that do roll 5 meet the mistake, and every call says so.
    const FairDice<> d6;
    const std::string prefix = "the overshoot rule OffOnFive moved a token from square ";
    CHECK(message_of<InvalidConfig>([&] {
              (void)simulate(board, d6, {.games = 10});
          }).starts_with(prefix));
    CHECK(message_of<InvalidConfig>([&] { Game g(board, d6, {"a", "b"}); }).starts_with(prefix));
}

TEST_CASE("the trap check's first pass, which proves boards sound for dice rolling 1..h, lets "
          "through only boards without h squares in a row that send a token down",
          "[user_rules][traps]") {
    // By hand, 10 squares. Snakes 4-1 and 5-1 with rolls {1, 2}: from 3 both rolls slide back to
    // 1, and from 0, 1, 2 a token gets no further than 3, so home is out of reach from the start.
    const Board<> two({{4, 1}, {5, 1}}, GameConfig<>({.size = 10}));
    CHECK(two.traps(std::vector<std::int64_t>{1, 2}) == std::vector<Square>{0, 1, 2, 3});
    // A 3 from square 3 lands on 6: no trap.
    CHECK(two.traps(std::vector<std::int64_t>{1, 2, 3}).empty());
    // Three snakes in a row stop a die of 1..3 the same way.
    const Board<> three({{4, 1}, {5, 1}, {6, 2}}, GameConfig<>({.size = 10}));
    CHECK(three.traps(std::vector<std::int64_t>{1, 2, 3}) == std::vector<Square>{0, 1, 2, 3});
    CHECK(three.traps(std::vector<std::int64_t>{1, 2, 3, 4}).empty());
    // Under FollowChains a ladder whose chain ends lower sends a token down too: 4 -> 7 -> 2.
    using Follow = GameConfig<ExactFinish, FollowChains>;
    const Board<Follow> chained({{4, 7}, {7, 2}, {5, 1}}, Follow({.size = 10}));
    CHECK(chained.traps(std::vector<std::int64_t>{1, 2}) == std::vector<Square>{0, 1, 2, 3});
    // A ladder (4 -> 7) between two snakes breaks the row.
    const Board<> ladder({{3, 1}, {4, 7}, {5, 1}}, GameConfig<>({.size = 10}));
    CHECK(ladder.traps(std::vector<std::int64_t>{1, 2}).empty());
}
