// The desktop app: owns the render surface (a window, or offscreen with --headless), the GL
// objects, the simulation and the transfer path, and runs the frame loop. Commands from the panel,
// the keyboard and scripts go through one queue and are applied between frames. Main thread only.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "control_panel.h"
#include "display_transfer.h"
#include "field_renderer.h"
#include "field_texture.h"
#include "frame_pacer.h"
#include "frame_stats.h"
#include "imgui_session.h"
#include "recording.h"
#include "render_surface.h"
#include "script_session.h"
#include "settings.h"
#include "simulation.h"

namespace gs::app {

struct AppOptions {
  SimulationSettings simulation;
  TransferPath transfer = TransferPath::Interop;
  std::optional<std::filesystem::path> script;
  std::optional<std::filesystem::path> stats_json;
  // Offscreen on EGL, no window system; needs a script, whose end ends the run. Leaves the
  // remembered settings alone.
  bool headless = false;
  // Quit when the script's last line is done (headless always does). Without it, a windowed
  // script that ends without `quit` leaves the app running for whoever is at the keyboard.
  bool exit_after_script = false;
  std::optional<SurfaceSize> window_size;  // default: the remembered size, else 1400x900
};

class App {
 public:
  static Expected<std::unique_ptr<App>> create(const AppOptions& options);
  ~App();
  // Runs until the window closes or `quit`; the exit code (non-zero after a script error).
  int run();

 private:
  App() = default;
  // app_commands.cpp: a command to the simulation or to the app.
  Status apply(const Command& command);
  Status apply_to_simulation(const SimulationCommand& command);
  Status apply_to_app(const AppCommand& command);
  Status apply_view(ViewControl control, const ControlValue& value);
  Status take_screenshot(const std::string& path);
  Status take_window_screenshot(const std::string& path);
  Status update_auto_range();
  void save_settings_at_exit();
  Status record_frame();

  AppOptions options_;
  std::unique_ptr<RenderSurface> surface_;
  std::unique_ptr<ImGuiSession> imgui_;  // before the surface goes
  std::unique_ptr<FieldRenderer> renderer_;
  std::unique_ptr<FieldTexture> texture_;
  std::unique_ptr<Simulation> simulation_;
  DisplayTransfer display_;
  ViewState view_;
  FrameStats stats_;
  std::optional<ScriptSession> script_;
  std::vector<Command> queue_;
  // Captures wait for the frame; each keeps the script line that asked for it ("FILE:LINE: ",
  // or "" from the panel or keys) for its error message.
  struct PendingCapture {
    command::Screenshot shot;
    std::string origin;
  };
  std::vector<PendingCapture> pending_screenshots_;
  std::string applying_origin_;  // the script line being applied, while it is
  std::filesystem::path capture_folder_ = ".";
  Settings settings_;
  Recording recording_;
  bool help_shown_ = false;
  std::string last_screenshot_;
  std::string caption_;
  // The panel's own edit fields: grid size, video pace, state file.
  PanelState panel_state_;
  FramePacer pacer_;
  PaceDecision pace_;  // the current frame's steps, for the panel
  bool quit_ = false;
};

}  // namespace gs::app
