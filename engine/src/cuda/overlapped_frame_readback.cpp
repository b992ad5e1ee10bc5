// The CUDA backend's frame readback (gs/frame_readback.h). A frame is taken on the GPU, after
// the steps queued so far: the display field into a staging buffer of its own and the divergence
// check's flag beside it. A second stream then copies both into page-locked host memory behind
// an event, while the next frame's steps run. Two slots: frame n + 2 waits, on the GPU and not
// on the host, for frame n's copy to leave its staging buffer.
#include <cuda_runtime.h>

#include <array>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "cuda_backend_impl.h"

namespace gs::cuda {

class OverlappedFrameReadback final : public FrameReadback {
 public:
  static Expected<std::unique_ptr<FrameReadback>> open(CudaBackend& backend, DisplayField field) {
    std::unique_ptr<OverlappedFrameReadback> readback(new OverlappedFrameReadback(backend, field));
    GS_TRY(readback->create());
    return std::unique_ptr<FrameReadback>(std::move(readback));
  }

  ~OverlappedFrameReadback() override {
    // Nothing to tell from a destructor: a broken context shows at the backend's next call.
    if (impl_.make_current() && copies_) [[maybe_unused]]
      const cudaError_t drained = cudaStreamSynchronize(copies_);  // no copy into freed memory
    for (Slot& slot : slots_)
      for (cudaEvent_t event : {slot.taken, slot.copy_start, slot.copied})
        if (event) [[maybe_unused]]
          const cudaError_t destroyed = cudaEventDestroy(event);
    if (host_flags_) [[maybe_unused]]
      const cudaError_t freed = cudaFreeHost(host_flags_);
    if (copies_) [[maybe_unused]]
      const cudaError_t destroyed = cudaStreamDestroy(copies_);
  }

  bool overlapped() const override { return true; }
  int depth() const override { return kSlots; }

 protected:
  Status queue_frame(std::vector<float> values) override {
    GS_TRY(impl_.require_state());
    if (impl_.size != size_)
      return Error{"the grid changed from " + to_string(size_) + " to " + to_string(impl_.size) +
                   " while frames were read back"};
    if (values.size() != size_.cells())
      return Error{"a frame buffer of " + std::to_string(values.size()) + " floats for a " +
                   to_string(size_) + " grid"};
    Slot& slot = slots_[std::size_t(next_)];
    cudaStream_t steps = impl_.stream;
    // The slot's previous frame must have left its staging buffer before this one is taken.
    if (slot.used) GS_CUDA_TRY(cudaStreamWaitEvent(steps, slot.copied, 0));
    const int current = impl_.current;
    GS_CUDA_TRY(cudaMemsetAsync(slot.flag.get(), 0, sizeof(int), steps));
    GS_CUDA_TRY(launch_finite_check(size_, impl_.u[current].get(), impl_.v[current].get(),
                                    slot.flag.get(), steps));
    GS_CUDA_TRY(launch_display(size_, impl_.field(field_), slot.staging.get(), steps));
    GS_CUDA_TRY(cudaEventRecord(slot.taken, steps));

    GS_CUDA_TRY(cudaStreamWaitEvent(copies_, slot.taken, 0));
    pin(values);
    GS_CUDA_TRY(cudaEventRecord(slot.copy_start, copies_));
    GS_CUDA_TRY(cudaMemcpyAsync(values.data(), slot.staging.get(), values.size() * sizeof(float),
                                cudaMemcpyDeviceToHost, copies_));
    GS_CUDA_TRY(cudaMemcpyAsync(&host_flags_[next_], slot.flag.get(), sizeof(int),
                                cudaMemcpyDeviceToHost, copies_));
    GS_CUDA_TRY(cudaEventRecord(slot.copied, copies_));
    slot.used = true;
    slot.values = std::move(values);
    next_ = (next_ + 1) % kSlots;
    return Status::ok();
  }

  Expected<ReadbackFrame> collect_frame() override {
    GS_TRY(impl_.make_current());
    Slot& slot = slots_[std::size_t(oldest_)];
    GS_CUDA_TRY(cudaEventSynchronize(slot.copied));
    ReadbackFrame frame;
    float copy_ms = 0.0f;
    GS_CUDA_TRY(cudaEventElapsedTime(&copy_ms, slot.copy_start, slot.copied));
    frame.transfer_ms = double(copy_ms);
    // Every step call before this frame has finished: read their times (and any later ones').
    Expected<CallTimer::Finished> latest = impl_.step_timer.latest_finished();
    if (!latest) return latest.status();
    const double steps_ms = impl_.step_timer.total_read().ms;
    frame.compute_ms = steps_ms - steps_ms_read_;
    steps_ms_read_ = steps_ms;
    frame.finite = host_flags_[oldest_] == 0;
    frame.values = std::move(slot.values);
    oldest_ = (oldest_ + 1) % kSlots;
    return frame;
  }

 private:
  static constexpr int kSlots = 2;
  struct Slot {
    DeviceBuffer staging;
    DeviceArray<int> flag;
    cudaEvent_t taken = nullptr;  // the steps' stream: the frame is in staging
    cudaEvent_t copy_start = nullptr;
    cudaEvent_t copied = nullptr;  // the copies' stream: the frame is in host memory
    bool used = false;
    std::vector<float> values;
  };

  OverlappedFrameReadback(CudaBackend& backend, DisplayField field)
      : backend_(backend), impl_(*backend.impl_), field_(field), size_(backend.impl_->size) {}

  Status create() {
    GS_TRY(impl_.require_state());
    GS_CUDA_TRY(cudaStreamCreateWithFlags(&copies_, cudaStreamNonBlocking));
    GS_CUDA_TRY(cudaMallocHost(reinterpret_cast<void**>(&host_flags_), kSlots * sizeof(int)));
    for (Slot& slot : slots_) {
      GS_CUDA_TRY(slot.staging.allocate(size_.cells()));
      GS_CUDA_TRY(slot.flag.allocate(1));
      GS_CUDA_TRY(cudaEventCreateWithFlags(&slot.taken, cudaEventDisableTiming));
      GS_CUDA_TRY(cudaEventCreate(&slot.copy_start));
      GS_CUDA_TRY(cudaEventCreate(&slot.copied));
    }
    steps_ms_read_ = impl_.step_timer.total_read().ms;
    return Status::ok();
  }

  // Page-locks a frame buffer the first time it comes (the frames writer recycles a few), so
  // the copy goes by DMA straight into it. Where it cannot be pinned the copy still works,
  // through the driver's staging.
  void pin(const std::vector<float>& values) {
    const float* data = values.data();
    if (pinned_.count(data) == 0)
      pinned_[data] =
          backend_.pin_host_memory(const_cast<float*>(data), values.size() * sizeof(float));
  }

  CudaBackend& backend_;
  CudaBackend::Impl& impl_;
  DisplayField field_;
  GridSize size_;
  cudaStream_t copies_ = nullptr;
  std::array<Slot, kSlots> slots_;
  int* host_flags_ = nullptr;  // page-locked, one a slot
  int next_ = 0;
  int oldest_ = 0;
  double steps_ms_read_ = 0.0;  // the step timer's total at the last collect
  std::map<const float*, std::unique_ptr<PinnedHostMemory>> pinned_;
};

}  // namespace gs::cuda

namespace gs {

Expected<std::unique_ptr<FrameReadback>> CudaBackend::open_frame_readback(DisplayField field) {
  return cuda::OverlappedFrameReadback::open(*this, field);
}

}  // namespace gs
