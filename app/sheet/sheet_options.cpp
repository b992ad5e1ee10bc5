#include "sheet_options.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "colormap.h"
#include "strict_options.h"
#include "view_state.h"

namespace gs::sheet {

std::optional<ColourRange> parse_range(std::string_view text, std::string& problem) {
  ColourRange range;
  if (text == "auto") {
    range.automatic = true;
    return range;
  }
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    problem = "'" + std::string(text) + "' is not LO:HI or auto";
    return std::nullopt;
  }
  const std::optional<float> low = cli::parse_real_number(text.substr(0, colon), problem);
  if (!low) return std::nullopt;
  const std::optional<float> high = cli::parse_real_number(text.substr(colon + 1), problem);
  if (!high) return std::nullopt;
  // Each problem as it is: the numbers are read as floats, as the colours are computed.
  const std::string not_range = "'" + std::string(text) + "' is not a range: ";
  std::ostringstream as_floats;
  as_floats << std::setprecision(9) << *low << " and " << *high;
  if (!std::isfinite(*low) || !std::isfinite(*high))
    problem = not_range + "LO and HI must be finite numbers";
  else if (*low > *high)
    problem = not_range + "LO must be below HI";
  else if (*low == *high)
    problem = not_range + "LO and HI are the same number as floats (" + as_floats.str() + ")";
  else if (!std::isfinite(*high - *low))
    problem = not_range + "HI - LO passes a float's range (" + as_floats.str() + ")";
  else if (*high - *low < app::kMinColourSpan)
    problem = not_range + "HI - LO must be at least 1e-12, the narrowest span the colours resolve";
  if (!problem.empty()) return std::nullopt;
  range.low = *low;
  range.high = *high;
  return range;
}

ParsedCommandLine parse_command_line(int argc, char** argv) {
  ParsedCommandLine parsed;
  SheetOptions& o = parsed.options;
  const app::ViewState view_defaults;
  o.colormap = view_defaults.colormap;
  o.range.low = view_defaults.low;
  o.range.high = view_defaults.high;

  CLI::App app{
      "grayscott-sheet: state files (HDF5) drawn through a colormap into a labelled "
      "contact sheet (PNG) and thumbnails",
      "grayscott-sheet"};
  app.set_version_flag("--version", "grayscott-sheet " GS_VERSION);
  app.add_option("inputs", o.inputs, "State files written by grayscott-batch or the app")
      ->required()
      ->type_name("STATE.h5");
  auto* output = app.add_option_function<std::string>(
                        "--output", [&o](const std::string& path) { o.output = path; },
                        "Write the contact sheet here (PNG)")
                     ->type_name("PNG");
  auto* thumbnails =
      app.add_option_function<std::string>(
             "--thumbnails", [&o](const std::string& dir) { o.thumbnails = dir; },
             "Also write each tile alone, unlabelled, as DIR/<stem>.png (DIR made when missing)")
          ->type_name("DIR");
  app.add_option_function<std::string>(
         "--colormap",
         [&o](const std::string& name) {
           if (!app::find_colormap(name))
             throw CLI::ValidationError("--colormap", "unknown colormap '" + name + "' (one of: " +
                                                          app::colormap_names() + ")");
           o.colormap = name;
         },
         "Colormap (default " + o.colormap + "; NAME_r reversed)")
      ->type_name("NAME");
  app.add_option("--field", o.field, "The field drawn: u or v")
      ->check(CLI::IsMember({"u", "v"}))
      ->capture_default_str();
  app.add_option_function<std::string>(
         "--range",
         [&o](const std::string& text) {
           std::string problem;
           const std::optional<ColourRange> range = parse_range(text, problem);
           if (!range) throw CLI::ValidationError("--range", problem);
           o.range = *range;
         },
         "Values the colormap spans, LO:HI, or auto (each tile its own minimum and maximum; "
         "default 0:0.5)")
      ->type_name("LO:HI|auto");
  cli::add_whole_number(
      app, "--columns", 1, 4096, [&o](int n) { o.columns = n; },
      "Tiles per row (default ceil(sqrt(files)); at most the files)");
  cli::add_whole_number(
      app, "--tile-px", kMinTilePx, kMaxTilePx, [&o](int n) { o.tile_px = n; },
      "Side of each square tile in pixels (default " + std::to_string(kDefaultTilePx) + ")");
  app.add_option("--title", o.title, "A heading across the top of the sheet")->type_name("TEXT");

  try {
    app.parse(argc, argv);
    if (output->count() == 0 && thumbnails->count() == 0)
      throw CLI::RequiredError("--output or --thumbnails (at least one)");
  } catch (const CLI::CallForHelp& e) {
    parsed.exit_code = app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    parsed.exit_code = app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, ours: CLI11's own exit() adds a second line.
    std::cerr << "grayscott-sheet: error: " << e.what() << "\n";
    parsed.exit_code = 2;  // usage errors: 2, as is customary
  }
  return parsed;
}

}  // namespace gs::sheet
