// Frames of the display field taken into host memory while the backend goes on computing: the
// course's overlapped output. queue() takes the field (and on a GPU whether u and v are finite)
// as the calls so far leave them, without waiting for them; collect() waits for the oldest queued
// frame. A GPU backend copies on a stream of its own behind an event, into page-locked buffers,
// so that its kernels run on while frames cross; a host backend copies at once.
#pragma once

#include <optional>
#include <vector>

#include "gs/status.h"

namespace gs {

struct ReadbackFrame {
  std::vector<float> values;  // the display field, size.cells() floats
  // Whether u and v held no NaN or infinity when the frame was taken; nullopt where the
  // readback leaves that to its caller (a host backend's: nothing runs behind it, so the caller
  // checks the state after each call anyway, and a second scan a frame would cost it time).
  std::optional<bool> finite;
  // The step calls' time that finished since the previous frame was collected (overlapped
  // readbacks only: their caller does not wait for each call to time it).
  double compute_ms = 0.0;
  double transfer_ms = 0.0;  // the frame's copy
};

class FrameReadback {
 public:
  virtual ~FrameReadback() = default;

  // Whether frames cross while the backend computes. The caller then need not wait for each
  // call (collect() gives the steps' time), and at most depth() frames may be queued.
  virtual bool overlapped() const = 0;
  virtual int depth() const = 0;
  int queued() const { return queued_; }

  // Queues the frame into `values`, which must hold the grid's cells; they come back, filled,
  // from collect().
  Status queue(std::vector<float> values);
  // Waits for the oldest queued frame.
  Expected<ReadbackFrame> collect();

 protected:
  virtual Status queue_frame(std::vector<float> values) = 0;
  virtual Expected<ReadbackFrame> collect_frame() = 0;

 private:
  int queued_ = 0;
};

}  // namespace gs
