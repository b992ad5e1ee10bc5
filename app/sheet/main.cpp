// grayscott-sheet: state files drawn through the app's colormaps into a labelled contact sheet
// and, or, one unlabelled thumbnail each. Every input is read and every picture composed before
// anything is written, so a bad input leaves no file behind; errors end as one line on stderr
// and a non-zero exit.
#include <filesystem>
#include <iostream>
#include <new>
#include <set>
#include <vector>

#include "colormap.h"
#include "contact_sheet.h"
#include "gs/state_file.h"
#include "gs/termination.h"
#include "png_image.h"
#include "sheet_files.h"
#include "sheet_options.h"

namespace {

namespace fs = std::filesystem;
using namespace gs;
using namespace gs::sheet;

int fail(const std::string& message) {
  std::cerr << "grayscott-sheet: error: " << message << "\n";
  return 1;
}

// Ctrl-C, SIGTERM...: the pictures written so far are whole (each renamed into place when
// complete), the rest are not begun; the exit says which signal, as a shell reports it.
int interrupted() {
  std::cerr << "grayscott-sheet: interrupted by " << termination_signal_name() << "\n";
  return 128 + termination_signal();
}

// A state file as a tile: the chosen field and its label. Only that field is kept.
Expected<SheetTile> read_tile(const fs::path& path, const std::string& field) {
  Expected<StateFile> state = read_state(path);
  if (!state) {  // the reader's messages name the file; where one does not, it is named here
    const bool named = state.message().find(path.string()) != std::string::npos;
    return Error{named ? state.message() : "'" + path.string() + "': " + state.message()};
  }
  const FieldData& values = field == "u" ? state->fields.u : state->fields.v;
  SheetTile tile;
  tile.size = state->fields.size;
  tile.values.assign(values.begin(), values.end());
  tile.label = state_label(path.stem().string(), state->params, state->step);
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
    if (!tile) return fail(tile.message());
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
    Expected<SheetFont> font = load_sans_font(kLabelFontPx);  // labels are always drawn
    if (!font) return fail(font.message());
    style.font = &*font;
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

  // Each PNG is written under a temporary name and renamed (write_png), so none is ever cut
  // short; a write failing part-way (a full disk) can leave the thumbnails before it complete.
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
      if (Status written = app::write_png(path, thumbnails[i].size(), thumbnails[i].rgb); !written)
        return fail(written.message());
    }
  }
  if (termination_requested()) return interrupted();
  if (sheet)
    if (Status written = app::write_png(*options.output, sheet->size(), sheet->rgb); !written)
      return fail(written.message());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gs::install_termination_handlers();
  const ParsedCommandLine parsed = parse_command_line(argc, argv);
  if (parsed.exit_code) return *parsed.exit_code;
  try {
    return run(parsed.options);
  } catch (const std::bad_alloc&) {
    return fail("out of memory");
  }
}
