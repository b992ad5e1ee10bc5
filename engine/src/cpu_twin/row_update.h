// One row of the CPU twin's step: the reference path's loop over the shared per-cell functions
// (gs/cell_update.h). The edge columns go through the general path with the boundary applied;
// the interior runs a loop with no boundary test that the compiler vectorises.
#pragma once

#include <algorithm>
#include <cstdint>

#include "gs/aligned_allocator.h"
#include "gs/cell_update.h"

namespace gs::twin {

// How a row's results are written: through the cache, or streamed past it to memory (for an
// output grid larger than the cache, where keeping it would only evict the rows in flight).
enum class RowStore { Cached, Streamed };

// Where a row's cells take their parameters from: the uniform ones, the parameter map (F per
// row, k per column) or the style map (a byte per cell). A template switch, so the uniform loop
// carries no map or style arithmetic and the others no branch.
enum class CellSource { Uniform, Mapped, Styled };

inline CellSource cell_source(const Params& p) {
  if (p.style.enabled) return CellSource::Styled;
  return p.map.enabled ? CellSource::Mapped : CellSource::Uniform;
}

// What a row needs for its cells' parameters: the map's F of the row, the style map's row.
struct RowSource {
  float F_row = 0.0f;
  const std::uint8_t* style = nullptr;
};

// `sets`: the style map's factors, taken once per row (read in style-map mode only).
template <Laplacian L, CellSource S>
CellParams<float> row_cell_params(const Params& p, const StyleSetFactors& sets, RowSource row,
                                  int x, int width) {
  if constexpr (S == CellSource::Styled) return styled_cell_params<L>(sets, float(row.style[x]));
  if constexpr (S == CellSource::Mapped)
    return rate_cell_params<L>(p, row.F_row, map_k(p, x, width));
  return rate_cell_params<L>(p, p.F, p.k);
}

// Columns [first, end) of a row one by one, the edge columns with the boundary applied.
template <Laplacian L, CellSource S>
void update_row_columns(const NeighbourRows& rows, float* u_out, float* v_out, int first, int end,
                        int width, RowSource source, const Params& p) {
  const StyleSetFactors sets = style_set_factors(p);
  for (int x = first; x < end; ++x) {
    const int left = x == 0 ? neighbour_index(-1, width, p.boundary) : x - 1;
    const int right = x == width - 1 ? neighbour_index(width, width, p.boundary) : x + 1;
    update_cell<L>(rows, left, x, right, row_cell_params<L, S>(p, sets, source, x, width), p, u_out,
                   v_out);
  }
}

// Writes the row whose neighbour rows are `rows` into u_out/v_out (width cells each).
template <Laplacian L, CellSource S>
void update_row(const NeighbourRows& rows, float* u_out, float* v_out, int width, RowSource source,
                const Params& params) {
  const Params p = params;  // a local copy: stores to the rows cannot alias it
  // The vector loop starts at a cache-line boundary (column 16 of a line-aligned row), so its
  // full-width stores do not straddle two lines; the columns before it go one by one.
  const int vector_begin = std::min(width - 1, int(kCacheLine / sizeof(float)));
  update_row_columns<L, S>(rows, u_out, v_out, 0, vector_begin, width, source, p);
  const StyleSetFactors sets = style_set_factors(p);
#pragma omp simd
  for (int x = vector_begin; x < width - 1; ++x)
    update_cell<L>(rows, x - 1, x, x + 1, row_cell_params<L, S>(p, sets, source, x, width), p,
                   u_out, v_out);
  update_row_columns<L, S>(rows, u_out, v_out, width - 1, width, width, source, p);
}

}  // namespace gs::twin
