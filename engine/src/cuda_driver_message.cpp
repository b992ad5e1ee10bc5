// The old driver's message (gs/cuda_driver_message.h).
#include "gs/cuda_driver_message.h"

namespace gs {

std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

int minimum_driver_for(int runtime_version) {
  // NVIDIA's table of the drivers each toolkit needs (minor-version compatibility within 12.x).
  if (runtime_version >= 13000) return 580;
  if (runtime_version >= 12000) return 525;
  return 520;  // 11.8
}

std::string old_driver_message(int driver_version, int runtime_version) {
  return "the NVIDIA driver runs CUDA up to " + cuda_version_text(driver_version) +
         ", older than the CUDA " + cuda_version_text(runtime_version) +
         " this build was made with: update the driver to " +
         std::to_string(minimum_driver_for(runtime_version)) +
         " or newer, or rebuild with your CUDA toolkit (11.8 or newer; Debian's own is 11.8): "
         "docs/gpu.md";
}

}  // namespace gs
