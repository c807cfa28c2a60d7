// expect first error: GameConfig<Overshoot, \.\.\.>: Overshoot must be an overshoot rule
// A rule with apply() but no name does not fit GameConfig's first slot: one static_assert names
// the slot and what it takes.
#include <snakeladder/snakeladder.hpp>
struct Unnamed {
    static constexpr snakeladder::OvershootOutcome apply(snakeladder::Square from, std::int64_t,
                                                         snakeladder::Square) noexcept {
        return {from, false};
    }
};
int main() {
    using Rules = snakeladder::GameConfig<Unnamed>;
    const snakeladder::Board<Rules> board({{3, 22}}, Rules({.size = 30}));
    return board.step(0, 3).end;
}
