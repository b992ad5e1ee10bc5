// The keys of the F1 table, pressed in the real grayscott under Xvfb (xdotool's XTEST presses, as
// a keyboard gives them): F5 presents, P takes a screenshot and V records into the pictures
// folder, F1 shows the help over the view. The panel tests check every key of the table; this
// one checks that they reach the app from a real keyboard.
#include <gtest/gtest.h>

#include <fstream>

#include "app_run_support.h"
#include "colormap.h"

namespace gs::test {
namespace {

TEST(AppKeysTiming, KeysFromTheKeyboardPresentCaptureRecordAndShowTheHelp) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // The script says when the window is up (a capture), then gives the keys time to arrive.
  const std::string script = "run-frames 5\nscreenshot " + ready.string() +
                             "\nwait 5\nwindow-screenshot " + (dir / "after.png").string() +
                             "\nquit\n";
  const ProgramResult app = run_app_with_input(
      dir, script, ready, "press F5; press p; press v; sleep 1; press v; press F1",
      {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;

  const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
  EXPECT_TRUE(rect_of(ui["bar"]).has_value()) << "F5: presenting";
  std::vector<std::filesystem::path> pngs, videos;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "pictures" / "grayscott-live"))
    (entry.path().extension() == ".png" ? pngs : videos).push_back(entry.path());
  ASSERT_EQ(pngs.size(), 1u) << "P: one screenshot in the pictures folder";
  EXPECT_GT(load_png(pngs.front()).width, 0);
  ASSERT_EQ(videos.size(), 1u) << "V, V: one recording";
  EXPECT_TRUE(plays_to_the_end(videos.front()));
  // F1: the help over the middle of the view, where only the field is drawn otherwise.
  const Image after = load_png(dir / "after.png");
  ASSERT_EQ(after.width, 1280);
  const std::vector<app::Rgb> viridis = app::colormap_table(*app::find_colormap("viridis"));
  EXPECT_LT(colormap_share(after, {590, 310, 100, 100}, viridis), 0.5) << "F1: the help is shown";
}

}  // namespace
}  // namespace gs::test
