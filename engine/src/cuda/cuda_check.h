// CUDA errors as engine errors: GS_CUDA_TRY returns an Error carrying file:line, the failing
// call and CUDA's own message from the calling function. Never exits (CUB's lesson).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "gs/status.h"

namespace gs::cuda {

inline Error error_from(cudaError_t code, const char* call, const char* file, int line) {
  std::string where = file;
  where = where.substr(where.find_last_of('/') + 1);
  std::string function = call;
  function = function.substr(0, function.find('('));
  return Error{where + ":" + std::to_string(line) + ": " + function +
               " failed: " + cudaGetErrorString(code)};
}

}  // namespace gs::cuda

#define GS_CUDA_TRY(call)                                                      \
  do {                                                                         \
    const cudaError_t gs_cuda_code_ = (call);                                  \
    if (gs_cuda_code_ != cudaSuccess)                                          \
      return ::gs::cuda::error_from(gs_cuda_code_, #call, __FILE__, __LINE__); \
  } while (false)
