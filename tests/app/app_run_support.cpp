// The helpers of app_run_support.h: spawning the app with its environment, and decoding its
// outputs with stb_image, nlohmann::json and ffprobe.
#include "app_run_support.h"

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "gs/data_paths.h"
#include "screenshot.h"

namespace gs::test {

ProgramResult run_app(const ScratchDir& dir, const std::string& script_text,
                      std::vector<std::string> extra, const std::string& screen) {
  const std::string script = (dir / "script.gs").string();
  std::ofstream(script) << script_text;
  const Args settings{"XDG_CONFIG_HOME=" + (dir / "config").string(),
                      "XDG_PICTURES_DIR=" + (dir / "pictures").string()};
  return run_program("/usr/bin/env",
                     settings + xvfb_run(screen) + Args{GS_APP_BINARY, "--script", script} + extra);
}

ProgramResult run_app_with_input(const ScratchDir& dir, const std::string& script_text,
                                 const std::filesystem::path& ready, const std::string& input,
                                 std::vector<std::string> extra) {
  std::ofstream(dir / "script.gs") << script_text;
  std::string app = "\"$1\" --script \"$2\" --window-size 1280x720";
  for (const std::string& arg : extra) app += " '" + arg + "'";
  std::ofstream(dir / "input.sh")
      << app << " &\n"
      << "app=$!\n"
         "xdotool=\"$3\"\n"
         "for i in $(seq 300); do [ -e \"$4\" ] && break; sleep 0.1; done\n"
         "\"$xdotool\" windowfocus --sync \"$(\"$xdotool\" search --name 'Gray-Scott Live' | head "
         "-1)\"\n"
         "press() { \"$xdotool\" keydown \"$1\"; sleep 0.15; \"$xdotool\" keyup \"$1\"; sleep 0.3; "
         "}\n"
      << input << "\nwait $app\n";
  const Args settings{"XDG_CONFIG_HOME=" + (dir / "config").string(),
                      "XDG_PICTURES_DIR=" + (dir / "pictures").string()};
  return run_program("/usr/bin/env",
                     settings + xvfb_run("1280x800") +
                         Args{"/bin/sh", (dir / "input.sh").string(), GS_APP_BINARY,
                              (dir / "script.gs").string(), GS_XDOTOOL, ready.string()});
}

ProgramResult run_app_headless(const ScratchDir& dir, const std::string& script_text,
                               std::vector<std::string> extra,
                               const std::vector<std::string>& environment) {
  const std::string script = (dir / "script.gs").string();
  std::ofstream(script) << script_text;
  std::vector<std::string> args = {"-u",
                                   "DISPLAY",
                                   "-u",
                                   "WAYLAND_DISPLAY",
                                   "XDG_CONFIG_HOME=" + (dir / "config").string(),
                                   "XDG_PICTURES_DIR=" + (dir / "pictures").string()};
  args.insert(args.end(), environment.begin(), environment.end());
  for (const char* arg : {GS_APP_BINARY, "--headless", "--script"}) args.push_back(arg);
  args.push_back(script);
  args.insert(args.end(), extra.begin(), extra.end());
  return run_program("/usr/bin/env", args);
}

std::filesystem::path data_folder_with_demo(const ScratchDir& dir, const std::string& name,
                                            const std::string& text) {
  const std::filesystem::path data = dir / "data";
  std::filesystem::create_directories(data / "assets" / "demos");
  std::filesystem::copy(data_directory() / "shaders", data / "shaders");
  std::filesystem::copy_file(data_directory() / "assets" / "presets.json",
                             data / "assets" / "presets.json");
  std::ofstream(data / "assets" / "demos" / (name + ".gs")) << text;
  return data;
}

int white_pixels(const Image& shot, const app::ScreenRect& rect) {
  int bright = 0;
  for (int y = std::max(0, int(rect.y)); y < int(rect.bottom()) && y < shot.height; ++y)
    for (int x = std::max(0, int(rect.x)); x < int(rect.right()) && x < shot.width; ++x) {
      const std::size_t at = (std::size_t(y) * std::size_t(shot.width) + std::size_t(x)) * 3;
      if (shot.rgb[at] > 200 && shot.rgb[at + 1] > 200 && shot.rgb[at + 2] > 200) ++bright;
    }
  return bright;
}

std::pair<int, int> window_point(GridSize grid, int x, int y) {
  const app::ScreenLayout layout = app::layout_screen({1280, 720, grid, 13, false, false});
  const float wx = layout.field.x + (float(x) + 0.5f) / float(grid.width) * layout.field.width;
  const float wy = layout.field.y + (float(y) + 0.5f) / float(grid.height) * layout.field.height;
  return {int(std::lround(wx)), int(std::lround(wy))};
}

int app_lines(const std::string& err) {
  std::istringstream in(err);
  int count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("grayscott:", 0) == 0) ++count;
  return count;
}

