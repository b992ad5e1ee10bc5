// The setup on the clipboard (setup_clipboard.h).
#include "setup_clipboard.h"

#include <imgui.h>

#include "setup_script.h"

namespace gs::app {

void copy_setup_to_clipboard(const Simulation& simulation, const ViewState& view) {
  ImGui::SetClipboardText(setup_script(setup_of(simulation, view)).c_str());
}

std::string paste_setup_from_clipboard(std::vector<Command>& commands) {
  const char* text = ImGui::GetClipboardText();
  Expected<std::vector<Command>> pasted = parse_pasted_script(text ? text : "");
  if (!pasted) return "paste: " + pasted.message() + "; nothing changed";
  commands.insert(commands.end(), pasted->begin(), pasted->end());
  return "";
}

}  // namespace gs::app
