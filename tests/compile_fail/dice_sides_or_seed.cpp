// expect first error: FairDice<>::FairDice\(int\)|initialization of 'snakeladder::FairDice<>'
// FairDice<>(29) could mean 29 sides or seed 29: it must not compile. Say which:
// FairDice<>({.sides = 29}) or FairDice<>::seeded(29).
#include <snakeladder/dice/dice.hpp>
int main() {
    snakeladder::FairDice<> dice(29);
    return dice.roll();
}
