// The contact sheet's composer: where each tile goes and that it holds the colormap's colours of
// its field, aspect kept, area averages when shrinking and nearest cells when enlarging, labels
// and the title drawn as text, an automatic range on a constant field, and its refusals.
#include "contact_sheet.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace gs::sheet {
namespace {

using app::Rgb;

std::vector<Rgb> viridis() {
  return app::colormap_table(*app::find_colormap("viridis"));
}

// A field whose value is base + 0.01 * column + 0.001 * row.
SheetTile gradient_tile(GridSize size, float base) {
  SheetTile tile;
  tile.size = size;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      tile.values.push_back(base + 0.01f * float(x) + 0.001f * float(y));
  return tile;
}

SheetStyle plain_style(int tile_px, int columns = 0) {
  SheetStyle style;
  style.table = viridis();
  style.tile_px = tile_px;
  style.columns = columns;
  return style;
}

// Pixels brighter than the background in every channel by `margin`, in [x0, x1) x [y0, y1).
int bright_pixels(const RgbImage& image, int x0, int y0, int x1, int y1, int margin = 60) {
  int count = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const Rgb p = image.pixel(x, y);
      if (p[0] > kBackground[0] + margin && p[1] > kBackground[1] + margin &&
          p[2] > kBackground[2] + margin)
        ++count;
    }
  return count;
}

TEST(ContactSheet, TilesSitInRowsOfColumnsWithTheirFieldsColours) {
  const std::vector<SheetTile> tiles{gradient_tile({16, 16}, 0.0f), gradient_tile({16, 16}, 0.1f),
                                     gradient_tile({16, 16}, 0.2f)};
  const SheetStyle style = plain_style(16, 2);
  const Expected<RgbImage> sheet = compose_contact_sheet(tiles, style);
  ASSERT_TRUE(sheet) << sheet.message();
  EXPECT_EQ(sheet->width, kGapPx + 2 * (16 + kGapPx));
  EXPECT_EQ(sheet->height, kGapPx + 2 * (16 + kGapPx));
  for (int i = 0; i < 3; ++i) {
    const int left = kGapPx + (i % 2) * (16 + kGapPx), top = kGapPx + (i / 2) * (16 + kGapPx);
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x)
        ASSERT_EQ(sheet->pixel(left + x, top + y),
                  app::apply_colormap(style.table, tiles[i].values[y * 16 + x], 0.0f, 0.5f))
            << "tile " << i << " cell " << x << "," << y;
  }
  // The fourth place of the grid stays background, and so do the gaps.
  EXPECT_EQ(sheet->pixel(kGapPx + 16 + kGapPx + 8, kGapPx + 16 + kGapPx + 8), kBackground);
  EXPECT_EQ(sheet->pixel(kGapPx + 16 + kGapPx / 2, kGapPx + 8), kBackground);
}

TEST(ContactSheet, DefaultColumnsAreTheCeilingOfTheSquareRootAndNeverMoreThanTheTiles) {
  EXPECT_EQ(layout_sheet(5, 0, 16, 0, 0, 0).columns, 3);
  EXPECT_EQ(layout_sheet(9, 0, 16, 0, 0, 0).columns, 3);
  EXPECT_EQ(layout_sheet(2, 0, 16, 0, 0, 0).columns, 2);
  EXPECT_EQ(layout_sheet(2, 7, 16, 0, 0, 0).columns, 2);
  EXPECT_EQ(layout_sheet(5, 0, 16, 0, 0, 0).rows, 2);
}

