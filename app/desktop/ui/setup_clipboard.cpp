// The setup on the clipboard (setup_clipboard.h).
#include "setup_clipboard.h"

#include <imgui.h>

#include "capture_path.h"
#include "setup_script.h"
#include "style_picture.h"

namespace gs::app {

void copy_setup_to_clipboard(const Simulation& simulation, const ViewState& view,
                             const std::string& capture_folder) {
  SetupState setup = setup_of(simulation, view);
  if (needs_style_picture(setup)) {
    // A painted style map goes to the capture folder as a picture the lines read; where it
    // cannot, the lines say that the map is not in them.
    const std::filesystem::path folder =
        capture_folder.empty() ? default_capture_folder() : std::filesystem::path(capture_folder);
    if (make_capture_folder(folder)) {
      std::filesystem::path picture = timestamped_capture_path(folder);
      picture.replace_filename(picture.stem().string() + "-style.png");
      [[maybe_unused]] const Status kept = keep_style_picture(setup, simulation, picture);
    }
  }
  ImGui::SetClipboardText(setup_script(setup).c_str());
}

std::string paste_setup_from_clipboard(std::vector<Command>& commands) {
  const char* text = ImGui::GetClipboardText();
  Expected<std::vector<Command>> pasted = parse_pasted_script(text ? text : "");
  if (!pasted) return "paste: " + pasted.message() + "; nothing changed";
  commands.insert(commands.end(), pasted->begin(), pasted->end());
  return "";
}

}  // namespace gs::app
