// The exact analysis: expected turns (published figures, hand-solved boards under every rule,
// an independent dense solver), the length distribution, seat chances (against a brute-force
// chain on the players' joint positions).
#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/detail/expectation_solver.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/io/board_text.hpp>
#include <span>
#include <sstream>
#include <string>
#include <vector>

using namespace snakeladder;
using support::board_of;

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

template <typename Overshoot, typename Chains = RejectChains>
using Rules = GameConfig<Overshoot, Chains>;

bool close(double a, double b, double relative) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

template <typename Config>
bool standing(const BasicBoard<Config>& board, Square s) {
    return Config::chain_rule::policy == ChainPolicy::single || board.resolve(s) == s;
}

// An independent reference: the whole system E[s] = 1 + sum_r p_r E[step(s, r).end] over every
// square 0..size-1, every roll of the dice (none folded), solved by Gauss-Jordan elimination with
// partial pivoting in long double. For boards on which home is reached surely.
template <typename Config>
std::vector<double> dense_reference(const BasicBoard<Config>& board,
                                    std::span<const double> faces) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<long double> a(n * (n + 1), 0.0L);
    const auto at = [&](std::size_t i, std::size_t j) -> long double& {
        return a[i * (n + 1) + j];
    };
    for (std::size_t s = 0; s < n; ++s) {
        at(s, s) += 1.0L;
        at(s, n) = 1.0L;
        for (std::size_t r = 1; r < faces.size(); ++r) {
            if (faces[r] > 0.0) {
                const auto t = static_cast<std::size_t>(
                    board.step(static_cast<Square>(s), static_cast<std::int64_t>(r)).end);
                if (t != n) {
                    at(s, t) -= static_cast<long double>(faces[r]);
                }
            }
        }
    }
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r) {
            if (std::abs(at(r, c)) > std::abs(at(pivot, c))) {
                pivot = r;
            }
        }
        for (std::size_t j = 0; j <= n; ++j) {
            std::swap(at(c, j), at(pivot, j));
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r != c && at(r, c) != 0.0L) {
                const long double f = at(r, c) / at(c, c);
                for (std::size_t j = c; j <= n; ++j) {
                    at(r, j) -= f * at(c, j);
                }
            }
        }
    }
    std::vector<double> e(n + 1, 0.0);
    for (std::size_t s = 0; s < n; ++s) {
        e[s] = static_cast<double>(at(s, n) / at(s, s));
    }
    return e;
}

// Every square of expected_turns against the reference (a square no token stands on is worth
// what landing on it is worth).
// Every method: the automatic choice and each solver by name.
constexpr std::array all_methods{SolveMethod::automatic, SolveMethod::direct, SolveMethod::gmres,
                                 SolveMethod::elimination};

template <typename Config, typename D>
void check_against_reference(const BasicBoard<Config>& board, const D& dice, double relative) {
    const std::vector<double> reference = dense_reference(board, dice.face_probabilities());
    for (const SolveMethod method : all_methods) {
        INFO("method " << to_string(method));
        const ExpectedTurns exact = expected_turns(board, dice, method);
        REQUIRE(exact.from_square.size() == reference.size());
        for (Square s = 0; s <= board.size(); ++s) {
            const double expected =
                reference[static_cast<std::size_t>(standing(board, s) ? s : board.resolve(s))];
            INFO("square " << s << ": " << exact.from_square[static_cast<std::size_t>(s)]
                           << " vs reference " << expected);
            CHECK(close(exact.from_square[static_cast<std::size_t>(s)], expected, relative));
        }
        CHECK(exact.from_start == exact.from_square[0]);
        CHECK(exact.solve.backward_error <= 1e-12);
        if (method != SolveMethod::automatic) {
            CHECK(exact.solve.method == method);
        }
    }
}

template <typename Config>
void check_squares(const ExpectedTurns& exact, const BasicBoard<Config>& board,
                   const std::vector<double>& expected) {
    REQUIRE(exact.from_square.size() == static_cast<std::size_t>(board.size()) + 1);
    REQUIRE(expected.size() == exact.from_square.size());
    for (std::size_t s = 0; s < expected.size(); ++s) {
        INFO("square " << s);
        CHECK(exact.from_square[s] == Approx(expected[s]).epsilon(1e-13));
    }
    CHECK(exact.from_start == exact.from_square[0]);
}

// An independent reference for the distribution: the token's distribution over the squares,
// moved one turn at a time with Board::step.
template <typename Config>
std::vector<double> reference_lengths(const BasicBoard<Config>& board,
                                      std::span<const double> faces, std::size_t turns) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> now(n + 1, 0.0);
    std::vector<double> lengths(turns + 1, 0.0);
    now[0] = 1.0;
    for (std::size_t t = 1; t <= turns; ++t) {
        std::vector<double> next(n + 1, 0.0);
        for (std::size_t s = 0; s < n; ++s) {
            for (std::size_t r = 1; r < faces.size(); ++r) {
                if (now[s] > 0.0 && faces[r] > 0.0) {
                    next[static_cast<std::size_t>(
                        board.step(static_cast<Square>(s), static_cast<std::int64_t>(r)).end)] +=
                        now[s] * faces[r];
                }
            }
        }
        lengths[t] = next[n];
        next[n] = 0.0;
        now = std::move(next);
    }
    return lengths;
}

// The race itself, brute force: the joint distribution of all players' squares, one move at a
// time, seat 0 first; returns each seat's chance to win and the expected number of moves.
template <typename Config>
std::pair<std::vector<double>, double>
brute_force_race(const BasicBoard<Config>& board, std::span<const double> faces, int players) {
    const auto n = static_cast<std::size_t>(board.size());
    const auto k = static_cast<std::size_t>(players);
    std::size_t states = 1;
    for (std::size_t i = 0; i < k; ++i) {
        states *= n; // nobody is home while the game runs
    }
    // Where each roll from each square ends, from Board::step, looked up once (the race below
    // takes thousands of moves over every joint state).
    std::vector<std::size_t> ends(n * faces.size(), 0);
    for (std::size_t square = 0; square < n; ++square) {
        for (std::size_t r = 1; r < faces.size(); ++r) {
            ends[square * faces.size() + r] = static_cast<std::size_t>(
                board.step(static_cast<Square>(square), static_cast<std::int64_t>(r)).end);
        }
    }
    std::vector<double> now(states, 0.0);
    now[0] = 1.0;
    std::vector<double> wins(k, 0.0);
    double moves = 0.0;
    double running = 1.0;
    for (std::size_t move = 0; running > 1e-18; ++move) {
        const std::size_t seat = move % k;
        std::size_t stride = 1;
        for (std::size_t i = 0; i < seat; ++i) {
            stride *= n;
        }
        moves += running;
        std::vector<double> next(states, 0.0);
        for (std::size_t state = 0; state < states; ++state) {
            if (now[state] == 0.0) {
                continue;
            }
            const std::size_t square = (state / stride) % n;
            for (std::size_t r = 1; r < faces.size(); ++r) {
                if (faces[r] == 0.0) {
                    continue;
                }
                const std::size_t end = ends[square * faces.size() + r];
                const double mass = now[state] * faces[r];
                if (end == n) {
                    wins[seat] += mass;
                } else {
                    next[state + (end - square) * stride] += mass;
                }
            }
        }
        now = std::move(next);
        running = 0.0;
        for (const double m : now) {
            running += m;
        }
    }
    return {wins, moves};
}

} // namespace

TEST_CASE("expected turns reproduce the published figures", "[analysis][reference]") {
    const FairDice<> d6;
    // The exact rationals, rounded to doubles, were computed independently with Python's
    // fractions.Fraction (Gauss-Jordan over the rationals); DESIGN.md gives them rounded.
    SECTION("classic board, exact finish: 39.598 (39.59837)") {
        const ExpectedTurns exact = expected_turns(classic(), d6);
        CHECK(std::abs(exact.from_start - 39.59837) <= 0.5e-5);
        CHECK(exact.from_start == Approx(39.598365640208193).epsilon(1e-12));
        CHECK(exact.finite());
        CHECK(exact.traps.empty());
    }
    SECTION("classic board, overshoot wins: 36.193 (36.19307)") {
        const ExpectedTurns exact = expected_turns(classic(Rules<OvershootWins>()), d6);
        CHECK(std::abs(exact.from_start - 36.19307) <= 0.5e-5);
        CHECK(exact.from_start == Approx(36.193070218974931).epsilon(1e-12));
    }
    SECTION("the 47-26 variant of Althoen, King and Schilling: 39.2251, and their exact ratio") {
        std::vector<Jump> jumps(classic_jumps.begin(), classic_jumps.end());
        std::replace(jumps.begin(), jumps.end(), Jump{48, 26}, Jump{47, 26});
        const ExpectedTurns exact = expected_turns(Board<>(jumps), d6);
        CHECK(std::abs(exact.from_start - 39.2251) <= 0.5e-4);
        // 225837582538403273407117496273279920181931269186581786048583 /
        // 5757472998140039232950575874628786131130999406013041613400
        CHECK(exact.from_start == Approx(39.225122308234958).epsilon(1e-12));
    }
    SECTION("size 9, ladder 4-7, snake 8-2, exact finish: 8.6 exactly") {
        const auto board = board_of<ExactFinish>(9, {{4, 7}, {8, 2}});
        CHECK(expected_turns(board, d6).from_start == Approx(8.6).epsilon(1e-12));
    }
}

