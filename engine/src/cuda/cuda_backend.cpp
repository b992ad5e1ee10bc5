// The CUDA backend's Backend interface: copies in and out (timed), steps through the
// step graphs (timed by events read later), display writes, the brush, the reductions.
#include "cuda_backend_impl.h"

namespace gs {

Expected<std::unique_ptr<CudaBackend>> CudaBackend::create(int device) {
  if (auto reason = cuda_unavailable_reason()) return Error{"cuda unavailable: " + *reason};
  Expected<CudaDeviceInfo> info = cuda_device_info(device);
  if (!info) return info.status();
  GS_CUDA_TRY(cudaSetDevice(device));
  if (Status runs = cuda::check_kernels_run_here(device); !runs)
    return Error{"cuda unavailable: " + runs.message()};
  auto impl = std::make_unique<Impl>();
  impl->device = *info;
  GS_CUDA_TRY(cudaStreamCreateWithFlags(&impl->stream, cudaStreamNonBlocking));
  GS_TRY(impl->step_timer.create());
  GS_TRY(impl->copies.create());
  GS_CUDA_TRY(cudaMalloc(reinterpret_cast<void**>(&impl->finite_flag), sizeof(int)));
  GS_TRY(impl->ranges.create());
  GS_CUDA_TRY(cudaEventCreateWithFlags(&impl->source_ready, cudaEventDisableTiming));
  GS_CUDA_TRY(cudaEventCreateWithFlags(&impl->rows_copied, cudaEventDisableTiming));
  return std::unique_ptr<CudaBackend>(new CudaBackend(std::move(impl)));
}

CudaBackend::CudaBackend(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CudaBackend::~CudaBackend() = default;

std::string CudaBackend::description() const {
  const CudaDeviceInfo& d = impl_->device;
  return d.name + ", compute " + std::to_string(d.compute_major) + "." +
         std::to_string(d.compute_minor);
}

Status CudaBackend::copy_in(const Fields& given) {
  GS_TRY(impl_->make_current());
  if (given.u.size() != given.size.cells() || given.v.size() != given.size.cells())
    return Error{"copy in: fields do not match their grid size " + to_string(given.size)};
  if (!given.style.empty() && given.style.size() != given.size.cells())
    return Error{"copy in: the style map does not match the grid size " + to_string(given.size)};
  Fields scratch;
  const Fields& fields = floored_state(given, scratch);
  if (fields.size != impl_->size) GS_TRY(impl_->reallocate(fields.size));
  const std::size_t bytes = fields.size.cells() * sizeof(float);
  GS_TRY(impl_->copy(impl_->u[0].get(), fields.u.data(), bytes, cudaMemcpyHostToDevice));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(impl_->copy(impl_->v[0].get(), fields.v.data(), bytes, cudaMemcpyHostToDevice));
  const double uv_ms = u_ms + impl_->timings.transfer_ms;
  impl_->current = 0;
  GS_TRY(impl_->copy_style_in(given.style));
  impl_->timings.transfer_ms = uv_ms + (given.style.empty() ? 0.0 : impl_->timings.transfer_ms);
  return Status::ok();
}

Status CudaBackend::set_params(const Params& params) {
  GS_TRY(validate(params));
  impl_->params = params;
  return impl_->fill_missing_style();
}

Status CudaBackend::step(int count) {
  return impl_->run_steps(count, {});
}

Status CudaBackend::step_and_display(int count, DisplayField field, const DisplayTarget& target) {
  GS_TRY(impl_->require_state());
  GS_TRY(impl_->check_display_target(target));
  const bool v = field == DisplayField::V;
  if (target.space == MemorySpace::Device) return impl_->run_steps(count, {target.data, v});
  GS_TRY(impl_->run_steps(count, {}));
  GS_TRY(write_display(field, target));  // waits for the steps: the host needs the field
  const double transfer_ms = impl_->timings.transfer_ms;
  GS_TRY(impl_->note_step_call());
  impl_->timings.transfer_ms = transfer_ms;
  return Status::ok();
}

Status CudaBackend::copy_out(Fields& fields) {
  GS_TRY(impl_->require_state());
  if (fields.size != impl_->size) fields = Fields(impl_->size);
  const std::size_t bytes = impl_->size.cells() * sizeof(float);
  GS_TRY(
      impl_->copy(fields.u.data(), impl_->u[impl_->current].get(), bytes, cudaMemcpyDeviceToHost));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(
      impl_->copy(fields.v.data(), impl_->v[impl_->current].get(), bytes, cudaMemcpyDeviceToHost));
  const double uv_ms = u_ms + impl_->timings.transfer_ms;
  fields.style.clear();
  if (impl_->style.get()) {
    fields.style.resize(impl_->size.cells());
    GS_TRY(impl_->copy(fields.style.data(), impl_->style.get(), fields.style.size(),
                       cudaMemcpyDeviceToHost));
    impl_->timings.transfer_ms += uv_ms;
  } else {
    impl_->timings.transfer_ms = uv_ms;
  }
  return Status::ok();
}

Status CudaBackend::read_rows(int first, int count, Fields& rows) {
  GS_TRY(impl_->require_state());
  GS_TRY(check_rows(impl_->size, first, count));
  const int width = impl_->size.width;
  if (rows.size != GridSize{width, count}) rows = Fields({width, count});
  const std::size_t offset = std::size_t(first) * std::size_t(width);
  const std::size_t bytes = rows.size.cells() * sizeof(float);
  GS_TRY(impl_->copy(rows.u.data(), impl_->u[impl_->current].get() + offset, bytes,
                     cudaMemcpyDeviceToHost));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(impl_->copy(rows.v.data(), impl_->v[impl_->current].get() + offset, bytes,
                     cudaMemcpyDeviceToHost));
  impl_->timings.transfer_ms += u_ms;
  return Status::ok();
}

Status CudaBackend::write_rows(int first, const Fields& given) {
  GS_TRY(impl_->make_current());
  GS_TRY(impl_->require_state());
  GS_TRY(check_rows(impl_->size, first, given.size.height, &given));
  Fields scratch;
  const Fields& rows = floored_state(given, scratch);
  const std::size_t offset = std::size_t(first) * std::size_t(impl_->size.width);
  const std::size_t bytes = rows.size.cells() * sizeof(float);
  GS_TRY(impl_->copy(impl_->u[impl_->current].get() + offset, rows.u.data(), bytes,
                     cudaMemcpyHostToDevice));
  const double u_ms = impl_->timings.transfer_ms;
  GS_TRY(impl_->copy(impl_->v[impl_->current].get() + offset, rows.v.data(), bytes,
                     cudaMemcpyHostToDevice));
  impl_->timings.transfer_ms += u_ms;
  return Status::ok();
}

std::optional<DeviceState> CudaBackend::device_state() const {
  if (impl_->size.cells() == 0) return std::nullopt;
  const int current = impl_->current;
  return DeviceState{device_stream(), impl_->u[current].get(), impl_->v[current].get(),
                     impl_->size};
}

Status CudaBackend::copy_rows_from(Backend& source, int first, int count, int into) {
  const std::optional<DeviceState> from = source.device_state();
  if (!from || &source == this || from->stream.device != impl_->device.index)
    return Backend::copy_rows_from(source, first, count, into);
  GS_TRY(impl_->require_state());
  GS_TRY(check_rows(from->size, first, count));
  GS_TRY(check_rows(impl_->size, into, count));
  if (from->size.width != impl_->size.width)
    return Error{"copy rows: a grid " + std::to_string(from->size.width) + " cells wide into one " +
                 std::to_string(impl_->size.width) + " wide"};
  const std::size_t width = std::size_t(impl_->size.width);
  const std::size_t bytes = std::size_t(count) * width * sizeof(float);
  const std::size_t from_offset = std::size_t(first) * width, to_offset = std::size_t(into) * width;
  cudaStream_t theirs = static_cast<cudaStream_t>(from->stream.stream);
  // After the source's queued work (its steps and halo writes), before its next: the copies
  // read rows its next step overwrites.
  GS_CUDA_TRY(cudaEventRecord(impl_->source_ready, theirs));
  GS_CUDA_TRY(cudaStreamWaitEvent(impl_->stream, impl_->source_ready, 0));
  GS_CUDA_TRY(cudaMemcpyAsync(impl_->u[impl_->current].get() + to_offset, from->u + from_offset,
                              bytes, cudaMemcpyDeviceToDevice, impl_->stream));
  GS_CUDA_TRY(cudaMemcpyAsync(impl_->v[impl_->current].get() + to_offset, from->v + from_offset,
                              bytes, cudaMemcpyDeviceToDevice, impl_->stream));
  GS_CUDA_TRY(cudaEventRecord(impl_->rows_copied, impl_->stream));
  GS_CUDA_TRY(cudaStreamWaitEvent(theirs, impl_->rows_copied, 0));
  return Status::ok();
}

namespace {

// cudaHostRegister's guard: unregisters on the device it was registered on.
class CudaPinnedHostMemory final : public PinnedHostMemory {
 public:
  CudaPinnedHostMemory(void* data, int device) : data_(data), device_(device) {}
  ~CudaPinnedHostMemory() override {
    [[maybe_unused]] const cudaError_t current = cudaSetDevice(device_);
    [[maybe_unused]] const cudaError_t unpinned = cudaHostUnregister(data_);
  }
  CudaPinnedHostMemory(const CudaPinnedHostMemory&) = delete;
  CudaPinnedHostMemory& operator=(const CudaPinnedHostMemory&) = delete;

 private:
  void* data_;
  int device_;
};

}  // namespace

std::unique_ptr<PinnedHostMemory> CudaBackend::pin_host_memory(void* data, std::size_t bytes) {
  if (data == nullptr || bytes == 0 || !impl_->make_current()) return nullptr;
  // Portable: the other backends of this process (a rank's second one) copy through it too.
  if (cudaHostRegister(data, bytes, cudaHostRegisterPortable) != cudaSuccess) {
    cudaGetLastError();  // not sticky: clear it; the copies go through the driver's staging
    return nullptr;
  }
  return std::make_unique<CudaPinnedHostMemory>(data, impl_->device.index);
}

Status CudaBackend::write_display(DisplayField field, const DisplayTarget& target) {
  GS_TRY(impl_->require_state());
  GS_TRY(impl_->check_display_target(target));
  if (target.space == MemorySpace::Device)
    return impl_->run_steps(0, {target.data, field == DisplayField::V});
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
const CudaDeviceInfo& CudaBackend::device() const {
  return impl_->device;
}

Expected<Timings> CudaBackend::finish() {
  GS_TRY(impl_->make_current());
  GS_CUDA_TRY(cudaStreamSynchronize(impl_->stream));
  if (impl_->last_call_stepped) {
    Expected<cuda::CallTimer::Finished> newest = impl_->step_timer.wait_newest();
    if (!newest) return newest.status();
    impl_->timings.compute_ms = newest->ms;
    impl_->timings.steps = newest->steps;
  }
  return impl_->timings;
}

DeviceStream CudaBackend::device_stream() const {
  return {impl_->device.index, impl_->stream};
}

BlockShape CudaBackend::block_shape() const {
  return impl_->block;
}
KernelVariant CudaBackend::kernel_variant() const {
  return impl_->variant;
}
long long CudaBackend::graph_builds() const {
  return impl_->graphs.builds();
}

BackendCapabilities CudaBackend::capabilities() const {
  BackendCapabilities can;
  can.launch_shape = true;
  can.device_memory = true;
  can.interop = true;
  can.gpu_measurements = true;
  return can;
}

Status CudaBackend::configure(const BackendOptions& options) {
  if (!options.block && !options.variant) return Status::ok();
  return set_launch(options.block.value_or(impl_->block), options.variant.value_or(impl_->variant));
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
  if (brush.style != BrushStyle::None) {
    // Painting a style where there is no map yet starts one: set A everywhere.
    if (!impl_->style.get()) {
      GS_CUDA_TRY(impl_->style.allocate(impl_->size.cells()));
      GS_CUDA_TRY(cudaMemsetAsync(impl_->style.get(), 0, impl_->size.cells(), impl_->stream));
    }
    GS_CUDA_TRY(cuda::launch_style_brush(brush, impl_->style.get(), impl_->size,
                                         impl_->params.boundary, impl_->stream));
    return Status::ok();
  }
  // Stream-ordered after the steps before it; nothing to wait for.
  GS_CUDA_TRY(cuda::launch_brush(brush, impl_->u[current].get(), impl_->v[current].get(),
                                 impl_->size, impl_->params.boundary, impl_->stream));
  return Status::ok();
}

Expected<ValueRange> CudaBackend::field_range(DisplayField field) {
  GS_TRY(impl_->require_state());
  return impl_->ranges.measure(impl_->field(field), long(impl_->size.cells()), field,
                               impl_->range_shape(), impl_->stream);
}

Expected<std::optional<ValueRange>> CudaBackend::recent_field_range(DisplayField field) {
  GS_TRY(impl_->require_state());
  return impl_->ranges.recent(impl_->field(field), long(impl_->size.cells()), field,
                              impl_->range_shape(), impl_->stream);
}

}  // namespace gs
