// One row of the CPU twin's step: the reference path's loop over the shared per-cell functions
// (gs/cell_update.h). The edge columns go through the general path with the boundary applied;
// the interior runs a loop with no boundary test that the compiler vectorises.
#pragma once

#include <algorithm>

#include "gs/aligned_allocator.h"
#include "gs/cell_update.h"

namespace gs::twin {

// How a row's results are written: through the cache, or streamed past it to memory (for an
// output grid larger than the cache, where keeping it would only evict the rows in flight).
enum class RowStore { Cached, Streamed };

// The rates of cell x in a row whose (map-mode) F is F_row: a template switch, so the uniform
// loop carries no map arithmetic and the map loop no branch.
template <bool Mapped>
Rates row_rates(const Params& p, float F_row, int x, int width) {
  if constexpr (Mapped) return {F_row, map_k(p, x, width)};
  return {p.F, p.k};
}

// Columns [first, end) of a row one by one, the edge columns with the boundary applied.
template <Laplacian L, bool Mapped>
void update_row_columns(const NeighbourRows& rows, float* u_out, float* v_out, int first, int end,
                        int width, float F_row, const Params& p) {
  for (int x = first; x < end; ++x) {
    const int left = x == 0 ? neighbour_index(-1, width, p.boundary) : x - 1;
    const int right = x == width - 1 ? neighbour_index(width, width, p.boundary) : x + 1;
    update_cell<L>(rows, left, x, right, row_rates<Mapped>(p, F_row, x, width), p, u_out, v_out);
  }
}

// Writes the row whose neighbour rows are `rows` into u_out/v_out (width cells each).
template <Laplacian L, bool Mapped>
void update_row(const NeighbourRows& rows, float* u_out, float* v_out, int width, float F_row,
                const Params& params) {
  const Params p = params;  // a local copy: stores to the rows cannot alias it
  // The vector loop starts at a cache-line boundary (column 16 of a line-aligned row), so its
  // full-width stores do not straddle two lines; the columns before it go one by one.
  const int vector_begin = std::min(width - 1, int(kCacheLine / sizeof(float)));
  update_row_columns<L, Mapped>(rows, u_out, v_out, 0, vector_begin, width, F_row, p);
#pragma omp simd
  for (int x = vector_begin; x < width - 1; ++x)
    update_cell<L>(rows, x - 1, x, x + 1, row_rates<Mapped>(p, F_row, x, width), p, u_out, v_out);
  update_row_columns<L, Mapped>(rows, u_out, v_out, width - 1, width, width, F_row, p);
}

}  // namespace gs::twin
