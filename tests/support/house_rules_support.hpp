// What test_house_rules.cpp and test_undo.cpp share: a record printed field by field (so a failed
// comparison shows what differs), and a checker that works out every turn of a game from the
// board (Board::step) and the house rules on its own and compares it with the game's records.
#pragma once

#include "catch.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <initializer_list>
#include <optional>
#include <snakeladder/snakeladder.hpp>
#include <string>
#include <vector>

namespace house_rules_support {

using namespace snakeladder;

/// An expected ExtraRoll, written with designated initializers (every member has a default, so
/// the ones a test leaves out need no mention and draw no missing-initializer warning).
struct Roll {
    int roll = 0;
    Square start = 0;
    Square landed = 0;
    Square end = 0;
    JumpPath jumps{};
    Square needed = 0;
    bool blocked = false;
    bool forfeits = false;
    bool waiting = false;

    operator ExtraRoll() const { // NOLINT(google-explicit-constructor): a test's shorthand
        ExtraRoll extra;
        extra.roll = roll;
        extra.start = start;
        extra.landed = landed;
        extra.end = end;
        extra.jumps = jumps;
        extra.needed = needed;
        extra.blocked = blocked;
        extra.forfeits = forfeits;
        extra.waiting = waiting;
        return extra;
    }
};

/// An expected TurnRecord, in the same way.
struct Turn {
    std::uint64_t turn = 0;
    std::uint32_t seat = 0;
    std::string player{};
    JumpPath jumps{};
    int roll = 0;
    Square start = 0;
    Square landed = 0;
    Square end = 0;
    Square needed = 0;
    int place = 0;
    bool blocked = false;
    bool home = false;
    bool waiting = false;
    bool forfeited = false;
    std::vector<Roll> extra_rolls{};
    std::vector<KnockedBack> knocked_back{};

