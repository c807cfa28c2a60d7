// expect first error: the exact analysis needs dice whose odds are known \(DiceWithOdds\)
// The same refusal with house rules and options written in braces, which the catch-all for the
// other forms (a pack) cannot take.
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    const auto lengths =
        length_distribution(classic(), ScriptedDice{1, 2, 3}, KnockBack{}, {.max_turns = 10});
    const auto seats =
        seat_chances(classic(), ScriptedDice{1, 2, 3}, 2, KnockBack{}, {.max_turns = 10});
    return static_cast<int>(lengths.turns() + seats.win_probability.size());
}
