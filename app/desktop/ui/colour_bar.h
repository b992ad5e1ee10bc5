// The colour bar over the view: the colormap from the range's low end to its high end, with
// the values at the ends and the middle.
#pragma once

#include <vector>

#include "colormap.h"

namespace gs::app {

void draw_colour_bar(const std::vector<Rgb>& table, float low, float high);

}  // namespace gs::app
