#include "picture_style.h"

#include <algorithm>
#include <cmath>

namespace gs::app {

StyleData style_rows_from_picture(const Picture& picture, const PicturePlacement& placement,
                                  GridSize grid, int first, int count) {
  const std::vector<float> strengths = picture_strengths(picture, placement, grid, first, count);
  StyleData style(strengths.size());
  // Rounded to the nearest byte, so a picture's own 8-bit values come back as they were.
  std::transform(strengths.begin(), strengths.end(), style.begin(), [](float strength) {
    return std::uint8_t(std::lround(std::clamp(strength, 0.0f, 1.0f) * 255.0f));
  });
  return style;
}

}  // namespace gs::app
