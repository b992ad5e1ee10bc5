// A demo in the real app starts from a defined state and gives the lecturer's settings back: a
// boundary the lecturer chose is not the demo's, and after a demo that keeps the state between
// presets with fixed steps (as pearson-tour does), a preset restarts its pattern again. Before,
// pressing 1 after pearson-tour no longer restarted the pattern.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

TEST(AppDemoSettings, ADemoStartsFromADefinedStateAndGivesTheLecturersSettingsBack) {
  ScratchDir dir;
  const auto at = [&](const char* name) { return (dir / name).string(); };
  // The demo: its own ways of working (keep the state, fixed steps), a state saved, a caption.
  const std::filesystem::path data =
      data_folder_with_demo(dir, "keeper",
                            "# Keeper\nset reseed-on-preset off\nsteps-per-frame 200\nsave " +
                                at("in-demo.h5") + "\ncaption the demo's last caption\n");
  // The lecturer's own boundary and range before it; after it, a preset and a save.
  const std::string script =
      "backend cpu\nsize 64 64\nset boundary neumann\nrun\nstep 5\n"
      "demo keeper\npreset coral\nsave " +
      at("after.h5") + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script, {"--stats-json", at("stats.json")},
                                             {"GS_DATA_DIR=" + data.string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> in_demo = read_state(dir / "in-demo.h5");
  Expected<StateFile> after = read_state(dir / "after.h5");
  ASSERT_TRUE(in_demo && after) << in_demo.message() << after.message();
  EXPECT_EQ(in_demo->params.boundary, Boundary::Periodic) << "the demo's start, not the lecturer's";
  ASSERT_TRUE(after->step);
  EXPECT_EQ(*after->step, 0) << "re-seeding on a preset came back: coral started afresh";
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_NE(stats["timings"]["configuration"].get<std::string>().find("auto steps/frame"),
            std::string::npos)
      << "the demo's 200 steps a frame given back: " << stats["timings"].dump();
  EXPECT_EQ(app.err.find("grayscott:"), std::string::npos) << app.err;
}

}  // namespace
}  // namespace gs::test
