// The file a command writes, where it names one, and the check that it is not one of the app's
// own files (the script being run, the --stats-json file), compared by identity.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "commands.h"

namespace gs::app {

std::optional<std::string> output_of(const Command& command);

// Refuses an output that is the script or the stats file (either may be absent).
Status check_not_own_file(const std::filesystem::path& output,
                          const std::optional<std::filesystem::path>& script,
                          const std::optional<std::filesystem::path>& stats_json);

}  // namespace gs::app
