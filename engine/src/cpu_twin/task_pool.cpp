#include "cpu_twin/task_pool.h"

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace gs::twin {
namespace {

std::uint32_t tasks_left(std::uint64_t word) {
  return std::uint32_t(word);
}

}  // namespace

void TaskPool::pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

TaskPool::TaskPool(int threads) {
  for (int thread = 1; thread < threads; ++thread)
    workers_.emplace_back([this, thread] { work(thread); });
}

TaskPool::~TaskPool() {
  stop_.store(true);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    wake_.notify_all();
  }
  for (std::thread& worker : workers_) worker.join();
}

void TaskPool::publish(long begin, long tasks, Task task, void* context) {
  task_ = task;
  context_ = context;
  job_begin_ = begin;
  job_count_ = tasks;
  finished_.store(0, std::memory_order_relaxed);  // published with the claim word below
  claim_.store(std::uint64_t(++generation_) << 32 | std::uint64_t(tasks));
  wake_sleepers();
}

void TaskPool::work(int thread) {
  std::uint64_t seen = 0;
  for (;;) {
    wait_until([&] { return stop_.load() || claim_.load() >> 32 != seen >> 32; });
    if (stop_.load()) return;
    seen = claim_.load();
    run_claimed(thread);
  }
}

// Claims tasks of whichever job is current until none is left. A successful claim proves the
// job is unfinished (its task is), so the job's fields are this job's while the task runs.
void TaskPool::run_claimed(int thread) {
  std::uint64_t word = claim_.load(std::memory_order_acquire);
  while (tasks_left(word) > 0) {
    if (!claim_.compare_exchange_weak(word, word - 1, std::memory_order_acq_rel,
                                      std::memory_order_acquire))
      continue;
    task_(context_, job_begin_ + job_count_ - long(tasks_left(word)), thread);
    finished_.fetch_add(1);
    wake_sleepers();
    word = claim_.load(std::memory_order_acquire);
  }
}

// A sleeper counts itself before it checks under the lock, and the change it waits for is made
// before this reads the count: either it sees the change, or this sees it and wakes it.
void TaskPool::wake_sleepers() {
  if (sleepers_.load() == 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  wake_.notify_all();
}

}  // namespace gs::twin
