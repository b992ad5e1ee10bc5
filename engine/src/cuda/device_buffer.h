// One cudaMalloc'd array of floats, freed when the owner dies. Never managed memory.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

namespace gs::cuda {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer() { release(); }
  DeviceBuffer(DeviceBuffer&& other) noexcept : data_(std::exchange(other.data_, nullptr)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  cudaError_t allocate(std::size_t count) {
    release();
    return cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(float));
  }
  float* get() const { return data_; }

 private:
  void release() {
    // A failing cudaFree here has no caller to tell; it only fails when the context is already
    // broken, and the owner's next checked call reports that.
    if (data_) {
      [[maybe_unused]] const cudaError_t ignored = cudaFree(data_);
    }
    data_ = nullptr;
  }
  float* data_ = nullptr;
};

}  // namespace gs::cuda
