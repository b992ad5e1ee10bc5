// One background thread that works through items in the order they were pushed, behind a
// bounded queue: when the work falls behind, push() waits instead of holding items without
// limit. Items are buffers that get recycled: acquire() hands out one the work is done with, so
// a long run allocates at most queue_depth + 1 of them. The first failing work stops the
// worker; push() and finish() report it. Used by the frames file writer and the video recorder.
// One producer thread calls the public functions; the work runs on the worker's own thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gs/status.h"

namespace gs {

template <class T>
class BoundedWorker {
 public:
  // Does one item; `index` counts the items done before it. Runs on the worker thread.
  using Work = std::function<Status(T& item, std::int64_t index)>;
  // Makes a new buffer while fewer than queue_depth + 1 exist.
  using MakeBuffer = std::function<T()>;

  BoundedWorker(std::size_t queue_depth, MakeBuffer make_buffer, Work work)
      : queue_depth_(queue_depth < 1 ? 1 : queue_depth),
        make_buffer_(std::move(make_buffer)),
        work_(std::move(work)),
        thread_([this] { run(); }) {}

  // Works through what is queued, then stops the thread (as finish() does, without waiting to
  // report: a failure is the owner's to ask for).
  ~BoundedWorker() { stop(); }
  BoundedWorker(const BoundedWorker&) = delete;
  BoundedWorker& operator=(const BoundedWorker&) = delete;

  // A buffer to fill: a recycled one, or a new one while fewer than queue_depth + 1 exist; else
  // waits until the work returns one. After a failure it never waits (push() reports it).
  T acquire() {
    std::unique_lock lock(mutex_);
    if (free_.empty() && (buffers_made_ < queue_depth_ + 1 || failure_)) {
      ++buffers_made_;
      lock.unlock();
      return make_buffer_();
    }
    wait(lock, [&] { return !free_.empty() || failure_.has_value(); });
    if (free_.empty()) {
      lock.unlock();
      return make_buffer_();
    }
    T buffer = std::move(free_.back());
    free_.pop_back();
    return buffer;
  }

  // Queues the item for the work; waits while queue_depth items are queued. Fails with the
  // first failure of the work, if there was one.
  Status push(T item) {
    std::unique_lock lock(mutex_);
    wait(lock, [&] { return queued_.size() < queue_depth_ || failure_.has_value(); });
    if (failure_) return Error{*failure_};
    if (stopping_) return Error{"the worker has finished"};
    queued_.push_back(std::move(item));
    lock.unlock();
    changed_.notify_all();
    return Status::ok();
  }

  // Waits until every queued item is done (or the work failed) and stops the thread. The first
  // failure, if any. Later calls return the same.
  Status finish() {
    stop();
    std::lock_guard lock(mutex_);
    if (failure_) return Error{*failure_};
    return Status::ok();
  }

  // Items the work did successfully.
  std::int64_t done() const {
    std::lock_guard lock(mutex_);
    return done_;
  }
  // Buffers acquire() made: at most queue_depth + 1 unless the work failed.
  std::size_t buffers_made() const {
    std::lock_guard lock(mutex_);
    return buffers_made_;
  }
  // Seconds the producer waited in acquire(), push() and finish(), and the work took.
  double wait_seconds() const {
    std::lock_guard lock(mutex_);
    return wait_seconds_;
  }
  double work_seconds() const {
    std::lock_guard lock(mutex_);
    return work_seconds_;
  }

 private:
  using Clock = std::chrono::steady_clock;

  template <class Ready>
  void wait(std::unique_lock<std::mutex>& lock, Ready ready) {
    if (ready()) return;
    const auto start = Clock::now();
    changed_.wait(lock, ready);
    wait_seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  }

  void stop() {
    std::unique_lock lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
    wait(lock, [&] { return queued_.empty() && !working_; });
    lock.unlock();
    if (thread_.joinable()) thread_.join();
  }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return !queued_.empty() || stopping_; });
      if (queued_.empty()) return;  // stopping with nothing left to do
      T item = std::move(queued_.front());
      queued_.pop_front();
      working_ = true;
      const std::int64_t index = done_;
      lock.unlock();
      changed_.notify_all();  // room in the queue for a waiting push()

      const auto start = Clock::now();
      Status status = work_(item, index);
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

      lock.lock();
      working_ = false;
      work_seconds_ += seconds;
      recycle(std::move(item));
      if (status) {
        ++done_;
      } else {
        failure_ = status.message().empty() ? "the background work failed" : status.message();
        // Nothing after a failure is worked on: its buffers go back for acquire().
        while (!queued_.empty()) {
          recycle(std::move(queued_.front()));
          queued_.pop_front();
        }
      }
      changed_.notify_all();
      if (failure_) return;
    }
  }

  // Keeps at most queue_depth + 1 buffers, also when the producer pushes its own.
  void recycle(T&& buffer) {
    if (free_.size() < queue_depth_ + 1) free_.push_back(std::move(buffer));
  }

  const std::size_t queue_depth_;
  const MakeBuffer make_buffer_;
  const Work work_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<T> queued_;
  std::vector<T> free_;
  std::size_t buffers_made_ = 0;
  std::int64_t done_ = 0;
  bool working_ = false;
  bool stopping_ = false;
  std::optional<std::string> failure_;
  double wait_seconds_ = 0.0;
  double work_seconds_ = 0.0;
  std::thread thread_;  // last: starts once everything it uses exists
};

}  // namespace gs
