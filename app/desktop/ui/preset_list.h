// The preset list of the panel and the presentation bar: a combo whose open list is most of the
// screen tall and opaque, grouped as assets/presets.json groups the presets, each row the
// preset's picture, its name and what the screen will show. Presets that die out from every
// start (their measured pattern is `dead`) carry a mark that says so.
#pragma once

#include "control_panel.h"

namespace gs::app {

// The mark beside a preset that dies out from every start (docs/presets.md).
inline constexpr const char* kDiesOutMark = "(dies out: hand start)";

// Whether a preset's row carries kDiesOutMark: its measured run leaves nothing (pattern dead).
bool dies_out_from_every_start(const Preset& preset);

// The combo; while open, c.state.preset_list says how it looks (for --stats-json).
void preset_combo(const PanelContext& c, const char* label);

}  // namespace gs::app
