// Many small independent grids of one size, each with its own feed and kill rates and otherwise
// the same parameters, stepped together: the runs of a parameter sweep. Apart from Backend
// because its unit is a set of grids, not one field: the CPU twin steps them in parallel over its
// threads, one grid to a thread, each exactly as a single one-thread twin steps it; CUDA steps
// every grid in one launch per step (a grid index in the kernel picks its F and k). Either way a
// grid ends with the bits a single run with its F and k gives on the same backend.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gs/backend_capabilities.h"
#include "gs/backend_options.h"
#include "gs/cell_update.h"
#include "gs/fields.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs {

class BatchedStepper {
 public:
  virtual ~BatchedStepper() = default;

  virtual BackendKind kind() const = 0;
  std::string name() const { return std::string(to_string(kind())); }
  virtual std::string description() const = 0;

  // `rates.size()` grids, each a copy of `initial`, stepped with `params` but their own F and k
  // (params must not be in parameter-map mode). Replaces any grids there were. In style-map mode
  // `style_rates`, when not empty (one per grid), gives each grid its own set B's F and k too.
  virtual Status start(const Fields& initial, const Params& params, const std::vector<Rates>& rates,
                       const std::vector<Rates>& style_rates) = 0;
  Status start(const Fields& initial, const Params& params, const std::vector<Rates>& rates) {
    return start(initial, params, rates, {});
  }
  // `count` steps of every grid; fails "interrupted" after a termination signal.
  virtual Status step(long long count) = 0;
  // v of every grid, one after another (grid g's cells from g * cells), into `v` (resized).
  virtual Status read_v(std::vector<float>& v) = 0;
};

struct SelectedBatchedStepper {
  std::unique_ptr<BatchedStepper> stepper;
  std::string reason;  // why this one, as SelectedBackend says it; "" when asked for
};

// `auto` takes CUDA when it is compiled in and a device answers, else the CPU twin, as
// create_backend chooses. The twin takes the options' threads and loop.
Expected<SelectedBatchedStepper> create_batched_stepper(const BackendOptions& options);

}  // namespace gs
