// The control registry (controls.h): each `set` name, its control, its values and its parser.
#include "controls.h"

#include <cstdio>
#include <cstdlib>

#include "script_words.h"

namespace gs::app {
namespace {

using Sim = SimulationControl;
using View = ViewControl;

// Formats what its parser reads; a value of another type (never made by the parser) is "?".
template <class T>
std::string format_with(const ControlValue& value, std::string (*write)(const T&)) {
  const T* typed = std::get_if<T>(&value);
  return typed ? write(*typed) : "?";
}

std::string write_number(const ControlValue& value) {
  return format_with<float>(value, [](const float& number) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", double(number));  // enough digits for any float
    return std::string(text);
  });
}

template <class T>
std::string write_integer(const ControlValue& value) {
  return format_with<T>(value, [](const T& number) { return std::to_string(number); });
}

std::string write_word(const ControlValue& value) {
  return format_with<std::string>(value, [](const std::string& word) { return word; });
}

template <class E>
std::string write_enum(const ControlValue& value) {
  return format_with<E>(value, [](const E& e) { return std::string(to_string(e)); });
}

template <const char* yes, const char* no>
std::string write_switch(const ControlValue& value) {
  return format_with<bool>(value, [](const bool& on) { return std::string(on ? yes : no); });
}

std::string write_field(const ControlValue& value) {
  return format_with<DisplayField>(
      value, [](const DisplayField& f) { return std::string(f == DisplayField::U ? "u" : "v"); });
}

std::string write_block(const ControlValue& value) {
  return format_with<BlockShape>(
      value, [](const BlockShape& b) { return std::to_string(b.x) + "x" + std::to_string(b.y); });
}

Expected<ControlValue> number(std::string_view text) {
  Expected<float> value = parse_float_number(text, "");
  if (!value) return value.status();
  return ControlValue{*value};
}

Expected<ControlValue> seed(std::string_view text) {
  Expected<std::uint64_t> value = parse_seed(text, "");
  if (!value) return value.status();
  return ControlValue{*value};
}

// A whole number from 0; the twin checks its own upper limit when the value is applied.
Expected<ControlValue> count(std::string_view text) {
  Expected<int> value = parse_integer(text, "", 0, kMaxScriptInt);
  if (!value) return value.status();
  return ControlValue{*value};
}

Expected<ControlValue> any_word(std::string_view text) {  // the app knows its colormaps
  return ControlValue{std::string(text)};
}

Error not_one_of(std::string_view text, std::string_view choices) {
  return Error{in_quotes(text) + " is not one of " + std::string(choices)};
}

// A switch spelled as two words: `yes` is true, `no` false.
template <const char* yes, const char* no>
Expected<ControlValue> switch_words(std::string_view text) {
  if (text == yes) return ControlValue{true};
  if (text == no) return ControlValue{false};
  return not_one_of(text, std::string(yes) + ", " + no);
}
constexpr char kOn[] = "on", kOff[] = "off", kMap[] = "map", kUniform[] = "uniform",
               kHidden[] = "hidden", kShown[] = "shown", kLinear[] = "linear",
               kNearest[] = "nearest";

Expected<ControlValue> linear_filter(std::string_view text) {
  if (text == "linear" || text == "nearest") return ControlValue{text == "linear"};
  return not_one_of(text, "nearest, linear");
}

// An engine enum through its parse function; `choices` lists its names for the message.
template <class E, std::optional<E> (*parse)(std::string_view), const char* choices>
Expected<ControlValue> enum_word(std::string_view text) {
  if (const std::optional<E> value = parse(text)) return ControlValue{*value};
  return not_one_of(text, choices);
}
constexpr char kLaplacians[] = "five-point, nine-point, course",
               kBoundaries[] = "periodic, neumann", kKernels[] = "coalesced, strided",
               kInits[] = "square, spots, noise", kCpuPaths[] = "fast, reference";

Expected<ControlValue> field(std::string_view text) {
  if (text == "u") return ControlValue{DisplayField::U};
  if (text == "v") return ControlValue{DisplayField::V};
  return not_one_of(text, "u, v");
}

Expected<ControlValue> block(std::string_view text) {
  const std::optional<BlockShape> shape = parse_block_shape(text);
  if (!shape) return Error{in_quotes(text) + " is not WIDTHxHEIGHT (like 32x8)"};
  GS_TRY(check_block_shape(*shape));
  return ControlValue{*shape};
}

const std::vector<ControlSpec> kRegistry = {
    {"F", Sim::F, "a number (feed rate)", number, write_number},
    {"k", Sim::k, "a number (kill rate)", number, write_number},
    {"Du", Sim::Du, "a number", number, write_number},
    {"Dv", Sim::Dv, "a number", number, write_number},
    {"dt", Sim::dt, "a number", number, write_number},
    {"laplacian", Sim::Laplacian, kLaplacians, enum_word<Laplacian, parse_laplacian, kLaplacians>,
     write_enum<Laplacian>},
    {"boundary", Sim::Boundary, kBoundaries, enum_word<Boundary, parse_boundary, kBoundaries>,
     write_enum<Boundary>},
    {"field", Sim::Field, "u, v", field, write_field},
    {"colormap", View::Colormap, "a colormap's name", any_word, write_word},
    {"range-min", View::RangeMin, "a number", number, write_number},
    {"range-max", View::RangeMax, "a number", number, write_number},
    {"range-auto", View::RangeAuto, "on, off", switch_words<kOn, kOff>, write_switch<kOn, kOff>},
    {"filter", View::LinearFilter, "nearest, linear", linear_filter,
     write_switch<kLinear, kNearest>},
    {"block", Sim::Block, "WIDTHxHEIGHT", block, write_block},
    {"kernel", Sim::Kernel, kKernels, enum_word<KernelVariant, parse_kernel_variant, kKernels>,
     write_enum<KernelVariant>},
    {"cpu-path", Sim::CpuPath, kCpuPaths, enum_word<CpuTwinPath, parse_cpu_twin_path, kCpuPaths>,
     write_enum<CpuTwinPath>},
    {"steps-per-pass", Sim::StepsPerPass, "0 (automatic) to 16", count, write_integer<int>},
    {"init", Sim::Init, kInits, enum_word<InitPattern, parse_init_pattern, kInits>,
     write_enum<InitPattern>},
    {"seed", Sim::Seed, "0 to 18446744073709551615", seed, write_integer<std::uint64_t>},
    {"brush-radius", View::BrushRadius, "a number of cells", number, write_number},
    {"brush-value", View::BrushValue, "a number", number, write_number},
    {"mode", Sim::MapMode, "map, uniform", switch_words<kMap, kUniform>,
     write_switch<kMap, kUniform>},
    {"map-F-low", Sim::MapFLow, "a number", number, write_number},
    {"map-F-high", Sim::MapFHigh, "a number", number, write_number},
    {"map-k-low", Sim::MapKLow, "a number", number, write_number},
    {"map-k-high", Sim::MapKHigh, "a number", number, write_number},
    {"reseed-on-pick", Sim::ReseedOnPick, "on, off", switch_words<kOn, kOff>,
     write_switch<kOn, kOff>},
    {"ui", View::UiHidden, "hidden, shown", switch_words<kHidden, kShown>,
     write_switch<kHidden, kShown>},
    {"ui-scale", View::UiScale, "0.5 to 4", number, write_number},
    {"font-size", View::FontSize, "8 to 64", number, write_number},
    {"reseed-on-preset", Sim::ReseedOnPreset, "on, off", switch_words<kOn, kOff>,
     write_switch<kOn, kOff>},
};

template <class Control>
const ControlSpec& find_spec(Control control) {
  for (const ControlSpec& spec : kRegistry)
    if (const Control* c = std::get_if<Control>(&spec.control); c && *c == control) return spec;
  // Every control has a name (a test checks it): reaching here is a programming error.
  std::abort();
}

}  // namespace

const std::vector<ControlSpec>& control_registry() {
  return kRegistry;
}

const ControlSpec* find_control(std::string_view name) {
  for (const ControlSpec& spec : kRegistry)
    if (spec.name == name) return &spec;
  return nullptr;
}

const ControlSpec& spec_of(SimulationControl control) {
  return find_spec(control);
}

const ControlSpec& spec_of(ViewControl control) {
  return find_spec(control);
}

std::string script_line(const ControlSpec& spec, const ControlValue& value) {
  return "set " + std::string(spec.name) + " " + spec.format(value);
}

}  // namespace gs::app
