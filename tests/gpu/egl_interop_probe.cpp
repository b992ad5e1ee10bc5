// The device check's EGL and CUDA-GL interop probe, built and run by preflight
// (tests/gpu/preflight-probes.sh) so that the app's EGL runs and its interop path are skipped
// with a reason in a second, not failed after the build. It does what the headless app does on
// its interop path, with the app's own code for the context: an OpenGL context on EGL's device
// platform, made current with no surface (app/gl_common/egl_context.cpp, built in), one pixel
// buffer, and that buffer registered with CUDA, mapped and given back
// (app/desktop/transfer/interop_buffer.cpp). Every call is checked; each half prints one line,
// naming the failing call and its error:
//   egl: ok: EGL device 0, CUDA device 0, OpenGL 4.6.0 NVIDIA 580.65, NVIDIA H200
//   egl: unusable: cannot start headless OpenGL: eglInitialize failed: EGL_NOT_INITIALIZED
//   interop: ok: cudaGraphicsGLRegisterBuffer, map and unmap on CUDA device 0
//   interop: refused: cudaGraphicsGLRegisterBuffer failed: cudaErrorUnknown (unknown error)
//   interop: no CUDA device: cudaGetDeviceCount failed: cudaErrorInsufficientDriver (...)
// Exit status: 0 both work, 1 EGL unusable, 2 interop refused, 3 no CUDA device.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "egl_context.h"

namespace {

struct Failure {
  std::string message;
};

std::string hex(unsigned value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%04X", value);
  return text;
}

std::string cuda_failed(const char* call, cudaError_t code) {
  return std::string(call) + " failed: " + cudaGetErrorName(code) + " (" +
         cudaGetErrorString(code) + ")";
}

GLuint one_buffer() {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 4096, nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR || buffer == 0)
    throw Failure{"glGenBuffers/glBufferData failed: GL error " + hex(error)};
  return buffer;
}

void check(const char* call, cudaError_t code) {
  if (code != cudaSuccess) throw Failure{cuda_failed(call, code)};
}

// The app's interop calls on one buffer, in its order; the CUDA device they ran on. The
// resource is given back on failure too.
int register_and_map(GLuint buffer, int cuda_device) {
  unsigned gl_devices = 0;
  int devices[8] = {};
  // As the app does (gpu_pairing.h): where cudaGLGetDevices cannot say, the EGL device's own CUDA
  // device is trusted; only where neither says is there no device to register for.
  const cudaError_t listed = cudaGLGetDevices(&gl_devices, devices, 8, cudaGLDeviceListAll);
  if (listed != cudaSuccess) cudaGetLastError();  // not sticky: the register below still runs
  if (cuda_device < 0) {
    check("cudaGLGetDevices", listed);
    if (gl_devices == 0) throw Failure{"cudaGLGetDevices: no CUDA device drives the GL context"};
    cuda_device = devices[0];
  }
  check("cudaSetDevice", cudaSetDevice(cuda_device));
  cudaGraphicsResource_t resource = nullptr;
  check("cudaGraphicsGLRegisterBuffer",
        cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsWriteDiscard));
  try {
    check("cudaGraphicsMapResources", cudaGraphicsMapResources(1, &resource, nullptr));
    void* data = nullptr;
    std::size_t bytes = 0;
    cudaError_t code = cudaGraphicsResourceGetMappedPointer(&data, &bytes, resource);
    if (code == cudaSuccess) code = cudaMemset(data, 0, bytes);
    const cudaError_t unmapped = cudaGraphicsUnmapResources(1, &resource, nullptr);
    check("cudaGraphicsResourceGetMappedPointer/cudaMemset", code);
    check("cudaGraphicsUnmapResources", unmapped);
  } catch (const Failure&) {
    cudaGraphicsUnregisterResource(resource);
    throw;
  }
  check("cudaGraphicsUnregisterResource", cudaGraphicsUnregisterResource(resource));
  return cuda_device;
}

}  // namespace

int main() {
  // The app's interop path pairs CUDA device 0 with the EGL device that is it, where EGL says.
  const gs::Expected<std::unique_ptr<gs::app::EglContext>> context = gs::app::EglContext::create(0);
  if (!context) {
    std::printf("egl: unusable: %s\n", context.message().c_str());
    return 1;
  }
  const std::optional<int> egl_cuda_device = (*context)->device().cuda_device;
  GLuint buffer = 0;
  try {
    buffer = one_buffer();
  } catch (const Failure& failure) {
    std::printf("egl: unusable: %s\n", failure.message.c_str());
    return 1;
  }
  const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string cuda =
      egl_cuda_device ? "CUDA device " + std::to_string(*egl_cuda_device) : "not a CUDA device";
  std::printf("egl: ok: %s, %s, OpenGL %s, %s\n", (*context)->device().name.c_str(), cuda.c_str(),
              version ? version : "?", renderer ? renderer : "?");
  int count = 0;
  if (const cudaError_t code = cudaGetDeviceCount(&count); code != cudaSuccess || count == 0) {
    const std::string why = code != cudaSuccess ? cuda_failed("cudaGetDeviceCount", code)
                                                : "cudaGetDeviceCount: 0 devices";
    std::printf("interop: no CUDA device: %s\n", why.c_str());
    return 3;
  }
  try {
    const int used = register_and_map(buffer, egl_cuda_device.value_or(-1));
    glDeleteBuffers(1, &buffer);
    std::printf("interop: ok: cudaGraphicsGLRegisterBuffer, map and unmap on CUDA device %d\n",
                used);
  } catch (const Failure& failure) {
    // Mesa's context on the GPU machine means NVIDIA's EGL was not found.
    const char* hint =
        egl_cuda_device ? "" : " (the EGL device is not NVIDIA's: is libEGL_nvidia found?)";
    std::printf("interop: refused: %s%s\n", failure.message.c_str(), hint);
    return 2;
  }
  return 0;
}
