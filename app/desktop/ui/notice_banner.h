// A short notice over the top of the field in the normal text size (a refused paste): what is no
// lesson stays out of the caption. The app decides how long it shows (caption_state.h).
#pragma once

#include <string_view>

#include "screen_layout.h"

namespace gs::app {

void draw_notice(std::string_view notice, const ScreenRect& field);

}  // namespace gs::app
