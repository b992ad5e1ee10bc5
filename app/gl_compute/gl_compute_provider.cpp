#include "gl_compute_provider.h"

#include <glad/gl.h>

#include <array>

#include "egl_context.h"
#include "gl_errors.h"

namespace gs::gl_compute {
using app::gl_string;

bool is_software_renderer(const std::string& renderer) {
  static constexpr std::array<const char*, 7> kSoftware = {
      "llvmpipe",        "softpipe",   "SwiftShader", "swrast", "Software Rasterizer",
      "Microsoft Basic", "GDI Generic"};
  for (const char* name : kSoftware)
    if (renderer.find(name) != std::string::npos) return true;
  return false;
}

std::shared_ptr<GlComputeProvider> GlComputeProvider::for_current_context() {
  return std::shared_ptr<GlComputeProvider>(new GlComputeProvider(false));
}

std::shared_ptr<GlComputeProvider> GlComputeProvider::headless() {
  return std::shared_ptr<GlComputeProvider>(new GlComputeProvider(true));
}

ContextBackendOffer GlComputeProvider::offer() {
  if (offer_) return *offer_;
  offer_ = ContextBackendOffer{};
  if (headless_) {
    // CUDA device 0's EGL device first where EGL names one (NVIDIA's): on a machine that also
    // lists Mesa's software device, the GPU; elsewhere EGL's own order.
    Expected<std::unique_ptr<app::EglContext>> context = app::EglContext::create(0);
    if (!context) {
      offer_->details = context.message();
      return *offer_;
    }
    context_ = std::move(context).value();
    if (!gladLoadGL(&app::EglContext::proc_address)) {
      offer_->details = "cannot load OpenGL's functions through EGL";
      return *offer_;
    }
  }
  const std::string renderer = gl_string(GL_RENDERER);
  const std::string version = gl_string(GL_VERSION);
  if (!GLAD_GL_VERSION_4_3) {
    offer_->details = renderer + " has OpenGL " + version + "; compute shaders need 4.3";
    return *offer_;
  }
  offer_->available = true;
  offer_->hardware = !is_software_renderer(renderer);
  offer_->details = renderer + ", OpenGL " + version;
  return *offer_;
}

Expected<std::unique_ptr<Backend>> GlComputeProvider::create() {
  const ContextBackendOffer offered = offer();
  if (!offered.available) return Error{offered.details};
  Expected<std::unique_ptr<GlComputeBackend>> backend =
      GlComputeBackend::create(context_, fma_path_);
  if (!backend) return backend.status();
  return std::unique_ptr<Backend>(std::move(backend).value());
}

}  // namespace gs::gl_compute
