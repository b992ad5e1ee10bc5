#include "range_readback.h"

#include <climits>

#include "cuda_check.h"
#include "kernels/range_kernel_body.h"
#include "step_kernels.h"

namespace gs::cuda {
namespace {

int field_index(DisplayField field) {
  return field == DisplayField::U ? 0 : 1;
}

}  // namespace

RangeReadback::~RangeReadback() {
  // Nothing to tell from a destructor (as CallTimer's); freeing page-locked memory waits for
  // copies still headed into it.
  for (Slot& slot : slots_)
    if (slot.done) [[maybe_unused]]
      const cudaError_t a = cudaEventDestroy(slot.done);
  if (device_) [[maybe_unused]]
    const cudaError_t b = cudaFree(device_);
  if (host_) [[maybe_unused]]
    const cudaError_t c = cudaFreeHost(host_);
}

Status RangeReadback::create() {
  GS_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&device_), 2 * kDepth * sizeof(int)));
  GS_CUDA_TRY(cudaMallocHost(reinterpret_cast<void**>(&host_), (2 * kDepth + 2) * sizeof(int)));
  host_[kStartPair] = INT_MAX;
  host_[kStartPair + 1] = INT_MIN;
  for (Slot& slot : slots_)
    GS_CUDA_TRY(cudaEventCreateWithFlags(&slot.done, cudaEventDisableTiming));
  return Status::ok();
}

Expected<bool> RangeReadback::collect(Slot& slot) {
  if (slot.call < 0) return true;
  const cudaError_t state = cudaEventQuery(slot.done);
  if (state == cudaErrorNotReady) return false;  // not an error: the GPU is still on it
  GS_CUDA_TRY(state);
  const int* pair = host_ + 2 * index_of(slot);
  Newest& newest = newest_[field_index(slot.field)];
  if (slot.call > newest.call) {
    newest.call = slot.call;
    newest.range = pair[0] > pair[1]
                       ? ValueRange{0.0f, 0.0f}
                       : ValueRange{from_ordered_bits(pair[0]), from_ordered_bits(pair[1])};
  }
  slot.call = -1;
  return true;
}

Expected<RangeReadback::Slot*> RangeReadback::queue(const float* values, long count,
                                                    DisplayField field, const LaunchShape& shape,
                                                    cudaStream_t stream, bool wait) {
  Slot& slot = slots_[std::size_t(calls_ % kDepth)];
  if (slot.call >= 0 && wait) GS_CUDA_TRY(cudaEventSynchronize(slot.done));
  Expected<bool> free = collect(slot);
  if (!free) return free.status();
  if (!*free) return static_cast<Slot*>(nullptr);
  int* device_pair = device_ + 2 * index_of(slot);
  // The start pair never changes, so this copy from page-locked memory needs no wait.
  GS_CUDA_TRY(cudaMemcpyAsync(device_pair, host_ + kStartPair, 2 * sizeof(int),
                              cudaMemcpyHostToDevice, stream));
  GS_CUDA_TRY(launch_range(values, count, device_pair, shape, stream));
  GS_CUDA_TRY(cudaMemcpyAsync(host_ + 2 * index_of(slot), device_pair, 2 * sizeof(int),
                              cudaMemcpyDeviceToHost, stream));
  GS_CUDA_TRY(cudaEventRecord(slot.done, stream));
  slot.call = calls_++;
  slot.field = field;
  return &slot;
}

Expected<std::optional<ValueRange>> RangeReadback::recent(const float* values, long count,
                                                          DisplayField field,
                                                          const LaunchShape& shape,
                                                          cudaStream_t stream) {
  Expected<Slot*> queued = queue(values, count, field, shape, stream, false);
  if (!queued) return queued.status();
  for (Slot& slot : slots_) {
    Expected<bool> read = collect(slot);
    if (!read) return read.status();
  }
  const Newest& newest = newest_[field_index(field)];
  if (newest.call < 0) return std::optional<ValueRange>();
  return std::optional<ValueRange>(newest.range);
}

Expected<ValueRange> RangeReadback::measure(const float* values, long count, DisplayField field,
                                            const LaunchShape& shape, cudaStream_t stream) {
  Expected<Slot*> queued = queue(values, count, field, shape, stream, true);
  if (!queued) return queued.status();
  Slot& slot = **queued;
  const long long call = slot.call;
  GS_CUDA_TRY(cudaEventSynchronize(slot.done));
  Expected<bool> read = collect(slot);
  if (!read) return read.status();
  // Newest of its field: every request of that field before it has been queued before it.
  const Newest& newest = newest_[field_index(field)];
  if (newest.call != call) return Error{"internal error: a range read back out of order"};
  return newest.range;
}

}  // namespace gs::cuda
