#include "app_options.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "gs/fields.h"
#include "gs/output_file.h"
#include "script_help.h"
#include "strict_options.h"

namespace gs::app {
namespace {

// "WxH" with each side from 1 to kMaxSurfaceSide; nothing else.
std::optional<SurfaceSize> parse_window_size(const std::string& text) {
  int width = 0, height = 0, consumed = 0;
  if (std::sscanf(text.c_str(), "%6dx%6d%n", &width, &height, &consumed) != 2 ||
      std::size_t(consumed) != text.size() || text.find_first_of("+- ") != std::string::npos)
    return std::nullopt;
  if (width < 1 || height < 1 || width > kMaxSurfaceSide || height > kMaxSurfaceSide)
    return std::nullopt;
  return SurfaceSize{width, height};
}

}  // namespace

ParsedAppOptions parse_app_options(int argc, char** argv) {
  ParsedAppOptions parsed;
  AppOptions& o = parsed.options;
  CLI::App cli{"grayscott: the Gray-Scott reaction-diffusion system, live", "grayscott"};
  cli.set_version_flag("--version", "grayscott " GS_VERSION);
  cli.add_option_function<std::string>(
         "--backend",
         [&o](const std::string& name) { o.simulation.backend = *parse_enum<BackendChoice>(name); },
         "auto (default: CUDA, else GL compute on a hardware GPU, else the CPU twin), cpu, cuda "
         "or gl")
      ->check(CLI::IsMember({"auto", "cpu", "cuda", "gl"}));
  cli.add_option_function<std::string>(
         "--transfer",
         [&o](const std::string& name) { o.transfer = *parse_enum<TransferPath>(name); },
         "interop (default; falls back to host, then upload), host, upload, or none (the gl "
         "backend's: it writes the texture itself, and is its default)")
      ->check(CLI::IsMember({"interop", "host", "upload", "none"}));
  int width = 0, height = 0;
  cli::add_whole_number(
      cli, "--width", 1, int(kMaxGridDimension), [&width](int n) { width = n; },
      "Grid width (default 1024 on the CPU twin, 1920 on a GPU)");
  cli::add_whole_number(
      cli, "--height", 1, int(kMaxGridDimension), [&height](int n) { height = n; },
      "Grid height (default 1024 on the CPU twin, 1080 on a GPU)");
  cli.add_option("--preset", o.simulation.preset, "Starting preset")->capture_default_str();
  cli::add_whole_number(
      cli, "--steps-per-frame", 1, 10000, [&o](int n) { o.simulation.steps_per_frame = n; },
      "Steps per displayed frame, 1 to 10000 (default: auto)");
  cli.add_option_function<std::string>(
      "--script", [&o](const std::string& path) { o.script = path; },
      "Run the commands of this file (one per line; - for standard input; a shipped demo's "
      "name, such as pearson-tour, runs that demo from any folder) through the panel's "
      "command queue");
  cli.add_option_function<std::string>(
      "--stats-json", [&o](const std::string& path) { o.stats_json = path; },
      "At exit, write the timing figures and the backend and path labels here");
  cli.add_flag_callback(
      "--script-help",
      [] {
        std::cout << script_help();
        throw CLI::Success();
      },
      "Print the script language (commands, and what `set` takes) and exit");
  cli.add_flag("--exit-after-script", o.exit_after_script,
               "Quit when the script's last line is done, for unattended runs (a script that "
               "ends without `quit` otherwise leaves the window open; --headless always quits)");
  cli.add_flag("--headless", o.headless,
               "Render offscreen through EGL's device platform, with no window system (needs "
               "--script). Neither reads the remembered window placement nor writes "
               "settings.json or imgui.ini");
  std::string window_size;
  cli.add_option("--window-size", window_size,
                 "WxH: the window's starting size (over the remembered one; default 1400x900), "
                 "or the offscreen framebuffer's with --headless");
  cli.add_flag("--fullscreen", o.fullscreen,
               "Start fullscreen on the primary monitor (F11 goes back to the window)");
  cli.footer(
      "Environment: GS_EGL_DEVICE=N makes --headless use EGL device N only (default: the first "
      "device that gives an OpenGL context).");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    parsed.exit_code = cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    parsed.exit_code = cli.exit(e);
  } catch (const CLI::Success&) {
    parsed.exit_code = 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    parsed.exit_code = 2;  // usage errors: 2, as is customary
  }
  const auto usage_error = [&parsed](const std::string& message) {
    if (parsed.exit_code) return;  // one error line is enough
    std::cerr << "grayscott: error: " << message << "\n";
    parsed.exit_code = 2;
  };
  if ((width > 0) != (height > 0)) usage_error("--width and --height go together");
  if (!window_size.empty()) {
    o.window_size = parse_window_size(window_size);
    if (!o.window_size)
      usage_error("--window-size '" + window_size + "' is not WxH with each side from 1 to " +
                  std::to_string(kMaxSurfaceSide));
  }
  if (o.script && o.stats_json && names_same_file(*o.script, *o.stats_json))
    usage_error("--script and --stats-json name the same file '" + o.stats_json->string() + "'");
  if (o.headless && o.fullscreen)
    usage_error("--fullscreen and --headless exclude each other (headless has no screen)");
  if (o.headless && !o.script)
    usage_error(
        "--headless needs --script FILE (with no window to close, the script ends the run)");
  if (width > 0 && height > 0) o.simulation.size = GridSize{width, height};
  return parsed;
}

}  // namespace gs::app
