// The CUDA transfer paths: `host` (through pinned host memory, the course's counter-example)
// and `interop` (the last step writes into the registered PBO on the device). Neither waits for
// the GPU except where the host needs the field (the host path's copy); kernel times are the
// backend's newest finished ones. A transfer's time is where it runs (the GPU's by events and GL
// timers; the host path's copy into the PBO by the clock); the host's time in its calls is given
// apart (transfer_host_ms), so a driver blocking in map or unmap is not read as transfer.
#include <chrono>
#include <cstring>
#include <optional>
#include <string>

#include "cuda_interval_timer.h"
#include "frame_transfer.h"
#include "gl_timer.h"
#include "interop_buffer.h"

namespace gs::app {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

class HostTransfer final : public FrameTransfer {
 public:
  ~HostTransfer() override {
    if (pinned_) [[maybe_unused]]
      const cudaError_t ignored = cudaFreeHost(pinned_);
  }
  TransferPath path() const override { return TransferPath::Host; }

  Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                 FrameTiming& timing) override {
    if (capacity_ < texture.bytes()) {
      if (pinned_) [[maybe_unused]]
        const cudaError_t ignored = cudaFreeHost(pinned_);
      pinned_ = nullptr;
      capacity_ = 0;
      if (const cudaError_t code =
              cudaMallocHost(reinterpret_cast<void**>(&pinned_), texture.bytes());
          code != cudaSuccess)
        return Error{std::string("cudaMallocHost failed: ") + cudaGetErrorString(code)};
      capacity_ = texture.bytes();
    }
    // Device to pinned host memory: the first crossing (the copy waits for the steps).
    GS_TRY(backend.step_and_display(steps, field,
                                    {pinned_, texture.size().cells(), MemorySpace::Host}));
    const Timings backend_times = backend.last_timings();
    // Host memory into the PBO and on to the texture: the second crossing.
    const auto start = Clock::now();
    upload_timer_.begin();
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, texture.pbo());
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, GLsizeiptr(texture.bytes()), pinned_);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    texture.upload_from_pbo();
    upload_timer_.end();
    timing.kernel_ms = backend_times.compute_ms;
    timing.kernel_steps = backend_times.steps;
    const double host_ms = ms_since(start);  // the copy into the PBO is the host's own work
    timing.transfer_ms = backend_times.transfer_ms + host_ms + upload_timer_.last_ms();
    timing.transfer_host_ms = host_ms;
    timing.pcie_bytes = 2 * texture.bytes();
    return Status::ok();
  }

 private:
  float* pinned_ = nullptr;
  std::size_t capacity_ = 0;
  GlTimer upload_timer_;
};

class InteropTransfer final : public FrameTransfer {
 public:
  explicit InteropTransfer(std::unique_ptr<InteropBuffer> buffer) : buffer_(std::move(buffer)) {}
  TransferPath path() const override { return TransferPath::Interop; }
  std::optional<GlCudaMatch> gl_cuda_match() const override { return buffer_->gl_cuda_match(); }

  Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                 FrameTiming& timing) override {
    auto start = Clock::now();
    // The stream is asked for each frame, never kept: a replaced backend takes its stream along,
    // and mapping on a destroyed stream is undefined (the app rebuilds the path on a replacement;
    // this is the seam's own guard). The buffer stays registered for its device only.
    const DeviceStream device = backend.device_stream();
    if (device.device != buffer_->cuda_device())
      return Error{"the backend runs on CUDA device " + std::to_string(device.device) +
                   ", the pixel buffer is registered for CUDA device " +
                   std::to_string(buffer_->cuda_device())};
    const auto stream = static_cast<cudaStream_t>(device.stream);
    GS_TRY(map_timer_.begin(stream));
    Expected<InteropBuffer::Mapping> mapping = buffer_->map(stream);
    if (!mapping) return mapping.status();
    GS_TRY(map_timer_.end(stream));
    if (mapping->bytes() < texture.bytes()) return Error{"the mapped pixel buffer is too small"};
    double host_ms = ms_since(start);
    // The last step writes the display field into the mapped PBO: no frame crosses PCIe. The
    // steps are enqueued, not waited for; the unmap orders GL's texture update after them.
    GS_TRY(backend.step_and_display(
        steps, field, {mapping->data(), texture.size().cells(), MemorySpace::Device}));
    start = Clock::now();
    GS_TRY(unmap_timer_.begin(stream));
    GS_TRY(mapping->unmap());
    GS_TRY(unmap_timer_.end(stream));
    upload_timer_.begin();
    texture.upload_from_pbo();
    upload_timer_.end();
    host_ms += ms_since(start);
    Expected<double> map_ms = map_timer_.last_ms(), unmap_ms = unmap_timer_.last_ms();
    if (!map_ms) return map_ms.status();
    if (!unmap_ms) return unmap_ms.status();
    const Timings finished = backend.last_timings();
    timing.kernel_ms = finished.compute_ms;
    timing.kernel_steps = finished.steps;
    // The GPU's side (the map and unmap as events see them, the PBO's copy to the texture), and
    // apart from it the host's time in those calls, where a driver that blocks shows.
    timing.transfer_ms = *map_ms + *unmap_ms + upload_timer_.last_ms();
    timing.transfer_host_ms = host_ms;
    timing.pcie_bytes = 0;
    return Status::ok();
  }

 private:
  std::unique_ptr<InteropBuffer> buffer_;
  CudaIntervalTimer map_timer_, unmap_timer_;
  GlTimer upload_timer_;
};

}  // namespace

Expected<std::unique_ptr<FrameTransfer>> make_host_transfer() {
  return std::unique_ptr<FrameTransfer>(std::make_unique<HostTransfer>());
}

Expected<std::unique_ptr<FrameTransfer>> make_interop_transfer(FieldTexture& texture,
                                                               const Backend& backend,
                                                               std::optional<int> egl_cuda_device) {
  GS_TRY(texture.set_pbo_writer(PboWriter::Cuda));  // before it is registered
  Expected<std::unique_ptr<InteropBuffer>> buffer = InteropBuffer::register_buffer(
      texture.pbo(), backend.device_stream().device, egl_cuda_device);
  if (!buffer) return buffer.status();
  return std::unique_ptr<FrameTransfer>(
      std::make_unique<InteropTransfer>(std::move(buffer).value()));
}

}  // namespace gs::app
