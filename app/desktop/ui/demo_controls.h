// A running demo's controls, in the presentation bar and under the panel's Demos menu: its name,
// "caption 3 of 9", and buttons for restart, previous caption, next caption and stop that push
// `script restart|previous|next|stop` (as the keys Home, Page Up, Page Down and Esc do). Shown for
// a script with captions (PanelContext::script), as wide at every caption, so the bar keeps its
// rows while the demo runs.
#pragma once

#include "control_panel.h"

namespace gs::app {

// The width the controls take on one line at the current text size (0 without a script).
float demo_controls_width(const PanelContext& context);
// On the current line: in the bar the name then the buttons, in the panel (whose status line
// names the script) the buttons alone; nothing without a script.
void draw_demo_controls(const PanelContext& context, bool in_panel = false);

// Whether the caption over the field was clicked this frame (a click dismisses it).
bool caption_clicked();

}  // namespace gs::app
