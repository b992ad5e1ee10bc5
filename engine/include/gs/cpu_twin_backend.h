// The CPU twin: the simulation on the host, the same per-cell arithmetic as the CUDA kernels
// (gs/cell_update.h). Two paths give the same result: `reference`, one plain sweep over the
// grid per step (rows in chunks, a vectorised interior loop), kept as the yardstick; and
// `fast`, which advances bands of rows several steps per pass while they stay in cache
// (cpu_twin/band_pipeline.h). Both run on the twin's own threads (cpu_twin/task_pool.h), which
// keep going on a busy machine. Two field pairs ping-pong; stepping never allocates.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "gs/backend.h"

namespace gs {

namespace twin {
class RowRing;
class TaskPool;
class BandSchedule;
enum class CellSource;
}  // namespace twin

class CpuTwinBackend final : public Backend {
 public:
  // threads <= 0: as many as OpenMP would use (the cores, or OMP_NUM_THREADS).
  explicit CpuTwinBackend(int threads = 0, CpuTwinPath path = CpuTwinPath::Fast);
  ~CpuTwinBackend() override;

  BackendKind kind() const override { return BackendKind::CpuTwin; }
  BackendCapabilities capabilities() const override;
  std::string description() const override;
  // Takes the loop and steps per pass; the threads stay as created.
  Status configure(const BackendOptions& options) override;

  Status copy_in(const Fields& fields) override;
  Status set_params(const Params& params) override;
  Status step(int count) override;
  Status step_and_display(int count, DisplayField field, const DisplayTarget& target) override;
  Status copy_out(Fields& fields) override;
  Status read_rows(int first, int count, Fields& rows) override;
  Status write_rows(int first, const Fields& rows) override;
  Status write_display(DisplayField field, const DisplayTarget& target) override;

  GridSize size() const override { return current_.size; }
  const Params& params() const override { return params_; }
  Timings last_timings() const override { return timings_; }
  Expected<bool> fields_are_finite() override;
  Status paint(const Brush& brush) override;
  Expected<ValueRange> field_range(DisplayField field) override;
  Expected<double> measure_copy_bandwidth(std::size_t bytes) override;
  Status set_launch(BlockShape block, KernelVariant variant) override;
  std::optional<CpuLoop> cpu_loop() const override;
  int threads() const { return threads_; }
  CpuTwinPath path() const { return path_; }
  void set_path(CpuTwinPath path);

  // The fast path's steps per pass over cache-sized bands: 0 chooses from the grid and the
  // cache (the default), 1 makes plain sweeps; at most kMaxStepsPerPass.
  static constexpr int kMaxStepsPerPass = 64;
  static Status check_steps_per_pass(long steps);
  Status set_steps_per_pass(int steps);
  // What the next step() will use on the current grid.
  int steps_per_pass() const;

 private:
  template <Laplacian L, twin::CellSource S>
  void sweep_steps(int count);
  template <Laplacian L>
  void sweep_steps_from_source(int count);
  void fill_missing_style();
  template <class Body>
  void run_passes(int bands, int steps_per_pass, int passes, const Body& body);
  void run_reference_steps(int count);
  void run_fast_steps(int count);
  void reserve_rings();

  Fields current_;  // u and v; the style map is style_
  Fields next_;
  StyleData style_;  // the style map (empty without one), which stepping never changes
  Params params_;
  Timings timings_;
  int threads_;
  CpuTwinPath path_;
  int chosen_steps_per_pass_ = 0;         // 0: automatic
  std::vector<twin::RowRing> rings_;      // one per thread, for the fast path
  std::unique_ptr<twin::TaskPool> pool_;  // the fast path's threads, and the reductions'
  std::unique_ptr<twin::BandSchedule> schedule_;
};

}  // namespace gs
