// A running demo's controls, in the presentation bar and under the panel's Demos menu: its name,
// "caption 3 of 9", and buttons for restart, previous caption, next caption and stop that push
// `script restart|previous|next|stop` (as the keys Home, Page Up, Page Down and Esc do). Shown for
// a script with captions (PanelContext::script), as wide at every caption, so the bar keeps its
// rows while the demo runs.
#pragma once

#include "control_panel.h"

namespace gs::app {

// The demo's name (the bar shows it; the panel's status line names the script already) and its
// buttons with "caption 3 of 9", each on the current line, and the width each takes there (0
// without a script), so the bar can put them on a row of their own where a row is too narrow.
float demo_name_width(const PanelContext& context);
void draw_demo_name(const PanelContext& context);
float demo_buttons_width(const PanelContext& context);
void draw_demo_buttons(const PanelContext& context);

// Whether the caption over the field was clicked this frame (a click dismisses it).
bool caption_clicked();

}  // namespace gs::app
