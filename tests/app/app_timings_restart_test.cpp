// The Timings follow each switch, through the real app: after a change of grid the figures in
// --stats-json are the new grid's alone, a few frames in, and `wait-timings` held the script until
// they were; at its cap it goes on and says so, and paused it holds nothing.
#include <gtest/gtest.h>

#include <chrono>

#include "app_run_support.h"

namespace gs::test {
namespace {

TEST(AppTimingsRestartTiming, AfterASwitchTheFiguresAreTheNewConfigurationsAlone) {
  ScratchDir dir;
  const ProgramResult result = run_app_headless(
      dir, "backend cpu\nsize 256 128\nrun\nrun-frames 40\nsize 512 256\nwait-timings\nquit\n",
      {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json timings = load_json(dir / "stats.json")["timings"];
  EXPECT_EQ(timings["configuration"], "CPU twin fast, 512x256, upload, auto steps/frame, running");
  EXPECT_EQ(timings["restarts"], 1);
  EXPECT_TRUE(timings["fresh"].get<bool>());
  // wait-timings let the script go on as soon as the figures were fresh: five frames, or fewer
  // where they already made half a second (a busy machine), never the 40 of the grid before.
  const int frames = timings["frames_in_average"].get<int>();
  const double frames_ms = frames * timings["frame_ms"].get<double>();
  EXPECT_TRUE(frames >= 5 || (frames >= 1 && frames_ms >= 499.0))
      << frames << " frames, " << frames_ms << " ms";
  EXPECT_LE(frames, 12);
  // Every frame averaged uploaded the new grid: 512 x 256 floats, no blend with 256 x 128's.
  EXPECT_DOUBLE_EQ(timings["pcie_mb_per_frame"].get<double>(), 512.0 * 256.0 * 4.0 / 1e6);
}

TEST(AppTimingsRestart, WaitTimingsGoesOnAtItsCapSayingSo) {
  ScratchDir dir;
  // A cap shorter than the frames the change leaves out.
  const ProgramResult result = run_app_headless(dir, "size 300 200\nwait-timings 0.001\nquit\n",
                                                {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("script.gs:2: wait-timings: the Timings had too few frames "
                            "of this configuration after 0.001 s; the script goes on\n"),
            std::string::npos)
      << result.err;
  EXPECT_FALSE(load_json(dir / "stats.json")["timings"]["fresh"].get<bool>());
}

TEST(AppTimingsRestartTiming, PausedWaitTimingsHoldsNothing) {
  ScratchDir dir;
  const auto start = std::chrono::steady_clock::now();
  const ProgramResult result =
      run_app_headless(dir, "pause\nsize 300 200\nwait-timings 30\nquit\n");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_LT(seconds, 20.0);
  EXPECT_EQ(result.err.find("wait-timings"), std::string::npos) << result.err;
}

TEST(AppTimingsRestart, TheScriptHelpSaysHowToWaitAndHowToSayWhatRunsWhere) {
  const ProgramResult result = run_program(GS_APP_BINARY, {"--script-help"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  for (const char* words :
       {"wait-timings [MAX_SECONDS]", "if gpu | if gl | if no-gpu", "else", "end"})
    EXPECT_NE(result.out.find(words), std::string::npos) << words;
}

}  // namespace
}  // namespace gs::test
