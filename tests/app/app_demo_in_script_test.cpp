// A shipped demo inside a lecturer's own script, in the real grayscott under Xvfb with xdotool's
// keys: the demo is one part of the script. Page Down from the caption before it goes to the
// demo's first caption (it skipped the whole demo), its last caption stays until the person moves
// on (the script's next line replaced it at once, and a `quit` after it closed the app), and
// Page Up over it gives back the settings of the part it lands in (it kept the demo's).
#include <gtest/gtest.h>

#include <cstdlib>

#include "app_run_support.h"

namespace gs::test {
namespace {

// The lecturer's script: 96x96 at 7 steps a frame, a caption, the demo `inner` (64x64 at 3 steps
// a frame, two captions), a caption after it, and quit. Waits far longer than the test: only the
// keys move the captions.
std::string lecture(const std::filesystem::path& ready) {
  return "set presentation on\nsize 96 96\nsteps-per-frame 7\nrun\ncaption before\nrun-frames "
         "2\nwindow-screenshot " +
         ready.string() + "\nwait 60\ndemo inner\ncaption after\nwait 60\nquit\n";
}

constexpr const char* kInner =
    "# Inner\nsize 64 64\nsteps-per-frame 3\ncaption inner one\nwait 60\ncaption inner two\n"
    "run-frames 2\n";

struct Lecture {
  ProgramResult app;
  nlohmann::json stats;
};

// The lecture with the demo in a data folder of its own, the keys as `input`, then SIGTERM.
Lecture give_lecture(const std::string& input) {
  ScratchDir dir;
  const std::filesystem::path data = data_folder_with_demo(dir, "inner", kInner);
  ::setenv("GS_DATA_DIR", data.c_str(), 1);  // the app under test inherits it
  const std::filesystem::path ready = dir / "ready.png";
  Lecture lecture_run{run_app_with_input(dir, lecture(ready), ready, input + "\nkill -TERM $app",
                                         {"--stats-json", (dir / "stats.json").string()}),
                      {}};
  ::unsetenv("GS_DATA_DIR");
  lecture_run.stats = load_json(dir / "stats.json");
  EXPECT_NE(lecture_run.app.err.find("grayscott: ended by SIGTERM"), std::string::npos)
      << lecture_run.app.err;
  EXPECT_EQ(lecture_run.app.err.find("grayscott: error"), std::string::npos) << lecture_run.app.err;
  return lecture_run;
}

std::string configuration(const nlohmann::json& stats) {
  return stats["timings"]["configuration"].get<std::string>();
}

TEST(AppDemoInScriptTiming, ItsCaptionsAreTheScriptsAndItsLastStaysUntilThePersonMovesOn) {
  const Lecture run = give_lecture("press Next; press Next; sleep 2");
  ASSERT_TRUE(run.stats["script"].is_object()) << run.stats.dump();
  EXPECT_EQ(run.stats["script"]["captions"], 4) << "the script's two and the demo's two";
  EXPECT_EQ(run.stats["script"]["caption"], 3);
  EXPECT_EQ(run.stats["caption"]["text"], "inner two") << "held after the demo's end";
  EXPECT_EQ(run.stats["width"], 64);
}

TEST(AppDemoInScriptTiming, PageDownAfterItsLastCaptionGoesOnWithTheLecturersSettingsBack) {
  const Lecture run = give_lecture("press Next; press Next; sleep 1; press Next; sleep 0.5");
  EXPECT_EQ(run.stats["script"]["caption"], 4);
  EXPECT_EQ(run.stats["caption"]["text"], "after");
  EXPECT_EQ(run.stats["width"], 64) << "the pattern as the demo left it";
  EXPECT_NE(configuration(run.stats).find(" 7 steps/frame"), std::string::npos)
      << configuration(run.stats);
}

TEST(AppDemoInScriptTiming, PageUpOverItGivesBackTheSettingsOfThePartItLandsIn) {
  const Lecture back = give_lecture("press Next; sleep 0.5; press Prior; sleep 0.5");
  EXPECT_EQ(back.stats["script"]["caption"], 1);
  EXPECT_EQ(back.stats["caption"]["text"], "before");
  EXPECT_EQ(back.stats["width"], 96);
  EXPECT_NE(configuration(back.stats).find(" 7 steps/frame"), std::string::npos)
      << configuration(back.stats);
  // From after it, back into its middle: the demo's own settings again.
  const Lecture into = give_lecture(
      "press Next; press Next; sleep 1; press Next; sleep 0.5; press Prior; press Prior; sleep "
      "0.5");
  EXPECT_EQ(into.stats["script"]["caption"], 2);
  EXPECT_EQ(into.stats["caption"]["text"], "inner one");
  EXPECT_NE(configuration(into.stats).find(" 3 steps/frame"), std::string::npos)
      << configuration(into.stats);
}

}  // namespace
}  // namespace gs::test
