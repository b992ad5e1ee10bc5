// What a script's lines can be checked for before the first one runs, on every machine (the lines
// of an `if gpu` block on a machine without one too, so a lecturer's rehearsal on a laptop finds
// the mistake the lecture hall's GPU would): presets' names, a grid's size and memory, the view's
// values (a colormap's name, a brush's radius), F and k as rates (of set A and of a style set),
// and the pictures that `seed-image` and `style-image` name, read as they will be. A picture a
// capture of the same script writes first is checked when its line runs.
#pragma once

#include <filesystem>
#include <vector>

#include "gs/status.h"
#include "script_parser.h"

namespace gs::app {

// The first line that cannot run, as "SCRIPT:LINE: problem" (`path` names the script).
Status check_script_lines(const std::vector<ScriptLine>& lines, const std::filesystem::path& path);

}  // namespace gs::app
