// Traps in words (board_traps.hpp): describe_traps for a sound board, for rolls given as a list,
// and for scripted dice, whose rolls are those between their smallest and largest.
#include "support/catch.hpp"
#include "support/support.hpp"
#include "support/user_rules.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <optional>
#include <snakeladder/base/random.hpp>
#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/rules/house_rules.hpp>
#include <snakeladder/turn/board_traps.hpp>
#include <span>
#include <string_view>
#include <vector>

using namespace snakeladder;
using support::board_of;
using support::int64_max;

TEST_CASE("traps described in words", "[analysis][traps]") {
    CHECK(describe_traps(classic(), FairDice<>()) ==
          "no square is a trap: home can be reached from every square a token can reach with "
          "rolls {1..6}");
    const auto board = board_of<ExactFinish>(7, {});
    const std::vector<std::int64_t> odd{1, 3};
    CHECK(describe_traps(board, std::span<const std::int64_t>(odd)) ==
          "no square is a trap: home can be reached from every square a token can reach with "
          "rolls {1, 3}");
    // Scripted dice have no odds: the rolls between their smallest and largest count.
    CHECK(describe_traps(board_of<ExactFinish>(5, {}), ScriptedDice{2, 2, 4}) ==
          "square 4 is a trap: a token can reach it from the start, but from it home can never "
          "be reached with rolls {2..4}");
}

TEST_CASE("regression (issue 36): trap sentences name the dice's own rolls, not the ones the "
          "search folds them to",
          "[analysis][traps][regression]") {
    // 3 squares under ExactFinish: a 2 from the start lands on 2, and from 2 only a 1 is home.
    // Every roll from 4 on is blocked alike there (alike_from), but the dice roll 2 to 12.
    const auto board = board_of<ExactFinish>(3, {});
    const FairDice<> two_d6({.sides = 6, .count = 2});
    CHECK(describe_traps(board, two_d6) ==
          "square 2 is a trap: a token can reach it from the start, but from it home can never "
          "be reached with rolls {2..12}");
    CHECK(message_of<InvalidConfig>([&] {
              Game game(board, two_d6, {"a", "b"});
          }) ==
          "with rolls of 2 to 12 under ExactFinish, a token can reach square 2 but can never get "
          "home (square 3) from there, so the game might never end");
    // A loaded die that rolls only 2, 3 and 1000 (the search follows 2, 3 and 4).
    std::vector<std::int64_t> weights(1000, 0);
    weights[1] = 1;
    weights[2] = 1;
    weights[999] = 1;
    const LoadedDice<> loaded(weights);
    CHECK(describe_traps(board, loaded) ==
          "square 2 is a trap: a token can reach it from the start, but from it home can never "
          "be reached with rolls {2, 3, 1000}");
    CHECK(describe_traps(board, loaded, ExtraTurnOnMax<2>{}) ==
          "square 2 is a trap: a token can reach it from the start, but from it home can never "
          "be reached with rolls {2, 3, 1000} under house rules ExtraTurnOnMax<2>");
}

namespace {

// The traps found the plain way, independently of Board::traps: every move of every roll from
// every square, by Board::step, forwards from the start, then backwards from home.
template <class Config>
std::vector<Square> traps_by_every_move(const BasicBoard<Config>& board,
                                        const std::vector<std::int64_t>& rolls) {
    const Square home = board.size();
    const auto squares = static_cast<std::size_t>(home) + 1;
    std::vector<std::vector<Square>> to(squares);
    for (Square s = 0; s < home; ++s) {
        for (const std::int64_t roll : rolls) {
            to[static_cast<std::size_t>(s)].push_back(board.step(s, roll).end);
        }
    }
    std::vector<bool> reached(squares, false);
    std::vector<Square> queue{0};
    reached[0] = true;
    while (!queue.empty()) {
        const Square s = queue.back();
        queue.pop_back();
        for (const Square t : to[static_cast<std::size_t>(s)]) {
            if (!reached[static_cast<std::size_t>(t)]) {
                reached[static_cast<std::size_t>(t)] = true;
                queue.push_back(t);
            }
        }
    }
    std::vector<bool> home_from(squares, false);
    home_from[static_cast<std::size_t>(home)] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (Square s = 0; s < home; ++s) {
            for (const Square t : to[static_cast<std::size_t>(s)]) {
                if (home_from[static_cast<std::size_t>(t)] &&
                    !home_from[static_cast<std::size_t>(s)]) {
                    home_from[static_cast<std::size_t>(s)] = true;
                    changed = true;
                }
            }
        }
    }
    std::vector<Square> traps;
    for (Square s = 0; s <= home; ++s) {
        if (reached[static_cast<std::size_t>(s)] && !home_from[static_cast<std::size_t>(s)]) {
            traps.push_back(s);
        }
    }
    return traps;
}

