// A game's players by name: the checks every game makes of its list of names, and the lookup of
// a seat by name. Game and DecisionGame both keep their seats sorted by name with these.
#pragma once

#include "../../base/errors.hpp"
#include "../../board/detail/first_named.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <vector>

namespace snakeladder::detail {

// The first few names, for a message: `Ana, Ben and 3 more`.
inline std::string listed_names(const std::vector<std::string>& names) {
    return first_named(
        names.size(), ", ", [&names](std::size_t k) { return shown_for_message(names[k]); }, 8);
}

// The seats of `names` sorted by name (equal names by seat), for seat_by_name. Throws
// InvalidPlayers for a count outside `min` to `max`, an empty name, and two equal names
// (naming their seats).
inline std::vector<std::size_t> seats_by_name(const std::vector<std::string>& names,
                                              std::int64_t min, std::int64_t max) {
    const auto count = static_cast<std::int64_t>(names.size());
    if (count < min || count > max) {
        const std::string wanted =
            min == max ? fmt::format("exactly {}", min) : fmt::format("{} to {}", min, max);
        throw InvalidPlayers(fmt::format("this game needs {} players, got {}", wanted, count));
    }
    std::vector<std::size_t> by_name(names.size());
    for (std::size_t seat = 0; seat < names.size(); ++seat) {
        if (names[seat].empty()) {
            throw InvalidPlayers(
                fmt::format("player {} (seat {}) has an empty name; every player needs a name",
                            seat + 1, seat));
        }
        by_name[seat] = seat;
    }
    // Equal names ordered by seat: the order a stable sort gives, without the buffer
    // std::stable_sort allocates.
    std::sort(by_name.begin(), by_name.end(), [&names](std::size_t a, std::size_t b) {
        const int order = names[a].compare(names[b]);
        return order < 0 || (order == 0 && a < b);
    });
    const auto twin =
        std::adjacent_find(by_name.begin(), by_name.end(),
                           [&names](std::size_t a, std::size_t b) { return names[a] == names[b]; });
    if (twin != by_name.end()) {
        throw InvalidPlayers(fmt::format("two players are called {} (seats {} and {}); every "
                                         "player needs a different name",
                                         quoted_for_message(names[*twin]), *twin, *(twin + 1)));
    }
    return by_name;
}

// The seat of `player` among `names`, through `by_name` (seats_by_name's). Throws InvalidPlayers
// for a name not in the game.
inline std::size_t seat_by_name(const std::vector<std::size_t>& by_name,
                                const std::vector<std::string>& names, std::string_view player) {
    const auto it = std::lower_bound(by_name.begin(), by_name.end(), player,
                                     [&names](std::size_t seat, std::string_view name) {
                                         return std::string_view(names[seat]).compare(name) < 0;
                                     });
    if (it == by_name.end() || std::string_view(names[*it]) != player) {
        throw InvalidPlayers(fmt::format("there is no player called {} in this game (players: {})",
                                         quoted_for_message(player), listed_names(names)));
    }
    return *it;
}

} // namespace snakeladder::detail
