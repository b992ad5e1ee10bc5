// The ImGui control panel: simulation, parameters, grid, backend and transfer path, the
// teaching launch settings, the view, and the Timings section. It reads the app's state and
// only pushes commands; it never changes the simulation itself.
#pragma once

#include "app.h"

namespace gs::app {

void draw_control_panel(const PanelContext& context);
// The Timings section (timings_panel.cpp).
void draw_timings(const PanelContext& context);

}  // namespace gs::app
