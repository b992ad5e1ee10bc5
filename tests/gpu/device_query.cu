// The device check's preflight query: what nvidia-smi does not say (SM count, L2 size), one
// line per device. Built with the machine's nvcc by tests/gpu/device-check.sh.
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0) {
    std::printf("no CUDA device: %s\n", error != cudaSuccess ? cudaGetErrorString(error) : "none");
    return 1;
  }
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, d);
    int major = 0, minor = 0, sms = 0, l2 = 0, bus = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, d);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, d);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d);
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, d);
    cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, d);
    std::printf(
        "device %d: %s, sm_%d%d, %d SMs, L2 %.0f MB, %.0f GiB, %d-bit bus, driver CUDA %d.%d, "
        "runtime %d.%d\n",
        d, prop.name, major, minor, sms, l2 / 1e6, double(prop.totalGlobalMem) / (1 << 30), bus,
        driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
  }
  return 0;
}
