// expect first error: Game<D, \.\.\.>: D must be Dice .*, and D has no min_roll\(\) const
// Dice without min_roll() do not fit Game's first slot; the message says which member is missing.
#include <snakeladder/snakeladder.hpp>
struct NoMinRoll {
    int roll() { return 3; }
    [[nodiscard]] int max_roll() const { return 6; }
};
int main() {
    using namespace snakeladder;
    Game game(classic(), NoMinRoll{}, {"Ana", "Ben"});
    return game.play_turn().roll;
}
