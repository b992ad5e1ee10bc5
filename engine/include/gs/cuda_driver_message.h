// What to say where the NVIDIA driver is older than the CUDA runtime a build was made with: both
// versions, and the two ways out (a newer driver, or a build with the toolkit the driver runs).
// Debian 12's own driver, 535, runs CUDA up to 12.2; its own toolkit is CUDA 11.8. Compiles
// without CUDA, so it is tested everywhere.
#pragma once

#include <string>

namespace gs {

// "13.0" for CUDA's 13000.
std::string cuda_version_text(int version);

// The oldest driver that runs a build made with CUDA `runtime_version` (13000: 580).
int minimum_driver_for(int runtime_version);

// For a driver running CUDA up to `driver_version` and a build made with `runtime_version`.
std::string old_driver_message(int driver_version, int runtime_version);

}  // namespace gs
