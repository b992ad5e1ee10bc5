// Captions that say what this machine will not show, found when a script is checked: a caption
// about a transfer path ("host: ...") where this machine runs another (without a CUDA GPU only
// upload runs), or a figure of MB per frame other than what the Timings will show there (the grid
// the script sized times 4 bytes a cell times the path's crossings). A caption that says it is
// about a GPU ("on a GPU") is not this machine's, nor is one in an `if gpu` block where none runs.
// A caption is judged by the backend that runs when it shows: the one the app started on, then
// the one after a script's own `backend` line (`backend gl` runs the gl backend even on a
// software renderer; `backend cpu`, the twin on any machine).
// Warnings only: the script runs as written.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "script_parser.h"

namespace gs::app {

// "SCRIPT:LINE: warning: ..." for each such caption among `lines` (this machine's, demos
// inlined), on `machine`, where the script starts on the backend of `starts_on` (the machine's
// own, or another asked for when the app started, such as gl on a software renderer).
std::vector<std::string> caption_warnings(const std::vector<ScriptLine>& lines,
                                          const std::filesystem::path& script, Machine machine,
                                          Machine starts_on);

}  // namespace gs::app
