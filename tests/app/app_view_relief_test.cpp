// The real grayscott, headless: shaded relief changes what the window shows and never the field
// capture, which stays the field through the colormap byte for byte; and with auto range on,
// switching the shown field or loading a state measures the field's range at once.
#include <gtest/gtest.h>

#include <algorithm>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

TEST(AppViewRelief, ReliefShadesTheWindowAndAutoRangeFollowsTheNewField) {
  ScratchDir dir;
  const auto path = [&](const char* name) { return (dir / name).string(); };
  const std::string script =
      "backend cpu\npreset pearson-theta\nsize 150 100\npause\n"
      "reset grown-spots 4\nset colormap magma\nstep 100\nset range-auto on\n"
      "set ui hidden\nset field u\nscreenshot " +
      path("u.png") + "\nsave " + path("a.h5") + "\nrun-frames 1\nwindow-screenshot " +
      path("flat.png") + "\nset relief on\nrun-frames 1\nwindow-screenshot " + path("relief.png") +
      "\nscreenshot " + path("u-relief.png") + "\nreset square 4\nset range-auto on\nload " +
      path("a.h5") + "\nscreenshot " + path("u-loaded.png") + "\nquit\n";
  const ProgramResult app = run_app_headless(
      dir, script, {"--window-size", "640x400", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;

  // The capture right after the switch is u over u's own range: v's range (about 0 to 0.4) would
  // clip u (about 0.3 to 1) to the map's top colour.
  Expected<StateFile> state = read_state(dir / "a.h5");
  ASSERT_TRUE(state) << state.message();
  const std::vector<float> u(state->fields.u.begin(), state->fields.u.end());
  const auto [low, high] = std::minmax_element(u.begin(), u.end());
  ASSERT_LT(*low, *high);
  const Image field = load_png(dir / "u.png");
  ASSERT_EQ(field.width, 150);
  ASSERT_EQ(field.height, 100);
  EXPECT_TRUE(field.rgb == field_through_colormap(u, "magma", *low, *high))
      << "the field capture is u through the colormap over u's min and max, byte for byte";
  EXPECT_GT(field.distinct_colours(), 20u);
  EXPECT_TRUE(load_png(dir / "u-relief.png").rgb == field.rgb) << "relief stays out of captures";
  // Another state shown (its range measured), the saved one loaded: the range is the loaded u's
  // again, at once.
  EXPECT_TRUE(load_png(dir / "u-loaded.png").rgb == field.rgb) << "auto range after a load";

  // The window: flat, the field's pixels are the colormap's; in relief, lit and shaded.
  const std::optional<app::ScreenRect> rect = rect_of(load_json(dir / "stats.json")["ui"]["field"]);
  ASSERT_TRUE(rect);
  const std::vector<app::Rgb> magma = app::colormap_table(*app::find_colormap("magma"));
  const Image flat = load_png(dir / "flat.png");
  const Image relief = load_png(dir / "relief.png");
  ASSERT_EQ(flat.width, 640);
  ASSERT_EQ(relief.width, 640);
  EXPECT_GT(colormap_share(flat, *rect, magma), 0.99);
  EXPECT_LT(colormap_share(relief, *rect, magma), 0.5) << "relief changes the field's colours";
  EXPECT_FALSE(same_pixels(flat, relief, int(rect->x), int(rect->y), int(rect->right()),
                           int(rect->bottom())));
}

}  // namespace
}  // namespace gs::test
