#include "settings.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gs/output_file.h"

namespace gs::app {

std::filesystem::path config_directory() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::filesystem::path(xdg) / "grayscott-live";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".config" / "grayscott-live";
  return std::filesystem::path(".grayscott-live");
}

Expected<Settings> load_settings(const std::filesystem::path& file) {
  Settings settings;
  std::ifstream in(file);
  if (!in) return settings;  // first run
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
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
  } catch (const nlohmann::json::exception& e) {
    return Error{"settings '" + file.string() + "' are malformed (" + e.what() +
                 "); using defaults"};
  }
}

Status save_settings(const std::filesystem::path& file, const Settings& settings) {
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
