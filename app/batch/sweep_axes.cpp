// The sweep sheet's axes (sweep_axes.h).
#include "sweep_axes.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace gs::batch {

std::string sweep_value_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

namespace {

void fill(sheet::RgbImage& image, int x0, int y0, int x1, int y1, app::Rgb colour) {
  for (int y = std::max(y0, 0); y < std::min(y1, image.height); ++y)
    for (int x = std::max(x0, 0); x < std::min(x1, image.width); ++x)
      std::copy(colour.begin(), colour.end(), image.at(x, y));
}

}  // namespace

sheet::RgbImage with_sweep_axes(const sheet::RgbImage& sheet, const sheet::SheetLayout& layout,
                                const std::vector<double>& row_values,
                                const std::vector<double>& column_values,
                                const sheet::SheetFont& font) {
  int widest = 0;
  for (double value : row_values)
    widest = std::max(widest, font.text_width(sweep_value_text(value)));
  const int left = sheet::kGapPx + widest + kTickGapPx + kTickPx;
  const int bottom = kTickPx + kTickGapPx + font.line_height() + sheet::kGapPx;
  sheet::RgbImage out(left + sheet.width, sheet.height + bottom, sheet::kBackground);
  for (int y = 0; y < sheet.height; ++y)
    std::copy(sheet.at(0, y), sheet.at(0, y) + 3 * std::size_t(sheet.width), out.at(left, y));
  const int half = layout.tile_px / 2;
  const app::Rgb ink = sheet::kTextColour;
  // F beside each row, from the top; a label that would overlap the last one drawn is dropped.
  int free_from = 0;  // the first pixel row below the last label drawn
  for (std::size_t row = 0; row < row_values.size(); ++row) {
    const int centre = layout.tile_origin(row * std::size_t(layout.columns)).second + half;
    fill(out, left - kTickPx, centre, left, centre + 1, ink);
    const std::string text = sweep_value_text(row_values[row]);
    const int top = centre - font.line_height() / 2;
    if (top < free_from) continue;
    const int x = left - kTickPx - kTickGapPx - font.text_width(text);
    font.draw(out, x, top, left - kTickPx, text, ink);
    free_from = top + font.line_height();
  }
  // k under each column, from the left, likewise.
  const int edge = sheet.height;
  int free_after = 0;  // the first pixel column right of the last label drawn
  for (std::size_t column = 0; column < column_values.size(); ++column) {
    const int centre = left + layout.tile_origin(column).first + half;
    fill(out, centre, edge, centre + 1, edge + kTickPx, ink);
    const std::string text = sweep_value_text(column_values[column]);
    const int width = font.text_width(text);
    const int x = std::clamp(centre - width / 2, 0, std::max(out.width - width, 0));
    if (x < free_after) continue;
    font.draw(out, x, edge + kTickPx + kTickGapPx, out.width, text, ink);
    free_after = x + width + font.text_width(" ");
  }
  return out;
}

}  // namespace gs::batch
