// Optimal play (optimal_play.hpp): one player's optimal policy worked out by hand on small boards,
// against an independent value iteration on random boards, against the published classic figure,
// and against games played with the policy through the decision model; two players' equilibrium
// worked out by hand (with a jump's start no token stands on, and with games that never end)
// and against an independent iteration over Board::step on 300 random boards under every chain
// rule, the best reply to a policy played out, and the refusals of both.
#include "support/catch.hpp"
#include "support/support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fmt/ranges.h>
#include <limits>
#include <random>
#include <snakeladder/analysis/analysis.hpp>
#include <snakeladder/analysis/optimal_play.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/turn/decisions.hpp>
#include <utility>
#include <vector>

using namespace snakeladder;
using support::small_board;
using support::three_dice;

TEST_CASE("optimal play on small boards, worked out by hand", "[decisions][optimal]") {
    const Board<> board = small_board();

    SECTION("a coin, with the choice to stay") {
        // Staying on square 2 after a 1 (which would lead to 1) gives V(2) = 1 + V(2)/2 = 2;
        // then V(1) = 1 + 2/2 + V(1)/2 = 4 and V(0) = 1 + 4/2 + 2/2 = 4. Always moving gives
        // V(2) = 1 + V(1)/2, V(1) = 1 + V(2)/2 + V(1)/2: V(2) = 4, V(1) = 6, V(0) = 6.
        const OptimalPolicy policy =
            optimal_policy(board, Choices<LoadedDice<>>{{LoadedDice<>({1, 1})}, true});
        CHECK(policy.turns() == Approx(4.0).epsilon(1e-12));
        CHECK(policy.expected_turns[1] == Approx(4.0).epsilon(1e-12));
        CHECK(policy.expected_turns[2] == Approx(2.0).epsilon(1e-12));
        CHECK(policy.expected_turns[4] == 0.0);
        CHECK(policy.stays(2, 1));
        CHECK(!policy.stays(2, 2));
        CHECK(!policy.stays(1, 1));
        CHECK(policy.default_turns == Approx(6.0).epsilon(1e-12));
        CHECK(policy.gain() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.residual < 1e-12);
        CHECK(policy.iterations >= 2);
    }
    SECTION("three dice to pick from, no stay") {
        // From 2 the sure 2 is home: V(2) = 1. From 1 the sure 1 gives 1 + V(2) = 2 (the coin
        // 1 + 1/2 + V(1)/2 = 2.5, the sure 2 slides back to 1 for ever). From 0 the sure 2 gives
        // 1 + V(2) = 2 (the sure 1: 3, the coin: 2.5). Default play is the coin: 6.
        const OptimalPolicy policy =
            optimal_policy(board, Choices<LoadedDice<>>{three_dice(), false});
        CHECK(policy.turns() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.dice[0] == 2);
        CHECK(policy.dice[1] == 1);
        CHECK(policy.dice[2] == 2);
        CHECK(policy.expected_turns[1] == Approx(2.0).epsilon(1e-12));
        CHECK(policy.default_turns == Approx(6.0).epsilon(1e-12));
        CHECK(policy.gain() == Approx(4.0).epsilon(1e-12));
        CHECK(policy.stay.empty());
        CHECK(!policy.stays(1, 1));
    }
    SECTION("default play that never ends, and no play at all that ends") {
        // 3 squares, exact finish. Always 2: 0 -> 2, then blocked for ever.
        const Board<> three({}, {.size = 3});
        const OptimalPolicy policy = optimal_policy(
            three, Choices<LoadedDice<>>{{LoadedDice<>({0, 1}), LoadedDice<>({1})}, false});
        CHECK(policy.turns() == Approx(2.0).epsilon(1e-12));
        CHECK(policy.dice[2] == 1);
        CHECK(policy.default_turns == std::numeric_limits<double>::infinity());
        for (const bool may_stay : {false, true}) {
            CHECK(message_of<InvalidConfig>([&] {
                      (void)optimal_policy(three,
                                           Choices<LoadedDice<>>{{LoadedDice<>({0, 1})}, may_stay});
                  }) == "optimal_policy: no way of playing these choices on this board brings a "
                        "token home surely from square 0 (some roll leads where home can never "
                        "be reached)");
        }
    }
}

namespace {

// An independent answer: value iteration on the Bellman equations, square by square from the
// top, until the values stop changing.
std::vector<double> value_iteration(const Board<>& board,
                                    const std::vector<std::vector<double>>& dice_odds,
                                    bool may_stay) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> v(n + 1, 0.0);
    for (int sweep = 0; sweep < 200000; ++sweep) {
        double change = 0.0;
        for (std::size_t s = n; s-- > 0;) {
            double best = std::numeric_limits<double>::infinity();
            for (const std::vector<double>& odds : dice_odds) {
                double q = 1.0;
                for (std::size_t r = 1; r < odds.size(); ++r) {
                    const double moved = v[static_cast<std::size_t>(
                        board.advance(static_cast<Square>(s), static_cast<int>(r)))];
                    q += odds[r] * (may_stay ? std::min(moved, v[s]) : moved);
                }
                best = std::min(best, q);
            }
            change = std::max(change, std::abs(best - v[s]));
            v[s] = best;
        }
        if (change < 1e-13) {
            break;
        }
    }
    // A jump's start is worth what landing on it is worth: the value where a step of 1 from
    // the square before it ends (no overshoot: it is below home).
    for (std::size_t s = 1; s < n; ++s) {
        const Move landing = board.step(static_cast<Square>(s) - 1, 1);
        v[s] = v[static_cast<std::size_t>(landing.end)];
    }
    return v;
}

