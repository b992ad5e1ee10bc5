// A recording as the app runs it (recording.h).
#include "recording.h"

#include <iostream>

#include "capture_path.h"
#include "gs/output_file.h"
#include "screenshot.h"

namespace gs::app {

Status Recording::start(const command::RecordStart& start, GridSize size,
                        const std::filesystem::path& capture_folder, bool with_overlays) {
  if (recorder_)
    return Error{"record start: already recording " + printable_path(recorder_->settings().path)};
  RecordingSettings settings{start.path, start.steps_per_frame, start.fps};
  if (settings.path.empty())
    settings.path = timestamped_capture_path(capture_folder)
                        .replace_extension(VideoRecorder::encodes_mp4() ? ".mp4" : "");
  Expected<std::unique_ptr<VideoRecorder>> recorder = VideoRecorder::start(settings, size);
  if (!recorder) return recorder.status();
  recorder_ = std::move(recorder).value();
  with_overlays_ = with_overlays;
  message_ = "recording " + whole_path(settings.path) +
             (VideoRecorder::encodes_mp4() ? "" : " (PNG frames: built without libavcodec)");
  return Status::ok();
}

Status Recording::add_frame(const std::vector<Rgb>& colormap, float low, float high) {
  std::vector<std::uint8_t> rgb = recorder_->acquire_frame();  // waits while the encoder catches up
  colorize(field_, colormap, low, high, rgb);
  return recorder_->push(std::move(rgb));
}

Status Recording::add_composed_frame(
    const std::function<Status(std::vector<std::uint8_t>& rgb)>& compose) {
  std::vector<std::uint8_t> rgb = recorder_->acquire_frame();
  GS_TRY(compose(rgb));
  return recorder_->push(std::move(rgb));
}

void Recording::stop(const std::string& why, bool announce) {
  if (!recorder_) return;
  const std::string path = whole_path(recorder_->settings().path);
  // Counted once stopped: frames still queued for the encoder are written by the stop.
  const Status stopped = recorder_->stop();
  const long long frames = recorder_->frames_written();
  recorder_.reset();
  field_ = std::vector<float>();  // its memory goes with the recording
  // The recorder's message says what became of the file (kept, cut back, or not written).
  message_ =
      stopped ? "recorded " + std::to_string(frames) + " frames to " + path : stopped.message();
  if (!why.empty()) message_ += " (stopped: " + why + ")";
  if (!stopped || announce) std::cerr << "grayscott: " << message_ << "\n";
}

}  // namespace gs::app
