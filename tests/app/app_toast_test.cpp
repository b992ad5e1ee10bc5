// Where files went, in the real grayscott (headless, with scripts): a state saved without a name
// goes to state.h5 in the capture folder, not the working folder; presenting, each save and
// screenshot shows a toast naming the whole path (--stats-json's ui.toast), which H hides and
// which the panel's view does not need.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

TEST(AppToastTiming, PresentingASaveShowsTheWholePathOfStateH5InTheCaptureFolder) {
  ScratchDir dir;
  const ProgramResult app =
      run_app_headless(dir, "pause\nset presentation on\nsave\nrun-frames 3\nquit\n",
                       {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const std::filesystem::path state = dir / "pictures" / "grayscott-live" / "state.h5";
  EXPECT_TRUE(std::filesystem::exists(state)) << "next to the captures";
  EXPECT_FALSE(std::filesystem::exists("state.h5")) << "not in the working folder";
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_TRUE(stats["ui"]["toast"].is_string()) << stats["ui"].dump();
  EXPECT_EQ(stats["ui"]["toast"].get<std::string>(), "saved " + state.string());
}

TEST(AppToastTiming, PresentingAnUnnamedScreenshotShowsItsWholePathAndHHidesIt) {
  for (const bool hidden : {false, true}) {
    ScratchDir dir;
    const ProgramResult app =
        run_app_headless(dir,
                         std::string("pause\nset presentation on\n") +
                             (hidden ? "set ui hidden\n" : "") + "screenshot\nrun-frames 3\nquit\n",
                         {"--stats-json", (dir / "stats.json").string()});
    ASSERT_EQ(app.exit_code, 0) << app.err;
    const nlohmann::json toast = load_json(dir / "stats.json")["ui"]["toast"];
    if (hidden) {
      EXPECT_TRUE(toast.is_null()) << "H hides the toast with the rest of the UI: " << toast;
      continue;
    }
    ASSERT_TRUE(toast.is_string()) << toast;
    const std::string text = toast.get<std::string>();
    const std::string prefix = "saved " + (dir / "pictures" / "grayscott-live").string() + "/";
    ASSERT_EQ(text.rfind(prefix, 0), 0u) << text;
    EXPECT_TRUE(std::filesystem::exists(text.substr(6))) << text;
  }
}

TEST(AppToastTiming, PresentingARecordingsEndShowsWhereItWent) {
  ScratchDir dir;
  const ProgramResult app = run_app_headless(
      dir, "set presentation on\nrecord start\nrun-frames 4\nrecord stop\nrun-frames 3\nquit\n",
      {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json toast = load_json(dir / "stats.json")["ui"]["toast"];
  ASSERT_TRUE(toast.is_string()) << toast;
  const std::string text = toast.get<std::string>();
  const std::string folder = (dir / "pictures" / "grayscott-live").string() + "/";
  EXPECT_EQ(text.rfind("recorded ", 0), 0u) << text;
  EXPECT_NE(text.find(" to " + folder), std::string::npos) << text;
  // The count the toast gives is the file's: frames still queued for the encoder when it was
  // stopped were once left out ("recorded 115 frames" for 116).
  const std::size_t to = text.find(" to ");
  const std::filesystem::path video = text.substr(to + 4);
  const long long told = std::stoll(text.substr(9));
  EXPECT_EQ(told, probe(video).frames) << text;
}

TEST(AppToast, InThePanelsViewNoToastCoversTheField) {
  ScratchDir dir;
  const ProgramResult app = run_app_headless(dir, "pause\nscreenshot\nrun-frames 3\nquit\n",
                                             {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_TRUE(load_json(dir / "stats.json")["ui"]["toast"].is_null());
}

}  // namespace
}  // namespace gs::test
