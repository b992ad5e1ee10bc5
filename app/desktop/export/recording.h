// A recording as the app runs it: started from a `record start` (a timestamped name in the
// capture folder where none is given), fed each shown frame (the field at grid resolution
// through the colormap; the buffers are reused, a 1920x1080 frame is ~14 MB), stopped with a
// message that says what became of the file. GL-free: the caller reads the field back.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "colormap.h"
#include "commands.h"
#include "video_recorder.h"

namespace gs::app {

class Recording {
 public:
  // `with_overlays`: each frame is a picture the caller composes (the field with its overlays,
  // `size` pixels) instead of the field at grid resolution through the colormap.
  Status start(const command::RecordStart& start, GridSize size,
               const std::filesystem::path& capture_folder, bool with_overlays = false);
  // The buffer the caller reads the shown field into, then add_frame() colours and queues it.
  std::vector<float>& field_buffer() { return field_; }
  Status add_frame(const std::vector<Rgb>& colormap, float low, float high);
  // A composed frame: `compose` fills the recording's RGB buffer (its size, rows top to bottom).
  Status add_composed_frame(const std::function<Status(std::vector<std::uint8_t>& rgb)>& compose);
  bool with_overlays() const { return with_overlays_; }
  // `why` ("the grid size changed"), if given, is added to the message. A stop that failed, or
  // one nobody asked for (`announce`: the grid changed under it), is said on stderr too.
  void stop(const std::string& why, bool announce = false);

  bool active() const { return recorder_ != nullptr; }
  const VideoRecorder* recorder() const { return recorder_.get(); }
  int steps_per_frame() const { return recorder_->settings().steps_per_frame; }
  // "recording PATH", "recorded N frames to PATH", or what went wrong; for the panel.
  const std::string& message() const { return message_; }

 private:
  std::unique_ptr<VideoRecorder> recorder_;
  std::vector<float> field_;
  std::string message_;
  bool with_overlays_ = false;
};

}  // namespace gs::app
