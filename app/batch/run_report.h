// How a finished run is told: a few lines for people, or one JSON object for scripts.
#pragma once

#include <iosfwd>
#include <vector>

#include "batch_run.h"
#include "gs/backend_factory.h"

namespace gs::batch {

void print_summary(std::ostream& out, const RunReport& report);
void print_json(std::ostream& out, const RunReport& report);
void print_backend_list(std::ostream& out, const std::vector<BackendReport>& backends);

}  // namespace gs::batch
