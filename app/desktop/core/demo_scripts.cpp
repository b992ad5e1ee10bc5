// The shipped demo scripts (demo_scripts.h).
#include "demo_scripts.h"

#include <algorithm>

#include "gs/data_paths.h"
#include "gs/input_file.h"
#include "gs/output_file.h"
#include "script_source.h"
#include "script_words.h"

namespace gs::app {
namespace {

// The first line when it is a comment, without its '#' and spaces. Read without blocking and
// bounded, as the demo itself is (script_source.h): a FIFO here is no title, not a hang.
std::string title_of(const std::filesystem::path& path) {
  const Expected<std::optional<std::string>> text = read_regular_file(path, kMaxScriptBytes);
  if (!text || !*text) return "";
  const std::string_view first = std::string_view(**text).substr(0, (*text)->find('\n'));
  if (first.empty() || first.front() != '#') return "";
  return std::string(trim(first.substr(1)));
}

// Whether `demo NAME` can start it: the line's rest, trimmed, is the name, so a name with spaces
// inside is one, but not one with spaces at its ends or a control character (a newline).
bool startable_name(const std::string& name) {
  if (name.empty() || trim(name) != name) return false;
  return std::none_of(name.begin(), name.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
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
    const std::string name = entry.path().stem().string();
    if (!startable_name(name)) continue;  // listed, it could not be started
    DemoScript demo{name, title_of(entry.path()), entry.path()};
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
  return Error{"no demo " + in_quotes(name) +
               (known.empty() ? " (no demos in " + printable_path(folder) + ")"
                              : " (one of: " + known + ")")};
}

std::filesystem::path script_or_demo(const std::filesystem::path& given,
                                     const std::filesystem::path& folder) {
  std::error_code error;
  if (given == "-" || given.has_parent_path() || std::filesystem::exists(given, error))
    return given;
  const std::string name = given.extension() == ".gs" ? given.stem().string() : given.string();
  const Expected<DemoScript> demo = find_demo(name, folder);
  return demo ? demo->path : given;
}

}  // namespace gs::app
