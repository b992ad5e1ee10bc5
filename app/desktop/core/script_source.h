// Reading a script's text, bounded and interruptible. A script is at most kMaxScriptBytes and
// kMaxScriptLines (a hundred times the longest demo's size and more lines than a generated
// painting needs): `yes | grayscott --script -` or `--script /dev/zero` is refused once past
// either, not read until memory runs out. A terminating signal (Ctrl-C) ends the read at once;
// the caller sees termination_requested() and exits as for a signal elsewhere.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "gs/status.h"

namespace gs::app {

inline constexpr std::size_t kMaxScriptBytes = std::size_t(4) << 20;
inline constexpr std::size_t kMaxScriptLines = 100000;

// Who chose the file: a person's `--script PATH` (or "-", standard input) is read as it comes,
// a pipe or a FIFO included (`--script <(generate)`), blocking until its writer writes or a
// signal ends the wait; a demo the app found in its data folder must be a regular file, opened
// without blocking, so a FIFO there is a message and never a hang.
enum class ScriptFile { Named, Found };

// The text; "cannot read script 'PATH': <reason>" (a directory, not a regular file where one
// must be, the system's reason), "script 'PATH' is longer than ..." past a limit, or
// "reading script 'PATH' was interrupted by SIGINT".
Expected<std::string> read_script_text(const std::filesystem::path& path, ScriptFile file);

// How messages name the script at `path`: "<stdin>" for "-", else the path, printable.
std::string script_name(const std::filesystem::path& path);

}  // namespace gs::app
