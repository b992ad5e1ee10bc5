// --bench: throughput of the chosen backend on a few grid sizes, as a table. Each size runs a
// warm-up, then three timed runs of about a second; the median run is reported.
#pragma once

#include <iosfwd>

#include "batch_options.h"
#include "gs/status.h"

namespace gs::batch {

Status run_benchmark(const BatchOptions& options, std::ostream& out);

}  // namespace gs::batch