TEST_CASE("every overshoot rule on a board solved by hand", "[analysis][rules]") {
    // Size 5, one die of three faces (1, 2, 3 with 1/3 each), snake 4-1. Square 4 is a snake's
    // head: landing there is worth E1.
    //   BounceBack:  E3 = 1 + (2/3)E1              (1: 4->1; 2: home; 3: 6 bounces to 4 ->1)
    //                E2 = 1 + E3/3 + E1/3          (1: 3; 2: 4->1; 3: home)
    //                E1 = 1 + E2/3 + E3/3 + E1/3   (3: 4->1 is a self-loop)
    //                E0 = 1 + (E1 + E2 + E3)/3
    //     => E1 = 48/7, E2 = 36/7, E3 = 39/7, E0 = 48/7.
    //   ExactFinish: E3 = 1 + E1/3 + E3/3 (3 is blocked) => E0 = E1 = 6, E2 = E3 = 9/2.
    //   OvershootWins: E3 = 1 + E1/3 => E0 = E1 = 48/11, E2 = 36/11, E3 = 27/11.
    const FairDice<> d3({.sides = 3});
    const auto check_every_method = [&](const auto& board, const std::vector<double>& expected) {
        for (const SolveMethod method : all_methods) {
            INFO("method " << to_string(method));
            check_squares(expected_turns(board, d3, method), board, expected);
        }
    };
    SECTION("BounceBack") {
        check_every_method(board_of<BounceBack>(5, {{4, 1}}),
                           {48.0 / 7, 48.0 / 7, 36.0 / 7, 39.0 / 7, 48.0 / 7, 0.0});
    }
    SECTION("ExactFinish") {
        check_every_method(board_of<ExactFinish>(5, {{4, 1}}), {6.0, 6.0, 4.5, 4.5, 6.0, 0.0});
    }
    SECTION("OvershootWins") {
        check_every_method(board_of<OvershootWins>(5, {{4, 1}}),
                           {48.0 / 11, 48.0 / 11, 36.0 / 11, 27.0 / 11, 48.0 / 11, 0.0});
    }
}

TEST_CASE("chained jumps under FollowChains and SingleJump, solved by hand", "[analysis][chains]") {
    // Size 5, a coin (rolls 1 and 2), exact finish, ladder 1-4 whose end is the head of snake 4-2.
    const FairDice<> coin({.sides = 2});
    SECTION("FollowChains: landing on 1 or 4 ends on 2") {
        // E3 = 1 + E2/2 (1: 4->2; 2: home); E2 = 1 + E3/2 + E2/2 (2: 4->2, a self-loop)
        // => E2 = 6, E3 = 4; E0 = 1 + E2 = 7. Squares 1 and 4 are worth E2.
        const auto board = board_of<ExactFinish, FollowChains>(5, {{1, 4}, {4, 2}});
        check_squares(expected_turns(board, coin), board, {7.0, 6.0, 6.0, 4.0, 6.0, 0.0});
    }
    SECTION("SingleJump: landing on 1 rests on 4, the snake's head") {
        // E4 = 1 + E4/2 (1: home; 2: blocked, and a blocked move takes no jump) => E4 = 2;
        // E3 = 4 and E2 = 6 as above; E1 = 1 + E2/2 + E3/2 = 6;
        // E0 = 1 + E4/2 + E2/2 = 5 (1: lands on 1, climbs to 4 and stays).
        const auto board = board_of<ExactFinish, SingleJump>(5, {{1, 4}, {4, 2}});
        check_squares(expected_turns(board, coin), board, {5.0, 6.0, 6.0, 4.0, 2.0, 0.0});
    }
}

TEST_CASE("two dice", "[analysis][dice]") {
    SECTION("two coins, overshoot wins, size 7, solved by hand") {
        // Rolls 2, 3, 4 with 1/4, 1/2, 1/4. From 5 and 6 every roll wins: E6 = E5 = 1.
        // E4 = 1 + E6/4 = 5/4 (2 -> 6, 3 and 4 win); E3 = 1 + E5/4 + E6/2 = 7/4;
        // E2 = 1 + E4/4 + E5/2 + E6/4 = 33/16; E1 = 1 + E3/4 + E4/2 + E5/4 = 37/16;
        // E0 = 1 + E2/4 + E3/2 + E4/4 = 173/64.
        const auto board = board_of<OvershootWins>(7, {});
        check_squares(expected_turns(board, FairDice<>({.sides = 2, .count = 2})), board,
                      {173.0 / 64, 37.0 / 16, 33.0 / 16, 7.0 / 4, 5.0 / 4, 1.0, 1.0, 0.0});
    }
    SECTION("two six-sided dice on the classic board, every rule, against the dense solver") {
        const FairDice<> two_d6({.sides = 6, .count = 2});
        check_against_reference(classic(), two_d6, 1e-12);
        check_against_reference(classic(Rules<BounceBack>()), two_d6, 1e-12);
        check_against_reference(classic(Rules<OvershootWins>()), two_d6, 1e-12);
    }
}

TEST_CASE("a loaded die", "[analysis][dice]") {
    const LoadedDice<> loaded({1, 2, 3}); // faces 1, 2, 3 with 1/6, 1/3, 1/2
    SECTION("size 6, exact finish, ladder 2-5, snake 4-1, solved with exact fractions") {
        // E5 = 6 (only a 1 finishes); E3 = 1 + E1/6 + E5/3 (1: 4->1, 2: 5, 3: home);
        // E1 = 1 + E5/6 + E3/3 + E1/2 (1: 2->5, 2: 3, 3: 4->1, a self-loop);
        // E0 = 1 + E1/6 + E5/3 + E3/2 (1: 1, 2: 2->5, 3: 3)
        // => E1 = 27/4, E3 = 33/8, E0 = 99/16. Square 2 is worth E5, square 4 is worth E1.
        const auto board = board_of<ExactFinish>(6, {{2, 5}, {4, 1}});
        check_squares(expected_turns(board, loaded), board,
                      {99.0 / 16, 27.0 / 4, 6.0, 33.0 / 8, 27.0 / 4, 6.0, 0.0});
    }
    SECTION("on the classic board, every rule, against the dense solver") {
        check_against_reference(classic(), loaded, 1e-12);
        check_against_reference(classic(Rules<BounceBack>()), loaded, 1e-12);
        check_against_reference(classic(Rules<OvershootWins>()), loaded, 1e-12);
        const LoadedDice<> skewed({5, 0, 0, 1, 0, 3});
        check_against_reference(classic(), skewed, 1e-12);
    }
}

