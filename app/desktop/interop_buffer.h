// The CUDA-GL interop seam (the only file that registers or maps GL buffers for CUDA): a PBO
// registered once per grid size (write-discard) on the CUDA device that drives the GL context,
// mapped for the length of one frame by a scope guard that always unmaps. Errors are values:
// 304 (hybrid laptops), 999 (WSL2, remote GL) and 101 (device mismatch) make the app fall back.
// Main (GL) thread only; the GL context must be current.
#pragma once

#include <glad/gl.h>
// glad's header first: it keeps cuda_gl_interop.h from pulling in the system GL header.
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <memory>

#include "gs/status.h"

namespace gs::app {

class InteropBuffer {
 public:
  // Registers `pbo`; fails with CUDA's message (and code) when interop cannot work here.
  static Expected<std::unique_ptr<InteropBuffer>> register_buffer(GLuint pbo);
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
  Expected<Mapping> map(cudaStream_t stream = nullptr);

 private:
  explicit InteropBuffer(cudaGraphicsResource_t resource) : resource_(resource) {}
  cudaGraphicsResource_t resource_;
};

}  // namespace gs::app
