// What the view shows (colormap, range, brush, whether the UI is drawn): plain data the app applies
// `set` commands to and the panel shows.
#pragma once

#include <optional>
#include <string>

#include "field_view.h"
#include "gs/backend_types.h"

namespace gs::app {

// What the brush paints (`set brush-style`): v (off), or the style map toward set A or B.
inline constexpr EnumNames<BrushStyle, 3> kBrushStyleNames{
    {{BrushStyle::None, "off"}, {BrushStyle::TowardA, "a"}, {BrushStyle::TowardB, "b"}}};

struct ViewState {
  std::string colormap = "viridis";
  float low = 0.0f;
  float high = 0.5f;
  bool linear_filter = false;
  // Shaded relief: the field lit from the upper left as a height map, in the view only (field
  // screenshots stay the exact colours).
  bool relief = false;
  bool auto_range = false;    // follow the field's min and max (a reduction every 10 frames)
  float brush_radius = 8.0f;  // in grid cells, so it stays sensible on any grid
  float brush_value = 0.5f;   // the v that left-drag paints
  // Left-drag paints the style map toward set A or B instead of v (right-drag toward the other).
  BrushStyle brush_style = BrushStyle::None;
  // The style map drawn over the field as a translucent tint (the view only: field screenshots
  // and recordings carry it only with export-overlays on).
  bool style_overlay = false;
  bool ui_hidden = false;  // the panel and overlays (H), for a clean view
  // The auditorium's view (F5): the panel becomes a slim bar, the field fills the window with the
  // colour bar beside it, captions in large type and the Timings as an overlay.
  bool presentation = false;
  // Screenshots and videos of the field carry the caption, colour bar, parameter line and (when
  // presenting) the Timings overlay; off, they hold the field alone, exactly.
  bool export_overlays = false;
  // Presenting, the Timings overlay is shown, off the field (`set timings-overlay off` gives its
  // room to the field where the lecture is about the picture, not the times).
  bool timings_overlay = true;
  // Zoom and pan (field_view.h): 1 shows the whole grid; the centre in grid cells, the grid's
  // centre where none.
  float zoom = 1.0f;
  std::optional<GridPoint> center;
};

}  // namespace gs::app
