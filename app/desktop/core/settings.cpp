#include "settings.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <nlohmann/json.hpp>

#include "gs/input_file.h"
#include "gs/output_file.h"

namespace gs::app {

std::filesystem::path config_directory() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::filesystem::path(xdg) / "grayscott-live";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".config" / "grayscott-live";
  return std::filesystem::path(".grayscott-live");
}

namespace {

constexpr std::size_t kMaxSettingsBytes = 1 << 20;
constexpr const char* kSettingKeys[] = {"ui_scale", "font_size", "favourites", "capture_folder",
                                        "window"};
constexpr const char* kLeftAsItIs = "; using defaults, and the file is left as it is";

// The file as this app's settings: a JSON object of its keys only (nullopt where there is no
// file), or why not, in words that quote nothing of the file: it may be anything a symlink
// points to.
Expected<std::optional<nlohmann::json>> read_settings_json(const std::filesystem::path& file) {
  Expected<std::optional<std::string>> text = read_regular_file(file, kMaxSettingsBytes);
  if (!text) return text.status();
  if (!*text) return std::optional<nlohmann::json>();
  const std::string named = "'" + file.string() + "'";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(**text);
  } catch (const nlohmann::json::parse_error& e) {
    return Error{named + " is not valid JSON (at byte " + std::to_string(e.byte) + ")"};
  } catch (const nlohmann::json::exception&) {  // a number past a double's range: 1e999
    return Error{named + " holds a value JSON cannot carry (a number out of range?)"};
  }
  if (!j.is_object()) return Error{named + " is not a JSON object"};
  for (const auto& item : j.items())
    if (std::find(std::begin(kSettingKeys), std::end(kSettingKeys), item.key()) ==
        std::end(kSettingKeys))
      return Error{named + " holds a key that is no setting of this app"};
  return std::optional<nlohmann::json>(std::move(j));
}

}  // namespace

Expected<Settings> load_settings(const std::filesystem::path& file) {
  Settings settings;
  Expected<std::optional<nlohmann::json>> read = read_settings_json(file);
  if (!read) return Error{"settings: " + read.message() + kLeftAsItIs};
  if (!*read) return settings;  // first run
  const nlohmann::json& j = **read;
  try {
    settings.ui_scale = j.value("ui_scale", settings.ui_scale);
    settings.font_size = j.value("font_size", settings.font_size);
    settings.favourites = j.value("favourites", settings.favourites);
    settings.capture_folder = j.value("capture_folder", settings.capture_folder);
    // The working folder was the default, written by every run: it was not chosen.
    if (settings.capture_folder == ".") settings.capture_folder.clear();
    if (j.contains("window")) {
      // Read as numbers first: 3e9 or -5 must not reach an int, nor a window system.
      const nlohmann::json& w = j.at("window");
      const double x = w.at("x").get<double>(), y = w.at("y").get<double>();
      const double width = w.at("width").get<double>(), height = w.at("height").get<double>();
      const auto within = [](double value, double low, double high) {
        return value >= low && value <= high;
      };
      if (within(x, -kMaxWindowSide, kMaxWindowSide) &&
          within(y, -kMaxWindowSide, kMaxWindowSide) &&
          within(width, kMinWindowWidth, kMaxWindowSide) &&
          within(height, kMinWindowHeight, kMaxWindowSide))
        settings.window = WindowPlacement{int(x), int(y), int(width), int(height)};
      else
        return Error{"settings '" + file.string() + "': the window placement " + w.dump() +
                     " is out of range; using defaults"};
    }
    if (!(settings.ui_scale >= 0.5f && settings.ui_scale <= 4.0f) ||
        !(settings.font_size >= 8.0f && settings.font_size <= 64.0f))
      return Error{"settings '" + file.string() +
                   "': ui_scale or font_size out of range; using defaults"};
    return settings;
  } catch (const nlohmann::json::exception& e) {  // a value of the wrong type: ours to replace
    return Error{"settings '" + file.string() + "' are malformed (" + e.what() +
                 "); using defaults"};
  }
}

Status save_settings(const std::filesystem::path& file, const Settings& settings) {
  // Never over a file that is not this app's settings: a typo the user will want to fix, or
  // whatever a symlink there points to. One of ours with a bad value is replaced.
  if (Expected<std::optional<nlohmann::json>> there = read_settings_json(file); !there)
    return Error{"settings not saved: " + there.message() + ", and it is left as it is"};
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  nlohmann::json j = {{"ui_scale", settings.ui_scale},
                      {"font_size", settings.font_size},
                      {"favourites", settings.favourites}};
  if (!settings.capture_folder.empty()) j["capture_folder"] = settings.capture_folder;
  if (settings.window)
    j["window"] = {{"x", settings.window->x},
                   {"y", settings.window->y},
                   {"width", settings.window->width},
                   {"height", settings.window->height}};
  const std::string text = j.dump(2) + "\n";
  return write_file_whole(file, text.data(), text.size());
}

}  // namespace gs::app
