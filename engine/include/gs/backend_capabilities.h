// What a backend is and what it can do, so the app and the benchmark ask a backend instead of
// comparing its name or casting it to a concrete class.
#pragma once

#include <string_view>

#include "gs/backend_options.h"

namespace gs {

enum class BackendKind { CpuTwin, Cuda, Gl };

// "cpu", "cuda", "gl": the names --backend takes.
inline constexpr EnumNames<BackendKind, 3> kBackendKindNames{
    {{BackendKind::CpuTwin, "cpu"}, {BackendKind::Cuda, "cuda"}, {BackendKind::Gl, "gl"}}};
constexpr const auto& enum_names(BackendKind) {
  return kBackendKindNames;
}

struct BackendCapabilities {
  // Steps in CUDA blocks: set_launch takes a block shape and a kernel variant.
  bool launch_shape = false;
  // Has the CPU twin's loops (cpu_loop() answers; configure takes a path and steps per pass).
  bool cpu_loop = false;
  // The fields live in GPU memory; device_stream() names the GPU.
  bool device_memory = false;
  // Writes the display field into device memory, as into a mapped GL buffer.
  bool interop = false;
  // Answers the GPU's own benchmark measurements (display paths, step graph costs).
  bool gpu_measurements = false;
  // Writes the display field into a texture of the graphics context it runs in
  // (MemorySpace::Texture): the frame is written where it is drawn, with no transfer at all.
  bool writes_texture = false;

  // The fields live on a GPU: CUDA's memory, or the buffers of a graphics context.
  bool fields_on_gpu() const { return device_memory || writes_texture; }
};

// The CPU twin's loop as it runs now: steps_per_pass is what the next step uses on the current
// grid (chosen from the grid and the cache when automatic).
struct CpuLoop {
  CpuTwinPath path = CpuTwinPath::Fast;
  int steps_per_pass = 1;
  int threads = 1;
};

}  // namespace gs
