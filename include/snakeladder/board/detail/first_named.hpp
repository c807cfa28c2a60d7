// The first few of a long list, for an error message: `3, 7, 12 and 40 more`. Every message that
// names squares, jumps or players writes its list with this, so a list of a million stays one
// short line.
#pragma once

#include <cstddef>
#include <fmt/format.h>
#include <string>
#include <string_view>

namespace snakeladder::detail {

// How first_named ends a list it cut short: ` and 40 more`.
inline std::string and_more(std::size_t left_out) {
    return fmt::format(" and {} more", left_out);
}

// The first `shown` of `count` names, `name_of(k)` the k-th, joined by `separator`; then, if
// some are left out, `more(how many)`. `last_separator` (if not empty) goes before the last name
// of a list shown whole, for `3, 7 and 12`.
template <class NameOf, class More = std::string (*)(std::size_t)>
std::string first_named(std::size_t count, std::string_view separator, const NameOf& name_of,
                        std::size_t shown, std::string_view last_separator = {},
                        const More& more = and_more) {
    if (last_separator.empty()) {
        last_separator = separator;
    }
    std::string list;
    for (std::size_t k = 0; k < count && k < shown; ++k) {
        if (k > 0) {
            list += k + 1 == count ? last_separator : separator;
        }
        list += name_of(k);
    }
    if (count > shown) {
        list += more(count - shown);
    }
    return list;
}

} // namespace snakeladder::detail
