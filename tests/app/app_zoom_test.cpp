// Zoom and pan on the real grayscott under Xvfb: zoomed in and moved, the brush paints the cell
// under the mouse and the parameter map's click picks the (F, k) of the cell under it (real
// clicks through xdotool); screenshots of the field stay the whole grid, window screenshots show
// the zoomed view.
#include <gtest/gtest.h>

#include <cmath>

#include "app_run_support.h"
#include "field_view.h"
#include "gs/cell_update.h"
#include "gs/state_file.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

constexpr GridSize kZoomGrid{256, 192};

// The window point over the middle of grid cell (x, y), zoomed `zoom` about `center`, in the
// app's 1280x720 window with the panel at scale 1 (the layout the app computes; in map mode
// with room for the axes).
std::pair<int, int> zoomed_window_point(int x, int y, float zoom, app::GridPoint center, bool map) {
  app::LayoutInput input{1280, 720, kZoomGrid, 13, false, false};
  input.map_axes = map;
  const app::ScreenLayout layout = app::layout_screen(input);
  const app::GridRegion shown = app::visible_region(kZoomGrid, zoom, center);
  const float wx = layout.field.x + (float(x) + 0.5f - shown.x) / shown.width * layout.field.width;
  const float wy =
      layout.field.y + (float(y) + 0.5f - shown.y) / shown.height * layout.field.height;
  return {int(std::lround(wx)), int(std::lround(wy))};
}

std::string click_at(std::pair<int, int> at) {
  return "\"$xdotool\" mousemove " + std::to_string(at.first) + " " + std::to_string(at.second) +
         "; sleep 0.3; \"$xdotool\" mousedown 1; sleep 0.2; \"$xdotool\" mouseup 1; sleep 0.5";
}

// The app with `setup` lines, zoomed `zoom` about `center`, a real click on grid cell `cell` once
// its first capture (dir/ready.png) is taken, then `after` lines four seconds later.
ProgramResult click_zoomed(const ScratchDir& dir, const std::string& setup, float zoom,
                           app::GridPoint center, std::pair<int, int> cell,
                           const std::string& after) {
  const std::filesystem::path ready = dir / "ready.png";
  const std::string script = "pause\n" + setup + "view zoom " + std::to_string(zoom) +
                             "\nview center " + std::to_string(center.x) + " " +
                             std::to_string(center.y) + "\nrun-frames 5\nscreenshot " +
                             ready.string() + "\nwait 4\n" + after + "quit\n";
  return run_app_with_input(
      dir, script, ready,
      click_at(zoomed_window_point(cell.first, cell.second, zoom, center,
                                   setup.find("set mode map") != std::string::npos)),
      {"--width", std::to_string(kZoomGrid.width), "--height", std::to_string(kZoomGrid.height)});
}

TEST(AppZoomTiming, ZoomedInTheBrushPaintsTheCellUnderTheMouse) {
  ScratchDir dir;
  const ProgramResult app = click_zoomed(
      dir, "reset square 1\nset brush-radius 2\nset brush-value 1\n", 4, {60, 50}, {50, 40},
      "window-screenshot " + (dir / "window.png").string() + "\nsave " +
          (dir / "state.h5").string() + "\n");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> state = read_state(dir / "state.h5");
  ASSERT_TRUE(state) << state.message();
  // The painted disc (v = 1, nowhere else that high): its centre is the clicked cell.
  double sx = 0, sy = 0;
  int painted = 0;
  for (int y = 0; y < kZoomGrid.height; ++y)
    for (int x = 0; x < kZoomGrid.width; ++x)
      if (state->fields.v[std::size_t(y) * std::size_t(kZoomGrid.width) + std::size_t(x)] > 0.9f)
        sx += x, sy += y, ++painted;
  ASSERT_GT(painted, 4) << "the click painted";
  EXPECT_NEAR(sx / painted, 50.0, 1.0);
  EXPECT_NEAR(sy / painted, 40.0, 1.0);
  EXPECT_EQ(load_png(dir / "ready.png").width, kZoomGrid.width)
      << "the field capture is the whole grid";
  EXPECT_EQ(load_png(dir / "window.png").width, 1280);
}

TEST(AppZoomTiming, ZoomedInAClickOnTheMapPicksTheCellUnderTheMouse) {
  ScratchDir dir;
  const ProgramResult app = click_zoomed(dir, "set mode map\n", 3, {200, 150}, {190, 140},
                                         "save " + (dir / "picked.h5").string() + "\n");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> picked = read_state(dir / "picked.h5");
  ASSERT_TRUE(picked) << picked.message();
  Params map;  // Pearson's default ranges
  map.map.enabled = true;
  EXPECT_FLOAT_EQ(*picked->params.F, map_F(map, 140, kZoomGrid.height));
  EXPECT_FLOAT_EQ(*picked->params.k, map_k(map, 190, kZoomGrid.width));
}

}  // namespace
}  // namespace gs::test
