// The GL compute backend's provider (gs/context_backend_provider.h): for the GL context current
// on this thread (the app's window or headless surface), or a headless context of its own on
// EGL's device platform, made when first asked (grayscott-batch --backend gl). It says what the
// context is (renderer, version, software or a hardware GPU) so `auto` can choose.
#pragma once

#include <memory>
#include <optional>

#include "gl_compute_backend.h"
#include "gs/context_backend_provider.h"

namespace gs::app {
class EglContext;
}

namespace gs::gl_compute {

class GlComputeProvider final : public ContextBackendProvider {
 public:
  // The context current now, which stays current on this thread while backends live.
  static std::shared_ptr<GlComputeProvider> for_current_context();
  // A context of its own, kept while the provider or a backend it made lives.
  static std::shared_ptr<GlComputeProvider> headless();

  ContextBackendOffer offer() override;
  Expected<std::unique_ptr<Backend>> create() override;
  // The tests' way to run the exact formulation on any driver.
  void set_fma_path(FmaPath path) { fma_path_ = path; }

 private:
  explicit GlComputeProvider(bool headless) : headless_(headless) {}

  bool headless_;
  FmaPath fma_path_ = FmaPath::Probe;
  std::shared_ptr<app::EglContext> context_;  // headless only
  std::optional<ContextBackendOffer> offer_;
};

// Whether a GL_RENDERER string names a software renderer (llvmpipe, softpipe, SwiftShader...).
bool is_software_renderer(const std::string& renderer);

}  // namespace gs::gl_compute
