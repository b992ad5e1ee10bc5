// Launchers for the step and display kernels (step_kernels.cu). Each kernel is a thin wrapper
// around its GS_HD per-thread body in gs/step_kernel_body.h; a launch's shape always comes from
// gs::launch_shape_for, which the CPU launch emulator tests use too.
#pragma once

#include <cuda_runtime.h>

#include "gs/launch_shape.h"
#include "gs/status.h"
#include "kernels/brush_kernel_body.h"
#include "kernels/range_kernel_body.h"
#include "kernels/step_kernel_body.h"
#include "kernels/style_brush_kernel_body.h"

namespace gs::cuda {

// The step kernel for a Laplacian and variant, as graph nodes name it; its one parameter is a
// StepKernelArgs.
const void* step_kernel_function(Laplacian laplacian, KernelVariant variant);

// Whether this binary holds code the current device can run (a GPU older than the built
// architectures has none); the error says which device and which architectures were built.
Status check_kernels_run_here(int device);

// Enqueues one step on the stream; returns the launch's error (cudaGetLastError).
cudaError_t launch_step(GridSize size, BlockShape block, KernelVariant variant,
                        const StepKernelArgs& args, cudaStream_t stream);

// Enqueues a copy of `field` into `display` (a display write with no step to fuse into).
cudaError_t launch_display(GridSize size, const float* field, float* display, cudaStream_t stream);

// Enqueues the divergence check: *flag becomes 1 if any cell of u or v is not finite.
cudaError_t launch_finite_check(GridSize size, const float* u, const float* v, int* flag,
                                cudaStream_t stream);

// Enqueues the range reduction into slots[0..1] (ordered-int min and max, preset by the caller)
// over `shape` (range_launch_shape, from the device's multiprocessors).
cudaError_t launch_range(const float* field, long count, int* slots, const LaunchShape& shape,
                         cudaStream_t stream);

// Enqueues the brush over its bounding square.
cudaError_t launch_brush(const Brush& brush, float* u, float* v, GridSize size, Boundary boundary,
                         cudaStream_t stream);

// Enqueues a style brush (BrushStyle::TowardA or TowardB) over the style map's bytes; nothing
// when the brush's window holds no cell of the grid.
cudaError_t launch_style_brush(const Brush& brush, std::uint8_t* style, GridSize size,
                               Boundary boundary, cudaStream_t stream);

}  // namespace gs::cuda
