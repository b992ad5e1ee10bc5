// The ImGui control panel: simulation, parameters, grid, backend and transfer path, the
// teaching launch settings, the view, and the Timings section. It reads the app's state and
// only pushes commands; it never changes the simulation itself.
#pragma once

#include <string>
#include <vector>

#include "commands.h"
#include "frame_pacer.h"
#include "frame_stats.h"
#include "settings.h"
#include "simulation.h"
#include "video_recorder.h"
#include "view_state.h"

namespace gs::app {

// What the panel needs to show and where its commands go.
struct PanelContext {
  const Settings& settings;
  const Simulation& simulation;
  const ViewState& view;
  const FrameStats& stats;
  const PaceDecision& pace;
  TransferPath transfer;
  const std::string& transfer_reason;
  const std::string& gl_version;
  const std::string& last_screenshot;
  const VideoRecorder* recorder;
  const std::string& recording_message;
  const std::string& script_state;  // "" without a script; says when it has finished
  std::vector<Command>& commands;
};

void draw_control_panel(const PanelContext& context);
// The Timings section (timings_panel.cpp).
void draw_timings(const PanelContext& context);

}  // namespace gs::app
