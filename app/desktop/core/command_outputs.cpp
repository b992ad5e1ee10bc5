// Commands' outputs and the app's own files (command_outputs.h).
#include "command_outputs.h"

#include "gs/output_file.h"

namespace gs::app {

std::optional<std::string> output_of(const Command& command) {
  if (const auto* save = std::get_if<command::SaveState>(&command)) return save->path;
  if (const auto* setup = std::get_if<command::SaveSetup>(&command)) return setup->path;
  if (const auto* shot = std::get_if<command::Screenshot>(&command))
    return shot->path.empty() ? std::nullopt : std::optional(shot->path);
  if (const auto* record = std::get_if<command::RecordStart>(&command))
    return record->path.empty() ? std::nullopt : std::optional(record->path);
  return std::nullopt;
}

Status check_not_own_file(const std::filesystem::path& output,
                          const std::optional<std::filesystem::path>& script,
                          const std::optional<std::filesystem::path>& stats_json) {
  if (script && names_same_file(output, *script))
    return Error{"'" + printable_path(output) + "' is the script being run: write elsewhere"};
  if (stats_json && names_same_file(output, *stats_json))
    return Error{"'" + printable_path(output) + "' is where --stats-json goes: write elsewhere"};
  return Status::ok();
}

}  // namespace gs::app