TEST(ContactSheet, AWideFieldKeepsItsAspectAndShrinksByAreaAverages) {
  const SheetTile wide = gradient_tile({32, 16}, 0.0f);
  const SheetStyle style = plain_style(16);
  const Expected<RgbImage> tile = render_tile(wide, style);
  ASSERT_TRUE(tile) << tile.message();
  ASSERT_EQ(tile->width, 16);
  ASSERT_EQ(tile->height, 16);
  for (int x = 0; x < 16; ++x) {
    for (int y = 0; y < 4; ++y) EXPECT_EQ(tile->pixel(x, y), kBackground);
    for (int y = 12; y < 16; ++y) EXPECT_EQ(tile->pixel(x, y), kBackground);
    for (int y = 4; y < 12; ++y) {
      // Each pixel the mean of a 2x2 block of cells.
      const int row = 2 * (y - 4);
      double sum = 0.0;
      for (int r = row; r < row + 2; ++r)
        for (int c = 2 * x; c < 2 * x + 2; ++c) sum += 0.25 * double(wide.values[r * 32 + c]);
      const auto mean = float(sum);
      EXPECT_NEAR(mean, 0.01f * (2.0f * float(x) + 0.5f) + 0.001f * (float(row) + 0.5f), 1e-6f);
      EXPECT_EQ(tile->pixel(x, y), app::apply_colormap(style.table, mean, 0.0f, 0.5f))
          << x << "," << y;
    }
  }
}

TEST(ContactSheet, ATallSmallFieldIsEnlargedByNearestCells) {
  const SheetTile tall = gradient_tile({2, 4}, 0.0f);
  const SheetStyle style = plain_style(16);
  const Expected<RgbImage> tile = render_tile(tall, style);
  ASSERT_TRUE(tile) << tile.message();
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 4; ++x) EXPECT_EQ(tile->pixel(x, y), kBackground);
    for (int x = 12; x < 16; ++x) EXPECT_EQ(tile->pixel(x, y), kBackground);
    for (int x = 4; x < 12; ++x)
      EXPECT_EQ(
          tile->pixel(x, y),
          app::apply_colormap(style.table, tall.values[(y / 4) * 2 + (x - 4) / 4], 0.0f, 0.5f));
  }
}

TEST(ContactSheet, ResizingToTheSameSizeCopiesTheValues) {
  const SheetTile tile = gradient_tile({7, 5}, 0.3f);
  EXPECT_EQ(resize_field(tile.values, tile.size, tile.size), tile.values);
}

TEST(ContactSheet, LabelsAndTitleAreLightTextOnTheBackground) {
  const Expected<SheetFont> font = load_sans_font(kLabelFontPx);
  ASSERT_TRUE(font) << font.message();
  SheetTile tile = gradient_tile({16, 16}, 0.0f);
  tile.label = state_label("pearson-alpha", ParamOverrides{}, 50);
  SheetStyle style = plain_style(64);
  style.font = &*font;
  const Expected<RgbImage> plain = compose_contact_sheet({tile}, style);
  style.title = "Sweep";
  const Expected<RgbImage> titled = compose_contact_sheet({tile}, style);
  ASSERT_TRUE(plain) << plain.message();
  ASSERT_TRUE(titled) << titled.message();

  const int line = font->line_height();
  EXPECT_GT(line, 10);
  EXPECT_EQ(plain->width, kGapPx + 64 + kGapPx);
  EXPECT_EQ(plain->height, kGapPx + 64 + kLabelPadPx + 3 * line + kGapPx);
  for (int k = 0; k < 3; ++k) {
    const int top = kGapPx + 64 + kLabelPadPx + k * line;
    EXPECT_GT(bright_pixels(*plain, kGapPx, top, kGapPx + 64, top + line), 5) << "line " << k;
  }
  const int title_height = titled->height - plain->height;
  EXPECT_GT(title_height, line);
  EXPECT_GT(bright_pixels(*titled, 0, 0, titled->width, title_height), 10);
  EXPECT_EQ(bright_pixels(*plain, 0, 0, plain->width, kGapPx), 0);
  // The tile moved down by the title, unchanged.
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      ASSERT_EQ(titled->pixel(kGapPx + x, kGapPx + title_height + y),
                plain->pixel(kGapPx + x, kGapPx + y));
}

