// The controls a person (the panel, the keys) or a script (`set NAME VALUE`) can set, typed: the
// panel pushes a control and a typed value, never text. One registry says, for each name, which
// control it is (the simulation's or the app's view: the owner is in the type), what values it
// takes and how a script's text becomes one. Script parsing, the script help and the messages
// all read it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gs/backend.h"
#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/launch_shape.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs::app {

// Applied by the simulation (model, launch, CPU loop, map, seeding).
enum class SimulationControl {
  F,
  k,
  Du,
  Dv,
  dt,
  Laplacian,
  Boundary,
  Field,
  Block,
  Kernel,
  CpuPath,
  StepsPerPass,
  Init,
  Seed,
  MapMode,
  MapFLow,
  MapFHigh,
  MapKLow,
  MapKHigh,
  ReseedOnPick,
  ReseedOnPreset,
};

// Applied by the app (view, brush, UI).
enum class ViewControl {
  Colormap,
  RangeMin,
  RangeMax,
  RangeAuto,
  LinearFilter,
  BrushRadius,
  BrushValue,
  UiHidden,
  UiScale,
  FontSize,
  Presentation,
  ExportOverlays,
  TimingsOverlay,
  Relief,
  BrushStyle,
  StyleOverlay,
};

// A control's value. Switches (on/off, map/uniform, linear/nearest, hidden/shown) are bools.
using ControlValue =
    std::variant<bool, float, int, std::uint64_t, std::string, Laplacian, Boundary, DisplayField,
                 InitPattern, KernelVariant, CpuTwinPath, BlockShape, BrushStyle>;

// One `set` name.
struct ControlSpec {
  std::string_view name;
  std::variant<SimulationControl, ViewControl> control;
  // What the value may be, for the script help ("a number", "on or off", ...).
  std::string_view values;
  // A script's text as a value; the problem (quoting the text) when it is not one.
  Expected<ControlValue> (*parse)(std::string_view text);
  // The value as a script writes it: parse(format(v)) == v.
  std::string (*format)(const ControlValue& value);
};

// Every control, in the order the script help and messages list them.
const std::vector<ControlSpec>& control_registry();
const ControlSpec* find_control(std::string_view name);
const ControlSpec& spec_of(SimulationControl control);
const ControlSpec& spec_of(ViewControl control);

// `set NAME VALUE` for this control and value, as a script line.
std::string script_line(const ControlSpec& spec, const ControlValue& value);

// The value into `target`, when it has the type the control's applier expects; a mismatch (a
// programming error, not a user's) is an error naming the control rather than a crash, and
// leaves `target` as it was.
template <class T>
Status assign_value(const ControlValue& value, std::string_view name, T& target) {
  const T* typed = std::get_if<T>(&value);
  if (!typed)
    return Error{"internal error: '" + std::string(name) + "' got a value of the wrong type"};
  target = *typed;
  return Status::ok();
}

}  // namespace gs::app
