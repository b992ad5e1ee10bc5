// A picture exported with its overlays, laid out as a figure (screenshots with export-overlays
// on, `screenshot NAME.svg`, and videos with overlays): the parameters in effect on top, the field
// at a whole multiple of the grid's size (at least 720 pixels on its short side where the grid is
// smaller, so the text stays readable) with labelled axes (F and k in map mode, cells otherwise),
// the colour bar beside it named by its quantity with its range, the caption strip under it where
// there is a caption (a video keeps it always, so it keeps one size), and the Timings over the
// field's top left while presenting. Pixels, origin at the top left; even sides, as video encoders
// want them. The same layout draws the PNG (ui/overlay_export.h) and the SVG
// (export/figure_svg.h). GL-free.
#pragma once

#include <string>
#include <vector>

#include "gs/fields.h"
#include "gs/params.h"
#include "screen_layout.h"

namespace gs::app {

struct AxisTick {
  float at = 0;  // 0 to 1 along the axis: left to right, or top to bottom
  std::string label;
};

// An axis's name ("k", "x (cells)") and its ticks.
struct FigureAxis {
  std::string name;
  std::vector<AxisTick> ticks;
};

struct FigureAxes {
  FigureAxis x, y;
  bool y_grows_up = false;  // F grows upward; cells' rows count down from the top
};

// The axes of a `grid` field run with `params`: in map mode k along x and F up along y over the
// map's ranges, else cell indices (row 0 at the top, as the HDF5 datasets hold them); ticks at
// round values.
FigureAxes figure_axes(GridSize grid, const Params& params);

// The parameters in effect, for the figure's top line(s): the map's ranges in map mode, both
// sets with a style map, else the preset's name (or "custom") and its rates; then the Laplacian,
// the boundary, the step and the grid.
std::vector<std::string> figure_parameters(const Params& params, const std::string& preset_label,
                                           long long step, GridSize grid);

struct ExportLayout {
  GridSize canvas;
  int cell_pixels = 1;  // each grid cell is this many pixels wide and high
  float text_px = 13;
  ScreenRect parameters, field, colour_bar, caption;
  ScreenRect y_axis, x_axis;  // the ticks and labels left of and under the field
};

// `parameter_lines` rows on top; the caption strip only with `caption_strip`.
ExportLayout layout_export(GridSize grid, bool caption_strip = true, int parameter_lines = 1);

}  // namespace gs::app
