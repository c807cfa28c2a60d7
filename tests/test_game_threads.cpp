// Everything shared between threads: the game (std::mutex) with turns taken from 8 threads at
// once, readers and observers running alongside, subscriptions coming and going; house-rule turns
// and undo from several threads; one board queried from several threads. The `tsan` preset builds
// this file and test_simulate.cpp (SNAKELADDER_ONLY_THREAD_TESTS) and runs them under
// ThreadSanitizer.
#include "support/catch.hpp"
#include "support/house_rules_support.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fmt/format.h>
#include <mutex>
#include <numeric>
#include <snakeladder/snakeladder.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace snakeladder;
using house_rules_support::require_follows_rules;

namespace {

const std::vector<std::string> four_players{"Ana", "Ben", "Cy", "Dee"};

// Every house rule at once.
using AllRules =
    GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>;

std::vector<int> one_to(int n) {
    std::vector<int> rolls(static_cast<std::size_t>(n));
    std::iota(rolls.begin(), rolls.end(), 1);
    return rolls;
}

// Everything the concurrency tests check about a finished game: one record per accepted turn,
// numbered 1..n without a gap, each position the end of its player's last record, one winner.
template <class G>
void check_finished_game(const G& game, std::uint64_t accepted) {
    const std::vector<TurnRecord> records = game.records();
    REQUIRE(game.status() == GameStatus::finished);
    REQUIRE(records.size() == accepted);
    REQUIRE(game.turns() == accepted);
    std::vector<Square> last_end(four_players.size(), 0);
    std::size_t winners = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const TurnRecord& r = records[i];
        REQUIRE(r.turn == i + 1);
        REQUIRE(r.seat == i % four_players.size()); // a fixed rotation, whoever called
        REQUIRE(r.player == four_players[r.seat]);
        REQUIRE(r.start == last_end[r.seat]);
        last_end[r.seat] = r.end;
        winners += r.home ? 1 : 0;
    }
    REQUIRE(winners == 1);
    REQUIRE(records.back().home);
    REQUIRE(game.positions() == last_end);
    REQUIRE(game.winner() == records.back().player);
}

} // namespace

TEST_CASE("8 threads taking turns on one game, 100 games: one record per accepted turn",
          "[game][threads]") {
    constexpr int threads = 8;
    std::uint64_t out_of_turn = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        Game<FairDice<>> game(classic(), FairDice<>::seeded(seed), four_players);
        // An observer that checks, on every turn, that events come in order, once each, and that
        // the game it reads already holds the turn. Failures are counted, not asserted: Catch
        // assertions are not for other threads.
        std::atomic<int> observer_failures{0};
        std::uint64_t last_turn_seen = 0; // only touched by the observer, one event at a time
        const Subscription observer = game.subscribe([&](const TurnPlayed& event) {
            const TurnRecord& r = event.record;
            if (r.turn != last_turn_seen + 1 || game.position(r.seat) != r.end ||
                game.turns() != r.turn) {
                ++observer_failures;
            }
            last_turn_seen = r.turn;
        });

        std::atomic<std::uint64_t> accepted{0};
        std::atomic<std::uint64_t> refused{0};
        std::vector<std::thread> pool;
        pool.reserve(threads);
        for (int t = 0; t < threads; ++t) {
            pool.emplace_back([&, t] {
                // Each thread cycles through the names, starting at a different one.
                for (auto k = static_cast<std::size_t>(t);; ++k) {
                    try {
                        game.take_turn(four_players[k % four_players.size()]);
                        ++accepted;
                    } catch (const NotYourTurn&) {
                        ++refused;
                    } catch (const GameOver&) {
                        return;
                    }
                }
            });
        }
        for (std::thread& thread : pool) {
            thread.join();
        }
        check_finished_game(game, accepted.load());
        REQUIRE(observer_failures.load() == 0);
        REQUIRE(last_turn_seen == accepted.load());
        out_of_turn += refused.load();
    }
    // Calls out of turn are refused, not played; how many there are depends on the scheduler
    // (on a busy machine one thread can play a whole game before the others start), so the
    // count is reported, not asserted.
    INFO("calls refused as out of turn: " << out_of_turn);
    SUCCEED();
}

