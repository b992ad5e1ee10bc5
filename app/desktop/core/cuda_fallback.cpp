// What a CUDA-only command becomes where CUDA does not run (cuda_fallback.h).
#include "cuda_fallback.h"

#include "command_script.h"

namespace gs::app {

std::optional<CudaFallback> cuda_fallback(const SimulationCommand& command, const Status& refused,
                                          const Simulation& simulation) {
  if (const auto* backend = std::get_if<command::SelectBackend>(&command)) {
    if (backend->choice != BackendChoice::Cuda) return std::nullopt;
    return CudaFallback{command::SelectBackend{BackendChoice::Auto},
                        "backend cuda: " + refused.message() + "; the CPU twin runs instead"};
  }
  if (const auto* set = std::get_if<command::SetSimulation>(&command)) {
    const bool launch =
        set->control == SimulationControl::Block || set->control == SimulationControl::Kernel;
    // The twin stands in for CUDA where it runs with a reason (auto, or a fallen-back cuda).
    if (!launch || simulation.backend().capabilities().launch_shape ||
        simulation.backend_reason().empty())
      return std::nullopt;
    return CudaFallback{std::nullopt, to_script_line(Command{*set}) +
                                          ": left out, the CPU twin runs in place of cuda (" +
                                          simulation.backend_reason() + ")"};
  }
  return std::nullopt;
}

}  // namespace gs::app