bool same_pixels(const Image& a, const Image& b, int x0, int y0, int x1, int y1) {
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      for (int c = 0; c < 3; ++c) {
        const std::size_t i = (std::size_t(y) * a.width + x) * 3 + c;
        if (a.rgb[i] != b.rgb[i]) return false;
      }
  return true;
}

std::optional<app::ScreenRect> rect_of(const nlohmann::json& value) {
  if (!value.is_array() || value.size() != 4) return std::nullopt;
  return app::ScreenRect{value[0].get<float>(), value[1].get<float>(), value[2].get<float>(),
                         value[3].get<float>()};
}

double colormap_share(const Image& shot, const app::ScreenRect& rect,
                      const std::vector<app::Rgb>& table) {
  int sampled = 0, matched = 0;
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j) {
      const int x = int(rect.x + 3 + (rect.width - 6) * float(j) / 40.0f);
      const int y = int(rect.y + 3 + (rect.height - 6) * float(i) / 40.0f);
      if (x < 0 || y < 0 || x >= shot.width || y >= shot.height) continue;
      const std::size_t at = (std::size_t(y) * std::size_t(shot.width) + std::size_t(x)) * 3;
      ++sampled;
      for (const app::Rgb& c : table)
        if (std::abs(int(shot.rgb[at]) - c[0]) + std::abs(int(shot.rgb[at + 1]) - c[1]) +
                std::abs(int(shot.rgb[at + 2]) - c[2]) <=
            6) {
          ++matched;
          break;
        }
    }
  return sampled ? double(matched) / sampled : 0.0;
}

std::size_t Image::distinct_colours() const {
  std::set<unsigned> colours;
  for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
    colours.insert(rgb[i] << 16 | rgb[i + 1] << 8 | rgb[i + 2]);
  return colours.size();
}

std::size_t Image::active_pixels(const app::Rgb& background) const {
  return active_pixels(background, 0, 0, width, height);
}

std::size_t Image::active_pixels(const app::Rgb& background, int x0, int y0, int x1, int y1) const {
  std::size_t count = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const std::size_t i = (std::size_t(y) * width + x) * 3;
      if (std::abs(rgb[i] - background[0]) + std::abs(rgb[i + 1] - background[1]) +
              std::abs(rgb[i + 2] - background[2]) >
          60)
        ++count;
    }
  return count;
}

Image load_png(const std::filesystem::path& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (data) {
    image.rgb.assign(data, data + std::size_t(image.width) * image.height * 3);
    stbi_image_free(data);
  }
  return image;
}

nlohmann::json load_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

std::vector<std::uint8_t> field_through_colormap(const std::vector<float>& field,
                                                 const std::string& colormap, float low,
                                                 float high) {
  return app::colorize(field, app::colormap_table(*app::find_colormap(colormap)), low, high);
}

Probe probe(const std::filesystem::path& video) {
  const ProgramResult result =
      run_program("/usr/bin/ffprobe",
                  {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                   "stream=codec_name,width,height,nb_read_frames", "-of", "json", video.string()});
  Probe p;
  const nlohmann::json j = nlohmann::json::parse(result.out, nullptr, false);
  if (j.is_discarded() || j["streams"].empty()) return p;
  const nlohmann::json& s = j["streams"][0];
  p.codec = s.value("codec_name", "");
  p.width = s.value("width", 0);
  p.height = s.value("height", 0);
  p.frames = std::stoll(s.value("nb_read_frames", "0"));
  return p;
}

bool plays_to_the_end(const std::filesystem::path& video) {
  return run_program("/usr/bin/ffmpeg", {"-v", "error", "-i", video.string(), "-f", "null", "-"})
             .exit_code == 0;
}

}  // namespace gs::test
