// The app's captures: the field at grid resolution through the colormap (a screenshot, or a
// recording's next frame), and the whole window as drawn.
#include "app.h"
#include "framebuffer_capture.h"
#include "screenshot.h"

namespace gs::app {

Status App::take_screenshot(const std::string& path) {
  Expected<std::vector<float>> field = texture_->read_back();
  if (!field) return field.status();
  GS_TRY(write_png(path, texture_->size(),
                   colorize(*field, renderer_->colormap_table(), view_.low, view_.high)));
  last_screenshot_ = path;
  return Status::ok();
}

Status App::take_window_screenshot(const std::string& path) {
  const SurfaceSize frame = surface_->framebuffer_size();
  GS_TRY(write_png(path, {frame.width, frame.height}, read_frame_rgb(*surface_)));
  last_screenshot_ = path;
  return Status::ok();
}

Status App::record_frame() {
  GS_TRY(texture_->read_back(recording_.field_buffer()));
  return recording_.add_frame(renderer_->colormap_table(), view_.low, view_.high);
}

}  // namespace gs::app
