// The display path in use (display_transfer.h).
#include "display_transfer.h"

namespace gs::app {

Status DisplayTransfer::rebuild(Backend& backend, FieldTexture& texture) {
  transfer_.reset();
  if (texture.size() != backend.size()) GS_TRY(texture.resize(backend.size()));
  TransferChoice choice = choose_transfer(wanted_, backend, texture);
  transfer_ = std::move(choice.transfer);
  reason_ = choice.fallback_reason;
  return Status::ok();
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
  return false;
}

}  // namespace gs::app
