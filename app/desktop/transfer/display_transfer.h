// The display path in use: the one asked for, the one running and why they differ, rebuilt when
// the grid changes or the backend is replaced (any replacement: a new backend of the same kind
// has a new stream), and stepped down a path (interop, host, upload) when one fails mid-run (a
// display change, a driver reset). Main (GL) thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "frame_transfer.h"
#include "simulation.h"

namespace gs::app {

// The simulation's settings as this display needs them (with a current GL context): the largest
// grid side its textures take, and, for a CUDA backend, the GPU that drives the display (so
// interop can map its buffers: cudaGLGetDevices's, else `egl_cuda_device`, the CUDA device the
// context's EGL device is; where neither says, the one asked for, and interop says why it cannot
// run).
SimulationSettings fit_to_display(SimulationSettings settings, std::optional<int> egl_cuda_device);

class DisplayTransfer {
 public:
  // `egl_cuda_device`: the CUDA device the GL context's EGL device is, where EGL says.
  explicit DisplayTransfer(TransferPath wanted = TransferPath::Interop,
                           std::optional<int> egl_cuda_device = std::nullopt)
      : wanted_(wanted), egl_cuda_device_(egl_cuda_device) {}

  // Resizes the texture to the backend's grid and chooses the path again, for this backend.
  Status rebuild(Backend& backend, FieldTexture& texture);
  Status select(TransferPath wanted, Backend& backend, FieldTexture& texture);
  // Runs `steps` steps and brings the display field into the texture. False when the path
  // failed and a lesser one took over (this frame shows nothing new); an error when none can.
  Expected<bool> advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                         FrameTiming& timing);
  // Drops the path (interop unregisters its buffers): before the GL context goes.
  void reset() { transfer_.reset(); }

  TransferPath path() const { return transfer_ ? transfer_->path() : wanted_; }
  // Why the path running is not the one asked for; "" when it is.
  const std::string& reason() const { return reason_; }
  // The paths that cannot run with this backend, and why (for the transfer list).
  const TransferReasons& unavailable() const { return unavailable_; }
  // How interop matched the GL context to the backend's CUDA device; none off interop.
  std::optional<GlCudaMatch> gl_cuda_match() const;
  // How many times a path was built (the start, a new grid or backend, a choice, a fallback).
  int builds() const { return builds_; }

 private:
  TransferPath wanted_;
  std::optional<int> egl_cuda_device_;
  int builds_ = 0;
  std::unique_ptr<FrameTransfer> transfer_;
  std::string reason_;
  TransferReasons unavailable_;
};

}  // namespace gs::app
