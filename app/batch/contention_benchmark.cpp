#include "contention_benchmark.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <ostream>
#include <thread>
#include <vector>

#include "batch_job.h"
#include "benchmark.h"
#include "busy_loops.h"
#include "stopwatch.h"

namespace gs::batch {
namespace {

constexpr GridSize kAppCpuGrid{1024, 1024};
constexpr int kRuns = 5;
constexpr double kRunSeconds = 0.5;
// Lets freshly forked busy loops reach the run queue before the clock starts.
constexpr auto kSettle = std::chrono::milliseconds(20);

// Steps per second of wall time, calls of `steps_per_call` steps, for about kRunSeconds: what a
// caller that steps in a loop gets, stalls and preemptions included.
Expected<double> steps_per_second(Backend& backend, const Fields& initial, int steps_per_call) {
  GS_TRY(backend.copy_in(initial));
  long long steps = 0;
  const auto start = Clock::now();
  do {
    GS_TRY(backend.step(steps_per_call));
    Expected<Timings> done = backend.finish();
    if (!done) return done.status();
    steps += steps_per_call;
  } while (seconds_since(start) < kRunSeconds);
  return double(steps) / seconds_since(start);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

struct QuietAndBusy {
  double quiet;
  double busy;
};

// Quiet and busy runs in turns, the busy loops started afresh for each busy run.
Expected<QuietAndBusy> measure(Backend& backend, const Fields& initial, int steps_per_call,
                               int busy) {
  std::vector<double> quiet, loaded;
  Expected<double> warm_up = steps_per_second(backend, initial, steps_per_call);
  if (!warm_up) return warm_up.status();
  for (int run = 0; run < kRuns; ++run) {
    Expected<double> alone = steps_per_second(backend, initial, steps_per_call);
    if (!alone) return alone.status();
    quiet.push_back(*alone);
    BusyLoops loops;
    GS_TRY(loops.start(busy));
    std::this_thread::sleep_for(kSettle);
    Expected<double> beside = steps_per_second(backend, initial, steps_per_call);
    if (!beside) return beside.status();
    loaded.push_back(*beside);
  }
  return QuietAndBusy{median(quiet), median(loaded)};
}

}  // namespace

Status run_contention_benchmark(const BatchOptions& options, std::ostream& out) {
  Expected<SelectedBackend> selected = create_batch_backend(backend_options(options));
  if (!selected) return selected.status();
  Backend& backend = *selected->backend;
  Expected<GeneratedRun> run = measured_run(options);
  if (!run) return run.status();
  run->size = {int(options.width.value_or(kAppCpuGrid.width)),
               int(options.height.value_or(kAppCpuGrid.height))};
  GS_TRY(check_grid_size(run->size.width, run->size.height));
  Expected<BatchJob> job = make_generated_job(*run);
  if (!job) return job.status();
  std::vector<int> calls{1, 32};
  if (options.steps_per_frame) calls = {int(*options.steps_per_frame)};

  const int busy = *options.busy;
  out << "backend: " << backend.name() << " (" << backend.description() << ")"
      << "\nmachine: " << cpu_model() << ", " << sysconf(_SC_NPROCESSORS_ONLN) << " cores"
      << "\nbusy:    " << busy << " busy-loop process" << (busy == 1 ? "" : "es")
      << " at nice 0 beside it; quiet and busy runs of " << kRunSeconds
      << " s in turns, the median of " << kRuns << " each\n\n";
  out << std::left << std::setw(11) << "grid" << std::right << std::setw(12) << "steps/call"
      << std::setw(16) << "quiet steps/s" << std::setw(15) << "busy steps/s" << std::setw(12)
      << "busy/quiet"
      << "\n";
  for (int steps_per_call : calls) {
    Expected<QuietAndBusy> figures = measure(backend, job->initial, steps_per_call, busy);
    if (!figures) return figures.status();
    out << std::left << std::setw(11) << to_string(run->size) << std::right << std::setw(12)
        << steps_per_call << std::fixed << std::setprecision(0) << std::setw(16) << figures->quiet
        << std::setw(15) << figures->busy << std::setw(11)
        << 100.0 * figures->busy / std::max(1e-9, figures->quiet) << "%\n"
        << std::flush;
  }
  return Status::ok();
}

}  // namespace gs::batch
