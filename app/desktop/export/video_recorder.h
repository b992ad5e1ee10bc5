// Recording: frames of the field (at grid resolution, through the colormap) go to a background
// thread through a bounded queue and are encoded there, H.264 in MP4 where libavcodec was found at
// build time, else as a numbered PNG sequence in a folder. When the encoder falls behind, push()
// waits: no frame is dropped and memory stays bounded; frame buffers are recycled (acquire_frame),
// so a long recording allocates only a few frames (both through BoundedWorker). A write failure
// (a full disk) stops the recording; what was recorded is finalised and kept. Main thread calls.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "gs/bounded_worker.h"
#include "gs/fields.h"
#include "gs/output_file.h"
#include "gs/status.h"

namespace gs::app {

struct RecordingSettings {
  std::filesystem::path path;
  int steps_per_frame = 8;  // simulation steps between video frames: constant speed
  int fps = 30;
};

class VideoRecorder {
 public:
  // True when this build encodes MP4 (libavcodec found); false: PNG sequences only.
  static bool encodes_mp4();

  static Expected<std::unique_ptr<VideoRecorder>> start(const RecordingSettings& settings,
                                                        GridSize size);
  ~VideoRecorder();  // stops and finalises if stop() was not called
  VideoRecorder(const VideoRecorder&) = delete;
  VideoRecorder& operator=(const VideoRecorder&) = delete;

  // A buffer for the next RGB frame, of size.width x size.height x 3 bytes: one the encoder is
  // done with, once a few exist (waits while all are queued).
  std::vector<std::uint8_t> acquire_frame();
  // Queues one RGB frame (size.width x size.height x 3); waits while the queue is full.
  Status push(std::vector<std::uint8_t> rgb);
  // Encodes what is queued, finalises the file and moves it into place. Fails with the first
  // error of the recording, if any; the file is finalised and kept either way.
  Status stop();

  const RecordingSettings& settings() const { return settings_; }
  GridSize size() const { return size_; }
  long long frames_written() const;
  double duration_s() const { return double(frames_written()) / settings_.fps; }
  std::uintmax_t bytes_written() const;

 private:
  VideoRecorder(const RecordingSettings& settings, GridSize size);
  Status write(const std::vector<std::uint8_t>& rgb, std::int64_t index);

  struct Sink;
  RecordingSettings settings_;
  GridSize size_;
  std::unique_ptr<Sink> sink_;
  std::optional<OutputFile> output_;  // MP4: written under a temporary name, renamed at stop
  bool stopped_ = false;
  // Last: stopped (its queue encoded) before the sink it writes to goes.
  std::optional<BoundedWorker<std::vector<std::uint8_t>>> worker_;
};

}  // namespace gs::app
