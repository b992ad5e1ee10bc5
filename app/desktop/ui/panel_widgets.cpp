// Widgets shared by the panel and the presentation bar (panel_widgets.h).
#include "panel_widgets.h"

namespace gs::app {

void push_set(const PanelContext& c, SimulationControl control, ControlValue value) {
  c.commands.push_back(command::SetSimulation{control, std::move(value)});
}

void push_set(const PanelContext& c, ViewControl control, ControlValue value) {
  c.commands.push_back(command::SetView{control, std::move(value)});
}

void run_buttons(const PanelContext& c) {
  const Simulation& sim = c.simulation;
  if (ImGui::Button(sim.running() ? "Pause" : "Run"))
    c.commands.push_back(sim.running() ? Command{command::Pause{}} : Command{command::Run{}});
  ImGui::SameLine();
  if (ImGui::Button("Step")) c.commands.push_back(command::Step{1});
  ImGui::SameLine();
  if (ImGui::Button("Reset")) c.commands.push_back(command::Reset{});
}

void transfer_combo(const PanelContext& c, const char* label) {
  if (!ImGui::BeginCombo(label, to_string(c.transfer).c_str())) return;
  for (const auto& [path, name] : kTransferPathNames) {
    const std::string& unavailable = c.transfer_unavailable[std::size_t(path)];
    const ImGuiSelectableFlags flags =
        unavailable.empty() ? ImGuiSelectableFlags_None : ImGuiSelectableFlags_Disabled;
    if (ImGui::Selectable(name.data(), path == c.transfer, flags))
      c.commands.push_back(command::SelectTransfer{path});
    if (!unavailable.empty()) {
      ImGui::Indent();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", unavailable.c_str());
      ImGui::PopTextWrapPos();
      ImGui::Unindent();
    }
  }
  ImGui::EndCombo();
}

const char* demos_preview(const PanelContext& c) {
  return c.demos.empty() ? "no demos" : "Demos";
}

void demos_combo(const PanelContext& c, const char* label) {
  ImGui::BeginDisabled(c.demos.empty());
  if (ImGui::BeginCombo(label, demos_preview(c))) {
    for (const DemoScript& demo : c.demos) {
      if (ImGui::Selectable(demo.title.c_str()))
        c.commands.push_back(command::StartDemo{demo.name});
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("demo %s", demo.name.c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
}

}  // namespace gs::app
