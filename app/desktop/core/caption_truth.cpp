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

// How many times a frame crosses the bus on each path (what the Timings count per frame).
int crossings(TransferPath path) {
  switch (path) {
    case TransferPath::Interop:
    case TransferPath::None:
      return 0;
    case TransferPath::Host:
      return 2;
    case TransferPath::Upload:
      return 1;
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

std::string figure(double mb) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", mb);
  return text;
}

}  // namespace

std::vector<std::string> caption_warnings(const std::vector<ScriptLine>& lines,
                                          const std::filesystem::path& script, bool cuda) {
  std::vector<std::string> warnings;
  std::optional<GridSize> grid;       // from the script's `size` lines
  std::optional<TransferPath> asked;  // from its `transfer` lines
  static const std::regex mb_figure(R"((\d+(?:\.\d+)?) MB(?:/frame)?)");
  for (const ScriptLine& line : lines) {
    if (const auto* resize = std::get_if<command::Resize>(&line.command))
      grid = GridSize{resize->width, resize->height};
    if (const auto* transfer = std::get_if<command::SelectTransfer>(&line.command))
      asked = transfer->path;
    const auto* caption = std::get_if<command::Caption>(&line.command);
    if (!caption || caption->text.empty() || about_a_gpu(caption->text)) continue;
    // Without CUDA the field is in host memory: every path the script asks for runs as upload.
    const std::optional<TransferPath> shown =
        cuda ? asked : std::optional<TransferPath>(TransferPath::Upload);
    const std::string where = script_name(line.source.empty() ? script : line.source) + ":" +
                              std::to_string(line.number) + ": warning: ";
    const std::string machine = cuda ? "" : " (without a CUDA GPU only upload runs)";
    if (const std::optional<TransferPath> path = named_path(caption->text);
        path && shown && *path != *shown)
      warnings.push_back(where + "the caption is about the " + to_string(*path) +
                         " path, but this machine shows " + to_string(*shown) + machine +
                         "; say what it shows, or put the caption in an `if gpu` block");
    if (!grid || !shown) continue;
    const double expected = double(grid->cells()) * 4.0 * crossings(*shown) / 1e6;
    for (std::sregex_iterator match(caption->text.begin(), caption->text.end(), mb_figure), end;
         match != end; ++match) {
      const double said = std::stod((*match)[1].str());
      if (std::fabs(said - expected) <= 0.05 + 0.01 * expected) continue;
      warnings.push_back(where + "the caption says " + match->str() + ", but this machine's " +
                         "Timings show " + figure(expected) + " MB/frame there (" +
                         to_string(*shown) + " of " + to_string(*grid) + ")" + machine +
                         "; say what it shows, or put the caption in an `if gpu` block");
    }
  }
  return warnings;
}

}  // namespace gs::app
