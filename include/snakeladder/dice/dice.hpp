// Dice: anything that rolls. Fair dice, loaded dice and scripted dice, all driven by an
// injected engine and mapped to faces by the library itself, so a seed gives the same rolls with
// every compiler and standard library. The dice know nothing of boards.
#pragma once

#include "../base/errors.hpp"
#include "../base/random.hpp"
#include "../fwd.hpp"

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace snakeladder {

/// Anything that rolls: `roll()` gives the next roll, never below `min_roll()` nor above
/// `max_roll()`, and both bounds are at least 1.
template <class D>
concept Dice = requires(D& dice, const D& const_dice) {
    { dice.roll() } -> std::convertible_to<int>;
    { const_dice.min_roll() } -> std::convertible_to<int>;
    { const_dice.max_roll() } -> std::convertible_to<int>;
};

namespace detail {
// Dice's three requirements one by one, so that a slot taking dice can say which is missing.
template <class D>
concept dice_roll = requires(D& dice) {
    { dice.roll() } -> std::convertible_to<int>;
};
template <class D>
concept dice_min_roll = requires(const D& dice) {
    { dice.min_roll() } -> std::convertible_to<int>;
};
template <class D>
concept dice_max_roll = requires(const D& dice) {
    { dice.max_roll() } -> std::convertible_to<int>;
};
} // namespace detail

/// Dice whose odds are known: `face_probabilities()[r]` is the probability of rolling `r`, for
/// every `r` in 0..max_roll() (zero below `min_roll()`). The exact analysis works from these.
template <class D>
concept DiceWithOdds = Dice<D> && requires(const D& dice) {
    { dice.face_probabilities() } -> std::convertible_to<std::span<const double>>;
};

/// Dice that `simulate` can give a fresh random stream: copyable, driven by an engine that is
/// reached through `engine()` and can be built from a 64-bit seed (FairDice, LoadedDice).
/// Scripted dice are not: a simulation needs randomness, not a script.
template <class D>
concept ReseedableDice = Dice<D> && std::copy_constructible<D> && requires(D& dice) {
    typename D::engine_type;
    { dice.engine() } -> std::same_as<typename D::engine_type&>;
} && std::constructible_from<typename D::engine_type, std::uint64_t> &&
    std::is_move_assignable_v<typename D::engine_type>;

namespace detail {
// For a call or a class that takes dice, a type that is not: the first requirement missing, as
// one static_assert, so that the error is one line naming it. `needs_odds`: the call also needs
// DiceWithOdds. The fallbacks of the calls (expected_turns, simulate...) instantiate it.
template <class D, bool needs_odds = false>
consteval bool report_dice() {
    static_assert(dice_roll<D>, "snakeladder: D must be Dice (roll(), min_roll() const and "
                                "max_roll() const, each giving an int), and D has no roll()");
    static_assert(!dice_roll<D> || dice_min_roll<D>,
                  "snakeladder: D must be Dice (roll(), min_roll() const and max_roll() const, "
                  "each giving an int), and D has no min_roll() const");
    static_assert(!dice_roll<D> || !dice_min_roll<D> || dice_max_roll<D>,
                  "snakeladder: D must be Dice (roll(), min_roll() const and max_roll() const, "
                  "each giving an int), and D has no max_roll() const");
    static_assert(!needs_odds || !Dice<D> || DiceWithOdds<D>,
                  "snakeladder: the exact analysis needs dice whose odds are known (DiceWithOdds), "
                  "and D has no face_probabilities() const giving a std::span<const double> "
                  "(ScriptedDice have none: analyse FairDice or LoadedDice)");
    return true;
}

// The result type of a call's fallback for dice that do not fit: completing it at the call
// reports what is missing there, before anything else.
template <class D, bool needs_odds>
struct DiceError {
    static_assert(report_dice<D, needs_odds>());
};
} // namespace detail

/// Dice that can take back their last roll without throwing, so a caller that rolled several
/// times and then failed can leave the dice exactly as they were. Optional: `Dice` does not ask
/// for it, and dice driven by an engine are rewound by restoring a saved `engine()` instead.
template <class D>
concept RewindableDice = Dice<D> && requires(D& dice) {
    { dice.unroll() } -> std::same_as<bool>;
    requires noexcept(dice.unroll()); // a rollback path must not throw
};

/// Dice that run out: `remaining()` rolls are left, and then `roll()` throws DiceExhausted. A
/// game driven by them cannot spin forever, so it does not ask whether home can be reached:
/// a test's script is its own statement of which rolls come.
template <class D>
concept FiniteDice = Dice<D> && requires(const D& dice) {
    { dice.remaining() } -> std::convertible_to<std::size_t>;
};

/// The largest roll for which the library builds a table: the face probabilities of fair dice
/// and the lists of `possible_rolls`. 65,536 doubles are 512 KiB; a board has no use for more.
inline constexpr int max_tabulated_roll = 1 << 16;

namespace detail {
[[noreturn]] inline void throw_dice_config(const std::string& message) {
    throw InvalidConfig(message);
}

// The distribution of the sum of `count` dice of `sides` faces by repeated convolution with one
// die: T = std::uint64_t counts the ways (exact), T = double carries probabilities.
//
// Each step computes only the rising half and mirrors it: the sum of dice is symmetric and
// unimodal, so on the rising half the sliding window only ever adds at least as much as it
// drops. A running window over doubles therefore never cancels, and the tails stay accurate
// (a window that slid down the falling half would leave rounding noise where 1e-78 belongs).
template <class T>
constexpr std::vector<T> sum_of_dice(int sides, int count) {
    const auto size = static_cast<std::size_t>(count) * static_cast<std::size_t>(sides) + 1;
    std::vector<T> current(size, T{});
    std::vector<T> next(size, T{});
    const auto faces = static_cast<std::size_t>(sides);
    // One die: one way per face, or probability 1/sides each.
    const T one_face = std::is_floating_point_v<T> ? T{1} / static_cast<T>(faces) : T{1};
    std::fill(current.begin() + 1, current.begin() + 1 + static_cast<std::ptrdiff_t>(faces),
              one_face);
    for (std::size_t dice = 2; dice <= static_cast<std::size_t>(count); ++dice) {
        const std::size_t low = dice;
        const std::size_t high = dice * faces;
        const std::size_t middle = (low + high) / 2;
        std::fill(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(low), T{});
        T window{}; // sum of current[s - sides .. s - 1]
        for (std::size_t s = low; s <= middle; ++s) {
            window += current[s - 1];
            if (s > faces) {
                window -= current[s - 1 - faces];
            }
            if constexpr (std::is_floating_point_v<T>) {
                next[s] = window / static_cast<T>(faces);
            } else {
                next[s] = window;
            }
        }
        for (std::size_t s = middle + 1; s <= high; ++s) {
            next[s] = next[low + high - s];
        }
        std::swap(current, next);
    }
    return current;
}

// Probabilities of every sum of `count` dice of `sides` faces, index = sum. Counted in exact
// integers while sides^count fits in 64 bits, so each probability is a single rounding of
// ways / sides^count (correctly rounded while sides^count <= 2^53); in doubles beyond that.
constexpr std::vector<double> fair_dice_probabilities(int sides, int count) {
    if (count == 1) { // every face alike: the table the sums below give, built at once
        std::vector<double> probabilities(static_cast<std::size_t>(sides) + 1,
                                          1.0 / static_cast<double>(sides));
        probabilities[0] = 0.0;
        return probabilities;
    }
    std::uint64_t total = 1;
    bool exact = true;
    for (int i = 0; i < count && exact; ++i) {
        exact = total <= std::numeric_limits<std::uint64_t>::max() / static_cast<unsigned>(sides);
        total *= static_cast<unsigned>(sides);
    }
    if (!exact) {
        return sum_of_dice<double>(sides, count);
    }
    const std::vector<std::uint64_t> ways = sum_of_dice<std::uint64_t>(sides, count);
    std::vector<double> probabilities(ways.size(), 0.0);
    for (std::size_t s = 0; s < ways.size(); ++s) {
        probabilities[s] = static_cast<double>(ways[s]) / static_cast<double>(total);
    }
    return probabilities;
}
} // namespace detail

/// How many fair dice roll together and how many faces each has: `{.sides = 20}` is a d20,
/// `{.sides = 6, .count = 2}` two six-sided dice. A value of its own, so that a die's sides and
/// an engine's seed cannot be mistaken for each other: `FairDice<>(29)` does not compile, where
/// `FairDice<>::seeded(29)` is a six-sided die seeded with 29 and `FairDice<>({.sides = 29})` a
/// 29-sided die.
struct DiceShape {
    int sides = 6;
    int count = 1;
};

/// `count` fair dice of `sides` faces each, rolled together: a roll is their sum.
///
/// The probabilities of every sum are tabulated when the dice are built, as long as the highest
/// roll is at most `max_tabulated_roll`; larger dice roll as well but `face_probabilities()`
/// throws `InvalidConfig` (a 2^30-sided die must not cost gigabytes). The table makes a copy of
/// the dice allocate: to save and restore a game's randomness, copy `engine()` instead.
template <UniformRandomBitGenerator Engine>
class FairDice {
public:
    using engine_type = Engine;

    /// More dice than this would make every roll slow for no game's benefit.
    static constexpr int max_count = 100;

    constexpr explicit FairDice(DiceShape shape = {}, Engine engine = Engine{})
        : sides_(shape.sides), count_(shape.count), engine_(std::move(engine)) {
        const int sides = shape.sides;
        const int count = shape.count;
        if (sides < 2) {
            detail::throw_dice_config("FairDice: sides must be at least 2, got " +
                                      std::to_string(sides));
        }
        if (count < 1) {
            detail::throw_dice_config("FairDice: count must be at least 1, got " +
                                      std::to_string(count));
        }
        if (count > max_count) {
            detail::throw_dice_config("FairDice: count must be at most " +
                                      std::to_string(max_count) + ", got " + std::to_string(count));
        }
        if (sides > std::numeric_limits<int>::max() / count) {
            detail::throw_dice_config("FairDice: count * sides must fit in an int (at most " +
                                      std::to_string(std::numeric_limits<int>::max()) +
                                      "), but count " + std::to_string(count) + " * sides " +
                                      std::to_string(sides) + " does not");
        }
        if (max_roll() <= max_tabulated_roll) {
            probabilities_ = detail::fair_dice_probabilities(sides, count);
        }
    }

    /// Dice whose engine is seeded with `seed`: the same seed, the same rolls, everywhere.
    [[nodiscard]] static constexpr FairDice seeded(std::uint64_t seed, DiceShape shape = {}) {
        static_assert(std::constructible_from<Engine, std::uint64_t>,
                      "seeded() needs an engine that can be built from a 64-bit seed");
        return FairDice(shape, Engine(seed));
    }

    /// The sum of `count` independent faces, each uniform in 1..sides.
    constexpr int roll() {
        // The sides are at least 2 (the constructor checks): uniform_below's test for a bound of
        // 0 or 1 is left out of the turn loops, with the same draws.
        const auto sides = static_cast<std::uint64_t>(sides_);
        int sum = count_;
        for (int i = 0; i < count_; ++i) {
            sum += static_cast<int>(detail::uniform_below_from_two(engine_, sides));
        }
        return sum;
    }

    [[nodiscard]] constexpr int sides() const noexcept { return sides_; }
    [[nodiscard]] constexpr int count() const noexcept { return count_; }
    [[nodiscard]] constexpr int min_roll() const noexcept { return count_; }
    [[nodiscard]] constexpr int max_roll() const noexcept { return count_ * sides_; }

    /// P(roll == r) at index r, for r in 0..max_roll(). Throws `InvalidConfig` when
    /// max_roll() is above `max_tabulated_roll`.
    [[nodiscard]] constexpr std::span<const double> face_probabilities() const& {
        if (probabilities_.empty()) {
            detail::throw_dice_config(
                "FairDice: face probabilities are tabulated up to a roll of " +
                std::to_string(max_tabulated_roll) + ", but count " + std::to_string(count_) +
                " * sides " + std::to_string(sides_) + " rolls up to " +
                std::to_string(max_roll()));
        }
        return probabilities_;
    }
    /// On temporary dice, a copy: a view would dangle once the dice are gone.
    [[nodiscard]] constexpr std::vector<double> face_probabilities() const&& {
        const std::span<const double> table = face_probabilities(); // checks the size
        return {table.begin(), table.end()};
    }

    /// The engine, to save its state with a game or restore it.
    [[nodiscard]] constexpr Engine& engine() noexcept { return engine_; }
    [[nodiscard]] constexpr const Engine& engine() const noexcept { return engine_; }

    // Not constexpr: the standard engines compare at run time only.
    friend bool operator==(const FairDice&, const FairDice&) = default;

private:
    int sides_;
    int count_;
    Engine engine_;
    std::vector<double> probabilities_; // empty when max_roll() > max_tabulated_roll
};

/// A die of faces 1..n with one integer weight per face: face f comes up with probability
/// weights[f-1] / total. Integer weights keep a roll exact and the same on every platform: one
/// uniform draw below the total, then the face whose share of the total holds it.
template <UniformRandomBitGenerator Engine>
class LoadedDice {
public:
    using engine_type = Engine;

    /// `weights[0]` is face 1's weight. Refused: no weights, a negative weight, all zero, or a
    /// total above 2^64 - 1.
    constexpr explicit LoadedDice(std::vector<std::int64_t> weights, Engine engine = Engine{})
        : weights_(std::move(weights)), engine_(std::move(engine)) {
        if (weights_.empty()) {
            detail::throw_dice_config("LoadedDice: weights must name at least one face, got none");
        }
        if (weights_.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
            detail::throw_dice_config("LoadedDice: weights has " + std::to_string(weights_.size()) +
                                      " faces, more than " +
                                      std::to_string(std::numeric_limits<int>::max()));
        }
        cumulative_.reserve(weights_.size());
        for (std::size_t i = 0; i < weights_.size(); ++i) {
            const std::int64_t weight = weights_[i];
            if (weight < 0) {
                detail::throw_dice_config("LoadedDice: weights[" + std::to_string(i) + "] (face " +
                                          std::to_string(i + 1) + ") is " + std::to_string(weight) +
                                          "; a weight cannot be negative");
            }
            const auto w = static_cast<std::uint64_t>(weight);
            if (w > std::numeric_limits<std::uint64_t>::max() - total_) {
                detail::throw_dice_config(
                    "LoadedDice: the weights add up to more than " +
                    std::to_string(std::numeric_limits<std::uint64_t>::max()));
            }
            total_ += w;
            cumulative_.push_back(total_);
            if (w > 0) {
                min_roll_ = min_roll_ == 0 ? static_cast<int>(i + 1) : min_roll_;
                max_roll_ = static_cast<int>(i + 1);
            }
        }
        if (total_ == 0) {
            detail::throw_dice_config(
                "LoadedDice: weights are all zero; at least one face needs a positive weight");
        }
        probabilities_.assign(static_cast<std::size_t>(max_roll_) + 1, 0.0);
        for (int face = min_roll_; face <= max_roll_; ++face) {
            probabilities_[static_cast<std::size_t>(face)] =
                static_cast<double>(weights_[static_cast<std::size_t>(face - 1)]) /
                static_cast<double>(total_);
        }
    }

    /// A loaded die whose engine is seeded with `seed`.
    [[nodiscard]] static constexpr LoadedDice seeded(std::uint64_t seed,
                                                     std::vector<std::int64_t> weights) {
        static_assert(std::constructible_from<Engine, std::uint64_t>,
                      "seeded() needs an engine that can be built from a 64-bit seed");
        return LoadedDice(std::move(weights), Engine(seed));
    }

    /// Face f such that cumulative[f-2] <= draw < cumulative[f-1]; zero-weight faces own an
    /// empty interval, so they never come up.
    constexpr int roll() {
        const std::uint64_t draw = uniform_below(engine_, total_);
        const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), draw);
        return static_cast<int>(it - cumulative_.begin()) + 1;
    }

    /// The lowest and highest faces with a positive weight.
    [[nodiscard]] constexpr int min_roll() const noexcept { return min_roll_; }
    [[nodiscard]] constexpr int max_roll() const noexcept { return max_roll_; }

    [[nodiscard]] constexpr std::span<const std::int64_t> weights() const& noexcept {
        return weights_;
    }
    /// On a temporary die, a copy: a view would dangle once the die is gone.
    [[nodiscard]] constexpr std::vector<std::int64_t> weights() const&& { return weights_; }
    [[nodiscard]] constexpr std::uint64_t total_weight() const noexcept { return total_; }
    /// weight / total at index face, for faces 0..max_roll().
    [[nodiscard]] constexpr std::span<const double> face_probabilities() const& noexcept {
        return probabilities_;
    }
    /// On a temporary die, a copy: a view would dangle once the die is gone.
    [[nodiscard]] constexpr std::vector<double> face_probabilities() const&& {
        return probabilities_;
    }

    [[nodiscard]] constexpr Engine& engine() noexcept { return engine_; }
    [[nodiscard]] constexpr const Engine& engine() const noexcept { return engine_; }

    friend bool operator==(const LoadedDice&, const LoadedDice&) = default;

