#include "interop_buffer.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frame_transfer.h"

namespace gs::app {
namespace {

Error interop_error(const char* what, cudaError_t code) {
  cudaGetLastError();  // interop failures are not sticky: clear them so the fallback runs clean
  return Error{std::string(what) + " failed: " + cudaGetErrorString(code) + " (CUDA error " +
               std::to_string(int(code)) + ")"};
}

// The CUDA devices that drive the current GL context.
Expected<std::vector<int>> devices_driving_gl() {
  unsigned int count = 0;
  int devices[8] = {};
  if (const cudaError_t code = cudaGLGetDevices(&count, devices, 8, cudaGLDeviceListAll);
      code != cudaSuccess)
    return interop_error("cudaGLGetDevices", code);
  return std::vector<int>(devices, devices + std::min(count, 8u));
}

}  // namespace

std::optional<int> cuda_device_for_display(std::optional<int> egl_cuda_device) {
  return cuda_device_of_gl(devices_driving_gl(), egl_cuda_device);
}

Expected<std::unique_ptr<InteropBuffer>> InteropBuffer::register_buffer(
    GLuint pbo, int cuda_device, std::optional<int> egl_cuda_device) {
  // Registering for a device that does not drive the context fails later and obscurely (101):
  // check first, and never switch the thread to a device other than the backend's.
  Expected<GlCudaMatch> match =
      match_gl_to_cuda(devices_driving_gl(), egl_cuda_device, cuda_device);
  if (!match) return match.status();
  if (const cudaError_t code = cudaSetDevice(cuda_device); code != cudaSuccess)
    return interop_error("cudaSetDevice", code);
  cudaGraphicsResource_t resource = nullptr;
  if (const cudaError_t code =
          cudaGraphicsGLRegisterBuffer(&resource, pbo, cudaGraphicsRegisterFlagsWriteDiscard);
      code != cudaSuccess)
    return interop_error("cudaGraphicsGLRegisterBuffer", code);
  return std::unique_ptr<InteropBuffer>(new InteropBuffer(resource, cuda_device, *match));
}

InteropBuffer::~InteropBuffer() {
  // Nothing to tell from a destructor; a broken context shows at the next checked call.
  [[maybe_unused]] const cudaError_t ignored = cudaGraphicsUnregisterResource(resource_);
}

Expected<InteropBuffer::Mapping> InteropBuffer::map(cudaStream_t stream) {
  if (const cudaError_t code = cudaGraphicsMapResources(1, &resource_, stream); code != cudaSuccess)
    return interop_error("cudaGraphicsMapResources", code);
  Mapping mapping(resource_, stream);
  void* data = nullptr;
  std::size_t bytes = 0;
  if (const cudaError_t code = cudaGraphicsResourceGetMappedPointer(&data, &bytes, resource_);
      code != cudaSuccess)
    return interop_error("cudaGraphicsResourceGetMappedPointer", code);  // the guard unmaps
  mapping.data_ = static_cast<float*>(data);
  mapping.bytes_ = bytes;
  return mapping;
}

InteropBuffer::Mapping::Mapping(Mapping&& other) noexcept
    : resource_(std::exchange(other.resource_, nullptr)),
      stream_(other.stream_),
      data_(other.data_),
      bytes_(other.bytes_) {}

InteropBuffer::Mapping::~Mapping() {
  if (resource_) [[maybe_unused]]
    const Status ignored = unmap();
}

Status InteropBuffer::Mapping::unmap() {
  if (!resource_) return Status::ok();
  const cudaError_t code = cudaGraphicsUnmapResources(1, &resource_, stream_);
  resource_ = nullptr;
  if (code != cudaSuccess) return interop_error("cudaGraphicsUnmapResources", code);
  return Status::ok();
}

}  // namespace gs::app
