// The settings a backend is created and run with, whole in one struct: which backend, its
// threads or device, the CPU twin's loop and the CUDA launch. The batch program fills it from its
// options; the app keeps one across backend switches and hands it whole to each new backend.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "gs/enum_names.h"
#include "gs/launch_shape.h"

namespace gs {

enum class BackendChoice { Auto, Cpu, Cuda, Gl };

inline constexpr EnumNames<BackendChoice, 4> kBackendChoiceNames{{{BackendChoice::Auto, "auto"},
                                                                  {BackendChoice::Cpu, "cpu"},
                                                                  {BackendChoice::Cuda, "cuda"},
                                                                  {BackendChoice::Gl, "gl"}}};
constexpr const auto& enum_names(BackendChoice) {
  return kBackendChoiceNames;
}

// The CPU twin's two loops (gs/cpu_twin_backend.h): cache-blocked bands or one sweep a step.
enum class CpuTwinPath { Fast, Reference };

inline constexpr EnumNames<CpuTwinPath, 2> kCpuTwinPathNames{
    {{CpuTwinPath::Fast, "fast"}, {CpuTwinPath::Reference, "reference"}}};
constexpr const auto& enum_names(CpuTwinPath) {
  return kCpuTwinPathNames;
}

// What create_backend does with a setting for a backend it did not create.
enum class UnusedSettings {
  Refused,  // an error (the batch program: --block with --backend cpu is a mistake)
  Kept,     // left unused (the app: its settings wait for when that backend runs)
};

class ContextBackendProvider;  // gs/context_backend_provider.h

struct BackendOptions {
  BackendChoice choice = BackendChoice::Auto;
  int cpu_threads = 0;  // 0: every core
  // The CPU twin's loop and its steps per pass (0: automatic), where the user chose them.
  std::optional<CpuTwinPath> cpu_path;
  std::optional<int> cpu_steps_per_pass;
  // The GPU a CUDA backend runs on: the app passes the one that drives its OpenGL context, so
  // the interop buffers and the backend's buffers live on one device.
  int cuda_device = 0;
  // The CUDA launch (block shape, kernel variant), where the user chose one.
  std::optional<BlockShape> block;
  std::optional<KernelVariant> variant;
  UnusedSettings unused_settings = UnusedSettings::Refused;
  // The GL compute backend's maker, from the layer that owns its GL context (the app's window,
  // or grayscott-batch's headless EGL context); none where no context can be had.
  std::shared_ptr<ContextBackendProvider> gl;
};

}  // namespace gs
