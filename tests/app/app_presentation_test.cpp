// The real grayscott under Xvfb on a lecture hall's screens: at each UI scale, in the normal view
// and in presentation mode, the field is letterboxed with its aspect kept where the layout says
// (its pixels are the colormap's), the panel or bar and the caption never cover it, the text is
// drawn at the scale asked (fitted to the window), and no window of the UI is clipped, the
// recording badge included.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "colormap.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

using app::ScreenRect;

TEST(AppPresentation, AtEveryScaleTheFieldKeepsItsPlaceAndNothingIsClipped) {
  const std::vector<app::Rgb> viridis = app::colormap_table(*app::find_colormap("viridis"));
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}})
    for (const float scale : {1.0f, 1.5f, 2.0f, 3.0f})
      for (const bool presenting : {false, true}) {
        SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + " at scale " +
                     std::to_string(scale) + (presenting ? ", presenting" : ""));
        ScratchDir dir;
        // Noise over the whole grid and a range that spans it: every field pixel is a colormap
        // colour away from its ends. The caption sits under the field when presenting.
        const std::string script = "set ui-scale " + std::to_string(scale) + "\n" +
                                   (presenting ? "set presentation on\n" : "") +
                                   "set font-size 13\n"
                                   "reset noise 3\n"
                                   "pause\n"
                                   "set range-min 0\n"
                                   "set range-max 1\n"
                                   // Long, as a lecturer writes when one slide says it all.
                                   "caption Watch the spots: each one splits in two as it grows, "
                                   "then the pair moves apart, and the two halves grow and split "
                                   "again until the spots tile the whole plane like cells in a "
                                   "dish, every one the same size, none touching its neighbours\n"
                                   "record start " +
                                   (dir / "clip.mp4").string() + " 1 30\n" +
                                   "run-frames 8\n"
                                   "window-screenshot " +
                                   (dir / "window.png").string() + "\n" + "record stop\nquit\n";
        const ProgramResult app = run_app(dir, script,
                                          {"--width", "256", "--height", "192", "--window-size",
                                           std::to_string(width) + "x" + std::to_string(height),
                                           "--stats-json", (dir / "stats.json").string()},
                                          "1920x1200");  // room for a 1920x1080 window
        ASSERT_EQ(app.exit_code, 0) << app.err;
        const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
        ASSERT_TRUE(ui.is_object());
        EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
        EXPECT_FLOAT_EQ(ui["text_px"].get<float>(), app::fitted_text_px(13.0f * scale, float(width),
                                                                        float(height), presenting));
        const std::optional<ScreenRect> field = rect_of(ui["field"]);
        ASSERT_TRUE(field);
        EXPECT_NEAR(field->width / field->height, 256.0 / 192.0, 0.01);
        EXPECT_GE(field->x, 0.0f);
        EXPECT_LE(field->right(), float(width));
        EXPECT_LE(field->bottom(), float(height));
        for (const char* other : {"panel", "bar", "caption"})
          if (const std::optional<ScreenRect> r = rect_of(ui[other])) {
            EXPECT_FALSE(r->overlaps(*field)) << other << " covers the field";
          }
        EXPECT_EQ(rect_of(ui["panel"]).has_value(), !presenting);
        EXPECT_EQ(rect_of(ui["bar"]).has_value(), presenting);
        const Image shot = load_png(dir / "window.png");
        ASSERT_EQ(shot.width, width);
        // The field where the layout says. The recording badge covers its top right corner and,
        // in the normal view, the caption its bottom: a band across its middle is clear. When
        // the Timings overlay sits on its top left, its bottom right quarter is.
        ScreenRect sampled{field->x, field->y + 0.3f * field->height, field->width,
                           0.3f * field->height};
        if (const std::optional<ScreenRect> timings = rect_of(ui["timings"]);
            timings && timings->overlaps(*field))
          sampled = {field->x + 0.5f * field->width, field->y + 0.5f * field->height,
                     0.5f * field->width, 0.5f * field->height};
        EXPECT_GT(colormap_share(shot, sampled, viridis), 0.9);
      }
}

// The README's two window screenshots are made by a script: it keeps working (into a scratch
// folder here, after a few hundred steps) and gives pictures of the windows it asks for, with
// something drawn in them.
TEST(AppPresentation, TheReadmeScreenshotsScriptMakesBothPictures) {
  ScratchDir dir;
  const ProgramResult made =
      run_program("/usr/bin/env", {"STEPS=300", "/bin/bash",
                                   std::string(GS_SOURCE_DIR) + "/scripts/readme-screenshots.sh",
                                   GS_BUILD_DIR, (dir / "images").string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const Image panel = load_png(dir / "images" / "app-panel.png");
  const Image presentation = load_png(dir / "images" / "app-presentation.png");
  EXPECT_EQ(panel.width, 1400);
  EXPECT_EQ(panel.height, 900);
  EXPECT_EQ(presentation.width, 1600);
  EXPECT_EQ(presentation.height, 900);
  EXPECT_GT(panel.distinct_colours(), 50u);
  EXPECT_GT(presentation.distinct_colours(), 50u);
}

}  // namespace
}  // namespace gs::test
