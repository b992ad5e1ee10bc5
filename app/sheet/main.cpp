// grayscott-sheet: state files drawn through the app's colormaps into a labelled contact sheet
// and, or, one unlabelled thumbnail each. Every input is read and every picture composed before
// anything is written, so a bad input leaves no file behind; errors end as one line on stderr
// and a non-zero exit.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <new>
#include <set>
#include <vector>

#include "colormap.h"
#include "contact_sheet.h"
#include "gs/output_file.h"
#include "gs/state_file.h"
#include "gs/termination.h"
#include "png_image.h"
#include "sheet_files.h"
#include "sheet_options.h"
#include "standard_output.h"

namespace {

namespace fs = std::filesystem;
using namespace gs;
using namespace gs::sheet;

int fail(const std::string& message) {
  std::cerr << "grayscott-sheet: error: " << message << "\n";
  return 1;
}

// Ctrl-C, SIGTERM...: nothing is renamed into place after a stop, so every old picture stays
// as it was; the exit says which signal, as a shell reports it.
int interrupted() {
  std::cerr << "grayscott-sheet: interrupted by " << termination_signal_name() << "\n";
  return 128 + termination_signal();
}

std::string count_text(std::size_t count, std::size_t of) {
  return std::to_string(count) + " of " + std::to_string(of);
}

// A field with no finite value is drawn in one colour, which looks like an empty tile: say so.
void warn_when_not_finite(const fs::path& path, const std::string& field,
                          const std::vector<float>& values) {
  std::size_t non_finite = 0;
  for (float value : values) non_finite += std::isfinite(value) ? 0 : 1;
  if (non_finite == 0) return;
  std::cerr << "grayscott-sheet: warning: '" << path.string() << "': " << field << " has "
            << count_text(non_finite, values.size()) << " cells NaN or infinite"
            << (non_finite == values.size() ? " (its tile is blank)" : "") << "\n";
}

// A state file as a tile: the chosen field and its label. Only that field is kept.
Expected<SheetTile> read_tile(const fs::path& path, const std::string& field) {
  Expected<StateFile> state = read_state(path);
  if (!state) {  // the reader's messages name the file; where one does not, it is named here
    const bool named = state.message().find(path.string()) != std::string::npos;
    return Error{named ? state.message() : "'" + path.string() + "': " + state.message()};
  }
  SheetTile tile = state_tile(*state, field, path.stem().string());
  warn_when_not_finite(path, field, tile.values);
  return tile;
}

int run(const SheetOptions& options) {
  SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap(options.colormap));
  style.range = options.range;
  style.columns = options.columns;
  style.tile_px = options.tile_px;
  style.title = options.title;

  if (Status apart = check_outputs_apart(options); !apart) return fail(apart.message());
  std::vector<SheetTile> tiles;
  std::set<std::string> stems;
  for (const std::string& input : options.inputs) {
    const std::string stem = fs::path(input).stem().string();
    if (options.thumbnails && !stems.insert(stem).second)
      return fail("'" + input + "': another file has the stem '" + stem +
                  "', and the thumbnails are named by it");
    if (termination_requested()) return interrupted();
    Expected<SheetTile> tile = read_tile(input, options.field);
    // A stop that cuts a read short is the stop, not a bad file: 128 plus the signal.
    if (!tile) return termination_requested() ? interrupted() : fail(tile.message());
    tiles.push_back(std::move(*tile));
  }

  // A sheet that cannot be written is found out before any thumbnail is.
  if (options.output) {
    const fs::path folder = fs::absolute(*options.output).parent_path();
    std::error_code error;
    if (!fs::is_directory(folder, error))
      return fail("'" + *options.output + "': the folder '" + folder.string() + "' is missing");
  }

  std::optional<RgbImage> sheet;
  if (options.output) {
    std::string note;  // labels are always drawn: in built-in letters where the font is unusable
    const SheetFont font = sans_font_or_builtin(kLabelFontPx, note);
    if (!note.empty()) std::cerr << "grayscott-sheet: note: " << note << "\n";
    style.font = &font;
    Expected<RgbImage> composed = compose_contact_sheet(tiles, style);
    if (!composed) return fail(composed.message());
    sheet = std::move(*composed);
    style.font = nullptr;
  }
  std::vector<RgbImage> thumbnails;
  if (options.thumbnails)
    for (const SheetTile& tile : tiles) {
      Expected<RgbImage> image = render_tile(tile, style);
      if (!image) return fail(image.message());
      thumbnails.push_back(std::move(*image));
    }

  // Every PNG is written under a temporary name first (stage_png), and all are renamed only once
  // every one is whole and no stop was asked: a failed write (a full disk) or a stop leaves all
  // the old files as they were.
  std::vector<OutputFile> staged;
  if (options.thumbnails) {
    const fs::path folder = *options.thumbnails;
    std::error_code error;
    fs::create_directories(folder, error);
    if (error || !fs::is_directory(folder))
      return fail("cannot make the thumbnails folder '" + folder.string() + "'" +
                  (error ? ": " + error.message() : std::string()));
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      if (termination_requested()) return interrupted();
      const fs::path path = thumbnail_path(folder, options.inputs[i]);
      Expected<OutputFile> written = app::stage_png(path, thumbnails[i].size(), thumbnails[i].rgb);
      if (!written) return fail(written.message());
      staged.push_back(std::move(*written));
    }
  }
  if (sheet) {
    if (termination_requested()) return interrupted();
    Expected<OutputFile> written = app::stage_png(*options.output, sheet->size(), sheet->rgb);
    if (!written) return fail(written.message());
    staged.push_back(std::move(*written));
  }
  if (termination_requested()) return interrupted();
  for (OutputFile& file : staged)
    if (Status renamed = file.commit(); !renamed) return fail(renamed.message());
  return 0;
}

int sheet_main(int argc, char** argv) {
  gs::install_termination_handlers();
  const ParsedCommandLine parsed = parse_command_line(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    return run(parsed.options);
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  }
}

}  // namespace

int main(int argc, char** argv) {
  gs::cli::hold_closed_standard_streams();
  return gs::cli::exit_after_output(sheet_main(argc, argv), "grayscott-sheet");
}
