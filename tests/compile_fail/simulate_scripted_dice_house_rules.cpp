// expect first error: simulate: the dice must be ReseedableDice
// The same refusal with house rules and options written in braces, which the catch-all for the
// other forms (a pack) cannot take.
#include <snakeladder/snakeladder.hpp>
int main() {
    using namespace snakeladder;
    const auto result = simulate(classic(), ScriptedDice{1, 2, 3}, KnockBack{}, {.games = 10});
    return static_cast<int>(result.games);
}
