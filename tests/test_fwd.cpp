// fwd.hpp declares every public template with its default arguments: a header that only names
// the types compiles before any definition is seen, and the names mean what the full headers
// define.
#include <cstdint>
#include <snakeladder/fwd.hpp>
#include <type_traits>

namespace fwd_only {
namespace sl = snakeladder;
// Seen before any definition: the defaults come from fwd.hpp alone.
using ClassicGame = sl::Game<sl::FairDice<>>;
using BounceConfig =
    sl::GameConfig<sl::BounceBack, sl::RejectChains, sl::HouseRules<sl::ExtraTurnOnMax<>>>;
using ScriptedDecisionGame = sl::DecisionGame<sl::ScriptedDice, BounceConfig>;
using QuietKnockGame = sl::Game<sl::LoadedDice<>,
                                sl::GameConfig<sl::OvershootWins, sl::FollowChains,
                                               sl::HouseRules<sl::KnockBack, sl::SixToStart>>,
                                sl::NullMutex>;
static_assert(std::is_same_v<sl::GameConfig<>,
                             sl::GameConfig<sl::ExactFinish, sl::RejectChains, sl::NoHouseRules>>);
static_assert(std::is_same_v<sl::FairDice<>, sl::FairDice<sl::Xoshiro256>>);
static_assert(std::is_same_v<sl::LoadedDice<>, sl::LoadedDice<sl::DefaultEngine>>);
static_assert(std::is_same_v<sl::ExtraTurnOnMax<>, sl::ExtraTurnOnMax<3>>);
static_assert(std::is_same_v<ClassicGame, sl::Game<sl::FairDice<>, sl::GameConfig<>, std::mutex>>);
static_assert(
    std::is_same_v<sl::BoardGenerationOptions<>, sl::BoardGenerationOptions<sl::GameConfig<>>>);

// Functions declared on the forward declarations, defined below once the definitions are in.
std::size_t seats(const ClassicGame& game);
std::int32_t last_square(const sl::BasicBoard<>& board);
std::size_t seats(const ScriptedDecisionGame& game);
} // namespace fwd_only

#include "support/catch.hpp"

#include <snakeladder/board/board_factories.hpp>
#include <snakeladder/dice/dice.hpp>
#include <snakeladder/game/decision_game.hpp>
#include <snakeladder/game/game.hpp>
#include <snakeladder/game/null_mutex.hpp>
#include <snakeladder/rules/house_rules.hpp>

std::size_t fwd_only::seats(const ClassicGame& game) {
    return game.players().size();
}
std::int32_t fwd_only::last_square(const sl::BasicBoard<>& board) {
    return board.size();
}
std::size_t fwd_only::seats(const ScriptedDecisionGame& game) {
    return game.players().size();
}

TEST_CASE("fwd: the types fwd.hpp names with their defaults are the full headers' types", "[fwd]") {
    using namespace snakeladder;
    STATIC_REQUIRE(std::is_same_v<Board<>, BasicBoard<>>);
    STATIC_REQUIRE(
        std::is_same_v<Board<fwd_only::BounceConfig>, BasicBoard<GameConfig<BounceBack>>>);

    const Game<FairDice<>> game(classic(), FairDice<>::seeded(7), {"Ana", "Ben", "Cy"});
    CHECK(fwd_only::seats(game) == 3);
    CHECK(fwd_only::last_square(classic()) == 100);

    const fwd_only::ScriptedDecisionGame choosing(
        Board<fwd_only::BounceConfig>({}, GameConfig<BounceBack>({.size = 10})),
        Choices<ScriptedDice>{{ScriptedDice{1}}, false}, {person("Ana"), person("Ben")});
    CHECK(fwd_only::seats(choosing) == 2);
    STATIC_REQUIRE(std::is_same_v<fwd_only::QuietKnockGame::dice_type, LoadedDice<Xoshiro256>>);
    STATIC_REQUIRE(std::is_same_v<fwd_only::QuietKnockGame::mutex_type, NullMutex>);
}
