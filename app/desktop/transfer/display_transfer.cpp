// The display path in use (display_transfer.h).
#include "display_transfer.h"

#include <glad/gl.h>

#include "gl_compute_provider.h"
#include "script_conditions.h"

namespace gs::app {

SimulationSettings fit_to_display(SimulationSettings settings, std::optional<int> egl_cuda_device) {
  GLint max_texture = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture);
  if (max_texture > 0) settings.max_display_side = max_texture;
  settings.gl = gl_compute::GlComputeProvider::for_current_context();
  const ContextBackendOffer offer = settings.gl->offer();
  record_gl_compute_here(offer.available && offer.hardware);  // scripts' `if gl` lines
#if defined(GS_HAVE_CUDA)
  if (settings.backend != BackendChoice::Cpu)
    if (std::optional<int> device = cuda_device_for_display(egl_cuda_device))
      settings.cuda_device = *device;
#else
  (void)egl_cuda_device;
#endif
  return settings;
}

Status DisplayTransfer::rebuild(Backend& backend, FieldTexture& texture) {
  transfer_.reset();  // interop unregisters the buffer before the texture may reallocate it
  ++builds_;
  if (texture.size() != backend.size()) GS_TRY(texture.resize(backend.size()));
  Expected<TransferChoice> choice = choose_transfer(wanted_, backend, texture, egl_cuda_device_);
  if (!choice) return choice.status();
  transfer_ = std::move(choice->transfer);
  reason_ = choice->fallback_reason;
  unavailable_ = choice->unavailable;
  return Status::ok();
}

std::optional<GlCudaMatch> DisplayTransfer::gl_cuda_match() const {
  return transfer_ ? transfer_->gl_cuda_match() : std::nullopt;
}

Status DisplayTransfer::select(TransferPath wanted, Backend& backend, FieldTexture& texture) {
  wanted_ = wanted;
  return rebuild(backend, texture);
}

Expected<bool> DisplayTransfer::advance(Backend& backend, int steps, DisplayField field,
                                        FieldTexture& texture, FrameTiming& timing) {
  if (!transfer_)  // the texture could not take the grid
    return Error{"the grid " + to_string(backend.size()) + " cannot be shown on this display"};
  const Status status = transfer_->advance(backend, steps, field, texture, timing);
  if (status) return true;
  const TransferPath failed = transfer_->path();
  if (failed == TransferPath::Upload) return status;  // nothing below it
  GS_TRY(select(failed == TransferPath::Interop ? TransferPath::Host : TransferPath::Upload,
                backend, texture));
  reason_ = to_string(failed) + " failed (" + status.message() + "); using " + to_string(path());
  unavailable_[std::size_t(failed)] = "failed: " + status.message();
  return false;
}

}  // namespace gs::app
