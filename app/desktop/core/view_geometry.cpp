#include "view_geometry.h"

#include <algorithm>

namespace gs::app {

QuadScale quad_scale(GridSize field, int window_width, int window_height) {
  if (field.cells() == 0 || window_width <= 0 || window_height <= 0) return {};
  const float field_aspect = float(field.width) / float(field.height);
  const float window_aspect = float(window_width) / float(window_height);
  return {std::min(1.0f, field_aspect / window_aspect),
          std::min(1.0f, window_aspect / field_aspect)};
}

std::optional<GridPoint> window_to_grid(double window_x, double window_y, int window_width,
                                        int window_height, GridSize field) {
  const QuadScale scale = quad_scale(field, window_width, window_height);
  if (window_width <= 0 || window_height <= 0) return std::nullopt;
  const double ndc_x = 2.0 * window_x / window_width - 1.0;
  const double ndc_y = 1.0 - 2.0 * window_y / window_height;
  const double across = (ndc_x / scale.x + 1.0) / 2.0;  // 0 at the left edge, 1 at the right
  const double down = (1.0 - ndc_y / scale.y) / 2.0;    // 0 at the top row
  if (across < 0.0 || across >= 1.0 || down < 0.0 || down >= 1.0) return std::nullopt;
  return GridPoint{float(across * field.width), float(down * field.height)};
}

}  // namespace gs::app
