// grayscott: parse the command line, build the app, run it. Errors end as one line on stderr
// and a non-zero exit; a terminating signal ends the frame loop cleanly (the recording finished
// under its name, stats and settings written) and exits 128 + the signal, and one during the
// start (a script read from a pipe that never ends) ends the start the same way.
#include <iostream>
#include <new>

#include "app.h"
#include "app_options.h"
#include "gs/termination.h"
#include "standard_output.h"
#include "start_memory.h"

namespace {

int ended_by_signal() {
  std::cerr << "grayscott: ended by " << gs::termination_signal_name() << "\n";
  return 128 + gs::termination_signal();
}

int app_main(int argc, char** argv) {
  gs::install_termination_handlers();
  const gs::app::ParsedAppOptions parsed = gs::app::parse_app_options(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  std::unique_ptr<gs::app::App> app;
  try {
    if (const gs::Status memory = gs::app::check_start_memory(); !memory) {
      std::cerr << "grayscott: error: " << memory.message() << "\n";
      return 1;
    }
    gs::Expected<std::unique_ptr<gs::app::App>> created = gs::app::App::create(parsed.options);
    if (!created) {
      if (gs::termination_requested()) return ended_by_signal();
      std::cerr << "grayscott: error: " << created.message() << "\n";
      return 1;
    }
    app = std::move(created).value();
  } catch (const std::bad_alloc&) {
    std::cerr << "grayscott: error: not enough memory to start (an allocation was refused)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    return 1;
  }
  try {
    return app->run();
  } catch (const std::bad_alloc&) {
    std::cerr << "grayscott: error: out of memory (an allocation was refused)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  gs::cli::hold_closed_standard_streams();
  return gs::cli::exit_after_output(app_main(argc, argv), "grayscott");
}