    operator TurnRecord() const { // NOLINT(google-explicit-constructor): a test's shorthand
        TurnRecord record;
        record.turn = turn;
        record.seat = seat;
        record.player = player;
        record.jumps = jumps;
        record.roll = roll;
        record.start = start;
        record.landed = landed;
        record.end = end;
        record.needed = needed;
        record.place = place;
        record.blocked = blocked;
        record.home = home;
        record.waiting = waiting;
        record.forfeited = forfeited;
        record.extra_rolls.assign(extra_rolls.begin(), extra_rolls.end());
        record.knocked_back = knocked_back;
        return record;
    }
};

/// Expected extra rolls as the record holds them.
inline std::vector<ExtraRoll> extras(std::initializer_list<Roll> rolls) {
    return {rolls.begin(), rolls.end()};
}

/// Every field of a record, for failure messages: `REQUIRE(fields(got) == fields(expected))`.
inline std::string fields(const TurnRecord& r) {
    const auto path = [](const JumpPath& jumps) {
        std::string text;
        for (const Jump& jump : jumps) {
            text += fmt::format("{}{}", text.empty() ? "" : " ", jump);
        }
        return text;
    };
    std::string extras;
    for (const ExtraRoll& e : r.extra_rolls) {
        extras += fmt::format("{{roll {} start {} landed {} end {} jumps [{}] needed {} blocked {} "
                              "forfeits {} waiting {}}}",
                              e.roll, e.start, e.landed, e.end, path(e.jumps), e.needed, e.blocked,
                              e.forfeits, e.waiting);
    }
    std::string knocked;
    for (const KnockedBack& k : r.knocked_back) {
        knocked +=
            fmt::format("{{seat {} {} from {} by_roll {}}}", k.seat, k.player, k.from, k.by_roll);
    }
    return fmt::format("turn {} seat {} {} roll {} start {} landed {} end {} jumps [{}] needed {} "
                       "place {} blocked {} home {} waiting {} forfeited {} extra [{}] "
                       "knocked [{}]",
                       r.turn, r.seat, r.player, r.roll, r.start, r.landed, r.end, path(r.jumps),
                       r.needed, r.place, r.blocked, r.home, r.waiting, r.forfeited, extras,
                       knocked);
}

/// What the checker counted, for statistical checks.
struct RuleCounts {
    std::uint64_t turns = 0;
    std::uint64_t turns_with_extra_rolls = 0;
    std::uint64_t forfeits = 0;
    std::uint64_t knock_backs = 0;
    std::uint64_t turns_from_start = 0; // turns that began on square 0
    std::uint64_t waits = 0;
    std::uint64_t rolls = 0;
    std::uint64_t maximum_rolls = 0;
};

/// Works out every turn of `game` from its board, its dice's range and its house rules, and
/// returns the first way the records (and the positions, rotation, finishers, ranking and status
/// the game reports) differ from that, or "" when they agree. The rules as the house-rule
/// semantics state them, roll by roll: six to start, the forfeit, the overshoot rule and the
/// jumps (Board::step), knock-back, home ends the turn, a maximum grants another roll.
template <class G>
std::string check_against_rules(const G& game, RuleCounts* counts = nullptr) {
    const auto& board = game.board();
    const HouseRuleSwitches house = switches_of(game.config().house_rules());
    const auto top = static_cast<int>(game.dice().max_roll());
    const auto low = static_cast<int>(game.dice().min_roll());
    const Square size = board.size();
    const std::vector<std::string>& names = game.players();
    const std::size_t players = names.size();
    const bool play_to_last = game.config().play_to_last();

    std::vector<Square> at(players, 0);
    std::vector<std::size_t> finishers;
    std::size_t due = 0;
    bool over = false;
    RuleCounts local;
    RuleCounts& count = counts != nullptr ? *counts : local;

    const std::vector<TurnRecord> records = game.records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const TurnRecord& r = records[i];
        const auto fail = [&](const std::string& what) {
            return fmt::format("turn {} ({}): {}", i + 1, fmt::format("{}", r), what);
        };
        if (over) {
            return fail("played after the game was over");
        }
        if (r.turn != i + 1 || r.seat != due || r.player != names[due] || r.start != at[due]) {
            return fail(fmt::format("expected turn {} by seat {} ({}) from {}", i + 1, due,
                                    names[due], at[due]));
        }
        const std::vector<int> rolls = r.rolls();
        if (r.extra_rolls.size() + 1 != rolls.size()) {
            return fail("rolls() does not list every roll");
        }
        ++count.turns;
        count.rolls += rolls.size();
        count.turns_with_extra_rolls += r.extra_rolls.empty() ? 0U : 1U;
        count.turns_from_start += r.start == 0 ? 1U : 0U;

        Square square = r.start;
        std::vector<KnockedBack> knocks;
        bool waiting = false;
        bool forfeited = false;
        std::size_t k = 0;
        while (k < rolls.size()) {
            const int roll = rolls[k];
            if (roll < low || roll > top) {
                return fail(fmt::format("roll {} is outside {}..{}", roll, low, top));
            }
            const bool maximum = roll == top;
            count.maximum_rolls += maximum ? 1 : 0;
            const ExtraRoll* extra = k == 0 ? nullptr : &r.extra_rolls[k - 1];
            if (house.max_roll_to_start && square == 0 && !maximum) {
                waiting = true;
                const bool ok = k == 0
                                    ? (r.waiting && r.landed == 0 && r.jumps.empty() &&
                                       r.needed == top && !r.blocked)
                                    : (extra->waiting && extra->start == 0 && extra->landed == 0 &&
                                       extra->end == 0 && extra->jumps.empty() &&
                                       extra->needed == top && !extra->blocked && !extra->forfeits);
                if (!ok) {
                    return fail(fmt::format("roll {} should wait on 0", k + 1));
                }
                ++k;
                break;
            }
            if (maximum && house.forfeit_streak != 0 &&
                static_cast<int>(k) + 1 == house.forfeit_streak) {
                forfeited = true;
                if (extra == nullptr || !extra->forfeits || extra->start != square ||
                    extra->landed != square || extra->end != square || !extra->jumps.empty() ||
                    extra->blocked || extra->waiting) {
                    return fail(fmt::format("roll {} should forfeit the turn", k + 1));
                }
                ++k;
                break;
            }
            const Move move = board.step(square, roll);
            const Square needed = move.blocked ? size - square : 0;
            if (k == 0) {
                const Square first_end = r.extra_rolls.empty() ? r.end : r.extra_rolls[0].start;
                if (r.waiting || r.landed != move.landed || r.blocked != move.blocked ||
                    r.jumps != move.jumps || r.needed != needed || first_end != move.end) {
                    return fail(fmt::format("first roll: expected landed {} end {} blocked {}",
                                            move.landed, move.end, move.blocked));
                }
            } else if (extra->start != square || extra->landed != move.landed ||
                       extra->end != move.end || extra->jumps != move.jumps ||
                       extra->blocked != move.blocked || extra->needed != needed ||
                       extra->forfeits || extra->waiting) {
                return fail(fmt::format("roll {}: expected {} to {} (landed {}, blocked {})", k + 1,
                                        square, move.end, move.landed, move.blocked));
            }
            square = move.end;
            if (house.knock_back && square != 0 && square != size) {
                for (std::uint32_t other = 0; other < players; ++other) {
                    if (other != due && at[other] == square) {
                        knocks.push_back({other, names[other], square, k});
                        at[other] = 0;
                    }
                }
            }
            ++k;
            if (square == size || !maximum || house.forfeit_streak == 0) {
                break;
            }
        }
        if (k != rolls.size()) {
            return fail(
                fmt::format("{} rolls recorded, but the turn was over after {}", rolls.size(), k));
        }
        if (k == rolls.size() && !waiting && !forfeited && square != size && rolls.back() == top &&
            house.forfeit_streak != 0) {
            return fail("the turn ended on a maximum roll that should have granted another");
        }
        const Square end = forfeited ? r.start : square;
        if (r.waiting != (waiting && k == 1) || r.forfeited != forfeited || r.end != end ||
            r.knocked_back != knocks || r.home != (end == size)) {
            return fail(fmt::format("expected end {}, forfeited {}, {} knocked back", end,
                                    forfeited, knocks.size()));
        }
        count.waits += waiting ? 1 : 0;
        count.forfeits += forfeited ? 1 : 0;
        count.knock_backs += knocks.size();
        at[due] = end;
        if (end == size) {
            finishers.push_back(due);
            if (r.place != static_cast<int>(finishers.size())) {
                return fail(fmt::format("expected place {}", finishers.size()));
            }
        } else if (r.place != 0) {
            return fail("a place for a turn that did not get home");
        }
        if (house.knock_back) {
            for (std::size_t a = 0; a < players; ++a) {
                for (std::size_t b = a + 1; b < players; ++b) {
                    if (at[a] == at[b] && at[a] != 0 && at[a] != size) {
                        return fail(fmt::format("seats {} and {} share square {}", a, b, at[a]));
                    }
                }
            }
        }
        const std::size_t left = players - finishers.size();
        over = left == 0 || (!finishers.empty() && (!play_to_last || left == 1));
        if (!over) {
            do {
                due = (due + 1) % players;
            } while (at[due] == size);
        }
    }

