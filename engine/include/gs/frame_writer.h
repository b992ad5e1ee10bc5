// Writes a frames file (dataset `frames`, float32 [n, height, width], one chunk per frame) on a
// background thread while the simulation computes: the course's overlapped I/O.
// The queue is bounded: when the disk falls behind, push() waits instead of holding frames
// without limit. Frame buffers are recycled, so a long run allocates only a few frames (both
// through BoundedWorker). One thread (the simulation's) calls the public functions.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "gs/fields.h"
#include "gs/output_file.h"
#include "gs/status.h"

namespace gs {

class FrameWriter {
 public:
  // Creates the file (under a temporary name) for frame_count frames of this size.
  static Expected<std::unique_ptr<FrameWriter>> create(const std::filesystem::path& path,
                                                       GridSize size, int frame_count,
                                                       int queue_depth = 4);
  // Stops the thread; a file that was not finished is removed.
  ~FrameWriter();
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;

  // A buffer of size.cells() floats to fill with the next frame (waits while all are queued).
  std::vector<float> acquire_buffer();
  // Queues the frame; fails if the writer has failed (a full disk, say).
  Status push(std::vector<float> frame);
  // Gives the file its XDMF description (gs/xdmf_file.h), frame i at simulated time
  // frame_times[i], written and renamed with it by finish().
  void describe_with_xdmf(std::vector<double> frame_times);
  // Waits for every queued frame, closes the file and moves it into place. All frames must
  // have been pushed.
  Status finish();

  // Seconds the simulation thread spent waiting for the writer, and the writer spent writing.
  double wait_seconds() const;
  double write_seconds() const;

 private:
  struct Impl;
  explicit FrameWriter(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl_;
};

}  // namespace gs
