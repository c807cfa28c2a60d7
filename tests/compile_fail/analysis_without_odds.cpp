// expect first error: the exact analysis needs dice whose odds are known \(DiceWithOdds\)
// The exact analysis works from the dice's odds; scripted dice have none: one static_assert
// says what is missing.
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    const auto turns = expected_turns(classic(), ScriptedDice{1, 2, 3});
    return static_cast<int>(turns.from_start);
}
