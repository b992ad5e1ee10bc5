// Presentation mode's slim bar across the top of the window: leave presentation mode, run,
// step, reset, the preset, the transfer path, and the demos (or a running demo's controls),
// wrapping to a second row when the window is narrow for the text size. The step count is the
// Timings overlay's.
#pragma once

#include "control_panel.h"
#include "screen_layout.h"

namespace gs::app {

// The bar's height at `width`: its rows of buttons and lists, measured before it is drawn.
float presentation_bar_height(const PanelContext& context, float width);

// Draws the bar in `bar` (laid out with presentation_bar_height).
void draw_presentation_bar(const PanelContext& context, const ScreenRect& bar);

}  // namespace gs::app
