// The demo scripts shipped with the app (assets/demos/*.gs in the data folder): each one's name
// (its file name without .gs, as `demo NAME` and --script take it) and title (its first comment
// line), for the panel's Demos menu.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gs/status.h"

namespace gs::app {

struct DemoScript {
  std::string name;   // "pcie-toll"
  std::string title;  // "The PCIe toll: ..." (the name where the file has no comment first)
  std::filesystem::path path;
};

std::filesystem::path demos_folder();

// The demos in `folder`, sorted by name; none where the folder is missing.
std::vector<DemoScript> list_demos(const std::filesystem::path& folder = demos_folder());

// The demo called `name`; an error listing the known ones where there is none.
Expected<DemoScript> find_demo(const std::string& name,
                               const std::filesystem::path& folder = demos_folder());

// The file `--script` names: `given` where there is such a file (or "-"), else, for a bare name
// ("pearson-tour", "pearson-tour.gs"), the shipped demo of that name, so that an installed app
// runs its demos from any folder; `given` where there is neither (its read then says so).
std::filesystem::path script_or_demo(const std::filesystem::path& given,
                                     const std::filesystem::path& folder = demos_folder());

}  // namespace gs::app
