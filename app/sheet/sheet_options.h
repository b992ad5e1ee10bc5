// grayscott-sheet's command line, as parsed by CLI11 and before any file is touched.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contact_sheet.h"

namespace gs::sheet {

struct SheetOptions {
  std::vector<std::string> inputs;        // state files (HDF5)
  std::optional<std::string> output;      // the contact sheet (PNG)
  std::optional<std::string> thumbnails;  // a folder for one PNG per input
  std::string colormap;                   // the app's default unless given
  std::string field = "v";
  ColourRange range;  // the app's default unless given
  int columns = 0;    // 0: ceil(sqrt(inputs))
  int tile_px = kDefaultTilePx;
  std::string title;
};

// What parsing decided: run with these options, or exit now with this code (after --help,
// --version or a usage error, whose one-line message has been printed).
struct ParsedCommandLine {
  SheetOptions options;
  std::optional<int> exit_code;
};

ParsedCommandLine parse_command_line(int argc, char** argv);

// "LO:HI" (two finite numbers as floats, HI - LO at least app::kMinColourSpan and finite) or
// "auto"; nullopt with `problem` set otherwise, saying which of these fails.
std::optional<ColourRange> parse_range(std::string_view text, std::string& problem);

}  // namespace gs::sheet
