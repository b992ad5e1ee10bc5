#include "gpu_pairing.h"

#include <algorithm>

namespace gs::app {
namespace {

std::string list_text(const std::vector<int>& devices) {
  std::string text;
  for (const int device : devices) text += (text.empty() ? "" : ", ") + std::to_string(device);
  return text;
}

std::string backend_on(int cuda_device) {
  return "CUDA device " + std::to_string(cuda_device) + ", where the cuda backend runs";
}

}  // namespace

const char* to_string(GlCudaMatch match) {
  switch (match) {
    case GlCudaMatch::CudaGlGetDevices:
      return "cudaGLGetDevices";
    case GlCudaMatch::EglCudaDevice:
      return "EGL_CUDA_DEVICE_NV";
  }
  return "?";
}

Expected<GlCudaMatch> match_gl_to_cuda(const Expected<std::vector<int>>& gl_devices,
                                       std::optional<int> egl_cuda_device, int cuda_device) {
  if (gl_devices && !gl_devices->empty()) {
    if (std::find(gl_devices->begin(), gl_devices->end(), cuda_device) != gl_devices->end())
      return GlCudaMatch::CudaGlGetDevices;
    return Error{"the OpenGL context runs on CUDA device " + list_text(*gl_devices) + ", not on " +
                 backend_on(cuda_device)};
  }
  if (egl_cuda_device == cuda_device) return GlCudaMatch::EglCudaDevice;
  if (egl_cuda_device)
    return Error{"the OpenGL context's EGL device is CUDA device " +
                 std::to_string(*egl_cuda_device) + ", not " + backend_on(cuda_device)};
  if (!gl_devices) return gl_devices.status();
  return Error{"no CUDA device drives this OpenGL context (it runs on another GPU)"};
}

std::optional<int> cuda_device_of_gl(const Expected<std::vector<int>>& gl_devices,
                                     std::optional<int> egl_cuda_device) {
  if (gl_devices && !gl_devices->empty()) return gl_devices->front();
  return egl_cuda_device;
}

std::string devices_text(const DevicesInUse& devices) {
  std::string text;
  if (devices.egl) {
    text = devices.egl->name;
    if (devices.egl->cuda_device) text += " is CUDA " + std::to_string(*devices.egl->cuda_device);
    text += "; ";
  }
  if (devices.cuda_device) return text + "backend on CUDA " + std::to_string(*devices.cuda_device);
  if (devices.gl_compute) return text + "backend in the OpenGL context";
  return text + "backend on the CPU";
}

}  // namespace gs::app