TEST_CASE("readers on other threads always see a consistent game", "[game][threads]") {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Game<FairDice<>> game(classic(), FairDice<>::seeded(seed), four_players);
        std::atomic<bool> done{false};
        std::atomic<int> inconsistencies{0};
        std::thread reader([&] {
            std::uint64_t seen = 0;
            while (!done.load()) {
                // One read is one locked snapshot: its parts agree with each other.
                const GameResult result = game.result();
                if (result.turns < seen) {
                    ++inconsistencies; // the log never shrinks
                }
                seen = result.turns;
                const std::vector<TurnRecord> records = game.records();
                if (records.size() < seen) {
                    ++inconsistencies;
                }
                for (std::size_t i = 0; i < records.size(); ++i) {
                    if (records[i].turn != i + 1) {
                        ++inconsistencies;
                    }
                }
                if (result.ranking.size() != four_players.size()) {
                    ++inconsistencies;
                }
            }
        });
        std::thread player([&] {
            game.play();
            done.store(true);
        });
        player.join();
        reader.join();
        REQUIRE(inconsistencies.load() == 0);
        check_finished_game(game, game.turns());
    }
}

TEST_CASE("play() from two threads at once: one game, played once", "[game][threads]") {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        Game<FairDice<>> game(classic(), FairDice<>::seeded(seed), four_players);
        std::atomic<int> finished{0};
        const auto play = [&] {
            try {
                if (game.play().status == GameStatus::finished) {
                    ++finished;
                }
            } catch (const GameOver&) {
                ++finished; // the other thread ended it before this one played a turn
            }
        };
        std::thread first(play);
        std::thread second(play);
        first.join();
        second.join();
        REQUIRE(finished.load() == 2);
        check_finished_game(game, game.turns());
        // The same seed played alone gives the same game, however the two threads interleaved.
        Game<FairDice<>, GameConfig<>, NullMutex> alone(classic(), FairDice<>::seeded(seed),
                                                        four_players);
        alone.play();
        REQUIRE(alone.records() == game.records());
    }
}

TEST_CASE("subscriptions come and go while other threads play", "[game][threads]") {
    Game<FairDice<>, GameConfig<BounceBack>> game(
        classic(GameConfig<BounceBack>({.play_to_last = true})), FairDice<>::seeded(99),
        four_players);
    std::atomic<bool> done{false};
    std::atomic<int> late_calls{0};
    std::atomic<std::uint64_t> calls{0};

    std::thread subscriber([&] {
        while (!done.load()) {
            std::atomic<bool> unsubscribed{false};
            Subscription s = game.subscribe([&](const GameEvent&) {
                if (unsubscribed.load()) {
                    ++late_calls; // called after reset() returned: must never happen
                }
                ++calls;
            });
            std::this_thread::yield();
            s.reset();
            unsubscribed.store(true);
        }
    });
    std::vector<std::thread> players;
    for (std::size_t t = 0; t < 4; ++t) {
        players.emplace_back([&, t] {
            for (std::size_t k = t;; ++k) {
                try {
                    game.take_turn(four_players[k % four_players.size()]);
                } catch (const NotYourTurn&) {
                } catch (const GameOver&) {
                    return;
                }
            }
        });
    }
    for (std::thread& thread : players) {
        thread.join();
    }
    done.store(true);
    subscriber.join();
    REQUIRE(late_calls.load() == 0);
    REQUIRE(game.status() == GameStatus::finished);
    // Under play_to_last, everyone but the last is home.
    const std::vector<Standing> ranking = game.ranking();
    REQUIRE(std::count_if(ranking.begin(), ranking.end(),
                          [](const Standing& s) { return s.home; }) == 3);
}