// A random board of `size` squares under RejectChains: distinct starts, no end on a start.
Board<> random_small_board(std::mt19937& engine, int size, int jumps) {
    std::vector<Jump> list;
    std::vector<bool> used(static_cast<std::size_t>(size) + 1, false);
    std::uniform_int_distribution<int> square(1, size - 1);
    for (int tries = 0; tries < 200 && static_cast<int>(list.size()) < jumps; ++tries) {
        const int start = square(engine);
        const int end = std::uniform_int_distribution<int>(1, size)(engine);
        if (start == end || used[static_cast<std::size_t>(start)] ||
            used[static_cast<std::size_t>(end)]) {
            continue;
        }
        used[static_cast<std::size_t>(start)] = true;
        used[static_cast<std::size_t>(end)] = true;
        list.push_back({start, end});
    }
    return Board<>(list, {.size = size});
}

} // namespace

TEST_CASE("optimal play against an independent value iteration on random boards",
          "[decisions][optimal]") {
    std::mt19937 engine(20261204); // the same numbers with every standard library
    for (int round = 0; round < 30; ++round) {
        const int size = std::uniform_int_distribution<int>(5, 40)(engine);
        const Board<> board = random_small_board(engine, size, size / 5);
        const bool may_stay = round % 2 == 0;
        // A fair die, two of them, and a die loaded towards 1.
        const Choices<LoadedDice<>> choices{{LoadedDice<>({1, 1, 1, 1, 1, 1}),
                                             LoadedDice<>({0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}),
                                             LoadedDice<>({5, 1, 1})},
                                            may_stay};
        std::vector<std::vector<double>> odds;
        for (const LoadedDice<>& dice : choices.dice) {
            const auto faces = dice.face_probabilities();
            odds.emplace_back(faces.begin(), faces.end());
        }
        const std::vector<double> expected = value_iteration(board, odds, may_stay);
        const OptimalPolicy policy = optimal_policy(board, choices);
        INFO("round " << round << ", " << size << " squares");
        for (std::size_t s = 0; s <= static_cast<std::size_t>(size); ++s) {
            CHECK(policy.expected_turns[s] == Approx(expected[s]).epsilon(1e-9));
        }
        CHECK(policy.residual < 1e-9);
        CHECK(policy.turns() <= policy.default_turns * (1 + 1e-12));
    }
}

TEST_CASE("optimal play with one die and no stay is the classic game's figure",
          "[decisions][optimal]") {
    const OptimalPolicy policy = optimal_policy(classic(), Choices<FairDice<>>{{FairDice<>()}});
    // Published (DESIGN.md, "reference figures"): 39.5983656...
    CHECK(policy.turns() == Approx(39.598365640).epsilon(1e-10));
    CHECK(policy.gain() == Approx(0.0).margin(1e-9));
    CHECK(policy.iterations == 1);
}

TEST_CASE("games played with the optimal policy take its expected turns", "[decisions][optimal]") {
    // The classic board, a die or two of them before each roll, and the choice to stay.
    const Board<> board = classic();
    const Choices<FairDice<>> choices{
        {FairDice<>({.sides = 6}), FairDice<>({.sides = 6, .count = 2})}, true};
    const OptimalPolicy policy = optimal_policy(board, choices);
    CHECK(policy.turns() < policy.default_turns);
    CHECK(policy.residual < 1e-9);

    std::vector<FairDice<>> dice{FairDice<>::seeded(7, {.sides = 6}),
                                 FairDice<>::seeded(8, {.sides = 6, .count = 2})};
    constexpr int games = 20000;
    double sum = 0.0;
    double squares = 0.0;
    for (int game = 0; game < games; ++game) {
        DecisionState state = new_decision_state(choices, 1);
        while (!state.is_over()) {
            if (state.is_chance_point()) {
                state = apply_chance(board, choices, state, dice[state.dice].roll()).state;
            } else {
                const Action action = policy.action(state);
                const std::vector<Action> legal = legal_actions(choices, state);
                REQUIRE(std::find(legal.begin(), legal.end(), action) != legal.end());
                state = apply_action(board, choices, state, action).state;
            }
        }
        const auto turns = static_cast<double>(state.game.turns_played);
        sum += turns;
        squares += turns * turns;
    }
    const double mean = sum / games;
    const double standard_error = std::sqrt((squares / games - mean * mean) / games);
    INFO("mean " << mean << ", expected " << policy.turns() << ", standard error "
                 << standard_error);
    CHECK(std::abs(mean - policy.turns()) < 4 * standard_error);
    CHECK(message_of<InvalidConfig>([&] {
              (void)policy.action(new_decision_state(Choices<FairDice<>>{{FairDice<>()}}, 1));
          }) == "OptimalPolicy::action: nobody decides here (a chance point or the end of the "
                "game)");
}

