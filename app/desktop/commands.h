// Named commands: everything a person (the panel, the keyboard) or a script asks of the app.
// They go into one queue and the app applies them between frames, so scripts and tests drive
// exactly what a person drives. Values are checked when a command is applied.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"

namespace gs::app {

enum class TransferPath { Interop, Host, Upload };

std::string to_string(TransferPath path);

// Who applies a `set` parameter: the simulation (model, launch, map) or the app (view, brush, UI).
enum class ParameterOwner { Simulation, App };
struct SettableParameter {
  const char* name;
  ParameterOwner owner;
};
// Every parameter `set` accepts, in the order messages list them.
const std::vector<SettableParameter>& settable_parameter_table();
bool is_simulation_parameter(std::string_view name);

// A `set` value as a finite float, whatever the C locale; nullopt when the text is not one.
std::optional<float> parse_float(std::string_view text);
std::optional<TransferPath> parse_transfer_path(std::string_view name);

namespace command {
struct LoadPreset {
  std::string name;
};
// Any panel parameter by name (F, k, Du, Dv, dt, laplacian, boundary, field, ...), as text.
struct SetParameter {
  std::string name;
  std::string value;
};
struct Resize {
  int width;
  int height;
};
struct SelectBackend {
  BackendChoice choice;
};
struct SelectTransfer {
  TransferPath path;
};
struct SetStepsPerFrame {
  std::optional<int> steps;
};  // nullopt: auto
struct Run {};
struct Pause {};
struct Step {
  int steps;
};
struct Reset {
  std::optional<InitPattern> init;
  std::optional<std::uint64_t> seed;
};
struct Screenshot {
  std::string path;     // "" for a timestamped name in the capture folder
  bool window = false;  // the whole window, UI included, instead of the field at grid resolution
};
// Video: each displayed frame advances exactly steps_per_frame steps and becomes one frame.
struct RecordStart {
  std::string path;  // "" for a timestamped name in the capture folder
  int steps_per_frame = 8;
  int fps = 30;
};
struct RecordStop {};
struct SetCaptureFolder {
  std::string path;
};
// The brush, in grid cells: paints v (or erases to u = 1, v = 0) in a disc.
struct Paint {
  float x;
  float y;
  float radius;
  float value;
  bool erase;
};
// In parameter-map mode: take the (F, k) of the cell at (x, y) and return to uniform mode.
struct Pick {
  float x;
  float y;
};
// The HDF5 state file of grayscott-batch: fields and parameters.
struct SaveState {
  std::string path;
};
struct LoadState {
  std::string path;
};
struct Caption {
  std::string text;
};
struct Quit {};
// Script flow only: the script waits for N displayed frames, or for wall-clock seconds.
struct RunFrames {
  int frames;
};
struct Wait {
  double seconds;
};
}  // namespace command

using Command =
    std::variant<command::LoadPreset, command::SetParameter, command::Resize,
                 command::SelectBackend, command::SelectTransfer, command::SetStepsPerFrame,
                 command::Run, command::Pause, command::Step, command::Reset, command::Screenshot,
                 command::SaveState, command::LoadState, command::Paint, command::Pick,
                 command::SetCaptureFolder, command::RecordStart, command::RecordStop,
                 command::Caption, command::Quit, command::RunFrames, command::Wait>;

}  // namespace gs::app
