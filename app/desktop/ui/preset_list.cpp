// The preset list (preset_list.h).
#include "preset_list.h"

#include <imgui.h>
#include <imgui_internal.h>  // the open list's window: its inner rectangle and draw list

#include <algorithm>
#include <optional>

namespace gs::app {

bool dies_out_from_every_start(const Preset& preset) {
  return preset.expected && preset.expected->pattern == PatternClass::Dead;
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

// Text wrapped to the list's width, in the given colour.
void wrapped_text(const char* text, const ImVec4& colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

// A warm colour for the dies-out mark, readable on the dark and the light style alike.
const ImVec4 kMarkColour(0.95f, 0.6f, 0.2f, 1.0f);

// One row of the open list: the picture (three text lines tall, so it follows the text size),
// the name beside it, the dies-out mark where the preset has one, and the description under
// them, dimmer and wrapped to the list's width. The whole row is one Selectable with the
// preset's name as its label and ID. Returns whether it was chosen; `whole` says whether the
// row lies wholly inside the list's visible part.
bool preset_row(const PanelContext& c, const Preset& preset, bool selected, bool& whole) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float side = 2.0f * line + ImGui::GetTextLineHeight();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float text_x = side + style.ItemSpacing.x;
  const float wrap_width = std::max(ImGui::GetContentRegionAvail().x - text_x, 1.0f);
  const bool marked = dies_out_from_every_start(preset);
  const float mark_height =
      marked ? ImGui::CalcTextSize(kDiesOutMark, nullptr, false, wrap_width).y + style.ItemSpacing.y
             : 0.0f;
  const float text_height =
      line + mark_height +
      ImGui::CalcTextSize(preset.description.c_str(), nullptr, false, wrap_width).y;
  const float height = std::max(side, text_height);
  // Spanning the row from its left edge, while the label (the name) stays beside the picture.
  ImGui::SetCursorScreenPos(ImVec2(start.x + text_x, start.y));
  const bool chosen = ImGui::Selectable(preset.name.c_str(), selected,
                                        ImGuiSelectableFlags_SpanAllColumns, ImVec2(0.0f, height));
  const ImRect visible = ImGui::GetCurrentWindow()->InnerRect;
  whole = ImGui::GetItemRectMin().y >= visible.Min.y && ImGui::GetItemRectMax().y <= visible.Max.y;
  const std::optional<ImTextureID> texture = thumbnail_of(c, preset.name);
  if (ImGui::IsItemHovered()) preset_tooltip(preset, texture);
  thumbnail_square(texture, start, side);
  ImGui::SetCursorScreenPos(ImVec2(start.x + text_x, start.y + line));
  if (marked) wrapped_text(kDiesOutMark, kMarkColour);
  ImGui::SetCursorScreenPos(ImVec2(start.x + text_x, ImGui::GetCursorScreenPos().y));
  wrapped_text(preset.description.c_str(), style.Colors[ImGuiCol_TextDisabled]);
  ImGui::SetCursorScreenPos(ImVec2(start.x, start.y + height + style.ItemSpacing.y));
  return chosen;
}

// A group's title, set apart from the rows above it.
void group_header(const PresetGroup& group) {
  ImGui::Spacing();
  ImGui::TextUnformatted(group.title.c_str());
  ImGui::Separator();
}

}  // namespace

void preset_combo(const PanelContext& c, const char* label) {
  const PresetLibrary& library = c.simulation.presets();
  const std::string shown = c.simulation.preset_label();
  // The open list: wide enough for a description to read on two lines, never wider than the
  // screen, and as tall as its rows up to most of the screen (it scrolls past that), so a dozen
  // rows show at once to browse.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 room(ImGui::GetIO().DisplaySize.x - 2.0f * style.DisplaySafeAreaPadding.x,
                    ImGui::GetIO().DisplaySize.y - 2.0f * style.DisplaySafeAreaPadding.y);
  const float width =
      std::min(std::max(ImGui::CalcItemWidth(), 28.0f * ImGui::GetFontSize()), room.x);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, 0.85f * room.y));
  // Opaque: the style's popup background lets the labels behind the list show through.
  ImVec4 background = style.Colors[ImGuiCol_PopupBg];
  background.w = 1.0f;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, background);
  // The box itself (its label aside), taken before an open list becomes the current window.
  const ImVec2 box = ImGui::GetCursorScreenPos();
  c.state.preset_combo = ScreenRect{box.x, box.y, ImGui::CalcItemWidth(), ImGui::GetFrameHeight()};
  const bool open = ImGui::BeginCombo(label, shown.c_str());
  ImGui::PopStyleColor();
  if (!open) return;
  PresetListShown report;
  const ImGuiWindow& list = *ImGui::GetCurrentWindow();
  report.rect = ScreenRect{list.Pos.x, list.Pos.y, list.Size.x, list.Size.y};
  // The first thing the list's window drew is its background: the alpha it was drawn with.
  if (!list.DrawList->VtxBuffer.empty())
    report.background_alpha =
        float((list.DrawList->VtxBuffer[0].col >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
  for (const PresetGroup& group : library.groups) {
    group_header(group);
    for (const Preset& preset : library.presets) {
      if (preset.group != group.id) continue;
      bool whole = false;
      if (preset_row(c, preset, preset.name == shown, whole))
        c.commands.push_back(command::LoadPreset{preset.name});
      ++report.rows;
      report.rows_shown += whole ? 1 : 0;
      report.marked += dies_out_from_every_start(preset) ? 1 : 0;
    }
  }
  c.state.preset_list = report;
  ImGui::EndCombo();
}

}  // namespace gs::app
