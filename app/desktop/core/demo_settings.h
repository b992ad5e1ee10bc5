// What a shipped demo starts from and gives back. A demo starts from a defined state, not from
// whatever the lecturer left: the model's modes that presets leave alone (the boundary, uniform
// rates, no style map), the view (field, colours, range, whole field in view) and the ways of
// working (re-seeding on a preset or a pick, the start a reset makes, steps per frame) as a fresh
// app has them; the demo then sets what it needs. When it ends or is stopped it gives back the
// lecturer's ways of working and view; the model on screen stays as the demo left it, so its last
// caption stays true while it is shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "simulation.h"
#include "view_state.h"

namespace gs::app {

// The settings a demo gives back.
struct LecturerSettings {
  bool reseed_on_preset = true;
  bool reseed_on_pick = false;
  InitPattern init = InitPattern::GrownSpots;
  std::uint64_t seed = 1;
  std::optional<int> steps_per_frame;  // none: automatic
  DisplayField field = DisplayField::V;
  std::string colormap;
  bool auto_range = false;
  float low = 0.0f, high = 0.0f;
  bool timings_overlay = true;
};

LecturerSettings lecturer_settings(const Simulation& simulation, const ViewState& view);

// The commands that put the defined start in place before a demo's first line.
std::vector<Command> demo_start_commands();

// The commands that give `settings` back once the demo has ended or was stopped.
std::vector<Command> give_back_commands(const LecturerSettings& settings);

}  // namespace gs::app
