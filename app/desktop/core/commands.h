// Typed commands: everything a person (the panel, the keyboard) or a script asks of the app.
// They go into one queue and the app applies them between frames, so scripts and tests drive
// exactly what a person drives. Only the script parser makes them from text; limits (a preset's
// name, a stable dt) are checked when a command is applied.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "controls.h"
#include "field_view.h"
#include "gs/backend_factory.h"
#include "gs/enum_names.h"
#include "gs/initial_conditions.h"
#include "gs/style_gradient.h"
#include "picture_sampling.h"
#include "picture_seed.h"

namespace gs::app {

// How the display field reaches the texture (frame_transfer.h): `none` is the gl backend's, which
// computes in the GL context and writes the field into the texture itself.
enum class TransferPath { Interop, Host, Upload, None };

inline constexpr EnumNames<TransferPath, 4> kTransferPathNames{{{TransferPath::Interop, "interop"},
                                                                {TransferPath::Host, "host"},
                                                                {TransferPath::Upload, "upload"},
                                                                {TransferPath::None, "none"}}};
constexpr const auto& enum_names(TransferPath) {
  return kTransferPathNames;
}
// A std::string, as the panel and messages concatenate it.
inline std::string to_string(TransferPath path) {
  return std::string(name_in(kTransferPathNames, path));
}
// A lecturer's controls of the running script (a demo is one), from keys and the bar: the next or
// previous caption, the script again from its first line, or its end (the caption goes too).
enum class ScriptAction { Next, Previous, Restart, Stop };

inline constexpr EnumNames<ScriptAction, 4> kScriptActionNames{
    {{ScriptAction::Next, "next"},
     {ScriptAction::Previous, "previous"},
     {ScriptAction::Restart, "restart"},
     {ScriptAction::Stop, "stop"}}};
constexpr const auto& enum_names(ScriptAction) {
  return kScriptActionNames;
}
inline std::string to_string(ScriptAction action) {
  return std::string(name_in(kScriptActionNames, action));
}

// Why each path (indexed by TransferPath) cannot run with the current backend; "" where it can.
using TransferReasons = std::array<std::string, 4>;

namespace command {
struct LoadPreset {
  std::string name;
};
// A control and its typed value (controls.h): the owner is in the control's type.
struct SetSimulation {
  SimulationControl control;
  ControlValue value;
};
struct SetView {
  ViewControl control;
  ControlValue value;
};
// The presets behind keys 1-9, remembered between runs.
struct AddFavourite {
  std::string preset;
};
struct RemoveFavourite {
  int key;  // 1 to 9
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
// The brush, in grid cells: paints v (or erases to u = 1, v = 0) in a disc around (x, y), or,
// with `from`, in every cell within the radius of the segment from there to (x, y): a drag's path
// since the last frame.
struct Paint {
  float x;
  float y;
  float radius;
  float value;
  bool erase;
  std::optional<GridPoint> from = std::nullopt;
  // TowardA / TowardB: the style map's bytes instead (`paint-a`, `paint-b`), with a soft edge;
  // where no map runs yet, painting starts one (all set A).
  BrushStyle style = BrushStyle::None;
};
// Style maps (Params::style): each cell mixes set A (the parameters) and set B by its byte.
// `style-image FILE [channel=C] [fit=M] [bright]`: the picture's strength as set B's share.
struct StyleImage {
  std::string path;
  PicturePlacement placement;
};
// `style-gradient x|y|radial`: A turning into B across the grid (gs/style_gradient.h).
struct StyleGradientMap {
  StyleGradient gradient;
};
// `style-a|style-b PRESET`, or `style-a|style-b F k [Du Dv]`: a set from a preset's F, k, Du and
// Dv, or those values (Du and Dv, when not given, stay the set's own). Either keeps the map.
struct StyleSet {
  bool set_b = true;
  std::string preset;  // "" for the values
  float F = 0.0f;
  float k = 0.0f;
  std::optional<float> Du = std::nullopt;
  std::optional<float> Dv = std::nullopt;
};
// `style-swap`: sets A and B trade places (the map stays, so its regions trade parameters).
struct StyleSwap {};
// `style off`: the map goes, set A runs alone.
struct StyleOff {};
// In parameter-map mode: take the (F, k) of the cell at (x, y) and return to uniform mode.
struct Pick {
  float x;
  float y;
};
// A picture as the starting pattern (picture_seed.h), resampled onto the grid as it is.
struct SeedImage {
  std::string path;
  PictureSeedOptions options;
};
// The brush's stamp: the last seed's picture (with its options) seeded into the square of side
// 2 * radius centred on (x, y), as a seed of that square would be.
struct Stamp {
  float x;
  float y;
  float radius;
};
// The HDF5 state file of grayscott-batch: fields and parameters, with its XDMF description
// (PATH's name with .xmf, for ParaView and VisIt) unless `save PATH --no-xdmf`.
struct SaveState {
  std::string path;
  bool xdmf = true;
};
struct LoadState {
  std::string path;
};
// The setup's script lines (setup_script.h) into a file: what Copy as script puts on the
// clipboard, for scripts and headless runs, which have no clipboard.
struct SaveSetup {
  std::string path;
};
struct Caption {
  std::string text;
};
struct Quit {};
// Zoom and pan, in grid cells: `view zoom Z` (1 to 64, about the current centre), `view center
// X Y`, `view reset` (the whole grid). Screenshots of the field stay the whole grid.
struct ViewZoom {
  float zoom;
};
struct ViewCenter {
  float x;
  float y;
};
struct ViewReset {};
// A shipped demo script (demo_scripts.h) by name. A person's (the Demos list, a paste) takes
// over from any script running. A script's `demo` line is replaced, as the script loads, by the
// demo's own lines between a Begins and an Ends (demo_inlining.h), so its captions are the
// script's to step through.
enum class DemoPart { Whole, Begins, Ends };
struct StartDemo {
  std::string name;
  DemoPart part = DemoPart::Whole;
};
// `script next|previous|restart|stop` (script_timeline.h has what each does).
struct ScriptControl {
  ScriptAction action;
};
// Script only: the script needs CUDA. It stops before its first line where CUDA does not run,
// and its CUDA-only lines fail rather than fall back (cuda_fallback.h).
struct RequireCuda {};
// Script flow only: the script waits for N displayed frames, or for seconds of its timeline
// (wall-clock time, standing still while a person has paused the simulation: script_timeline.h).
struct RunFrames {
  int frames;
};
struct Wait {
  double seconds;
};
// Script flow only: the script waits until the Timings describe the current configuration
// (frame_stats.h: a change restarts them), at most `max_seconds`; paused, at once.
struct WaitTimings {
  double max_seconds = 5.0;
};
}  // namespace command

// What the simulation applies, and what the app applies (view, captures, video, script flow):
// every command is in exactly one of the two, so each applier's visit is exhaustive.
using SimulationCommand =
    std::variant<command::LoadPreset, command::SetSimulation, command::Resize,
                 command::SelectBackend, command::SetStepsPerFrame, command::Run, command::Pause,
                 command::Step, command::Reset, command::SaveState, command::LoadState,
                 command::Paint, command::Pick, command::SeedImage, command::Stamp,
                 command::StyleImage, command::StyleGradientMap, command::StyleSet,
                 command::StyleSwap, command::StyleOff>;
using AppCommand =
    std::variant<command::SetView, command::AddFavourite, command::RemoveFavourite,
                 command::SelectTransfer, command::Screenshot, command::SetCaptureFolder,
                 command::RecordStart, command::RecordStop, command::Caption, command::Quit,
                 command::SaveSetup, command::StartDemo, command::RequireCuda, command::ViewZoom,
                 command::ViewCenter, command::ViewReset, command::RunFrames, command::Wait,
                 command::ScriptControl, command::WaitTimings>;

template <class A, class B>
struct JoinedVariants;
template <class... As, class... Bs>
struct JoinedVariants<std::variant<As...>, std::variant<Bs...>> {
  using type = std::variant<As..., Bs...>;
};
using Command = JoinedVariants<SimulationCommand, AppCommand>::type;

// The simulation's part of a command, or the app's: exactly one holds a value.
std::optional<SimulationCommand> simulation_part(const Command& command);
std::optional<AppCommand> app_part(const Command& command);

// For appliers' std::visit: one lambda per alternative.
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace gs::app
