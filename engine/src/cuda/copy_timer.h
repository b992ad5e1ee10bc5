// A copy between memories timed by its own pair of events. The host waits for it: copies exist
// because the host needs the data (or has just provided it). One thread, one stream.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "cuda_check.h"

namespace gs::cuda {

class CopyTimer {
 public:
  CopyTimer() = default;
  CopyTimer(const CopyTimer&) = delete;
  CopyTimer& operator=(const CopyTimer&) = delete;

  Status create() {
    GS_CUDA_TRY(cudaEventCreate(&start_));
    GS_CUDA_TRY(cudaEventCreate(&stop_));
    return Status::ok();
  }
  ~CopyTimer() {
    if (start_) [[maybe_unused]]
      const cudaError_t a = cudaEventDestroy(start_);
    if (stop_) [[maybe_unused]]
      const cudaError_t b = cudaEventDestroy(stop_);
  }
  // Copies on the stream (after the work already on it), waits, and gives the copy's ms.
  Expected<double> copy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind,
                        cudaStream_t stream) {
    GS_CUDA_TRY(cudaEventRecord(start_, stream));
    GS_CUDA_TRY(cudaMemcpyAsync(to, from, bytes, kind, stream));
    GS_CUDA_TRY(cudaEventRecord(stop_, stream));
    GS_CUDA_TRY(cudaEventSynchronize(stop_));
    float ms = 0.0f;
    GS_CUDA_TRY(cudaEventElapsedTime(&ms, start_, stop_));
    return double(ms);
  }

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

}  // namespace gs::cuda
