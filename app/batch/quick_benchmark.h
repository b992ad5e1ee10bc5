// --bench --bench-steps N: one quick measurement for scripts, such as the device check's block
// sweep, which times ten block shapes within seconds: one grid (--width/--height, 4096x4096 by
// default), a short warm-up, then exactly N steps timed once, beside the backend's copy ceiling;
// no style rows and no course run. One table row, or with --json one JSON object on stdout.
#pragma once

#include <iosfwd>

#include "batch_options.h"
#include "gs/status.h"

namespace gs::batch {

inline constexpr GridSize kQuickBenchGrid{4096, 4096};

Status run_quick_benchmark(const BatchOptions& options, std::ostream& out);

}  // namespace gs::batch