TEST_CASE("optimal play refuses boards past its limit, naming the count", "[decisions][optimal]") {
    const Board<> big({}, {.size = 4'000'000});
    CHECK(message_of<AnalysisLimitExceeded>([&] {
              (void)optimal_policy(big, Choices<FairDice<>>{{FairDice<>()}});
          }) == "optimal_policy: 4000000 squares times the rolls of the 1 dice to choose from make "
                "24000000 states and rolls, more than the limit of 2e+07; give fewer dice to "
                "choose from or a smaller board");
    // The count, the limit and what to do instead, apart from the message.
    const auto too_big = thrown_by<AnalysisLimitExceeded>(
        [&] { (void)optimal_policy(big, Choices<FairDice<>>{{FairDice<>()}}); });
    CHECK(too_big.count() == 24'000'000.0);
    CHECK(too_big.limit() == 2e7);
    CHECK(too_big.instead() == "give fewer dice to choose from or a smaller board");
    // Dice of faces 1 and 1,000: two rolls, but a stay to keep for every roll up to 1,000.
    std::vector<std::int64_t> weights(1000, 0);
    weights.front() = 1;
    weights.back() = 1;
    const Choices<LoadedDice<>> far{{LoadedDice<>(weights)}, true};
    const Board<> medium({}, {.size = 30'000});
    CHECK(message_of<AnalysisLimitExceeded>([&] { (void)optimal_policy(medium, far); }) ==
          "optimal_policy: with stays allowed, every roll up to the highest (1000) on each of "
          "30000 squares makes 30030000 decisions to keep, more than the limit of 2e+07; allow "
          "no stay, or give dice of fewer faces");
    const auto stays = thrown_by<AnalysisLimitExceeded>(
        [&] { (void)two_player_equilibrium(Board<>({}, {.size = 200}), far); });
    CHECK(std::string(stays.what()) ==
          "two_player_equilibrium: with stays allowed, every roll up to the highest (1000) on "
          "each of 40000 joint states makes 40040000 decisions to keep, more than the limit of "
          "2e+07; allow no stay, or give dice of fewer faces");
    CHECK(stays.count() == 40'040'000.0); // 200^2 joint states x 1,001 rolls 0..1000
    CHECK(stays.limit() == 2e7);
}

TEST_CASE("a policy asked about a state it does not cover says so", "[decisions][optimal]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};
    const OptimalPolicy policy = optimal_policy(board, choices);
    DecisionState state = new_decision_state(choices, 2);
    CHECK(policy.action(state) == Action::roll_with(2));
    state.game.seat_due = 5;
    CHECK(message_of<InvalidConfig>([&] { (void)policy.action(state); }) ==
          "OptimalPolicy::action: the seat due (5) is not on a square below home of the board "
          "this policy was solved for (4 squares)");
    state.game.seat_due = 0;
    state.game.squares[0] = 4; // home
    CHECK(message_of<InvalidConfig>([&] { (void)policy.action(state); }) ==
          "OptimalPolicy::action: the seat due (0) is not on a square below home of the board "
          "this policy was solved for (4 squares)");
    // Rolls past the highest are never stays, nor do they read another square's.
    CHECK(policy.stays(2, 1));
    CHECK(!policy.stays(1, 3));
    CHECK(!policy.stays(-1, 1));
    CHECK(!policy.stays(9, 1));

    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    DecisionState two = new_decision_state(choices, 2);
    two.game.squares[1] = 7;
    CHECK(message_of<InvalidConfig>([&] { (void)duel.action(two); }) ==
          "TwoPlayerPolicy::action: squares 0 and 7 are not both below home of the board this "
          "policy was solved for (4 squares)");
    CHECK(!duel.stays(0, 0, 3));
    CHECK(!duel.stays(0, 4, 1));
}

// --- Two players ---------------------------------------------------------------------------------

TEST_CASE("two players' equilibrium on a 2-square board, worked out by hand", "[decisions][duel]") {
    const Board<> two({}, {.size = 2});
    SECTION("a coin: every position is won 2/3 of the time by the player to move") {
        // From 1: a 1 wins, a 2 is blocked; from 0: a 2 wins, a 1 goes to 1. W(1,1) = 1/2 +
        // (1 - W(1,1))/2 = 2/3; W(0,1) = 1/2 + (1 - W(1,1))/2 = 2/3; W(0,0) = 1/2 + (1 - W(0,1))/2
        // = 2/3; W(1,0) = 1/2 + (1 - W(0,1))/2 = 2/3.
        const TwoPlayerPolicy duel =
            two_player_equilibrium(two, Choices<LoadedDice<>>{{LoadedDice<>({1, 1})}, false});
        for (const Square own : {0, 1}) {
            for (const Square other : {0, 1}) {
                CHECK(duel.win_from(own, other) == Approx(2.0 / 3.0).epsilon(1e-12));
            }
        }
        CHECK(duel.win_chance == Approx(2.0 / 3.0).epsilon(1e-12));
        CHECK(duel.residual <= 1e-13);
    }
    SECTION("a coin or a sure 2: from 0 the sure 2 wins at once") {
        // W(0, b) = 1 with the sure 2. From 1 only the coin gets home: W(1,1) = 2/3 as above,
        // W(1,0) = 1/2 + (1 - W(0,1))/2 = 1/2.
        const TwoPlayerPolicy duel = two_player_equilibrium(
            two, Choices<LoadedDice<>>{{LoadedDice<>({1, 1}), LoadedDice<>({0, 1})}, false});
        CHECK(duel.win_from(0, 0) == 1.0);
        CHECK(duel.win_from(0, 1) == 1.0);
        CHECK(duel.win_from(1, 1) == Approx(2.0 / 3.0).epsilon(1e-12));
        CHECK(duel.win_from(1, 0) == Approx(0.5).epsilon(1e-12));
        CHECK(duel.dice[duel.index(0, 0)] == 1);
        CHECK(duel.dice[duel.index(1, 0)] == 0);
        CHECK(duel.win_chance == 1.0);
    }
}

namespace {

// An independent answer for two players, over Board::step alone: plain (Jacobi) value
// iteration on both chances of every position (a, b), the player to move on a and the other on
// b: own, the mover's chance to win, and other, the other's. A game in which neither ever gets
// home is won by nobody, so the two chances are iterated apart. The positions are those of the
// squares a token can stand on: 0, and wherever a move that is not blocked ends.
struct DuelAnswer {
    std::vector<double> own;
    std::vector<double> other;
    std::vector<bool> rests;
    int sweeps = 0;
};

template <class Config>
DuelAnswer duel_iteration(const BasicBoard<Config>& board,
                          const std::vector<std::vector<double>>& dice_odds, bool may_stay) {
    const auto n = static_cast<std::size_t>(board.size());
    std::size_t highest = 0;
    for (const std::vector<double>& odds : dice_odds) {
        highest = std::max(highest, odds.size() - 1);
    }
    // moves[a * (highest + 1) + r]: the Move of roll r from square a.
    std::vector<Move> moves;
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t r = 0; r <= highest; ++r) {
            moves.push_back(
                board.step(static_cast<Square>(a), static_cast<int>(std::max<std::size_t>(r, 1))));
        }
    }
    DuelAnswer answer;
    answer.rests.assign(n, false);
    answer.rests[0] = true;
    for (Square from = 0; from < board.size(); ++from) {
        for (Square roll = 1; roll <= board.size(); ++roll) {
            const Move move = board.step(from, roll);
            if (!move.blocked && !move.home) {
                answer.rests[static_cast<std::size_t>(move.end)] = true;
            }
        }
    }
    answer.own.assign(n * n, 0.0);
    answer.other.assign(n * n, 0.0);
    std::vector<double> own = answer.own;
    std::vector<double> other = answer.other;
    for (; answer.sweeps < 200000; ++answer.sweeps) {
        double change = 0.0;
        for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t b = 0; b < n; ++b) {
                if (!answer.rests[a] || !answer.rests[b]) {
                    continue;
                }
                double best_own = -1.0;
                double best_other = 0.0;
                for (const std::vector<double>& odds : dice_odds) {
                    double q_own = 0.0;
                    double q_other = 0.0;
                    for (std::size_t r = 1; r < odds.size(); ++r) {
                        const Move& move = moves[a * (highest + 1) + r];
                        if (move.home) {
                            q_own += odds[r];
                            continue;
                        }
                        auto end = static_cast<std::size_t>(move.end);
                        if (may_stay && answer.other[b * n + a] > answer.other[b * n + end]) {
                            end = a;
                        }
                        q_own += odds[r] * answer.other[b * n + end];
                        q_other += odds[r] * answer.own[b * n + end];
                    }
                    if (q_own > best_own) { // ties: the first dice
                        best_own = q_own;
                        best_other = q_other;
                    }
                }
                own[a * n + b] = best_own;
                other[a * n + b] = best_other;
                change = std::max({change, std::abs(best_own - answer.own[a * n + b]),
                                   std::abs(best_other - answer.other[a * n + b])});
            }
        }
        std::swap(own, answer.own);
        std::swap(other, answer.other);
        if (change < 1e-15) {
            break;
        }
    }
    return answer;
}

