// The panel's "Style map" section: sets A and B (each a preset or custom F, k, Du, Dv), a swap,
// where the map came from (a picture with its options, a gradient, the brush, a state file), off,
// and the overlay; and the brush's style modes for the View section. Each control pushes the
// command a script line would (style-a, style-b, style-swap, style off, style-image,
// style-gradient, set brush-style, set style-overlay).
#pragma once

#include "control_panel.h"

namespace gs::app {

void style_section(const PanelContext& c);
// The brush's modes: v, or the style map toward A or B (key M cycles them).
void brush_style_controls(const PanelContext& c);

}  // namespace gs::app
