// The device check's preflight query: what nvidia-smi does not say (SM count, L2 size), one
// line per device. Built with the machine's nvcc by tests/gpu/device-check.sh.
//   device-query            the devices
//   device-query --kernel   one tiny kernel, run and checked: the program preflight hands to
//                           compute-sanitizer and ncu to learn whether they can use the device
//                           (in a gVisor sandbox they cannot) before their stages rely on them
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

namespace {

__global__ void write_index(int* out) {
  out[threadIdx.x] = int(threadIdx.x);
}

// Exit 0 when the kernel ran and wrote what it should; the CUDA error otherwise.
int run_one_kernel() {
  constexpr int kThreads = 32;
  int* device = nullptr;
  int host[kThreads] = {};
  cudaError_t error = cudaMalloc(&device, sizeof(host));
  if (error == cudaSuccess) {
    write_index<<<1, kThreads>>>(device);
    error = cudaGetLastError();
  }
  if (error == cudaSuccess) error = cudaMemcpy(host, device, sizeof(host), cudaMemcpyDeviceToHost);
  if (device != nullptr && cudaFree(device) != cudaSuccess && error == cudaSuccess)
    error = cudaGetLastError();
  if (error != cudaSuccess) {
    std::printf("one kernel: %s\n", cudaGetErrorString(error));
    return 1;
  }
  for (int i = 0; i < kThreads; ++i)
    if (host[i] != i) {
      std::printf("one kernel: wrong result at %d\n", i);
      return 1;
    }
  std::printf("one kernel: ran\n");
  return 0;
}

int describe_devices() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0) {
    std::printf("no CUDA device: %s\n", error != cudaSuccess ? cudaGetErrorString(error) : "none");
    return 1;
  }
  int driver = 0, runtime = 0;
  if (cudaDriverGetVersion(&driver) != cudaSuccess ||
      cudaRuntimeGetVersion(&runtime) != cudaSuccess)
    return 1;
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp prop{};
    int major = 0, minor = 0, sms = 0, l2 = 0, bus = 0;
    if (cudaGetDeviceProperties(&prop, d) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, d) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, d) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d) != cudaSuccess ||
        cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, d) != cudaSuccess ||
        cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, d) != cudaSuccess) {
      std::printf("device %d: its properties cannot be read\n", d);
      return 1;
    }
    std::printf(
        "device %d: %s, sm_%d%d, %d SMs, L2 %.0f MB, %.0f GiB, %d-bit bus, driver CUDA %d.%d, "
        "runtime %d.%d\n",
        d, prop.name, major, minor, sms, l2 / 1e6, double(prop.totalGlobalMem) / (1 << 30), bus,
        driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--kernel") == 0) return run_one_kernel();
  return describe_devices();
}
