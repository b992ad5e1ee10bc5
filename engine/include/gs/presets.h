// Named parameter sets from assets/presets.json (docs/model.md), grouped for menus.
// Names are lowercase words joined by hyphens and match case-insensitively.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "gs/param_overrides.h"
#include "gs/status.h"

namespace gs {

struct PresetGroup {
  std::string id;
  std::string title;
};

struct Preset {
  std::string name;
  std::string group;
  std::string description;
  // F, k, Du, Dv, dt and the Laplacian: a preset is a layer over the parameters in use (see
  // layer_params), and never chooses the boundary.
  ParamOverrides params;
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