private:
    std::vector<std::int64_t> weights_;
    Engine engine_;
    std::vector<std::uint64_t> cumulative_; // running totals of the weights, face 1 first
    std::vector<double> probabilities_;     // index = face
    std::uint64_t total_ = 0;
    int min_roll_ = 0;
    int max_roll_ = 0;
};

/// Dice that return a given sequence of rolls, for tests and replays: every turn of a game can be
/// asserted exactly. Running out throws `DiceExhausted` and changes nothing.
///
/// `min_roll()` and `max_roll()` are the smallest and largest rolls of the whole script (used or
/// not), so they do not change while the dice roll; with an empty script both are 1. Use
/// `with_faces(sides, rolls)` to script a die whose faces the script may not all show.
class ScriptedDice {
public:
    constexpr explicit ScriptedDice(std::vector<int> rolls) : rolls_(std::move(rolls)) {
        for (std::size_t i = 0; i < rolls_.size(); ++i) {
            if (rolls_[i] < 1) {
                detail::throw_dice_config("ScriptedDice: rolls[" + std::to_string(i) + "] is " +
                                          std::to_string(rolls_[i]) +
                                          "; every scripted roll must be at least 1");
            }
        }
        if (!rolls_.empty()) {
            const auto [low, high] = std::minmax_element(rolls_.begin(), rolls_.end());
            min_roll_ = *low;
            max_roll_ = *high;
        }
    }
    constexpr ScriptedDice(std::initializer_list<int> rolls)
        : ScriptedDice(std::vector<int>(rolls)) {}