std::vector<std::vector<double>> odds_of(const std::vector<LoadedDice<>>& dice) {
    std::vector<std::vector<double>> odds;
    for (const LoadedDice<>& one : dice) {
        const auto faces = one.face_probabilities();
        odds.emplace_back(faces.begin(), faces.end());
    }
    return odds;
}

// A random board of `size` squares under the chain rule of Config: distinct starts, ends
// anywhere; a jump map the rule refuses is drawn again.
template <class Config>
BasicBoard<Config> random_chain_board(std::mt19937& engine, int size, int jumps) {
    for (;;) {
        std::vector<Jump> list;
        std::vector<bool> used(static_cast<std::size_t>(size) + 1, false);
        for (int tries = 0; tries < 50 && static_cast<int>(list.size()) < jumps; ++tries) {
            const int start = std::uniform_int_distribution<int>(1, size - 1)(engine);
            const int end = std::uniform_int_distribution<int>(1, size)(engine);
            if (start != end && !used[static_cast<std::size_t>(start)]) {
                used[static_cast<std::size_t>(start)] = true;
                list.push_back({start, end});
            }
        }
        try {
            return BasicBoard<Config>(list, Config({.size = size}));
        } catch (const InvalidBoard&) {
        }
    }
}

// How many of the random boards below had what the equilibrium once got wrong.
struct DuelCoverage {
    int boards = 0;
    int with_jump_starts = 0; // squares no token stands on
    int with_draws = 0;       // a game from the start that may never end
};

