// The presentation bar (presentation_bar.h).
#include "presentation_bar.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "demo_controls.h"
#include "panel_widgets.h"

namespace gs::app {
namespace {

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

float combo_width(float text_width) {
  return text_width + ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().FramePadding.x;
}

// The bar's items' widths, in the order they are drawn.
std::vector<float> item_widths(const PanelContext& c) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  std::vector<float> widths = {
      button_width("Exit (F5)"),
      button_width("Pause") + button_width("Step") + button_width("Reset") + 2.0f * spacing,
      // Each list as wide as what it shows, so nothing in the bar is cut; the preset's as wide as
      // the widest it can show, so a pick never moves the rest of the bar (nor wraps it to a new
      // row and shrinks the field mid-demo).
      combo_width(widest_preset_label(c)),
      combo_width(ImGui::CalcTextSize(to_string(c.transfer).c_str()).x)};
  if (demo_under_way(c)) {  // its name, "caption 3 of 9" and its buttons replace the list
    for (const float width : demo_control_widths(c)) widths.push_back(width);
  } else {
    widths.push_back(combo_width(ImGui::CalcTextSize(demos_preview(c)).x));
  }
  return widths;
}

// Which items start a row: each goes on the current row where it fits in `room` after the one
// before it.
std::vector<bool> row_starts(const std::vector<float>& widths, float room) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  std::vector<bool> starts;
  float right = 0;
  for (const float width : widths) {
    const bool start = starts.empty() || right + spacing + width > room;
    right = start ? width : right + spacing + width;
    starts.push_back(start);
  }
  return starts;
}

float content_room(float bar_width) {
  return bar_width - 2.0f * ImGui::GetStyle().WindowPadding.x;
}

}  // namespace

float presentation_bar_height(const PanelContext& c, float width) {
  const std::vector<bool> starts = row_starts(item_widths(c), content_room(width));
  const float rows = float(std::count(starts.begin(), starts.end(), true));
  const ImGuiStyle& style = ImGui::GetStyle();
  return std::ceil(rows * ImGui::GetFrameHeight() + (rows - 1.0f) * style.ItemSpacing.y +
                   2.0f * style.WindowPadding.y);
}

void draw_presentation_bar(const PanelContext& c, const ScreenRect& bar) {
  const std::vector<float> widths = item_widths(c);
  const std::vector<bool> starts = row_starts(widths, content_room(bar.width));
  // Sized before it is drawn: a demo's controls that wrap the bar to a second row show whole in
  // the frame they appear.
  ImGui::SetNextWindowPos(ImVec2(bar.x, bar.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(bar.width, bar.height), ImGuiCond_Always);
  ImGui::Begin(
      "##presentation bar", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  std::size_t item = 0;
  const auto place = [&](float) {
    if (item > 0 && item < starts.size() && !starts[item]) ImGui::SameLine();
    ++item;
  };
  place(widths[0]);
  if (ImGui::Button("Exit (F5)")) push_set(c, ViewControl::Presentation, false);
  place(widths[1]);
  run_buttons(c);
  place(widths[2]);
  ImGui::SetNextItemWidth(widths[2]);
  preset_combo(c, "##preset");
  place(widths[3]);
  ImGui::SetNextItemWidth(widths[3]);
  transfer_combo(c, "##transfer");
  if (demo_under_way(c)) {
    draw_demo_name(c, place);
    draw_demo_buttons(c, place);
  } else {
    place(widths[4]);
    ImGui::SetNextItemWidth(widths[4]);
    demos_combo(c, "##demos");
  }
  ImGui::End();
}

}  // namespace gs::app
