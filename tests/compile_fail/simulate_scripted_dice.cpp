// expect first error: simulate: the dice must be ReseedableDice
// simulate() reseeds a copy of the dice for each block of games; scripted dice have no engine:
// one static_assert says so, instead of a list of the overloads that do not fit.
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    const auto result = simulate(classic(), ScriptedDice{1, 2, 3}, {.games = 10});
    return static_cast<int>(result.games);
}
