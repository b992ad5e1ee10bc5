// The overlays over the view (overlays.h).
#include "overlays.h"

#include <imgui.h>

#include "input.h"

namespace gs::app {

void draw_overlays(const Overlays& o) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove;
  if (const auto& diverged = o.divergence) {
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + 20),
        ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.6f, 0.1f, 0.1f, 0.9f));
    ImGui::Begin("##divergence", nullptr, flags);
    ImGui::TextUnformatted(diverged->c_str());
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (o.recorder) {
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - 20.0f, viewport->WorkPos.y + 20.0f),
        ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.5f, 0.05f, 0.05f, 0.85f));
    ImGui::Begin("##recording", nullptr, flags);
    ImGui::Text("REC  %lld frames  %.1f s  %.1f MB", o.recorder->frames_written(),
                o.recorder->duration_s(), double(o.recorder->bytes_written()) / 1e6);
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (o.help_shown) {
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::Begin("Keyboard shortcuts (F1)", &o.help_shown,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
    for (const Shortcut& shortcut : shortcuts())
      ImGui::Text("%-11s %s", shortcut.key, shortcut.action);
    ImGui::End();
  }
  if (!o.caption.empty()) {
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y - 40),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::Begin("##caption", nullptr, flags);
    ImGui::SetWindowFontScale(2.0f);
    ImGui::TextUnformatted(o.caption.c_str());
    ImGui::End();
  }
}

}  // namespace gs::app