// A title wider than a sheet of few small tiles wraps at its words, and the sheet is made as
// wide as its longest word (the tiles centred under it): every word is drawn whole, and nothing
// reaches into the margins.
TEST(ContactSheet, ATitleWiderThanTheSheetWrapsAtItsWords) {
  const Expected<SheetFont> font = load_sans_font(kLabelFontPx);
  ASSERT_TRUE(font) << font.message();
  const SheetFont title_font = font->at_height(kTitleFontPx);
  const std::vector<SheetTile> tiles(2, gradient_tile({16, 16}, 0.0f));
  SheetStyle style = plain_style(16);
  style.font = &*font;
  style.title = "F";
  const Expected<RgbImage> one_line = compose_contact_sheet(tiles, style);
  const std::string longest = "0.055-0.0650";
  style.title = "F 0.02-0.04 up k " + longest + " across";
  const Expected<RgbImage> wrapped = compose_contact_sheet(tiles, style);
  ASSERT_TRUE(one_line && wrapped);
  const int grid_width = kGapPx + 2 * (16 + kGapPx);
  ASSERT_EQ(one_line->width, grid_width);
  ASSERT_EQ(wrapped->width, title_font.text_width(longest) + 2 * kGapPx);
  const int title_line = title_font.line_height();
  const int extra_lines = (wrapped->height - one_line->height) / title_line;
  EXPECT_GE(extra_lines, 2) << "the title's words need several lines";
  EXPECT_EQ((wrapped->height - one_line->height) % title_line, 0);
  const int title_bottom = kGapPx + (extra_lines + 1) * title_line;
  for (int line = 0; line <= extra_lines; ++line) {
    const int top = kGapPx + line * title_line;
    EXPECT_GT(bright_pixels(*wrapped, 0, top, wrapped->width, top + title_line), 5) << line;
  }
  EXPECT_EQ(bright_pixels(*wrapped, 0, 0, kGapPx - 1, title_bottom), 0) << "left margin";
  EXPECT_EQ(bright_pixels(*wrapped, wrapped->width - kGapPx + 1, 0, wrapped->width, title_bottom),
            0)
      << "right margin";
  // The tiles, centred: the same pixels as on the narrow sheet, moved right and down.
  const int shift_x = (wrapped->width - grid_width) / 2;
  const int shift_y = wrapped->height - one_line->height;
  for (int y = kGapPx + title_line + kGapPx; y < one_line->height; ++y)
    for (int x = 0; x < grid_width; ++x)
      ASSERT_EQ(wrapped->pixel(x + shift_x, y + shift_y), one_line->pixel(x, y)) << x << "," << y;
}

TEST(ContactSheet, AnAutomaticRangeOnAConstantFieldTakesTheLowEnd) {
  SheetTile flat;
  flat.size = {8, 8};
  flat.values.assign(64, 0.25f);
  const auto [low, high] = tile_range(flat.values, ColourRange{0, 0, true});
  EXPECT_EQ(low, 0.25f);
  EXPECT_GT(high, low);
  SheetStyle style = plain_style(16);
  style.range.automatic = true;
  const Expected<RgbImage> tile = render_tile(flat, style);
  ASSERT_TRUE(tile) << tile.message();
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) ASSERT_EQ(tile->pixel(x, y), style.table.front());
}

TEST(ContactSheet, AnAutomaticRangeSpansTheFieldsFiniteValues) {
  SheetTile tile = gradient_tile({16, 16}, 2.0f);
  tile.values[5] = std::nanf("");
  SheetStyle style = plain_style(16);
  style.range.automatic = true;
  const auto [low, high] = tile_range(tile.values, style.range);
  EXPECT_EQ(low, 2.0f);
  EXPECT_EQ(high, tile.values.back());
  const Expected<RgbImage> image = render_tile(tile, style);
  ASSERT_TRUE(image) << image.message();
  EXPECT_EQ(image->pixel(0, 0), style.table.front());
  EXPECT_EQ(image->pixel(15, 15), style.table.back());
}

