// Times the steps of each backend call with a pair of CUDA events, without making the host wait:
// a call records its events and returns; its time is read once the GPU has passed its stop
// event, usually during the next call. A small ring of event pairs bounds how far the host may
// run ahead: when every pair is in flight, the oldest is waited for. One thread, one stream.
#pragma once

#include <cuda_runtime.h>

#include <array>

#include "gs/status.h"

namespace gs::cuda {

class CallTimer {
 public:
  CallTimer() = default;
  ~CallTimer();
  CallTimer(const CallTimer&) = delete;
  CallTimer& operator=(const CallTimer&) = delete;

  Status create();
  // Brackets the work of one call on `stream`: begin just before its first launch, end after
  // its last.
  Status begin(cudaStream_t stream);
  Status end(cudaStream_t stream, int steps);

  // The newest call whose work has finished (zeros before any); never waits.
  struct Finished {
    double ms = 0.0;
    int steps = 0;
  };
  Expected<Finished> latest_finished();
  // Waits for the newest call's work, then gives its time.
  Expected<Finished> wait_newest();
  // Every call read so far, summed (a caller that does not wait for each call, the overlapped
  // frame readback, takes its time from the growth of this).
  Finished total_read() const { return total_read_; }

 private:
  static constexpr int kDepth = 8;
  struct Pair {
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    long long call = -1;  // which call recorded it; -1 while unused or read
    int steps = 0;
  };
  // Reads a pair whose stop event has passed; false while it has not.
  Expected<bool> collect(Pair& pair);

  std::array<Pair, kDepth> pairs_{};
  long long calls_ = 0;         // calls begun
  long long newest_read_ = -1;  // the newest call whose time has been read
  Finished newest_read_time_;
  Finished total_read_;
  bool open_ = false;  // between begin and end
};

}  // namespace gs::cuda
