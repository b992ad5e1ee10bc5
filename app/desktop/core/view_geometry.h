// Where the field sits in the window: the quad keeps the field's aspect ratio, centred, and
// window points map back to grid cells (for the brush and the parameter map's cursor).
#pragma once

#include <optional>

#include "gs/fields.h"

namespace gs::app {

struct QuadScale {
  float x = 1.0f;  // half-extent of the quad in normalised device coordinates
  float y = 1.0f;
};

QuadScale quad_scale(GridSize field, int window_width, int window_height);

struct GridPoint {
  float x;  // in cells, 0 at the left edge
  float y;  // in cells, 0 at the top row
};

// The grid point under a window point (pixels from the top-left), or nullopt off the field.
std::optional<GridPoint> window_to_grid(double window_x, double window_y, int window_width,
                                        int window_height, GridSize field);

}  // namespace gs::app