    /// A script for a die of `sides` faces: min_roll() is 1 and max_roll() is `sides` whatever
    /// the script holds, which matters to house rules that look for the maximum roll. Throws
    /// InvalidConfig for a roll outside 1..sides.
    [[nodiscard]] static constexpr ScriptedDice with_faces(int sides, std::vector<int> rolls) {
        if (sides < 1) {
            detail::throw_dice_config("ScriptedDice: a die needs at least 1 side, got " +
                                      std::to_string(sides));
        }
        ScriptedDice dice(std::move(rolls));
        for (std::size_t i = 0; i < dice.rolls_.size(); ++i) {
            if (dice.rolls_[i] > sides) {
                detail::throw_dice_config("ScriptedDice: rolls[" + std::to_string(i) + "] is " +
                                          std::to_string(dice.rolls_[i]) + ", more than the " +
                                          std::to_string(sides) + " sides of the die");
            }
        }
        dice.min_roll_ = 1;
        dice.max_roll_ = sides;
        return dice;
    }

    /// The next scripted roll. Throws `DiceExhausted`, changing nothing, when none is left.
    constexpr int roll() {
        if (next_ == rolls_.size()) {
            throw DiceExhausted(exhausted_message());
        }
        return rolls_[next_++];
    }

    /// Takes back the last roll, so the next `roll()` returns it again. Returns false, and does
    /// nothing, when no roll has been made. Never throws, so it is safe in a rollback path.
    constexpr bool unroll() noexcept {
        if (next_ == 0) {
            return false;
        }
        --next_;
        return true;
    }

