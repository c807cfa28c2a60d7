// expect first error: D must be Dice .*, and D has no max_roll\(\) const
// Dice without max_roll() do not fit DecisionGame's first slot; the message names the member.
#include <snakeladder/snakeladder.hpp>
struct NoMaxRoll {
    int roll() { return 3; }
    [[nodiscard]] int min_roll() const { return 1; }
};
int main() {
    using namespace snakeladder;
    DecisionGame<NoMaxRoll> game(classic(), Choices<NoMaxRoll>{{NoMaxRoll{}}, false},
                                 {person("Ana"), person("Ben")});
    return game.winner().has_value() ? 0 : 1;
}
