// The per-thread bodies of the CUDA kernels, as GS_HD functions: the cells from block and thread
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

// Writes one cell's next values (and the display field's, when this step writes it).
GS_HD void write_cell(const StepKernelArgs& a, int x, int y, const CellValues& next) {
  const long i = long(y) * a.width + x;
  a.u_out[i] = next.u;
  a.v_out[i] = next.v;
  if (a.display) a.display[i] = a.display_v ? next.v : next.u;
}

// The values of one field's row at x - 1, x and x + 1 (the boundary already applied along x).
struct RowWindow {
  float at[3];
};
GS_HD RowWindow row_window(const float* field, int row, int width, int x_left, int x, int x_right) {
  const float* r = field + long(row) * width;
  return {{r[x_left], r[x], r[x_right]}};
}

// The coalesced kernel's thread: kCoalescedCellsPerThread cells down column x from y0. The three
// rows around a cell stay in registers as the thread moves down, so each cell loads one new row
// of u and v. Each cell's arithmetic is exactly the single-cell path's (the same laplacian_at on
// the same values): the bits stay the twin's.
template <Laplacian L>
GS_HD void step_column(const StepKernelArgs& a, int x, int y0) {
  const Boundary boundary = a.params.boundary;
  const int x_left = neighbour_index(x - 1, a.width, boundary);
  const int x_right = neighbour_index(x + 1, a.width, boundary);
  const auto window = [&](const float* field, int row) {
    return row_window(field, row, a.width, x_left, x, x_right);
  };
  const int above = neighbour_index(y0 - 1, a.height, boundary);
  RowWindow u_above = window(a.u, above), u_row = window(a.u, y0);
  RowWindow v_above = window(a.v, above), v_row = window(a.v, y0);
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int j = 0; j < kCoalescedCellsPerThread; ++j) {
    const int y = y0 + j;
    if (y >= a.height) return;
    const int below = neighbour_index(y + 1, a.height, boundary);
    const RowWindow u_below = window(a.u, below), v_below = window(a.v, below);
    const float lap_u = laplacian_at<L>(u_above.at, u_row.at, u_below.at, 0, 1, 2);
    const float lap_v = laplacian_at<L>(v_above.at, v_row.at, v_below.at, 0, 1, 2);
    CellValues next;
    react_diffuse(u_row.at[1], v_row.at[1], lap_u, lap_v,
                  cell_params_at<L>(a.params, a.style, x, y, a.width, a.height), a.params.dt,
                  next.u, next.v);
    write_cell(a, x, y, next);
    u_above = u_row;
    u_row = u_below;
    v_above = v_row;
    v_row = v_below;
  }
}

template <Laplacian L>
GS_HD void step_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                            KernelVariant variant, const StepKernelArgs& a) {
  const CellIndex first = first_cell_of_thread(block_index, thread_index, block_dim, variant);
  if (first.x >= a.width || first.y >= a.height) return;
  if (variant == KernelVariant::Coalesced) return step_column<L>(a, first.x, first.y);
  // The strided teaching kernel: one cell a thread, every neighbour loaded.
  write_cell(
      a, first.x, first.y,
      next_cell_values_at<L>(a.u, a.v, a.style, first.x, first.y, a.width, a.height, a.params));
}

// Copies the chosen field into a display buffer (a display write with no step to fuse into).
GS_HD void display_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                               const float* field, float* display, int width, int height) {
  const CellIndex cell = cell_of_thread(block_index, thread_index, block_dim);
  if (cell.x >= width || cell.y >= height) return;
  const long i = long(cell.y) * width + cell.x;
  display[i] = field[i];
}

// Raises *flag when the thread's cell of u or v is NaN or infinite (the divergence check).
GS_HD void finite_check_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                                    const float* u, const float* v, int width, int height,
                                    int* flag) {
  const CellIndex cell = cell_of_thread(block_index, thread_index, block_dim);
  if (cell.x >= width || cell.y >= height) return;
  const long i = long(cell.y) * width + cell.x;
  // x - x is 0 for finite x and NaN for NaN or infinity: no isfinite needed on either machine.
  if (!((u[i] - u[i]) == 0.0f) || !((v[i] - v[i]) == 0.0f)) *flag = 1;
}

}  // namespace gs
