// "Copy as script": the current setup as the few script lines that make it again, so a discovery
// can be handed on as text (with an HDF5 state file for the state itself). The lines set the
// model's parameters, the grid, the start (init and seed, by a reset) and the view; pasting them
// (or running them as a script) gives the same parameters and, after the same steps, the same
// state. Built from plain state, written through to_script_line, so every line parses back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "gs/fields.h"
#include "gs/params.h"
#include "style_source.h"
#include "view_state.h"

namespace gs::app {

class Simulation;

// A running style map: where it came from and set B. A painted or loaded map is made again from
// `picture`, a picture of its bytes saved beside the lines (style_picture.h); without one the
// lines carry set B but no map.
struct SetupStyle {
  StyleSource source;
  StyleMix set_b;
  std::string picture;
};

struct SetupState {
  std::string preset;  // the preset last loaded: a comment only, the parameters are written out
  bool preset_params = true;  // whether the parameters are still that preset's (the header says)
  Params params;
  GridSize size;
  InitPattern init = InitPattern::GrownSpots;
  std::uint64_t seed = 1;
  DisplayField field = DisplayField::V;
  ViewState view;
  // The picture the run started from, seeded again after the reset.
  std::optional<command::SeedImage> picture_seed;
  std::optional<SetupStyle> style;
  // How far the state is from the start these lines make: steps since it, and whether it was
  // changed otherwise (Simulation::edited_since_start).
  long long steps = 0;
  bool edited = false;
  // A state file the lines load at their end, so that they make the state itself (save-setup
  // saves it beside them where steps or edits took it away from the start).
  std::string state_file;
};

SetupState setup_of(const Simulation& simulation, const ViewState& view);

// The commands, in an order that every step of which the simulation accepts, whatever setup
// they are applied to (see setup_script.cpp).
std::vector<Command> setup_commands(const SetupState& setup);

// The commands as script text: a comment naming what it is, then one line each.
std::string setup_script(const SetupState& setup);

// How messages name pasted text.
inline constexpr const char* kPastedName = "<clipboard>";

// Pasted script lines as commands, parsed whole before any is applied, so a bad line changes
// nothing: the problem names its line ("<clipboard>:3: ..."). Lines that only hold a script back
// (run-frames, wait) have nothing to hold when pasted and are refused; so is text with no
// command at all.
Expected<std::vector<Command>> parse_pasted_script(std::string_view text);

}  // namespace gs::app
