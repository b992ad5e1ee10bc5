#include "cpu_twin/band_pipeline.h"

#include <unistd.h>

#include <algorithm>

#include "cpu_twin/row_update.h"
#include "cpu_twin/simd_row_update.h"

namespace gs::twin {
namespace {

// Measured on a 2-core Zen 5 (docs/performance.md): 8 steps per pass beat 4 and 16 at 1920x1080 and
// 4096x4096. Grids of up to 4 MiB (512x512) run faster in plain sweeps, which the caches then
// hold, and blocking them only adds its halo; at 16 MiB (1024x1024) both run as fast, but
// beside busy programs passes of 8 steps keep half as much again: threads that meet once per
// pass wait less often for one the scheduler has taken away.
constexpr int kMaxStepsPerPass = 8;
constexpr std::size_t kSweepInCacheBytes = std::size_t(8) << 20;
// The ring may fill three quarters of a core's L2; the input and output rows stream past it.
constexpr long kFallbackL2Bytes = 1 << 20;
// Bands at least this many times taller than the halo, so redundant rows stay a few percent.
constexpr int kBandRowsPerHaloRow = 16;
constexpr int kRowsPerStep = 3;
constexpr int kFieldsPerRow = 2;
// Grids past a typical L3 (32 MiB) stream their output: the next pass would not find it cached.
constexpr std::size_t kStreamAboveBytes = std::size_t(64) << 20;

std::size_t grid_bytes(GridSize size) {
  return 4 * size.cells() * sizeof(float);
}  // u, v twice

// Asked once: the pass length is chosen on every step() call.
long l2_cache_bytes() {
  static const long bytes = [] {
    const long reported = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return reported > 0 ? reported : kFallbackL2Bytes;
  }();
  return bytes;
}

int floor_mod(int i, int n) {
  const int r = i % n;
  return r < 0 ? r + n : r;
}

// One pass of `steps` steps over a band: level 0 is the input grid, level `steps` the output
// grid, the levels between live in the ring. Rows are numbered as in the grid but may run past
// its edges on a periodic grid (the halo of an edge band), wrapping when the grid is read.
template <Laplacian L, CellSource S>
class BandPass {
 public:
  BandPass(const Fields& in, Fields& out, Band band, int steps, const Params& p,
           const std::uint8_t* style, RowStore store, RowRing& ring, std::atomic<long>* heartbeat,
           PassRows rows)
      : in_(in),
        out_(out),
        band_(band),
        steps_(steps),
        p_(p),
        style_(style),
        output_store_(store),
        ring_(ring),
        heartbeat_(heartbeat),
        rows_(rows) {}

  void run() {
    // Row r of level l is computed at wave position r + l, after level l - 1 has computed
    // row r + 1 at the same position; the ring of level l - 1 then holds rows r - 1 to r + 1.
    const int wave_begin = first_row(1) + 1;
    const int wave_end = end_row(steps_) + steps_;
    for (int wave = wave_begin; wave < wave_end; ++wave) {
      for (int level = 1; level <= steps_; ++level) {
        const int row = wave - level;
        if (row >= first_row(level) && row < end_row(level)) update(level, row);
      }
      if (heartbeat_) beat(*heartbeat_);
    }
    simd::store_fence();
  }

 private:
  int height() const { return in_.size.height; }
  int width() const { return in_.size.width; }
  bool periodic() const { return p_.boundary == Boundary::Periodic; }

  // The rows level l computes: the band, widened by the halo the later levels still need.
  int first_row(int level) const {
    const int row = band_.first - (steps_ - level);
    return periodic() ? row : std::max(0, row);
  }
  int end_row(int level) const {
    const int row = band_.end + (steps_ - level);
    return periodic() ? row : std::min(height(), row);
  }

  // Rows past an edge are only the few of a periodic halo: no division for the others.
  int grid_row(int row) const {
    return row >= 0 && row < height() ? row : floor_mod(row, height());
  }
  // Neumann clamps a neighbour onto the edge row; periodic rows run on and wrap when read.
  int row_above(int row) const { return periodic() ? row - 1 : std::max(0, row - 1); }
  int row_below(int row) const { return periodic() ? row + 1 : std::min(height() - 1, row + 1); }

  const float* u_row(int level, int row) const {
    return level == 0 ? in_.u.data() + long(grid_row(row)) * width() : ring_.u(level, row);
  }
  const float* v_row(int level, int row) const {
    return level == 0 ? in_.v.data() + long(grid_row(row)) * width() : ring_.v(level, row);
  }

