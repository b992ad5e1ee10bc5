#include "colour_bar.h"

#include <imgui.h>

namespace gs::app {

void draw_colour_bar(const std::vector<Rgb>& table, float low, float high) {
  constexpr float kWidth = 18.0f, kHeight = 220.0f;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - 20.0f,
                                 viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(1.0f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::Begin("##colour bar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
  ImGui::Text("%.4g", double(high));
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const int bands = int(table.size());
  for (int i = 0; i < bands; ++i) {
    // Band 0 (the low end) at the bottom.
    const Rgb& c = table[bands - 1 - i];
    const float y0 = top.y + kHeight * float(i) / float(bands);
    const float y1 = top.y + kHeight * float(i + 1) / float(bands);
    draw->AddRectFilled(ImVec2(top.x, y0), ImVec2(top.x + kWidth, y1),
                        IM_COL32(c[0], c[1], c[2], 255));
  }
  ImGui::SetCursorScreenPos(
      ImVec2(top.x + kWidth + 6.0f, top.y + kHeight * 0.5f - ImGui::GetTextLineHeight() * 0.5f));
  ImGui::Text("%.4g", double(0.5f * (low + high)));
  ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + kHeight + 2.0f));
  ImGui::Text("%.4g", double(low));
  ImGui::End();
}

}  // namespace gs::app
