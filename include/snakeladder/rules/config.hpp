// Every rule of a game variant in one value: the policies as template parameters and the
// run-time settings, checked once when the value is built.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../fwd.hpp"
#include "house_rule.hpp"
#include "rules.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace snakeladder {

/// The turn limit a game has unless its settings name another: 4,194,304 (2^22) turns. A game
/// keeps every turn, 16 bytes each in the standard game (64 MiB at this limit) and about 250
/// under house rules (1 GiB), so this is what stops dice that practically never bring a token
/// home (a die of INT_MAX faces under ExactFinish) before the game's log runs out of memory: it
/// ends with `turn_limit_reached`, every turn kept. Far above a real game (the classic board
/// takes about 40 turns a player); a race of millions of turns (a board of millions of squares
/// and a small die) needs a larger `turn_limit`, and the memory for it.
inline constexpr std::uint64_t default_turn_limit = std::uint64_t{1} << 22;

/// The run-time part of a configuration. Aggregate, so it reads well with designated
/// initializers: `GameConfig<BounceBack>({.size = 50, .play_to_last = true})`.
struct GameSettings {
    /// Number of squares; the last one is home.
    Square size = 100;
    int min_players = 2;
    int max_players = 8;
    /// Keep playing after the winner until one player is left, so the whole ranking is earned.
    bool play_to_last = false;
    /// The most turns a game may take: default_turn_limit unless set (UINT64_MAX is no limit,
    /// the game's memory then the caller's to bound).
    std::uint64_t turn_limit = default_turn_limit;

    friend constexpr bool operator==(const GameSettings&, const GameSettings&) = default;
};

namespace detail {
[[noreturn]] inline void throw_invalid_config(const std::string& message) {
    throw InvalidConfig(message);
}
} // namespace detail

/// A variant of the game. `Overshoot` and `Chains` are policies (see rules.hpp); `House` names
/// the house rules of a game (`Game<Dice, GameConfig<Overshoot, Chains, House>>`, see
/// house_rules.hpp), and a board is built only from a configuration without them (it would drop
/// them: `Board(jumps, config)` does not compile then). The settings are validated by the
/// constructor, which throws InvalidConfig naming the bad setting. A policy that does not fit
/// its slot is refused by the specialization below, with one static_assert that names the slot.
template <class Overshoot, class Chains, class House>
class GameConfig {
public:
    using overshoot_rule = Overshoot;
    using chain_rule = Chains;
    using house_rule_policy = House;

    /// The largest board the library builds. Its tables take 4 bytes a square, and the
    /// analysis a few doubles a square, so this keeps every structure well below a gigabyte.
    static constexpr Square max_size = 10'000'000;
    /// The most players a game accepts, whatever the configuration asks for.
    static constexpr int max_player_limit = 100'000;

    constexpr GameConfig() = default;
    constexpr GameConfig(const GameSettings& settings) // NOLINT(google-explicit-constructor)
        : settings_(validated(settings)) {}
    constexpr GameConfig(const GameSettings& settings, House house_rules)
        : settings_(validated(settings)), house_rules_(std::move(house_rules)) {}

    [[nodiscard]] constexpr Square size() const noexcept { return settings_.size; }
    [[nodiscard]] constexpr int min_players() const noexcept { return settings_.min_players; }
    [[nodiscard]] constexpr int max_players() const noexcept { return settings_.max_players; }
    [[nodiscard]] constexpr bool play_to_last() const noexcept { return settings_.play_to_last; }
    [[nodiscard]] constexpr std::uint64_t turn_limit() const noexcept {
        return settings_.turn_limit;
    }
    [[nodiscard]] constexpr const GameSettings& settings() const noexcept { return settings_; }
    /// The house rules (all off unless `House` says otherwise).
    [[nodiscard]] constexpr const House& house_rules() const noexcept { return house_rules_; }

    /// The same rules on a board of another size.
    [[nodiscard]] constexpr GameConfig with_size(std::int64_t size) const {
        GameSettings changed = settings_;
        check_size(size);
        changed.size = static_cast<Square>(size);
        return GameConfig(changed, house_rules_);
    }