template <class Config>
void check_duel_on(const BasicBoard<Config>& board, const Choices<LoadedDice<>>& choices,
                   DuelCoverage& coverage) {
    const DuelAnswer expected = duel_iteration(board, odds_of(choices.dice), choices.may_stay);
    REQUIRE(expected.sweeps < 200000);
    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    const auto n = static_cast<std::size_t>(board.size());
    REQUIRE(duel.win.size() == n * n);
    REQUIRE(duel.other_win.size() == n * n);
    INFO("jumps: " << fmt::format("{}", fmt::join(board.jumps(), ", ")));
    // A square no token stands on holds what landing on it is worth: the position where a step
    // of 1 from the square before it ends (below home, so no overshoot).
    const auto landing = [&](std::size_t s) {
        return expected.rests[s]
                   ? s
                   : static_cast<std::size_t>(board.step(static_cast<Square>(s) - 1, 1).end);
    };
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = 0; b < n; ++b) {
            INFO("position " << a << ", " << b);
            double own = 1.0; // a jump to home: won, by the player deciding if both are
            if (landing(a) != n) {
                own = landing(b) == n ? 0.0 : expected.own[landing(a) * n + landing(b)];
            }
            double other = 1.0 - own;
            if (landing(a) != n && landing(b) != n) {
                other = expected.other[landing(a) * n + landing(b)];
            }
            CHECK(duel.win[a * n + b] == Approx(own).margin(1e-9));
            CHECK(duel.other_win[a * n + b] == Approx(other).margin(1e-9));
        }
    }
    CHECK(duel.win_chance == Approx(expected.own[0]).margin(1e-9));
    CHECK(duel.other_win_chance == Approx(expected.other[0]).margin(1e-9));
    // Each seat's best reply to the equilibrium does no better than the equilibrium itself.
    const TwoPlayerPolicy first = best_reply(board, choices, duel, 0);
    const TwoPlayerPolicy second = best_reply(board, choices, duel, 1);
    CHECK(first.win_chance == Approx(expected.own[0]).margin(1e-9));
    CHECK(second.win_chance == Approx(expected.other[0]).margin(1e-9));
    ++coverage.boards;
    coverage.with_jump_starts +=
        std::find(expected.rests.begin(), expected.rests.end(), false) != expected.rests.end();
    coverage.with_draws += expected.own[0] + expected.other[0] < 1.0 - 1e-9;
}

} // namespace

