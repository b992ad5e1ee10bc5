// A demo's start and what it gives back (demo_settings.h).
#include "demo_settings.h"

namespace gs::app {

LecturerSettings lecturer_settings(const Simulation& simulation, const ViewState& view) {
  return {simulation.reseed_on_preset(),
          simulation.reseed_on_pick(),
          simulation.init(),
          simulation.seed(),
          simulation.steps_per_frame(),
          simulation.display_field(),
          view.colormap,
          view.auto_range,
          view.low,
          view.high,
          view.timings_overlay};
}

std::vector<Command> demo_start_commands() {
  using Sim = SimulationControl;
  // The model's modes a preset leaves as they are (each preset sets its own rates and Laplacian),
  // then a fresh app's ways of working and view (a default LecturerSettings has the first; the
  // view's are a default ViewState's).
  std::vector<Command> commands = {
      command::StyleOff{},
      command::SetSimulation{Sim::MapMode, false},
      command::SetSimulation{Sim::Boundary, Params{}.boundary},
      command::ViewReset{},
  };
  LecturerSettings fresh;
  const ViewState view;
  fresh.colormap = view.colormap;
  fresh.auto_range = view.auto_range;
  fresh.low = view.low;
  fresh.high = view.high;
  fresh.timings_overlay = view.timings_overlay;
  for (Command& command : give_back_commands(fresh)) commands.push_back(std::move(command));
  return commands;
}

std::vector<Command> give_back_commands(const LecturerSettings& settings) {
  using Sim = SimulationControl;
  using View = ViewControl;
  std::vector<Command> commands = {
      command::SetSimulation{Sim::ReseedOnPreset, settings.reseed_on_preset},
      command::SetSimulation{Sim::ReseedOnPick, settings.reseed_on_pick},
      command::SetSimulation{Sim::Init, settings.init},
      command::SetSimulation{Sim::Seed, settings.seed},
      command::SetStepsPerFrame{settings.steps_per_frame},
      command::SetSimulation{Sim::Field, settings.field},
      command::SetView{View::Colormap, settings.colormap},
      command::SetView{View::TimingsOverlay, settings.timings_overlay},
  };
  // A fixed range's ends also turn the automatic range off (as setup scripts write it).
  if (settings.auto_range) {
    commands.push_back(command::SetView{View::RangeAuto, true});
  } else {
    commands.push_back(command::SetView{View::RangeMin, settings.low});
    commands.push_back(command::SetView{View::RangeMax, settings.high});
  }
  return commands;
}

}  // namespace gs::app
