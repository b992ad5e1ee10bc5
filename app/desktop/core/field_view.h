// Zoom and pan: the part of the grid the view shows (the whole grid at zoom 1; a 1/zoom share of
// each side about a centre when zoomed in, kept inside the grid), and window points mapped to the
// grid cells under them through it, so the brush, the map's hover and its pick stay in grid cells
// whatever the zoom. GL-free.
#pragma once

#include <optional>

#include "gs/fields.h"
#include "screen_layout.h"

namespace gs::app {

inline constexpr float kMaxZoom = 64.0f;

struct GridPoint {
  float x;  // in cells, 0 at the left edge
  float y;  // in cells, 0 at the top row
};

// A rectangle of the grid, in cells.
struct GridRegion {
  float x = 0, y = 0, width = 0, height = 0;
};

// The region shown at `zoom` (clamped to [1, kMaxZoom]) about `center` (the grid's centre where
// none), moved inside the grid where it would reach past an edge.
GridRegion visible_region(GridSize grid, float zoom, std::optional<GridPoint> center);

// The centre that keeps the grid point `about` under the same window point when the zoom goes
// from `from`'s to `zoom`: zooming about the cursor.
GridPoint center_zoomed_about(GridSize grid, const GridRegion& from, float zoom, GridPoint about);

// The grid point under a window point, or nullopt off the field; `field` is where the layout
// draws the field and `region` the part of the grid it shows.
std::optional<GridPoint> window_to_grid(double window_x, double window_y, const ScreenRect& field,
                                        const GridRegion& region);

// The whole grid, as the view shows it at zoom 1.
inline GridRegion whole_grid(GridSize grid) {
  return {0.0f, 0.0f, float(grid.width), float(grid.height)};
}

}  // namespace gs::app