TEST(ContactSheet, RefusesWhatItCannotDraw) {
  SheetStyle style = plain_style(16);
  EXPECT_FALSE(compose_contact_sheet({}, style));
  SheetTile tile = gradient_tile({4, 4}, 0.0f);
  style.tile_px = kMinTilePx - 1;
  EXPECT_FALSE(compose_contact_sheet({tile}, style));
  EXPECT_FALSE(render_tile(tile, style));
  style.tile_px = 16;
  tile.values.pop_back();
  EXPECT_FALSE(compose_contact_sheet({tile}, style));
  tile.values.push_back(0.0f);
  tile.label = {"a label"};
  const Expected<RgbImage> no_font = compose_contact_sheet({tile}, style);
  ASSERT_FALSE(no_font);
  EXPECT_NE(no_font.message().find("font"), std::string::npos);
  tile.label.clear();
  style.tile_px = kMaxTilePx;
  const Expected<RgbImage> huge = compose_contact_sheet(std::vector<SheetTile>(200, tile), style);
  ASSERT_FALSE(huge);
  EXPECT_NE(huge.message().find("past the limit"), std::string::npos);
}

TEST(ContactSheet, AStatesLabelNamesItsParametersAndStep) {
  ParamOverrides params;
  params.F = 0.01f;
  params.k = 0.047f;
  EXPECT_EQ(state_label("pearson-alpha", params, 10000),
            (std::vector<std::string>{"pearson-alpha", "F 0.0100  k 0.0470", "step 10000"}));
  EXPECT_EQ(state_label("bare", ParamOverrides{}, std::nullopt),
            (std::vector<std::string>{"bare", "F ?  k ?", "step ?"}));
}

TEST(SheetText, AFontThatCannotBeReadIsNamed) {
  const Expected<SheetFont> missing = SheetFont::load("/nonexistent/Missing.ttf", 13.0f);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("/nonexistent/Missing.ttf"), std::string::npos);
  const auto text_file = std::filesystem::temp_directory_path() /
                         ("sheet-not-a-font-" + std::to_string(getpid()) + ".ttf");
  std::ofstream(text_file) << "plain text, no font tables\n";
  const Expected<SheetFont> not_a_font = SheetFont::load(text_file, 13.0f);
  std::filesystem::remove(text_file);
  ASSERT_FALSE(not_a_font);
  EXPECT_NE(not_a_font.message().find("not a TrueType or OpenType font"), std::string::npos)
      << not_a_font.message();
}

TEST(SheetText, WiderTextDrawsMoreAndStaysInsideItsClip) {
  const Expected<SheetFont> font = load_sans_font(kLabelFontPx);
  ASSERT_TRUE(font) << font.message();
  EXPECT_GT(font->text_width("step 10000"), font->text_width("step 1"));
  RgbImage image(100, 20, kBackground);
  font->draw(image, 10, 2, 40, "WWWWWWWWWWWW", kTextColour);
  EXPECT_GT(bright_pixels(image, 10, 0, 40, 20), 20);
  EXPECT_EQ(bright_pixels(image, 0, 0, 10, 20, 0), 0);
  EXPECT_EQ(bright_pixels(image, 40, 0, 100, 20, 0), 0);
}

TEST(SheetText, Utf8DecodesAndMarksMalformedBytes) {
  EXPECT_EQ(decode_utf8("a\xc3\xa9"), (std::vector<int>{'a', 0xE9}));
  EXPECT_EQ(decode_utf8("\xe2\x82\xac"), (std::vector<int>{0x20AC}));
  EXPECT_EQ(decode_utf8("\xff"), (std::vector<int>{0xFFFD}));
  EXPECT_EQ(decode_utf8("\xc3"), (std::vector<int>{0xFFFD}));
}

}  // namespace
}  // namespace gs::sheet
