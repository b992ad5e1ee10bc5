// Chooses and creates a backend: `auto` takes CUDA when it is compiled in and a device answers,
// else the CPU twin, and always says why it chose what it chose.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gs/backend.h"
#include "gs/cpu_twin_backend.h"
#include "gs/launch_shape.h"
#include "gs/status.h"

namespace gs {

enum class BackendChoice { Auto, Cpu, Cuda };

std::optional<BackendChoice> parse_backend_choice(std::string_view name);

struct BackendOptions {
  BackendChoice choice = BackendChoice::Auto;
  int cpu_threads = 0;  // 0: every core
  // The CPU twin's loop and its steps per pass (0: automatic), where the user chose them.
  std::optional<CpuTwinPath> cpu_path;
  std::optional<int> cpu_steps_per_pass;
  // The GPU a CUDA backend runs on: the app passes the one that drives its OpenGL context, so
  // the interop buffers and the backend's buffers live on one device.
  int cuda_device = 0;
  // The CUDA launch (block shape, kernel variant), where the user chose one.
  std::optional<BlockShape> block;
  std::optional<KernelVariant> variant;
};

struct SelectedBackend {
  std::unique_ptr<Backend> backend;
  std::string reason;  // why this one ("cuda unavailable: not compiled in"); "" when asked for
};

Expected<SelectedBackend> create_backend(const BackendOptions& options);

// One line per backend for --list-backends: compiled in, available, device details.
struct BackendReport {
  std::string name;
  bool compiled = false;
  bool available = false;
  std::string details;  // device or thread details, or why it is unavailable
};
std::vector<BackendReport> list_backends();

}  // namespace gs
