// Script mode's parser: turns a script file (one command per line, '#' comments) into the same
// Commands the panel and keyboard send. Owns the grammar and its one-line error messages; values
// the app knows better (preset names, parameter limits) are checked when a command is applied.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "gs/status.h"
#include "script_conditions.h"
#include "script_source.h"

namespace gs::app {

struct ScriptLine {
  int number;        // 1-based line in the file
  std::string text;  // the line as written, without surrounding white space
  Command command;
  // Inside an `if gpu`, `if gl` or `if no-gpu` block: the machines it applies to
  // (script_conditions.h).
  MachineCondition when = MachineCondition::Any;
  // The file the line is from where it is not the script's own (a demo's lines inside a
  // script, demo_inlining.h); empty for the script's.
  std::filesystem::path source = {};
};

// Parses a whole script, the lines of every machine's blocks each marked with the machines it
// applies to; the first bad line fails it: "<source>:<line>: <problem>".
Expected<std::vector<ScriptLine>> parse_script(std::string_view text, std::string_view source_name);

// Reads (script_source.h: bounded, and "-" is standard input) and parses a file; an unreadable
// file is "cannot read script '<path>': <reason>".
Expected<std::vector<ScriptLine>> load_script(const std::filesystem::path& path,
                                              ScriptFile file = ScriptFile::Named);

}  // namespace gs::app
