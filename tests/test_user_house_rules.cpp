// House rules of the user's that compare at run time only: the docs' SlipperySquares with a
// hand-written `==` that is not constexpr, and the same rule holding its squares through a
// std::shared_ptr (whose `==` is not constexpr either). Both once failed to compile inside
// GameConfig's and HouseRules' defaulted constexpr `==` (clang 19 with libc++, and g++ 12 for the
// shared_ptr). Here each goes through GameConfig, HouseRules, Game, DecisionGame, apply_roll,
// simulate and every analysis call that takes house rules, against turns and figures worked out
// by hand or by an independent iteration over Board::step. This file is also compiled with
// clang++-19 -stdlib=libc++.
#include "support/catch.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace snakeladder;

namespace {

// A token that lands on one of the squares slides back 3 (not below 0).
Square slide(const std::vector<Square>& squares, Square square) {
    return std::find(squares.begin(), squares.end(), square) != squares.end()
               ? std::max(square - 3, 0)
               : square;
}

// The docs' SlipperySquares, its `==` written by hand, at run time only.
class HandComparedSlippery {
public:
    explicit HandComparedSlippery(std::vector<Square> squares) : squares_(std::move(squares)) {}
    [[nodiscard]] std::string name() const { return "HandComparedSlippery"; }
    void on_land(Landing& landing) const { landing.move_to(slide(squares_, landing.square())); }
    friend bool operator==(const HandComparedSlippery& a, const HandComparedSlippery& b) {
        return a.squares_ == b.squares_;
    }

private:
    std::vector<Square> squares_;
};

// The same rule sharing its squares: a defaulted `==` over a std::shared_ptr compares the
// pointers, at run time only.
class SharedSlippery {
public:
    explicit SharedSlippery(std::vector<Square> squares)
        : squares_(std::make_shared<const std::vector<Square>>(std::move(squares))) {}
    [[nodiscard]] std::string name() const { return "SharedSlippery"; }
    void on_land(Landing& landing) const { landing.move_to(slide(*squares_, landing.square())); }
    friend bool operator==(const SharedSlippery&, const SharedSlippery&) = default;

private:
    std::shared_ptr<const std::vector<Square>> squares_;
};

static_assert(HouseRule<HandComparedSlippery>);
static_assert(HouseRule<SharedSlippery>);

// The built-in rules still compare in constant expressions: dropping `constexpr` from a
// defaulted comparison leaves it constexpr wherever its members allow.
static_assert(GameConfig<>() == GameConfig<>());
static_assert(HouseRules<KnockBack, SixToStart>() == HouseRules<KnockBack, SixToStart>());
static_assert(GameConfig<ExactFinish, RejectChains, HouseRules<KnockBack>>() ==
              GameConfig<ExactFinish, RejectChains, HouseRules<KnockBack>>());

// 10 squares, a snake 8-2, and square 5 slippery (to 2).
const std::vector<Square> slippery{5};
Board<> test_board() {
    return Board<>({Jump{8, 2}}, {.size = 10});
}

// Where a roll from `from` leaves a token, over Board::step and the slide alone.
Square end_of(const Board<>& board, Square from, int roll) {
    return slide(slippery, board.step(from, roll).end);
}

// An independent answer: one token's expected turns from every square with a fair die, by
// Gauss-Seidel iteration over end_of.
std::vector<double> expected_by_iteration(const Board<>& board) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> v(n + 1, 0.0);
    for (int sweep = 0; sweep < 100000; ++sweep) {
        double change = 0.0;
        for (std::size_t s = n; s-- > 0;) {
            double value = 1.0;
            for (int roll = 1; roll <= 6; ++roll) {
                value +=
                    v[static_cast<std::size_t>(end_of(board, static_cast<Square>(s), roll))] / 6.0;
            }
            change = std::max(change, std::abs(value - v[s]));
            v[s] = value;
        }
        if (change < 1e-14) {
            break;
        }
    }
    return v;
}

// P(T = t) for t = 0..turns, T the turns one token takes home, by pushing the chances forward.
std::vector<double> lengths_by_propagation(const Board<>& board, int turns) {
    const auto n = static_cast<std::size_t>(board.size());
    std::vector<double> on(n, 0.0);
    on[0] = 1.0;
    std::vector<double> home(1, 0.0);
    for (int t = 1; t <= turns; ++t) {
        std::vector<double> next(n, 0.0);
        double arrived = 0.0;
        for (std::size_t s = 0; s < n; ++s) {
            for (int roll = 1; roll <= 6; ++roll) {
                const auto e =
                    static_cast<std::size_t>(end_of(board, static_cast<Square>(s), roll));
                (e == n ? arrived : next[e]) += on[s] / 6.0;
            }
        }
        on = std::move(next);
        home.push_back(arrived);
    }
    return home;
}

} // namespace

