// The text of `grayscott --script-help` (script_help.h).
#include "script_help.h"

#include <algorithm>

#include "controls.h"

namespace gs::app {

std::string script_help() {
  std::string text =
      "A script has one command per line; '#' starts a comment line. --script - reads it\n"
      "from standard input; a script holds at most 4 MiB and 100000 lines.\n\n"
      "  preset NAME                        a preset (case-insensitive)\n"
      "  set NAME VALUE                     one control (below)\n"
      "  favourite add NAME | remove KEY    the presets behind keys 1-9\n"
      "  size W H                           the grid (the state is resampled)\n"
      "  backend cpu|cuda|gl|auto           the backend (the state is carried over); cuda where\n"
      "                                     it cannot run falls back to the CPU twin and says why\n"
      "  transfer interop|host|upload|none  the display's transfer path (none: the gl backend\n"
      "                                     writes the texture itself)\n"
      "  steps-per-frame N|auto             steps per displayed frame\n"
      "  run | pause | step [N]             run, pause, or advance N steps paused\n"
      "  reset [INIT [SEED]]                a fresh start\n"
      "  run-frames N | wait SECONDS        hold the script for N frames, or seconds; both\n"
      "                                     stand still while a person has paused the\n"
      "                                     simulation (space, Pause, S), so a paused demo\n"
      "                                     keeps its caption; the script's own pause does not\n"
      "                                     hold them\n"
      "  wait-timings [MAX_SECONDS]         hold the script until the Timings describe the\n"
      "                                     current grid, path, kernel, block and backend\n"
      "                                     (each change restarts them: a few frames); paused,\n"
      "                                     it holds nothing; after MAX_SECONDS (default 5) the\n"
      "                                     script goes on, and stderr says so\n"
      "  paint X Y RADIUS [VALUE] [from X0 Y0]\n"
      "                                     the brush, in grid cells: a disc, or every cell\n"
      "                                     within RADIUS of the segment from (X0, Y0)\n"
      "  erase X Y RADIUS [from X0 Y0]\n"
      "  paint-a | paint-b X Y RADIUS [from X0 Y0]\n"
      "                                     the style map toward set A or B, with a soft edge\n"
      "                                     (starts a map, all A, where none runs)\n"
      "  style-image FILE [channel=C] [fit=MODE] [bright]\n"
      "                                     a picture as the style map: set B where it is dark\n"
      "                                     (bright: where bright); C luminance|red|green|blue|\n"
      "                                     alpha, MODE stretch|fit|fill|tile|centre\n"
      "  style-gradient x|y|radial          a style map from A to B across the grid\n"
      "  style-a | style-b PRESET | F k [Du Dv]\n"
      "                                     set A or B of the style map (the map stays)\n"
      "  style-swap | style off             A and B trade places; the map goes (A alone)\n"
      "  pick X Y                           in map mode: take that cell's (F, k)\n"
      "  seed-image FILE [OPTIONS]          a picture (PNG, JPEG...) as the starting pattern,\n"
      "                                     resampled onto the grid: v where it is dark; options\n"
      "                                     channel=luminance|red|green|blue|alpha,\n"
      "                                     fit=stretch|fit|fill|tile|centre (fit), bright (v\n"
      "                                     where it is bright), threshold=T (else smooth),\n"
      "                                     noise=A and seed=N (0..1, default none); a relative\n"
      "                                     FILE not found is looked for in the data folder\n"
      "  stamp X Y RADIUS                   the last seed's picture, 2 RADIUS cells across,\n"
      "                                     seeded into the square about (X, Y)\n"
      "  screenshot [PATH]                  the field at grid resolution (PATH.svg: the\n"
      "                                     figure, axes and colour bar, as SVG)\n"
      "  window-screenshot [PATH]           the whole window, UI included\n"
      "  capture-folder PATH                where unnamed captures go\n"
      "  record start [PATH] [STEPS [FPS]]  video; record stop ends it\n"
      "  save [PATH] | load [PATH]          HDF5 state files, as grayscott-batch's\n"
      "  save [PATH] --no-xdmf              without the XDMF description PATH.xmf beside it\n"
      "  save-setup PATH                    the setup's script lines (as Ctrl+C copies them)\n"
      "  caption TEXT                       a large caption over the view, the script's: once\n"
      "                                     the script has ended it goes when a person changes\n"
      "                                     the simulation or leaves presentation, after 30 s,\n"
      "                                     or at Esc or a click; `caption` alone takes it away\n"
      "  demo NAME                          a shipped demo script (NAME may hold spaces) runs\n"
      "                                     from the next frame; this script goes on with its\n"
      "                                     next line once the demo has ended; a demo that\n"
      "                                     would start itself again is refused\n"
      "  script next|previous|restart|stop  the lecturer's controls (Page Down, Page Up, Home,\n"
      "                                     Esc): next or previous caption with the settings\n"
      "                                     of its part (its lines applied at once, without\n"
      "                                     waits or captures; back, from the first line, so a\n"
      "                                     demo's field starts again from its own reset), the\n"
      "                                     first line again, or the end (its caption goes)\n"
      "  view zoom Z | center X Y | reset   zoom (1 to 64) and pan, in grid cells\n"
      "  require cuda                       (anywhere) the script stops before it starts where\n"
      "                                     CUDA does not run, and CUDA-only lines never fall "
      "back\n"
      "  if gpu | if gl | if no-gpu         the lines up to `else` or `end` apply only where\n"
      "  else                               CUDA runs (gpu), on a GPU without CUDA, where the\n"
      "  end                                gl backend runs (gl), or with no GPU (no-gpu);\n"
      "                                     else's lines on the other two. Blocks do not nest;\n"
      "                                     every line is checked on every machine, and the\n"
      "                                     other machines' are dropped when the script loads\n"
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
