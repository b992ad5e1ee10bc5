// Style maps made by a rule rather than from a picture (Params::style): set A (style 0) turning
// into set B (style 255) across the grid, left to right (x), top to bottom (y), or from the
// centre outward (radial, B at the corners). Like the starting patterns, any band of rows can
// be made alone, to the bit, for one rank of a grid over ranks.
#pragma once

#include "gs/enum_names.h"
#include "gs/fields.h"

namespace gs {

enum class StyleGradient { X, Y, Radial };
inline constexpr EnumNames<StyleGradient, 3> kStyleGradientNames{
    {{StyleGradient::X, "x"}, {StyleGradient::Y, "y"}, {StyleGradient::Radial, "radial"}}};
constexpr const auto& enum_names(StyleGradient) {
  return kStyleGradientNames;
}

// Rows [first, first + count) of the gradient on `grid` (rows outside it wrap around it).
StyleData style_gradient_rows(GridSize grid, StyleGradient gradient, int first, int count);

inline StyleData style_gradient(GridSize grid, StyleGradient gradient) {
  return style_gradient_rows(grid, gradient, 0, grid.height);
}

}  // namespace gs
