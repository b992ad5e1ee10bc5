// --bench --busy N: the chosen backend's steps per second with N busy-loop processes beside it
// against a quiet machine, for calls of 1 step (the worst case: a join at every step) and of 32
// steps, on the app's default CPU grid (1024x1024). Quiet and busy runs take turns; each
// figure is the median of several runs, so a slow spell of a shared machine falls on both.
#pragma once

#include <iosfwd>

#include "batch_options.h"
#include "gs/status.h"

namespace gs::batch {

Status run_contention_benchmark(const BatchOptions& options, std::ostream& out);

}  // namespace gs::batch
