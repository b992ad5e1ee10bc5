#include "gs/presets.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gs/data_paths.h"
#include "gs/style_gradient.h"

namespace gs {
namespace {

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// The longest run a preset may ask for: Pearson's runs went to 200,000 steps.
constexpr long kMaxPresetSteps = 1000000;

template <class E>
Expected<E> parse_named(const nlohmann::json& j, const char* key) {
  const std::string text = j.at(key).get<std::string>();
  if (std::optional<E> value = parse_enum<E>(text)) return *value;
  return Error{std::string("unknown ") + key + " '" + text +
               "' (valid: " + names_list(enum_names(E{})) + ")"};
}

// start, steps, pattern and motion come together or not at all.
Expected<std::optional<PresetExpectation>> parse_expectation(const nlohmann::json& j) {
  const char* keys[] = {"start", "steps", "pattern", "motion"};
  int named = 0;
  for (const char* key : keys) named += j.contains(key);
  if (named == 0) return std::optional<PresetExpectation>{};
  if (named != 4) return Error{"start, steps, pattern and motion go together"};
  PresetExpectation e;
  Expected<InitPattern> start = parse_named<InitPattern>(j, "start");
  if (!start) return Error{start.message()};
  e.start = *start;
  if (!j.at("steps").is_number_integer()) return Error{"steps must be a whole number"};
  e.steps = j.at("steps").get<long>();
  if (e.steps < 1 || e.steps > kMaxPresetSteps)
    return Error{"steps must be from 1 to " + std::to_string(kMaxPresetSteps)};
  Expected<PatternClass> pattern = parse_named<PatternClass>(j, "pattern");
  if (!pattern) return Error{pattern.message()};
  e.pattern = *pattern;
  Expected<PatternMotion> motion = parse_named<PatternMotion>(j, "motion");
  if (!motion) return Error{motion.message()};
  e.motion = *motion;
  return std::optional<PresetExpectation>{e};
}

// A styled preset's "style": {"gradient": "x|y|radial", "F": .., "k": .., "Du": .., "Dv": ..},
// set B's values each optional (unnamed ones are set A's, as layer_params takes them).
Status parse_style(const nlohmann::json& j, Preset& preset) {
  if (!j.contains("style")) return Status::ok();
  const nlohmann::json& style = j.at("style");
  Expected<StyleGradient> gradient = parse_named<StyleGradient>(style, "gradient");
  if (!gradient) return Error{"style: " + gradient.message()};
  preset.style = PresetStyle{*gradient};
  StyleSetOverrides& b = preset.params.style;
  for (auto [key, value] :
       {std::pair{"F", &b.F}, std::pair{"k", &b.k}, std::pair{"Du", &b.Du}, std::pair{"Dv", &b.Dv}})
    if (style.contains(key)) *value = style.at(key).get<float>();
  return Status::ok();
}

Expected<Preset> parse_preset(const nlohmann::json& j) {
  Preset preset;
  preset.name = j.at("name").get<std::string>();
  preset.group = j.at("group").get<std::string>();
  preset.description = j.value("description", "");
  preset.source = j.value("source", "");
  preset.note = j.value("note", "");
  ParamOverrides& p = preset.params;
  p.F = j.at("F").get<float>();
  p.k = j.at("k").get<float>();
  p.Du = j.at("Du").get<float>();
  p.Dv = j.at("Dv").get<float>();
  p.dt = j.at("dt").get<float>();
  p.laplacian = parse_enum<Laplacian>(j.at("laplacian").get<std::string>());
  if (!p.laplacian) return Error{"preset '" + preset.name + "': unknown laplacian"};
  if (Status styled = parse_style(j, preset); !styled)
    return Error{"preset '" + preset.name + "': " + styled.message()};
  // A preset names every value validate() weighs (the map aside): valid over the defaults, it is
  // valid over any parameters.
  ParamLayers layers;
  layers.preset = p;
  Params layered = layer_params(layers);
  layered.style.enabled = preset.style.has_value();
  if (Status valid = validate(layered); !valid)
    return Error{"preset '" + preset.name + "': " + valid.message()};
  Expected<std::optional<PresetExpectation>> expected = parse_expectation(j);
  if (!expected) return Error{"preset '" + preset.name + "': " + expected.message()};
  preset.expected = *expected;
  return preset;
}

}  // namespace

const Preset* PresetLibrary::find(std::string_view name) const {
  for (const Preset& preset : presets)
    if (equal_ignoring_case(preset.name, name)) return &preset;
  return nullptr;
}

Expected<const Preset*> PresetLibrary::require(std::string_view name) const {
  if (const Preset* preset = find(name)) return preset;
  return Error{"unknown preset '" + std::string(name) + "' (valid: " + names() + ")"};
}

std::string PresetLibrary::names() const {
  std::string list;
  for (const Preset& preset : presets) list += (list.empty() ? "" : ", ") + preset.name;
  return list;
}

Expected<PresetLibrary> load_presets(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read presets file '" + path.string() + "'"};
  try {
    const nlohmann::json document = nlohmann::json::parse(in);
    PresetLibrary library;
    for (const auto& group : document.at("groups"))
      library.groups.push_back(
          {group.at("id").get<std::string>(), group.at("title").get<std::string>()});
    for (const auto& entry : document.at("presets")) {
      Expected<Preset> preset = parse_preset(entry);
      if (!preset) return Error{path.string() + ": " + preset.message()};
      library.presets.push_back(std::move(preset).value());
    }
    return library;
  } catch (const nlohmann::json::exception& e) {
    return Error{"presets file '" + path.string() + "' is malformed: " + e.what()};
  }
}

Expected<PresetLibrary> load_default_presets() {
  return load_presets(data_directory() / "assets" / "presets.json");
}

}  // namespace gs
