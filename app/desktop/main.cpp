// grayscott: parse the command line, build the app, run it. Errors end as one line on stderr
// and a non-zero exit; a terminating signal ends the frame loop cleanly (the recording finished
// under its name, stats and settings written) and exits 128 + the signal.
#include <iostream>
#include <new>

#include "app.h"
#include "app_options.h"
#include "gs/termination.h"

int main(int argc, char** argv) {
  gs::install_termination_handlers();
  const gs::app::ParsedAppOptions parsed = gs::app::parse_app_options(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    gs::Expected<std::unique_ptr<gs::app::App>> app = gs::app::App::create(parsed.options);
    if (!app) {
      std::cerr << "grayscott: error: " << app.message() << "\n";
      return 1;
    }
    return (*app)->run();
  } catch (const std::bad_alloc&) {
    std::cerr << "grayscott: error: out of memory (an allocation was refused)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    return 1;
  }
}
