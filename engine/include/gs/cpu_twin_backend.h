// The CPU twin: the simulation on the host, the same per-cell arithmetic as the CUDA kernels
// (gs/cell_update.h). OpenMP threads split the rows; each row runs one vectorised interior loop
// with the two edge columns handled apart. Two field pairs ping-pong; stepping never allocates.
#pragma once

#include "gs/backend.h"

namespace gs {

class CpuTwinBackend final : public Backend {
 public:
  // threads <= 0 uses every core OpenMP offers.
  explicit CpuTwinBackend(int threads = 0);

  std::string name() const override { return "cpu"; }
  std::string description() const override;

  Status upload(const Fields& fields) override;
  Status set_params(const Params& params) override;
  Status step(int count) override;
  Status step_and_display(int count, DisplayField field, const DisplayTarget& target) override;
  Status download(Fields& fields) override;
  Status write_display(DisplayField field, const DisplayTarget& target) override;

  GridSize size() const override { return current_.size; }
  const Params& params() const override { return params_; }
  Timings last_timings() const override { return timings_; }
  Expected<bool> fields_are_finite() override;
  Status paint(const Brush& brush) override;
  Expected<ValueRange> field_range(DisplayField field) override;
  Expected<double> measure_copy_bandwidth(std::size_t bytes) override;
  Status set_launch(BlockShape block, KernelVariant variant) override;
  int threads() const { return threads_; }

 private:
  template <Laplacian L, bool Mapped>
  void run_steps(int count);

  Fields current_;
  Fields next_;
  Params params_;
  Timings timings_;
  int threads_;
};

}  // namespace gs
