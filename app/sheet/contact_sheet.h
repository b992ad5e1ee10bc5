// The contact sheet: fields coloured through a colormap, each resized into a square tile (its
// aspect kept), laid out in a grid on a dark background with label lines under each tile and an
// optional title across the top. Pure functions of their inputs; grayscott-sheet reads state
// files into tiles, and a parameter sweep can hand its own fields and labels.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "colormap.h"
#include "gs/fields.h"
#include "gs/param_overrides.h"
#include "gs/state_file.h"
#include "gs/status.h"
#include "rgb_image.h"
#include "sheet_text.h"

namespace gs::sheet {

inline constexpr int kMinTilePx = 16;
inline constexpr int kMaxTilePx = 1024;
inline constexpr int kDefaultTilePx = 128;
inline constexpr int kGapPx = 6;              // around and between tiles
inline constexpr int kLabelPadPx = 2;         // between a tile and its first label line
inline constexpr float kLabelFontPx = 13.0f;  // DejaVu Sans at this pixel height
inline constexpr float kTitleFontPx = 20.0f;
inline constexpr app::Rgb kBackground{24, 24, 24};
inline constexpr app::Rgb kTextColour{210, 210, 210};
// A sheet past this many pixels is refused (three bytes each, and PNG's encoder takes int sizes).
inline constexpr std::int64_t kMaxSheetPixels = std::int64_t(1) << 27;

struct SheetTile {
  GridSize size;
  std::vector<float> values;       // row-major [height][width]
  std::vector<std::string> label;  // lines under the tile
};

// Colours span [low, high], or each tile's own minimum and maximum when automatic.
struct ColourRange {
  float low = 0.0f;
  float high = 0.5f;
  bool automatic = false;
};

struct SheetStyle {
  std::vector<app::Rgb> table;  // app::colormap_table(...)
  ColourRange range;
  int columns = 0;  // 0: ceil(sqrt(tiles)); never more than the tiles
  int tile_px = kDefaultTilePx;
  std::string title;                // empty: no title line
  const SheetFont* font = nullptr;  // at kLabelFontPx; needed only for labels or a title
};

// Where things go on the sheet.
struct SheetLayout {
  int columns = 0, rows = 0;
  int tile_px = 0;
  int label_lines = 0, line_height = 0;  // the label block is label_lines * line_height tall
  int title_height = 0;                  // the title's lines and the gap under them; 0 without
  int width = 0, height = 0;
  int tiles_left = kGapPx;  // the tiles' left edge: centred when the title makes the sheet wider
  // The top-left corner of tile i's square.
  std::pair<int, int> tile_origin(std::size_t i) const;
  // The top of tile i's first label line.
  int label_top(std::size_t i) const { return tile_origin(i).second + tile_px + kLabelPadPx; }
};

// The grid for `count` tiles with this many label lines each (the title's font: title_height),
// at least `min_width` wide (the title's longest word).
SheetLayout layout_sheet(std::size_t count, int columns, int tile_px, int label_lines,
                         int line_height, int title_height, int min_width = 0);

// The size a field takes in a tile: its longer side tile_px, the aspect kept (at least 1 cell).
GridSize fitted_size(GridSize field, int tile_px);
// Resized to `to`: each output cell the area average of the cells it covers when shrinking, the
// nearest cell when enlarging (an equal size is a copy).
std::vector<float> resize_field(const std::vector<float>& values, GridSize from, GridSize to);
// The range a tile's colours span: the fixed one, or the field's finite minimum and maximum (a
// constant field takes the colormap's low end).
std::pair<float, float> tile_range(const std::vector<float>& values, const ColourRange& range);

// One tile alone, unlabelled: tile_px square, the field centred on the background.
Expected<RgbImage> render_tile(const SheetTile& tile, const SheetStyle& style);
// The whole sheet. Fails, saying why, on no tiles, a tile size out of range, values that do not
// match a tile's size, labels or a title without a font, or a sheet past kMaxSheetPixels.
Expected<RgbImage> compose_contact_sheet(const std::vector<SheetTile>& tiles,
                                         const SheetStyle& style);
// compose_contact_sheet's checks for `count` tiles of `label_lines` lines each, without the
// tiles: a program can tell before long work whether its sheet can be drawn. A sheet that only
// the title makes too large names the title.
Status check_contact_sheet_size(std::size_t count, std::size_t label_lines,
                                const SheetStyle& style);

// A state's tile: its `field` ("u" or "v"; only that one is kept) under the state's label.
SheetTile state_tile(const StateFile& state, const std::string& field, const std::string& name);

// A state's label: its name, "F 0.0100  k 0.0470" and "step 10000" ("?" for what it lacks).
std::vector<std::string> state_label(const std::string& name, const ParamOverrides& params,
                                     std::optional<std::int64_t> step);

}  // namespace gs::sheet
