// The quick benchmark (quick_benchmark.h).
#include "quick_benchmark.h"

#include <algorithm>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

#include "batch_job.h"
#include "batch_run.h"
#include "benchmark.h"

namespace gs::batch {
namespace {

constexpr long long kWarmUpSteps = 32;

}  // namespace

Status run_quick_benchmark(const BatchOptions& options, std::ostream& out) {
  const long long steps = *options.bench_steps;
  Expected<GeneratedRun> run = measured_run(options);
  if (!run) return run.status();
  run->size = {int(options.width.value_or(kQuickBenchGrid.width)),
               int(options.height.value_or(kQuickBenchGrid.height))};
  GS_TRY(check_grid_size(run->size.width, run->size.height));
  Expected<SelectedBackend> selected = create_batch_backend(run->backend);
  if (!selected) return selected.status();
  Backend& backend = *selected->backend;
  Expected<double> copy = backend.measure_copy_bandwidth(kBenchCopyBytes);
  if (!copy) return copy.status();
  // One frame of the warm-up's steps (the first launch, the caches), then one of N.
  run->frames = 1;
  run->steps_per_frame = std::min(steps, kWarmUpSteps);
  Expected<BatchJob> warm_up = make_generated_job(*run);
  if (!warm_up) return warm_up.status();
  GS_TRY(run_job(*warm_up, backend, {false}).status());
  run->steps_per_frame = steps;
  Expected<BatchJob> job = make_generated_job(*run);
  if (!job) return job.status();
  Expected<RunReport> report = run_job(*job, backend, {false});
  if (!report) return report.status();
  const double ms_per_step = 1e3 * report->compute_s / double(std::max<long long>(1, steps));
  const double percent = 100.0 * report->effective_gb_per_s() / std::max(1e-9, *copy);
  if (options.json) {
    out << nlohmann::json{{"backend", backend.name()},
                          {"description", backend.description()},
                          {"grid", to_string(run->size)},
                          {"steps", steps},
                          {"ms_per_step", ms_per_step},
                          {"mcells_per_s", report->mcells_per_s()},
                          {"gb_per_s", report->effective_gb_per_s()},
                          {"copy_gb_per_s", *copy},
                          {"percent_of_copy", percent}}
               .dump()
        << "\n";
    return Status::ok();
  }
  out << "backend: " << backend.name() << " (" << backend.description() << ")\n"
      << to_string(run->size) << ", " << steps << " steps: " << std::fixed << std::setprecision(4)
      << ms_per_step << " ms/step, " << std::setprecision(0) << report->mcells_per_s()
      << " Mcells/s, " << std::setprecision(1) << report->effective_gb_per_s() << " GB/s, "
      << std::setprecision(0) << percent << "% of the copy's " << std::setprecision(1) << *copy
      << " GB/s\n";
  return Status::ok();
}

}  // namespace gs::batch
