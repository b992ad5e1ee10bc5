// The real grayscott, headless: the style map's overlay tints the window's field only while it
// is on and a map runs, and never a field capture, which stays the field through the colormap.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

TEST(AppStyleOverlay, TintsTheWindowOnlyWhenOnAndNeverTheFieldCapture) {
  ScratchDir dir;
  const auto shot = [&](const char* name) {
    return "run-frames 1\nwindow-screenshot " + (dir / name).string() + "\n";
  };
  const auto field = [&](const char* name) { return "screenshot " + (dir / name).string() + "\n"; };
  const std::string script = "backend cpu\nsize 96 64\npause\nset ui hidden\n" + shot("plain.png") +
                             "set style-overlay on\n" + shot("no-map.png") +
                             "set style-overlay off\nstyle-gradient x\n" + shot("off.png") +
                             field("field-off.png") + "set style-overlay on\n" + shot("on.png") +
                             field("field-on.png") + "quit\n";
  const ProgramResult app = run_app_headless(
      dir, script, {"--window-size", "640x400", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const std::optional<app::ScreenRect> rect = rect_of(load_json(dir / "stats.json")["ui"]["field"]);
  ASSERT_TRUE(rect);
  const int x0 = int(rect->x), y0 = int(rect->y), x1 = int(rect->right()), y1 = int(rect->bottom());
  const Image plain = load_png(dir / "plain.png"), no_map = load_png(dir / "no-map.png");
  const Image off = load_png(dir / "off.png"), on = load_png(dir / "on.png");
  ASSERT_EQ(plain.width, 640);
  ASSERT_EQ(on.width, 640);
  EXPECT_TRUE(same_pixels(plain, no_map, 0, 0, 640, 400)) << "no map: nothing to show";
  EXPECT_TRUE(same_pixels(plain, off, 0, 0, 640, 400)) << "a map, overlay off: the same view";
  EXPECT_FALSE(same_pixels(off, on, x0, y0, x1, y1)) << "overlay on: the field is tinted";
  const Image field_off = load_png(dir / "field-off.png");
  ASSERT_EQ(field_off.width, 96);
  EXPECT_TRUE(load_png(dir / "field-on.png").rgb == field_off.rgb) << "captures stay the field";
}

}  // namespace
}  // namespace gs::test
