// Parameter-map mode over the view: k ticks along the bottom, F ticks up the right side (the
// panel usually covers the left), the (F, k) under the cursor, and a click that picks them (a
// Pick command).
#pragma once

#include <vector>

#include "commands.h"
#include "gs/params.h"

namespace gs::app {

void draw_map_overlay(const Params& params, GridSize grid, int window_width, int window_height,
                      std::vector<Command>& commands);

}  // namespace gs::app
