// expect first error: GameConfig<Overshoot, Chains, \.\.\.>: Chains must be a chain rule
// A chain rule whose policy is a bool, not a ChainPolicy, does not fit GameConfig's second slot.
#include <snakeladder/snakeladder.hpp>
struct FollowSome {
    static constexpr bool policy = true;
    static constexpr std::string_view name = "FollowSome";
};
int main() {
    const snakeladder::GameConfig<snakeladder::BounceBack, FollowSome> config({.size = 30});
    return config.size();
}
