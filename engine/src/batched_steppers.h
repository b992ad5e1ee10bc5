// The concrete batched steppers, created only by create_batched_stepper (batched_stepper.cpp).
#pragma once

#include <memory>

#include "gs/backend_options.h"
#include "gs/batched_stepper.h"

namespace gs {

std::unique_ptr<BatchedStepper> make_cpu_batched_stepper(const BackendOptions& options);
#if defined(GS_HAVE_CUDA)
Expected<std::unique_ptr<BatchedStepper>> make_cuda_batched_stepper(const BackendOptions& options);
#endif

}  // namespace gs