    [[nodiscard]] constexpr int min_roll() const noexcept { return min_roll_; }
    [[nodiscard]] constexpr int max_roll() const noexcept { return max_roll_; }

    /// The whole script, used rolls included.
    [[nodiscard]] constexpr std::span<const int> rolls() const& noexcept { return rolls_; }
    /// On temporary dice, a copy: a view would dangle once the dice are gone.
    [[nodiscard]] constexpr std::vector<int> rolls() const&& { return rolls_; }
    /// Index in `rolls()` of the next roll; the same number as `used()`.
    [[nodiscard]] constexpr std::size_t position() const noexcept { return next_; }
    [[nodiscard]] constexpr std::size_t used() const noexcept { return next_; }
    [[nodiscard]] constexpr std::size_t remaining() const noexcept { return rolls_.size() - next_; }

    friend constexpr bool operator==(const ScriptedDice&, const ScriptedDice&) = default;

private:
    [[nodiscard]] std::string exhausted_message() const {
        switch (rolls_.size()) {
        case 0:
            return "ScriptedDice: no rolls were scripted";
        case 1:
            return "ScriptedDice: the only scripted roll has been used";
        default:
            return "ScriptedDice: all " + std::to_string(rolls_.size()) +
                   " scripted rolls have been used";
        }
    }

