#include "contact_sheet.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "png_image.h"

namespace gs::sheet {
namespace {

struct Tap {
  int index;
  double weight;
};

// For each output index along one axis, the input cells it reads and their weights.
std::vector<std::vector<Tap>> axis_taps(int from, int to) {
  std::vector<std::vector<Tap>> taps(static_cast<std::size_t>(to));
  const double ratio = double(from) / double(to);
  for (int out = 0; out < to; ++out) {
    if (to >= from) {  // enlarging or equal: the nearest cell
      const int nearest = std::min(from - 1, int((double(out) + 0.5) * ratio));
      taps[std::size_t(out)].push_back({nearest, 1.0});
      continue;
    }
    const double start = double(out) * ratio, end = double(out + 1) * ratio;
    for (int cell = int(std::floor(start)); cell < std::min(from, int(std::ceil(end))); ++cell) {
      const double overlap = std::min(end, double(cell + 1)) - std::max(start, double(cell));
      if (overlap > 0.0) taps[std::size_t(out)].push_back({cell, overlap / ratio});
    }
  }
  return taps;
}

Status check_tile(const SheetTile& tile, std::size_t index) {
  if (tile.size.width < 1 || tile.size.height < 1 || tile.values.size() != tile.size.cells())
    return Error{"tile " + std::to_string(index + 1) + ": its values do not match its size " +
                 to_string(tile.size)};
  return Status::ok();
}

Status check_style(const SheetStyle& style) {
  if (style.tile_px < kMinTilePx || style.tile_px > kMaxTilePx)
    return Error{"the tile size " + std::to_string(style.tile_px) + " is out of range (" +
                 std::to_string(kMinTilePx) + " to " + std::to_string(kMaxTilePx) + ")"};
  if (style.table.empty()) return Error{"no colormap table"};
  if (style.columns < 0) return Error{"a negative number of columns"};
  return Status::ok();
}

// The tile's field, coloured, centred in the square at (left, top) of `image`.
void paint_tile(RgbImage& image, int left, int top, const SheetTile& tile,
                const SheetStyle& style) {
  const GridSize fitted = fitted_size(tile.size, style.tile_px);
  const auto [low, high] = tile_range(tile.values, style.range);
  const std::vector<std::uint8_t> rgb =
      app::colorize(resize_field(tile.values, tile.size, fitted), style.table, low, high);
  const int x0 = left + (style.tile_px - fitted.width) / 2;
  const int y0 = top + (style.tile_px - fitted.height) / 2;
  for (int y = 0; y < fitted.height; ++y)
    std::copy_n(&rgb[std::size_t(y) * fitted.width * 3], std::size_t(fitted.width) * 3,
                image.at(x0, y0 + y));
}

std::string four_decimals(const std::optional<float>& value) {
  if (!value) return "?";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", double(*value));
  return text;
}

// The title in lines no wider than `width` (words kept whole; the sheet is made at least as
// wide as the longest word), so a sheet of few small tiles still shows all of it.
std::vector<std::string> wrapped_title(const std::string& title, const SheetFont& font, int width) {
  std::vector<std::string> lines;
  std::istringstream words(title);
  for (std::string word; words >> word;) {
    if (!lines.empty() && font.text_width(lines.back() + " " + word) <= width)
      lines.back() += " " + word;
    else
      lines.push_back(word);
  }
  return lines;
}

}  // namespace

std::pair<int, int> SheetLayout::tile_origin(std::size_t i) const {
  const int column = int(i % std::size_t(columns)), row = int(i / std::size_t(columns));
  const int cell_height = tile_px + (label_lines > 0 ? kLabelPadPx + label_lines * line_height : 0);
  return {tiles_left + column * (tile_px + kGapPx),
          kGapPx + title_height + row * (cell_height + kGapPx)};
}

SheetLayout layout_sheet(std::size_t count, int columns, int tile_px, int label_lines,
                         int line_height, int title_height, int min_width) {
  SheetLayout layout;
  const int tiles = int(std::max<std::size_t>(count, 1));
  layout.columns = columns > 0 ? std::min(columns, tiles)
                               : std::min(tiles, int(std::ceil(std::sqrt(double(tiles)))));
  layout.rows = (tiles + layout.columns - 1) / layout.columns;
  layout.tile_px = tile_px;
  layout.label_lines = label_lines;
  layout.line_height = line_height;
  layout.title_height = title_height;
  const int cell_height = tile_px + (label_lines > 0 ? kLabelPadPx + label_lines * line_height : 0);
  const int grid_width = kGapPx + layout.columns * (tile_px + kGapPx);
  layout.width = std::max(grid_width, min_width);
  layout.tiles_left = kGapPx + (layout.width - grid_width) / 2;
  layout.height = kGapPx + title_height + layout.rows * (cell_height + kGapPx);
  return layout;
}

GridSize fitted_size(GridSize field, int tile_px) {
  const int longer = std::max(field.width, field.height);
  const auto side = [&](int cells) {
    return std::clamp(int(std::lround(double(cells) * tile_px / longer)), 1, tile_px);
  };
  return {side(field.width), side(field.height)};
}

std::vector<float> resize_field(const std::vector<float>& values, GridSize from, GridSize to) {
  const std::vector<std::vector<Tap>> columns = axis_taps(from.width, to.width);
  const std::vector<std::vector<Tap>> rows = axis_taps(from.height, to.height);
  std::vector<float> resized(to.cells());
  for (int y = 0; y < to.height; ++y)
    for (int x = 0; x < to.width; ++x) {
      double sum = 0.0;
      for (const Tap& row : rows[std::size_t(y)])
        for (const Tap& column : columns[std::size_t(x)])
          sum += row.weight * column.weight *
                 double(values[std::size_t(row.index) * from.width + column.index]);
      resized[std::size_t(y) * to.width + x] = float(sum);
    }
  return resized;
}

std::pair<float, float> tile_range(const std::vector<float>& values, const ColourRange& range) {
  if (!range.automatic) return {range.low, range.high};
  float low = std::numeric_limits<float>::infinity(), high = -low;
  for (float value : values)
    if (std::isfinite(value)) {
      low = std::min(low, value);
      high = std::max(high, value);
    }
  if (!(low <= high)) return {0.0f, 1.0f};  // nothing finite: every cell takes the low end
  // A constant field: an empty range would divide by zero; every value sits at the low end.
  if (!(high > low)) high = low + 1.0f;
  return {low, high};
}

Expected<RgbImage> render_tile(const SheetTile& tile, const SheetStyle& style) {
  GS_TRY(check_style(style));
  GS_TRY(check_tile(tile, 0));
  RgbImage image(style.tile_px, style.tile_px, kBackground);
  paint_tile(image, 0, 0, tile, style);
  return image;
}

namespace {

// Where everything goes, and the title in its lines, before a pixel is drawn.
struct SheetPlan {
  SheetLayout layout;
  std::optional<SheetFont> title_font;
  std::vector<std::string> title_lines;
};

// "WxH pixels, past the limit of N".
std::string past_the_limit(std::int64_t width, std::int64_t height) {
  return std::to_string(width) + "x" + std::to_string(height) + " pixels, past the limit of " +
         std::to_string(kMaxSheetPixels);
}

Expected<SheetPlan> plan_sheet(std::size_t count, std::size_t label_lines,
                               const SheetStyle& style) {
  if (count == 0) return Error{"no tiles for the contact sheet"};
  GS_TRY(check_style(style));
  if ((label_lines > 0 || !style.title.empty()) && style.font == nullptr)
    return Error{"labels or a title need a font"};
  if (label_lines > 64) return Error{"more than 64 label lines under a tile"};
  SheetPlan plan;
  if (!style.title.empty()) plan.title_font = style.font->at_height(kTitleFontPx);
  const int line_height = style.font ? style.font->line_height() : 0;
  // Without the title first: a sheet too large for its tiles is blamed on them, one that only
  // the title makes too large on the title.
  const SheetLayout untitled =
      layout_sheet(count, style.columns, style.tile_px, int(label_lines), line_height, 0);
  if (std::int64_t(untitled.width) * untitled.height > kMaxSheetPixels)
    return Error{"the contact sheet would be " + past_the_limit(untitled.width, untitled.height) +
                 " (fewer files or smaller tiles)"};
  int min_width = 0;  // the title's longest word, with the margins
  std::istringstream title_words(style.title);
  for (std::string word; plan.title_font && title_words >> word;)
    min_width = std::max(min_width, plan.title_font->text_width(word) + 2 * kGapPx);
  if (std::int64_t(min_width) * untitled.height > kMaxSheetPixels)
    return Error{"the title's longest word would make the contact sheet " +
                 past_the_limit(min_width, untitled.height) + " (a shorter title)"};
  if (plan.title_font)
    plan.title_lines = wrapped_title(style.title, *plan.title_font,
                                     std::max(untitled.width, min_width) - 2 * kGapPx);
  const std::int64_t title_height =
      plan.title_lines.empty()
          ? 0
          : std::int64_t(plan.title_lines.size()) * plan.title_font->line_height() + kGapPx;
  if (std::max<std::int64_t>(untitled.width, min_width) * (untitled.height + title_height) >
      kMaxSheetPixels)
    return Error{
        "the title's " + std::to_string(plan.title_lines.size()) +
        " lines would make the contact sheet " +
        past_the_limit(std::max(untitled.width, min_width), untitled.height + title_height) +
        " (a shorter title)"};
  plan.layout = layout_sheet(count, style.columns, style.tile_px, int(label_lines), line_height,
                             int(title_height), min_width);
  return plan;
}

}  // namespace

Status check_contact_sheet_size(std::size_t count, std::size_t label_lines,
                                const SheetStyle& style) {
  Expected<SheetPlan> plan = plan_sheet(count, label_lines, style);
  return plan ? Status::ok() : plan.status();
}

Expected<RgbImage> compose_contact_sheet(const std::vector<SheetTile>& tiles,
                                         const SheetStyle& style) {
  std::size_t label_lines = 0;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    GS_TRY(check_tile(tiles[i], i));
    label_lines = std::max(label_lines, tiles[i].label.size());
  }
  Expected<SheetPlan> plan = plan_sheet(tiles.size(), label_lines, style);
  if (!plan) return plan.status();
  const SheetLayout& layout = plan->layout;
  const std::optional<SheetFont>& title_font = plan->title_font;
  const std::vector<std::string>& title_lines = plan->title_lines;
  const int line_height = layout.line_height;

