#include "gs/style_gradient.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace gs {
namespace {

// A position in [0, 1] as a style byte, rounded to the nearest.
std::uint8_t style_byte(double s) {
  return std::uint8_t(std::lround(std::clamp(s, 0.0, 1.0) * 255.0));
}

}  // namespace

StyleData style_gradient_rows(GridSize grid, StyleGradient gradient, int first, int count) {
  StyleData style(std::size_t(grid.width) * std::size_t(count));
  const double centre_x = grid.width / 2.0, centre_y = grid.height / 2.0;
  const double corner = std::hypot(centre_x, centre_y);
  for (int r = 0; r < count; ++r) {
    const long wrapped = (long(first) + r) % grid.height;
    const int y = int(wrapped < 0 ? wrapped + grid.height : wrapped);
    std::uint8_t* row = style.data() + std::size_t(r) * std::size_t(grid.width);
    for (int x = 0; x < grid.width; ++x) {  // at the cell's centre
      switch (gradient) {
        case StyleGradient::X:
          row[x] = style_byte((x + 0.5) / grid.width);
          break;
        case StyleGradient::Y:
          row[x] = style_byte((y + 0.5) / grid.height);
          break;
        case StyleGradient::Radial:
          row[x] = style_byte(std::hypot(x + 0.5 - centre_x, y + 0.5 - centre_y) / corner);
          break;
      }
    }
  }
  return style;
}

}  // namespace gs
