// A headless OpenGL context from EGL's device platform (EGL_EXT_device_enumeration,
// EGL_EXT_platform_device, EGL_KHR_surfaceless_context): 4.5 core, or 3.3 core, current on this
// thread with no surface and no window system. Errors name the failing EGL call and its code.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "egl_device_order.h"
#include "gs/status.h"

namespace gs::app {

class EglContext {
 public:
  // Tries EGL's devices, the one that is `wanted_cuda_device` first (EGL_CUDA_DEVICE_NV), then the
  // others in EGL's order, and keeps the first that gives a context; GS_EGL_DEVICE=N (an index
  // into EGL's device list) asks for one device only.
  static Expected<std::unique_ptr<EglContext>> create(std::optional<int> wanted_cuda_device);
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  // eglGetProcAddress, shaped for glad's loader.
  static void (*proc_address(const char* name))();
  // "EGL device N", with the device's DRM node or "software" where EGL says, and the CUDA device
  // it is, where EGL says.
  const EglDevice& device() const { return device_; }

 private:
  EglContext() = default;
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  EglDevice device_;
};

}  // namespace gs::app