TEST_CASE("two players on a board with a jump's start and on one that may never end, by hand",
          "[decisions][duel]") {
    SECTION("3 squares, snake 2-1, always a 2: the first player wins") {
        // Square 2 is a snake's head: no token stands on it, and from it a 2 is blocked. From
        // 0 a 2 slides to 1, and from 1 a 2 is home. W(1, b) = 1; W(0, 0) = 1 - W(0, 1) with
        // W(0, 1) = 1 - W(1, 1) = 0, so W(0, 0) = 1. Square 2 counts as 1.
        const Board<> board({Jump{2, 1}}, {.size = 3});
        const Choices<LoadedDice<>> choices{{LoadedDice<>({0, 1})}, false};
        const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
        const std::array<std::array<double, 3>, 3> w{{{1, 0, 0}, {1, 1, 1}, {1, 1, 1}}};
        for (Square own = 0; own < 3; ++own) {
            for (Square other = 0; other < 3; ++other) {
                INFO(own << ", " << other);
                CHECK(duel.win_from(own, other) ==
                      w[static_cast<std::size_t>(own)][static_cast<std::size_t>(other)]);
                CHECK(duel.other_win_from(own, other) ==
                      1 - w[static_cast<std::size_t>(own)][static_cast<std::size_t>(other)]);
            }
        }
        CHECK(duel.win_chance == 1.0);
        CHECK(duel.other_win_chance == 0.0);
        CHECK(duel.residual == 0.0);
        CHECK(best_reply(board, choices, duel, 1).win_chance == 0.0);
        // Alone: 2 turns from 0, 1 from 1, and the snake's head is worth where it leads.
        const OptimalPolicy alone = optimal_policy(board, choices);
        CHECK(alone.expected_turns == std::vector<double>{2, 1, 1, 0});
    }
    SECTION("3 squares, a 2 or a 3: a 3 wins from 0, and a 2 is stuck on 2 for ever") {
        // W(2, b) = L(b, 2) and L(2, b) = W(b, 2): both 0 at (2, 2), where nobody wins.
        // W(0, 2) = 1/2 + L(2, 2)/2 = 1/2, L(0, 2) = W(2, 2)/2 = 0; W(2, 0) = L(0, 2) = 0,
        // L(2, 0) = W(0, 2) = 1/2; W(0, 0) = 1/2 + L(0, 2)/2 = 1/2, L(0, 0) = W(0, 2)/2 = 1/4.
        const Board<> board({}, {.size = 3});
        const Choices<LoadedDice<>> choices{{LoadedDice<>({0, 1, 1})}, false};
        const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
        CHECK(duel.win_from(2, 2) == 0.0);
        CHECK(duel.other_win_from(2, 2) == 0.0);
        CHECK(duel.win_from(0, 2) == 0.5);
        CHECK(duel.other_win_from(0, 2) == 0.0);
        CHECK(duel.win_from(2, 0) == 0.0);
        CHECK(duel.other_win_from(2, 0) == 0.5);
        CHECK(duel.win_chance == 0.5);
        CHECK(duel.other_win_chance == 0.25);
        for (const std::uint32_t seat : {0U, 1U}) {
            const TwoPlayerPolicy reply = best_reply(board, choices, duel, seat);
            CHECK(reply.win_chance == (seat == 0 ? 0.5 : 0.25));
            CHECK(reply.other_win_chance == (seat == 0 ? 0.25 : 0.5));
        }
        // The seat chances say the same: 1/2, 1/4, and 1/4 that nobody gets home.
        const SeatChances seats = seat_chances(board, LoadedDice<>({0, 1, 1}), 2);
        CHECK(seats.win_probability[0] == Approx(0.5).margin(1e-12));
        CHECK(seats.win_probability[1] == Approx(0.25).margin(1e-12));
    }
}

TEST_CASE("two players' equilibrium against an independent iteration over Board::step",
          "[decisions][duel]") {
    std::mt19937 engine(4122026);
    // A fair die, a coin, and dice with gaps and zero weights: always 2, a 2 or a 3, a 1 or a
    // 4, a 3 or a 5, and one loaded towards 1.
    const std::vector<LoadedDice<>> pool{LoadedDice<>({1, 1, 1, 1, 1, 1}),
                                         LoadedDice<>({1, 1}),
                                         LoadedDice<>({0, 1}),
                                         LoadedDice<>({0, 1, 1}),
                                         LoadedDice<>({1, 0, 0, 1}),
                                         LoadedDice<>({0, 0, 1, 0, 1}),
                                         LoadedDice<>({3, 1})};
    DuelCoverage coverage;
    for (int round = 0; round < 300; ++round) {
        const int size = std::uniform_int_distribution<int>(2, 10)(engine);
        const int jumps = std::uniform_int_distribution<int>(0, size / 2)(engine);
        std::vector<LoadedDice<>> dice;
        const int count = std::uniform_int_distribution<int>(1, 3)(engine);
        dice.reserve(static_cast<std::size_t>(count));
        for (int d = 0; d < count; ++d) {
            dice.push_back(
                pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(engine)]);
        }
        const Choices<LoadedDice<>> choices{dice, round % 2 == 1};
        INFO("round " << round << ", " << size << " squares");
        switch (round % 4) {
        case 0:
            check_duel_on(random_small_board(engine, size, jumps), choices, coverage);
            break;
        case 1:
            check_duel_on(
                random_chain_board<GameConfig<ExactFinish, FollowChains>>(engine, size, jumps),
                choices, coverage);
            break;
        case 2:
            check_duel_on(
                random_chain_board<GameConfig<ExactFinish, SingleJump>>(engine, size, jumps),
                choices, coverage);
            break;
        default:
            check_duel_on(
                random_chain_board<GameConfig<BounceBack, RejectChains>>(engine, size, jumps),
                choices, coverage);
            break;
        }
    }
    // The cases the equilibrium once refused or got wrong are among them.
    CHECK(coverage.boards == 300);
    CHECK(coverage.with_jump_starts >= 150);
    CHECK(coverage.with_draws >= 20);
}

TEST_CASE("with one die and no decisions, the equilibrium is the seat chances",
          "[decisions][duel]") {
    const Board<> board = classic();
    const TwoPlayerPolicy duel =
        two_player_equilibrium(board, Choices<FairDice<>>{{FairDice<>()}, false});
    const SeatChances seats = seat_chances(board, FairDice<>(), 2);
    CHECK(duel.win_chance == Approx(seats.win_probability[0]).margin(1e-10));
}

