// Running the real grayscott in tests, windowed under Xvfb or headless on EGL, and reading back
// what it wrote: PNG captures, --stats-json files, videos (through ffprobe). Shared by the
// app's Xvfb and headless tests.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "colormap.h"
#include "run_program.h"
#include "screen_layout.h"

namespace gs::test {

// The app under xvfb-run with this script, its settings kept in the scratch folder
// (XDG_CONFIG_HOME=dir/config) and its unnamed captures too (XDG_PICTURES_DIR=dir/pictures).
// `screen` is the X screen's size (WxH).
ProgramResult run_app(const ScratchDir& dir, const std::string& script_text,
                      std::vector<std::string> extra = {}, const std::string& screen = "1280x800");

// The app under xvfb-run (a 1280x800 screen) with this script and a --window-size 1280x720
// window, given real input once the script has taken a capture named `ready` (its path in the
// scratch folder): `input` is shell lines run then, with "$xdotool" naming xdotool and press KEY
// holding a key for a few frames (ImGui 1.86 misses a press and a release within one frame).
ProgramResult run_app_with_input(const ScratchDir& dir, const std::string& script_text,
                                 const std::filesystem::path& ready, const std::string& input,
                                 std::vector<std::string> extra = {});

// The app with --headless and this script, with no DISPLAY or WAYLAND_DISPLAY in its
// environment, its settings in dir/config and unnamed captures in dir/pictures; `environment`
// adds NAME=VALUE entries (later ones win).
ProgramResult run_app_headless(const ScratchDir& dir, const std::string& script_text,
                               std::vector<std::string> extra = {},
                               const std::vector<std::string>& environment = {});

// A data folder like the built one (shaders, presets) in dir/data, for GS_DATA_DIR, whose only
// demo is NAME.gs holding `text`.
std::filesystem::path data_folder_with_demo(const ScratchDir& dir, const std::string& name,
                                            const std::string& text);

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::size_t distinct_colours() const;
  // Pixels far from the colormap's low end: where v has grown (in [x0, x1) x [y0, y1)).
  std::size_t active_pixels(const app::Rgb& background) const;
  std::size_t active_pixels(const app::Rgb& background, int x0, int y0, int x1, int y1) const;
};

// Pixels of the capture in `rect` (clipped to it) bright enough to be the UI's white text (no
// colormap colour is).
int white_pixels(const Image& shot, const app::ScreenRect& rect);

// The window point over the middle of grid cell (x, y) in the app's 1280x720 window with the
// panel at scale 1, the whole `grid` in view (the layout the app computes).
std::pair<int, int> window_point(GridSize grid, int x, int y);

// The lines of stderr that are the app's own, "grayscott: ..." (Mesa may add warnings of its
// own).
int app_lines(const std::string& err);

// Whether two same-sized captures hold the same pixels in [x0, x1) x [y0, y1).
bool same_pixels(const Image& a, const Image& b, int x0, int y0, int x1, int y1);

// A rectangle of --stats-json's "ui" object ([x, y, width, height]); nullopt for null.
std::optional<app::ScreenRect> rect_of(const nlohmann::json& value);
// The share of pixels sampled over `rect` (a 40 x 40 lattice, 3 pixels in from its edges) whose
// colour is one of the colormap's: 1 where only the field is drawn there.
double colormap_share(const Image& shot, const app::ScreenRect& rect,
                      const std::vector<app::Rgb>& table);

// Empty (0x0) where the file is missing or not a PNG.
Image load_png(const std::filesystem::path& path);
// Discarded where the file is missing or malformed.
nlohmann::json load_json(const std::filesystem::path& path);

// What a field screenshot must hold, byte for byte: the field through the named colormap over
// [low, high].
std::vector<std::uint8_t> field_through_colormap(const std::vector<float>& field,
                                                 const std::string& colormap, float low,
                                                 float high);

struct Probe {
  std::string codec;
  int width = 0, height = 0;
  long long frames = 0;
};

// ffprobe's view of a video's first stream, frames counted by decoding.
Probe probe(const std::filesystem::path& video);
// Whether ffmpeg decodes the whole file without an error.
bool plays_to_the_end(const std::filesystem::path& video);

}  // namespace gs::test
