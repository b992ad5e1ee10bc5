// The colour bar beside the field: the colormap from the range's low end (bottom) to its high end
// (top) in the layout's strip, with the values at the ends and the middle to its right. Drawn on
// the background draw list, behind the UI's windows and over the field.
#pragma once

#include <vector>

#include "colormap.h"
#include "screen_layout.h"

namespace gs::app {

void draw_colour_bar(const std::vector<Rgb>& table, float low, float high, const ScreenRect& strip);

}  // namespace gs::app
