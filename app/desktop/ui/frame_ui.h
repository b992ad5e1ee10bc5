// Everything ImGui draws in a frame, in one call: the panel (unless the UI is hidden), the
// overlays, the parameter map's axes, the colour bar; and the keys and the brush read as
// commands into the panel's queue.
#pragma once

#include <vector>

#include "colormap.h"
#include "control_panel.h"
#include "input.h"
#include "overlays.h"

namespace gs::app {

struct FrameUi {
  PanelContext panel;
  Overlays overlays;
  const std::vector<Rgb>& colormap_table;
  int window_width = 0;
  int window_height = 0;
};

// What the keys asked of the app itself (the help, fullscreen).
KeyActions draw_frame_ui(const FrameUi& ui);

}  // namespace gs::app
