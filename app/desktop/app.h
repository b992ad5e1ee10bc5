// The desktop app: owns the render surface (a window, or offscreen with --headless), the GL
// objects, the simulation and the transfer path, and runs the frame loop. Commands from the panel,
// the keyboard and scripts go through one queue and are applied between frames. Main thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app_options.h"
#include "brush_stroke.h"
#include "caption_state.h"
#include "control_panel.h"
#include "demo_scripts.h"
#include "demo_settings.h"
#include "display_transfer.h"
#include "frame_captures.h"
#include "frame_pacer.h"
#include "frame_stats.h"
#include "idle_wait.h"
#include "imgui_session.h"
#include "input.h"
#include "layout_check.h"
#include "overlay_export.h"
#include "screen_layout.h"
#include "script_session.h"
#include "state_load.h"
#include "thumbnail_textures.h"
#include "timings_wait.h"
#include "toast.h"

namespace gs::app {

class App {
 public:
  static Expected<std::unique_ptr<App>> create(const AppOptions& options);
  // Runs until the window closes or `quit`; the exit code (non-zero after a script error).
  int run();

 private:
  App() = default;
  // One pass of the loop: commands, steps, captures, drawing; false ends the loop at once.
  bool frame(double seconds_since_start);
  // What the panel shows that is made for the frame: which devices run, the running demo.
  struct FrameText {
    std::string devices;
    std::optional<ScriptProgress> script;  // a script with captions to step through
  };
  FrameText frame_text() const;
  PanelContext panel_context(const FrameText& text);
  // The text size for this window (fonts built again when it changes); between ImGui frames.
  void fit_text();
  // Where everything sits, measured in the ImGui frame that draws it; before the field is drawn.
  void lay_out(const PanelContext& panel);
  void draw_ui(const PanelContext& panel);
  // What exported pictures' overlays say this frame.
  ExportScene export_scene(const ValueRange& range) const;
  // Which EGL device the GL context runs on, which CUDA device the backend, and how interop
  // matched them (for the Timings and --stats-json).
  DevicesInUse devices_in_use() const;
  // The end of a run: the recording finished, settings and stats written; the exit code.
  int finish();
  // app_commands.cpp: a command to the simulation or to the app; `origin` names the script
  // line it came from ("FILE:LINE: "), for the messages of what it asked for later.
  Status apply(const Command& given, const std::string& origin = "");
  // The command, with the panel's unnamed state file made state.h5 in the capture folder.
  Expected<Command> with_state_file(const Command& command) const;
  Status apply_to_simulation(const SimulationCommand& command);
  // A CUDA-only command that `refused` where CUDA does not run, unless the script requires CUDA:
  // what runs instead, said on stderr and in the panel's status (core/cuda_fallback.h); else
  // `refused`.
  Status fall_back_from_cuda(const SimulationCommand& command, const Status& refused,
                             const std::string& origin);
  Status apply_to_app(const AppCommand& command, const std::string& origin);
  // app_load.cpp: `load` in the background; the state read adopted between frames (an error
  // only for a script's load that failed); Esc's or Cancel's end of it; its progress drawn.
  Status start_load(const std::string& path, const std::string& origin);
  Status finish_load();
  void cancel_load();
  void draw_load();
  // app_view.cpp
  Status apply_view(ViewControl control, const ControlValue& value);
  // The style overlay follows the view's switch and the simulation's map (bytes fetched again
  // only after a command).
  Status follow_style_overlay();
  // app_script.cpp: the script's due lines at wall-clock `now_s`; the person's queued commands;
  // the lecturer's controls asked for by either (after both, so a jump never lands inside the
  // script's own lines).
  Status run_script(double now_s);
  void apply_person_commands();
  // Files dropped onto the window since the last frame, queued as a person's commands.
  void queue_file_drops();
  Status apply_script_controls();
  // The demo asked for this frame takes over; after a frame is shown, a demo that has ended
  // gives way to the script that started it. True when the app should end with the script.
  void start_next_script();
  // A demo's defined start (demo_settings.h), and the lecturer's settings given back after it.
  void apply_demo_start();
  // A failure the app goes on after, said on stderr.
  static void note_failure(const Status& status);
  void give_back_demo_settings();
  bool script_frame_shown();
  // A script, its `demo` lines replaced by the demos' own (demo_inlining.h): where a person can
  // step through (not headless), it holds after each demo's last caption until they move on.
  // A script's caption warnings on stderr (caption_truth.h), judged on the running backend.
  void print_warnings(const ScriptSession& session) const;
  Expected<ScriptSession> load_script_session(const std::filesystem::path& path,
                                              ScriptFile file) const;
  // A script's demo begins (its defined start) or ends (the lecturer's settings given back once
  // no demo is under way).
  void demo_part(command::DemoPart part);

  AppOptions options_;
  // Destroyed in reverse: everything GL while the surface's context lives, the display transfer
  // (its interop registrations) first.
  std::unique_ptr<RenderSurface> surface_;
  std::unique_ptr<FieldRenderer> renderer_;
  std::unique_ptr<FieldTexture> texture_;
  std::unique_ptr<ImGuiSession> imgui_;
  ThumbnailTextures thumbnails_;  // the preset list's pictures
  std::unique_ptr<Simulation> simulation_;
  std::unique_ptr<FrameCaptures> captures_;
  DisplayTransfer display_;
  ViewState view_;
  FrameStats stats_;
  IdleWait idle_;  // paused with nothing to show, the loop waits instead of drawing
  std::optional<ScriptSession> script_;
  // A demo a person asked for, taking over after this frame's lines.
  std::optional<ScriptSession> next_script_;
  // The lecturer's settings from before the running demo, given back when it ends or is stopped.
  std::optional<LecturerSettings> demo_gives_back_;
  std::vector<DemoScript> demos_;  // the Demos menu's
  std::vector<Command> queue_;
  std::vector<ScriptAction> script_controls_;  // next, previous, restart, stop: applied last
  TimingsWait timings_wait_;  // a script's `wait-timings`, holding it until the Timings are fresh
  Settings settings_;
  bool help_shown_ = false;
  CaptionState caption_;
  std::string fallback_notice_;  // the last CUDA fallback's, for the panel's status lines
  PanelState panel_state_;       // the panel's own edit fields: grid size, video pace, state file
  BrushStroke brush_stroke_;     // where the brush's drag was last frame, in grid cells
  long style_shown_ = -1;        // the simulation's style_generation the overlay shows
  FramePacer pacer_;
  PaceDecision pace_;  // the current frame's steps, for the panel
  ScreenLayout layout_;
  // The Timings overlay's widest at this text size, so the field stays put when its figures
  // narrow (paused, fewer digits).
  float timings_width_ = 0;
  ClipWatch clip_watch_;
  // What the last frame drew, for --stats-json: the Timings plot, the map's labels, the preset
  // list, the toast's text (the rest is filled in at the end).
  UiReport drawn_;
  ScreenBlank blank_ = ScreenBlank::None;  // a presenter's blank key (input.h)
  Toast toast_;                            // presenting, where a file went
  // The state file being read, if any.
  std::unique_ptr<StateLoad> load_;
  bool quit_ = false;
  int exit_code_ = 0;
};

}  // namespace gs::app
