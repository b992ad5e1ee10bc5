// The CUDA batched stepper: every grid of a sweep in one pair of device buffers, stepped by one
// launch per step over all of them (the kernel's blockIdx.z picks the grid and its F and k; past
// 65,535 grids, one launch per 65,535). The per-thread body is kernels/batched_step_kernel_body.h,
// which the engine's tests run through the CPU launch emulator. Every call sets the stepper's
// device first, as the CUDA backend's do.
#include <algorithm>
#include <string>
#include <vector>

#include "batched_steppers.h"
#include "cuda_check.h"
#include "device_buffer.h"
#include "gs/cuda_backend.h"
#include "gs/termination.h"
#include "kernels/batched_step_kernel_body.h"
#include "replication_copies.h"
#include "step_kernels.h"

namespace gs {
namespace {

__device__ Dim3 as_dim3(const dim3& d) {
  return Dim3{d.x, d.y, d.z};
}

template <Laplacian L>
__global__ void batched_step_kernel(BatchedStepArgs args) {
  batched_step_kernel_body<L>(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), args);
}

// One step of every grid: one launch per kMaxGridsPerLaunch grids.
cudaError_t launch_batched_step(GridSize size, BlockShape block, BatchedStepArgs args,
                                cudaStream_t stream) {
  for (int first = 0; first < args.grids; first += kMaxGridsPerLaunch) {
    args.first_grid = first;
    const int count = std::min(kMaxGridsPerLaunch, args.grids - first);
    const LaunchShape shape = batched_launch_shape(size, block, count);
    const dim3 grid(shape.grid.x, shape.grid.y, shape.grid.z);
    const dim3 threads(shape.block.x, shape.block.y, shape.block.z);
    switch (args.params.laplacian) {
      case Laplacian::FivePoint:
        batched_step_kernel<Laplacian::FivePoint><<<grid, threads, 0, stream>>>(args);
        break;
      case Laplacian::NinePoint:
        batched_step_kernel<Laplacian::NinePoint><<<grid, threads, 0, stream>>>(args);
        break;
      case Laplacian::Course:
        batched_step_kernel<Laplacian::Course><<<grid, threads, 0, stream>>>(args);
        break;
    }
    if (const cudaError_t code = cudaGetLastError(); code != cudaSuccess) return code;
  }
  return cudaSuccess;
}

class CudaBatchedStepper final : public BatchedStepper {
 public:
  CudaBatchedStepper(CudaDeviceInfo device, BlockShape block) : device_(device), block_(block) {}
  ~CudaBatchedStepper() override {
    // Failures here have no caller to tell (as DeviceBuffer's). The buffers are freed after this
    // body, on the stepper's own device too.
    [[maybe_unused]] const cudaError_t current = cudaSetDevice(device_.index);
    release_rates();
    if (stream_) {
      [[maybe_unused]] const cudaError_t ignored = cudaStreamDestroy(stream_);
    }
  }
  CudaBatchedStepper(const CudaBatchedStepper&) = delete;
  CudaBatchedStepper& operator=(const CudaBatchedStepper&) = delete;

