// Chooses and creates a backend: `auto` takes CUDA when it is compiled in and a device answers,
// else the GL compute backend where the caller's GL context (BackendOptions::gl) is a hardware
// GPU with compute shaders, else the CPU twin, and always says why it chose what it chose. The
// only place that names the concrete backends: everyone else asks a Backend its kind and
// capabilities.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gs/backend.h"
#include "gs/backend_options.h"
#include "gs/context_backend_provider.h"
#include "gs/status.h"

namespace gs {

struct SelectedBackend {
  std::unique_ptr<Backend> backend;
  std::string reason;  // why this one ("cuda unavailable: not compiled in"); "" when asked for
};

// The new backend has taken its part of the options (Backend::configure).
Expected<SelectedBackend> create_backend(const BackendOptions& options);

// One line per backend for --list-backends: compiled in, available, device details.
struct BackendReport {
  std::string name;
  bool compiled = false;
  bool available = false;
  std::string details;  // device or thread details, or why it is unavailable
};
// `gl`: the GL compute backend's provider, where the caller can make a GL context.
std::vector<BackendReport> list_backends(ContextBackendProvider* gl = nullptr);

}  // namespace gs
