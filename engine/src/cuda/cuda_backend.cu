#include <algorithm>
#include <climits>
#include <cstring>

#include "cuda_check.h"
#include "device_buffer.h"
#include "gs/cuda_backend.h"
#include "step_kernels.h"

namespace gs {
namespace {

// What a captured graph of steps depends on: when any of it changes, the graph is captured anew.
struct GraphKey {
  int count = 0;
  int source = 0;  // which buffer pair the first step reads
  float* display = nullptr;
  bool display_v = true;
  BlockShape block;
  KernelVariant variant = KernelVariant::Coalesced;
  Params params;

  bool operator==(const GraphKey& o) const {
    return count == o.count && source == o.source && display == o.display &&
           display_v == o.display_v && block.x == o.block.x && block.y == o.block.y &&
           variant == o.variant && params == o.params;
  }
};

// Events bracketing work on the stream, read after the stream reaches the end one.
class EventTimer {
 public:
  Status create() {
    GS_CUDA_TRY(cudaEventCreate(&start_));
    GS_CUDA_TRY(cudaEventCreate(&stop_));
    return Status::ok();
  }
  ~EventTimer() {
    if (start_) {
      [[maybe_unused]] const cudaError_t a = cudaEventDestroy(start_);
    }
    if (stop_) {
      [[maybe_unused]] const cudaError_t b = cudaEventDestroy(stop_);
    }
  }
  Status start(cudaStream_t stream) {
    GS_CUDA_TRY(cudaEventRecord(start_, stream));
    return Status::ok();
  }
  Expected<double> stop_ms(cudaStream_t stream) {
    GS_CUDA_TRY(cudaEventRecord(stop_, stream));
    GS_CUDA_TRY(cudaEventSynchronize(stop_));
    float ms = 0.0f;
    GS_CUDA_TRY(cudaEventElapsedTime(&ms, start_, stop_));
    return double(ms);
  }

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

}  // namespace

struct CudaBackend::Impl {
  CudaDeviceInfo device;
  cudaStream_t stream = nullptr;
  EventTimer timer;
  GridSize size;
  cuda::DeviceBuffer u[2];
  cuda::DeviceBuffer v[2];
  int current = 0;  // the pair holding the state
  Params params;
  BlockShape block;
  KernelVariant variant = KernelVariant::Coalesced;
  Timings timings;
  cudaGraphExec_t graph = nullptr;
  GraphKey graph_key;
  int* finite_flag = nullptr;  // one device int for the divergence check
  int* range_slots = nullptr;  // two device ints for the range reduction

  ~Impl() {
    drop_graph();
    if (finite_flag) {
      [[maybe_unused]] const cudaError_t ignored = cudaFree(finite_flag);
    }
    if (range_slots) {
      [[maybe_unused]] const cudaError_t ignored = cudaFree(range_slots);
    }
    if (stream) {
      [[maybe_unused]] const cudaError_t ignored = cudaStreamDestroy(stream);
    }
  }

  void drop_graph() {
    if (graph) {
      [[maybe_unused]] const cudaError_t ignored = cudaGraphExecDestroy(graph);
    }
    graph = nullptr;
  }

  Status require_state() const {
    if (size.cells() == 0) return Error{"no state uploaded to the GPU"};
    return Status::ok();
  }

  Status check_display_target(const DisplayTarget& target) const {
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
    drop_graph();
    u[0] = std::move(fresh[0]);
    v[0] = std::move(fresh[1]);
    u[1] = std::move(fresh[2]);
    v[1] = std::move(fresh[3]);
    size = new_size;
    return Status::ok();
  }

  StepKernelArgs step_args(int source, float* display, bool display_v) const {
    return {u[source].get(),     v[source].get(), u[1 - source].get(),
            v[1 - source].get(), display,         display_v,
            size.width,          size.height,     params};
  }

  // Captures `count` steps (the last one writing the display, if any) into an executable graph.
  Status capture(const GraphKey& key) {
    drop_graph();
    const LaunchShape shape = launch_shape_for(size, key.block, key.variant);
    if (shape.grid.y > 65535)  // CUDA's limit on gridDim.y
      return Error{"a " + to_string(size) + " grid needs " + std::to_string(shape.grid.y) +
                   " blocks along y with a " + std::to_string(key.block.x) + "x" +
                   std::to_string(key.block.y) + " block; CUDA allows 65535: use a taller block"};
    GS_CUDA_TRY(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    cudaError_t launch = cudaSuccess;
    for (int s = 0; s < key.count && launch == cudaSuccess; ++s) {
      const int source = (key.source + s) & 1;
      const bool last = s == key.count - 1;
      launch =
          cuda::launch_step(size, key.block, key.variant,
                            step_args(source, last ? key.display : nullptr, key.display_v), stream);
    }
    cudaGraph_t captured = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &captured);  // always end the capture
    GS_CUDA_TRY(launch);
    GS_CUDA_TRY(ended);
    const cudaError_t instantiated = cudaGraphInstantiate(&graph, captured, 0);
    GS_CUDA_TRY(cudaGraphDestroy(captured));
    GS_CUDA_TRY(instantiated);
    graph_key = key;
    return Status::ok();
  }

