// A running demo's controls (demo_controls.h).
#include "demo_controls.h"

#include <imgui.h>
#include <imgui_internal.h>  // which window the mouse is over

#include <cstdio>
#include <cstring>
#include <utility>

namespace gs::app {
namespace {

// Before its first caption a demo shows none: "caption - of 9", not a caption 0.
void caption_label(int caption, int captions, char (&label)[48]) {
  if (caption == 0)
    std::snprintf(label, sizeof label, "caption - of %d", captions);
  else
    std::snprintf(label, sizeof label, "caption %d of %d", caption, captions);
}

// The label at its widest for this script ("caption 8 of 9" with its digits as wide as "9 of
// 9"), so the controls keep their width from caption to caption.
float widest_label_width(const ScriptProgress& script) {
  char label[48];
  caption_label(script.captions, script.captions, label);
  for (char* digit = label; *digit; ++digit)
    if (*digit >= '0' && *digit <= '9') *digit = '0';  // the digits as wide as they get
  return ImGui::CalcTextSize(label).x;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void push(const PanelContext& c, ScriptAction action) {
  c.commands.push_back(command::ScriptControl{action});
}

// "◀ caption 3 of 9 ▶" as one item.
float arrows_width(const ScriptProgress& script) {
  return 2.0f * ImGui::GetFrameHeight() + widest_label_width(script) +
         2.0f * ImGui::GetStyle().ItemSpacing.x;
}

}  // namespace

bool demo_under_way(const PanelContext& c) {
  return c.script && !c.script->finished;
}

std::vector<float> demo_control_widths(const PanelContext& c) {
  if (!demo_under_way(c)) return {};
  return {ImGui::CalcTextSize(c.script->name.c_str()).x, button_width("Restart"),
          arrows_width(*c.script), button_width("Stop")};
}

void draw_demo_name(const PanelContext& c, const PlaceItem& place) {
  if (!demo_under_way(c)) return;
  place(demo_control_widths(c)[0]);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(c.script->name.c_str());
}

void draw_demo_buttons(const PanelContext& c, const PlaceItem& place) {
  if (!demo_under_way(c)) return;
  const ScriptProgress& script = *c.script;
  const std::vector<float> widths = demo_control_widths(c);
  bool first = true;
  const auto next = [&](float width) {
    if (place)
      place(width);
    else if (!std::exchange(first, false))
      ImGui::SameLine();
  };
  ImGui::PushID("demo controls");
  next(widths[1]);
  if (ImGui::Button("Restart")) push(c, ScriptAction::Restart);
  tooltip("Home: the demo again from its start");
  // The arrows and the label as one item: "◀ caption 3 of 9 ▶" never splits.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  next(widths[2]);
  ImGui::BeginDisabled(script.caption == 0);
  if (ImGui::ArrowButton("previous", ImGuiDir_Left)) push(c, ScriptAction::Previous);
  tooltip("Page Up: the previous caption, with the settings of its part");
  ImGui::EndDisabled();
  ImGui::SameLine();
  char label[48];
  caption_label(script.caption, script.captions, label);
  const float start = ImGui::GetCursorPosX();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(start + widest_label_width(script) + spacing);
  ImGui::BeginDisabled(script.caption >= script.captions);
  if (ImGui::ArrowButton("next", ImGuiDir_Right)) push(c, ScriptAction::Next);
  tooltip("Page Down: the next caption now");
  ImGui::EndDisabled();
  next(widths[3]);
  if (ImGui::Button("Stop")) push(c, ScriptAction::Stop);
  tooltip("Esc: stop the demo (its caption goes; the simulation goes on)");
  ImGui::PopID();
}

bool caption_clicked() {
  const ImGuiWindow* hovered = ImGui::GetCurrentContext()->HoveredWindow;
  return hovered && std::strcmp(hovered->Name, "##caption") == 0 &&
         ImGui::IsMouseClicked(ImGuiMouseButton_Left);
}

}  // namespace gs::app
