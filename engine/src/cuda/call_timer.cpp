#include "call_timer.h"

#include "cuda_check.h"

namespace gs::cuda {

CallTimer::~CallTimer() {
  for (Pair& pair : pairs_) {
    // Nothing to tell from a destructor; a broken context shows at the owner's next checked call.
    if (pair.start) [[maybe_unused]]
      const cudaError_t a = cudaEventDestroy(pair.start);
    if (pair.stop) [[maybe_unused]]
      const cudaError_t b = cudaEventDestroy(pair.stop);
  }
}

Status CallTimer::create() {
  for (Pair& pair : pairs_) {
    GS_CUDA_TRY(cudaEventCreate(&pair.start));
    GS_CUDA_TRY(cudaEventCreate(&pair.stop));
  }
  return Status::ok();
}

Expected<bool> CallTimer::collect(Pair& pair) {
  if (pair.call < 0) return true;
  const cudaError_t state = cudaEventQuery(pair.stop);
  if (state == cudaErrorNotReady) return false;  // not an error: the GPU is still on it
  GS_CUDA_TRY(state);
  float ms = 0.0f;
  GS_CUDA_TRY(cudaEventElapsedTime(&ms, pair.start, pair.stop));
  total_read_.ms += double(ms);
  total_read_.steps += pair.steps;
  if (pair.call > newest_read_) {
    newest_read_ = pair.call;
    newest_read_time_ = {double(ms), pair.steps};
  }
  pair.call = -1;
  return true;
}

Status CallTimer::begin(cudaStream_t stream) {
  Pair& pair = pairs_[std::size_t(calls_ % kDepth)];
  if (pair.call >= 0) {
    // Every pair is in flight: the host is kDepth calls ahead of the GPU, so it waits here.
    GS_CUDA_TRY(cudaEventSynchronize(pair.stop));
    Expected<bool> read = collect(pair);
    if (!read) return read.status();
  }
  GS_CUDA_TRY(cudaEventRecord(pair.start, stream));
  open_ = true;
  return Status::ok();
}

Status CallTimer::end(cudaStream_t stream, int steps) {
  if (!open_) return Error{"internal error: a timed call ended without beginning"};
  Pair& pair = pairs_[std::size_t(calls_ % kDepth)];
  GS_CUDA_TRY(cudaEventRecord(pair.stop, stream));
  pair.call = calls_++;
  pair.steps = steps;
  open_ = false;
  return Status::ok();
}

Expected<CallTimer::Finished> CallTimer::latest_finished() {
  for (Pair& pair : pairs_) {
    Expected<bool> read = collect(pair);
    if (!read) return read.status();
  }
  return newest_read_time_;
}

Expected<CallTimer::Finished> CallTimer::wait_newest() {
  if (calls_ == 0) return Finished{};
  Pair& newest = pairs_[std::size_t((calls_ - 1) % kDepth)];
  if (newest.call >= 0) GS_CUDA_TRY(cudaEventSynchronize(newest.stop));
  return latest_finished();
}

}  // namespace gs::cuda
