// The `none` path: the gl backend's last step of a frame writes the display field into the
// field's texture itself, in the GL context the renderer draws with; no buffer is mapped and
// nothing is copied. The kernel time is the backend's (GL timer queries).
#include "frame_transfer.h"

namespace gs::app {
namespace {

class TextureTransfer final : public FrameTransfer {
 public:
  TransferPath path() const override { return TransferPath::None; }

  Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                 FrameTiming& timing) override {
    DisplayTarget target;
    target.space = MemorySpace::Texture;
    target.texture = texture.texture();
    target.count = texture.size().cells();
    GS_TRY(backend.step_and_display(steps, field, target));
    const Timings finished = backend.last_timings();
    timing.kernel_ms = finished.compute_ms;
    timing.kernel_steps = finished.steps;
    timing.transfer_ms = 0.0;
    timing.transfer_host_ms = 0.0;
    timing.pcie_bytes = 0;
    return Status::ok();
  }
};

}  // namespace

std::unique_ptr<FrameTransfer> make_texture_transfer() {
  return std::make_unique<TextureTransfer>();
}

}  // namespace gs::app
