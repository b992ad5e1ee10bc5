// The CUDA-GL interop seam (the only file that registers or maps GL buffers for CUDA): a PBO
// registered once per grid size and backend (write-discard) for the CUDA backend's own device,
// which must drive the GL context (cudaGLGetDevices says so, or where it cannot, the EGL device is
// that CUDA device), and mapped for one frame on the backend's stream by a scope guard that
// always unmaps, so CUDA and GL take turns on the buffer in stream order without the host
// waiting. Errors are values: 304 (hybrid laptops), 999 (WSL2, remote GL) and 101 (device
// mismatch) make the app fall back. Main (GL) thread only; the GL context must be current.
#pragma once

#include <glad/gl.h>
// glad's header first: it keeps cuda_gl_interop.h from pulling in the system GL header.
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <memory>
#include <optional>

#include "gpu_pairing.h"
#include "gs/status.h"

namespace gs::app {

class InteropBuffer {
 public:
  // Registers `pbo` for `cuda_device` (the backend's); fails with CUDA's message (and code), or
  // when that device does not drive the GL context, so the app falls back. `egl_cuda_device`:
  // the CUDA device the context's EGL device is, where EGL says (trusted where cudaGLGetDevices
  // fails).
  static Expected<std::unique_ptr<InteropBuffer>> register_buffer(
      GLuint pbo, int cuda_device, std::optional<int> egl_cuda_device);
  ~InteropBuffer();
  InteropBuffer(const InteropBuffer&) = delete;
  InteropBuffer& operator=(const InteropBuffer&) = delete;

  // A mapping for one frame: the device pointer, unmapped when the guard dies.
  class Mapping {
   public:
    Mapping(Mapping&& other) noexcept;
    ~Mapping();
    float* data() const { return data_; }
    std::size_t bytes() const { return bytes_; }
    Status unmap();  // unmaps now, reporting failure; the destructor does it otherwise

   private:
    friend class InteropBuffer;
    Mapping(cudaGraphicsResource_t resource, cudaStream_t stream)
        : resource_(resource), stream_(stream) {}
    cudaGraphicsResource_t resource_;
    cudaStream_t stream_;
    float* data_ = nullptr;
    std::size_t bytes_ = 0;
  };
  // Maps on `stream` (the backend's): CUDA work enqueued there after it starts once GL is done
  // with the buffer, and GL's later use waits for the work enqueued before the unmap.
  Expected<Mapping> map(cudaStream_t stream);
  int cuda_device() const { return cuda_device_; }
  GlCudaMatch gl_cuda_match() const { return match_; }

 private:
  InteropBuffer(cudaGraphicsResource_t resource, int cuda_device, GlCudaMatch match)
      : resource_(resource), cuda_device_(cuda_device), match_(match) {}
  cudaGraphicsResource_t resource_;
  int cuda_device_;
  GlCudaMatch match_;
};

}  // namespace gs::app