  Status run_steps(int count, float* display, bool display_v) {
    GS_TRY(require_state());
    if (count < 0) return Error{"step count must not be negative"};
    timings = {};
    GS_TRY(timer.start(stream));
    if (count == 0) {
      if (display)
        GS_CUDA_TRY(cuda::launch_display(size, display_v ? v[current].get() : u[current].get(),
                                         display, stream));
    } else {
      const GraphKey key{count, current, display, display_v, block, variant, params};
      if (!graph || !(key == graph_key)) GS_TRY(capture(key));
      GS_CUDA_TRY(cudaGraphLaunch(graph, stream));
    }
    Expected<double> ms = timer.stop_ms(stream);
    if (!ms) return ms.status();
    timings.compute_ms = *ms;
    current = (current + count) & 1;
    return Status::ok();
  }

  Status copy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind) {
    timings = {};
    GS_TRY(timer.start(stream));
    GS_CUDA_TRY(cudaMemcpyAsync(to, from, bytes, kind, stream));
    Expected<double> ms = timer.stop_ms(stream);
    if (!ms) return ms.status();
    timings.transfer_ms = *ms;
    return Status::ok();
  }
};

Expected<std::unique_ptr<CudaBackend>> CudaBackend::create(int device) {
  if (auto reason = cuda_unavailable_reason()) return Error{"cuda unavailable: " + *reason};
  Expected<CudaDeviceInfo> info = cuda_device_info(device);
  if (!info) return info.status();
  GS_CUDA_TRY(cudaSetDevice(device));
  auto impl = std::make_unique<Impl>();
  impl->device = *info;
  GS_CUDA_TRY(cudaStreamCreateWithFlags(&impl->stream, cudaStreamNonBlocking));
  GS_TRY(impl->timer.create());
  GS_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&impl->finite_flag), sizeof(int)));
  GS_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&impl->range_slots), 2 * sizeof(int)));
  return std::unique_ptr<CudaBackend>(new CudaBackend(std::move(impl)));
}