  void update(int level, int row) {
    const int source = level - 1;  // the step this row is computed from
    const int up = row_above(row), down = row_below(row);
    const NeighbourRows rows{u_row(source, up), u_row(source, row), u_row(source, down),
                             v_row(source, up), v_row(source, row), v_row(source, down)};
    float* const u_out =
        level == steps_ ? out_.u.data() + long(row) * width() : ring_.u(level, row);
    float* const v_out =
        level == steps_ ? out_.v.data() + long(row) * width() : ring_.v(level, row);
    RowSource cells;  // where the row's cells take their parameters from
    if constexpr (S == CellSource::Mapped) cells.F_row = map_F(p_, grid_row(row), height());
    if constexpr (S == CellSource::Styled) cells.style = style_ + long(grid_row(row)) * width();
#if GS_TWIN_SIMD
    if (rows_ == PassRows::Simd) {
      const RowStore store = level == steps_ ? output_store_ : RowStore::Cached;
      return update_row_simd<L, S>(rows, u_out, v_out, width(), cells, p_, store);
    }
#endif
    update_row<L, S>(rows, u_out, v_out, width(), cells, p_);
  }

  const Fields& in_;
  Fields& out_;
  const Band band_;
  const int steps_;
  const Params& p_;
  const std::uint8_t* style_;  // the style map's rows, as `in_`'s grid; read in style mode only
  const RowStore output_store_;
  RowRing& ring_;
  std::atomic<long>* heartbeat_;  // this thread's: that it is running
  const PassRows rows_;
};

template <Laplacian L>
void run_pass_for(const Fields& in, Fields& out, Band band, int steps, const Params& p,
                  const std::uint8_t* style, RowStore store, RowRing& ring,
                  std::atomic<long>* heartbeat, PassRows rows) {
  switch (cell_source(p)) {
    case CellSource::Uniform:
      return BandPass<L, CellSource::Uniform>(in, out, band, steps, p, style, store, ring,
                                              heartbeat, rows)
          .run();
    case CellSource::Mapped:
      return BandPass<L, CellSource::Mapped>(in, out, band, steps, p, style, store, ring, heartbeat,
                                             rows)
          .run();
    case CellSource::Styled:
      return BandPass<L, CellSource::Styled>(in, out, band, steps, p, style, store, ring, heartbeat,
                                             rows)
          .run();
  }
}

}  // namespace

void RowRing::reserve(int width, int steps_per_pass) {
  constexpr int kLineFloats = int(kCacheLine / sizeof(float));
  stride_ = (width + kLineFloats - 1) / kLineFloats * kLineFloats;
  const std::size_t floats =
      std::size_t(std::max(0, steps_per_pass - 1)) * kRowsPerStep * kFieldsPerRow * stride_;
  if (rows_.size() < floats) rows_.resize(floats);
}

// Intermediate levels 1 .. steps-1; row slots by the row number modulo 3.
float* RowRing::u(int step, int row) {
  const long slot = long(step - 1) * kRowsPerStep + floor_mod(row, kRowsPerStep);
  return rows_.data() + slot * kFieldsPerRow * stride_;
}
float* RowRing::v(int step, int row) {
  return u(step, row) + stride_;
}

int steps_per_pass(GridSize size, int threads) {
  if (grid_bytes(size) <= kSweepInCacheBytes) return 1;
  const long row_bytes = long(size.width) * long(sizeof(float));
  const long by_cache = 1 + l2_cache_bytes() * 3 / 4 / (kRowsPerStep * kFieldsPerRow * row_bytes);
  const long band_rows = std::max(1L, long(size.height) / std::max(1, threads));
  const long by_halo = 1 + band_rows / kBandRowsPerHaloRow;
  return int(std::clamp(std::min(by_cache, by_halo), 1L, long(kMaxStepsPerPass)));
}

Band band_of(int index, int count, int height) {
  return {int(long(height) * index / count), int(long(height) * (index + 1) / count)};
}

RowStore output_store(GridSize size) {
  return grid_bytes(size) > kStreamAboveBytes ? RowStore::Streamed : RowStore::Cached;
}

void run_band_pass(const Fields& in, Fields& out, Band band, int steps, const Params& params,
                   const std::uint8_t* style, RowStore store, RowRing& ring,
                   std::atomic<long>* heartbeat, PassRows rows) {
  if (band.first >= band.end) return;
  switch (params.laplacian) {
    case Laplacian::FivePoint:
      return run_pass_for<Laplacian::FivePoint>(in, out, band, steps, params, style, store, ring,
                                                heartbeat, rows);
    case Laplacian::NinePoint:
      return run_pass_for<Laplacian::NinePoint>(in, out, band, steps, params, style, store, ring,
                                                heartbeat, rows);
    case Laplacian::Course:
      return run_pass_for<Laplacian::Course>(in, out, band, steps, params, style, store, ring,
                                             heartbeat, rows);
  }
}

}  // namespace gs::twin
