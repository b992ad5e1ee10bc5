// The `upload` path, and the choice between paths.
#include <chrono>

#include "frame_transfer.h"
#include "gl_timer.h"

namespace gs::app {
namespace {

using Clock = std::chrono::steady_clock;

class UploadTransfer final : public FrameTransfer {
 public:
  TransferPath path() const override { return TransferPath::Upload; }

  Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                 FrameTiming& timing) override {
    const auto start = Clock::now();
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, texture.pbo());
    void* mapped = glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, GLsizeiptr(texture.bytes()),
                                    GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    if (!mapped) {
      glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
      return Error{"cannot map the pixel buffer for writing (GL error " +
                   std::to_string(glGetError()) + ")"};
    }
    const Status stepped = backend.step_and_display(
        steps, field, {static_cast<float*>(mapped), texture.size().cells(), MemorySpace::Host});
    // GL_FALSE means the buffer's contents were lost (a display mode change): skip this upload.
    const bool intact = glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER) == GL_TRUE;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    GS_TRY(stepped);
    if (intact) {
      upload_timer_.begin();
      texture.upload_from_pbo();
      upload_timer_.end();
    }
    const double wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const Timings finished = backend.last_timings();
    timing.kernel_ms = finished.compute_ms;
    timing.kernel_steps = finished.steps;
    // Host side (map, write, unmap) plus the GL side of the texture update (timer query).
    timing.transfer_host_ms = std::max(0.0, wall_ms - timing.kernel_ms);
    timing.transfer_ms = timing.transfer_host_ms + upload_timer_.last_ms();
    // The twin's frame crosses once (host to GPU); a GPU backend's twice (down, then up).
    timing.pcie_bytes = texture.bytes() * (backend.capabilities().fields_on_gpu() ? 2 : 1);
    return Status::ok();
  }

 private:
  GlTimer upload_timer_;
};

}  // namespace

std::unique_ptr<FrameTransfer> make_upload_transfer() {
  return std::make_unique<UploadTransfer>();
}

Expected<TransferChoice> choose_transfer(TransferPath wanted, Backend& backend,
                                         FieldTexture& texture,
                                         std::optional<int> egl_cuda_device) {
  TransferChoice choice;
  const auto unavailable = [&choice](TransferPath path) -> std::string& {
    return choice.unavailable[std::size_t(path)];
  };
  if (backend.capabilities().writes_texture) {
    // The gl backend: the field is computed where it is drawn (none), or, for the lesson's
    // contrast, sent round through host memory (upload).
    unavailable(TransferPath::Interop) =
        "needs the cuda backend: the gl backend writes the "
        "texture itself (none)";
    unavailable(TransferPath::Host) = unavailable(TransferPath::Interop);
    GS_TRY(texture.set_pbo_writer(PboWriter::Cpu));
    if (wanted == TransferPath::Upload) {
      choice.transfer = make_upload_transfer();
      return choice;
    }
    if (wanted == TransferPath::Host)
      choice.fallback_reason = "host needs the cuda backend; using none";
    choice.transfer = make_texture_transfer();
    return choice;
  }
  unavailable(TransferPath::None) =
      "needs the gl backend: the field is computed outside the GL context";
  if (wanted == TransferPath::None) wanted = TransferPath::Interop;
  if (backend.device_stream().device < 0) {  // a host backend: only `upload` can run
    unavailable(TransferPath::Interop) = "needs the cuda backend: the field is in host memory";
    unavailable(TransferPath::Host) = unavailable(TransferPath::Interop);
    if (wanted != TransferPath::Upload)
      choice.fallback_reason = to_string(wanted) + " needs the cuda backend; using upload";
    GS_TRY(texture.set_pbo_writer(PboWriter::Cpu));
    choice.transfer = make_upload_transfer();
    return choice;
  }
#if defined(GS_HAVE_CUDA)
  if (wanted == TransferPath::Interop) {
    Expected<std::unique_ptr<FrameTransfer>> interop =
        make_interop_transfer(texture, backend, egl_cuda_device);
    if (interop) {
      choice.transfer = std::move(interop).value();
      return choice;
    }
    unavailable(TransferPath::Interop) = interop.message();
    wanted = TransferPath::Host;
    choice.fallback_reason = "interop unavailable (" + interop.message() + "); using host";
  }
  if (wanted == TransferPath::Host) {
    Expected<std::unique_ptr<FrameTransfer>> host = make_host_transfer();
    if (host) {
      GS_TRY(texture.set_pbo_writer(PboWriter::Cpu));  // from pinned memory
      choice.transfer = std::move(host).value();
      return choice;
    }
    unavailable(TransferPath::Host) = host.message();
    choice.fallback_reason = (choice.fallback_reason.empty() ? "host" : "interop and host") +
                             std::string(" unavailable (") + host.message() + "); using upload";
  }
#else
  (void)egl_cuda_device;
#endif
  GS_TRY(texture.set_pbo_writer(PboWriter::Cpu));
  choice.transfer = make_upload_transfer();
  return choice;
}

}  // namespace gs::app
