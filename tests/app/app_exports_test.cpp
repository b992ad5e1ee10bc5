// Exports fit to show, from the real grayscott under Xvfb: with export-overlays on, a screenshot
// of the field is a picture of the export layout's size holding the field (each cell a block of
// pixels, in the colormap's colours), the colour bar beside it, the parameter line and the caption;
// a video is made of such pictures. Off (the default), the field capture stays exact.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "colormap.h"
#include "figure_layout.h"

namespace gs::test {
namespace {

TEST(AppExports, ScreenshotsAndVideosCarryTheOverlaysWhenAskedAndTheFieldStaysExactOtherwise) {
  ScratchDir dir;
  const std::string script =
      "pause\n"
      "reset noise 5\n"
      "set range-min 0\n"
      "set range-max 1\n"
      "run-frames 2\n"
      "screenshot " +
      (dir / "plain.png").string() + "\n" +
      "set export-overlays on\n"
      "run-frames 1\n"
      "screenshot " +
      (dir / "bare.png").string() + "\n" +
      "caption Watch the spots split in two\n"
      "run-frames 1\n"
      "screenshot " +
      (dir / "captioned.png").string() + "\n" +
      "run\n"
      "record start " +
      (dir / "clip.mp4").string() + " 2 30\n" +
      "run-frames 6\n"
      "record stop\n"
      "quit\n";
  const ProgramResult app = run_app(dir, script, {"--width", "200", "--height", "150"});
  ASSERT_EQ(app.exit_code, 0) << app.err;

  // Without a caption no strip is kept for one; a video keeps it and two parameter rows.
  const app::ExportLayout layout = app::layout_export({200, 150}, false);
  const app::ExportLayout captioned_layout = app::layout_export({200, 150}, true);
  const app::ExportLayout video_layout = app::layout_export({200, 150}, true, 2);
  EXPECT_EQ(layout.cell_pixels, 5) << "720 pixels on the short side at least";
  const Image plain = load_png(dir / "plain.png");
  const Image bare = load_png(dir / "bare.png");
  const Image captioned = load_png(dir / "captioned.png");
  ASSERT_EQ(plain.width, 200) << "off: the field at grid resolution";
  ASSERT_EQ(bare.width, layout.canvas.width);
  ASSERT_EQ(bare.height, layout.canvas.height);
  ASSERT_EQ(captioned.width, layout.canvas.width);
  ASSERT_EQ(captioned.height, captioned_layout.canvas.height);

  // The field's cells, each at the centre of its block, are the plain capture's pixels (the
  // paused field is the same; the GPU's colormap lookup may round a value to the next entry).
  int same = 0, cells = 0;
  for (int y = 0; y < 150; y += 7)
    for (int x = 0; x < 200; x += 7) {
      const int px = int(layout.field.x) + x * layout.cell_pixels + layout.cell_pixels / 2;
      const int py = int(layout.field.y) + y * layout.cell_pixels + layout.cell_pixels / 2;
      const std::size_t a = (std::size_t(py) * std::size_t(bare.width) + std::size_t(px)) * 3;
      const std::size_t b = (std::size_t(y) * 200 + std::size_t(x)) * 3;
      int distance = 0;
      for (int c = 0; c < 3; ++c)
        distance += std::abs(int(bare.rgb[a + c]) - int(plain.rgb[b + c]));
      same += distance <= 12;
      ++cells;
    }
  EXPECT_GT(same, cells * 98 / 100) << same << " of " << cells << " cells";

  const std::vector<app::Rgb> viridis = app::colormap_table(*app::find_colormap("viridis"));
  EXPECT_GT(colormap_share(bare, layout.colour_bar, viridis), 0.95) << "the colour bar";
  EXPECT_GT(white_pixels(bare, layout.parameters), 50) << "the parameter line";
  EXPECT_EQ(layout.caption.height, 0.0f) << "no caption yet, no empty band";
  EXPECT_GT(white_pixels(captioned, captioned_layout.caption), 200) << "the caption";

  const Probe video = probe(dir / "clip.mp4");
  EXPECT_EQ(video.width, video_layout.canvas.width) << "a video of pictures with their overlays";
  EXPECT_EQ(video.height, video_layout.canvas.height);
  EXPECT_EQ(video.frames, 6);
  EXPECT_TRUE(plays_to_the_end(dir / "clip.mp4"));
}

// Presenting, exported pictures carry the Timings overlay: running it shows its figures (five
// lines), paused only the path and "paused" (two), no stale rates.
TEST(AppExports, TheTimingsInAPictureSayPausedWithoutFigures) {
  ScratchDir dir;
  const std::string script =
      "set presentation on\n"
      "set export-overlays on\n"
      "run-frames 20\n"
      "screenshot " +
      (dir / "running.png").string() + "\n" +
      "pause\n"
      "run-frames 2\n"
      "screenshot " +
      (dir / "paused.png").string() + "\n" + "quit\n";
  const ProgramResult app = run_app(dir, script, {"--width", "200", "--height", "150"});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const app::ExportLayout layout = app::layout_export({200, 150}, false);
  const app::ScreenRect overlay{layout.field.x, layout.field.y, 0.6f * layout.field.width,
                                0.6f * layout.field.height};
  const int running = white_pixels(load_png(dir / "running.png"), overlay);
  const int paused = white_pixels(load_png(dir / "paused.png"), overlay);
  EXPECT_GT(paused, 100) << "the overlay is there, paused too";
  EXPECT_LT(paused * 2, running) << "paused: no figures (" << paused << " text pixels against "
                                 << running << " running)";
}

}  // namespace
}  // namespace gs::test
