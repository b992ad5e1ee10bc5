#include "map_overlay.h"

#include <imgui.h>

#include <cstdio>

#include "gs/cell_update.h"
#include "view_geometry.h"

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

void draw_map_overlay(const Params& params, GridSize grid, int window_width, int window_height,
                      std::vector<Command>& commands) {
  const QuadScale scale = quad_scale(grid, window_width, window_height);
  const float half_w = scale.x * float(window_width) * 0.5f;
  const float half_h = scale.y * float(window_height) * 0.5f;
  const ImVec2 low(float(window_width) * 0.5f - half_w,
                   float(window_height) * 0.5f + half_h);  // bottom-left
  const ImVec2 high(float(window_width) * 0.5f + half_w, float(window_height) * 0.5f - half_h);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ParameterMap& map = params.map;
  for (int i = 0; i <= kTicks; ++i) {
    const float t = float(i) / kTicks;
    const float x = low.x + t * (high.x - low.x);
    draw->AddLine(ImVec2(x, low.y), ImVec2(x, low.y - 8.0f), kInk, 2.0f);
    label(draw, ImVec2(x - 18.0f, low.y - 24.0f), map.k_low + t * (map.k_high - map.k_low));
    // F up the right edge: the panel usually covers the left one.
    const float y = low.y + t * (high.y - low.y);
    draw->AddLine(ImVec2(high.x, y), ImVec2(high.x - 8.0f, y), kInk, 2.0f);
    label(draw, ImVec2(high.x - 52.0f, y - 7.0f), map.F_low + t * (map.F_high - map.F_low));
  }
  draw->AddText(ImVec2(high.x - 80.0f, low.y - 24.0f), kInk, "k ->");
  draw->AddText(ImVec2(high.x - 30.0f, high.y + 20.0f), kInk, "F");

  if (ImGui::GetIO().WantCaptureMouse) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell =
      window_to_grid(mouse.x, mouse.y, window_width, window_height, grid);
  if (!cell) return;
  ImGui::SetTooltip("F %.5f, k %.5f\nclick to pick",
                    double(map_F(params, int(cell->y), grid.height)),
                    double(map_k(params, int(cell->x), grid.width)));
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
    commands.push_back(command::Pick{cell->x, cell->y});
}

}  // namespace gs::app
