// Captions checked against what this machine shows (caption_truth.h).
#include "caption_truth.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>

#include "script_source.h"

namespace gs::app {
namespace {

// How many times a frame crosses the bus on each path (what the Timings count per frame): upload
// once from the twin's host memory, twice from a GPU's (down, then up).
int crossings(TransferPath path, Machine machine) {
  switch (path) {
    case TransferPath::Interop:
    case TransferPath::None:
      return 0;
    case TransferPath::Host:
      return 2;
    case TransferPath::Upload:
      return machine == Machine::Cpu ? 1 : 2;
  }
  return 1;
}

bool about_a_gpu(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text.find("on a gpu") != std::string::npos;
}

// The path a caption is about: it starts "interop:", "host:" or "upload:".
std::optional<TransferPath> named_path(const std::string& text) {
  for (const EnumName<TransferPath>& path : kTransferPathNames)
    if (text.rfind(std::string(path.name) + ":", 0) == 0) return path.value;
  return std::nullopt;
}

// The path a machine shows for the one a script asks: CUDA runs every path; the gl backend runs
// `none` (for interop and host, which are CUDA's) and `upload`; the twin only `upload`.
std::optional<TransferPath> shown_path(std::optional<TransferPath> asked, Machine machine) {
  if (machine == Machine::Cuda) return asked;
  if (machine == Machine::Cpu) return TransferPath::Upload;
  if (asked == TransferPath::Upload) return asked;
  return TransferPath::None;  // the gl backend's own, whatever else the script asked for
}

// What runs after a script's `backend` line on `machine`: auto, the machine's own; gl wherever it
// is asked for (a software renderer too); cuda only where a CUDA GPU is, else the twin.
Machine running_after(BackendChoice choice, Machine machine) {
  switch (choice) {
    case BackendChoice::Auto:
      return machine;
    case BackendChoice::Cpu:
      return Machine::Cpu;
    case BackendChoice::Gl:
      return Machine::Gl;
    case BackendChoice::Cuda:
      return machine == Machine::Cuda ? Machine::Cuda : Machine::Cpu;
  }
  return machine;
}

// Why `running` shows only some paths: the machine, or the backend asked for (by the script's
// own `backend` line, or when the app started).
std::string what_runs(Machine running, Machine machine, std::optional<BackendChoice> chosen) {
  if (running == Machine::Cuda) return "";
  if (running != machine) {
    const std::string asked =
        chosen ? "after the script's `backend " + std::string(to_string(*chosen)) + "`"
               : "on the backend the app started with";
    return " (" + asked + ", " +
           (running == Machine::Gl ? "the gl backend runs none or upload"
                                   : "the CPU twin runs, upload only") +
           ")";
  }
  switch (machine) {
    case Machine::Cuda:
      return "";
    case Machine::Gl:
      return " (on a GPU without CUDA the gl backend runs none or upload)";
    case Machine::Cpu:
      return " (without a GPU only upload runs)";
  }
  return "";
}

// The block a caption about `path` belongs in.
const char* block_for(TransferPath path) {
  return path == TransferPath::None ? "gl" : "gpu";
}

std::string figure(double mb) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", mb);
  return text;
}

}  // namespace

std::vector<std::string> caption_warnings(const std::vector<ScriptLine>& lines,
                                          const std::filesystem::path& script, Machine machine,
                                          Machine starts_on) {
  std::vector<std::string> warnings;
  std::optional<GridSize> grid;         // from the script's `size` lines
  std::optional<TransferPath> asked;    // from its `transfer` lines
  std::optional<BackendChoice> chosen;  // from its `backend` lines
  Machine running = starts_on;
  static const std::regex mb_figure(R"((\d+(?:\.\d+)?) MB(?:/frame)?)");
  for (const ScriptLine& line : lines) {
    if (const auto* resize = std::get_if<command::Resize>(&line.command))
      grid = GridSize{resize->width, resize->height};
    if (const auto* transfer = std::get_if<command::SelectTransfer>(&line.command))
      asked = transfer->path;
    if (const auto* backend = std::get_if<command::SelectBackend>(&line.command)) {
      chosen = backend->choice;
      running = running_after(backend->choice, machine);
    }
    const auto* caption = std::get_if<command::Caption>(&line.command);
    if (!caption || caption->text.empty() || about_a_gpu(caption->text)) continue;
    const std::optional<TransferPath> shown = shown_path(asked, running);
    const std::string where = script_name(line.source.empty() ? script : line.source) + ":" +
                              std::to_string(line.number) + ": warning: ";
    const std::string runs = what_runs(running, machine, chosen);
    if (const std::optional<TransferPath> path = named_path(caption->text);
        path && shown && *path != *shown)
      warnings.push_back(where + "the caption is about the " + to_string(*path) +
                         " path, but this machine shows " + to_string(*shown) + runs +
                         "; say what it shows, or put the caption in an `if " + block_for(*path) +
                         "` block");
    if (!grid || !shown) continue;
    const double expected = double(grid->cells()) * 4.0 * crossings(*shown, running) / 1e6;
    for (std::sregex_iterator match(caption->text.begin(), caption->text.end(), mb_figure), end;
         match != end; ++match) {
      const double said = std::stod((*match)[1].str());
      if (std::fabs(said - expected) <= 0.05 + 0.01 * expected) continue;
      warnings.push_back(where + "the caption says " + match->str() + ", but this machine's " +
                         "Timings show " + figure(expected) + " MB/frame there (" +
                         to_string(*shown) + " of " + to_string(*grid) + ")" + runs +
                         "; say what it shows, or put the caption in an `if` block for it");
    }
  }
  return warnings;
}

}  // namespace gs::app
