// Runs a SweepPlan: each rank steps its contiguous block of runs on a batched stepper (the CPU
// twin's threads, or one CUDA launch per step over every grid), measures each run's pattern,
// and rank 0 gathers the final fields and measures into the atlas and draws the contact sheet.
// The same bits on any number of ranks: every run is stepped alone, from the same start.
#pragma once

#include <iosfwd>
#include <string>

#include "gs/fields.h"
#include "gs/status.h"
#include "sweep_plan.h"
#include "sweep_ranks.h"

namespace gs::batch {

struct SweepReport {
  std::string backend;
  std::string backend_description;
  std::string backend_reason;
  GridSize size;
  int F_count = 0;
  int k_count = 0;
  std::string F_name = "F";  // what the rows vary: F, or set B's (style-F)
  std::string k_name = "k";
  long long steps = 0;
  int ranks = 1;
  double step_s = 0.0;  // the slowest rank's stepping
  double wall_s = 0.0;  // from the plan to the files written

  int runs() const { return F_count * k_count; }
  double runs_per_s() const { return wall_s > 0 ? double(runs()) / wall_s : 0.0; }
};

// Fails on a backend, rank or file error, a run that diverged, or "interrupted" after Ctrl-C;
// no file is left then.
Expected<SweepReport> run_sweep(const SweepPlan& plan, SweepRanks& ranks);

// The whole command: the plan from the options (the ranks agree on it), the run, and rank 0's
// summary (or JSON) on `out`.
Status run_sweep_command(const BatchOptions& options, SweepRanks& ranks, std::ostream& out);

void print_sweep_summary(std::ostream& out, const SweepReport& report);
void print_sweep_json(std::ostream& out, const SweepReport& report);

}  // namespace gs::batch
