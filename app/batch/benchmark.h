// --bench: throughput of the chosen backend on a few grid sizes, as a table. Each size runs a
// warm-up, then three timed runs of about a second; the median run is reported.
#pragma once

#include <iosfwd>

#include <string>

#include "batch_job.h"
#include "batch_options.h"
#include "gs/status.h"

namespace gs::batch {

// The copy every benchmark measures its ceiling with: 256 MB, more than any cache holds.
inline constexpr std::size_t kBenchCopyBytes = std::size_t(256) << 20;

// With --busy, the contention table instead (contention_benchmark.h); with --bench-steps, the
// quick measurement (quick_benchmark.h).
Status run_benchmark(const BatchOptions& options, std::ostream& out);

// What every measured run shares: the options' backend, parameters and starting state, in
// frames of --steps-per-frame steps (32 by default).
Expected<GeneratedRun> measured_run(const BatchOptions& options);

// The CPU's model name, as /proc/cpuinfo gives it.
std::string cpu_model();

}  // namespace gs::batch