    // Not declared constexpr: a house rule of the user's may compare at run time only (a
    // hand-written ==, a std::shared_ptr member), and a defaulted comparison declared constexpr
    // over such a member is ill-formed in C++20. A defaulted one is constexpr by itself wherever
    // the members allow.
    friend bool operator==(const GameConfig&, const GameConfig&) = default;

    /// Throws InvalidConfig unless `size` is a board size the library can build.
    static constexpr void check_size(std::int64_t size) {
        if (size < 1 || size > max_size) {
            detail::throw_invalid_config("board size must be between 1 and " +
                                         std::to_string(max_size) + " squares, got " +
                                         std::to_string(size));
        }
    }

private:
    static constexpr GameSettings validated(const GameSettings& s) {
        check_size(s.size);
        if (s.min_players < 1) {
            detail::throw_invalid_config("min_players must be at least 1, got " +
                                         std::to_string(s.min_players));
        }
        if (s.max_players > max_player_limit) {
            detail::throw_invalid_config("max_players must be at most " +
                                         std::to_string(max_player_limit) + ", got " +
                                         std::to_string(s.max_players));
        }
        if (s.max_players < s.min_players) {
            detail::throw_invalid_config("max_players (" + std::to_string(s.max_players) +
                                         ") must not be below " + "min_players (" +
                                         std::to_string(s.min_players) + ")");
        }
        if (s.turn_limit < 1) {
            detail::throw_invalid_config("turn_limit must be at least 1 turn, got 0");
        }
        return s;
    }

    GameSettings settings_{};
    [[no_unique_address]] House house_rules_{};
};

// Policies that do not fit: this body holds nothing but the checks, so a wrong policy gives the
// message of its slot and no cascade of errors from the members above.
template <class Overshoot, class Chains, class House>
requires(!(OvershootRule<Overshoot> && ChainRule<Chains> &&
           HouseRule<House>)) class GameConfig<Overshoot, Chains, House> {
    static_assert(OvershootRule<Overshoot>,
                  "GameConfig<Overshoot, ...>: Overshoot must be an overshoot rule (ExactFinish, "
                  "BounceBack, OvershootWins, or a type with static apply(from, roll, size) "
                  "noexcept -> OvershootOutcome and a name)");
    static_assert(ChainRule<Chains>,
                  "GameConfig<Overshoot, Chains, ...>: Chains must be a chain rule (RejectChains, "
                  "FollowChains, SingleJump, or a type with a static ChainPolicy policy and a "
                  "name)");
    static_assert(HouseRule<House>,
                  "GameConfig<Overshoot, Chains, House>: House must be a house-rule policy, that "
                  "is a HouseRule (NoHouseRules, ExtraTurnOnMax<N>, RollAgainOnMax, SixToStart, "
                  "StartingRolls, KnockBack, MissTurnSquares, HouseRules<...>, ChosenHouseRules, "
                  "or a copyable, equality-comparable type of yours with a name() and hooks: "
                  "see house_rule.hpp)");
};

namespace detail {
// Any GameConfig<...>, whether its policies fit or not (Board and Game name the slot they take).
template <class Config>
inline constexpr bool is_game_config = false;
template <class Overshoot, class Chains, class House>
inline constexpr bool is_game_config<GameConfig<Overshoot, Chains, House>> = true;

// A GameConfig whose policies fit: what Board and Game take.
template <class Config>
inline constexpr bool is_valid_game_config = false;
template <class Overshoot, class Chains, class House>
inline constexpr bool is_valid_game_config<GameConfig<Overshoot, Chains, House>> =
    OvershootRule<Overshoot>&& ChainRule<Chains>&& HouseRule<House>;

// True, after instantiating a GameConfig<...> so that a policy that does not fit reports itself
// in its own slot's words (and not only as "not a valid configuration").
template <class Config>
inline constexpr bool report_game_config = true;
template <class Overshoot, class Chains, class House>
inline constexpr bool report_game_config<GameConfig<Overshoot, Chains, House>> =
    sizeof(GameConfig<Overshoot, Chains, House>) != 0;
} // namespace detail

} // namespace snakeladder
