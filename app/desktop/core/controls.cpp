// The control registry (controls.h): each `set` name, its control, its values and its parser.
#include "controls.h"

#include <cstdlib>

#include "colormap.h"
#include "script_words.h"
#include "view_state.h"

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
  return format_with<float>(value, [](const float& number) { return number_text(number); });
}

template <class T>
std::string write_integer(const ControlValue& value) {
  return format_with<T>(value, [](const T& number) { return std::to_string(number); });
}

std::string write_word(const ControlValue& value) {
  return format_with<std::string>(value, [](const std::string& word) { return word; });
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

// A word from a table of names (an enum's, or a switch's two words), both ways.
template <const auto& table>
Expected<ControlValue> word_in(std::string_view text) {
  if (const auto value = value_in(table, text)) return ControlValue{*value};
  return Error{in_quotes(text) + " is not one of " + names_list(table)};
}

template <const auto& table>
std::string write_word_in(const ControlValue& value) {
  using T = decltype(table[0].value);
  return format_with<T>(value, [](const T& v) { return std::string(name_in(table, v)); });
}

// The switches' words: the first of each pair is listed first in messages.
inline constexpr EnumNames<bool, 2> kOnOff{{{true, "on"}, {false, "off"}}};
inline constexpr EnumNames<bool, 2> kMapUniform{{{true, "map"}, {false, "uniform"}}};
inline constexpr EnumNames<bool, 2> kNearestLinear{{{false, "nearest"}, {true, "linear"}}};
inline constexpr EnumNames<bool, 2> kHiddenShown{{{true, "hidden"}, {false, "shown"}}};

Expected<ControlValue> block(std::string_view text) {
  const std::optional<BlockShape> shape = parse_block_shape(text);
  if (!shape) return Error{in_quotes(text) + " is not WIDTHxHEIGHT (like 32x8)"};
  GS_TRY(check_block_shape(*shape));
  return ControlValue{*shape};
}

// Choices listed in the help: an enum's names from its table.
template <const auto& table>
std::string_view choices() {
  static const std::string list = names_list(table);
  return list;
}

// The built-in colormaps, listed in the help as in the message for an unknown one.
std::string_view colormap_choices() {
  static const std::string list = colormap_names();
  return list;
}

const std::vector<ControlSpec> kRegistry = {
    {"F", Sim::F, "a number (feed rate)", number, write_number},
    {"k", Sim::k, "a number (kill rate)", number, write_number},
    {"Du", Sim::Du, "a number", number, write_number},
    {"Dv", Sim::Dv, "a number", number, write_number},
    {"dt", Sim::dt, "a number", number, write_number},
    {"laplacian", Sim::Laplacian, choices<kLaplacianNames>(), word_in<kLaplacianNames>,
     write_word_in<kLaplacianNames>},
    {"boundary", Sim::Boundary, choices<kBoundaryNames>(), word_in<kBoundaryNames>,
     write_word_in<kBoundaryNames>},
    {"field", Sim::Field, choices<kDisplayFieldNames>(), word_in<kDisplayFieldNames>,
     write_word_in<kDisplayFieldNames>},
    {"colormap", View::Colormap, colormap_choices(), any_word, write_word},
    {"range-min", View::RangeMin, "a number", number, write_number},
    {"range-max", View::RangeMax, "a number", number, write_number},
    {"range-auto", View::RangeAuto, choices<kOnOff>(), word_in<kOnOff>, write_word_in<kOnOff>},
    {"filter", View::LinearFilter, choices<kNearestLinear>(), word_in<kNearestLinear>,
     write_word_in<kNearestLinear>},
    {"block", Sim::Block, "WIDTHxHEIGHT", block, write_block},
    {"kernel", Sim::Kernel, choices<kKernelVariantNames>(), word_in<kKernelVariantNames>,
     write_word_in<kKernelVariantNames>},
    {"cpu-path", Sim::CpuPath, choices<kCpuTwinPathNames>(), word_in<kCpuTwinPathNames>,
     write_word_in<kCpuTwinPathNames>},
    {"steps-per-pass", Sim::StepsPerPass, "0 (automatic) to 16", count, write_integer<int>},
    {"init", Sim::Init, choices<kInitPatternNames>(), word_in<kInitPatternNames>,
     write_word_in<kInitPatternNames>},
    {"seed", Sim::Seed, "0 to 18446744073709551615", seed, write_integer<std::uint64_t>},
    {"brush-radius", View::BrushRadius, "a number of cells", number, write_number},
    {"brush-value", View::BrushValue, "a number", number, write_number},
    {"mode", Sim::MapMode, choices<kMapUniform>(), word_in<kMapUniform>,
     write_word_in<kMapUniform>},
    {"map-F-low", Sim::MapFLow, "a number", number, write_number},
    {"map-F-high", Sim::MapFHigh, "a number", number, write_number},
    {"map-k-low", Sim::MapKLow, "a number", number, write_number},
    {"map-k-high", Sim::MapKHigh, "a number", number, write_number},
    {"reseed-on-pick", Sim::ReseedOnPick, choices<kOnOff>(), word_in<kOnOff>,
     write_word_in<kOnOff>},
    {"ui", View::UiHidden, choices<kHiddenShown>(), word_in<kHiddenShown>,
     write_word_in<kHiddenShown>},
    {"ui-scale", View::UiScale, "0.5 to 4", number, write_number},
    {"font-size", View::FontSize, "8 to 64", number, write_number},
    {"reseed-on-preset", Sim::ReseedOnPreset, choices<kOnOff>(), word_in<kOnOff>,
     write_word_in<kOnOff>},
    {"presentation", View::Presentation, choices<kOnOff>(), word_in<kOnOff>, write_word_in<kOnOff>},
    {"export-overlays", View::ExportOverlays, choices<kOnOff>(), word_in<kOnOff>,
     write_word_in<kOnOff>},
    {"timings-overlay", View::TimingsOverlay, choices<kOnOff>(), word_in<kOnOff>,
     write_word_in<kOnOff>},
    {"relief", View::Relief, choices<kOnOff>(), word_in<kOnOff>, write_word_in<kOnOff>},
    {"brush-style", View::BrushStyle, choices<kBrushStyleNames>(), word_in<kBrushStyleNames>,
     write_word_in<kBrushStyleNames>},
    {"style-overlay", View::StyleOverlay, choices<kOnOff>(), word_in<kOnOff>,
     write_word_in<kOnOff>},
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
