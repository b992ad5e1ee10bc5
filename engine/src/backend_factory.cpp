#include "gs/backend_factory.h"

#include <omp.h>

#include "gs/cpu_twin_backend.h"

namespace gs {
namespace {

// Why CUDA cannot run here, or nullopt when it can. The CUDA backend is not built yet.
std::optional<std::string> cuda_unavailable_reason() {
  return "not compiled in";
}

}  // namespace

std::optional<BackendChoice> parse_backend_choice(std::string_view name) {
  if (name == "auto") return BackendChoice::Auto;
  if (name == "cpu") return BackendChoice::Cpu;
  if (name == "cuda") return BackendChoice::Cuda;
  return std::nullopt;
}

Expected<SelectedBackend> create_backend(const BackendOptions& options) {
  if (options.choice != BackendChoice::Cpu) {
    const std::optional<std::string> cuda_problem = cuda_unavailable_reason();
    if (cuda_problem && options.choice == BackendChoice::Cuda)
      return Error{"the cuda backend cannot run: " + *cuda_problem};
    if (cuda_problem)
      return SelectedBackend{std::make_unique<CpuTwinBackend>(options.cpu_threads),
                             "cuda unavailable: " + *cuda_problem};
  }
  return SelectedBackend{std::make_unique<CpuTwinBackend>(options.cpu_threads), ""};
}

std::vector<BackendReport> list_backends() {
  std::vector<BackendReport> reports;
  reports.push_back({"cpu", true, true, CpuTwinBackend(0).description()});
  const std::optional<std::string> cuda_problem = cuda_unavailable_reason();
  reports.push_back({"cuda", false, !cuda_problem, cuda_problem.value_or("")});
  return reports;
}

}  // namespace gs
