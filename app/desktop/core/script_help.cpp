// The text of `grayscott --script-help` (script_help.h).
#include "script_help.h"

#include <algorithm>

#include "controls.h"

namespace gs::app {

std::string script_help() {
  std::string text =
      "A script has one command per line; '#' starts a comment line.\n\n"
      "  preset NAME                        a preset (case-insensitive)\n"
      "  set NAME VALUE                     one control (below)\n"
      "  favourite add NAME | remove KEY    the presets behind keys 1-9\n"
      "  size W H                           the grid (the state is resampled)\n"
      "  backend cpu|cuda|auto              the backend (the state is carried over); cuda where\n"
      "                                     it cannot run falls back to the CPU twin and says why\n"
      "  transfer interop|host|upload       the display's transfer path\n"
      "  steps-per-frame N|auto             steps per displayed frame\n"
      "  run | pause | step [N]             run, pause, or advance N steps paused\n"
      "  reset [INIT [SEED]]                a fresh start\n"
      "  run-frames N | wait SECONDS        hold the script for N frames, or seconds\n"
      "  paint X Y RADIUS [VALUE] [from X0 Y0]\n"
      "                                     the brush, in grid cells: a disc, or every cell\n"
      "                                     within RADIUS of the segment from (X0, Y0)\n"
      "  erase X Y RADIUS [from X0 Y0]\n"
      "  pick X Y                           in map mode: take that cell's (F, k)\n"
      "  screenshot [PATH]                  the field at grid resolution\n"
      "  window-screenshot [PATH]           the whole window, UI included\n"
      "  capture-folder PATH                where unnamed captures go\n"
      "  record start [PATH] [STEPS [FPS]]  video; record stop ends it\n"
      "  save [PATH] | load [PATH]          HDF5 state files, as grayscott-batch's\n"
      "  save-setup PATH                    the setup's script lines (as Ctrl+C copies them)\n"
      "  caption TEXT                       a large caption over the view\n"
      "  demo NAME                          a shipped demo script takes over\n"
      "  view zoom Z | center X Y | reset   zoom (1 to 64) and pan, in grid cells\n"
      "  require cuda                       (anywhere) the script stops before it starts where\n"
      "                                     CUDA does not run, and CUDA-only lines never fall "
      "back\n"
      "  quit                               the end\n\n"
      "set takes:\n";
  std::size_t width = 0;
  for (const ControlSpec& spec : control_registry()) width = std::max(width, spec.name.size());
  for (const ControlSpec& spec : control_registry()) {
    const bool simulation = std::holds_alternative<SimulationControl>(spec.control);
    text += "  " + std::string(spec.name) + std::string(width + 2 - spec.name.size(), ' ') +
            std::string(spec.values) + (simulation ? "" : "  (view)") + "\n";
  }
  return text;
}

}  // namespace gs::app
