// The per-thread body of the batched step kernel: many small grids of one size, laid one after
// another in memory, each with its own F and k, stepped by one launch. blockIdx.x and .y pick the
// cell, one a thread, along rows (cell_launch_shape); blockIdx.z, plus the launch's first
// grid, picks the grid and its rates. The update is the engine's shared one (gs/cell_update.h),
// so each grid steps to the bits a single grid with that F and k steps to.
#pragma once

#include <cstdint>

#include "gs/cell_update.h"
#include "gs/launch_shape.h"

namespace gs {

// Grids past CUDA's 65,535 blocks along z go in further launches, each from its first grid.
inline constexpr int kMaxGridsPerLaunch = 65535;

// Everything one batched step reads and writes: `grids` field pairs of width x height cells, one
// after another (grid g's cells start at g * width * height).
struct BatchedStepArgs {
  const float* GS_RESTRICT u;
  const float* GS_RESTRICT v;
  float* GS_RESTRICT u_out;
  float* GS_RESTRICT v_out;
  const Rates* GS_RESTRICT rates;         // one per grid
  const std::uint8_t* GS_RESTRICT style;  // one grid's style map, shared by all (style-map mode)
  int width;
  int height;
  int first_grid;  // the grid of blockIdx.z = 0
  int grids;       // grids in all
  Params params;   // everything but set A's F and k (never in parameter-map mode)
  const Rates* GS_RESTRICT style_rates;  // one per grid, set B's F and k; null: params.style's
};

// The launch of `count` grids from `first`: one cell a thread, `count` grids deep.
inline LaunchShape batched_launch_shape(GridSize size, BlockShape block, int count) {
  LaunchShape shape = cell_launch_shape(size, block);
  shape.grid.z = unsigned(count);
  return shape;
}

template <Laplacian L>
GS_HD void batched_step_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                                    const BatchedStepArgs& a) {
  const CellIndex cell = cell_of_thread(block_index, thread_index, block_dim);
  const int grid = a.first_grid + int(block_index.z);
  if (cell.x >= a.width || cell.y >= a.height || grid >= a.grids) return;
  const long offset = long(grid) * a.width * a.height;
  Params p = a.params;
  p.F = a.rates[grid].F;
  p.k = a.rates[grid].k;
  if (a.style_rates) {
    p.style.F = a.style_rates[grid].F;
    p.style.k = a.style_rates[grid].k;
  }
  const CellValues next = next_cell_values_at<L>(a.u + offset, a.v + offset, a.style, cell.x,
                                                 cell.y, a.width, a.height, p);
  const long i = offset + long(cell.y) * a.width + cell.x;
  a.u_out[i] = next.u;
  a.v_out[i] = next.v;
}

}  // namespace gs
