// The start's memory, checked before it is taken (start_memory.h).
#include "start_memory.h"

#include <sys/mman.h>
#include <sys/resource.h>

#include <string>
#include <thread>

namespace gs::app {
namespace {

// Measured: headless on llvmpipe with 2 processors and 8 MB thread stacks, the program has 200 MB
// at main() and its start succeeds in 800 MB and fails in 750 (in Mesa, in a thread's start, or
// at an allocation). A fixed part for the driver, its compiler and the fonts, and a part for
// each processor's rendering thread (its stack and some heap).
constexpr std::size_t kMiB = std::size_t(1) << 20;
constexpr std::size_t kFixedBytes = 560 * kMiB;
constexpr std::size_t kPerCpuBytes = 16 * kMiB;

std::string megabytes(std::size_t bytes) {
  return std::to_string(bytes / kMiB) + " MB";
}

}  // namespace

std::size_t start_address_space_bytes(unsigned cpus) {
  return kFixedBytes + std::size_t(cpus == 0 ? 1 : cpus) * kPerCpuBytes;
}

Status check_start_memory() {
  const std::size_t needed = start_address_space_bytes(std::thread::hardware_concurrency());
  // Reserved, not touched: it counts against an address-space or data limit (and a strict
  // overcommit policy) as the start's own allocations will, and costs no memory.
  void* reserved = ::mmap(nullptr, needed, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (reserved != MAP_FAILED) {
    ::munmap(reserved, needed);
    return Status::ok();
  }
  std::string limit;
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    limit = " (ulimit -v allows " + megabytes(std::size_t(as.rlim_cur)) + " in all)";
  return Error{"not enough memory to start: the start needs " + megabytes(needed) +
               " of address space more than the program has" + limit};
}

}  // namespace gs::app
