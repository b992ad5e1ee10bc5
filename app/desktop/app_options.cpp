#include "app_options.h"

#include <CLI/CLI.hpp>
#include <iostream>

namespace gs::app {

ParsedAppOptions parse_app_options(int argc, char** argv) {
  ParsedAppOptions parsed;
  AppOptions& o = parsed.options;
  CLI::App cli{"grayscott: the Gray-Scott reaction-diffusion system, live", "grayscott"};
  cli.set_version_flag("--version", "grayscott " GS_VERSION);
  cli.add_option_function<std::string>(
         "--backend",
         [&o](const std::string& name) { o.simulation.backend = *parse_backend_choice(name); },
         "auto (default), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cli.add_option_function<std::string>(
         "--transfer", [&o](const std::string& name) { o.transfer = *parse_transfer_path(name); },
         "interop (default; falls back to host, then upload), host or upload")
      ->check(CLI::IsMember({"interop", "host", "upload"}));
  int width = 0, height = 0;
  cli.add_option("--width", width, "Grid width (default 1024 on the CPU twin, 1920 on a GPU)")
      ->check(CLI::Range(1, 1 << 20));
  cli.add_option("--height", height, "Grid height (default 1024 on the CPU twin, 1080 on a GPU)")
      ->check(CLI::Range(1, 1 << 20));
  cli.add_option("--preset", o.simulation.preset, "Starting preset")->capture_default_str();
  cli.add_option_function<int>(
         "--steps-per-frame", [&o](int n) { o.simulation.steps_per_frame = n; },
         "Steps per displayed frame, 1 to 10000 (default: auto)")
      ->check(CLI::Range(1, 10000));
  cli.add_option_function<std::string>(
      "--script", [&o](const std::string& path) { o.script = path; },
      "Run the commands of this file (one per line) through the panel's command queue");
  cli.add_option_function<std::string>(
      "--stats-json", [&o](const std::string& path) { o.stats_json = path; },
      "At exit, write the timing figures and the backend and path labels here");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    parsed.exit_code = cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    parsed.exit_code = cli.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    parsed.exit_code = 2;  // usage errors: 2, as is customary
  }
  if ((width > 0) != (height > 0) && !parsed.exit_code) {
    std::cerr << "grayscott: error: --width and --height go together\n";
    parsed.exit_code = 2;
  }
  if (width > 0 && height > 0) o.simulation.size = GridSize{width, height};
  return parsed;
}

}  // namespace gs::app
