// Parameter-map mode over the view: the k axis's ticks and labels under the field, the F axis's
// left of it (both outside the field, in the layout's axis strips, a label that would overlap
// another left out), the (F, k) under the cursor, and a click that picks them (a Pick command).
#pragma once

#include <vector>

#include "commands.h"
#include "field_view.h"
#include "gs/params.h"
#include "screen_layout.h"

namespace gs::app {

struct MapAxes {
  ScreenRect field, F_axis, k_axis;  // the layout's field and its axis strips
};

// `shown` is the part of the grid the view shows: the ticks label what is in view. The labels
// drawn (values and axis names), for the layout check.
std::vector<ScreenRect> draw_map_overlay(const Params& params, GridSize grid, const MapAxes& axes,
                                         const GridRegion& shown, std::vector<Command>& commands);

}  // namespace gs::app