// --- House rules, undo and a shared board ----------------------------------------------------

// A board is immutable and keeps no cache, so threads may query one board at once; under the
// tsan preset this also proves that no call writes to it.
TEST_CASE("one board queried from four threads at once gives each the same answers",
          "[hostile][threads]") {
    const auto board = classic(GameConfig<BounceBack, FollowChains>());
    std::vector<Move> expected;
    for (Square from = 0; from <= board.size(); ++from) {
        for (std::int64_t roll = 1; roll <= 6; ++roll) {
            expected.push_back(board.step(from, roll));
        }
    }
    const std::vector<Square> expected_traps = board.traps(one_to(6));
    const std::string expected_text = to_text(board);

    constexpr int threads = 4;
    std::vector<int> mismatches(threads, 0);
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int repeat = 0; repeat < 20; ++repeat) {
                std::size_t k = 0;
                for (Square from = 0; from <= board.size(); ++from) {
                    for (std::int64_t roll = 1; roll <= 6; ++roll, ++k) {
                        mismatches[static_cast<std::size_t>(t)] +=
                            board.step(from, roll) == expected[k] ? 0 : 1;
                    }
                }
                mismatches[static_cast<std::size_t>(t)] +=
                    board.traps(one_to(6)) == expected_traps ? 0 : 1;
                mismatches[static_cast<std::size_t>(t)] += to_text(board) == expected_text ? 0 : 1;
            }
        });
    }
    for (std::thread& worker : workers) {
        worker.join();
    }
    REQUIRE(mismatches == std::vector<int>(threads, 0));
}

TEST_CASE("House rules under threads: take_turn from one thread per player") {
    using Config =
        GameConfig<ExactFinish, RejectChains, HouseRules<ExtraTurnOnMax<3>, SixToStart, KnockBack>>;
    const std::vector<std::string> names{"Ana", "Ben", "Cy", "Di", "Ed", "Flo"};
    const Board<Config> board = classic();
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Game<FairDice<>, Config> game(board, FairDice<>::seeded(seed), names); // std::mutex
        std::mutex taken_mutex;
        std::vector<TurnRecord> taken;
        std::atomic<int> homecomings{0};
        std::vector<std::thread> threads;
        threads.reserve(names.size());
        for (const std::string& name : names) {
            threads.emplace_back([&, name]() {
                for (;;) {
                    try {
                        const TurnRecord record = game.take_turn(name);
                        homecomings += record.home ? 1 : 0;
                        const std::lock_guard<std::mutex> lock(taken_mutex);
                        taken.push_back(record);
                    } catch (const NotYourTurn&) {
                        std::this_thread::yield();
                    } catch (const GameOver&) {
                        return;
                    }
                }
            });
        }
        for (std::thread& thread : threads) {
            thread.join();
        }
        INFO("seed " << seed);
        // Exactly one record per turn, the same ones the log has, in a valid rotation.
        std::sort(taken.begin(), taken.end(),
                  [](const TurnRecord& a, const TurnRecord& b) { return a.turn < b.turn; });
        REQUIRE(taken == game.records());
        REQUIRE(homecomings == 1);
        REQUIRE(game.status() == GameStatus::finished);
        REQUIRE(game.winner() == taken.back().player);
        require_follows_rules(game);
        // The same seed played on one thread gives the same game.
        Game<FairDice<>, Config, NullMutex> alone(board, FairDice<>::seeded(seed), names);
        (void)alone.play();
        REQUIRE(alone.records() == taken);
    }
}