  RgbImage sheet(layout.width, layout.height, kBackground);
  for (std::size_t line = 0; line < title_lines.size(); ++line) {
    const int width = title_font->text_width(title_lines[line]);
    const int left = std::max(kGapPx, (layout.width - width) / 2);  // centred where it fits
    title_font->draw(sheet, left, kGapPx + int(line) * title_font->line_height(),
                     layout.width - kGapPx, title_lines[line], kTextColour);
  }
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const auto [left, top] = layout.tile_origin(i);
    paint_tile(sheet, left, top, tiles[i], style);
    for (std::size_t line = 0; line < tiles[i].label.size(); ++line)
      style.font->draw(sheet, left, layout.label_top(i) + int(line) * line_height,
                       left + style.tile_px, tiles[i].label[line], kTextColour);
  }
  return sheet;
}

SheetTile state_tile(const StateFile& state, const std::string& field, const std::string& name) {
  const FieldData& values = field == "u" ? state.fields.u : state.fields.v;
  SheetTile tile;
  tile.size = state.fields.size;
  tile.values.assign(values.begin(), values.end());
  tile.label = state_label(name, state.params, state.step);
  return tile;
}

std::vector<std::string> state_label(const std::string& name, const ParamOverrides& params,
                                     std::optional<std::int64_t> step) {
  return {name, "F " + four_decimals(params.F) + "  k " + four_decimals(params.k),
          "step " + (step ? std::to_string(*step) : std::string("?"))};
}

}  // namespace gs::sheet
