// Scripts that run anywhere: a CUDA-only command that CUDA cannot honour here falls back instead
// of stopping the script. `backend cuda` becomes what `backend auto` chooses (the CPU twin, its
// reason shown as the backend's fallback); a CUDA launch (block, kernel) asked of the CPU twin
// while it stands in for CUDA is left out. Each comes with a notice for stderr, the panel and the
// audience. A script with `require cuda` gets the error instead (the app asks no fallback then).
#pragma once

#include <optional>
#include <string>

#include "commands.h"
#include "simulation.h"

namespace gs::app {

struct CudaFallback {
  std::optional<SimulationCommand> instead;  // none: the command is left out
  std::string notice;                        // what happened instead, and why
};

// For `command`, which `simulation` refused with `refused`; nullopt where the command is not
// CUDA-only, or where CUDA is not what is missing (a launch refused by a CPU twin that the user
// chose is a mistake in the script, on any machine).
std::optional<CudaFallback> cuda_fallback(const SimulationCommand& command, const Status& refused,
                                          const Simulation& simulation);

}  // namespace gs::app
