// Which EGL device a headless context is made on, decided without EGL: the devices to try, the
// one that is the wanted CUDA device first (EGL_NV_device_cuda). GL-free: the app's core and its
// tests use it too.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gs::app {

// The EGL device a headless context runs on: its name ("EGL device 1 (/dev/dri/card1)") and the
// CUDA device it is (EGL_CUDA_DEVICE_NV), where EGL says; none for Mesa's devices.
struct EglDevice {
  std::string name;
  std::optional<int> cuda_device;
};

// The EGL devices to try, best first, given each device's CUDA device (in EGL's order; nullopt
// where EGL does not say) and the CUDA device wanted (nullopt: no preference). `forced` (an index,
// GS_EGL_DEVICE) allows that device alone. Otherwise every device: those that are the wanted CUDA
// device first, then the rest in EGL's order (so a context still comes from some device).
std::vector<std::size_t> egl_device_order(const std::vector<std::optional<int>>& cuda_of_device,
                                          std::optional<int> wanted_cuda,
                                          std::optional<std::size_t> forced);

}  // namespace gs::app
