// The parameter map in the real app runs with Neumann edges: its F and k jump from one edge to the
// other, so with periodic edges the F = 0 rows and the k-high column seeded false patterns along
// the seams (max v 0.5 there after 5,000 steps on 480x270). A boundary the user chooses in the map
// stands, and the one from before the map comes back after it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

// The largest v over rows [y0, y1) and columns [x0, x1) of a state.
float max_v(const StateFile& state, int x0, int x1, int y0, int y1) {
  float most = 0.0f;
  const std::size_t width = std::size_t(state.fields.size.width);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      most = std::max(most, state.fields.v[std::size_t(y) * width + std::size_t(x)]);
  return most;
}

TEST(AppMapEdges, TheMapsSeamsSeedNoPatterns) {
  ScratchDir dir;
  const std::string script = "backend cpu\nsize 480 270\nset mode map\nreset\nstep 5000\nsave " +
                             (dir / "map.h5").string() + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> state = read_state(dir / "map.h5");
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->params.boundary, Boundary::Neumann);
  // F grows upward from 0 (no feed: nothing lives in the bottom rows) and k to the right, up to
  // 0.07, where every pattern dies.
  EXPECT_LT(max_v(*state, 0, 480, 267, 270), 0.01f) << "the F = 0 rows";
  EXPECT_LT(max_v(*state, 477, 480, 0, 270), 0.01f) << "the k-high columns";
  EXPECT_GT(max_v(*state, 0, 480, 0, 270), 0.2f) << "patterns elsewhere";
}

TEST(AppMapEdges, AChosenBoundaryStandsAndTheOneFromBeforeComesBack) {
  ScratchDir dir;
  const auto save = [&](const char* name) { return "save " + (dir / name).string() + "\n"; };
  const std::string script = "backend cpu\nsize 64 48\npause\nset mode map\n" + save("map.h5") +
                             "set mode uniform\n" + save("after.h5") +
                             "set boundary neumann\nset mode map\nset boundary periodic\n" +
                             save("chosen.h5") + "set mode uniform\n" + save("kept.h5") + "quit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const auto boundary = [&](const char* name) {
    Expected<StateFile> state = read_state(dir / name);
    EXPECT_TRUE(state) << state.message();
    return state ? state->params.boundary : Boundary::Neumann;
  };
  EXPECT_EQ(boundary("map.h5"), Boundary::Neumann);
  EXPECT_EQ(boundary("after.h5"), Boundary::Periodic) << "the boundary from before the map";
  EXPECT_EQ(boundary("chosen.h5"), Boundary::Periodic) << "the user's choice in the map";
  EXPECT_EQ(boundary("kept.h5"), Boundary::Periodic) << "not the Neumann from before: chosen since";
}

// A state saved in map mode keeps the map: loaded while the app runs uniform rates, it runs the
// map again with its ranges. Before, its attributes were the preset's F and k alone, and it ran
// uniform.
TEST(AppMapEdges, AStateSavedInTheMapLoadsInTheMap) {
  ScratchDir dir;
  const auto at = [&](const char* name) { return (dir / name).string(); };
  const std::string script =
      "backend cpu\nsize 64 48\npause\nset map-F-high 0.08\n"
      "set mode map\nreset\nstep 3\nsave " +
      at("map.h5") + "\nset mode uniform\npreset coral\nload " + at("map.h5") + "\nstep 2\nsave " +
      at("again.h5") + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> again = read_state(dir / "again.h5");
  ASSERT_TRUE(again) << again.message();
  ASSERT_TRUE(again->params.map);
  EXPECT_TRUE(again->params.map->enabled) << "the loaded state's map runs";
  EXPECT_EQ(again->params.map->F_high, 0.08f);
  EXPECT_EQ(again->step, 5);
}

}  // namespace
}  // namespace gs::test
