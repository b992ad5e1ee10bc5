// Keyboard shortcuts and the brush under the mouse, as commands. ImGui's input state is read
// (never while ImGui itself wants the keyboard or the mouse); what is not a command (the help,
// fullscreen) comes back for the app to do.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "gs/fields.h"
#include "view_state.h"

namespace gs::app {

// The keys, for the F1 help.
struct Shortcut {
  const char* key;
  const char* action;
};
const std::vector<Shortcut>& shortcuts();

struct KeyContext {
  bool running = false;
  bool ui_hidden = false;
  bool recording = false;
  const std::vector<std::string>& favourites;
};

struct KeyActions {
  bool toggle_help = false;
  bool toggle_fullscreen = false;
};

KeyActions push_key_commands(const KeyContext& context, std::vector<Command>& commands);

// Left-drag paints v, right-drag erases; nothing in map mode, where a click picks (F, k).
std::optional<command::Paint> brush_under_mouse(const ViewState& view, bool map_mode,
                                                int window_width, int window_height, GridSize grid);

}  // namespace gs::app
