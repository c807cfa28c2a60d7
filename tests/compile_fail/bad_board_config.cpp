// expect first error: Board<Config>: Config must be a GameConfig<Overshoot, Chains, House>
// Board's slot takes a GameConfig: a rule on its own is not a configuration.
#include <snakeladder/snakeladder.hpp>
int main() {
    const snakeladder::Board<snakeladder::BounceBack> board({{3, 22}});
    return board.size();
}
