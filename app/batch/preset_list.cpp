#include "preset_list.h"

#include <algorithm>
#include <charconv>
#include <iomanip>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "gs/style_gradient.h"

namespace gs::batch {
namespace {

// The shortest text that reads back to the same float: 0.0367, as presets.json writes it (a
// float widened to double would print 0.03669999912).
std::string decimal(float value) {
  char text[32];
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
  return std::string(text, end.ptr);
}

std::string shows(const Preset& preset) {
  if (!preset.expected) return "-";
  return std::string(to_string(preset.expected->pattern)) + "," +
         std::string(to_string(preset.expected->motion));
}

std::string start(const Preset& preset) {
  return preset.expected ? std::string(to_string(preset.expected->start)) : "-";
}

std::string steps(const Preset& preset) {
  return preset.expected ? std::to_string(preset.expected->steps) : "-";
}

void put_if(nlohmann::json& object, const char* key, const std::optional<float>& value) {
  if (value) object[key] = std::stod(decimal(*value));
}

}  // namespace

void print_preset_table(std::ostream& out, const PresetLibrary& library) {
  std::size_t name_width = 4;
  for (const Preset& preset : library.presets)
    name_width = std::max(name_width, preset.name.size());
  const auto row = [&](const std::string& name, const std::string& F, const std::string& k,
                       const std::string& from, const std::string& count, const std::string& what,
                       const std::string& description) {
    out << std::left << std::setw(int(name_width) + 2) << name << std::setw(8) << F << std::setw(8)
        << k << std::setw(13) << from << std::setw(8) << count << std::setw(16) << what
        << description << "\n";
  };
  row("name", "F", "k", "start", "steps", "shows", "description");
  for (const Preset& preset : library.presets) {
    row(preset.name, decimal(preset.params.F.value_or(0.0f)),
        decimal(preset.params.k.value_or(0.0f)), start(preset), steps(preset), shows(preset),
        preset.description);
  }
}

void print_preset_json(std::ostream& out, const PresetLibrary& library) {
  nlohmann::json presets = nlohmann::json::array();
  for (const Preset& preset : library.presets) {
    nlohmann::json entry{{"name", preset.name},
                         {"group", preset.group},
                         {"description", preset.description},
                         {"source", preset.source}};
    put_if(entry, "F", preset.params.F);
    put_if(entry, "k", preset.params.k);
    put_if(entry, "Du", preset.params.Du);
    put_if(entry, "Dv", preset.params.Dv);
    put_if(entry, "dt", preset.params.dt);
    if (preset.params.laplacian) entry["laplacian"] = to_string(*preset.params.laplacian);
    if (preset.expected) {
      entry["start"] = to_string(preset.expected->start);
      entry["steps"] = preset.expected->steps;
      entry["pattern"] = to_string(preset.expected->pattern);
      entry["motion"] = to_string(preset.expected->motion);
    }
    if (!preset.note.empty()) entry["note"] = preset.note;
    if (preset.style) {  // a styled preset: its gradient and set B, as presets.json has them
      nlohmann::json style{{"gradient", to_string(preset.style->gradient)}};
      put_if(style, "F", preset.params.style.F);
      put_if(style, "k", preset.params.style.k);
      put_if(style, "Du", preset.params.style.Du);
      put_if(style, "Dv", preset.params.style.Dv);
      entry["style"] = std::move(style);
    }
    presets.push_back(std::move(entry));
  }
  out << presets.dump(2) << "\n";
}

}  // namespace gs::batch