    std::vector<int> rolls_;
    std::size_t next_ = 0;
    int min_roll_ = 1;
    int max_roll_ = 1;
};

namespace detail {
template <class D>
inline constexpr bool is_fair_dice = false;
template <class Engine>
inline constexpr bool is_fair_dice<FairDice<Engine>> = true;
} // namespace detail

/// The rolls the dice can make, in increasing order, up to `at_most`: for dice with odds, those of
/// nonzero probability; for fair dice and dice without odds, every value from min_roll() to
/// max_roll(). (A game's check that home can be reached does not list rolls: it takes them as
/// runs of consecutive rolls, so it accepts dice of any size.)
///
/// Throws `InvalidConfig` when the list would run past `max_tabulated_roll`: pass `at_most` (for
/// example the overshoot rule's `alike_from(size)`, rules/rules.hpp, from which its rolls all move
/// a token alike; a rule that declares none has no such bound) to list only the rolls that matter.
template <Dice D>
[[nodiscard]] constexpr std::vector<int>
possible_rolls(const D& dice, int at_most = std::numeric_limits<int>::max()) {
    const int low = static_cast<int>(dice.min_roll());
    const int high = std::min(static_cast<int>(dice.max_roll()), at_most);
    if (high > max_tabulated_roll) {
        detail::throw_dice_config("possible_rolls: the dice roll up to " + std::to_string(high) +
                                  ", more than the " + std::to_string(max_tabulated_roll) +
                                  " that can be listed; pass at_most to list fewer");
    }
    std::vector<int> rolls;
    if constexpr (DiceWithOdds<D> && !detail::is_fair_dice<D>) {
        // Fair dice skip this: every sum is possible, even one whose probability underflows.
        const std::span<const double> odds = dice.face_probabilities();
        for (int r = std::max(low, 1); r <= high && static_cast<std::size_t>(r) < odds.size();
             ++r) {
            if (odds[static_cast<std::size_t>(r)] > 0.0) {
                rolls.push_back(r);
            }
        }
    } else {
        const int first = std::max(low, 1);
        if (high >= first) {
            // One allocation rather than one per doubling: Game lists these for every game.
            rolls.reserve(static_cast<std::size_t>(high - first) + 1);
        }
        for (int r = first; r <= high; ++r) {
            rolls.push_back(r);
        }
    }
    return rolls;
}

static_assert(DiceWithOdds<FairDice<>>);
static_assert(DiceWithOdds<LoadedDice<>>);
static_assert(Dice<ScriptedDice> && RewindableDice<ScriptedDice> && !DiceWithOdds<ScriptedDice>);

} // namespace snakeladder
