// The threads of one simulation: started, handed blocks of games, stopped at the first error and
// joined. Machinery of simulate() (analysis/simulate.hpp) that knows nothing of boards, dice or
// games.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace snakeladder::detail {

// Threads joined when this goes out of scope, as std::jthread joins them: libc++ 19 keeps
// std::jthread behind -fexperimental-library, and no stop token is needed (SimulationRun stops
// the workers).
class JoiningThreads {
public:
    JoiningThreads() = default;
    JoiningThreads(const JoiningThreads&) = delete;
    JoiningThreads& operator=(const JoiningThreads&) = delete;
    JoiningThreads(JoiningThreads&&) = delete;
    JoiningThreads& operator=(JoiningThreads&&) = delete;
    ~JoiningThreads() {
        for (std::thread& thread : threads_) {
            if (thread.joinable()) {
                thread.join();
            }
        }
    }
    void reserve(std::size_t count) { threads_.reserve(count); }
    // Throws std::system_error, as std::thread does, when no thread can be started.
    template <class Work>
    void start(Work&& work) {
        threads_.emplace_back(std::forward<Work>(work));
    }

private:
    std::vector<std::thread> threads_;
};

// What the threads of one simulation share: the next block to play, the games done, the first
// error and how many workers are still running.
class SimulationRun {
public:
    explicit SimulationRun(std::uint64_t blocks) : blocks_(blocks) {}

    // The next block to play, or none when all are taken or the run was stopped.
    bool take_block(std::uint64_t& block) noexcept {
        if (stopped_.load(std::memory_order_relaxed)) {
            return false;
        }
        block = next_block_.fetch_add(1, std::memory_order_relaxed);
        return block < blocks_;
    }
    void add_games_done(std::uint64_t games) noexcept {
        games_done_.fetch_add(games, std::memory_order_relaxed);
    }
    [[nodiscard]] bool stopped() const noexcept { return stopped_.load(std::memory_order_relaxed); }
    [[nodiscard]] std::uint64_t games_done() const noexcept {
        return games_done_.load(std::memory_order_relaxed);
    }
    // Keeps the first error and stops everyone (the progress callback included).
    void fail(std::exception_ptr error) noexcept {
        {
            const std::lock_guard lock(mutex_);
            if (!error_) {
                error_ = std::move(error);
            }
        }
        stopped_.store(true, std::memory_order_relaxed);
    }
    void worker_starting() {
        const std::lock_guard lock(mutex_);
        ++running_;
    }
    void worker_finished() {
        {
            const std::lock_guard lock(mutex_);
            --running_;
        }
        done_.notify_one();
    }
    // Waits for the workers to finish, calling `tick` every `interval` while they play (and
    // never sooner than a millisecond apart) when an interval is given.
    template <class Tick>
    void wait_for_workers(std::optional<std::chrono::milliseconds> interval, const Tick& tick) {
        std::unique_lock lock(mutex_);
        const auto all_done = [this] { return running_ == 0; };
        if (!interval) {
            done_.wait(lock, all_done);
            return;
        }
        const auto pause = std::max(*interval, std::chrono::milliseconds(1));
        while (!done_.wait_for(lock, pause, all_done)) {
            lock.unlock();
            tick();
            lock.lock();
        }
    }
    void rethrow_error() {
        const std::lock_guard lock(mutex_);
        if (error_) {
            std::rethrow_exception(error_);
        }
    }

private:
    std::uint64_t blocks_;
    std::atomic<std::uint64_t> next_block_{0};
    std::atomic<std::uint64_t> games_done_{0};
    std::atomic<bool> stopped_{false};
    std::mutex mutex_;
    std::condition_variable done_;
    unsigned running_ = 0; // worker threads started and not yet finished
    std::exception_ptr error_;
};

} // namespace snakeladder::detail
