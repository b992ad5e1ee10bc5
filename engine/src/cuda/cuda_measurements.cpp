// The CUDA backend's measurements for the benchmark: the copy-bandwidth ceiling, the display
// paths the app chooses between, and what a graph build costs against a replay.
#include <algorithm>
#include <chrono>

#include "cuda_backend_impl.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

Expected<DisplayPathTimes> CudaBackend::measure_display_paths(int repeats) {
  GS_TRY(impl_->require_state());
  const std::size_t cells = impl_->size.cells();
  cuda::DeviceBuffer device_target;
  GS_CUDA_TRY(device_target.allocate(cells));
  float* pinned = nullptr;
  GS_CUDA_TRY(cudaMallocHost(reinterpret_cast<void**>(&pinned), cells * sizeof(float)));
  DisplayPathTimes best{1e30, 1e30};
  const auto measure = [&]() -> Status {
    for (int i = 0; i <= repeats; ++i) {  // the first round warms up
      GS_TRY(write_display(DisplayField::V, {device_target.get(), cells, MemorySpace::Device}));
      Expected<Timings> device = finish();
      if (!device) return device.status();
      if (i > 0) best.device_ms = std::min(best.device_ms, device->compute_ms);
      GS_TRY(write_display(DisplayField::V, {pinned, cells, MemorySpace::Host}));
      if (i > 0) best.host_ms = std::min(best.host_ms, impl_->timings.transfer_ms);
    }
    return Status::ok();
  };
  const Status status = measure();
  GS_CUDA_TRY(cudaFreeHost(pinned));
  GS_TRY(status);
  return best;
}

Expected<double> CudaBackend::measure_copy_bandwidth(std::size_t bytes) {
  GS_TRY(impl_->make_current());
  cuda::DeviceBuffer from, to;
  const std::size_t count = bytes / sizeof(float);
  GS_CUDA_TRY(from.allocate(count));
  GS_CUDA_TRY(to.allocate(count));
  double best_ms = 1e30;
  for (int i = 0; i <= 5; ++i) {  // the first round warms up
    GS_TRY(impl_->copy(to.get(), from.get(), count * sizeof(float), cudaMemcpyDeviceToDevice));
    if (i > 0) best_ms = std::min(best_ms, impl_->timings.transfer_ms);
  }
  return 2.0 * double(count * sizeof(float)) / (best_ms / 1e3) / 1e9;
}

Expected<GraphCosts> CudaBackend::measure_graph_costs(int repeats) {
  GS_TRY(impl_->require_state());
  Impl& impl = *impl_;
  const int steps = cuda::StepGraphs::kGraphSteps;
  GraphCosts best{steps, 1e30, 1e30, 1e30};
  const auto timed = [&](auto&& work) -> Expected<double> {
    GS_CUDA_TRY(cudaStreamSynchronize(impl.stream));
    const auto start = Clock::now();
    GS_TRY(work());
    GS_CUDA_TRY(cudaStreamSynchronize(impl.stream));
    return ms_since(start);
  };
  for (int i = 0; i <= repeats; ++i) {  // the first round warms up
    Expected<double> build = timed([&] {
      impl.graphs.clear();
      return impl.run_steps(steps, {});
    });
    Expected<double> replay = timed([&] { return impl.run_steps(steps, {}); });
    Expected<double> launches = timed([&]() -> Status {
      for (int s = 0; s < steps; ++s) GS_TRY(impl.run_steps(1, {}));
      return Status::ok();
    });
    if (!build) return build.status();
    if (!replay) return replay.status();
    if (!launches) return launches.status();
    if (i == 0) continue;
    best.build_and_run_ms = std::min(best.build_and_run_ms, *build);
    best.replay_ms = std::min(best.replay_ms, *replay);
    best.launches_ms = std::min(best.launches_ms, *launches);
  }
  return best;
}

}  // namespace gs
