// A lecturer's demo in the real grayscott: paused (space), its captions wait with the field;
// Page Down and Page Up move between captions, H hides the caption with the rest of the UI, and
// Esc stops the demo and takes its caption away. Under Xvfb with xdotool's key presses, read back
// from --stats-json's "script" and "caption"; and headless, a script's own `script next`.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

// A lesson of four captions, each `wait` as given, that quits at its end; a window screenshot
// named `ready` once the first caption is up.
std::string lesson(const std::filesystem::path& ready, double wait_s) {
  const std::string wait = "wait " + std::to_string(wait_s) + "\n";
  return "set presentation on\nsize 96 96\nrun\ncaption one\nrun-frames 2\nwindow-screenshot " +
         ready.string() + "\n" + wait + "caption two\n" + wait + "preset pearson-kappa\n" +
         "caption three\n" + wait + "caption four\n" + wait + "quit\n";
}

// Stops the app where it is (its stats are written on the way out: exit 128 + 15).
constexpr const char* kStopTheApp = "kill -TERM $app";

// The app ended on that signal, cleanly (what it says then; the exit code is xvfb-run's, which
// has its own failures on a busy machine).
void expect_ended_by_sigterm(const ProgramResult& app) {
  EXPECT_NE(app.err.find("grayscott: ended by SIGTERM"), std::string::npos) << app.err;
  EXPECT_EQ(app.err.find("grayscott: error"), std::string::npos) << app.err;
}

TEST(AppDemoControlsTiming, APausedDemoKeepsItsCaption) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // Paused (space) at the first caption for 5 s, longer than its wait of 3 s: on wall-clock
  // time it would be at the second at least (the margin is for the press to arrive, slow
  // frames included).
  const ProgramResult app = run_app_with_input(dir, lesson(ready, 3.0), ready,
                                               std::string("press space; sleep 5\n") + kStopTheApp,
                                               {"--stats-json", (dir / "stats.json").string()});
  expect_ended_by_sigterm(app);
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_TRUE(stats["script"].is_object()) << stats.dump();
  EXPECT_EQ(stats["script"]["caption"], 1) << "paused, the demo holds its caption";
  EXPECT_EQ(stats["script"]["captions"], 4);
  EXPECT_TRUE(stats["script"]["held"].get<bool>());
  EXPECT_EQ(stats["caption"]["text"], "one");
}

TEST(AppDemoControlsTiming, PageDownAndPageUpMoveBetweenCaptionsAndHHidesIt) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // Waits far longer than the test: only the keys move the captions.
  const ProgramResult app = run_app_with_input(
      dir, lesson(ready, 60.0), ready,
      std::string("press Next; press Next; press Next; press Prior; press h; sleep 0.5\n") +
          kStopTheApp,
      {"--stats-json", (dir / "stats.json").string()});
  expect_ended_by_sigterm(app);
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_TRUE(stats["script"].is_object()) << stats.dump();
  EXPECT_EQ(stats["script"]["caption"], 3) << "three captions on, one back";
  EXPECT_FALSE(stats["script"]["held"].get<bool>());
  EXPECT_EQ(stats["caption"]["text"], "three");
  EXPECT_EQ(stats["caption"]["drawn"], "") << "H: hidden with the rest of the UI";
  EXPECT_TRUE(stats["ui"]["bar"].is_null()) << "H hid the bar too";
}

TEST(AppDemoControls, EscStopsTheDemoAndItsCaptionGoes) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // With --exit-after-script the app ends with the script, stopped or run to its end.
  const ProgramResult app =
      run_app_with_input(dir, lesson(ready, 60.0), ready, "press Escape",
                         {"--exit-after-script", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_TRUE(stats["script"].is_null()) << stats.dump();
  EXPECT_EQ(stats["caption"]["text"], "");
}

// A script that ends on a caption and leaves the app open.
std::string ends_on_a_caption(const std::filesystem::path& ready) {
  return "set presentation on\nsize 96 96\nrun\ncaption the end\nrun-frames 2\nwindow-screenshot " +
         ready.string() + "\n";
}

// Once the script has ended, its caption goes when the person changes the simulation (R) or
// leaves presentation mode (F5).
TEST(AppDemoControlsTiming, ALeftOverCaptionGoesWhenThePersonActsOrLeavesPresentation) {
  for (const char* key : {"r", "F5"}) {
    SCOPED_TRACE(key);
    ScratchDir dir;
    const std::filesystem::path ready = dir / "ready.png";
    const ProgramResult app =
        run_app_with_input(dir, ends_on_a_caption(ready), ready,
                           std::string("press ") + key + "; sleep 0.5\n" + kStopTheApp,
                           {"--stats-json", (dir / "stats.json").string()});
    expect_ended_by_sigterm(app);
    const nlohmann::json stats = load_json(dir / "stats.json");
    EXPECT_TRUE(stats["script"]["finished"].get<bool>()) << stats.dump();
    EXPECT_EQ(stats["caption"]["text"], "") << "the caption outlived its script";
  }
}

TEST(AppDemoControlsTiming, ARefusedPasteIsANoticeNotTheCaption) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // Nothing was copied under this X server: the clipboard holds no script lines.
  const ProgramResult app = run_app_with_input(
      dir, ends_on_a_caption(ready), ready, std::string("press ctrl+v; sleep 0.5\n") + kStopTheApp,
      {"--stats-json", (dir / "stats.json").string()});
  expect_ended_by_sigterm(app);
  EXPECT_NE(app.err.find("grayscott: paste: "), std::string::npos) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_EQ(stats["caption"]["text"], "the end");
  EXPECT_EQ(stats["caption"]["notice"].get<std::string>().rfind("paste: ", 0), 0u)
      << stats["caption"].dump();
}

// Headless: a script's own `script next` goes to its next caption at once, past the wait.
TEST(AppDemoControls, ScriptNextSkipsTheWaitToTheNextCaption) {
  ScratchDir dir;
  const ProgramResult app =
      run_app_headless(dir,
                       "size 64 64\nrun\ncaption one\nscript next\nwait 60\nscreenshot " +
                           (dir / "skipped.png").string() + "\ncaption two\nwait 0.2\nquit\n",
                       {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_EQ(stats["script"]["caption"], 2);
  EXPECT_EQ(stats["caption"]["text"], "two");
  EXPECT_FALSE(std::filesystem::exists(dir / "skipped.png")) << "a jump takes no captures";
}

}  // namespace
}  // namespace gs::test