  Status create_stream() {
    GS_CUDA_TRY(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    return Status::ok();
  }

  BackendKind kind() const override { return BackendKind::Cuda; }
  std::string description() const override {
    return device_.name + ", every grid in one launch per step";
  }

  // The initial state crosses to the device once; the copies of it are made there
  // (replication_copies.h).
  Status start(const Fields& given, const Params& params, const std::vector<Rates>& rates,
               const std::vector<Rates>& style_rates) override {
    if (params.map.enabled) return Error{"a batch of grids takes no parameter map"};
    if (!style_rates.empty() && style_rates.size() != rates.size())
      return Error{"a batch's set B rates do not match its grids"};
    Fields scratch;
    const Fields& initial = floored_state(given, scratch);  // as the twin's copy_in floors it
    if (initial.u.size() != initial.size.cells() || initial.v.size() != initial.size.cells())
      return Error{"a batch's initial fields do not match their grid size " +
                   to_string(initial.size)};
    GS_CUDA_TRY(cudaSetDevice(device_.index));
    // The old grids go first (a new batch may need their memory); a failed start leaves none.
    started_ = false;
    for (int i = 0; i < 2; ++i) u_[i] = cuda::DeviceBuffer(), v_[i] = cuda::DeviceBuffer();
    release_rates();
    const std::size_t cells = initial.size.cells(), all = cells * rates.size();
    for (int i = 0; i < 2; ++i) {
      GS_TRY(allocated(u_[i].allocate(all), initial.size, rates.size()));
      GS_TRY(allocated(v_[i].allocate(all), initial.size, rates.size()));
    }
    // Set A's rates, then set B's where they vary by grid.
    const std::size_t rate_count = rates.size() + style_rates.size();
    GS_TRY(allocated(cudaMalloc(reinterpret_cast<void**>(&rates_), rate_count * sizeof(Rates)),
                     initial.size, rates.size()));
    GS_CUDA_TRY(cudaMemcpyAsync(rates_, rates.data(), rates.size() * sizeof(Rates),
                                cudaMemcpyHostToDevice, stream_));
    if (!style_rates.empty())
      GS_CUDA_TRY(cudaMemcpyAsync(rates_ + rates.size(), style_rates.data(),
                                  style_rates.size() * sizeof(Rates), cudaMemcpyHostToDevice,
                                  stream_));
    style_rates_ = !style_rates.empty();
    const std::size_t grid_bytes = cells * sizeof(float);
    GS_CUDA_TRY(cudaMemcpyAsync(u_[0].get(), initial.u.data(), grid_bytes, cudaMemcpyHostToDevice,
                                stream_));
    GS_CUDA_TRY(cudaMemcpyAsync(v_[0].get(), initial.v.data(), grid_bytes, cudaMemcpyHostToDevice,
                                stream_));
    for (const cuda::GridCopy& copy : cuda::replication_copies((long long)rates.size()))
      for (float* field : {u_[0].get(), v_[0].get()})
        GS_CUDA_TRY(cudaMemcpyAsync(field + std::size_t(copy.to) * cells, field,
                                    std::size_t(copy.count) * grid_bytes, cudaMemcpyDeviceToDevice,
                                    stream_));
    GS_TRY(start_style(initial, params));
    GS_CUDA_TRY(cudaStreamSynchronize(stream_));
    size_ = initial.size;
    params_ = params;
    grids_ = int(rates.size());
    current_ = 0;
    started_ = true;
    return Status::ok();
  }

  // Waits for the GPU every few hundred steps, so Ctrl-C is noticed promptly.
  Status step(long long count) override {
    GS_TRY(require_grids());
    constexpr long long kStepsBetweenChecks = 256;
    for (long long s = 0; s < count; ++s) {
      const BatchedStepArgs args{u_[current_].get(),
                                 v_[current_].get(),
                                 u_[1 - current_].get(),
                                 v_[1 - current_].get(),
                                 rates_,
                                 params_.style.enabled ? style_.get() : nullptr,
                                 size_.width,
                                 size_.height,
                                 0,
                                 grids_,
                                 params_,
                                 style_rates_ ? rates_ + grids_ : nullptr};
      GS_CUDA_TRY(launch_batched_step(size_, block_, args, stream_));
      current_ = 1 - current_;
      if ((s + 1) % kStepsBetweenChecks == 0) {
        GS_CUDA_TRY(cudaStreamSynchronize(stream_));
        if (termination_requested()) return Error{"interrupted"};
      }
    }
    GS_CUDA_TRY(cudaStreamSynchronize(stream_));
    return Status::ok();
  }

  Status read_v(std::vector<float>& v) override {
    GS_TRY(require_grids());
    v.resize(size_.cells() * std::size_t(grids_));
    GS_CUDA_TRY(cudaMemcpyAsync(v.data(), v_[current_].get(), v.size() * sizeof(float),
                                cudaMemcpyDeviceToHost, stream_));
    GS_CUDA_TRY(cudaStreamSynchronize(stream_));
    return Status::ok();
  }

 private:
  // Every call runs on the stepper's own device, whatever another part of the program made
  // current on this thread (the backend's rule); and only on grids a start made.
  Status require_grids() const {
    GS_CUDA_TRY(cudaSetDevice(device_.index));
    if (!started_) return Error{"no grids started on the GPU"};
    return Status::ok();
  }

  // An allocation's outcome. Its failure is not sticky but stays the thread's last error, which
  // the next launch's check would report as its own: cleared here, and said with CUDA's text.
  Status allocated(cudaError_t code, GridSize size, std::size_t grids) const {
    if (code == cudaSuccess) return Status::ok();
    cudaGetLastError();
    const double gb = 4.0 * double(size.cells()) * double(grids) * sizeof(float) / 1e9;
    return Error{"cannot allocate " + std::to_string(grids) + " grids of " + to_string(size) +
                 " (" + std::to_string(gb).substr(0, 5) + " GB) on " + device_.name + ": " +
                 cudaGetErrorString(code)};
  }

  // One grid's style map, which every grid of the batch shares: the state's, or zeros (set A
  // everywhere) where it brings none; none outside style-map mode.
  Status start_style(const Fields& initial, const Params& params) {
    style_.reset();
    if (!params.style.enabled) return Status::ok();
    const std::size_t cells = initial.size.cells();
    GS_TRY(allocated(style_.allocate(cells), initial.size, 1));
    if (initial.style.empty())
      GS_CUDA_TRY(cudaMemsetAsync(style_.get(), 0, cells, stream_));
    else
      GS_CUDA_TRY(cudaMemcpyAsync(style_.get(), initial.style.data(), cells, cudaMemcpyHostToDevice,
                                  stream_));
    return Status::ok();
  }

  void release_rates() {
    if (rates_) {
      [[maybe_unused]] const cudaError_t ignored = cudaFree(rates_);
    }
    rates_ = nullptr;
  }

  CudaDeviceInfo device_;
  BlockShape block_;
  cudaStream_t stream_ = nullptr;
  GridSize size_;
  Params params_;
  int grids_ = 0;
  cuda::DeviceBuffer u_[2], v_[2];
  cuda::DeviceArray<std::uint8_t> style_;
  Rates* rates_ = nullptr;  // set A's per grid, then set B's where style_rates_
  bool style_rates_ = false;
  int current_ = 0;
  bool started_ = false;
};

}  // namespace

Expected<std::unique_ptr<BatchedStepper>> make_cuda_batched_stepper(const BackendOptions& options) {
  if (auto reason = cuda_unavailable_reason()) return Error{"cuda unavailable: " + *reason};
  Expected<CudaDeviceInfo> info = cuda_device_info(options.cuda_device);
  if (!info) return info.status();
  GS_CUDA_TRY(cudaSetDevice(options.cuda_device));
  if (Status runs = cuda::check_kernels_run_here(options.cuda_device); !runs)
    return Error{"cuda unavailable: " + runs.message()};
  if (options.variant == KernelVariant::Strided)
    return Error{"a batch of grids runs the coalesced kernel only"};
  auto stepper = std::make_unique<CudaBatchedStepper>(*info, options.block.value_or(BlockShape{}));
  GS_TRY(stepper->create_stream());
  return std::unique_ptr<BatchedStepper>(std::move(stepper));
}

}  // namespace gs