TEST_CASE("a best reply to the one-player optimum, played out", "[decisions][duel]") {
    // The classic board, one die or two, and the choice to stay. The opponent plays the policy
    // that is best alone; the responder knows it and exploits it.
    const Board<> board = classic();
    const Choices<FairDice<>> choices{
        {FairDice<>({.sides = 6}), FairDice<>({.sides = 6, .count = 2})}, true};
    const OptimalPolicy alone = optimal_policy(board, choices);
    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    for (const std::uint32_t seat : {0U, 1U}) {
        const TwoPlayerPolicy reply = best_reply(board, choices, alone, seat);
        const double minimax = seat == 0 ? duel.win_chance : 1.0 - duel.win_chance;
        CHECK(reply.win_chance >= minimax - 1e-9);
        CHECK(reply.residual <= 1e-13);

        std::vector<FairDice<>> dice{FairDice<>::seeded(11 + seat, {.sides = 6}),
                                     FairDice<>::seeded(13 + seat, {.sides = 6, .count = 2})};
        constexpr int games = 20000;
        int won = 0;
        for (int game = 0; game < games; ++game) {
            DecisionState state = new_decision_state(choices, 2);
            while (!state.is_over()) {
                if (state.is_chance_point()) {
                    state = apply_chance(board, choices, state, dice[state.dice].roll()).state;
                } else {
                    const Action action =
                        state.seat_due() == seat ? reply.action(state) : alone.action(state);
                    state = apply_action(board, choices, state, action).state;
                }
            }
            won += state.game.finish_order.front() == seat ? 1 : 0;
        }
        const double p = reply.win_chance;
        const double standard_error = std::sqrt(p * (1 - p) / games);
        INFO("seat " << seat << ": won " << won << " of " << games << ", expected " << p);
        CHECK(std::abs(won / static_cast<double>(games) - p) < 4 * standard_error);
    }
}

namespace {

// An opponent that answers a stay where it must pick dice.
struct StubbornPolicy {
    [[nodiscard]] Action action(const DecisionState& /*state*/) const { return Action::stay(); }
};
static_assert(Policy<StubbornPolicy>);
static_assert(Policy<OptimalPolicy>);
static_assert(Policy<TwoPlayerPolicy>);

} // namespace

