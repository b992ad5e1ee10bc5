// A running demo's controls (demo_controls.h).
#include "demo_controls.h"

#include <imgui.h>
#include <imgui_internal.h>  // which window the mouse is over

#include <cstdio>
#include <cstring>

namespace gs::app {
namespace {

// The label at its widest, so the controls keep their width from caption to caption.
constexpr const char* kWidestLabel = "caption 99 of 99";

void caption_label(const ScriptProgress& script, char (&label)[48]) {
  std::snprintf(label, sizeof label, "caption %d of %d", script.caption, script.captions);
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

}  // namespace

float demo_controls_width(const PanelContext& c) {
  if (!c.script) return 0.0f;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  return ImGui::CalcTextSize(c.script->name.c_str()).x + button_width("Restart") +
         2.0f * ImGui::GetFrameHeight() + ImGui::CalcTextSize(kWidestLabel).x +
         button_width("Stop") + 5.0f * spacing;
}

void draw_demo_controls(const PanelContext& c, bool in_panel) {
  if (!c.script) return;
  const ScriptProgress& script = *c.script;
  ImGui::PushID("demo controls");
  if (!in_panel) {  // the panel's status line above names the script already
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(script.name.c_str());
    ImGui::SameLine();
  }
  if (ImGui::Button("Restart")) push(c, ScriptAction::Restart);
  tooltip("Home: the demo again from its start");
  ImGui::SameLine();
  ImGui::BeginDisabled(script.caption == 0 && !script.finished);
  if (ImGui::ArrowButton("previous", ImGuiDir_Left)) push(c, ScriptAction::Previous);
  tooltip("Page Up: the previous caption, with the settings of its part");
  ImGui::EndDisabled();
  ImGui::SameLine();
  char label[48];
  caption_label(script, label);
  const float start = ImGui::GetCursorPosX();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(start + ImGui::CalcTextSize(kWidestLabel).x + ImGui::GetStyle().ItemSpacing.x);
  ImGui::BeginDisabled(script.caption >= script.captions);
  if (ImGui::ArrowButton("next", ImGuiDir_Right)) push(c, ScriptAction::Next);
  tooltip("Page Down: the next caption now");
  ImGui::EndDisabled();
  ImGui::SameLine();
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
