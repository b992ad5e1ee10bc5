// What every backend shares: the kinds' names and the answer of a backend without the GPU's
// measurements.
#include "gs/backend.h"

namespace gs {

Expected<DisplayPathTimes> Backend::measure_display_paths(int) {
  return Error{"the display paths are a GPU measurement: the " + name() + " backend has none"};
}

Expected<GraphCosts> Backend::measure_graph_costs(int) {
  return Error{"step graphs are a GPU measurement: the " + name() + " backend has none"};
}

}  // namespace gs
