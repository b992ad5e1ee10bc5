// Fuzzes grayscott-sheet's inputs. The first byte says which input the rest is:
//   0  a state file, read in this process (as fuzz_state_file does) and drawn as the program
//      draws it: its tile and label on a contact sheet, over a fixed and an automatic range, and
//      alone as a thumbnail;
//   1  a font file (what GS_FONT_DIR may hold): checked (app::check_font_data), and where
//      accepted opened by stb_truetype;
//   2  the command line, split at NUL or newline into arguments as fuzz_batch_options splits it.
// Whatever the bytes, an answer: a picture of the promised size or a one-line refusal.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "colormap.h"
#include "contact_sheet.h"
#include "font_files.h"
#include "fuzz_arguments.h"
#include "fuzz_state_limits.h"
#include "fuzz_temp_file.h"
#include "sheet_options.h"
#include "sheet_text.h"
#include "state_file_reader.h"

namespace {

using namespace gs;
using namespace gs::sheet;

void one_line_or_abort(const std::string& message) {
  if (message.empty() || message.find('\n') != std::string::npos) std::abort();
}

void fuzz_state(const std::uint8_t* data, std::size_t size) {
  const fuzz::TempInputFile input(data, size, ".h5");
  if (fuzz::too_large_to_read(input.path())) return;
  const Expected<StateFile> state = read_state_in_process(input.path(), 2 * sizeof(float));
  if (!state) return one_line_or_abort(state.message());
  static const SheetFont font = SheetFont::builtin(kLabelFontPx);  // no file: fast and fixed
  SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap("viridis"));
  style.tile_px = kMinTilePx;
  style.title = "fuzz";
  style.font = &font;
  const std::vector<SheetTile> tiles{state_tile(*state, "v", "state"),
                                     state_tile(*state, "u", "state")};
  for (bool automatic : {false, true}) {
    style.range.automatic = automatic;
    const Expected<RgbImage> sheet = compose_contact_sheet(tiles, style);
    if (!sheet) return one_line_or_abort(sheet.message());
    if (sheet->rgb.size() != std::size_t(sheet->width) * std::size_t(sheet->height) * 3)
      std::abort();
    const Expected<RgbImage> thumbnail = render_tile(tiles[0], style);
    if (!thumbnail || thumbnail->width != kMinTilePx || thumbnail->height != kMinTilePx)
      std::abort();
  }
}

void fuzz_font(const std::uint8_t* data, std::size_t size) {
  const fuzz::TempInputFile input(data, size, ".ttf");
  const Expected<SheetFont> font = SheetFont::load(input.path(), kLabelFontPx);
  if (!font) return one_line_or_abort(font.message());
  // Accepted: stb_truetype opened it and read its metrics. Its glyphs are not drawn here: the
  // check finds damage, and stb_truetype trusts glyph data (font_files.h).
  if (font->line_height() < 0 || font->at_height(kTitleFontPx).ascent() < 0) std::abort();
}

void fuzz_command_line(const std::uint8_t* data, std::size_t size) {
  fuzz::FuzzArguments arguments("grayscott-sheet", data, size);
  const ParsedCommandLine parsed = parse_command_line(arguments.argc(), arguments.argv());
  if (parsed.exit_code) {
    if (*parsed.exit_code < 0 || *parsed.exit_code > 2) std::abort();  // 0 help, 2 usage error
    return;
  }
  // What parsing lets through reaches the composer as it is.
  const SheetOptions& o = parsed.options;
  if (o.inputs.empty() || (!o.output && !o.thumbnails) || o.tile_px < kMinTilePx ||
      o.tile_px > kMaxTilePx || o.columns < 0 || !app::find_colormap(o.colormap))
    std::abort();
  if (!o.range.automatic && !(o.range.high - o.range.low >= app::kMinColourSpan)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silence_standard_streams();
  gs::fuzz::start_hdf5_afresh();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  switch (data[0] % 3) {
    case 0:
      fuzz_state(data + 1, size - 1);
      break;
    case 1:
      fuzz_font(data + 1, size - 1);
      break;
    default:
      fuzz_command_line(data + 1, size - 1);
      break;
  }
  fuzz::start_hdf5_afresh();  // as fuzz_state_file: a fresh libhdf5 for the next input
  return 0;
}
