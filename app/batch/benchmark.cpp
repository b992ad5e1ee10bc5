#include "benchmark.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <string>
#include <vector>

#include "batch_job.h"
#include "batch_run.h"
#include "gs/initial_conditions.h"

namespace gs::batch {
namespace {

constexpr double kTargetRunSeconds = 1.0;
constexpr int kTimedRuns = 3;
constexpr long long kDefaultBenchStepsPerFrame = 32;

std::vector<GridSize> bench_sizes(const BatchOptions& o) {
  if (o.width || o.height)
    return {
        {int(o.width.value_or(kDefaultGrid.width)), int(o.height.value_or(kDefaultGrid.height))}};
  return {{512, 512}, {1920, 1080}, {4096, 4096}};
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

void print_header(std::ostream& out, const Backend& backend, const std::string& reason) {
  out << "backend: " << backend.name() << " (" << backend.description() << ")"
      << (reason.empty() ? "" : "; " + reason) << "\nmachine: " << cpu_model() << "\n\n"
      << std::left << std::setw(11) << "grid" << std::right << std::setw(12) << "steps/frame"
      << std::setw(8) << "frames" << std::setw(11) << "Mcells/s" << std::setw(9) << "GB/s"
      << std::setw(11) << "compute s" << std::setw(12) << "transfer s" << std::setw(8) << "I/O s"
      << "\n";
}

void print_row(std::ostream& out, const RunReport& r, long long steps_per_frame) {
  out << std::left << std::setw(11) << to_string(r.size) << std::right << std::setw(12)
      << steps_per_frame << std::setw(8) << r.frames << std::fixed << std::setprecision(0)
      << std::setw(11) << r.mcells_per_s() << std::setprecision(1) << std::setw(9)
      << r.effective_gb_per_s() << std::setprecision(3) << std::setw(11) << r.compute_s
      << std::setw(12) << r.transfer_s << std::setw(8) << r.io_s << "\n"
      << std::flush;
}

}  // namespace

Status run_benchmark(const BatchOptions& options, std::ostream& out) {
  if (options.output || options.frames_output || options.input)
    return Error{
        "--bench measures generated states and writes no files: drop --input, --output and "
        "--frames-output"};
  BatchOptions job_options = options;
  job_options.steps.reset();
  job_options.frames = 1;
  job_options.steps_per_frame = options.steps_per_frame.value_or(kDefaultBenchStepsPerFrame);
  const std::vector<GridSize> sizes = bench_sizes(options);
  for (GridSize size : sizes) GS_TRY(check_grid_size(size.width, size.height));

  Expected<SelectedBackend> selected =
      create_backend({*parse_backend_choice(options.backend), options.threads});
  if (!selected) return selected.status();
  Backend& backend = *selected->backend;
  print_header(out, backend, selected->reason);

  for (GridSize size : sizes) {
    job_options.width = size.width;
    job_options.height = size.height;
    Expected<BatchJob> job = build_job(job_options);
    if (!job) return job.status();

    // Two warm-up runs (first touch of memory, caches, GPU clocks); the second sizes the
    // timed runs.
    Expected<RunReport> warm_up = run_job(*job, backend, {false});
    if (warm_up) warm_up = run_job(*job, backend, {false});
    if (!warm_up) return warm_up.status();
    const double frame_seconds = std::max(1e-6, warm_up->compute_s + warm_up->transfer_s);
    job->frames = std::clamp<long long>(std::llround(kTargetRunSeconds / frame_seconds), 3, 100000);

    std::vector<RunReport> runs;
    for (int i = 0; i < kTimedRuns; ++i) {
      Expected<RunReport> run = run_job(*job, backend, {false});
      if (!run) return run.status();
      runs.push_back(*run);
    }
    std::sort(runs.begin(), runs.end(), [](const RunReport& a, const RunReport& b) {
      return a.mcells_per_s() < b.mcells_per_s();
    });
    print_row(out, runs[kTimedRuns / 2], job->steps_per_frame);
  }
  return Status::ok();
}

}  // namespace gs::batch
