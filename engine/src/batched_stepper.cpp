#include "batched_steppers.h"

namespace gs {

Expected<SelectedBatchedStepper> create_batched_stepper(const BackendOptions& options) {
  if (options.choice == BackendChoice::Cpu)
    return SelectedBatchedStepper{make_cpu_batched_stepper(options), ""};
  if (options.choice == BackendChoice::Gl)
    return Error{
        "many grids at once (a sweep) run on the CPU twin or CUDA; the gl backend runs one "
        "grid at a time"};
#if defined(GS_HAVE_CUDA)
  Expected<std::unique_ptr<BatchedStepper>> cuda = make_cuda_batched_stepper(options);
  if (cuda) return SelectedBatchedStepper{std::move(cuda).value(), ""};
  if (options.choice == BackendChoice::Cuda) return cuda.status();
  return SelectedBatchedStepper{make_cpu_batched_stepper(options), cuda.message()};
#else
  if (options.choice == BackendChoice::Cuda) return Error{"cuda unavailable: not compiled in"};
  return SelectedBatchedStepper{make_cpu_batched_stepper(options),
                                "cuda unavailable: not compiled in"};
#endif
}

}  // namespace gs
