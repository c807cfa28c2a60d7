// expect: a house rule's on_land cannot be called as the hook
// A hook that is not const would never be called: the game refuses it instead of skipping it.
#include <snakeladder/snakeladder.hpp>
#include <string>
struct Forgetful {
    [[nodiscard]] static std::string name() { return "Forgetful"; }
    void on_land(snakeladder::Landing& landing) { landing.move_to(0); } // not const
    friend bool operator==(const Forgetful&, const Forgetful&) = default;
};
int main() {
    using namespace snakeladder;
    using Config = GameConfig<ExactFinish, RejectChains, Forgetful>;
    Game<FairDice<>, Config> game(classic(), FairDice<>::seeded(7), {"Ana", "Ben"});
    return game.play_turn().roll;
}
