// The CUDA backend's state, shared by its translation units (cuda_backend.cpp: the Backend
// interface; cuda_measurements.cpp: the benchmark's measurements). Engine-private.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

#include "call_timer.h"
#include "copy_timer.h"
#include "cuda_check.h"
#include "device_buffer.h"
#include "gs/cuda_backend.h"
#include "range_readback.h"
#include "step_graphs.h"
#include "step_kernels.h"

namespace gs {

struct CudaBackend::Impl {
  CudaDeviceInfo device;
  cudaStream_t stream = nullptr;
  cuda::CallTimer step_timer;
  cuda::CopyTimer copies;
  GridSize size;
  cuda::DeviceBuffer u[2];
  cuda::DeviceBuffer v[2];
  cuda::DeviceArray<std::uint8_t> style;  // the style map; none where the state has none
  int current = 0;                        // the pair holding the state
  Params params;
  BlockShape block;
  KernelVariant variant = KernelVariant::Coalesced;
  Timings timings;
  bool last_call_stepped = false;
  cuda::StepGraphs graphs;
  int* finite_flag = nullptr;  // one device int for the divergence check
  cuda::RangeReadback ranges;
  // Order rows copied from another backend's stream (copy_rows_from) both ways.
  cudaEvent_t source_ready = nullptr;
  cudaEvent_t rows_copied = nullptr;

  ~Impl() {
    // Free on the backend's own device, whatever another part of the program made current.
    if (stream) [[maybe_unused]]
      const cudaError_t selected = cudaSetDevice(device.index);
    graphs.clear();
    if (finite_flag) [[maybe_unused]]
      const cudaError_t a = cudaFree(finite_flag);
    for (cudaEvent_t event : {source_ready, rows_copied})
      if (event) [[maybe_unused]]
        const cudaError_t d = cudaEventDestroy(event);
    if (stream) [[maybe_unused]]
      const cudaError_t c = cudaStreamDestroy(stream);
  }

  // Every call runs on the backend's own device, whatever another part of the program made
  // current on this thread.
  Status make_current() const {
    GS_CUDA_TRY(cudaSetDevice(device.index));
    return Status::ok();
  }

  Status require_state() const {
    GS_TRY(make_current());
    if (size.cells() == 0) return Error{"no state copied to the GPU"};
    return Status::ok();
  }

  Status check_display_target(const DisplayTarget& target) const {
    if (target.space == MemorySpace::Texture)
      return Error{"the CUDA backend writes the display field into memory, not a texture"};
    if (target.data == nullptr || target.count != size.cells())
      return Error{"display target holds " + std::to_string(target.count) + " floats, the grid " +
                   to_string(size) + " needs " + std::to_string(size.cells())};
    return Status::ok();
  }

  // Allocates the four buffers of a new grid; on failure the old grid and state stay.
  Status reallocate(GridSize new_size) {
    std::size_t free_bytes = 0, total_bytes = 0;
    GS_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
    // The new buffers are allocated before the old ones go, so a failure keeps the state.
    const double needed = 4.0 * double(new_size.cells()) * sizeof(float);
    if (needed > double(free_bytes))
      return Error{"GPU out of memory: a " + to_string(new_size) + " grid needs " +
                   std::to_string(needed / 1e9).substr(0, 5) + " GB, " +
                   std::to_string(double(free_bytes) / 1e9).substr(0, 5) + " GB free on " +
                   device.name};
    cuda::DeviceBuffer fresh[4];
    for (cuda::DeviceBuffer& buffer : fresh) {
      if (const cudaError_t code = buffer.allocate(new_size.cells()); code != cudaSuccess) {
        cudaGetLastError();  // an allocation failure is not sticky; clear it and keep the old grid
        return Error{"GPU out of memory for a " + to_string(new_size) +
                     " grid: " + cudaGetErrorString(code)};
      }
    }
    graphs.clear();
    u[0] = std::move(fresh[0]);
    v[0] = std::move(fresh[1]);
    u[1] = std::move(fresh[2]);
    v[1] = std::move(fresh[3]);
    size = new_size;
    return Status::ok();
  }

  // The range reduction's launch over the current grid, filling the device's multiprocessors.
  LaunchShape range_shape() const {
    return range_launch_shape(long(size.cells()), device.multiprocessors,
                              device.threads_per_multiprocessor);
  }
  const float* field(DisplayField which) const {
    return which == DisplayField::U ? u[current].get() : v[current].get();
  }

  cuda::StepSetup step_setup() const {
    const std::uint8_t* styled = params.style.enabled ? style.get() : nullptr;
    return {size,  {u[0].get(), u[1].get()}, {v[0].get(), v[1].get()}, styled, block, variant,
            params};
  }

  // The style map of a state copied in: its bytes, or none where it brings none.
  Status copy_style_in(const StyleData& bytes) {
    if (bytes.empty()) {
      style.reset();
      return fill_missing_style();
    }
    GS_CUDA_TRY(style.allocate(bytes.size()));
    return copy(style.get(), bytes.data(), bytes.size(), cudaMemcpyHostToDevice);
  }
  // A style map run on a state that brought none runs set A everywhere (s = 0), as the twin's.
  Status fill_missing_style() {
    if (!params.style.enabled || style.get() || size.cells() == 0) return Status::ok();
    GS_CUDA_TRY(style.allocate(size.cells()));
    GS_CUDA_TRY(cudaMemsetAsync(style.get(), 0, size.cells(), stream));
    return Status::ok();
  }

  // Enqueues `count` steps (or, for 0, only the display write), timed by events that are read
  // later: the host does not wait for the GPU here.
  Status run_steps(int count, cuda::DisplayWrite display) {
    GS_TRY(require_state());
    if (count < 0) return Error{"step count must not be negative"};
    const cuda::StepSetup setup = step_setup();
    // Graph builds and patches happen before the start event, so they are not counted as
    // kernel time.
    if (count > 0) GS_TRY(graphs.prepare(setup, count, current, display));
    GS_TRY(step_timer.begin(stream));
    if (count > 0) {
      GS_TRY(graphs.enqueue(setup, count, current, display, stream));
    } else if (display.data) {
      const float* field = display.v ? v[current].get() : u[current].get();
      GS_CUDA_TRY(cuda::launch_display(size, field, display.data, stream));
    }
    GS_TRY(step_timer.end(stream, count));
    current = (current + count) & 1;
    return note_step_call();
  }

  Status note_step_call() {
    Expected<cuda::CallTimer::Finished> finished = step_timer.latest_finished();
    if (!finished) return finished.status();
    timings = {finished->ms, 0.0, finished->steps};
    last_call_stepped = true;
    return Status::ok();
  }

  Status copy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind) {
    Expected<double> ms = copies.copy(to, from, bytes, kind, stream);
    if (!ms) return ms.status();
    timings = {0.0, *ms};
    last_call_stepped = false;
    return Status::ok();
  }
};

}  // namespace gs