    if (game.positions() != at) {
        return "the positions differ from the records";
    }
    if (game.turns() != records.size()) {
        return "turns() differs from the number of records";
    }
    const GameResult result = game.result();
    if (!over && records.size() < game.config().turn_limit() && game.current_seat() != due) {
        return fmt::format("seat {} is due, the game says {}", due, game.current_seat());
    }
    const bool finished = result.status == GameStatus::finished;
    if (finished != over) {
        return fmt::format("status {} but the records say the game is {}over",
                           to_string(result.status), over ? "" : "not ");
    }
    std::vector<std::size_t> order = finishers;
    std::vector<std::size_t> rest;
    for (std::size_t seat = 0; seat < players; ++seat) {
        if (at[seat] != size) {
            rest.push_back(seat);
        }
    }
    std::stable_sort(rest.begin(), rest.end(),
                     [&](std::size_t a, std::size_t b) { return at[a] > at[b]; });
    order.insert(order.end(), rest.begin(), rest.end());
    for (std::size_t rank = 0; rank < players; ++rank) {
        const Standing& standing = result.ranking.at(rank);
        if (standing.seat != order[rank] || standing.square != at[order[rank]] ||
            standing.home != (rank < finishers.size())) {
            return fmt::format("rank {} is seat {}, expected seat {}", rank + 1, standing.seat,
                               order[rank]);
        }
    }
    const std::optional<std::string> winner =
        finishers.empty() ? std::nullopt : std::optional<std::string>(names[finishers.front()]);
    if (result.winner != winner) {
        return "the winner differs from the records";
    }
    return "";
}

/// Fails the test with the checker's finding when `game` does not follow the rules.
template <class G>
void require_follows_rules(const G& game, RuleCounts* counts = nullptr) {
    const std::string problem = check_against_rules(game, counts);
    INFO(problem);
    REQUIRE(problem.empty());
}

} // namespace house_rules_support
