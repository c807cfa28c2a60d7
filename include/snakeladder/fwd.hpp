// Every public template of the library declared, with its default arguments, and the classes
// those defaults or a game's type usually name (the rules, the built-in house rules, the dice,
// NullMutex): a header that only names `Game<FairDice<>>&` or `BasicBoard<>` includes this
// and not the definitions. The definitions include it too, so a default is written once, here.
//
// It includes the engine concept (base/random.hpp, which includes standard headers alone),
// <cstdint> and <mutex> (the default of the games' lock), and nothing else of the library.
#pragma once

#include "base/random.hpp"

#include <cstdint>
#include <mutex>

namespace snakeladder {

// rules/
struct ExactFinish;
struct BounceBack;
struct OvershootWins;
struct RejectChains;
struct FollowChains;
struct SingleJump;
struct NoHouseRules;
class ChosenHouseRules;
template <class Overshoot = ExactFinish, class Chains = RejectChains, class House = NoHouseRules>
class GameConfig;
template <class... Rules>
class HouseRules;
template <int InARow = 3>
struct ExtraTurnOnMax;
struct RollAgainOnMax;
class StartingRolls;
struct SixToStart;
struct KnockBack;
class MissTurnSquares;
struct HouseRuleSwitches;

// dice/
template <UniformRandomBitGenerator Engine = DefaultEngine>
class FairDice;
template <UniformRandomBitGenerator Engine = DefaultEngine>
class LoadedDice;
class ScriptedDice;
template <class D, bool needs_odds = false>
struct DiceError;

// board/
template <typename Config = GameConfig<>>
class BasicBoard;
// Board<Config> is an alias (board/board.hpp) that needs the configuration's checks, so it
// cannot be declared here: a declaration names the board type itself, BasicBoard<GameConfig<...>>,
// with the configuration's overshoot and chain rules (BasicBoard<> is the classic rules' board).

// turn/
template <class D>
struct Choices;
template <class Config, class D>
class GreedyPolicy;

// game/
struct NullMutex;
template <class D, class Config = GameConfig<>, class Mutex = std::mutex>
class Game;
template <class D, class Config = GameConfig<>, class Mutex = std::mutex>
class DecisionGame;
template <class F>
class ObserverOf;

// analysis/
template <typename Config = GameConfig<>>
struct BoardGenerationOptions;
template <class D>
struct SimulationDiceError;

// io/
template <class Engine>
struct SavedEngine;
template <class GameType>
struct GameTable;
template <class GameType>
struct DecisionTable;

} // namespace snakeladder
