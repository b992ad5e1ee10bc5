// GPU time of work on a CUDA stream between two events, read a frame later without stalling
// (GlTimer's twin for CUDA): the interop path's map and unmap as the GPU sees them, apart from
// the host's time in those calls. Every CUDA call is checked.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "gs/status.h"

namespace gs::app {

class CudaIntervalTimer {
 public:
  CudaIntervalTimer() = default;
  ~CudaIntervalTimer() {
    // Nothing to tell from a destructor; a broken context shows at the next checked call.
    for (cudaEvent_t event : {start_, stop_})
      if (event) [[maybe_unused]]
        const cudaError_t destroyed = cudaEventDestroy(event);
  }
  CudaIntervalTimer(const CudaIntervalTimer&) = delete;
  CudaIntervalTimer& operator=(const CudaIntervalTimer&) = delete;

  // Starts timing on `stream` unless the previous interval is still in flight (then this one
  // is skipped).
  Status begin(cudaStream_t stream) {
    if (!start_) {
      GS_TRY(checked(cudaEventCreate(&start_), "cudaEventCreate"));
      GS_TRY(checked(cudaEventCreate(&stop_), "cudaEventCreate"));
    }
    GS_TRY(collect());
    timing_ = !pending_;
    if (timing_) GS_TRY(checked(cudaEventRecord(start_, stream), "cudaEventRecord"));
    return Status::ok();
  }
  Status end(cudaStream_t stream) {
    if (!timing_) return Status::ok();
    GS_TRY(checked(cudaEventRecord(stop_, stream), "cudaEventRecord"));
    pending_ = true;
    timing_ = false;
    return Status::ok();
  }
  // The latest finished interval in ms (0 before the first).
  Expected<double> last_ms() {
    GS_TRY(collect());
    return last_ms_;
  }

 private:
  static Status checked(cudaError_t code, const char* call) {
    if (code == cudaSuccess) return Status::ok();
    return Error{std::string(call) + " failed: " + cudaGetErrorString(code)};
  }
  Status collect() {
    if (!pending_) return Status::ok();
    const cudaError_t state = cudaEventQuery(stop_);
    if (state == cudaErrorNotReady) return Status::ok();  // the GPU is still on it
    GS_TRY(checked(state, "cudaEventQuery"));
    float ms = 0.0f;
    GS_TRY(checked(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime"));
    last_ms_ = double(ms);
    pending_ = false;
    return Status::ok();
  }

  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
  bool pending_ = false;
  bool timing_ = false;
  double last_ms_ = 0.0;
};

}  // namespace gs::app
