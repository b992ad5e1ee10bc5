// The state file being loaded in the background, over the field: "loading NAME... N%", a bar
// and a Cancel button (Esc cancels too). Shown in presentation mode and with the UI hidden as
// well: the load replaces what is on the screen, so the person must see it coming.
#pragma once

#include <string>

#include "screen_layout.h"

namespace gs::app {

// Draws it over the top of `field`; true when Cancel was clicked. The text drawn goes to `text`.
bool draw_load_progress(const std::string& path, double fraction, const ScreenRect& field,
                        std::string& text);

}  // namespace gs::app
