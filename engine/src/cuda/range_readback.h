// The range reduction's results, read back without making the host wait: each reduction goes
// into its own slot (two device ints, copied to page-locked host memory, an event after them),
// and the host reads whichever slots the GPU has passed. A ring of kDepth slots bounds how many
// are in flight: an asynchronous request finding every slot busy queues nothing. A waiting
// request (field_range) waits for its own. One thread, one stream, the backend's device.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <optional>

#include "gs/backend_types.h"
#include "gs/launch_shape.h"
#include "gs/status.h"

namespace gs::cuda {

class RangeReadback {
 public:
  RangeReadback() = default;
  ~RangeReadback();
  RangeReadback(const RangeReadback&) = delete;
  RangeReadback& operator=(const RangeReadback&) = delete;

  Status create();

  // The reduction of `count` values of `field` over `shape`, queued on `stream`. Without
  // `wait`, nothing is queued when every slot is in flight; then the newest finished range of
  // `field` (in the order queued), nullopt while none has finished: never waits.
  Expected<std::optional<ValueRange>> recent(const float* values, long count, DisplayField field,
                                             const LaunchShape& shape, cudaStream_t stream);
  // Queued as above (waiting for a slot if needed), then waited for: the range now.
  Expected<ValueRange> measure(const float* values, long count, DisplayField field,
                               const LaunchShape& shape, cudaStream_t stream);

 private:
  static constexpr int kDepth = 4;
  static constexpr int kStartPair = 2 * kDepth;  // host_'s index of {INT_MAX, INT_MIN}
  struct Slot {
    cudaEvent_t done = nullptr;
    long long call = -1;  // which request queued it; -1 while free or read
    DisplayField field = DisplayField::U;
  };
  struct Newest {
    long long call = -1;
    ValueRange range;
  };

  // Queues a reduction into the next slot; nullptr when it is in flight and `wait` is false.
  Expected<Slot*> queue(const float* values, long count, DisplayField field,
                        const LaunchShape& shape, cudaStream_t stream, bool wait);
  // Reads a slot whose event has passed into newest_; false while the GPU is still on it.
  Expected<bool> collect(Slot& slot);
  int index_of(const Slot& slot) const { return int(&slot - slots_.data()); }

  int* device_ = nullptr;  // kDepth pairs of ordered-int min and max
  int* host_ = nullptr;    // page-locked: kDepth pairs read back, then the pair {INT_MAX, INT_MIN}
  std::array<Slot, kDepth> slots_{};
  long long calls_ = 0;
  Newest newest_[2];  // per field: U, V
};

}  // namespace gs::cuda
