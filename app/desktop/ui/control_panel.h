// The ImGui control panel: simulation, parameters, grid, backend and transfer path, the
// teaching launch settings, the view, and the Timings section. It reads the app's state and
// only pushes commands; it never changes the simulation itself.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "demo_scripts.h"
#include "frame_pacer.h"
#include "frame_stats.h"
#include "lesson_report.h"
#include "screen_layout.h"
#include "settings.h"
#include "simulation.h"
#include "thumbnail_textures.h"
#include "timings_plot.h"
#include "video_recorder.h"
#include "view_state.h"

namespace gs::app {

// The panel's own edit state: what is typed or chosen before a button sends it as a command. The
// app owns it (it outlives each frame, and each panel has its own); the simulation moves only
// through commands.
struct PanelState {
  // The size fields follow the grid whenever it changes elsewhere (a script, a backend switch).
  GridSize grid_followed;
  int grid_width = 0;
  int grid_height = 0;
  // The next recording's pace.
  int video_steps_per_frame = 8;
  int video_fps = 30;
  // The state file being typed; empty: state.h5 in the capture folder (App::apply).
  char state_path[512] = "";
  // "Seed from image...": the picture being typed and the seed's options.
  char seed_image_path[512] = "";
  PictureSeedOptions seed_image;
  // The brush stamps the last seed's picture where the field is clicked, instead of painting.
  bool stamp_brush = false;
  // The style map's picture being typed and how it is to be placed (style_panel.h).
  char style_picture[512] = "";
  PicturePlacement style_placement;
  // Where this frame's Timings plot went (none: not drawn), for the layout check.
  std::optional<DrawnPlot> timings_plot;
  // Where this frame's preset list box went and how its open list looked (preset_list.h).
  std::optional<ScreenRect> preset_combo;
  std::optional<PresetListShown> preset_list;
};

// What the panel needs to show, its own edit state, and where its commands go.
struct PanelContext {
  const Settings& settings;
  const Simulation& simulation;
  const ViewState& view;
  const FrameStats& stats;
  const PaceDecision& pace;
  TransferPath transfer;
  const std::string& transfer_reason;
  const TransferReasons& transfer_unavailable;
  const std::string& gl_version;
  const std::string& devices;  // which EGL and CUDA devices run (devices_text), for the Timings
  const std::string& last_screenshot;
  const VideoRecorder* recorder;
  const std::string& recording_message;
  const std::string& script_state;  // "" without a script; says when it has finished
  std::vector<Command>& commands;
  PanelState& state;                     // the panel's, not the simulation's: edited in place
  const std::vector<DemoScript>& demos;  // the shipped demo scripts, for the Demos menu
  const TextureIds& preset_thumbnails;   // the presets' pictures in the preset list, where made
  // The last CUDA fallback's notice (cuda_fallback.h): status, not a caption for the audience.
  const std::string& fallback_notice;
  // The running script with captions (a demo), for its controls (demo_controls.h); null without.
  const ScriptProgress* script = nullptr;
};

// The panel as the window's side column, at `where` (the layout's panel rectangle).
void draw_control_panel(const PanelContext& context, const ScreenRect& where);
// The Timings section (timings_panel.cpp).
void draw_timings(const PanelContext& context);

}  // namespace gs::app
