// Widgets shared by the panel and the presentation bar (panel_widgets.h).
#include "panel_widgets.h"

#include <algorithm>
#include <optional>

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

namespace {

// A preset's picture as ImGui draws it (ImGui's OpenGL renderer reads the texture's name back).
std::optional<ImTextureID> thumbnail_of(const PanelContext& c, const std::string& preset) {
  const auto found = c.preset_thumbnails.find(preset);
  if (found == c.preset_thumbnails.end()) return std::nullopt;
  return reinterpret_cast<ImTextureID>(found->second);
}

// The preset's picture at `at`, `side` wide, or a neutral square where it has none.
void thumbnail_square(std::optional<ImTextureID> texture, ImVec2 at, float side) {
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 end(at.x + side, at.y + side);
  if (texture)
    draw.AddImage(*texture, at, end);
  else
    draw.AddRectFilled(at, end, ImGui::GetColorU32(ImGuiCol_FrameBg));
}

// The hovered preset, larger: its picture, description, source and note.
void preset_tooltip(const Preset& preset, std::optional<ImTextureID> texture) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float width = std::min(24.0f * ImGui::GetFontSize(), 0.6f * display.x);
  ImGui::BeginTooltip();
  if (texture) {  // about the thumbnail's own 128 pixels at UI scale 1
    const float side = std::min(10.0f * ImGui::GetFontSize(), 0.4f * display.y);
    ImGui::Image(*texture, ImVec2(side, side));
  }
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::TextUnformatted(preset.description.c_str());
  if (!preset.source.empty()) ImGui::TextDisabled("source: %s", preset.source.c_str());
  if (!preset.note.empty()) ImGui::TextDisabled("note: %s", preset.note.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// One row of the open list: the picture (three text lines tall, so it follows the text size),
// the name beside it and the description under the name, dimmer and wrapped to the list's width.
// The whole row is one Selectable with the preset's name as its label and ID.
bool preset_row(const PanelContext& c, const Preset& preset, bool selected) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float side = 2.0f * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetTextLineHeight();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float text_x = side + style.ItemSpacing.x;
  const float wrap_width = std::max(ImGui::GetContentRegionAvail().x - text_x, 1.0f);
  const float text_height =
      ImGui::GetTextLineHeightWithSpacing() +
      ImGui::CalcTextSize(preset.description.c_str(), nullptr, false, wrap_width).y;
  const float height = std::max(side, text_height);
  // Spanning the row from its left edge, while the label (the name) stays beside the picture.
  ImGui::SetCursorScreenPos(ImVec2(start.x + text_x, start.y));
  const bool chosen = ImGui::Selectable(preset.name.c_str(), selected,
                                        ImGuiSelectableFlags_SpanAllColumns, ImVec2(0.0f, height));
  const std::optional<ImTextureID> texture = thumbnail_of(c, preset.name);
  if (ImGui::IsItemHovered()) preset_tooltip(preset, texture);
  thumbnail_square(texture, start, side);
  ImGui::SetCursorScreenPos(
      ImVec2(start.x + text_x, start.y + ImGui::GetTextLineHeightWithSpacing()));
  ImGui::PushStyleColor(ImGuiCol_Text, style.Colors[ImGuiCol_TextDisabled]);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(preset.description.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::SetCursorScreenPos(ImVec2(start.x, start.y + height + style.ItemSpacing.y));
  return chosen;
}

}  // namespace

void preset_combo(const PanelContext& c, const char* label) {
  const PresetLibrary& library = c.simulation.presets();
  const std::string shown = c.simulation.preset_label();
  // The open list: wide enough for a description to read on two lines, never wider than the
  // screen, and five rows tall (it scrolls).
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 room(ImGui::GetIO().DisplaySize.x - 2.0f * style.DisplaySafeAreaPadding.x,
                    ImGui::GetIO().DisplaySize.y - 2.0f * style.DisplaySafeAreaPadding.y);
  const float width =
      std::min(std::max(ImGui::CalcItemWidth(), 28.0f * ImGui::GetFontSize()), room.x);
  const float five_rows = 5.0f * 3.0f * ImGui::GetTextLineHeightWithSpacing();
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f),
                                      ImVec2(width, std::min(five_rows, 0.7f * room.y)));
  if (!ImGui::BeginCombo(label, shown.c_str())) return;
  for (const PresetGroup& group : library.groups) {
    ImGui::TextDisabled("%s", group.title.c_str());
    for (const Preset& preset : library.presets)
      if (preset.group == group.id && preset_row(c, preset, preset.name == shown))
        c.commands.push_back(command::LoadPreset{preset.name});
  }
  ImGui::EndCombo();
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
