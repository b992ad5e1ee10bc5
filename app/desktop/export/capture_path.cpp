// Timestamped capture names and the default capture folder (capture_path.h).
#include "capture_path.h"

#include <cstdlib>
#include <ctime>
#include <sstream>
#include <string_view>

#include "gs/input_file.h"
#include "gs/output_file.h"

namespace gs::app {
namespace {

// xdg-user-dirs' file is a few hundred bytes; past this it is not that file.
constexpr std::size_t kMaxUserDirsBytes = 1 << 20;

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

}  // namespace

std::filesystem::path timestamped_capture_path(const std::filesystem::path& folder) {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::filesystem::path path = folder / ("grayscott-" + std::string(stamp) + ".png");
  for (int n = 2; std::filesystem::exists(path); ++n)
    path = folder / ("grayscott-" + std::string(stamp) + "-" + std::to_string(n) + ".png");
  return path;
}

// The format xdg-user-dirs writes and reads: XDG_NAME_DIR="$HOME/path" or "/path", one a line,
// '#' comments; $HOME at the start is the only expansion. The last setting wins, as when the
// shell sources the file.
std::string pictures_dir_in_user_dirs(const std::string& text, const std::string& home) {
  std::istringstream lines(text);
  std::string line, found;
  const std::string_view key = "XDG_PICTURES_DIR=\"";
  while (std::getline(lines, line)) {
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line.compare(start, key.size(), key) != 0) continue;
    const std::size_t open = start + key.size();
    const std::size_t close = line.find('"', open);
    if (close == std::string::npos) continue;
    std::string value = line.substr(open, close - open);
    for (const std::string_view prefix : {"$HOME", "${HOME}"})
      if (value.compare(0, prefix.size(), prefix) == 0 &&
          (value.size() == prefix.size() || value[prefix.size()] == '/')) {
        if (home.empty())
          value.clear();
        else
          value = home + value.substr(prefix.size());
        break;
      }
    if (!value.empty() && value.front() == '/') found = value;
  }
  return found;
}

std::filesystem::path default_capture_folder() {
  const std::filesystem::path subfolder = "grayscott-live";
  if (const std::string pictures = environment("XDG_PICTURES_DIR"); !pictures.empty())
    return std::filesystem::path(pictures) / subfolder;
  const std::string home = environment("HOME");
  std::string config = environment("XDG_CONFIG_HOME");
  if (config.empty() && !home.empty()) config = home + "/.config";
  if (!config.empty()) {
    // Read without blocking and bounded: a FIFO or a huge file there is no answer, not a hang.
    const Expected<std::optional<std::string>> text =
        read_regular_file(std::filesystem::path(config) / "user-dirs.dirs", kMaxUserDirsBytes);
    if (text && *text)
      if (const std::string pictures = pictures_dir_in_user_dirs(**text, home); !pictures.empty())
        return std::filesystem::path(pictures) / subfolder;
  }
  if (!home.empty()) return std::filesystem::path(home) / "Pictures" / subfolder;
  return ".";
}

Status make_capture_folder(const std::filesystem::path& folder) {
  std::error_code error;
  if (std::filesystem::is_directory(folder, error)) return Status::ok();
  std::filesystem::create_directories(folder, error);
  if (error || !std::filesystem::is_directory(folder))
    return Error{"cannot create the capture folder '" + printable_path(folder) +
                 "': " + (error ? error.message() : "it is not a folder")};
  return Status::ok();
}

}  // namespace gs::app
