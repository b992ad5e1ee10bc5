// "Copy as script" on the clipboard: Ctrl+C and the panel's button put the setup's script lines
// there (setup_script.h), Ctrl+V applies such lines, parsed whole first so bad text changes
// nothing. Through ImGui's clipboard, which its GLFW backend connects to the system's (a
// headless run has none: there `save-setup PATH` and `--script -` stand in).
#pragma once

#include <string>
#include <vector>

#include "commands.h"
#include "simulation.h"
#include "view_state.h"

namespace gs::app {

// A painted or loaded style map is saved as a picture in the capture folder ("" for the
// default one) for the lines to read (style_picture.h).
void copy_setup_to_clipboard(const Simulation& simulation, const ViewState& view,
                             const std::string& capture_folder = "");

// Pushes the clipboard's commands; "" when it did, else the problem (nothing pushed).
std::string paste_setup_from_clipboard(std::vector<Command>& commands);

}  // namespace gs::app
