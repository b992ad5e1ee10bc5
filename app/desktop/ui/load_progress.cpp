// The background load's progress over the field (load_progress.h).
#include "load_progress.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace gs::app {

bool draw_load_progress(const std::string& path, double fraction, const ScreenRect& field,
                        std::string& text) {
  const int percent = int(std::clamp(std::floor(fraction * 100.0), 0.0, 100.0));
  text = "loading " + std::filesystem::path(path).filename().string() + "... " +
         std::to_string(percent) + "%";
  const float margin = ImGui::GetFontSize();
  // Below where the divergence banner and the notice go, centred on the field.
  ImGui::SetNextWindowPos(ImVec2(field.x + 0.5f * field.width, field.y + 6.0f * margin),
                          ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##load progress", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  // The file's whole name can be long: the line says the name, the tooltip the path.
  ImGui::TextUnformatted(text.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
  ImGui::ProgressBar(float(fraction), ImVec2(16.0f * margin, 0.0f), "");
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel");
  ImGui::End();
  return cancel;
}

}  // namespace gs::app
