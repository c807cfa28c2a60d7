// expect first error: GameConfig<Overshoot, Chains, House>: House must be a house-rule policy
// A house rule without a name() (here, the switches of an old-style policy) does not fit
// GameConfig's third slot.
#include <snakeladder/snakeladder.hpp>
struct Sloppy {
    [[nodiscard]] int forfeit_streak() const { return 3; }
    [[nodiscard]] bool max_roll_to_start() const noexcept { return false; }
    [[nodiscard]] bool knock_back() const noexcept { return true; }
    friend bool operator==(const Sloppy&, const Sloppy&) = default;
};
int main() {
    using namespace snakeladder;
    using Config = GameConfig<ExactFinish, RejectChains, Sloppy>;
    Game<FairDice<>, Config> game(classic(), FairDice<>::seeded(7), {"Ana", "Ben"});
    return game.play_turn().roll;
}
