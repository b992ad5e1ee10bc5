// What the view shows (colormap, range, brush, whether the UI is drawn): plain data the app applies
// `set` commands to and the panel shows.
#pragma once

#include <string>

namespace gs::app {

struct ViewState {
  std::string colormap = "viridis";
  float low = 0.0f;
  float high = 0.5f;
  bool linear_filter = false;
  bool auto_range = false;    // follow the field's min and max (a reduction every 10 frames)
  float brush_radius = 8.0f;  // in grid cells, so it stays sensible on any grid
  float brush_value = 0.5f;   // the v that left-drag paints
  bool ui_hidden = false;     // the panel and overlays (H), for a clean view
};

}  // namespace gs::app
