// Damaged fonts (issue 23, point 7): the check of a font's table directory against its size, and
// the real grayscott-sheet given an empty, a cut and a non-font DejaVuSans.ttf through
// GS_FONT_DIR: a one-line note naming the file, and a sheet whose labels are drawn in the
// built-in letters (it crashed in stb_truetype, or refused the sheet).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "contact_sheet.h"
#include "font_dir.h"
#include "font_files.h"
#include "load_png.h"
#include "run_program.h"

namespace gs::test {
namespace {

std::string real_sans_font() {
  std::ifstream in(std::filesystem::path(app::kSystemFontDir) / app::kSansFontName,
                   std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void put_u32(std::string& bytes, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = char(value >> (24 - 8 * i));
}

TEST(FontCheck, TheRealFontPassesAndEachDamageIsNamed) {
  const std::string font = real_sans_font();
  ASSERT_GT(font.size(), 100000u) << "fonts-dejavu-core is a build dependency";
  EXPECT_TRUE(app::check_font_data(font)) << app::check_font_data(font).message();

  std::string far_table = font;  // the first table's offset past the end
  put_u32(far_table, 12 + 8, std::uint32_t(font.size()));
  std::string long_table = font;  // the first table's length past the end
  put_u32(long_table, 12 + 12, std::uint32_t(font.size()));
  std::string upside_down = font;  // a negative ascender: lines of a negative height
  const std::size_t hhea = font.find("hhea");
  ASSERT_NE(hhea, std::string::npos);
  const std::uint32_t hhea_at = std::uint32_t(static_cast<unsigned char>(font[hhea + 8])) << 24 |
                                std::uint32_t(static_cast<unsigned char>(font[hhea + 9])) << 16 |
                                std::uint32_t(static_cast<unsigned char>(font[hhea + 10])) << 8 |
                                std::uint32_t(static_cast<unsigned char>(font[hhea + 11]));
  upside_down[hhea_at + 4] = char(0xF8);
  std::string many_tables = font.substr(0, 200);  // a directory of 65535 tables in 200 bytes
  many_tables[4] = many_tables[5] = char(0xFF);
  const std::vector<std::pair<std::string, std::string>> cases{
      {"", "empty"},
      {font.substr(0, 11), "cut short"},
      {font.substr(0, 3000), "past its 3000 bytes"},
      {far_table, "past its"},
      {long_table, "past its"},
      {many_tables, "table directory runs past"},
      {upside_down, "vertical metrics are impossible"},
      {std::string(64, 'x'), "not a TrueType"},
  };
  for (const auto& [bytes, named] : cases) {
    const Status checked = app::check_font_data(bytes);
    ASSERT_FALSE(checked) << named;
    EXPECT_NE(checked.message().find(named), std::string::npos) << checked.message();
  }
}

// Pixels brighter than the background in the rectangle (the labels' ink).
int inked_pixels(const sheet::RgbImage& image, int x0, int y0, int x1, int y1) {
  int count = 0;
  for (int y = y0; y < std::min(y1, image.height); ++y)
    for (int x = x0; x < std::min(x1, image.width); ++x)
      count += image.at(x, y)[0] > sheet::kBackground[0] + 60 ? 1 : 0;
  return count;
}

TEST(SheetFonts, ADamagedFontIsANoteAndTheTextIsDrawnInBuiltInLetters) {
  ScratchDir dir;
  const std::string state = (dir / "state.h5").string();
  ASSERT_EQ(run_batch({"--backend", "cpu", "--width", "32", "--height", "32", "--steps", "10",
                       "--output", state})
                .exit_code,
            0);
  for (FontDamage damage : {FontDamage::empty, FontDamage::cut_short, FontDamage::not_a_font}) {
    const auto fonts = dir / ("fonts-" + std::to_string(int(damage)));
    write_damaged_fonts(fonts, damage);
    const FontDirForChildren font_dir(fonts);
    const std::string png = (dir / "sheet.png").string();
    std::filesystem::remove(png);
    const ProgramResult run =
        run_program(GS_SHEET_BINARY, {"--output", png, "--title", "Damaged", state});
    ASSERT_EQ(run.exit_code, 0) << to_string(damage) << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(run.err.rfind("grayscott-sheet: note: the font file '", 0), 0u) << run.err;
    EXPECT_NE(run.err.find((fonts / app::kSansFontName).string()), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("built-in"), std::string::npos) << run.err;
    const sheet::RgbImage sheet = load_png(png);
    ASSERT_GT(sheet.width, 0) << to_string(damage);
    // The title above the tile and the label lines under it are drawn.
    EXPECT_GT(inked_pixels(sheet, 0, 0, sheet.width, sheet::kGapPx + 20), 20) << to_string(damage);
    EXPECT_GT(inked_pixels(sheet, 0, sheet.height - 40, sheet.width, sheet.height), 40)
        << to_string(damage);
  }
}

}  // namespace
}  // namespace gs::test
