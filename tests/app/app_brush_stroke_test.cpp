// A fast drag of the brush in the real grayscott under Xvfb: the mouse is read once a frame, and
// frames are slow (a large grid steps on the CPU twin each frame) while xdotool drags at 500 px/s,
// so the pointer moves many cells between two frames. The stroke it leaves must still be one
// band along the path, with no gap, not a row of separate discs, from where the button went down.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "app_run_support.h"
#include "field_view.h"
#include "gs/state_file.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

constexpr GridSize kStrokeGrid{1536, 1536};
constexpr int kRadius = 5;  // cells; about 2 px on the screen

// One xdotool process presses at `from` and at once (a flick, as a drag often starts) moves
// 12 px on, so the frame that first sees the button down sees the pointer there, 26 cells from the
// press; then it moves 4 px every 8 ms (500 px/s, a normal drag) to 12 px short of `to`, flicks
// there and releases at once, before a frame has seen the pointer at `to`.
std::string drag(std::pair<int, int> from, std::pair<int, int> to) {
  std::string line = "\"$xdotool\" mousemove " + std::to_string(from.first) + " " +
                     std::to_string(from.second) + " sleep 0.3 mousedown 1";
  const int steps =
      std::max(std::abs(to.first - from.first), std::abs(to.second - from.second)) / 4;
  for (int i = 3; i <= steps; ++i) {
    const int x = from.first + (to.first - from.first) * i / steps;
    const int y = from.second + (to.second - from.second) * i / steps;
    line += " mousemove " + std::to_string(x) + " " + std::to_string(y);
    line += i + 3 < steps ? " sleep 0.008" : "";
    if (i + 3 == steps) i = steps - 1;  // the flick: the last 12 px at once
  }
  return line + " mouseup 1\n";
}

TEST(AppBrushStrokeTiming, AFastDragOverSlowFramesLeavesAStrokeWithoutGaps) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // No reaction and no diffusion (F = k = Du = Dv = 0): a cell the brush never touched stays at
  // rest (u = 1, v = 0) through every step, and a painted one never gets back there. Running on
  // the twin's reference loop, eight steps of 2.4 million cells a frame (and their upload and
  // drawing) keep each frame busy during the drag, about 30 ms on a fast machine and longer on a
  // busy one; the script's frames outlast the drag.
  const std::string script =
      "backend cpu\nset cpu-path reference\npause\nsteps-per-frame 8\nsize 1536 1536\n"
      "set F 0\nset k 0\nset Du 0\nset Dv 0\nset dt 0.1\nerase 768 768 1200\n"
      "set brush-radius " +
      std::to_string(kRadius) + "\nset brush-value 0.5\nrun-frames 3\nwindow-screenshot " +
      ready.string() + "\nrun\nrun-frames 200\nsave " + (dir / "stroke.h5").string() + "\nquit\n";
  constexpr int kRow = 700, kFirst = 200, kLast = 1300;  // the path, in grid cells
  const ProgramResult app = run_app_with_input(
      dir, script, ready,
      drag(window_point(kStrokeGrid, kFirst, kRow), window_point(kStrokeGrid, kLast, kRow)),
      {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  // The condition the drag is made in: frames of over 12 ms, in which the mouse moves 6 px or
  // more, over 13 cells (2.2 a pixel), past the brush's 11-cell disc, so that discs painted once
  // a frame would leave gaps. A faster machine only makes the frames shorter than the 30 ms it
  // aims at; a slower one makes the drag harder, not the test wrong.
  EXPECT_GT(stats["ms_per_frame"]["frame"].get<double>(), 12.0) << stats.dump();

  Expected<StateFile> state = read_state(dir / "stroke.h5");
  ASSERT_TRUE(state) << state.message();
  const auto painted = [&](int x, int y) {
    const std::size_t i = std::size_t(y) * std::size_t(kStrokeGrid.width) + std::size_t(x);
    return state->fields.u[i] != 1.0f || state->fields.v[i] != 0.0f;
  };
  // Along the path: the columns with a painted cell within two radii of its row, and between
  // the stroke's ends the longest run of columns without one.
  std::vector<bool> hit(std::size_t(kStrokeGrid.width), false);
  for (int x = 0; x < kStrokeGrid.width; ++x)
    for (int y = kRow - 2 * kRadius; y <= kRow + 2 * kRadius; ++y)
      if (painted(x, y)) hit[std::size_t(x)] = true;
  const auto first_hit = std::find(hit.begin(), hit.end(), true);
  const int first = first_hit == hit.end() ? -1 : int(first_hit - hit.begin());
  const int last = int(hit.rend() - std::find(hit.rbegin(), hit.rend(), true)) - 1;
  int longest_gap = 0, run = 0, gaps = 0;
  for (int x = std::max(first, 0); x <= last; ++x) {
    run = hit[std::size_t(x)] ? 0 : run + 1;
    gaps += run == 1;
    longest_gap = std::max(longest_gap, run);
  }
  ASSERT_GE(first, 0) << "the drag painted";
  EXPECT_NEAR(first, kFirst, 3 * kRadius) << "the stroke starts where the button went down";
  EXPECT_NEAR(last, kLast, 3 * kRadius) << "the stroke ends where the button came up";
  EXPECT_LE(longest_gap, kRadius) << gaps << " gaps along the stroke from column " << first
                                  << " to " << last << "; " << stats["frames"] << " frames";
}

}  // namespace
}  // namespace gs::test
