// The twin's threads: a small pool of persistent workers that keeps going on a busy machine.
//
// An OpenMP team stalls on a preempted thread: every barrier, fork and join waits for all of its
// threads, so with other programs on the cores each step waits for whichever thread the
// scheduler took away. Here the calling thread runs tasks too, and workers join a job only if
// they are free: a job waits for the tasks someone has claimed, never for an idle, sleeping or
// preempted worker to check in or out. Tasks are claimed one at a time in index order, so a task
// may wait for earlier ones (wait_until): those are all claimed, by threads that will finish
// them. Waits spin briefly, then sleep, so a waiting thread gives its core away.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace gs::twin {

class TaskPool {
 public:
  // Runs task `index`; `thread` is 0 on the caller and 1 .. threads() - 1 on the workers.
  using Task = void (*)(void* context, long index, int thread);

  // threads - 1 workers beside the calling thread (none for threads <= 1).
  explicit TaskPool(int threads);
  ~TaskPool();
  TaskPool(const TaskPool&) = delete;
  TaskPool& operator=(const TaskPool&) = delete;

  int threads() const { return int(workers_.size()) + 1; }

  // Runs every task in [0, count) and returns once all have run. One caller at a time. Waiting
  // for the last tasks, the caller spins only while worth_spinning() (see wait_until).
  template <class WorthSpinning>
  void run(long count, Task task, void* context, const WorthSpinning& worth_spinning) {
    for (long begin = 0; begin < count; begin += kMaxJobTasks) {
      const long tasks = std::min(kMaxJobTasks, count - begin);
      publish(begin, tasks, task, context);
      run_claimed(0);
      wait_until([&] { return finished_.load() == tasks; }, worth_spinning);
    }
  }
  template <class Body, class WorthSpinning>  // body(long index, int thread)
  void run(long count, Body& body, const WorthSpinning& worth_spinning) {
    run(
        count, [](void* c, long index, int thread) { (*static_cast<Body*>(c))(index, thread); },
        &body, worth_spinning);
  }
  template <class Body>
  void run(long count, Body& body) {
    run(count, body, [] { return true; });
  }

  // Wakes the threads in wait_until to ask again, after a change to what their ready() reads
  // made other than by a task's end.
  void notify() { wake_sleepers(); }

  // Returns once ready() holds, for a task that waits for earlier ones. ready() must read
  // sequentially consistent atomics that a task sets before it ends: the end of every task wakes
  // the sleepers to ask again.
  template <class Ready>
  void wait_until(const Ready& ready) {
    wait_until(ready, [] { return true; });
  }
  // The same, spinning only while worth_spinning() holds: while whoever is awaited is running
  // (a thread that waits for a preempted one sleeps at once, leaving the core to it or others).
  template <class Ready, class WorthSpinning>
  void wait_until(const Ready& ready, const WorthSpinning& worth_spinning) {
    if (spin_until(ready, worth_spinning)) return;
    sleepers_.fetch_add(1);
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, ready);
    }
    sleepers_.fetch_sub(1);
  }

 private:
  // Long enough to catch the next call of a caller that steps in a loop and to outlast a band
  // of another thread that is running (a sleeping thread takes tens of microseconds to wake in
  // a VM), short enough that a waiting thread soon gives its core to whoever it waits for.
  // Measured on 1024x1024 beside three busy loops: 300 kept 26% of the quiet speed, 50 kept 23%.
  static constexpr std::chrono::microseconds kSpin{300};

  template <class Ready, class WorthSpinning>
  static bool spin_until(const Ready& ready, const WorthSpinning& worth_spinning) {
    const auto until = std::chrono::steady_clock::now() + kSpin;
    for (;;) {
      for (int i = 0; i < 32; ++i) {
        if (ready()) return true;
        pause();
      }
      if (std::chrono::steady_clock::now() > until || !worth_spinning()) return ready();
    }
  }
  // A job's tasks are counted in the low half of the claim word.
  static constexpr long kMaxJobTasks = 0x7fffffff;

  // Makes `tasks` tasks from `begin` on the current job, and wakes the workers to claim them.
  void publish(long begin, long tasks, Task task, void* context);
  static void pause();
  void work(int thread);
  void run_claimed(int thread);
  void wake_sleepers();

  // The current job: its generation (high 32 bits) and how many of its tasks are left to claim.
  std::atomic<std::uint64_t> claim_{0};
  std::atomic<long> finished_{0};  // tasks of the current job that have run
  // Set before a job is published, read only by a thread that holds one of its tasks.
  Task task_ = nullptr;
  void* context_ = nullptr;
  long job_begin_ = 0;
  long job_count_ = 0;
  std::uint32_t generation_ = 0;

  std::atomic<bool> stop_{false};
  std::atomic<int> sleepers_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::thread> workers_;
};

}  // namespace gs::twin
