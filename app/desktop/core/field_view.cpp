// Zoom and pan (field_view.h).
#include "field_view.h"

#include <algorithm>

namespace gs::app {

GridRegion visible_region(GridSize grid, float zoom, std::optional<GridPoint> center) {
  if (grid.cells() == 0) return {};
  zoom = std::clamp(zoom, 1.0f, kMaxZoom);
  GridRegion region;
  region.width = float(grid.width) / zoom;
  region.height = float(grid.height) / zoom;
  const GridPoint c =
      center.value_or(GridPoint{0.5f * float(grid.width), 0.5f * float(grid.height)});
  region.x = std::clamp(c.x - 0.5f * region.width, 0.0f, float(grid.width) - region.width);
  region.y = std::clamp(c.y - 0.5f * region.height, 0.0f, float(grid.height) - region.height);
  return region;
}

GridPoint center_zoomed_about(GridSize grid, const GridRegion& from, float zoom, GridPoint about) {
  const GridRegion to = visible_region(grid, zoom, std::nullopt);
  // `about` keeps its place as a fraction of the shown region.
  const float fx = from.width > 0 ? (about.x - from.x) / from.width : 0.5f;
  const float fy = from.height > 0 ? (about.y - from.y) / from.height : 0.5f;
  return {about.x + (0.5f - fx) * to.width, about.y + (0.5f - fy) * to.height};
}

std::optional<GridPoint> window_to_grid(double window_x, double window_y, const ScreenRect& field,
                                        const GridRegion& region) {
  if (!field.contains(window_x, window_y) || region.width <= 0 || region.height <= 0)
    return std::nullopt;
  const double across = (window_x - field.x) / field.width;  // 0 at the left edge
  const double down = (window_y - field.y) / field.height;   // 0 at the top row
  return GridPoint{float(region.x + across * region.width), float(region.y + down * region.height)};
}

}  // namespace gs::app
