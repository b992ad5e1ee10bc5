// Temporal blocking for the CPU twin: one pass advances a band of rows by several steps while
// the rows stay in the thread's cache, instead of streaming the whole grid through memory once
// per step.
//
// The pass is a wavefront down the band. Step s of the pass keeps only its last three rows, in a
// small ring; at each wave position, step 1 computes a row from the input grid, step 2 the row
// above it from step 1's ring, and so on, the last step writing the output grid. A band computes
// `steps` rows beyond each of its edges at step 1, one fewer at each later step (the rows its
// neighbours own): this redundant halo is what lets threads run a pass without talking.
// Every cell is still computed by the same row update from the same inputs as in a plain sweep,
// so the result is the same bits whatever the band split or the steps per pass.
#pragma once

#include <atomic>
#include <vector>

#include "cpu_twin/row_update.h"
#include "gs/fields.h"
#include "gs/params.h"

namespace gs::twin {

// The rows in flight for one thread: three u and v rows for each intermediate step of a pass.
class RowRing {
 public:
  void reserve(int width, int steps_per_pass);
  float* u(int step, int row);
  float* v(int step, int row);

 private:
  int stride_ = 0;  // floats per row, a whole number of cache lines
  FieldData rows_;
};

// Steps per pass for this grid, so that a thread's ring stays within about half of a core's L2
// and a band's redundant halo costs little.
int steps_per_pass(GridSize size, int threads);

// A thread's sign that it is running (its one writer counts up; others watch it change).
inline void beat(std::atomic<long>& heartbeat) {
  heartbeat.store(heartbeat.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

// A band [first, end) of the output rows of one pass.
struct Band {
  int first;
  int end;
};

// Band `index` of `count` equal bands of `height` rows.
Band band_of(int index, int count, int height);

// How the last step of a pass should write a grid of this size.
RowStore output_store(GridSize size);

// The row code a pass runs: the SIMD rows where the build has them (else the plain ones), or the
// plain rows, which a build without SIMD rows runs (tests ask for them, to cover that build's
// fast path in every build).
enum class PassRows { Simd, Plain };

// Advances band's rows of `in` by `steps` (>= 1) into `out`, using ring for the steps between.
// in and out must be different grids of the same size.
void run_band_pass(const Fields& in, Fields& out, Band band, int steps, const Params& params,
                   const std::uint8_t* style, RowStore store, RowRing& ring,
                   std::atomic<long>* heartbeat = nullptr, PassRows rows = PassRows::Simd);

}  // namespace gs::twin
