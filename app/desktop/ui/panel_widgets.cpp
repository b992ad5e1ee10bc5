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

void fit_next_popup(float content_width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 room(std::max(display.x - 2.0f * style.DisplaySafeAreaPadding.x, 1.0f),
                    std::max(display.y - 2.0f * style.DisplaySafeAreaPadding.y, 1.0f));
  const float width = std::min(content_width + 2.0f * style.WindowPadding.x +
                                   style.ScrollbarSize,  // room for the scrollbar of a long list
                               room.x);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(room.x, 0.7f * room.y));
}

void transfer_combo(const PanelContext& c, const char* label) {
  // Each path's name, and under it why it cannot run: the list as wide as the longest line, so a
  // reason reads on one line (wrapped between words only where the screen is narrower).
  float widest = 0.0f;
  for (const auto& [path, name] : kTransferPathNames) {
    widest = std::max(widest, ImGui::CalcTextSize(name.data()).x);
    const std::string& unavailable = c.transfer_unavailable[std::size_t(path)];
    widest = std::max(widest,
                      ImGui::GetStyle().IndentSpacing + ImGui::CalcTextSize(unavailable.c_str()).x);
  }
  fit_next_popup(widest);
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
  float widest = 0.0f;
  for (const DemoScript& demo : c.demos)
    widest = std::max(widest, ImGui::CalcTextSize(demo.title.c_str()).x);
  fit_next_popup(widest);
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
