// The real grayscott, headless, with damaged DejaVu fonts through GS_FONT_DIR (issue 23, point
// 7): it aborted on an ImGui assertion. Each damaged file is one note naming it, and the UI is
// drawn in ImGui's built-in font.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "../sheet/font_dir.h"  // damaged fonts, shared with the sheet tests
#include "app_run_support.h"
#include "font_files.h"

namespace gs::test {
namespace {

TEST(AppFonts, DamagedFontsAreANoteEachAndTheUiUsesTheBuiltInFont) {
  for (FontDamage damage : {FontDamage::empty, FontDamage::cut_short}) {
    ScratchDir dir;
    const auto fonts = dir / "fonts";
    write_damaged_fonts(fonts, damage);
    const ProgramResult app = run_app_headless(
        dir,
        "size 64 48\nrun-frames 2\nset ui-scale 2\nrun-frames 1\nwindow-screenshot " +
            (dir / "w.png").string() + "\nquit\n",
        {"--window-size", "640x400"}, {"GS_FONT_DIR=" + fonts.string()});
    ASSERT_EQ(app.exit_code, 0) << to_string(damage) << ": " << app.err;
    // One note for each file, however often the fonts are rebuilt (a new scale rebuilds them).
    for (const char* name : {app::kSansFontName, app::kMonoFontName}) {
      const std::string note = "grayscott: the font file '" + (fonts / name).string() + "'";
      const std::size_t first = app.err.find(note);
      EXPECT_NE(first, std::string::npos) << to_string(damage) << ": " << app.err;
      EXPECT_EQ(app.err.find(note, first + 1), std::string::npos) << app.err;
    }
    EXPECT_NE(app.err.find("the UI uses ImGui's built-in font"), std::string::npos) << app.err;
    const Image window = load_png(dir / "w.png");
    ASSERT_EQ(window.width, 640) << to_string(damage);
    EXPECT_GT(window.distinct_colours(), 20u) << "the panel and its text are drawn";
  }
}

}  // namespace
}  // namespace gs::test
