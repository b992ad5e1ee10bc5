// The style brush by hand in the real grayscott under Xvfb: M twice turns the brush to paint B,
// and a left-drag then paints the style map toward set B along its path (starting a map, set A
// elsewhere), leaving u and v as they were; O shows the map over the view.
#include <gtest/gtest.h>

#include <cmath>

#include "app_run_support.h"
#include "gs/state_file.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

constexpr GridSize kBrushGrid{128, 128};

// The script waits 6 s of wall-clock time for the keys and the 1.2 s drag, which take about 2.5 s
// on a quiet machine and over 3 s beside a compiler on both cores (a count of frames passed before
// the drag ended where frames are fast, as under ASan with the simulation paused).
TEST(AppStyleBrushKeysTiming, MTwiceThenADragPaintsTheStyleMapTowardB) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  const std::string script = "backend cpu\npause\nsize 128 128\nset brush-radius 6\nsave " +
                             (dir / "before.h5").string() + "\nrun-frames 3\nwindow-screenshot " +
                             ready.string() + "\nwait 6\nsave " + (dir / "after.h5").string() +
                             "\nwindow-screenshot " + (dir / "overlay.png").string() + "\nquit\n";
  const auto [x0, y0] = window_point(kBrushGrid, 30, 64);
  const auto [x1, y1] = window_point(kBrushGrid, 100, 64);
  std::string input = "press m\npress m\npress o\n\"$xdotool\" mousemove " + std::to_string(x0) +
                      " " + std::to_string(y0) + " sleep 0.3 mousedown 1";
  for (int i = 1; i <= 10; ++i)
    input += " sleep 0.05 mousemove " + std::to_string(x0 + (x1 - x0) * i / 10) + " " +
             std::to_string(y0);
  input += " sleep 0.3 mouseup 1\n";
  const ProgramResult app = run_app_with_input(dir, script, ready, input);
  ASSERT_EQ(app.exit_code, 0) << app.err;

  Expected<StateFile> before = read_state(dir / "before.h5");
  Expected<StateFile> after = read_state(dir / "after.h5");
  ASSERT_TRUE(before && after) << before.message() << after.message();
  ASSERT_EQ(after->fields.style.size(), kBrushGrid.cells()) << "the drag started a style map";
  const auto style = [&](int x, int y) { return after->fields.style[std::size_t(y) * 128 + x]; };
  for (int x = 35; x <= 95; x += 10) EXPECT_GT(style(x, 64), 200) << "B along the path at " << x;
  EXPECT_EQ(style(64, 20), 0) << "set A away from it";
  EXPECT_EQ(style(10, 64), 0) << "nothing before the press";
  EXPECT_TRUE(after->fields.u == before->fields.u && after->fields.v == before->fields.v)
      << "a style brush leaves u and v";
  EXPECT_TRUE(after->params.style.F.has_value()) << "set B saved with the map";
  // The same u and v in view before the keys and after: only O's overlay tells them apart.
  const app::ScreenLayout layout = app::layout_screen({1280, 720, kBrushGrid, 13, false, false});
  const Image shown_before = load_png(ready), shown_after = load_png(dir / "overlay.png");
  ASSERT_EQ(shown_before.width, 1280);
  ASSERT_EQ(shown_after.width, 1280);
  EXPECT_FALSE(same_pixels(shown_before, shown_after, int(layout.field.x), int(layout.field.y),
                           int(layout.field.right()), int(layout.field.bottom())))
      << "O shows the map over the field";
}

}  // namespace
}  // namespace gs::test