// Boards of 1 to 24 squares with random jumps (those the chain rule refuses are skipped) and
// random sets of rolls, some past twice the size: Board::traps must find what every move finds.
template <class Overshoot, class Chains>
void check_against_every_move(std::uint64_t seed) {
    DefaultEngine engine(seed);
    const auto below = [&](std::int64_t n) {
        return static_cast<std::int64_t>(uniform_below(engine, static_cast<std::uint64_t>(n)));
    };
    int boards = 0;
    while (boards < 300) {
        const auto size = static_cast<Square>(1 + below(24));
        std::vector<Jump> jumps;
        for (std::int64_t i = below(size / 2 + 1); i > 0; --i) {
            jumps.push_back(
                {static_cast<Square>(1 + below(size)), static_cast<Square>(1 + below(size))});
        }
        std::optional<Board<GameConfig<Overshoot, Chains>>> board;
        try {
            board.emplace(jumps, GameConfig<Overshoot, Chains>({.size = size}));
        } catch (const InvalidBoard&) {
            continue;
        }
        ++boards;
        std::vector<std::int64_t> rolls;
        for (std::int64_t roll = 1; roll <= 2 * size + 3; ++roll) {
            if (below(3) == 0) {
                rolls.push_back(roll);
            }
        }
        if (below(4) == 0) {
            rolls.push_back(int64_max - below(3));
        }
        INFO(fmt::format("{} {}: {}; rolls {}", Overshoot::name, Chains::name, *board,
                         fmt::join(rolls, " ")));
        CHECK(board->traps(rolls) == traps_by_every_move(*board, rolls));
    }
}

} // namespace

TEST_CASE("Board::traps finds what a search over every move finds", "[board][traps]") {
    check_against_every_move<ExactFinish, RejectChains>(1);
    check_against_every_move<ExactFinish, FollowChains>(2);
    check_against_every_move<ExactFinish, SingleJump>(3);
    check_against_every_move<BounceBack, RejectChains>(4);
    check_against_every_move<BounceBack, FollowChains>(5);
    check_against_every_move<BounceBack, SingleJump>(6);
    check_against_every_move<OvershootWins, RejectChains>(7);
    check_against_every_move<OvershootWins, FollowChains>(8);
    check_against_every_move<OvershootWins, SingleJump>(9);
    check_against_every_move<user_rules::WrapRound, FollowChains>(10);
}

TEST_CASE("Board::traps with rolls that bounce below square 1", "[board][traps]") {
    // 10 squares, BounceBack, rolls 5 and 15. From 0 both reach 5 (15 bounces back by 5), and a
    // 5 takes 5 home; but a 15 from 5 bounces by 10, to 0, so onto square 1. From 1 a 5 reaches
    // 6 and a 15 bounces to 4; from 4, 9 or 1; from 6, 9 (by 1) or 1 (by 11); from 9, 6 or 1.
    // None of 1, 4, 6 and 9 ever lands on 5 or 10 again.
    const auto board = board_of<BounceBack>(10, {});
    CHECK(board.traps(std::vector<std::int64_t>{5, 15}) == std::vector<Square>{1, 4, 6, 9});
    // A 15 alone never gets home from anywhere: 0, 5, 1, 4 and back to 1.
    CHECK(board.traps(std::vector<std::int64_t>{15}) == std::vector<Square>{0, 1, 4, 5});
    // OvershootWins sends every overshoot home; ExactFinish forfeits the 15s, and 5s from 0 go
    // 5, 10.
    CHECK(board_of<OvershootWins>(10, {}).traps(std::vector<std::int64_t>{15}).empty());
    CHECK(board_of<ExactFinish>(10, {}).traps(std::vector<std::int64_t>{5, 15}).empty());
}
