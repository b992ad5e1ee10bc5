#include "gs/bounded_worker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace gs {
namespace {

using Buffer = std::vector<int>;
using namespace std::chrono_literals;

// Holds the work back until opened, so that tests can fill the queue.
class Gate {
 public:
  void open() {
    {
      std::lock_guard lock(mutex_);
      open_ = true;
    }
    opened_.notify_all();
  }
  void pass() {
    std::unique_lock lock(mutex_);
    opened_.wait(lock, [&] { return open_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  bool open_ = false;
};

TEST(BoundedWorker, WorksThroughItemsInPushOrder) {
  std::vector<int> seen;
  std::vector<std::int64_t> indices;
  BoundedWorker<Buffer> worker(
      3, [] { return Buffer(1); },
      [&](Buffer& item, std::int64_t index) {
        seen.push_back(item[0]);
        indices.push_back(index);
        return Status::ok();
      });
  for (int i = 0; i < 50; ++i) {
    Buffer item = worker.acquire();
    item[0] = i;
    ASSERT_TRUE(worker.push(std::move(item)));
  }
  ASSERT_TRUE(worker.finish());
  ASSERT_EQ(seen.size(), 50u);
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(seen[std::size_t(i)], i);
    EXPECT_EQ(indices[std::size_t(i)], i);
  }
  EXPECT_EQ(worker.done(), 50);
}

TEST(BoundedWorker, RecyclesBuffersInsteadOfAllocatingEachItem) {
  std::atomic<int> made{0};
  std::vector<const int*> storage;
  BoundedWorker<Buffer> worker(
      4,
      [&] {
        ++made;
        return Buffer(1024);
      },
      [&](Buffer& item, std::int64_t) {
        storage.push_back(item.data());
        return Status::ok();
      });
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(worker.push(worker.acquire()));
  ASSERT_TRUE(worker.finish());
  EXPECT_LE(made.load(), 5) << "at most queue depth + 1 buffers";
  EXPECT_EQ(worker.buffers_made(), std::size_t(made.load()));
  // Every item was one of those few buffers: the same storage comes round again.
  std::sort(storage.begin(), storage.end());
  storage.erase(std::unique(storage.begin(), storage.end()), storage.end());
  EXPECT_LE(storage.size(), 5u);
}

TEST(BoundedWorker, PushWaitsWhileTheQueueIsFull) {
  Gate gate;
  BoundedWorker<Buffer> worker(
      2, [] { return Buffer(1); },
      [&](Buffer&, std::int64_t) {
        gate.pass();
        return Status::ok();
      });
  // One item in the work (held at the gate), two queued: the queue is full.
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(worker.push(Buffer(1)));
  std::atomic<bool> pushed{false};
  std::thread producer([&] {
    EXPECT_TRUE(worker.push(Buffer(1)));
    pushed = true;
  });
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(pushed.load()) << "a push past the bound must wait";
  gate.open();
  producer.join();
  EXPECT_TRUE(pushed.load());
  ASSERT_TRUE(worker.finish());
  EXPECT_EQ(worker.done(), 4);
  EXPECT_GT(worker.wait_seconds(), 0.0);
}

TEST(BoundedWorker, AcquireWaitsWhileEveryBufferIsOut) {
  Gate gate;
  BoundedWorker<Buffer> worker(
      1, [] { return Buffer(1); },
      [&](Buffer&, std::int64_t) {
        gate.pass();
        return Status::ok();
      });
  Buffer first = worker.acquire();
  Buffer second = worker.acquire();  // depth + 1 = 2 buffers out
  ASSERT_TRUE(worker.push(std::move(first)));
  std::atomic<bool> acquired{false};
  std::thread producer([&] {
    Buffer third = worker.acquire();
    acquired = true;
  });
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(acquired.load()) << "no third buffer while two are out";
  gate.open();
  producer.join();
  EXPECT_EQ(worker.buffers_made(), 2u);
  ASSERT_TRUE(worker.push(std::move(second)));
  ASSERT_TRUE(worker.finish());
}

TEST(BoundedWorker, TheFirstFailureStopsTheWorkAndIsReported) {
  std::vector<int> seen;
  BoundedWorker<Buffer> worker(
      2, [] { return Buffer(1); },
      [&](Buffer& item, std::int64_t) -> Status {
        seen.push_back(item[0]);
        if (item[0] == 3) return Error{"disk full at 3"};
        if (item[0] > 3) return Error{"a later failure"};
        return Status::ok();
      });
  Status pushed = Status::ok();
  for (int i = 0; i < 100 && pushed; ++i) {
    Buffer item = worker.acquire();
    item[0] = i;
    pushed = worker.push(std::move(item));
  }
  ASSERT_FALSE(pushed) << "a push after the failure reports it";
  EXPECT_EQ(pushed.message(), "disk full at 3");
  const Status finished = worker.finish();
  ASSERT_FALSE(finished);
  EXPECT_EQ(finished.message(), "disk full at 3");
  EXPECT_EQ(worker.finish().message(), "disk full at 3") << "finish() says it again";
  EXPECT_EQ(worker.done(), 3);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), 3) << "nothing is worked on after the failure";
  // After a failure acquire() never waits, even with every buffer out.
  std::vector<Buffer> held;
  for (int i = 0; i < 5; ++i) held.push_back(worker.acquire());
}

TEST(BoundedWorker, DestructionWorksThroughTheQueueAndStops) {
  std::atomic<int> done{0};
  {
    Gate gate;
    BoundedWorker<Buffer> worker(
        4, [] { return Buffer(1); },
        [&](Buffer&, std::int64_t) {
          gate.pass();
          ++done;
          return Status::ok();
        });
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(worker.push(worker.acquire()));
    gate.open();
  }  // no finish(): the destructor drains and joins
  EXPECT_EQ(done.load(), 4);
}

TEST(BoundedWorker, AnIdleWorkerStopsAtOnce) {
  BoundedWorker<Buffer> worker(
      3, [] { return Buffer(1); }, [](Buffer&, std::int64_t) { return Status::ok(); });
  EXPECT_TRUE(worker.finish());
  EXPECT_EQ(worker.done(), 0);
  EXPECT_EQ(worker.buffers_made(), 0u);
  EXPECT_FALSE(worker.push(Buffer(1))) << "nothing is taken after finish()";
}

}  // namespace
}  // namespace gs
