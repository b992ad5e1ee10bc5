#include <string>

#include "step_kernels.h"

namespace gs::cuda {
namespace {

__device__ Dim3 as_dim3(const dim3& d) {
  return Dim3{d.x, d.y, d.z};
}

template <Laplacian L, KernelVariant V>
__global__ void step_kernel(StepKernelArgs args) {
  step_kernel_body<L>(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), V, args);
}

__global__ void display_kernel(const float* field, float* display, int width, int height) {
  display_kernel_body(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), field, display,
                      width, height);
}

__global__ void finite_check_kernel(const float* u, const float* v, int width, int height,
                                    int* flag) {
  finite_check_kernel_body(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), u, v, width,
                           height, flag);
}

__global__ void range_kernel(const float* field, long count, int* slots) {
  range_kernel_body(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), as_dim3(gridDim),
                    field, count, slots);
}

__global__ void brush_kernel(Brush brush, float* u, float* v, int width, int height,
                             Boundary boundary) {
  brush_kernel_body(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), brush, u, v, width,
                    height, boundary);
}

__global__ void style_brush_kernel(Brush brush, std::uint8_t* style, int width, int height,
                                   Boundary boundary) {
  style_brush_kernel_body(as_dim3(blockIdx), as_dim3(threadIdx), as_dim3(blockDim), brush, style,
                          width, height, boundary);
}

dim3 to_dim3(Dim3 d) {
  return dim3(d.x, d.y, d.z);
}

template <Laplacian L>
void launch_for_laplacian(const LaunchShape& shape, KernelVariant variant,
                          const StepKernelArgs& args, cudaStream_t stream) {
  if (variant == KernelVariant::Coalesced)
    step_kernel<L, KernelVariant::Coalesced>
        <<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(args);
  else
    step_kernel<L, KernelVariant::Strided>
        <<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(args);
}

template <Laplacian L>
const void* step_kernel_for(KernelVariant variant) {
  return variant == KernelVariant::Coalesced
             ? reinterpret_cast<const void*>(&step_kernel<L, KernelVariant::Coalesced>)
             : reinterpret_cast<const void*>(&step_kernel<L, KernelVariant::Strided>);
}

}  // namespace

const void* step_kernel_function(Laplacian laplacian, KernelVariant variant) {
  switch (laplacian) {
    case Laplacian::FivePoint:
      return step_kernel_for<Laplacian::FivePoint>(variant);
    case Laplacian::NinePoint:
      return step_kernel_for<Laplacian::NinePoint>(variant);
    case Laplacian::Course:
      break;
  }
  return step_kernel_for<Laplacian::Course>(variant);
}

Status check_kernels_run_here(int device) {
  cudaFuncAttributes attributes{};
  const cudaError_t code = cudaFuncGetAttributes(
      &attributes, step_kernel_function(Laplacian::Course, KernelVariant::Coalesced));
  if (code == cudaSuccess) return Status::ok();
  cudaGetLastError();  // not sticky: the CPU twin takes over cleanly
  cudaDeviceProp properties{};
  const std::string name = cudaGetDeviceProperties(&properties, device) == cudaSuccess
                               ? std::string(properties.name) + " (compute " +
                                     std::to_string(properties.major) + "." +
                                     std::to_string(properties.minor) + ")"
                               : "device " + std::to_string(device);
  return Error{"this build's kernels cannot run on " + name + ": " + cudaGetErrorString(code) +
               " (built for " GS_CUDA_ARCHITECTURES_TEXT ")"};
}

cudaError_t launch_step(GridSize size, BlockShape block, KernelVariant variant,
                        const StepKernelArgs& args, cudaStream_t stream) {
  const LaunchShape shape = launch_shape_for(size, block, variant);
  switch (args.params.laplacian) {
    case Laplacian::FivePoint:
      launch_for_laplacian<Laplacian::FivePoint>(shape, variant, args, stream);
      break;
    case Laplacian::NinePoint:
      launch_for_laplacian<Laplacian::NinePoint>(shape, variant, args, stream);
      break;
    case Laplacian::Course:
      launch_for_laplacian<Laplacian::Course>(shape, variant, args, stream);
      break;
  }
  return cudaGetLastError();
}

cudaError_t launch_display(GridSize size, const float* field, float* display, cudaStream_t stream) {
  const LaunchShape shape = field_launch_shape(size);
  display_kernel<<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(field, display,
                                                                           size.width, size.height);
  return cudaGetLastError();
}

cudaError_t launch_finite_check(GridSize size, const float* u, const float* v, int* flag,
                                cudaStream_t stream) {
  const LaunchShape shape = field_launch_shape(size);
  finite_check_kernel<<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(u, v, size.width,
                                                                                size.height, flag);
  return cudaGetLastError();
}

cudaError_t launch_range(const float* field, long count, int* slots, const LaunchShape& shape,
                         cudaStream_t stream) {
  range_kernel<<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(field, count, slots);
  return cudaGetLastError();
}

cudaError_t launch_brush(const Brush& brush, float* u, float* v, GridSize size, Boundary boundary,
                         cudaStream_t stream) {
  const LaunchShape shape = brush_launch_shape(brush);
  brush_kernel<<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(brush, u, v, size.width,
                                                                         size.height, boundary);
  return cudaGetLastError();
}

cudaError_t launch_style_brush(const Brush& brush, std::uint8_t* style, GridSize size,
                               Boundary boundary, cudaStream_t stream) {
  const LaunchShape shape = style_brush_launch_shape(brush, size.width, size.height, boundary);
  if (shape.grid.x == 0 || shape.grid.y == 0) return cudaSuccess;  // an empty launch is an error
  style_brush_kernel<<<to_dim3(shape.grid), to_dim3(shape.block), 0, stream>>>(
      brush, style, size.width, size.height, boundary);
  return cudaGetLastError();
}

}  // namespace gs::cuda
