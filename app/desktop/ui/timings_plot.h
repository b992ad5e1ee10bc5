// The Timings plot: the kernel and transfer time of each of the last frames, with its axes
// labelled (ms up the side with a few round ticks, frames ago along the bottom) and a legend.
// Its height follows the text size, so the UI scale; it reports where it was drawn and whether
// a label passed its edge, for the layout check (--stats-json's ui.timings_plot and ui.clipped).
#pragma once

#include <cstddef>
#include <deque>

#include "frame_stats.h"
#include "screen_layout.h"

namespace gs::app {

struct DrawnPlot {
  ScreenRect rect;              // the plot with its labels (window units)
  float label_overflow_px = 0;  // how far the farthest label passed that rect; 0 when all fit
};

// Ten lines of text, at most 40% of the display's height (a large UI scale on a small screen).
float timings_plot_height(float text_px, float display_height);

// At ImGui's cursor, the available width wide: `capacity` frames across, the newest on the right.
DrawnPlot draw_timings_plot(const std::deque<FrameTiming>& history, std::size_t capacity);

}  // namespace gs::app
