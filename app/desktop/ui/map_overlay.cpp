#include "map_overlay.h"

#include <imgui.h>

#include <cstdio>

#include "gs/cell_update.h"

namespace gs::app {
namespace {

constexpr int kTicks = 5;
constexpr ImU32 kInk = IM_COL32(255, 255, 255, 230);

void label(ImDrawList* draw, ImVec2 at, float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", double(value));
  draw->AddText(at, kInk, text);
}

}  // namespace

void draw_map_overlay(const Params& params, GridSize grid, const ScreenRect& field,
                      const GridRegion& shown, std::vector<Command>& commands) {
  const ImVec2 low(field.x, field.bottom());  // bottom-left
  const ImVec2 high(field.right(), field.y);
  const float line = ImGui::GetTextLineHeight();
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ParameterMap& map = params.map;
  for (int i = 0; i <= kTicks; ++i) {
    const float t = float(i) / kTicks;
    const float x = low.x + t * (high.x - low.x);
    draw->AddLine(ImVec2(x, low.y), ImVec2(x, low.y - 0.6f * line), kInk, 2.0f);
    // k along x, F up y, over the part of the grid in view.
    const float across = (shown.x + t * shown.width) / float(grid.width);
    label(draw, ImVec2(x - 1.4f * line, low.y - 1.8f * line),
          map.k_low + across * (map.k_high - map.k_low));
    const float y = low.y + t * (high.y - low.y);
    draw->AddLine(ImVec2(high.x, y), ImVec2(high.x - 0.6f * line, y), kInk, 2.0f);
    const float up = 1.0f - (shown.y + (1.0f - t) * shown.height) / float(grid.height);
    label(draw, ImVec2(high.x - 4.0f * line, y - 0.5f * line),
          map.F_low + up * (map.F_high - map.F_low));
  }
  draw->AddText(ImVec2(high.x - 6.0f * line, low.y - 1.8f * line), kInk, "k ->");
  draw->AddText(ImVec2(high.x - 2.3f * line, high.y + 1.5f * line), kInk, "F");

  if (ImGui::GetIO().WantCaptureMouse) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell = window_to_grid(mouse.x, mouse.y, field, shown);
  if (!cell) return;
  ImGui::SetTooltip("F %.5f, k %.5f\nclick to pick",
                    double(map_F(params, int(cell->y), grid.height)),
                    double(map_k(params, int(cell->x), grid.width)));
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
    commands.push_back(command::Pick{cell->x, cell->y});
}

}  // namespace gs::app