TEST_CASE("undo under threads: players taking turns while another thread undoes") {
    const Board<AllRules> board = classic();
    const std::vector<std::string> names{"Ana", "Ben", "Cy", "Di"};
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        INFO("seed " << seed);
        Game<FairDice<>, AllRules> game(board, FairDice<>::seeded(seed), names); // std::mutex
        // The log as the events tell it: TurnPlayed appends, TurnUndone takes the last away.
        std::mutex told_mutex;
        std::vector<TurnRecord> told;
        std::string event_problem;
        const Subscription subscription = game.subscribe([&](const GameEvent& event) {
            const std::lock_guard<std::mutex> lock(told_mutex);
            if (const auto* played = std::get_if<TurnPlayed>(&event)) {
                if (played->record.turn != told.size() + 1 && event_problem.empty()) {
                    event_problem = fmt::format("turn {} told after {} turns", played->record.turn,
                                                told.size());
                }
                told.push_back(played->record);
            } else if (const auto* undone = std::get_if<TurnUndone>(&event)) {
                if ((told.empty() || told.back() != undone->record) && event_problem.empty()) {
                    event_problem =
                        fmt::format("turn {} undone, not the last one told", undone->record.turn);
                }
                if (!told.empty()) {
                    told.pop_back();
                }
            }
        });

        std::atomic<bool> done{false};
        std::atomic<std::uint64_t> played{0};
        std::atomic<std::uint64_t> undone{0};
        std::vector<std::thread> threads;
        threads.reserve(names.size());
        for (const std::string& name : names) {
            threads.emplace_back([&, name]() {
                while (!done) {
                    try {
                        (void)game.take_turn(name);
                        ++played;
                    } catch (const NotYourTurn&) {
                        std::this_thread::yield();
                    } catch (const GameOver&) {
                        std::this_thread::yield(); // an undo may reopen the game
                    }
                }
            });
        }
        // Only this thread undoes, so once a turn has been played an undo always succeeds:
        // exactly `undos` turns are taken back, at moments the scheduler picks.
        constexpr std::uint64_t undos = 40;
        std::atomic<bool> undo_failed{false};
        std::thread undoer([&]() {
            try {
                for (std::uint64_t i = 0; i < undos; ++i) {
                    for (int wait = 0; wait < 50 || game.turns() == 0; ++wait) {
                        std::this_thread::yield();
                    }
                    (void)game.undo();
                    ++undone;
                }
            } catch (...) {
                undo_failed = true;
            }
        });
        undoer.join();
        while (game.status() != GameStatus::finished) {
            std::this_thread::yield();
        }
        done = true;
        for (std::thread& thread : threads) {
            thread.join();
        }

        REQUIRE_FALSE(undo_failed);
        REQUIRE(undone == undos);
        REQUIRE(event_problem.empty());
        REQUIRE(game.turns() == played - undone);
        REQUIRE(told == game.records());
        require_follows_rules(game);
        const std::vector<TurnRecord> records = game.records();
        REQUIRE(std::count_if(records.begin(), records.end(),
                              [](const TurnRecord& r) { return r.home; }) == 1);
        REQUIRE(game.winner() == records.back().player);
    }
}

TEST_CASE("the moments of one length distribution asked for from 8 threads at once are solved "
          "once and agree",
          "[analysis][threads]") {
    const LengthDistribution lengths = length_distribution(classic(), FairDice<>());
    std::vector<double> means(8, 0.0);
    std::vector<double> variances(8, 0.0);
    {
        std::vector<std::thread> threads; // not std::jthread: libc++ 19 keeps it experimental
        for (std::size_t i = 0; i < 8; ++i) {
            threads.emplace_back([&, i] {
                // A copy shares the solve as well.
                // NOLINTNEXTLINE(performance-unnecessary-copy-initialization)
                const LengthDistribution copy = lengths;
                means[i] = i % 2 == 0 ? lengths.mean() : copy.mean();
                variances[i] = copy.variance();
            });
        }
        for (std::thread& thread : threads) {
            thread.join();
        }
    }
    for (std::size_t i = 0; i < 8; ++i) {
        CHECK(means[i] == Approx(39.598365640208193).epsilon(1e-12));
        CHECK(means[i] == means[0]);
        CHECK(variances[i] == variances[0]);
    }
}
