// The app's captures: screenshots of the field or the whole window (read from the surface's
// frame, a window's back buffer or the headless framebuffer), and video recording.

#include "app.h"

#include <ctime>
#include <iostream>

#include "screenshot.h"

namespace gs::app {

Status App::start_recording(const command::RecordStart& start) {
  if (recorder_)
    return Error{"record start: already recording " + recorder_->settings().path.string()};
  RecordingSettings settings{start.path, start.steps_per_frame, start.fps};
  if (settings.path.empty()) {
    std::filesystem::path name = default_capture_path();
    settings.path = name.replace_extension(VideoRecorder::encodes_mp4() ? ".mp4" : "");
  }
  Expected<std::unique_ptr<VideoRecorder>> recorder =
      VideoRecorder::start(settings, simulation_->size());
  if (!recorder) return recorder.status();
  recorder_ = std::move(recorder).value();
  recording_message_ =
      "recording " + settings.path.string() +
      (VideoRecorder::encodes_mp4() ? "" : " (PNG frames: built without libavcodec)");
  return Status::ok();
}

void App::stop_recording(const std::string& why) {
  const std::string path = recorder_->settings().path.string();
  const long long frames = recorder_->frames_written();
  const Status stopped = recorder_->stop();
  recorder_.reset();
  recorded_field_ = std::vector<float>();  // its memory goes with the recording
  // The recorder's message says what became of the file (kept, cut back, or not written).
  recording_message_ =
      stopped ? "recorded " + std::to_string(frames) + " frames to " + path : stopped.message();
  if (!why.empty()) recording_message_ += " (stopped: " + why + ")";
  if (!stopped) std::cerr << "grayscott: " << recording_message_ << "\n";
}

// The frame just shown, at grid resolution through the colormap, into the recording. Waits
// while the encoder catches up. Both buffers are reused: a 1920x1080 frame is ~14 MB.
Status App::record_frame() {
  GS_TRY(texture_->read_back(recorded_field_));
  std::vector<std::uint8_t> rgb = recorder_->acquire_frame();
  colorize(recorded_field_, renderer_->colormap_table(), view_.low, view_.high, rgb);
  return recorder_->push(std::move(rgb));
}

std::string App::default_capture_path() const {
  // Timestamped, with a counter so several captures in one second keep their own files.
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::filesystem::path path = capture_folder_ / ("grayscott-" + std::string(stamp) + ".png");
  for (int n = 2; std::filesystem::exists(path); ++n)
    path = capture_folder_ / ("grayscott-" + std::string(stamp) + "-" + std::to_string(n) + ".png");
  return path.string();
}

Status App::take_window_screenshot(const std::string& path) {
  const auto [width, height] = surface_->framebuffer_size();
  std::vector<std::uint8_t> rgb(std::size_t(width) * height * 3);
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(surface_->frame_read_buffer());
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  // GL's rows run bottom to top; PNG's top to bottom.
  const std::size_t row = std::size_t(width) * 3;
  for (int y = 0; y < height / 2; ++y)
    std::swap_ranges(rgb.begin() + std::ptrdiff_t(y * row),
                     rgb.begin() + std::ptrdiff_t((y + 1) * row),
                     rgb.begin() + std::ptrdiff_t((height - 1 - y) * row));
  GS_TRY(write_png(path, {width, height}, rgb));
  last_screenshot_ = path;
  return Status::ok();
}

Status App::take_screenshot(const std::string& path) {
  Expected<std::vector<float>> field = texture_->read_back();
  if (!field) return field.status();
  GS_TRY(write_png(path, texture_->size(),
                   colorize(*field, renderer_->colormap_table(), view_.low, view_.high)));
  last_screenshot_ = path;
  return Status::ok();
}

}  // namespace gs::app