TEST_CASE("dice whose largest roll passes the whole board", "[analysis][dice]") {
    const FairDice<> d20({.sides = 20});
    check_against_reference(board_of<ExactFinish>(5, {{2, 4}, {3, 1}}), d20, 1e-12);
    check_against_reference(board_of<BounceBack>(5, {{2, 4}, {3, 1}}), d20, 1e-12);
    check_against_reference(board_of<OvershootWins>(5, {{2, 4}, {3, 1}}), d20, 1e-12);
    // Faces 1..6 and 20,000, one weight each: under exact finish the big face is a turn lost,
    // one turn in seven, so every game lasts 7/6 as long as with a plain die.
    std::vector<std::int64_t> weights(20'000, 0);
    std::fill(weights.begin(), weights.begin() + 6, 1);
    weights.back() = 1;
    const LoadedDice<> with_a_huge_face(weights);
    CHECK(expected_turns(classic(), with_a_huge_face).from_start ==
          Approx(39.598365640208193 * 7 / 6).epsilon(1e-12));
}

namespace {
// Dice of a user's own making whose odds are not a distribution.
struct CustomOdds {
    std::vector<double> odds;
    int roll() { return 1; }
    [[nodiscard]] int min_roll() const { return 1; }
    [[nodiscard]] int max_roll() const { return static_cast<int>(odds.size()) - 1; }
    [[nodiscard]] std::span<const double> face_probabilities() const { return odds; }
};
static_assert(DiceWithOdds<CustomOdds>);
} // namespace

TEST_CASE("face probabilities that are not a distribution are refused", "[analysis][dice]") {
    const auto board = classic();
    REQUIRE_THROWS_WITH(expected_turns(board, CustomOdds{{0.0, 0.5, 0.4}}),
                        SL_CONTAINS("add up to 0.9"));
    REQUIRE_THROWS_WITH(expected_turns(board, CustomOdds{{0.0, 1.5, -0.5}}),
                        SL_CONTAINS("the probability of rolling 2 is -0.5"));
    REQUIRE_THROWS_WITH(length_distribution(board, CustomOdds{{0.5, 0.5}}),
                        SL_CONTAINS("every roll must be at least 1"));
    // A distribution is accepted: a die that always rolls 4 makes the game a fixed walk.
    int walk = 0;
    for (Square square = 0; square != board.size(); square = board.advance(square, 4)) {
        ++walk;
    }
    CHECK(expected_turns(board, CustomOdds{{0.0, 0.0, 0.0, 0.0, 1.0}}).from_start ==
          Approx(walk).epsilon(1e-14));
}

TEST_CASE("the smallest boards", "[analysis][edge]") {
    const FairDice<> d6;
    // Size 1: only a 1 finishes under exact finish (6 turns on average); any roll finishes
    // under overshoot wins, and under bounce back too (bounced below 1, the token is put on 1).
    CHECK(expected_turns(board_of<ExactFinish>(1, {}), d6).from_start ==
          Approx(6.0).epsilon(1e-14));
    CHECK(expected_turns(board_of<OvershootWins>(1, {}), d6).from_start ==
          Approx(1.0).epsilon(1e-15));
    CHECK(expected_turns(board_of<BounceBack>(1, {}), d6).from_start == Approx(1.0).epsilon(1e-15));
    // Size 2: E1 = 6; E0 = 1 + E1/6 + (4/6)E0 => E0 = 6.
    const auto two = board_of<ExactFinish>(2, {});
    check_squares(expected_turns(two, d6), two, {6.0, 6.0, 0.0});
    // Size 2 with a ladder 1-2: a 1 or a 2 finishes, E0 = 3; landing on 1 is worth 0.
    const auto ladder = board_of<ExactFinish>(2, {{1, 2}});
    check_squares(expected_turns(ladder, d6), ladder, {3.0, 0.0, 0.0});
}

TEST_CASE("a board with a trap has an infinite expected length, and says where",
          "[analysis][traps]") {
    const FairDice<> two_coins({.sides = 2, .count = 2}); // rolls 2, 3, 4
    SECTION("a reachable trap") {
        // Size 6, exact finish: square 5 needs a 1, which two coins never roll.
        const auto board = board_of<ExactFinish>(6, {});
        for (const SolveMethod method : {SolveMethod::direct, SolveMethod::gmres}) {
            const ExpectedTurns exact = expected_turns(board, two_coins, method);
            CHECK(exact.from_start == infinity);
            CHECK_FALSE(exact.finite());
            CHECK(exact.traps == std::vector<Square>{5});
            CHECK(exact.from_square[5] == infinity);
            CHECK(exact.from_square[3] == infinity);                   // a 2 leads to the trap
            CHECK(exact.from_square[4] == Approx(4.0).epsilon(1e-14)); // 2 finishes, 3 and 4 block
            CHECK(exact.from_square[6] == 0.0);
        }
        CHECK(describe_traps(board, two_coins) ==
              "square 5 is a trap: a token can reach it from the start, but from it home can "
              "never be reached with rolls {2..4}");
    }
    SECTION("traps the start cannot reach leave the expectation finite") {
        // A die that only rolls 2 on 6 squares: 0, 2, 4, home. The odd squares never finish.
        const LoadedDice<> twos({0, 1});
        const auto board = board_of<ExactFinish>(6, {});
        for (const SolveMethod method : {SolveMethod::direct, SolveMethod::gmres}) {
            const ExpectedTurns exact = expected_turns(board, twos, method);
            CHECK(exact.from_start == 3.0);
            CHECK(exact.finite());
            CHECK(exact.traps.empty());
            check_squares(exact, board, {3.0, infinity, 2.0, infinity, 1.0, infinity, 0.0});
        }
        CHECK(describe_traps(board, twos) == "no square is a trap: home can be reached from every "
                                             "square a token can reach with rolls {2}");
    }
    SECTION("a start that can never get home") {
        const auto board = board_of<ExactFinish>(5, {});
        const LoadedDice<> twos({0, 1});
        const ExpectedTurns exact = expected_turns(board, twos);
        CHECK(exact.from_start == infinity);
        CHECK(exact.traps == std::vector<Square>{0, 2, 4});
        CHECK(describe_traps(board, twos) == "home can never be reached from the start with rolls "
                                             "{2}: a game on this board never ends");
    }
    SECTION("several traps, in words") {
        // Size 8, rolls 2 and 4 only: the ladder 2-3 puts the token on an odd square, from which
        // even rolls reach only odd squares (3 -> 5, 7; 5 -> 7), never home; a 4 from the start
        // still leads home (4, 6, 8).
        const auto board = board_of<ExactFinish>(8, {{2, 3}});
        const std::vector<std::int64_t> rolls{2, 4};
        CHECK(board.traps(rolls) == std::vector<Square>{3, 5, 7});
        CHECK(describe_traps(board, std::span<const std::int64_t>(rolls)) ==
              "squares 3, 5 and 7 are traps: a token can reach them from the start, but from "
              "them home can never be reached with rolls {2, 4}");
    }
    SECTION("every other analysis says so too") {
        const auto board = board_of<ExactFinish>(6, {});
        const LengthDistribution lengths = length_distribution(board, two_coins);
        CHECK_FALSE(lengths.finishes_surely());
        CHECK(lengths.mean() == infinity);
        CHECK(lengths.standard_deviation() == infinity);
        // P(never home) = 1 - P(home): from 0 a 2, 3 or 4 leads to squares that get home with
        // probability 1/2, 2/3 and 1, so 1 - (1/8 + 1/3 + 1/4) = 7/24.
        CHECK(lengths.stuck_mass() == Approx(7.0 / 24).epsilon(1e-12));
        CHECK(lengths.tail_mass() == Approx(7.0 / 24).epsilon(1e-12));
        REQUIRE_THROWS_AS(lengths.quantile(0.9), InvalidConfig);
        REQUIRE_THROWS_WITH(lengths.quantile(0.9), SL_CONTAINS("is infinite"));
        CHECK(lengths.quantile(0.5) >= 2); // the game does end with probability 17/24
        const SeatChances seats = seat_chances(lengths, 2);
        CHECK(seats.expected_turns == infinity);
        CHECK(seats.undecided == Approx(7.0 / 24 * 7.0 / 24).epsilon(1e-12));
    }
}

TEST_CASE("the direct and GMRES solvers agree, and each board gets the right one",
          "[analysis][solver]") {
    const FairDice<> d6;
    SECTION("the classic board is solved directly on its 10 snake ends") {
        const ExpectedTurns automatic = expected_turns(classic(), d6);
        CHECK(automatic.solve.method == SolveMethod::direct);
        CHECK(automatic.solve.schur_unknowns == 10);
        const ExpectedTurns gmres = expected_turns(classic(), d6, SolveMethod::gmres);
        CHECK(gmres.solve.method == SolveMethod::gmres);
        CHECK(gmres.solve.backward_error <= 1e-12);
        for (std::size_t s = 0; s < gmres.from_square.size(); ++s) {
            CHECK(close(gmres.from_square[s], automatic.from_square[s], 1e-12));
        }
    }
    SECTION("a 20,000-square random board is solved by GMRES, and matches the direct solve") {
        DefaultEngine engine(2024);
        const auto board =
            random_board(engine, {.snakes = 250, .ladders = 250}, GameConfig<>({.size = 20'000}));
        const ExpectedTurns automatic = expected_turns(board, d6);
        CHECK(automatic.solve.method == SolveMethod::gmres);
        CHECK(automatic.solve.backward_error <= 1e-12);
        const ExpectedTurns direct = expected_turns(board, d6, SolveMethod::direct);
        CHECK(direct.solve.method == SolveMethod::direct);
        CHECK(direct.solve.schur_unknowns == automatic.solve.schur_unknowns);
        double worst = 0.0;
        for (std::size_t s = 0; s < direct.from_square.size(); ++s) {
            if (direct.from_square[s] != 0.0) {
                worst =
                    std::max(worst, std::abs(automatic.from_square[s] / direct.from_square[s] - 1));
            }
        }
        INFO("largest relative difference " << worst);
        CHECK(worst <= 1e-10);
    }
    SECTION("random boards with many short snakes, under every rule and chain rule") {
        DefaultEngine engine(99);
        // A d6 (the sweep's register-window path) and a d12 (the general path); both roll 1,
        // so exact finish leaves no trap.
        for (const int sides : {6, 12}) {
            const FairDice<> dice({.sides = sides});
            check_against_reference(random_board(engine, {.snakes = 40, .ladders = 40},
                                                 Rules<ExactFinish>({.size = 200})),
                                    dice, 1e-11);
            check_against_reference(random_board(engine, {.snakes = 40, .ladders = 40},
                                                 Rules<BounceBack>({.size = 200})),
                                    dice, 1e-11);
            check_against_reference(random_board(engine, {.snakes = 40, .ladders = 40},
                                                 Rules<OvershootWins>({.size = 200})),
                                    dice, 1e-11);
            check_against_reference(random_board(engine, {.snakes = 40, .ladders = 40},
                                                 Rules<ExactFinish, FollowChains>({.size = 200})),
                                    dice, 1e-11);
            check_against_reference(random_board(engine, {.snakes = 40, .ladders = 40},
                                                 Rules<BounceBack, SingleJump>({.size = 200})),
                                    dice, 1e-11);
        }
    }
    SECTION("asking for the direct solve of too large a system is refused") {
        DefaultEngine engine(5);
        const auto board = random_board(engine, {.snakes = 5000, .ladders = 5000},
                                        GameConfig<>({.size = 200'000}));
        REQUIRE_THROWS_AS(expected_turns(board, d6, SolveMethod::direct), InvalidConfig);
        REQUIRE_THROWS_WITH(expected_turns(board, d6, SolveMethod::direct),
                            SL_CONTAINS("SolveMethod::gmres"));
        const auto refused = thrown_by<AnalysisLimitExceeded>(
            [&] { (void)expected_turns(board, d6, SolveMethod::direct); });
        CHECK(refused.limit() == 2048.0); // max_direct_unknowns
        CHECK(refused.count() > refused.limit());
        CHECK(refused.instead() == "use SolveMethod::gmres or automatic");
    }
}

TEST_CASE("an answer whose solve did not converge is refused with the backward error it reached",
          "[analysis][solver]") {
    // What a solve reports when its iterations stop short: a backward error far above the
    // rounding floor, and a relative error the residual bounds only by 0.5. No board here makes
    // the library's GMRES stall without the board also being singular to double precision
    // (refused as a game that almost never ends), so the check is driven with the report.
    SolveReport report;
    report.method = SolveMethod::gmres;
    report.backward_error = 1e-6;
    report.error_bound = 0.5;
    report.sweeps = 40;
    const std::vector<double> values{12.0, 3.0};
    const auto stalled = thrown_by<NotConverged>([&] { detail::require_accuracy(report, values); });
    CHECK(stalled.residual() == 1e-6);
    CHECK_THAT(std::string(stalled.what()), SL_CONTAINS("the gmres solve did not converge"));
    report.method = SolveMethod::elimination;
    const auto refined = thrown_by<NotConverged>([&] { detail::require_accuracy(report, values); });
    CHECK(refined.residual() == 1e-6);
    CHECK_THAT(std::string(refined.what()), SL_CONTAINS("iterative refinement stopped"));
    // At the rounding floor the solve converged: the board is the trouble, and that is no
    // NotConverged.
    report.backward_error = 1e-16;
    CHECK_THROWS_WITH(detail::require_accuracy(report, values), SL_CONTAINS("almost never ends"));
    bool not_converged = false;
    try {
        detail::require_accuracy(report, values);
    } catch (const NotConverged&) {
        not_converged = true;
    } catch (const Error&) {
    }
    CHECK_FALSE(not_converged);
    report.error_bound = 1e-5; // within the accuracy vouched for: accepted
    detail::require_accuracy(report, values);
}

namespace {
// 20,000 squares, 400 snakes and 400 ladders of at most 30 squares each: a board the automatic
// choice gives to the elimination.
Board<> short_jumps_board() {
    DefaultEngine engine(17);
    std::vector<Jump> jumps;
    std::vector<bool> used(20'001, false);
    while (jumps.size() < 800) {
        const auto from = static_cast<Square>(2 + uniform_below(engine, 19'900));
        const auto length = static_cast<Square>(1 + uniform_below(engine, 30));
        const Square to = jumps.size() % 2 == 0 ? from - length : from + length;
        if (to < 1 || to >= 20'000 || used[static_cast<std::size_t>(from)] ||
            used[static_cast<std::size_t>(to)]) {
            continue;
        }
        used[static_cast<std::size_t>(from)] = used[static_cast<std::size_t>(to)] = true;
        jumps.push_back({from, to});
    }
    return Board<>(jumps, GameConfig<>({.size = 20'000}));
}
} // namespace

TEST_CASE("boards of many short snakes are solved by elimination, however long the game",
          "[analysis][solver]") {
    SECTION("local_100k.txt, 100,000 squares, 5% of them jumps of 1 to 100 squares") {
        // The figure of the design brief (33,863.436668 turns), where GMRES stalls: each game
        // slides down thousands of times.
        std::ifstream file(SNAKELADDER_TEST_BOARDS "/local_100k.txt");
        REQUIRE(file);
        std::stringstream text;
        text << file.rdbuf();
        const Board<> board = parse_board(text.str());
        const ExpectedTurns exact = expected_turns(board, FairDice<>());
        CHECK(exact.solve.method == SolveMethod::elimination);
        CHECK(exact.from_start == Approx(33'863.436668).margin(5e-7));
        CHECK(exact.solve.backward_error <= 1e-14);
        CHECK(exact.solve.error_bound <= 1e-9);
    }
    SECTION("the classic board by elimination gives the published 39.59837") {
        const ExpectedTurns exact =
            expected_turns(classic(), FairDice<>(), SolveMethod::elimination);
        CHECK(exact.solve.method == SolveMethod::elimination);
        CHECK(exact.from_start == Approx(39.598365640208193).epsilon(1e-13));
    }
    SECTION("elimination asked for on a board of long snakes is refused before it allocates") {
        // 100,000 squares, 2,500 snakes and ladders of any length: the factors would hold
        // hundreds of millions of entries.
        DefaultEngine engine(8);
        const auto board = random_board(engine, {.snakes = 2'500, .ladders = 2'500},
                                        GameConfig<>({.size = 100'000}));
        REQUIRE_THROWS_AS(expected_turns(board, FairDice<>(), SolveMethod::elimination),
                          InvalidConfig);
        REQUIRE_THROWS_WITH(expected_turns(board, FairDice<>(), SolveMethod::elimination),
                            SL_CONTAINS("whose snakes are long: use SolveMethod::gmres"));
        CHECK(expected_turns(board, FairDice<>()).solve.method == SolveMethod::gmres);
    }
    SECTION("a board of short snakes and ladders is given to elimination automatically") {
        // 20,000 squares, 400 snakes and 400 ladders of at most 30 squares each.
        const Board<> board = short_jumps_board();
        const ExpectedTurns automatic = expected_turns(board, FairDice<>());
        CHECK(automatic.solve.method == SolveMethod::elimination);
        const ExpectedTurns gmres = expected_turns(board, FairDice<>(), SolveMethod::gmres);
        CHECK(close(automatic.from_start, gmres.from_start, 1e-10));
        CHECK(automatic.solve.backward_error <= 1e-14);
    }
}

TEST_CASE("the elimination goes down the squares: its work counted by hand, and odd dice",
          "[analysis][solver]") {
    using Elimination = detail::SparseElimination<GameConfig<>>;
    const FairDice<> d6;
    SECTION("10 squares, snake 8-3, one die: 112 operations estimated, 111 taken") {
        // Square 8 is a snake's start (no row). Row s takes its 6 rolls, then for each roll
        // leading above it (not home) 1 plus the entries of the square it leads to, then its own
        // entries. A row keeps the snake end 3 when a roll from it or above lands on 8 from
        // above 3: rows 4 to 7 keep one entry, the others none.
        //   s = 0: 1 2 3 4 5 6          1+1+1+2+2+2 = 9
        //   s = 1: 2 3 4 5 6 7          1+1+2+2+2+2 = 10
        //   s = 2: 3 4 5 6 7, 8->3      1+2+2+2+2 + 1 = 10 (3 twice: substituted once, so 9)
        //   s = 3: 4 5 6 7 9, 8->3 = 3  2+2+2+2+1 = 9 (a self-loop)
        //   s = 4: 5 6 7 9, 8->3 below  2+2+2+1 = 7
        //   s = 5: 6 7 9                2+2+1 = 5;  s = 6: 7 9 -> 3;  s = 7: 9 -> 1;  s = 9: 0
        // Estimated: 9 x 6 rolls + 54 substituted + 4 entries kept = 112; taken: one fewer.
        const auto board = board_of<ExactFinish>(10, {{8, 3}});
        const detail::TokenChain<GameConfig<>> chain(board, detail::board_roll_odds(d6, board));
        CHECK(Elimination::estimated_work(chain) == 112.0);
        Elimination elimination;
        CHECK(elimination.factor(chain, 111.0));
        CHECK(elimination.can_solve());
        CHECK_FALSE(elimination.factor(chain, 110.5));
        CHECK_FALSE(elimination.can_solve());
        // Without jumps nothing is kept and every roll above leads to its own square: 10 rows
        // of 6 rolls, and min(6, 9 - s) squares substituted by row s (39 in all).
        const auto empty = board_of<ExactFinish>(10, {});
        const detail::TokenChain<GameConfig<>> plain(empty, detail::board_roll_odds(d6, empty));
        CHECK(Elimination::estimated_work(plain) == 99.0);
        CHECK(elimination.factor(plain, 99.0));
        CHECK_FALSE(elimination.factor(plain, 98.5));
    }
    SECTION("dice with gaps in their faces and rolls past the window of pending columns") {
        // Faces 2, 4 and 6 only (a square's fill is then counted from above, not exactly), and
        // a die whose long face (40) reaches past the 32 squares read as a window, so its
        // columns come from the heap; jumps of 1 to 60 squares, every rule.
        DefaultEngine engine(35);
        const LoadedDice<> evens({0, 1, 0, 1, 0, 1});
        const LoadedDice<> far({2, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
        std::vector<Jump> jumps;
        std::vector<bool> used(301, false);
        for (Square from = 5; from < 290; from += 7) {
            const auto length = static_cast<Square>(1 + uniform_below(engine, 60));
            const Square to = uniform_below(engine, 2) == 0 ? from - length : from + length;
            if (to >= 1 && to < 300 && !used[static_cast<std::size_t>(to)] &&
                !used[static_cast<std::size_t>(from)]) {
                used[static_cast<std::size_t>(from)] = used[static_cast<std::size_t>(to)] = true;
                jumps.push_back({from, to});
            }
        }
        for (const auto* dice : {&evens, &far}) {
            check_against_reference(BasicBoard<Rules<ExactFinish>>(jumps, {.size = 300}), *dice,
                                    1e-11);
            check_against_reference(BasicBoard<Rules<BounceBack>>(jumps, {.size = 300}), *dice,
                                    1e-11);
            check_against_reference(BasicBoard<Rules<OvershootWins>>(jumps, {.size = 300}), *dice,
                                    1e-11);
        }
    }
}

TEST_CASE("the elimination solves while it factors, and keeps L only for a second right-hand "
          "side",
          "[analysis][solver]") {
    // 400 squares: short snakes and ladders every few squares, so rows fill below them; a
    // ladder 3-390 and a snake 380-2, whose far columns make some rows sparse (their columns
    // are sorted, not read off a window).
    std::vector<Jump> jumps{{3, 390}, {380, 2}};
    for (Square from = 13; from < 370; from += 9) {
        jumps.push_back({from, from % 2 == 0 ? from - 7 : from + 5});
    }
    const Board<> board(jumps, GameConfig<>({.size = 400}));
    const FairDice<> d6;
    const std::vector<double> reference = dense_reference(board, d6.face_probabilities());
    const detail::TokenChain<GameConfig<>> chain(board, detail::board_roll_odds(d6, board));
    const auto unit = [](Square) { return 1.0; };
    const auto check_every_square = [&](const std::vector<double>& v) {
        for (Square s = 0; s < board.size(); ++s) {
            if (chain.status(s) != detail::TokenChain<GameConfig<>>::finite) {
                continue; // a jump's start: no token stands there
            }
            INFO("square " << s << ": " << v[static_cast<std::size_t>(s)] << " vs reference "
                           << reference[static_cast<std::size_t>(s)]);
            CHECK(close(v[static_cast<std::size_t>(s)], reference[static_cast<std::size_t>(s)],
                        1e-12));
        }
    };

    SECTION("without L: the answer, and no solve() after it") {
        detail::SparseElimination<GameConfig<>> elimination;
        std::vector<double> v(401, 0.0);
        REQUIRE(elimination.factor_solving(chain, 1e9, false, unit, v));
        CHECK_FALSE(elimination.can_solve());
        check_every_square(v);
    }
    SECTION("with L: the same answer, and solve() for another right-hand side") {
        detail::SparseElimination<GameConfig<>> elimination;
        std::vector<double> v(401, 0.0);
        REQUIRE(elimination.factor_solving(chain, 1e9, true, unit, v));
        REQUIRE(elimination.can_solve());
        check_every_square(v);
        // Twice the right-hand side, twice the answer.
        std::vector<double> doubled(401, 0.0);
        elimination.solve(doubled, [](Square) { return 2.0; });
        for (std::size_t s = 0; s < 400; ++s) {
            CHECK(close(doubled[s], 2.0 * v[s], 1e-14));
        }
    }
    SECTION("over its budget: false, and nothing kept, not even earlier factors") {
        // Half the estimate: more than U's entries, checked before any row (the estimate counts
        // each of them, and the rolls and substitutions besides), so the rows start, and the
        // budget runs out among them.
        using Elimination = detail::SparseElimination<GameConfig<>>;
        const double estimate = Elimination::estimated_work(chain);
        Elimination elimination;
        std::vector<double> v(401, 0.0);
        REQUIRE(elimination.factor_solving(chain, 8.0 * estimate, true, unit, v));
        REQUIRE(elimination.can_solve());
        CHECK_FALSE(elimination.factor_solving(chain, estimate / 2.0, true, unit, v));
        CHECK_FALSE(elimination.can_solve());
        CHECK_FALSE(elimination.factor(chain, 100.0)); // refused before any row
        CHECK_FALSE(elimination.can_solve());
    }
    SECTION("the solver told of one right-hand side factors again for a second") {
        // The automatic choice gives this board to the elimination, which the first solve
        // factors without L; the second solve must factor again, keeping it.
        const Board<> big = short_jumps_board();
        const detail::TokenChain<GameConfig<>> big_chain(big, detail::board_roll_odds(d6, big));
        detail::ExpectationSolver<GameConfig<>> solver(big_chain, SolveMethod::automatic, true, {},
                                                       detail::RightHandSides::one);
        const std::vector<double> once = solver.solve(unit);
        REQUIRE(solver.report().method == SolveMethod::elimination);
        const std::vector<double> twice = solver.solve([](Square) { return 2.0; });
        CHECK(solver.report().method == SolveMethod::elimination);
        CHECK(solver.report().backward_error <= 1e-14);
        for (std::size_t s = 0; s < once.size(); s += 101) {
            INFO("square " << s);
            CHECK(close(twice[s], 2.0 * once[s], 1e-13));
        }
        CHECK(close(once[0], expected_turns(big, d6, SolveMethod::gmres).from_start, 1e-10));
    }
}

TEST_CASE("expected_turns reports its progress while it solves, and once at the end",
          "[analysis][progress]") {
    const FairDice<> d6;
    std::vector<SolveProgress> seen;
    SolveOptions options;
    options.progress_interval = std::chrono::milliseconds(0); // every chance to report
    options.progress = [&seen](const SolveProgress& progress) { seen.push_back(progress); };

    SECTION("GMRES: every sweep, its residual from 1 down, then the end") {
        DefaultEngine engine(2024);
        const auto board =
            random_board(engine, {.snakes = 250, .ladders = 250}, GameConfig<>({.size = 20'000}));
        const ExpectedTurns exact = expected_turns(board, d6, options);
        REQUIRE(exact.solve.method == SolveMethod::gmres);
        REQUIRE(exact.solve.sweeps >= 3);
        REQUIRE(seen.size() == exact.solve.sweeps + 1);
        for (std::size_t i = 0; i < exact.solve.sweeps; ++i) {
            INFO("report " << i);
            CHECK(seen[i].method == SolveMethod::gmres);
            CHECK(seen[i].sweeps == i + 1);
            CHECK(std::isnan(seen[i].factored));
        }
        CHECK(seen.front().residual == 1.0); // the first sweep: nothing solved yet
        CHECK(seen.back().sweeps == exact.solve.sweeps);
        // GMRES returns only once the reduced system's residual is below 1e-10 of where it
        // began and the whole system's backward error is at the target.
        CHECK(seen.back().residual <= 1e-10);
        CHECK(exact.solve.backward_error <= 1e-14);
    }
    SECTION("the elimination: the share of the squares factored, every 4,096 rows, then 1") {
        const ExpectedTurns exact = expected_turns(short_jumps_board(), d6, options);
        REQUIRE(exact.solve.method == SolveMethod::elimination);
        // Rows 0, 4,096, 8,192, 12,288 and 16,384 of 20,000, then the end.
        REQUIRE(seen.size() == 6);
        for (std::size_t i = 0; i < 5; ++i) {
            INFO("report " << i);
            CHECK(seen[i].method == SolveMethod::elimination);
            CHECK(seen[i].factored == static_cast<double>(4'096 * i) / 20'000.0);
            CHECK(std::isnan(seen[i].residual));
        }
        CHECK(seen.back().method == SolveMethod::elimination);
        CHECK(seen.back().factored == 1.0);
    }
    SECTION("the direct solve of the classic board: its sweeps, then the end") {
        const ExpectedTurns exact = expected_turns(classic(), d6, options);
        REQUIRE(exact.solve.method == SolveMethod::direct);
        REQUIRE(seen.size() == exact.solve.sweeps + 1);
        CHECK(seen.back().sweeps == exact.solve.sweeps);
        CHECK(std::isnan(seen.back().residual));
        CHECK(std::isnan(seen.back().factored));
        CHECK(exact.from_start == Approx(39.598365640208193).epsilon(1e-13));
    }
    SECTION("a solve done within the first interval reports only at its end") {
        options.progress_interval = std::chrono::hours(1);
        const ExpectedTurns exact = expected_turns(classic(), d6, options);
        REQUIRE(seen.size() == 1);
        CHECK(seen.front().sweeps == exact.solve.sweeps);
    }
    SECTION("an exception from the callback stops the solve and reaches the caller") {
        struct Cancelled {};
        options.progress = [](const SolveProgress&) { throw Cancelled{}; };
        DefaultEngine engine(2024);
        const auto board =
            random_board(engine, {.snakes = 250, .ladders = 250}, GameConfig<>({.size = 20'000}));
        CHECK_THROWS_AS(expected_turns(board, d6, options), Cancelled);
        CHECK_THROWS_AS(expected_turns(classic(), d6, options), Cancelled);
    }
    SECTION("a negative interval is refused, naming it") {
        options.progress_interval = std::chrono::milliseconds(-1);
        CHECK_THROWS_AS(expected_turns(classic(), d6, options), InvalidConfig);
        CHECK_THROWS_WITH(expected_turns(classic(), d6, options),
                          SL_CONTAINS("SolveOptions::progress_interval must not be negative, got "
                                      "-1 ms"));
        CHECK(seen.empty());
    }
}

TEST_CASE("when no factorization is affordable, GMRES goes on with its slow modes deflated",
          "[analysis][solver]") {
    // 30,000 squares, a third of them the start of a jump of 1 to 100 squares, 60% of the jumps
    // snakes: a game slides down thousands of times, and GMRES with its usual 60 vectors
    // stalls. On a board this size the library falls back to elimination; on boards of a
    // million squares with snakes of a thousand squares neither factorization is affordable,
    // so GMRES goes on alone, with a coarse space of stretches of the track deflated. The
    // solver is told to do that here, and must reach the same answer as the elimination, an
    // independent method, within its error bound.
    DefaultEngine engine(1);
    std::vector<bool> used(30'001, false);
    std::vector<Jump> jumps;
    for (Square from = 2; from < 30'000; ++from) {
        if (uniform_below(engine, 3) != 0 || used[static_cast<std::size_t>(from)]) {
            continue;
        }
        const auto length = static_cast<Square>(1 + uniform_below(engine, 100));
        const Square to = uniform_below(engine, 100) < 60 ? from - length : from + length;
        if (to < 1 || to >= 30'000 || used[static_cast<std::size_t>(to)]) {
            continue;
        }
        used[static_cast<std::size_t>(from)] = used[static_cast<std::size_t>(to)] = true;
        jumps.push_back({from, to});
    }
    const Board<> board(jumps, GameConfig<>({.size = 30'000}));
    const FairDice<> d6;

    // GMRES does stall here: asked for by name, it hands the board to elimination.
    const ExpectedTurns named = expected_turns(board, d6, SolveMethod::gmres);
    REQUIRE(named.solve.method == SolveMethod::elimination);
    const ExpectedTurns eliminated = expected_turns(board, d6, SolveMethod::elimination);
    REQUIRE(eliminated.solve.backward_error <= 1e-14);

    const detail::TokenChain<GameConfig<>> chain(board, detail::board_roll_odds(d6, board));
    detail::ExpectationSolver<GameConfig<>> solver(chain, SolveMethod::gmres, false);
    std::vector<double> patient = solver.solve([](Square) { return 1.0; });
    detail::fill_landing_values(chain, patient); // a jump's start: the value where it ends
    CHECK(solver.report().method == SolveMethod::gmres);
    CHECK(solver.report().backward_error <= 1e-14);
    CHECK(solver.report().sweeps > named.solve.sweeps);
    // |E - E*| <= error_bound * E* on every square (the two answers' bounds added).
    const double bound = solver.report().error_bound + eliminated.solve.error_bound;
    CHECK(bound <= 1e-9);
    for (Square s = 0; s < board.size(); s += 997) {
        INFO("square " << s);
        const double exact = eliminated.from_square[static_cast<std::size_t>(s)];
        CHECK(std::abs(patient[static_cast<std::size_t>(s)] - exact) <= 2 * bound * exact);
    }

    // A second right-hand side on the same solver (as a distribution's variance follows its
    // mean) gets GMRES's caps afresh and reuses the coarse space, deflated from its first
    // sweep: the same answer, in fewer sweeps than the first solve, which built the space.
    const std::size_t first_sweeps = solver.report().sweeps;
    std::vector<double> again = solver.solve([](Square) { return 1.0; });
    detail::fill_landing_values(chain, again);
    const std::size_t second_sweeps = solver.report().sweeps - first_sweeps;
    CHECK(solver.report().method == SolveMethod::gmres);
    CHECK(solver.report().backward_error <= 1e-14);
    CHECK(second_sweeps < first_sweeps);
    const double bound_again = solver.report().error_bound + eliminated.solve.error_bound;
    CHECK(bound_again <= 1e-9);
    for (Square s = 0; s < board.size(); s += 997) {
        INFO("square " << s);
        const double exact = eliminated.from_square[static_cast<std::size_t>(s)];
        CHECK(std::abs(again[static_cast<std::size_t>(s)] - exact) <= 2 * bound_again * exact);
    }
}

TEST_CASE("the error bound is honest, and answers it cannot vouch for are refused",
          "[analysis][solver]") {
    const FairDice<> d6;
    SECTION("the bound covers the true error") {
        DefaultEngine engine(31);
        for (int round = 0; round < 3; ++round) {
            const auto board =
                random_board(engine, {.snakes = 30, .ladders = 30}, GameConfig<>({.size = 300}));
            const ExpectedTurns exact = expected_turns(board, d6, SolveMethod::gmres);
            const std::vector<double> reference = dense_reference(board, d6.face_probabilities());
            CHECK(exact.solve.error_bound <= 1e-12);
            for (Square s = 0; s < board.size(); ++s) {
                const double expected = reference[static_cast<std::size_t>(board.resolve(s))];
                // (I - Q)^-1 >= 0: |E - E*| <= bound * E*, plus the reference's own rounding.
                CHECK(std::abs(exact.from_square[static_cast<std::size_t>(s)] - expected) <=
                      (exact.solve.error_bound + 1e-13) * expected);
            }
        }
    }
    SECTION("a long board with few snakes is refined to the rounding floor") {
        // 200,000 squares and a handful of long snakes: each sweep's rounding adds up along the
        // track, and the direct solve refines its answer until the whole system agrees.
        DefaultEngine engine(4);
        const auto board =
            random_board(engine, {.snakes = 4, .ladders = 4}, GameConfig<>({.size = 200'000}));
        const ExpectedTurns direct = expected_turns(board, d6, SolveMethod::direct);
        const ExpectedTurns gmres = expected_turns(board, d6, SolveMethod::gmres);
        CHECK(direct.solve.backward_error <= 1e-14);
        CHECK(gmres.solve.backward_error <= 1e-14);
        CHECK(direct.solve.error_bound <= 1e-9);
        CHECK(close(direct.from_start, gmres.from_start,
                    direct.solve.error_bound + gmres.solve.error_bound));
    }
    SECTION("a board whose game almost never ends is refused, quickly") {
        // 3,000 snakes on 10,000 squares: the expected length is astronomically large, so the
        // system is singular to double precision; GMRES stalls, and the residual of what it has
        // bounds nothing.
        DefaultEngine engine(3);
        const auto board =
            random_board(engine, {.snakes = 3000, .ladders = 100}, GameConfig<>({.size = 10'000}));
        REQUIRE_THROWS_AS(expected_turns(board, d6), Error);
        REQUIRE_THROWS_WITH(expected_turns(board, d6), SL_CONTAINS("almost never ends"));
        // The distribution is still there (nothing finishes within the horizon), its moments
        // are not.
        const LengthDistribution lengths = length_distribution(board, d6, {.max_turns = 200});
        CHECK(lengths.turns() == 200);
        CHECK(lengths.tail_mass() > 0.99);
        REQUIRE_THROWS_WITH(lengths.mean(), SL_CONTAINS("almost never ends"));
        REQUIRE_THROWS_AS(lengths.standard_deviation(), Error);
    }
}

TEST_CASE("the length distribution of the classic board", "[analysis][distribution]") {
    const FairDice<> d6;
    const LengthDistribution lengths = length_distribution(classic(), d6);
    SECTION("the shortest game takes 7 turns, with probability 438 / 6^7") {
        for (std::int64_t t = 0; t < 7; ++t) {
            CHECK(lengths.probability(t) == 0.0);
        }
        CHECK(lengths.probability_within(6) == 0.0);
        CHECK(lengths.probability(7) == Approx(438.0 / 279'936.0).epsilon(1e-15));
    }
    SECTION("the table matches a plain turn-by-turn propagation") {
        const std::vector<double> reference = reference_lengths(
            classic(), d6.face_probabilities(), static_cast<std::size_t>(lengths.turns()));
        for (std::int64_t t = 0; t <= lengths.turns(); ++t) {
            const double expected = reference[static_cast<std::size_t>(t)];
            INFO("turn " << t);
            CHECK(std::abs(lengths.probability(t) - expected) <= 1e-13 * expected + 1e-300);
        }
        // Mode, median and quantiles from the reference table.
        std::size_t mode = 0;
        for (std::size_t t = 0; t < reference.size(); ++t) {
            mode = reference[t] > reference[mode] ? t : mode;
        }
        CHECK(lengths.mode() == static_cast<std::int64_t>(mode));
        const auto quantile_of = [&](double q) {
            double sum = 0.0;
            for (std::size_t t = 0; t < reference.size(); ++t) {
                sum += reference[t];
                if (sum >= q) {
                    return static_cast<std::int64_t>(t);
                }
            }
            return std::int64_t{-1};
        };
        CHECK(lengths.median() == quantile_of(0.5));
        for (const double q : {0.01, 0.1, 0.25, 0.75, 0.9, 0.99, 0.999999}) {
            CHECK(lengths.quantile(q) == quantile_of(q));
        }
    }
    SECTION("it stops when less than 1e-15 is left, and its moments are the exact ones") {
        CHECK(lengths.tail_mass() <= 1e-15);
        CHECK(lengths.probability_longer_than(lengths.turns() - 1) > 1e-15);
        CHECK(lengths.finishes_surely());
        CHECK(lengths.stuck_mass() == 0.0);
        double total = 0.0;
        double first = 0.0;
        double second = 0.0;
        for (std::int64_t t = 0; t <= lengths.turns(); ++t) {
            const double p = lengths.probability(t);
            total += p;
            first += static_cast<double>(t) * p;
            second += static_cast<double>(t) * static_cast<double>(t) * p;
            CHECK(lengths.probability_longer_than(t) ==
                  Approx(1.0 - lengths.probability_within(t)).margin(1e-14));
        }
        CHECK(total + lengths.tail_mass() == Approx(1.0).epsilon(1e-13));
        CHECK(lengths.mean() == Approx(39.598365640208193).epsilon(1e-12));
        CHECK(first == Approx(lengths.mean()).epsilon(1e-11));
        CHECK(second - first * first == Approx(lengths.variance()).epsilon(1e-9));
    }
}

TEST_CASE("the length distribution in edge cases", "[analysis][distribution]") {
    SECTION("one square, one die, exact finish: a geometric law with p = 1/6") {
        const LengthDistribution lengths =
            length_distribution(board_of<ExactFinish>(1, {}), FairDice<>());
        for (std::int64_t t = 1; t <= 60; ++t) {
            CHECK(lengths.probability(t) ==
                  Approx(std::pow(5.0 / 6, static_cast<double>(t - 1)) / 6).epsilon(1e-13));
        }
        CHECK(lengths.mean() == Approx(6.0).epsilon(1e-14));
        CHECK(lengths.variance() == Approx(30.0).epsilon(1e-13)); // (1 - p) / p^2
        CHECK(lengths.mode() == 1);
        CHECK(lengths.median() == 4);       // 1 - (5/6)^t >= 1/2 from t = 4
        CHECK(lengths.quantile(0.9) == 13); // 1 - (5/6)^t >= 0.9 from t = 13
    }
    SECTION("a short horizon leaves a tail, and says so") {
        const LengthDistribution lengths =
            length_distribution(classic(), FairDice<>(), {.max_turns = 10});
        const LengthDistribution full = length_distribution(classic(), FairDice<>());
        CHECK(lengths.turns() == 10);
        CHECK(lengths.tail_mass() == Approx(full.probability_longer_than(10)).epsilon(1e-13));
        CHECK(lengths.probability(10) == Approx(full.probability(10)).epsilon(1e-14));
        REQUIRE_THROWS_AS(lengths.probability(11), InvalidConfig);
        REQUIRE_THROWS_WITH(lengths.quantile(0.5),
                            SL_CONTAINS("raise DistributionOptions::max_turns"));
        CHECK(lengths.mean() == full.mean()); // the moments do not depend on the horizon
    }
    SECTION("a complete table: a turn past it ends no game") {
        // Six squares and a die that always rolls 1: every game takes exactly six turns, so the
        // table ends there, and no later turn can end a game whatever max_turns says.
        const LengthDistribution six =
            length_distribution(board_of<ExactFinish>(6, {}), LoadedDice<>({1}), {.max_turns = 6});
        REQUIRE(six.complete());
        CHECK(six.turns() == 6);
        CHECK(six.tail_mass() == 0.0);
        CHECK(six.probability(6) == 1.0);
        CHECK(six.probability(7) == 0.0);
        CHECK(six.probability(1'000'000) == 0.0);
        CHECK(six.probability_longer_than(7) == 0.0);
        CHECK(six.probability_within(7) == 1.0);
        CHECK(six.quantile(0.99) == 6);
        // Three squares and a die that always rolls 2 under exact finish: square 2, then every
        // roll overshoots. No game ends, and all of them are still running past the table.
        const LengthDistribution stuck =
            length_distribution(board_of<ExactFinish>(3, {}), LoadedDice<>({0, 1}));
        REQUIRE(stuck.complete());
        CHECK(!stuck.finishes_surely());
        CHECK(stuck.probability(50) == 0.0);
        CHECK(stuck.probability_longer_than(50) == 1.0);
        CHECK(stuck.probability_within(50) == 0.0);
        REQUIRE_THROWS_WITH(stuck.quantile(0.5), SL_CONTAINS("quantile of the game length is "
                                                             "infinite"));
        // A table cut short is not complete: past it nothing is known.
        const LengthDistribution cut =
            length_distribution(classic(), FairDice<>(), {.max_turns = 10});
        CHECK(!cut.complete());
        REQUIRE_THROWS_WITH(cut.probability(11),
                            SL_CONTAINS("raise DistributionOptions::max_turns"));
    }
    SECTION("bad options and quantiles are refused") {
        const auto board = classic();
        REQUIRE_THROWS_AS(length_distribution(board, FairDice<>(), {.max_turns = 0}),
                          InvalidConfig);
        REQUIRE_THROWS_AS(length_distribution(board, FairDice<>(), {.tail_epsilon = 1.0}),
                          InvalidConfig);
        const LengthDistribution lengths = length_distribution(board, FairDice<>());
        REQUIRE_THROWS_AS(lengths.quantile(0.0), InvalidConfig);
        REQUIRE_THROWS_AS(lengths.quantile(1.0), InvalidConfig);
    }
}

// P(T = t) for t = 0..turns, pushed turn by turn the plainest way: every square, every face of
// the dice with its probability, Board::advance for each move.
template <class Config, class D>
std::vector<double> naive_length_probabilities(const BasicBoard<Config>& board, const D& dice,
                                               std::size_t turns) {
    const auto faces = dice.face_probabilities();
    const auto squares = static_cast<std::size_t>(board.size()) + 1;
    std::vector<double> now(squares, 0.0);
    now[0] = 1.0;
    std::vector<double> finished{0.0};
    for (std::size_t t = 1; t <= turns; ++t) {
        std::vector<double> after(squares, 0.0);
        for (std::size_t s = 0; s + 1 < squares; ++s) {
            for (std::size_t roll = 1; roll < faces.size(); ++roll) {
                const Square to = board.advance(static_cast<Square>(s), static_cast<int>(roll));
                after[static_cast<std::size_t>(to)] += now[s] * faces[roll];
            }
        }
        finished.push_back(after.back());
        after.back() = 0.0;
        now = after;
    }
    return finished;
}

TEST_CASE("the length distribution is the plain turn-by-turn one for every kind of dice and "
          "overshoot rule",
          "[analysis][distribution]") {
    // One die (whose six rolls take the unrolled path), a loaded die with six unequal faces, two
    // dice (eleven rolls) and a four-sided die, on boards where tokens often stand within one
    // roll of home (where the overshoot rule applies).
    const auto check = [](const auto& board, const auto& dice) {
        const LengthDistribution lengths = length_distribution(board, dice, {.max_turns = 300});
        const std::vector<double> naive = naive_length_probabilities(board, dice, 300);
        REQUIRE(lengths.turns() <= 300);
        for (std::int64_t t = 0; t <= lengths.turns(); ++t) {
            INFO("turn " << t);
            CHECK(lengths.probability(t) ==
                  Approx(naive[static_cast<std::size_t>(t)]).margin(1e-15).epsilon(1e-12));
        }
    };
    const std::vector<Jump> jumps{{3, 11}, {13, 4}, {17, 9}, {6, 15}};
    check(board_of<ExactFinish>(20, jumps), FairDice<>());
    check(board_of<ExactFinish>(20, jumps), LoadedDice<>({1, 1, 1, 2, 3, 5}));
    check(board_of<BounceBack>(20, jumps), FairDice<>({.sides = 6, .count = 2}));
    check(board_of<OvershootWins>(20, jumps), FairDice<>({.sides = 4}));
    check(board_of<BounceBack>(20, jumps), LoadedDice<>({0, 2, 0, 1, 1, 1}));
    check(classic(GameConfig<BounceBack>()), FairDice<>());
    // Chained jumps: followed to the end, or one per landing (a token rests on 11, a ladder's
    // start, after the ladder 3-11, and moves on from it by its rolls).
    const std::vector<Jump> chained{{3, 11}, {11, 16}, {13, 4}, {4, 2}, {17, 9}};
    check(board_of<ExactFinish, FollowChains>(20, chained), FairDice<>());
    check(board_of<BounceBack, SingleJump>(20, chained), FairDice<>());
    check(board_of<OvershootWins, SingleJump>(20, chained), LoadedDice<>({3, 0, 1, 0, 0, 2}));
    // Dice whose rolls reach past home from every square, so no square takes the bulk path.
    check(board_of<BounceBack>(20, jumps), FairDice<>({.sides = 30}));
    check(board_of<ExactFinish>(20, jumps), FairDice<>({.sides = 12, .count = 2}));
    // Six rolls that skip a value (the one-pass path, its rolls not 1 to 6), and the smallest
    // boards, where no square or only square 0 is below home by a whole die.
    check(board_of<BounceBack>(20, jumps), LoadedDice<>({1, 1, 0, 1, 1, 1, 1}));
    check(board_of<OvershootWins>(1, {}), FairDice<>());
    check(board_of<BounceBack>(2, {}), FairDice<>({.sides = 2}));
    check(board_of<ExactFinish>(7, {{3, 1}}), FairDice<>());
}

TEST_CASE("a distribution's moments are solved when first asked for, from a board of its own",
          "[analysis][distribution]") {
    // The board the distribution was made from is gone before the moments are asked for; copies
    // made before share the one solve, and so give the very same numbers.
    auto board = std::make_unique<Board<>>(classic());
    const LengthDistribution lengths = length_distribution(*board, FairDice<>());
    const LengthDistribution copy = lengths; // NOLINT(performance-unnecessary-copy-initialization)
    board.reset();
    CHECK(copy.mean() == Approx(39.598365640208193).epsilon(1e-12));
    CHECK(lengths.mean() == copy.mean());
    CHECK(lengths.variance() == copy.variance());
    CHECK(lengths.standard_deviation() == Approx(25.6).margin(0.005)); // README: sd 25.60

    // One square, one die: the geometric law again, asked for after its board is gone.
    auto one_square = std::make_unique<Board<>>(board_of<ExactFinish>(1, {}));
    const LengthDistribution geometric = length_distribution(*one_square, FairDice<>());
    one_square.reset();
    CHECK(geometric.variance() == Approx(30.0).epsilon(1e-13));
    CHECK(geometric.mean() == Approx(6.0).epsilon(1e-14));

    // A default-constructed distribution has no game and no moments to solve.
    const LengthDistribution none;
    CHECK(none.mean() == 0.0);
    CHECK(none.variance() == 0.0);
}

TEST_CASE("expected_turns with many rolls is heard while the chain is built and within a sweep",
          "[analysis][progress]") {
    // 4,096 squares without jumps and a die of 1,024 faces. The clock is read once 2^20 rolls
    // have been followed. Building the chain follows the 1,024 rolls of each of the 4,096 squares:
    // 4 reports, the method not yet chosen (`automatic`, no sweep). Nothing can fall back, so
    // the solve is direct with no unknown: one sweep, again 4,096 squares of 1,024 rolls, 4
    // reports inside it, then the sweep counted and the end.
    const Board<> wide({}, GameConfig<>({.size = 4096}));
    const FairDice<> die(DiceShape{.sides = 1024});
    std::vector<SolveProgress> seen;
    SolveOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.progress = [&seen](const SolveProgress& progress) { seen.push_back(progress); };
    const ExpectedTurns exact = expected_turns(wide, die, options);
    REQUIRE(exact.solve.method == SolveMethod::direct);
    REQUIRE(seen.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) {
        INFO("report " << i);
        CHECK(seen[i].method == (i < 4 ? SolveMethod::automatic : SolveMethod::direct));
        CHECK(seen[i].sweeps == (i < 8 ? 0U : 1U));
    }

    struct Stop {};
    options.progress = [](const SolveProgress&) { throw Stop{}; };
    CHECK_THROWS_AS(expected_turns(wide, die, options), Stop);
}

TEST_CASE("length_distribution reports its progress, and a progress callback can stop it",
          "[analysis][distribution]") {
    SECTION("every 64 turns with no interval, then once at the end") {
        std::vector<std::int64_t> turns;
        std::vector<double> running;
        const LengthDistribution lengths =
            length_distribution(classic(), FairDice<>(),
                                {.progress =
                                     [&](std::int64_t t, double r) {
                                         turns.push_back(t);
                                         running.push_back(r);
                                     },
                                 .progress_interval = std::chrono::milliseconds(0)});
        REQUIRE(lengths.turns() == 869); // the classic board's table (1e-15 left)
        REQUIRE(turns.size() == 869 / 64 + 1);
        for (std::size_t i = 0; i + 1 < turns.size(); ++i) {
            CHECK(turns[i] == static_cast<std::int64_t>(64 * (i + 1) - 1));
            CHECK(running[i] == lengths.probability_longer_than(turns[i]));
        }
        CHECK(turns.back() == 869);
        CHECK(running.back() == lengths.tail_mass());
    }
    SECTION("an exception from the callback reaches the caller") {
        struct Stop {};
        CHECK_THROWS_AS(length_distribution(classic(), FairDice<>(),
                                            {.progress = [](std::int64_t, double) { throw Stop{}; },
                                             .progress_interval = std::chrono::milliseconds(0)}),
                        Stop);
    }
    SECTION("a negative interval is refused") {
        REQUIRE_THROWS_WITH(
            length_distribution(classic(), FairDice<>(),
                                {.progress_interval = std::chrono::milliseconds(-1)}),
            SL_CONTAINS("progress_interval must not be negative, got -1 ms"));
    }
}

TEST_CASE("seat chances", "[analysis][seats]") {
    const FairDice<> d6;
    SECTION("two players on the classic board: the first seat has the edge") {
        const SeatChances seats = seat_chances(classic(), d6, 2);
        REQUIRE(seats.win_probability.size() == 2);
        CHECK(seats.win_probability[0] + seats.win_probability[1] == Approx(1.0).epsilon(1e-13));
        CHECK(seats.undecided < 1e-29);
        // Cross-checked by the brute-force race on the players' joint squares (below).
        CHECK(seats.win_probability[0] == Approx(0.507802773460912).epsilon(1e-12));
        const auto [wins, moves] = brute_force_race(classic(), d6.face_probabilities(), 2);
        CHECK(seats.win_probability[0] == Approx(wins[0]).epsilon(1e-12));
        CHECK(seats.win_probability[1] == Approx(wins[1]).epsilon(1e-12));
        CHECK(seats.expected_turns == Approx(moves).epsilon(1e-12));
    }
    SECTION("three players on a small board with two dice, against the brute-force race") {
        const auto board = board_of<BounceBack>(9, {{4, 7}, {8, 2}});
        const FairDice<> two_dice({.sides = 3, .count = 2});
        const SeatChances seats = seat_chances(board, two_dice, 3);
        const auto [wins, moves] = brute_force_race(board, two_dice.face_probabilities(), 3);
        double total = 0.0;
        for (std::size_t seat = 0; seat < 3; ++seat) {
            CHECK(seats.win_probability[seat] == Approx(wins[seat]).epsilon(1e-12));
            total += seats.win_probability[seat];
        }
        CHECK(total == Approx(1.0).epsilon(1e-13));
        CHECK(seats.win_probability[0] > seats.win_probability[1]);
        CHECK(seats.win_probability[1] > seats.win_probability[2]);
        CHECK(seats.expected_turns == Approx(moves).epsilon(1e-12));
    }
    SECTION("one player always wins, in the expected number of turns") {
        const SeatChances seats = seat_chances(classic(), d6, 1);
        REQUIRE(seats.win_probability.size() == 1);
        CHECK(seats.win_probability[0] == Approx(1.0).epsilon(1e-14));
        CHECK(seats.expected_turns == Approx(39.598365640208193).epsilon(1e-12));
    }
    SECTION("a number of players that makes no game is refused") {
        REQUIRE_THROWS_AS(seat_chances(classic(), d6, 0), InvalidConfig);
        REQUIRE_THROWS_WITH(seat_chances(length_distribution(classic(), d6), -1),
                            SL_CONTAINS("got -1"));
    }
}
