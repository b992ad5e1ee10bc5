// grayscott: parse the command line, build the app, run it. Errors end as one line on stderr
// and a non-zero exit.
#include <csignal>
#include <iostream>

#include "app_options.h"

int main(int argc, char** argv) {
  // A full disk or a file-size limit must fail a write (and stop a recording cleanly), not kill
  // the program.
  std::signal(SIGXFSZ, SIG_IGN);
  const gs::app::ParsedAppOptions parsed = gs::app::parse_app_options(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    gs::Expected<std::unique_ptr<gs::app::App>> app = gs::app::App::create(parsed.options);
    if (!app) {
      std::cerr << "grayscott: error: " << app.message() << "\n";
      return 1;
    }
    return (*app)->run();
  } catch (const std::exception& e) {
    std::cerr << "grayscott: error: " << e.what() << "\n";
    return 1;
  }
}
