// What the Timings figures describe (timings_configuration.h).
#include "timings_configuration.h"

#include "simulation.h"

namespace gs::app {

TimingsConfiguration timings_configuration(const Simulation& simulation, TransferPath transfer) {
  const BackendOptions& options = simulation.backend_options();
  std::string backend;
  if (simulation.backend().kind() == BackendKind::Cuda) {
    const BlockShape block = options.block.value_or(BlockShape{});
    backend = "CUDA " + std::string(to_string(options.variant.value_or(KernelVariant::Coalesced))) +
              " " + std::to_string(block.x) + "x" + std::to_string(block.y);
  } else if (simulation.backend().kind() == BackendKind::Gl) {
    backend = "GL compute";
  } else {
    backend = "CPU twin " + std::string(to_string(options.cpu_path.value_or(CpuTwinPath::Fast)));
  }
  const std::optional<int> steps = simulation.steps_per_frame();
  const std::string text = backend + ", " + to_string(simulation.size()) + ", " +
                           to_string(transfer) + ", " +
                           (steps ? std::to_string(*steps) : std::string("auto")) + " steps/frame" +
                           (simulation.params().map.enabled ? ", parameter map" : "") + ", " +
                           (simulation.running() ? "running" : "paused");
  return {text, simulation.backend_generation()};
}

}  // namespace gs::app
