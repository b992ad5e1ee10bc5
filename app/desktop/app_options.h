// grayscott's command line (CLI11): the starting backend, transfer path, grid, preset and
// steps per frame, script mode (--script, --stats-json), the window size and --headless.
#pragma once

#include <filesystem>
#include <optional>

#include "commands.h"
#include "render_surface.h"
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
  // Start fullscreen on the primary monitor (F11 toggles it), as a lecture starts.
  bool fullscreen = false;
};

struct ParsedAppOptions {
  AppOptions options;
  std::optional<int> exit_code;  // set after --help, --version or a parse error
};

ParsedAppOptions parse_app_options(int argc, char** argv);

}  // namespace gs::app
