// H.264 in MP4 through the distribution's libavcodec and libavformat: RGB frames in, a playable
// file out. Fragmented MP4, so a recording cut short (a full disk) still plays up to its last
// complete fragment. Odd sizes are padded by one row or column (yuv420p needs even ones).
// Not thread-safe: one thread (the recorder's) drives it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include "gs/fields.h"
#include "gs/status.h"

namespace gs::app {

class VideoEncoder {
 public:
  static Expected<std::unique_ptr<VideoEncoder>> open(const std::filesystem::path& file,
                                                      GridSize size, int fps);
  ~VideoEncoder();
  VideoEncoder(const VideoEncoder&) = delete;
  VideoEncoder& operator=(const VideoEncoder&) = delete;

  // One frame of size.width x size.height RGB bytes, rows top to bottom.
  Status encode(const std::uint8_t* rgb);
  // Flushes the encoder and writes the trailer; after a failed write, closes what is there.
  Status finish();
  // Whether the file holds frames that play: false when a write failed before the first
  // fragment was complete (the file is then only a header).
  bool holds_frames() const;

 private:
  struct Impl;
  explicit VideoEncoder(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::app
