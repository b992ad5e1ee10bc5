// Which GPU the OpenGL context and the CUDA backend share, decided without GL or CUDA: the order
// to try EGL's devices in (the one that is the backend's CUDA device first, by EGL_NV_device_cuda),
// whether interop may trust that the context runs on the backend's device (cudaGLGetDevices's
// answer, else EGL's match), and what the Timings and --stats-json say about both devices.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "egl_device_order.h"
#include "gs/status.h"

namespace gs::app {

// How interop knows that the GL context runs on the backend's CUDA device.
enum class GlCudaMatch {
  CudaGlGetDevices,  // cudaGLGetDevices lists it
  EglCudaDevice,  // cudaGLGetDevices failed or listed nothing; the EGL device is that CUDA device
};
const char* to_string(GlCudaMatch match);

// cudaGLGetDevices's answer decides where it lists devices; where it fails or lists none (the
// device platform's surfaceless context is its least-trodden case), EGL's attribute decides. An
// error says why interop cannot run on `cuda_device`.
Expected<GlCudaMatch> match_gl_to_cuda(const Expected<std::vector<int>>& gl_devices,
                                       std::optional<int> egl_cuda_device, int cuda_device);

// The CUDA device to create the backend on for this GL context: the first cudaGLGetDevices lists,
// else the EGL device's; nullopt where neither says.
std::optional<int> cuda_device_of_gl(const Expected<std::vector<int>>& gl_devices,
                                     std::optional<int> egl_cuda_device);

// What runs where, for the Timings and --stats-json.
struct DevicesInUse {
  std::optional<EglDevice> egl;        // headless only: a window's context has no EGL device
  std::optional<int> cuda_device;      // the backend's (device_stream()); none on the CPU twin
  std::optional<GlCudaMatch> interop;  // how the interop path matched GL to CUDA, while it runs
  bool gl_compute = false;             // the backend computes in the display's GL context
};
// One line: "EGL device 1 (/dev/dri/card1) is CUDA 0; backend on CUDA 0", "EGL device 0
// (software); backend on the CPU", "backend on CUDA 0" (in a window), "backend in the OpenGL
// context" (the gl backend).
std::string devices_text(const DevicesInUse& devices);

}  // namespace gs::app
