// Whether CUDA can run here, and what the device is.
#include <dlfcn.h>

#include "cuda_check.h"
#include "gs/cuda_backend.h"
#include "gs/cuda_driver_message.h"

namespace gs {
namespace {

// What "insufficient driver" means on this machine: the runtime says the same with no NVIDIA
// driver at all (no libcuda) as with one too old for it, which a person fixes differently. The
// driver's library is only looked at here, never linked: the programs start without it.
std::string insufficient_driver_reason() {
  void* driver = ::dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!driver) return "no NVIDIA driver (libcuda.so.1 is not installed)";
  using DriverVersion = int (*)(int*);
  const auto driver_version =
      reinterpret_cast<DriverVersion>(::dlsym(driver, "cuDriverGetVersion"));
  int supported = 0, runtime = 0;
  const bool known = driver_version && driver_version(&supported) == 0 && supported > 0 &&
                     cudaRuntimeGetVersion(&runtime) == cudaSuccess;
  ::dlclose(driver);
  if (!known) return "the NVIDIA driver is too old for this build's CUDA runtime";
  return old_driver_message(supported, runtime);
}

}  // namespace

std::optional<std::string> cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t code = cudaGetDeviceCount(&count);
  if (code != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "last error" so later calls start clean
    if (code == cudaErrorInsufficientDriver) return insufficient_driver_reason();
    return std::string(cudaGetErrorString(code));
  }
  if (count == 0) return std::string("no CUDA device found");
  return std::nullopt;
}

int cuda_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // as above: no sticky error left behind
    return 0;
  }
  return count;
}

Expected<CudaDeviceInfo> cuda_device_info(int device) {
  cudaDeviceProp properties{};
  GS_CUDA_TRY(cudaGetDeviceProperties(&properties, device));
  int memory_clock_khz = 0;
  int bus_width_bits = 0;
  int l2_bytes = 0;
  GS_CUDA_TRY(cudaDeviceGetAttribute(&memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  GS_CUDA_TRY(cudaDeviceGetAttribute(&bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, device));
  GS_CUDA_TRY(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device));
  int multiprocessors = 0, threads_per_multiprocessor = 0;
  GS_CUDA_TRY(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  GS_CUDA_TRY(cudaDeviceGetAttribute(&threads_per_multiprocessor,
                                     cudaDevAttrMaxThreadsPerMultiProcessor, device));
  CudaDeviceInfo info;
  info.index = device;
  info.name = properties.name;
  info.compute_major = properties.major;
  info.compute_minor = properties.minor;
  info.memory_bytes = properties.totalGlobalMem;
  info.l2_bytes = std::size_t(l2_bytes);
  info.multiprocessors = multiprocessors;
  info.threads_per_multiprocessor = threads_per_multiprocessor;
  // Double data rate: two transfers per clock.
  info.peak_bandwidth_gb_per_s = 2.0 * memory_clock_khz * 1e3 * (bus_width_bits / 8.0) / 1e9;
  return info;
}

}  // namespace gs