CudaBackend::CudaBackend(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CudaBackend::~CudaBackend() = default;

std::string CudaBackend::description() const {
  const CudaDeviceInfo& d = impl_->device;
  return d.name + ", compute " + std::to_string(d.compute_major) + "." +
         std::to_string(d.compute_minor);
}

Status CudaBackend::upload(const Fields& fields) {
  if (fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells())
    return Error{"upload: fields do not match their grid size " + to_string(fields.size)};
  if (fields.size != impl_->size) GS_TRY(impl_->reallocate(fields.size));
  const std::size_t bytes = fields.size.cells() * sizeof(float);
  GS_TRY(impl_->copy(impl_->u[0].get(), fields.u.data(), bytes, cudaMemcpyHostToDevice));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(impl_->copy(impl_->v[0].get(), fields.v.data(), bytes, cudaMemcpyHostToDevice));
  impl_->timings.transfer_ms += u_ms;
  impl_->current = 0;
  return Status::ok();
}

Status CudaBackend::set_params(const Params& params) {
  GS_TRY(validate(params));
  impl_->params = params;
  return Status::ok();
}

Status CudaBackend::step(int count) {
  return impl_->run_steps(count, nullptr, true);
}

Status CudaBackend::step_and_display(int count, DisplayField field, const DisplayTarget& target) {
  GS_TRY(impl_->require_state());
  GS_TRY(impl_->check_display_target(target));
  if (target.space == MemorySpace::Device)
    return impl_->run_steps(count, target.data, field == DisplayField::V);
  GS_TRY(impl_->run_steps(count, nullptr, true));
  const double compute_ms = impl_->timings.compute_ms;
  GS_TRY(write_display(field, target));
  impl_->timings.compute_ms = compute_ms;
  return Status::ok();
}

Status CudaBackend::download(Fields& fields) {
  GS_TRY(impl_->require_state());
  if (fields.size != impl_->size) fields = Fields(impl_->size);
  const std::size_t bytes = impl_->size.cells() * sizeof(float);
  GS_TRY(
      impl_->copy(fields.u.data(), impl_->u[impl_->current].get(), bytes, cudaMemcpyDeviceToHost));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(
      impl_->copy(fields.v.data(), impl_->v[impl_->current].get(), bytes, cudaMemcpyDeviceToHost));
  impl_->timings.transfer_ms += u_ms;
  return Status::ok();
}

Status CudaBackend::write_display(DisplayField field, const DisplayTarget& target) {
  GS_TRY(impl_->require_state());
  GS_TRY(impl_->check_display_target(target));
  if (target.space == MemorySpace::Device)
    return impl_->run_steps(0, target.data, field == DisplayField::V);
  const float* source =
      field == DisplayField::V ? impl_->v[impl_->current].get() : impl_->u[impl_->current].get();
  return impl_->copy(target.data, source, target.count * sizeof(float), cudaMemcpyDeviceToHost);
}

GridSize CudaBackend::size() const {
  return impl_->size;
}
const Params& CudaBackend::params() const {
  return impl_->params;
}
Timings CudaBackend::last_timings() const {
  return impl_->timings;
}
BlockShape CudaBackend::block_shape() const {
  return impl_->block;
}
KernelVariant CudaBackend::kernel_variant() const {
  return impl_->variant;
}

Status CudaBackend::set_launch(BlockShape block, KernelVariant variant) {
  GS_TRY(check_block_shape(block));
  impl_->block = block;
  impl_->variant = variant;
  return Status::ok();
}

Expected<bool> CudaBackend::fields_are_finite() {
  GS_TRY(impl_->require_state());
  const int current = impl_->current;
  GS_CUDA_TRY(cudaMemsetAsync(impl_->finite_flag, 0, sizeof(int), impl_->stream));
  GS_CUDA_TRY(cuda::launch_finite_check(impl_->size, impl_->u[current].get(),
                                        impl_->v[current].get(), impl_->finite_flag,
                                        impl_->stream));
  int flag = 0;
  GS_CUDA_TRY(cudaMemcpyAsync(&flag, impl_->finite_flag, sizeof(int), cudaMemcpyDeviceToHost,
                              impl_->stream));
  GS_CUDA_TRY(cudaStreamSynchronize(impl_->stream));
  return flag == 0;
}

Status CudaBackend::paint(const Brush& brush) {
  GS_TRY(impl_->require_state());
  GS_TRY(check_brush(brush));
  const int current = impl_->current;
  GS_CUDA_TRY(cuda::launch_brush(brush, impl_->u[current].get(), impl_->v[current].get(),
                                 impl_->size, impl_->params.boundary, impl_->stream));
  GS_CUDA_TRY(cudaStreamSynchronize(impl_->stream));
  return Status::ok();
}

Expected<ValueRange> CudaBackend::field_range(DisplayField field) {
  GS_TRY(impl_->require_state());
  const int current = impl_->current;
  const float* values =
      field == DisplayField::U ? impl_->u[current].get() : impl_->v[current].get();
  int slots[2] = {INT_MAX, INT_MIN};
  GS_CUDA_TRY(cudaMemcpyAsync(impl_->range_slots, slots, sizeof slots, cudaMemcpyHostToDevice,
                              impl_->stream));
  GS_CUDA_TRY(
      cuda::launch_range(values, long(impl_->size.cells()), impl_->range_slots, impl_->stream));
  GS_CUDA_TRY(cudaMemcpyAsync(slots, impl_->range_slots, sizeof slots, cudaMemcpyDeviceToHost,
                              impl_->stream));
  GS_CUDA_TRY(cudaStreamSynchronize(impl_->stream));
  if (slots[0] > slots[1]) return ValueRange{0.0f, 0.0f};
  return ValueRange{from_ordered_bits(slots[0]), from_ordered_bits(slots[1])};
}

Expected<CudaBackend::DisplayPathTimes> CudaBackend::measure_display_paths(int repeats) {
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
      if (i > 0) best.device_ms = std::min(best.device_ms, impl_->timings.compute_ms);
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
  cuda::DeviceBuffer from, to;
  const std::size_t count = bytes / sizeof(float);
  GS_CUDA_TRY(from.allocate(count));
  GS_CUDA_TRY(to.allocate(count));
  GS_TRY(impl_->copy(to.get(), from.get(), count * sizeof(float),
                     cudaMemcpyDeviceToDevice));  // warm-up
  double best_ms = 1e30;
  for (int i = 0; i < 5; ++i) {
    GS_TRY(impl_->copy(to.get(), from.get(), count * sizeof(float), cudaMemcpyDeviceToDevice));
    best_ms = std::min(best_ms, impl_->timings.transfer_ms);
  }
  return 2.0 * double(count * sizeof(float)) / (best_ms / 1e3) / 1e9;
}

}  // namespace gs
