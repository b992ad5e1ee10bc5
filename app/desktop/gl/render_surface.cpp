// Which render surface a run gets, and at what size: the headless one never looks at the
// remembered placement; a window takes --window-size over it, and it over the default.
#include "render_surface.h"

#include "glfw_window.h"
#include "headless_surface.h"

namespace gs::app {

Expected<std::unique_ptr<RenderSurface>> open_render_surface(
    bool headless, std::optional<SurfaceSize> size,
    const std::optional<WindowPlacement>& remembered, std::optional<int> wanted_cuda_device) {
  if (headless) {
    Expected<std::unique_ptr<HeadlessSurface>> surface =
        HeadlessSurface::open(size.value_or(kDefaultSurfaceSize), wanted_cuda_device);
    if (!surface) return surface.status();
    return std::unique_ptr<RenderSurface>(std::move(surface).value());
  }
  const bool placed = !size && remembered;
  if (placed) size = SurfaceSize{remembered->width, remembered->height};
  Expected<std::unique_ptr<GlfwWindow>> window =
      GlfwWindow::open(size.value_or(kDefaultSurfaceSize), "Gray-Scott Live");
  if (!window) return window.status();
  if (placed) (*window)->set_placement(*remembered);
  return std::unique_ptr<RenderSurface>(std::move(window).value());
}

}  // namespace gs::app
