// One cudaMalloc'd array (of floats: DeviceBuffer; of a style map's bytes), freed when the owner
// dies. Never managed memory.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

namespace gs::cuda {

template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  ~DeviceArray() { release(); }
  DeviceArray(DeviceArray&& other) noexcept : data_(std::exchange(other.data_, nullptr)) {}
  DeviceArray& operator=(DeviceArray&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
    }
    return *this;
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  cudaError_t allocate(std::size_t count) {
    release();
    return cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T));
  }
  T* get() const { return data_; }
  // Frees the array now (a state without a style map keeps none).
  void reset() { release(); }

 private:
  void release() {
    // A failing cudaFree here has no caller to tell; it only fails when the context is already
    // broken, and the owner's next checked call reports that.
    if (data_) {
      [[maybe_unused]] const cudaError_t ignored = cudaFree(data_);
    }
    data_ = nullptr;
  }
  T* data_ = nullptr;
};

using DeviceBuffer = DeviceArray<float>;

}  // namespace gs::cuda
