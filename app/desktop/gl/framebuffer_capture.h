// The frame just drawn, read back as RGB rows top to bottom (PNG's order): from a window's back
// buffer or the headless framebuffer, whichever the surface draws into.
#pragma once

#include <cstdint>
#include <vector>

#include "render_surface.h"

namespace gs::app {

std::vector<std::uint8_t> read_frame_rgb(const RenderSurface& surface);

}  // namespace gs::app
