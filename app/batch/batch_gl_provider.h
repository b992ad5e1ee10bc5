// The gl backend's provider for grayscott-batch: one headless OpenGL context for the process, on
// EGL's device platform, made the first time a backend choice asks about it; none in a build
// without GL (GS_GL off), where `--backend gl` then says so.
#pragma once

#include <memory>

#include "gs/context_backend_provider.h"

namespace gs::batch {

std::shared_ptr<ContextBackendProvider> batch_gl_provider();

}  // namespace gs::batch
