// A script's `demo NAME` lines, each replaced as the script loads by the demo's own lines (those
// for this machine) between a StartDemo Begins and Ends, so that a demo inside a lecturer's script
// is one part of it: its captions are stepped through like the script's own (Page Down from the
// caption before it goes to the demo's first, Page Up over it replays the settings that hold
// there), and where a person steps through, the script goes on after the demo's last caption only
// once they move on (script_runner.h). A demo's lines find their pictures beside the demo.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "demo_scripts.h"
#include "gs/status.h"
#include "script_parser.h"

namespace gs::app {

using DemoLookup = std::function<Expected<DemoScript>(const std::string& name)>;

// `lines` (of the script at `script`, already chosen for this machine) with every `demo` line
// replaced, nested demos too; a demo that would start itself again, directly or through another,
// is refused as "FILE:LINE: demo 'NAME' is already running: ...". `machine` chooses the demos'
// lines.
Expected<std::vector<ScriptLine>> inline_demos(std::vector<ScriptLine> lines,
                                               const std::filesystem::path& script,
                                               const DemoLookup& find, Machine machine);

// A picture or state a script file names by a relative path is read beside the script first, so
// that a saved setup (which names its files from its own folder) and its files can move together
// (and a demo's from the data folder); else as any file a script names (gs/data_paths.h).
void find_inputs_beside(std::vector<ScriptLine>& lines, const std::filesystem::path& folder);

}  // namespace gs::app
