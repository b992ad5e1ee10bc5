// The twin's task pool: every task runs once, on any number of threads, and tasks that wait for
// earlier ones finish however the threads are scheduled: more threads than cores, and workers
// that stall mid-task as a preempted thread would.
#include "cpu_twin/task_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace gs::twin {
namespace {

TEST(TaskPool, RunsEveryTaskOnceOnAnyNumberOfThreads) {
  for (int threads : {1, 2, 3, 8})
    for (long count : {0L, 1L, 5L, 1000L}) {
      TaskPool pool(threads);
      EXPECT_EQ(pool.threads(), threads);
      std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
      std::atomic<int> outside_the_pool{0};
      auto task = [&](long index, int thread) {
        runs[std::size_t(index)].fetch_add(1);
        if (thread < 0 || thread >= threads) outside_the_pool.fetch_add(1);
      };
      for (int job = 0; job < 3; ++job) pool.run(count, task);
      for (const std::atomic<int>& ran : runs) EXPECT_EQ(ran.load(), 3) << threads << " threads";
      EXPECT_EQ(outside_the_pool.load(), 0);
    }
}

// Each task waits for the one before it. Tasks are claimed in order, so the earlier one is held
// by a thread that will finish it, and the chain ends: here with sixteen threads on this
// machine's cores, and workers that sleep mid-task, long enough for the others to go to sleep
// too and be woken by the task's end.
TEST(TaskPool, TasksThatWaitForEarlierOnesFinishWithMoreThreadsThanCoresAndSlowWorkers) {
  TaskPool pool(16);
  for (int job = 0; job < 100; ++job) {
    std::atomic<long> done{0};
    auto task = [&](long index, int thread) {
      pool.wait_until([&] { return done.load() == index; });
      if (thread != 0 && index % 5 == 0)
        std::this_thread::sleep_for(std::chrono::microseconds(300));
      done.store(index + 1);
    };
    pool.run(12, task);
    ASSERT_EQ(done.load(), 12) << "job " << job;
  }
}

// A waiter told that spinning is not worth it (whoever it waits for is not running) sleeps at
// once, and the task that makes it ready still wakes it; the job's own join does the same.
TEST(TaskPool, AWaiterThatMustNotSpinSleepsAndIsWokenByTheTaskItWaitsFor) {
  TaskPool pool(2);
  for (int job = 0; job < 50; ++job) {
    std::atomic<int> asked{0};
    std::atomic<bool> first_done{false};
    auto task = [&](long index, int) {
      if (index == 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        first_done.store(true);
        return;
      }
      pool.wait_until([&] { return first_done.load(); },
                      [&] {
                        asked.fetch_add(1);
                        return false;
                      });
    };
    pool.run(2, task, [] { return false; });
    ASSERT_TRUE(first_done.load()) << "job " << job;
    EXPECT_LE(asked.load(), 1) << "asked once, then asleep";
  }
}

// The results of every task are visible to the caller once run() returns.
TEST(TaskPool, TheCallerSeesEveryTasksWrites) {
  TaskPool pool(4);
  std::vector<long> values(4096, 0);
  for (long round = 1; round <= 50; ++round) {
    auto task = [&](long index, int) { values[std::size_t(index)] = round * index; };
    pool.run(long(values.size()), task);
    for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(values[i], round * long(i));
  }
}

}  // namespace
}  // namespace gs::twin