TEST_CASE("optimal play that cannot settle in its rounds says so, with the residual",
          "[decisions][optimal][duel]") {
    SECTION("one player: policy iteration that improves one square a round") {
        // 2,200 squares; from each of 1,100..2,199 a ladder goes home. Dice A rolls 1,100 one
        // time in 2,000 (up a ladder, home) and else 2,201 (past home: the token stays), so
        // from any square below 1,100 it takes 2,000 turns on average. Dice B always rolls 1.
        // Policy iteration starts on A everywhere (the first dice). Each round, only the square
        // just below the ones already on B gains by B: from 1,099 one turn, from 1,098 two,
        // and so on, while a square whose next one is still on A gains nothing (1 + 2,000
        // turns). After 1,000 rounds 1,000 squares are on B; the last round's values still
        // say 2,000 turns from square 99 against 1 + 999 = 1,000 by B: the residual is 1,000.
        constexpr int ladders_from = 1100;
        std::vector<Jump> ladders;
        for (int s = ladders_from; s < 2 * ladders_from; ++s) {
            ladders.push_back(Jump{s, 2 * ladders_from});
        }
        const Board<> board(ladders, {.size = 2 * ladders_from});
        std::vector<std::int64_t> weights(2 * ladders_from + 1, 0);
        weights[ladders_from - 1] = 1;
        weights.back() = 1999;
        const Choices<LoadedDice<>> choices{{LoadedDice<>(weights), LoadedDice<>({1})}, false};
        const auto stalled = thrown_by<NotConverged>([&] { (void)optimal_policy(board, choices); });
        CHECK(stalled.residual() == Approx(1000.0).epsilon(1e-9));
        CHECK(std::string(stalled.what()) == "optimal_policy: policy iteration did not settle in "
                                             "1000 rounds on 2200 squares");
        // The same board settles when the chain is shorter than the rounds: 500 squares of
        // ladders, 501 rounds (one per square and a last that changes nothing), 500 turns.
        std::vector<Jump> fewer;
        for (int s = 500; s < 1000; ++s) {
            fewer.push_back(Jump{s, 1000});
        }
        std::vector<std::int64_t> near(1001, 0);
        near[499] = 1;
        near.back() = 1999;
        const OptimalPolicy settled =
            optimal_policy(Board<>(fewer, {.size = 1000}),
                           Choices<LoadedDice<>>{{LoadedDice<>(near), LoadedDice<>({1})}, false});
        CHECK(settled.iterations == 501);
        CHECK(settled.expected_turns[0] == Approx(500.0).epsilon(1e-12));
    }
    SECTION("two players: a game each turn ends one time in 10,000") {
        // 2 squares; the dice roll 2 (home from 0) once in 10,000 and else 3 (past home: the
        // token stays). From (0, 0) the mover's chance W and the other's L are found together,
        // W' = p + (1 - p) L and L' = (1 - p) W with p = 1/10,000, from W = 0, L = 1 (the game
        // surely ends). That map turns the error round with factor -(1 - p), so the k-th sweep
        // changes W or L by about (1 - p)^(k - 1): 0.9999^99,999 = 4.538e-5 at the last.
        const Board<> board({}, {.size = 2});
        const Choices<LoadedDice<>> choices{{LoadedDice<>({0, 1, 9999})}, false};
        const double last_change = std::pow(0.9999, 99'999.0);
        const auto stalled =
            thrown_by<NotConverged>([&] { (void)two_player_equilibrium(board, choices); });
        CHECK(stalled.residual() == Approx(last_change).epsilon(1e-6));
        CHECK_THAT(std::string(stalled.what()),
                   SL_CONTAINS("optimal play for two players did not settle in 100000 sweeps on "
                               "2 squares (last change 4.5e-05)"));
        // Once in 100: the two lines above, iterated by hand, first change by at most 1e-13 at
        // sweep 2,981, and one more sweep records the decisions. The first player's chance is
        // the fixed point W = p + (1 - p)^2 W: 1 / (2 - p) = 100 / 199.
        const TwoPlayerPolicy settled =
            two_player_equilibrium(board, Choices<LoadedDice<>>{{LoadedDice<>({0, 1, 99})}, false});
        CHECK(settled.win_chance == Approx(100.0 / 199.0).epsilon(1e-12));
        CHECK(settled.sweeps == 2982);
    }
}

TEST_CASE("two players: the refusals", "[decisions][duel]") {
    const Board<> board = small_board();
    const Choices<LoadedDice<>> choices{three_dice(), true};
    CHECK(message_of<InvalidConfig>([&] {
              (void)best_reply(board, choices, StubbornPolicy{}, 2);
          }) == "best_reply: the responder's seat is 0 or 1, got 2");
    CHECK(message_of<IllegalAction>([&] {
              (void)best_reply(board, choices, StubbornPolicy{}, 0);
          }) == "best_reply: the opponent answered stay, which is not legal at turn 1, seat 1 to "
                "roll; squares 0 0 (a pick of dice)");
    const auto answered =
        thrown_by<IllegalAction>([&] { (void)best_reply(board, choices, StubbornPolicy{}, 0); });
    CHECK(answered.action() == Action::stay());
    CHECK(answered.point() == DecisionPoint::choose_dice);
    const Board<> big({}, {.size = 2000});
    CHECK(message_of<AnalysisLimitExceeded>([&] {
              (void)two_player_equilibrium(big, Choices<FairDice<>>{{FairDice<>()}});
          }) == "two_player_equilibrium: two players on 2000 squares make 4000000 joint states, "
                "times 6 rolls over the dice: more than the limit of 2e+07 (simulate plays such "
                "games)");
    const auto too_many = thrown_by<AnalysisLimitExceeded>(
        [&] { (void)two_player_equilibrium(big, Choices<FairDice<>>{{FairDice<>()}}); });
    CHECK(too_many.count() == 24'000'000.0); // 2,000^2 joint states x 6 rolls
    CHECK(too_many.limit() == 2e7);
    CHECK(too_many.instead() == "simulate plays such games");
    const TwoPlayerPolicy duel = two_player_equilibrium(board, choices);
    CHECK(message_of<InvalidConfig>([&] { (void)duel.action(new_decision_state(choices, 3)); }) ==
          "TwoPlayerPolicy::action: it decides for the seat due of two at a decision point");
}

TEST_CASE("optimal play reports its rounds and sweeps, and a callback that throws stops it",
          "[decisions][optimal][progress]") {
    using Report = support::ProgressReport;
    std::vector<Report> reports;
    ProgressOptions options = support::recording_progress(reports);
    struct Stop {};
    ProgressOptions stopping;
    stopping.progress_interval = std::chrono::milliseconds(0);
    stopping.progress = [](std::int64_t, std::int64_t) { throw Stop{}; };

    SECTION("one die, no stay: nothing to improve, one round of at most 1,000") {
        const Choices<FairDice<>> one_die{{FairDice<>()}, false};
        (void)optimal_policy(classic(), one_die, options);
        CHECK(reports == std::vector<Report>{{1, 1'000}, {1, 1}});
        CHECK_THROWS_AS(optimal_policy(classic(), one_die, stopping), Stop);
    }
    SECTION("two players on one square where every roll wins: three sweeps") {
        // Sweep 1 sets the chance of the player due to 1 (a change of 1), sweep 2 changes
        // nothing, and sweep 3 records the decisions; at most 100,000 sweeps.
        const Board<GameConfig<OvershootWins>> one_square({},
                                                          GameConfig<OvershootWins>({.size = 1}));
        // A coin: its halves add up to 1 exactly.
        const Choices<LoadedDice<>> coin{{LoadedDice<>({1, 1})}, false};
        const TwoPlayerPolicy duel = two_player_equilibrium(one_square, coin, options);
        CHECK(duel.win_chance == 1.0);
        CHECK(reports == std::vector<Report>{{1, 100'000}, {2, 100'000}, {3, 3}});
        CHECK_THROWS_AS(two_player_equilibrium(one_square, coin, stopping), Stop);
    }
    SECTION("a negative interval is refused") {
        options.progress_interval = std::chrono::milliseconds(-1);
        CHECK_THROWS_AS(
            optimal_policy(classic(), Choices<FairDice<>>{{FairDice<>()}, false}, options),
            InvalidConfig);
    }
}
