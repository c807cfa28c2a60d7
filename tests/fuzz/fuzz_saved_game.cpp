// load_game on arbitrary bytes, for three game types (each overshoot and chain rule, house rules
// chosen at run time, dice with and without an engine). Every input is a game or a ParseError
// pointing at a line and column of the input with one printable sentence; no other exception
// may escape. A loaded game saves to a document that loads back to an equal game and saves to
// the same text, and the two games play on identically.
#include "fuzz_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <snakeladder/io/saved_game.hpp>
#include <string>
#include <string_view>
#include <utility>

namespace {

using namespace snakeladder;

// Boards stay small, so that checking that home can be reached stays quick.
constexpr SavedGameLimits limits{.max_board_size = 2000};
constexpr int turns_played_on = 40;

bool printable(std::string_view message) {
    return !message.empty() && std::all_of(message.begin(), message.end(),
                                           [](char c) { return c >= 0x20 && c < 0x7f; });
}

// The length of 1-based line `number` of `text`, or nullopt past the last line.
std::optional<std::size_t> line_length(std::string_view text, std::size_t number) {
    std::size_t start = 0;
    for (std::size_t line = 1; line < number; ++line) {
        const std::size_t newline = text.find('\n', start);
        if (newline == std::string_view::npos) {
            return std::nullopt;
        }
        start = newline + 1;
    }
    const std::size_t end = std::min(text.find('\n', start), text.size());
    return end - start;
}

template <class GameType>
void check(std::string_view text, const typename GameType::dice_type& dice) {
    std::optional<GameType> game;
    try {
        game.emplace(load_game<GameType>(text, dice, limits));
    } catch (const ParseError& error) {
        FUZZ_CHECK(printable(error.what()));
        FUZZ_CHECK(error.line() >= 1 && error.column() >= 1);
        const std::optional<std::size_t> length = line_length(text, error.line());
        FUZZ_CHECK(length.has_value());
        FUZZ_CHECK(error.column() <= *length + 1);
        return;
    }
    // Any other exception escapes: load_game refuses documents with ParseError only.

    // What the library wrote must read back: any exception from here on is a crash.
    const std::string written = save_game(*game);
    auto again = load_game<GameType>(written, dice, limits);
    FUZZ_CHECK(again == *game);
    FUZZ_CHECK(save_game(again) == written);

    // Both play on alike: the same records, or the same refusal (game over, turn limit, dice
    // run out).
    for (int turn = 0; turn < turns_played_on; ++turn) {
        const auto first = fuzz::served([&] { return game->play_turn(); });
        const auto second = fuzz::served([&] { return again.play_turn(); });
        FUZZ_CHECK(first == second);
        if (!first) {
            break;
        }
    }
    FUZZ_CHECK(again == *game);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    using Exact = GameConfig<ExactFinish, RejectChains, ChosenHouseRules>;
    using Bounce = GameConfig<BounceBack, FollowChains, ChosenHouseRules>;
    using Wins = GameConfig<OvershootWins, SingleJump, ChosenHouseRules>;
    check<Game<FairDice<>, Exact, NullMutex>>(text, FairDice<>());
    check<Game<ScriptedDice, Bounce, NullMutex>>(
        text, ScriptedDice::with_faces(6, {6, 6, 1, 2, 3, 4, 5, 6, 6, 6, 2, 5, 3, 1, 4, 6, 2}));
    check<Game<FairDice<SplitMix64>, Wins, NullMutex>>(
        text, FairDice<SplitMix64>({.sides = 6, .count = 2}));
    return 0;
}
