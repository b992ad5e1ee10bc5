// Parameter-map mode's axes and pick (map_overlay.h).
#include "map_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "gs/cell_update.h"

namespace gs::app {
namespace {

constexpr int kTicks = 5;
constexpr ImU32 kInk = IM_COL32(235, 235, 235, 255);

// Labels placed one by one; one that would overlap a label already placed is left out, so the
// axes' ends and names (placed first) always show and crowded middle ticks give way.
class LabelPlacer {
 public:
  explicit LabelPlacer(ImDrawList* draw) : draw_(draw) {}

  // Draws `text` with its top-left at `at` unless it would overlap; whether it was drawn.
  bool place(ImVec2 at, const std::string& text) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ScreenRect rect{at.x, at.y, size.x, size.y};
    const float gap = 0.3f * ImGui::GetFontSize();  // labels that touch read as one number
    const ScreenRect padded{rect.x - gap, rect.y, rect.width + 2 * gap, rect.height};
    for (const ScreenRect& other : placed_)
      if (padded.overlaps(other)) return false;
    draw_->AddText(at, kInk, text.c_str());
    placed_.push_back(rect);
    return true;
  }
  const std::vector<ScreenRect>& placed() const { return placed_; }

 private:
  ImDrawList* draw_;
  std::vector<ScreenRect> placed_;
};

std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", double(value));
  return text;
}

// A short arrow from `from` towards `to`, pointing the way the axis grows.
void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to) {
  const float head = 0.3f * ImGui::GetFontSize();
  draw->AddLine(from, to, kInk, 2.0f);
  const bool up = to.y < from.y;
  if (up)
    draw->AddTriangleFilled(ImVec2(to.x, to.y - head), ImVec2(to.x - head, to.y + head),
                            ImVec2(to.x + head, to.y + head), kInk);
  else
    draw->AddTriangleFilled(ImVec2(to.x + head, to.y), ImVec2(to.x - head, to.y - head),
                            ImVec2(to.x - head, to.y + head), kInk);
}

}  // namespace

std::vector<ScreenRect> draw_map_overlay(const Params& params, GridSize grid, const MapAxes& axes,
                                         const GridRegion& shown, std::vector<Command>& commands) {
  const ScreenRect& field = axes.field;
  const float line = ImGui::GetTextLineHeight();
  const float tick = 0.4f * line;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ParameterMap& map = params.map;
  // Tick i of kTicks: its k under the field (left to right) and F beside it (bottom to top),
  // over the part of the grid in view.
  const auto k_at = [&](float t) {
    return map.k_low + (shown.x + t * shown.width) / float(grid.width) * (map.k_high - map.k_low);
  };
  const auto F_at = [&](float t) {
    const float up = 1.0f - (shown.y + (1.0f - t) * shown.height) / float(grid.height);
    return map.F_low + up * (map.F_high - map.F_low);
  };
  const auto x_of = [&](float t) { return field.x + t * field.width; };
  const auto y_of = [&](float t) { return field.bottom() - t * field.height; };
  for (int i = 0; i <= kTicks; ++i) {
    const float t = float(i) / kTicks;
    draw->AddLine(ImVec2(x_of(t), field.bottom()), ImVec2(x_of(t), field.bottom() + tick), kInk,
                  2.0f);
    draw->AddLine(ImVec2(field.x - tick, y_of(t)), ImVec2(field.x, y_of(t)), kInk, 2.0f);
  }
  LabelPlacer labels(draw);
  // Under the ticks and under the F axis's lowest label (centred on the field's bottom edge).
  const float k_row = field.bottom() + std::max(tick, 0.55f * line);
  const auto k_label = [&](int i) {
    const float t = float(i) / kTicks;
    const std::string text = number(k_at(t));
    return labels.place(ImVec2(x_of(t) - 0.5f * ImGui::CalcTextSize(text.c_str()).x, k_row), text);
  };
  const auto F_label = [&](int i) {
    const float t = float(i) / kTicks;
    const std::string text = number(F_at(t));
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    return labels.place(ImVec2(field.x - tick - 0.2f * line - size.x, y_of(t) - 0.5f * size.y),
                        text);
  };
  // The ends first, then the axes' names beside them, then the middle ticks where they fit.
  k_label(0);
  k_label(kTicks);
  F_label(0);
  F_label(kTicks);
  // Each name's trailing spaces keep the room its arrow is drawn in.
  const std::string k_end = number(k_at(1.0f));
  const float k_name_x =
      std::max(field.right(), field.right() + 0.5f * ImGui::CalcTextSize(k_end.c_str()).x) +
      0.5f * line;
  if (labels.place(ImVec2(k_name_x, k_row), "k     ")) {
    const float mid = k_row + 0.5f * line;
    arrow(draw, ImVec2(k_name_x + ImGui::CalcTextSize("k ").x, mid),
          ImVec2(k_name_x + ImGui::CalcTextSize("k    ").x, mid));
  }
  const ImVec2 F_name(axes.F_axis.x + 0.2f * line, field.y + 0.5f * field.height - 0.5f * line);
  if (labels.place(F_name, "F   ")) {
    const float x = F_name.x + ImGui::CalcTextSize("F  ").x;
    arrow(draw, ImVec2(x, F_name.y + line), ImVec2(x, F_name.y + 0.2f * line));
  }
  for (int i = 1; i < kTicks; ++i) {
    k_label(i);
    F_label(i);
  }
  std::vector<ScreenRect> drawn = labels.placed();

  if (ImGui::GetIO().WantCaptureMouse) return drawn;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell = window_to_grid(mouse.x, mouse.y, field, shown);
  if (!cell) return drawn;
  ImGui::SetTooltip("F %.5f, k %.5f\nclick to pick",
                    double(map_F(params, int(cell->y), grid.height)),
                    double(map_k(params, int(cell->x), grid.width)));
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
    commands.push_back(command::Pick{cell->x, cell->y});
  return drawn;
}

}  // namespace gs::app
