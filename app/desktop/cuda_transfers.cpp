// The CUDA transfer paths: `host` (through pinned host memory, the course's counter-example)
// and `interop` (the last step writes into the registered PBO on the device).
#include <chrono>
#include <cstring>

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
    const auto start = Clock::now();
    // Device to pinned host memory: the first crossing.
    GS_TRY(backend.step_and_display(steps, field,
                                    {pinned_, texture.size().cells(), MemorySpace::Host}));
    const double kernel_ms = backend.last_timings().compute_ms;
    // Host memory into the PBO and on to the texture: the second crossing.
    upload_timer_.begin();
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, texture.pbo());
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, GLsizeiptr(texture.bytes()), pinned_);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    texture.upload_from_pbo();
    upload_timer_.end();
    timing.kernel_ms = kernel_ms;
    timing.transfer_ms = std::max(0.0, ms_since(start) - kernel_ms) + upload_timer_.last_ms();
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

  Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                 FrameTiming& timing) override {
    const auto start = Clock::now();
    Expected<InteropBuffer::Mapping> mapping = buffer_->map();
    if (!mapping) return mapping.status();
    if (mapping->bytes() < texture.bytes()) return Error{"the mapped pixel buffer is too small"};
    // The last step writes the display field into the mapped PBO: no frame crosses PCIe.
    GS_TRY(backend.step_and_display(
        steps, field, {mapping->data(), texture.size().cells(), MemorySpace::Device}));
    GS_TRY(mapping->unmap());
    upload_timer_.begin();
    texture.upload_from_pbo();
    upload_timer_.end();
    timing.kernel_ms = backend.last_timings().compute_ms;
    timing.transfer_ms =
        std::max(0.0, ms_since(start) - timing.kernel_ms) + upload_timer_.last_ms();
    timing.pcie_bytes = 0;
    return Status::ok();
  }

 private:
  std::unique_ptr<InteropBuffer> buffer_;
  GlTimer upload_timer_;
};

}  // namespace

Expected<std::unique_ptr<FrameTransfer>> make_host_transfer() {
  return std::unique_ptr<FrameTransfer>(std::make_unique<HostTransfer>());
}

Expected<std::unique_ptr<FrameTransfer>> make_interop_transfer(FieldTexture& texture) {
  Expected<std::unique_ptr<InteropBuffer>> buffer = InteropBuffer::register_buffer(texture.pbo());
  if (!buffer) return buffer.status();
  return std::unique_ptr<FrameTransfer>(
      std::make_unique<InteropTransfer>(std::move(buffer).value()));
}

}  // namespace gs::app
