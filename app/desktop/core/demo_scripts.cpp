// The shipped demo scripts (demo_scripts.h).
#include "demo_scripts.h"

#include <algorithm>
#include <fstream>

#include "gs/data_paths.h"
#include "script_words.h"

namespace gs::app {
namespace {

// The first line when it is a comment, without its '#' and spaces.
std::string title_of(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::string line;
  if (!std::getline(file, line) || line.empty() || line.front() != '#') return "";
  return std::string(trim(std::string_view(line).substr(1)));
}

}  // namespace

std::filesystem::path demos_folder() {
  return data_directory() / "assets" / "demos";
}

std::vector<DemoScript> list_demos(const std::filesystem::path& folder) {
  std::vector<DemoScript> demos;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.path().extension() != ".gs" || !entry.is_regular_file(error)) continue;
    DemoScript demo{entry.path().stem().string(), title_of(entry.path()), entry.path()};
    if (demo.title.empty()) demo.title = demo.name;
    demos.push_back(std::move(demo));
  }
  std::sort(demos.begin(), demos.end(),
            [](const DemoScript& a, const DemoScript& b) { return a.name < b.name; });
  return demos;
}

Expected<DemoScript> find_demo(const std::string& name, const std::filesystem::path& folder) {
  const std::vector<DemoScript> demos = list_demos(folder);
  for (const DemoScript& demo : demos)
    if (demo.name == name) return demo;
  std::string known;
  for (const DemoScript& demo : demos) known += (known.empty() ? "" : ", ") + demo.name;
  return Error{
      "no demo " + in_quotes(name) +
      (known.empty() ? " (no demos in " + folder.string() + ")" : " (one of: " + known + ")")};
}

}  // namespace gs::app
