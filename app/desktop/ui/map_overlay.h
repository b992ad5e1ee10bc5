// Parameter-map mode over the view: k ticks along the bottom, F ticks up the right side, the (F, k)
// under the cursor, and a click that picks them (a Pick command).
#pragma once

#include <vector>

#include "commands.h"
#include "field_view.h"
#include "gs/params.h"
#include "screen_layout.h"

namespace gs::app {

// `shown` is the part of the grid the view shows: the ticks label what is in view.
void draw_map_overlay(const Params& params, GridSize grid, const ScreenRect& field,
                      const GridRegion& shown, std::vector<Command>& commands);

}  // namespace gs::app
