// Short key taps in the real grayscott under Xvfb: presenter clickers, macro keys and remote
// desktops press and release a key within ~10 ms, while a large grid makes each frame take far
// longer. Every tap counts, whether the taps are spaced wider or closer than a frame: N taps of
// the single-step key give exactly N more steps.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

// One xdotool process sends them all, so the 10 ms press and the gaps are what the X server sees.
std::string taps(const char* key, int count, const char* gap_s) {
  std::string line = "\"$xdotool\"";
  for (int i = 0; i < count; ++i)
    line += std::string(" keydown ") + key + " sleep 0.01 keyup " + key + " sleep " + gap_s;
  return line + "\n";
}

TEST(AppKeyTapsTiming, EveryTenMillisecondTapOfTheStepKeyStepsOnceWhileFramesAreSlow) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // Paused, the script's own single steps keep every frame busy on a large grid (each frame runs
  // at least one step of 16.8 million cells, uploads and draws it: about 40 ms on a fast machine,
  // where 9.4 million gave 22) while the taps arrive; the script waits for all the steps, the
  // taps' included, before it quits.
  constexpr int kScriptSteps = 60;
  const std::string script =
      "backend cpu\npause\nsize 4096 4096\nrun-frames 3\nwindow-screenshot " + ready.string() +
      "\nstep " + std::to_string(kScriptSteps) + "\nwait 2\nquit\n";
  // Three taps spaced wider than a frame, then five closer than one (one every 20 ms).
  constexpr int kTaps = 8;
  const ProgramResult app =
      run_app_with_input(dir, script, ready, taps("s", 3, "0.3") + taps("s", 5, "0.01"),
                         {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  // The condition the taps are sent in: frames far longer than a tap.
  EXPECT_GT(stats["ms_per_frame"]["frame"].get<double>(), 20.0) << stats.dump();
  EXPECT_EQ(stats["steps"].get<long long>(), kScriptSteps + kTaps)
      << "each 10 ms tap of S is one step; " << stats["frames"] << " frames";
}

}  // namespace
}  // namespace gs::test
