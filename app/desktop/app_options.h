// grayscott's command line (CLI11): the starting backend, transfer path, grid, preset and
// steps per frame, script mode (--script, --stats-json), the window size and --headless.
#pragma once

#include <optional>

#include "app.h"

namespace gs::app {

struct ParsedAppOptions {
  AppOptions options;
  std::optional<int> exit_code;  // set after --help, --version or a parse error
};

ParsedAppOptions parse_app_options(int argc, char** argv);

}  // namespace gs::app
