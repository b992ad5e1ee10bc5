// The per-thread bodies of the CUDA kernels, as GS_HD functions: the cell from block and thread
// indices, the bounds test, the update (through gs/cell_update.h) and the writes. The CUDA
// kernels are one-line wrappers around these; the CPU launch emulator runs them on the host.
#pragma once

#include <cstdint>

#include "gs/cell_update.h"
#include "gs/launch_shape.h"

namespace gs {

// Everything one step kernel reads and writes. display is null when the step does not also
// write the display field (only the last step of a call does); style is read in style-map mode
// only (Params::style).
// The fields never overlap (GS_RESTRICT lets the GPU read u, v and the style through its
// read-only cache).
struct StepKernelArgs {
  const float* GS_RESTRICT u;
  const float* GS_RESTRICT v;
  float* GS_RESTRICT u_out;
  float* GS_RESTRICT v_out;
  const std::uint8_t* GS_RESTRICT style;
  float* GS_RESTRICT display;
  bool display_v;  // which field goes to display: v (true) or u
  int width;
  int height;
  Params params;
};

template <Laplacian L>
GS_HD void step_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                            KernelVariant variant, const StepKernelArgs& a) {
  const CellIndex cell = cell_of_thread(block_index, thread_index, block_dim, variant);
  if (cell.x >= a.width || cell.y >= a.height) return;
  const CellValues next =
      next_cell_values_at<L>(a.u, a.v, a.style, cell.x, cell.y, a.width, a.height, a.params);
  const long i = long(cell.y) * a.width + cell.x;
  a.u_out[i] = next.u;
  a.v_out[i] = next.v;
  if (a.display) a.display[i] = a.display_v ? next.v : next.u;
}

// Copies the chosen field into a display buffer (a display write with no step to fuse into).
GS_HD void display_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                               const float* field, float* display, int width, int height) {
  const CellIndex cell =
      cell_of_thread(block_index, thread_index, block_dim, KernelVariant::Coalesced);
  if (cell.x >= width || cell.y >= height) return;
  const long i = long(cell.y) * width + cell.x;
  display[i] = field[i];
}

// Raises *flag when the thread's cell of u or v is NaN or infinite (the divergence check).
GS_HD void finite_check_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                                    const float* u, const float* v, int width, int height,
                                    int* flag) {
  const CellIndex cell =
      cell_of_thread(block_index, thread_index, block_dim, KernelVariant::Coalesced);
  if (cell.x >= width || cell.y >= height) return;
  const long i = long(cell.y) * width + cell.x;
  // x - x is 0 for finite x and NaN for NaN or infinity: no isfinite needed on either machine.
  if (!((u[i] - u[i]) == 0.0f) || !((v[i] - v[i]) == 0.0f)) *flag = 1;
}

}  // namespace gs
