// Any command as the script line that makes it: the inverse of the script parser. Every command
// has one (the visit is exhaustive), so whatever the panel or the keys push, a script can push
// too; tests parse each line back to the same command.
#pragma once

#include <string>

#include "commands.h"

namespace gs::app {

std::string to_script_line(const Command& command);

}  // namespace gs::app
