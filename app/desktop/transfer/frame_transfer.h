// How the display field reaches the texture each frame: the three transfer paths the course
// compares. `upload`: the backend writes into the mapped PBO from the host (one crossing for the
// CPU twin). `host` (CUDA): device to pinned host memory, then into the PBO (two crossings).
// `interop` (CUDA): the last step writes straight into the registered PBO on the device (none).
// `none` (the gl backend): the last step writes the texture itself; there is no PBO and no copy.
// A new grid size means a new transfer: the app drops the old one (interop unregisters), resizes
// the texture, and chooses again. Main (GL) thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "field_texture.h"
#include "frame_stats.h"
#include "gpu_pairing.h"
#include "gs/backend.h"

namespace gs::app {

class FrameTransfer {
 public:
  virtual ~FrameTransfer() = default;
  virtual TransferPath path() const = 0;
  // Runs `steps` steps, then brings the display field into the texture; fills the frame's
  // kernel and transfer times and the bytes that crossed PCIe.
  virtual Status advance(Backend& backend, int steps, DisplayField field, FieldTexture& texture,
                         FrameTiming& timing) = 0;
  // Interop only: how it knew that the GL context runs on the backend's CUDA device.
  virtual std::optional<GlCudaMatch> gl_cuda_match() const { return std::nullopt; }
};

struct TransferChoice {
  std::unique_ptr<FrameTransfer> transfer;
  std::string fallback_reason;  // why the path differs from the one asked for; "" if it does not
  TransferReasons unavailable;  // the paths found unable to run, and why
};

// The asked-for path where it can run with this backend, else the nearest that can, and why.
// `egl_cuda_device`: the CUDA device the GL context's EGL device is, where EGL says. An error only
// where GL cannot give the pixel buffer its writer's usage hint (out of memory).
Expected<TransferChoice> choose_transfer(TransferPath wanted, Backend& backend,
                                         FieldTexture& texture, std::optional<int> egl_cuda_device);

std::unique_ptr<FrameTransfer> make_upload_transfer();
// `none`: a backend that writes textures (the gl backend) writes the field into the texture.
std::unique_ptr<FrameTransfer> make_texture_transfer();

#if defined(GS_HAVE_CUDA)
// CUDA paths (cuda_transfers.cpp, interop_buffer.cpp); they fail with CUDA's reason where they
// cannot run.
Expected<std::unique_ptr<FrameTransfer>> make_host_transfer();
// Interop runs on the backend's device and, each frame, on the backend's stream; it needs the GL
// context on that device (cudaGLGetDevices, else the EGL device's `egl_cuda_device`).
Expected<std::unique_ptr<FrameTransfer>> make_interop_transfer(FieldTexture& texture,
                                                               const Backend& backend,
                                                               std::optional<int> egl_cuda_device);
// The CUDA device that drives the current GL context, where the app's CUDA backend belongs
// (cudaGLGetDevices, else the EGL device's); nullopt where neither says.
std::optional<int> cuda_device_for_display(std::optional<int> egl_cuda_device);
#endif

}  // namespace gs::app
