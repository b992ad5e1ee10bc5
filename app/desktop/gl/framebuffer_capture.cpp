// Reading the drawn frame back (framebuffer_capture.h).
#include "framebuffer_capture.h"

#include <glad/gl.h>

#include <algorithm>

namespace gs::app {

std::vector<std::uint8_t> read_frame_rgb(const RenderSurface& surface) {
  const auto [width, height] = surface.framebuffer_size();
  std::vector<std::uint8_t> rgb(std::size_t(width) * height * 3);
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(surface.frame_read_buffer());
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  // GL's rows run bottom to top; PNG's top to bottom.
  const std::size_t row = std::size_t(width) * 3;
  for (int y = 0; y < height / 2; ++y)
    std::swap_ranges(rgb.begin() + std::ptrdiff_t(y * row),
                     rgb.begin() + std::ptrdiff_t((y + 1) * row),
                     rgb.begin() + std::ptrdiff_t((height - 1 - y) * row));
  return rgb;
}

}  // namespace gs::app