TEMPLATE_TEST_CASE("a house rule that compares at run time only goes everywhere a rule goes",
                   "[house_rules][user_rules]", HandComparedSlippery, SharedSlippery) {
    const TestType rule(slippery);
    // A copy on purpose: SharedSlippery's copies share its squares, and only they compare equal.
    const TestType copy = rule; // NOLINT(performance-unnecessary-copy-initialization)
    const TestType other(std::vector<Square>{6});

    SECTION("GameConfig and HouseRules compare it") {
        using Config = GameConfig<ExactFinish, RejectChains, TestType>;
        const Config config({.size = 10}, rule);
        CHECK(config == Config({.size = 10}, copy));
        CHECK(!(config == Config({.size = 10}, other)));
        CHECK(!(config == Config({.size = 11}, rule)));
        CHECK(config.house_rules() == rule);
        using Both = HouseRules<TestType, KnockBack>;
        CHECK(Both(rule, KnockBack{}) == Both(copy, KnockBack{}));
        CHECK(!(Both(rule, KnockBack{}) == Both(other, KnockBack{})));
        CHECK(Both(rule, KnockBack{}).name() == rule.name() + " + KnockBack");
    }

    SECTION("Game, DecisionGame and apply_roll play it") {
        // Ana rolls 5: to 5, slides to 2. Ben rolls 6: to 6. Ana rolls 6: to 8, the snake to 2.
        // Ben rolls 4: home.
        Game game(test_board(), ScriptedDice::with_faces(6, {5, 6, 6, 4}), {"Ana", "Ben"}, rule);
        const Game before(test_board(), ScriptedDice::with_faces(6, {5, 6, 6, 4}), {"Ana", "Ben"},
                          copy);
        CHECK(game == before);
        (void)game.play_turn();
        CHECK(game.position(0) == 2);
        CHECK(!(game == before));
        (void)game.play_turn();
        CHECK(game.position(1) == 6);
        (void)game.play_turn();
        CHECK(game.position(0) == 2);
        const GameResult result = game.play();
        CHECK(result.winner == "Ben");
        CHECK(result.turns == 4);

        // Under both rules at once: Ana to 5, slides to 2; Ben rolls 2 onto her and knocks her
        // back to 0.
        Game both(test_board(), ScriptedDice::with_faces(6, {5, 2}), {"Ana", "Ben"},
                  HouseRules<TestType, KnockBack>(rule, KnockBack{}));
        (void)both.play_turn();
        (void)both.play_turn();
        CHECK(both.position(0) == 0);
        CHECK(both.position(1) == 2);

        // The same game with nothing to decide.
        DecisionGame decisions(
            test_board(), Choices<ScriptedDice>{{ScriptedDice::with_faces(6, {5, 6, 6, 4})}, false},
            {person("Ana"), person("Ben")}, rule);
        const DecisionGame same(
            test_board(), Choices<ScriptedDice>{{ScriptedDice::with_faces(6, {5, 6, 6, 4})}, false},
            {person("Ana"), person("Ben")}, copy);
        CHECK(decisions == same);
        const GameResult decided = decisions.play();
        CHECK(!(decisions == same));
        CHECK(decided.winner == "Ben");
        CHECK(decided.turns == 4);

        const RollResult rolled =
            apply_roll(test_board(), GameState({.players = 1, .max_roll = 6}), 5, rule);
        CHECK(rolled.state.squares[0] == 2);
    }

    SECTION("simulate and the analysis agree with an independent iteration") {
        const Board<> board = test_board();
        const FairDice<> die;
        const std::vector<double> expected = expected_by_iteration(board);

        const ExpectedTurns turns = expected_turns(board, die, rule);
        for (std::size_t s = 0; s <= 10; ++s) {
            if (s == 5 || s == 8) {
                continue; // no token stands on them
            }
            INFO("square " << s);
            CHECK(turns.from_square[s] == Approx(expected[s]).epsilon(1e-9));
        }

        const std::vector<double> lengths = lengths_by_propagation(board, 3000);
        const LengthDistribution distribution = length_distribution(board, die, rule);
        for (std::int64_t t = 1; t <= 12; ++t) {
            INFO("turn " << t);
            CHECK(distribution.probability(t) ==
                  Approx(lengths[static_cast<std::size_t>(t)]).margin(1e-12));
        }
        // Two tokens move apart: seat 0 wins on its t-th turn when seat 1 took t - 1 without
        // getting home.
        double first = 0.0;
        double seat_1_not_home = 1.0;
        for (std::size_t t = 1; t < lengths.size(); ++t) {
            first += lengths[t] * seat_1_not_home;
            seat_1_not_home -= lengths[t];
        }
        const SeatChances seats = seat_chances(board, die, 2, rule);
        CHECK(seats.win_probability[0] == Approx(first).margin(1e-9));

        // A token never begins a turn on the slippery square, and the visits sum to the
        // expected length.
        const SquareStatistics statistics = square_statistics(board, die, rule);
        CHECK(statistics.landing[5] == 0.0);
        double visits = 0.0;
        for (const double v : statistics.visits) {
            visits += v;
        }
        CHECK(visits == Approx(expected[0]).epsilon(1e-9));

        // Without the snake 8-2, the same iteration on a board without jumps.
        const std::vector<JumpEffect> effects = jump_effects(board, die, rule);
        REQUIRE(effects.size() == 1);
        const std::vector<double> without = expected_by_iteration(Board<>({}, {.size = 10}));
        CHECK(effects[0].expected_turns_without == Approx(without[0]).epsilon(1e-9));
        CHECK(effects[0].turns_added == Approx(expected[0] - without[0]).epsilon(1e-9));

        const SimulationResult simulated =
            simulate(board, FairDice<>(), rule, {.games = 20000, .seed = 7, .threads = 1});
        INFO("simulated " << simulated.turns.mean << ", expected " << expected[0]);
        CHECK(std::abs(simulated.turns.mean - expected[0]) < 4 * simulated.turns.standard_error);
    }
}
