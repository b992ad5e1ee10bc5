// The setup as script lines (setup_script.h).
#include "setup_script.h"

#include "command_script.h"
#include "script_parser.h"
#include "simulation.h"
#include "style_picture.h"

namespace gs::app {
namespace {

// Each `set` is checked on its own against the diffusion limit dt * max(Du, Dv) * |lambda| < 2,
// so moving from any setup to this one could pass through a refused mix (a larger Du before a
// smaller dt). A dt this small keeps every mix on the way within the limit for any Du and Dv
// below 160 (1/1024, written exactly); the setup's own dt comes last.
constexpr float kSafeDt = 1.0f / 1024.0f;

}  // namespace

SetupState setup_of(const Simulation& simulation, const ViewState& view) {
  SetupState setup{simulation.preset_name(),
                   simulation.preset_label() == simulation.preset_name(),
                   simulation.params(),
                   simulation.size(),
                   simulation.init(),
                   simulation.seed(),
                   simulation.display_field(),
                   view,
                   simulation.picture_seed(),
                   std::nullopt,
                   simulation.total_steps(),
                   simulation.edited_since_start(),
                   ""};
  if (simulation.params().style.enabled && simulation.style_source())
    setup.style = SetupStyle{*simulation.style_source(), simulation.set_b(), ""};
  return setup;
}

// Set B, then the map made again from its source (after the grid is set and the start reset).
static void push_style_commands(const SetupStyle& style, std::vector<Command>& commands) {
  const StyleMix& b = style.set_b;
  commands.push_back(command::StyleSet{true, "", b.F, b.k, b.Du, b.Dv});
  const StyleSource& source = style.source;
  if (source.origin == StyleOrigin::Image) {
    commands.push_back(command::StyleImage{source.path, source.placement});
  } else if (source.origin == StyleOrigin::Gradient) {
    commands.push_back(command::StyleGradientMap{source.gradient});
  } else if (!style.picture.empty()) {  // one pixel a cell, its bytes in every channel
    commands.push_back(command::StyleImage{
        style.picture, PicturePlacement{PictureChannel::Red, true, PictureFit::Stretch}});
  }
}

std::vector<Command> setup_commands(const SetupState& setup) {
  using Sim = SimulationControl;
  using View = ViewControl;
  const Params& p = setup.params;
  std::vector<Command> commands = {
      // No style map while the parameters change: each `set` is checked against set B too.
      command::StyleOff{},
      // Uniform while the map's ranges change, which are checked only in map mode.
      command::SetSimulation{Sim::MapMode, false},
      command::SetSimulation{Sim::dt, kSafeDt},
      command::SetSimulation{Sim::F, p.F},
      command::SetSimulation{Sim::k, p.k},
      command::SetSimulation{Sim::Du, p.Du},
      command::SetSimulation{Sim::Dv, p.Dv},
      command::SetSimulation{Sim::Laplacian, p.laplacian},
      command::SetSimulation{Sim::dt, p.dt},
  };
  if (p.map.enabled) {
    commands.push_back(command::SetSimulation{Sim::MapFLow, p.map.F_low});
    commands.push_back(command::SetSimulation{Sim::MapFHigh, p.map.F_high});
    commands.push_back(command::SetSimulation{Sim::MapKLow, p.map.k_low});
    commands.push_back(command::SetSimulation{Sim::MapKHigh, p.map.k_high});
    commands.push_back(command::SetSimulation{Sim::MapMode, true});
  }
  // After the map, which sets its own edges: the boundary in effect, chosen or not.
  commands.push_back(command::SetSimulation{Sim::Boundary, p.boundary});
  // The grid, then a fresh start on it (a reset also sets the init and seed it uses later).
  commands.push_back(command::Resize{setup.size.width, setup.size.height});
  commands.push_back(command::Reset{setup.init, setup.seed});
  if (setup.picture_seed) commands.push_back(*setup.picture_seed);
  if (setup.style) push_style_commands(*setup.style, commands);
  // The view: the field, its colours and their range.
  commands.push_back(command::SetSimulation{Sim::Field, setup.field});
  commands.push_back(command::SetView{View::Colormap, setup.view.colormap});
  // A fixed range's ends also turn the automatic range off.
  if (setup.view.auto_range) {
    commands.push_back(command::SetView{View::RangeAuto, true});
  } else {
    commands.push_back(command::SetView{View::RangeMin, setup.view.low});
    commands.push_back(command::SetView{View::RangeMax, setup.view.high});
  }
  // Where the view looks: the whole field, then the zoom about its centre, then the centre.
  commands.push_back(command::ViewReset{});
  if (setup.view.zoom != 1.0f) commands.push_back(command::ViewZoom{setup.view.zoom});
  if (setup.view.center)
    commands.push_back(command::ViewCenter{setup.view.center->x, setup.view.center->y});
  // Last, the state itself where the start would not make it again.
  if (!setup.state_file.empty()) commands.push_back(command::LoadState{setup.state_file});
  return commands;
}

std::string setup_script(const SetupState& setup) {
  std::string text = "# Gray-Scott Live setup";
  // The preset is named as the lines' source only while they carry its parameters.
  if (!setup.preset.empty())
    text += setup.preset_params ? " (from preset " + setup.preset + ")"
                                : " (custom parameters, started from preset " + setup.preset + ")";
  text += "\n";
  if (needs_style_picture(setup) && setup.style->picture.empty())
    text += "# the painted style map is not in these lines: save-setup PATH saves it beside them\n";
  // What a reset on these lines would not make again, said, or loaded at their end.
  if (setup.steps > 0 || setup.edited) {
    std::string away = std::to_string(setup.steps) + " steps past its start";
    if (setup.edited) away += ", changed by hand (strokes on v, a stamp, a load or a resize)";
    text += setup.state_file.empty()
                ? "# the state is " + away +
                      ": these lines make its start; save-setup PATH saves the state beside them\n"
                : "# the state, " + away + ", is loaded from " + setup.state_file + " at the end\n";
  }
  for (const Command& command : setup_commands(setup)) text += to_script_line(command) + "\n";
  return text;
}

Expected<std::vector<Command>> parse_pasted_script(std::string_view text) {
  Expected<std::vector<ScriptLine>> lines = parse_script(text, kPastedName);
  if (!lines) return lines.status();
  lines = lines_for_machine(std::move(lines).value(), machine_here());  // as a script loads
  if (lines->empty()) return Error{std::string(kPastedName) + ": no script lines to paste"};
  std::vector<Command> commands;
  for (ScriptLine& line : *lines) {
    if (std::holds_alternative<command::RunFrames>(line.command) ||
        std::holds_alternative<command::Wait>(line.command) ||
        std::holds_alternative<command::WaitTimings>(line.command))
      return Error{std::string(kPastedName) + ":" + std::to_string(line.number) + ": " + line.text +
                   ": holds a script back, so it runs only in a script (--script)"};
    commands.push_back(std::move(line.command));
  }
  return commands;
}

}  // namespace gs::app
