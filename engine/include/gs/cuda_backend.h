// The CUDA backend: the same stencil as the CPU twin (gs/step_kernel_body.h) on the GPU. Device
// buffers are allocated once per grid size; data crosses PCIe only at copy_in, copy_out and host
// display writes. Steps are replayed from CUDA graphs on one stream, timed with events that the
// host reads later instead of waiting; the host waits only where it needs data. All work runs
// on the device chosen at creation. This header names no CUDA type, so it compiles without the
// toolkit.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "gs/backend.h"
#include "gs/launch_shape.h"

namespace gs {

namespace cuda {
class OverlappedFrameReadback;
}

struct CudaDeviceInfo {
  int index = 0;
  std::string name;
  int compute_major = 0;
  int compute_minor = 0;
  std::size_t memory_bytes = 0;
  std::size_t l2_bytes = 0;
  double peak_bandwidth_gb_per_s = 0.0;  // from the memory clock and bus width
  int multiprocessors = 0;               // SMs: the reductions' launches fill them all
  int threads_per_multiprocessor = 0;    // the most resident at once on one SM
};

// nullopt when a CUDA device answers; otherwise why not ("no NVIDIA driver (libcuda.so.1 is not
// installed)", a driver older than the build's CUDA with both versions, "no CUDA-capable device
// is detected", "not compiled in").
std::optional<std::string> cuda_unavailable_reason();
Expected<CudaDeviceInfo> cuda_device_info(int device = 0);
// How many CUDA devices answer here: 0 where none does or CUDA is not compiled in.
int cuda_device_count();

class CudaBackend final : public Backend {
 public:
  // Fails with the reason when no device answers or when this build's kernels cannot run on it
  // (a GPU older than the built architectures), so callers fall back at once.
  static Expected<std::unique_ptr<CudaBackend>> create(int device = 0);
  ~CudaBackend() override;

  BackendKind kind() const override { return BackendKind::Cuda; }
  BackendCapabilities capabilities() const override;
  std::string description() const override;
  // Takes the launch (block shape, kernel variant) where the options name one.
  Status configure(const BackendOptions& options) override;

  Status copy_in(const Fields& fields) override;
  Status set_params(const Params& params) override;
  Status step(int count) override;
  Status step_and_display(int count, DisplayField field, const DisplayTarget& target) override;
  Status copy_out(Fields& fields) override;
  Status read_rows(int first, int count, Fields& rows) override;
  Status write_rows(int first, const Fields& rows) override;
  // On one device, a device-to-device copy ordered with events; otherwise through the host.
  Status copy_rows_from(Backend& source, int first, int count, int into) override;
  std::optional<DeviceState> device_state() const override;
  std::unique_ptr<PinnedHostMemory> pin_host_memory(void* data, std::size_t bytes) override;
  Status write_display(DisplayField field, const DisplayTarget& target) override;
  // Frames copied on a stream of the readback's own, into page-locked memory, behind the steps.
  Expected<std::unique_ptr<FrameReadback>> open_frame_readback(DisplayField field) override;

  GridSize size() const override;
  const Params& params() const override;
  Timings last_timings() const override;
  Expected<Timings> finish() override;
  DeviceStream device_stream() const override;
  const CudaDeviceInfo& device() const;

  // Teaching controls: the block shape and the coalesced or strided step kernel.
  Status set_launch(BlockShape block, KernelVariant variant) override;
  BlockShape block_shape() const;
  KernelVariant kernel_variant() const;

  Expected<bool> fields_are_finite() override;
  Status paint(const Brush& brush) override;
  Expected<ValueRange> field_range(DisplayField field) override;
  Expected<std::optional<ValueRange>> recent_field_range(DisplayField field) override;
  // The interop-shaped path against the host path, without GL: the display field written into
  // a device buffer (as into a mapped PBO) against copied to pinned host memory; best of
  // `repeats`, in ms.
  Expected<DisplayPathTimes> measure_display_paths(int repeats) override;

  // A device-to-device copy, timed with events.
  Expected<double> measure_copy_bandwidth(std::size_t bytes) override;

  // Step graphs built so far (a graph is built per grid, launch and Laplacian, not per call).
  long long graph_builds() const;
  // What a graph build costs against a replay of its steps and against plain launches of as
  // many steps, each host call to the end of the GPU's work, in ms (best of `repeats`).
  Expected<GraphCosts> measure_graph_costs(int repeats) override;

 private:
  friend class cuda::OverlappedFrameReadback;  // it works on the state and stream in Impl
  struct Impl;
  explicit CudaBackend(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs
