// A picture as a style map (Params::style): the picture's strength in each cell, 0 to 1, as the
// byte of set B's share (0 all set A, 255 all set B). Placed and resampled as a seed is
// (picture_sampling.h), and any band of rows can be made alone, to the bit.
#pragma once

#include "gs/fields.h"
#include "picture_sampling.h"

namespace gs::app {

// Rows [first, first + count) of the style map (rows outside the grid wrap around it).
StyleData style_rows_from_picture(const Picture& picture, const PicturePlacement& placement,
                                  GridSize grid, int first, int count);

inline StyleData style_from_picture(const Picture& picture, const PicturePlacement& placement,
                                    GridSize grid) {
  return style_rows_from_picture(picture, placement, grid, 0, grid.height);
}

}  // namespace gs::app
