// The Timings overlay of presentation mode (drawn by timings_panel.cpp beside the panel's own
// Timings section, from the same figures).
#pragma once

#include <imgui.h>

#include "control_panel.h"
#include "screen_layout.h"

namespace gs::app {

// At the top left of `anchor` (the layout's Timings place), in `numbers` (large, fixed digits).
void draw_timings_overlay(const PanelContext& context, const ScreenRect& anchor, ImFont* numbers);

}  // namespace gs::app
