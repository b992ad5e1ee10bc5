// What the app remembers between runs, in $XDG_CONFIG_HOME/grayscott-live/settings.json (or
// ~/.config/...): UI scale and font size for projectors, the favourite presets behind keys 1-9,
// the capture folder and the window's size and place. ImGui's own state sits beside it in
// imgui.ini. A missing or unusable file means defaults (and a one-line note), never a failure.
// A file that is not this app's settings (not JSON, other keys, not a regular file, or what a
// symlink there points to) is never written over: the note says so, and the run saves nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gs/status.h"

namespace gs::app {

struct WindowPlacement {
  int x = 0, y = 0, width = 1400, height = 900;
};

// The window sizes the app accepts from a settings file (the screen may shrink them further).
inline constexpr double kMinWindowWidth = 320, kMinWindowHeight = 240, kMaxWindowSide = 16384;

struct Settings {
  float ui_scale = 1.0f;
  float font_size = 13.0f;
  std::vector<std::string> favourites = {"mitosis", "coral",           "u-skate-world",
                                         "worms",   "fingerprints",    "pearson-theta",
                                         "chaos",   "spots-and-loops", "course"};
  std::string capture_folder;  // "": none chosen, the pictures folder (capture_path.h)
  std::optional<WindowPlacement> window;
};

std::filesystem::path config_directory();

// Defaults where the file is missing; an Error (with defaults used) where it cannot be used.
Expected<Settings> load_settings(const std::filesystem::path& file);
// Refused, leaving the file as it is, where the file there is not this app's settings.
Status save_settings(const std::filesystem::path& file, const Settings& settings);

}  // namespace gs::app
