// A running demo's controls, in the presentation bar and under the panel's Demos menu: its name,
// "caption 3 of 9", and buttons for restart, previous caption, next caption and stop that push
// `script restart|previous|next|stop` (as the keys Home, Page Up, Page Down and Esc do). Shown for
// a script with captions (PanelContext::script), as wide at every caption, so the bar keeps its
// rows while the demo runs.
#pragma once

#include <functional>
#include <vector>

#include "control_panel.h"

namespace gs::app {

// Whether a demo is under way: a script with captions that has not ended. Once it ends, its last
// caption stays until the person acts, and the bar gives its place back to the Demos list.
bool demo_under_way(const PanelContext& context);

// Places the next item, given its width: on the current row, or a new one where it would not
// fit (the presentation bar's flow).
using PlaceItem = std::function<void(float width)>;

// The demo's name (the bar shows it; the panel's status line names the script already) and its
// controls: Restart, "◀ caption 3 of 9 ▶" and Stop, each placed by `place` (one after another
// on the current row without it), so a narrow column wraps them rather than cutting them.
// Nothing unless a demo is under way.
void draw_demo_name(const PanelContext& context, const PlaceItem& place);
// The widths `place` is given, in order (the name's, Restart's, the arrows', Stop's), so the bar
// can be measured before it is drawn; none unless a demo is under way.
std::vector<float> demo_control_widths(const PanelContext& context);
void draw_demo_buttons(const PanelContext& context, const PlaceItem& place = nullptr);

// Whether the caption over the field was clicked this frame (a click dismisses it).
bool caption_clicked();

}  // namespace gs::app
