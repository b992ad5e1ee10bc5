// Named parameter sets from assets/presets.json (docs/model.md), grouped for menus.
// Names are lowercase words joined by hyphens and match case-insensitively.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gs/enum_names.h"
#include "gs/initial_conditions.h"
#include "gs/param_overrides.h"
#include "gs/status.h"
#include "gs/style_gradient.h"

namespace gs {

struct PresetGroup {
  std::string id;
  std::string title;
};

// What a preset's run shows (docs/presets.md): the share of the grid away from the trivial state
// (u = 1, v = 0) and how its active cells group. `stripes` covers worms, labyrinths and waves.
enum class PatternClass { Dead, Uniform, Spots, Stripes, Mixed, Holes };
inline constexpr EnumNames<PatternClass, 6> kPatternClassNames{{{PatternClass::Dead, "dead"},
                                                                {PatternClass::Uniform, "uniform"},
                                                                {PatternClass::Spots, "spots"},
                                                                {PatternClass::Stripes, "stripes"},
                                                                {PatternClass::Mixed, "mixed"},
                                                                {PatternClass::Holes, "holes"}}};
constexpr const auto& enum_names(PatternClass) {
  return kPatternClassNames;
}

enum class PatternMotion { Still, Moving };
inline constexpr EnumNames<PatternMotion, 2> kPatternMotionNames{
    {{PatternMotion::Still, "still"}, {PatternMotion::Moving, "moving"}}};
constexpr const auto& enum_names(PatternMotion) {
  return kPatternMotionNames;
}

// Where a preset comes from and what it shows: from `start` (seed 1, 128x128), after `steps`
// steps the field is of class `pattern` and `motion`. Optional in a presets file; the shipped
// presets name all of them.
struct PresetExpectation {
  InitPattern start = InitPattern::Square;
  long steps = 0;
  PatternClass pattern = PatternClass::Dead;
  PatternMotion motion = PatternMotion::Still;
};

// A preset that needs a style map to show what it is (docs/presets.md, "Styled presets"): its set
// B is in Preset::params.style (layered as set A is), and this is the map it runs with where
// nothing else gives one (a --style-* option, a state's own map).
struct PresetStyle {
  StyleGradient gradient = StyleGradient::X;
};

struct Preset {
  std::string name;
  std::string group;
  std::string description;
  // F, k, Du, Dv, dt and the Laplacian: a preset is a layer over the parameters in use (see
  // layer_params), and never chooses the boundary.
  ParamOverrides params;
  std::string source;  // where F and k were published, e.g. "Pearson 1993, class alpha"
  std::string note;    // why it shows something other than its name says, if it does
  std::optional<PresetExpectation> expected;
  std::optional<PresetStyle> style;  // set for a styled preset
};

struct PresetLibrary {
  std::vector<PresetGroup> groups;
  std::vector<Preset> presets;

  // nullptr when no preset has this name (compared case-insensitively).
  const Preset* find(std::string_view name) const;
  // The preset of this name, or an error that lists the valid names.
  Expected<const Preset*> require(std::string_view name) const;
  // "course, pearson-alpha, ..." for error messages.
  std::string names() const;
};

Expected<PresetLibrary> load_presets(const std::filesystem::path& path);

// The presets shipped in the data folder (see data_paths.h).
Expected<PresetLibrary> load_default_presets();

}  // namespace gs
