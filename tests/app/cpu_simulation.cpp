#include "cpu_simulation.h"

#include <gtest/gtest.h>

#include <utility>

namespace gs::test {

std::unique_ptr<app::Simulation> cpu_simulation(GridSize size, const std::string& preset) {
  app::SimulationSettings settings;
  settings.backend = BackendChoice::Cpu;
  settings.size = size;
  settings.preset = preset;
  Expected<std::unique_ptr<app::Simulation>> created = app::Simulation::create(settings);
  if (!created) {
    ADD_FAILURE() << "cannot make the simulation: " << created.message();
    return nullptr;
  }
  return std::move(created).value();
}

}  // namespace gs::test
