// expect first error: a board keeps no house rules, .* give the house rules to the game,
// A board would drop the house rules of its configuration, and `Game game(board, dice, names)`
// would then play the standard game without a word: such a board does not compile.
#include <snakeladder/snakeladder.hpp>
int main() {
    using Config = snakeladder::GameConfig<snakeladder::ExactFinish, snakeladder::RejectChains,
                                           snakeladder::ExtraTurnOnMax<3>>;
    const snakeladder::Board<Config> board({{3, 22}}, Config({.size = 30}));
    return board.size();
}
