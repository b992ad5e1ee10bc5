// Presentation mode's slim bar across the top of the window: leave presentation mode, run,
// step, reset, the preset, the transfer path, and the demos (or a running demo's controls),
// wrapping to a second row when the window is narrow for the text size. The step count is the
// Timings overlay's.
#pragma once

#include "control_panel.h"
#include "screen_layout.h"

namespace gs::app {

// Draws the bar across `bar` (its width; its height follows the rows); the height it took, for
// the next frame's layout.
float draw_presentation_bar(const PanelContext& context, const ScreenRect& bar);

}  // namespace gs::app
