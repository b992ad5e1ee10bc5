// A backend that runs in a graphics context (the GL compute backend) is made by the layer that
// owns the context, which hands create_backend this provider (BackendOptions::gl): the engine
// chooses and names it like any backend and never includes GL (docs/architecture.md).
#pragma once

#include <memory>
#include <string>

#include "gs/status.h"

namespace gs {

class Backend;

// What the provider's context offers, for `auto` and --list-backends.
struct ContextBackendOffer {
  bool available = false;
  // The renderer ("NVIDIA H200/PCIe/SSE2, OpenGL 4.6") where available, else why not.
  std::string details;
  // A hardware GPU: `auto` passes over a software renderer (llvmpipe), which is slower than the
  // CPU twin, and says why; `--backend gl` takes it all the same.
  bool hardware = false;
};

class ContextBackendProvider {
 public:
  virtual ~ContextBackendProvider() = default;
  // Asks the context once (a headless provider makes it here); later calls repeat the answer.
  virtual ContextBackendOffer offer() = 0;
  // A new backend in the provider's context, which must outlive it.
  virtual Expected<std::unique_ptr<Backend>> create() = 0;
};

}  // namespace gs
