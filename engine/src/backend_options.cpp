// The names the backend options take on command lines and in scripts.
#include "gs/backend_options.h"

namespace gs {

std::optional<BackendChoice> parse_backend_choice(std::string_view name) {
  if (name == "auto") return BackendChoice::Auto;
  if (name == "cpu") return BackendChoice::Cpu;
  if (name == "cuda") return BackendChoice::Cuda;
  return std::nullopt;
}

std::optional<CpuTwinPath> parse_cpu_twin_path(std::string_view name) {
  if (name == "fast") return CpuTwinPath::Fast;
  if (name == "reference") return CpuTwinPath::Reference;
  return std::nullopt;
}

std::string_view to_string(CpuTwinPath path) {
  return path == CpuTwinPath::Fast ? "fast" : "reference";
}

}  // namespace gs
