// The script language in brief, for `grayscott --script-help`: its commands, and each `set`
// name with the values it takes (read from the control registry, as the parser reads it).
#pragma once

#include <string>

namespace gs::app {

std::string script_help();

}  // namespace gs::app
