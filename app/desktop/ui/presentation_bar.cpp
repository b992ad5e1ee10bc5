// The presentation bar (presentation_bar.h).
#include "presentation_bar.h"

#include <imgui.h>

#include <algorithm>

#include "demo_controls.h"
#include "panel_widgets.h"

namespace gs::app {
namespace {

// Items placed left to right, a new row when the next one would pass the window's right edge.
class Flow {
 public:
  // Call before each item with its width.
  void next(float width) {
    if (first_) {
      first_ = false;
      return;
    }
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine();
  }

 private:
  bool first_ = true;
};

// The widest the preset list's label can be: a preset's name, or a hand-made setup's
// "custom (F, k)" at its four significant digits.
float widest_preset_label(const PanelContext& c) {
  float widest = std::max(ImGui::CalcTextSize(c.simulation.preset_label().c_str()).x,
                          ImGui::CalcTextSize("custom (0.00000, 0.00000)").x);
  for (const Preset& preset : c.simulation.presets().presets)
    widest = std::max(widest, ImGui::CalcTextSize(preset.name.c_str()).x);
  return widest;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

}  // namespace

float draw_presentation_bar(const PanelContext& c, const ScreenRect& bar) {
  ImGui::SetNextWindowPos(ImVec2(bar.x, bar.y), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(bar.width, 0.0f), ImVec2(bar.width, FLT_MAX));
  ImGui::Begin("##presentation bar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  Flow flow;
  flow.next(button_width("Exit (F5)"));
  if (ImGui::Button("Exit (F5)")) push_set(c, ViewControl::Presentation, false);
  flow.next(button_width("Pause") + button_width("Step") + button_width("Reset") +
            2.0f * ImGui::GetStyle().ItemSpacing.x);
  run_buttons(c);
  // Each list as wide as what it shows, so nothing in the bar is cut; the preset's as wide as the
  // widest it can show, so a pick never moves the rest of the bar (nor wraps it to a new row and
  // shrinks the field mid-demo).
  const auto combo = [&flow](float text_width) {
    const float width =
        text_width + ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().FramePadding.x;
    flow.next(width);
    ImGui::SetNextItemWidth(width);
  };
  combo(widest_preset_label(c));
  preset_combo(c, "##preset");
  combo(ImGui::CalcTextSize(to_string(c.transfer).c_str()).x);
  transfer_combo(c, "##transfer");
  if (demo_under_way(c)) {  // its name, "caption 3 of 9" and its buttons replace the list
    const auto place = [&flow](float width) { flow.next(width); };
    draw_demo_name(c, place);
    draw_demo_buttons(c, place);
  } else {
    combo(ImGui::CalcTextSize(demos_preview(c)).x);
    demos_combo(c, "##demos");
  }
  const float height = ImGui::GetWindowHeight();
  ImGui::End();
  return height;
}

}  // namespace gs::app
