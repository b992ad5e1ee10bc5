#include "batch_gl_provider.h"

#if GS_WITH_GL
#include "gl_compute_provider.h"
#endif

namespace gs::batch {

std::shared_ptr<ContextBackendProvider> batch_gl_provider() {
#if GS_WITH_GL
  static const std::shared_ptr<ContextBackendProvider> provider =
      gl_compute::GlComputeProvider::headless();
  return provider;
#else
  return nullptr;
#endif
}

}  // namespace gs::batch
