// What the saved-game format fixes besides its text: the version, how a dice's engine is
// saved and read back (SavedEngine, specialised for the library's engines and for any of
// yours), and the limits a loader reads within. The format itself is described at the top of
// saved_game.hpp.
#pragma once

#include "../base/errors.hpp"
#include "../base/jump.hpp"
#include "../base/random.hpp"
#include "../dice/dice.hpp"
#include "../fwd.hpp"
#include "../rules/config.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>

namespace snakeladder {

/// The version of the document format that save_game writes and load_game reads.
inline constexpr int saved_game_version = 1;

/// How an engine's state is written into a saved game and read back: specialise it for an engine
/// of your own. A specialisation gives
/// - `name`: the word that names the engine in the document;
/// - `words`: how many 64-bit words its state takes;
/// - `save(engine)`: the state, as `std::array<std::uint64_t, words>`;
/// - `load(words)`: an engine in that state (from a span of exactly `words` words), or
///   InvalidConfig, saying why, for words that are no state of the engine.
template <class Engine>
struct SavedEngine; // engines without a specialisation cannot be saved

template <>
struct SavedEngine<Xoshiro256> {
    static constexpr std::string_view name = "Xoshiro256";
    static constexpr std::size_t words = 4;
    [[nodiscard]] static std::array<std::uint64_t, words> save(const Xoshiro256& engine) noexcept {
        return engine.state();
    }
    [[nodiscard]] static Xoshiro256 load(std::span<const std::uint64_t> state) {
        Xoshiro256::State saved{};
        std::copy_n(state.begin(), saved.size(), saved.begin());
        if (saved == Xoshiro256::State{}) {
            // The engine never reaches it (it would give only zeros): the text was edited.
            throw InvalidConfig("an all-zero state is not one a Xoshiro256 engine can be in");
        }
        return Xoshiro256(saved);
    }
};

template <>
struct SavedEngine<SplitMix64> {
    static constexpr std::string_view name = "SplitMix64";
    static constexpr std::size_t words = 1;
    [[nodiscard]] static std::array<std::uint64_t, words> save(const SplitMix64& engine) noexcept {
        return {engine.state()};
    }
    [[nodiscard]] static SplitMix64 load(std::span<const std::uint64_t> state) {
        return SplitMix64(state.front()); // the seed is the state
    }
};

/// An engine whose state a saved game can hold: one with a complete SavedEngine specialisation.
template <class Engine>
concept SavableEngine = requires(const Engine& engine, std::span<const std::uint64_t> state) {
    { SavedEngine<Engine>::name } -> std::convertible_to<std::string_view>;
    { SavedEngine<Engine>::words } -> std::convertible_to<std::size_t>;
    {
        SavedEngine<Engine>::save(engine)
        } -> std::same_as<std::array<std::uint64_t, SavedEngine<Engine>::words>>;
    { SavedEngine<Engine>::load(state) } -> std::same_as<Engine>;
};

/// Dice driven by an engine (FairDice, LoadedDice): a saved game holds the engine's state, so the
/// loaded game rolls on exactly as the saved one would have.
template <class D>
concept DiceWithSavedEngine = Dice<D> && requires(D& dice) {
    typename D::engine_type;
    { dice.engine() } -> std::same_as<typename D::engine_type&>;
};

/// Limits on what a document may ask the loader to build, for documents from untrusted sources.
/// Everything else a document makes the loader keep (players, turns, rolls, names) is written
/// out in the document itself, so it is bounded by the document's length; the board's size is
/// the one number that sizes memory on its own (a few tens of bytes a square once the game has
/// checked that home can be reached from every square).
struct SavedGameLimits {
    /// The largest board a document may hold; the default is the largest the library builds.
    Square max_board_size = GameConfig<>::max_size;
    /// The largest file `load_game_file` (files.hpp) reads.
    std::uintmax_t max_file_bytes = std::uintmax_t{1} << 30;
};

} // namespace snakeladder
