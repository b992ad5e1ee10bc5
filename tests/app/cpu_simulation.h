// The simulation the GL-free app tests drive: on the CPU twin, of a given size and preset.
#pragma once

#include <memory>
#include <string>

#include "simulation.h"

namespace gs::test {

// A failed test (with the reason) and nullptr where it cannot be made.
std::unique_ptr<app::Simulation> cpu_simulation(
    GridSize size, const std::string& preset = app::SimulationSettings{}.preset);

}  // namespace gs::test
