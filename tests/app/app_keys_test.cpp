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

TEST(AppKeys, KeysFromTheKeyboardPresentCaptureRecordAndShowTheHelp) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  // The script says when the window is up (a capture), then gives the keys time to arrive.
  std::ofstream(dir / "script.gs") << "run-frames 5\n"
                                   << "screenshot " << ready.string() << "\n"
                                   << "wait 5\n"
                                   << "window-screenshot " << (dir / "after.png").string() << "\n"
                                   << "quit\n";
  // Each key held for a few frames (ImGui 1.86 misses a press and release within one frame).
  std::ofstream(dir / "keys.sh")
      << "\"$1\" --script \"$2/script.gs\" --stats-json \"$2/stats.json\" "
         "--window-size 1280x720 &\n"
         "app=$!\n"
         "xdotool=\"$3\"\n"
         "for i in $(seq 300); do [ -e \"$2/ready.png\" ] && break; sleep 0.1; done\n"
         "\"$xdotool\" windowfocus --sync \"$(\"$xdotool\" search --name 'Gray-Scott Live' | head "
         "-1)\"\n"
         "press() { \"$xdotool\" keydown \"$1\"; sleep 0.15; \"$xdotool\" keyup \"$1\"; sleep 0.3; "
         "}\n"
         "press F5; press p; press v; sleep 1; press v; press F1\n"
         "wait $app\n";
  const ProgramResult app = run_program(
      "/usr/bin/env", {"XDG_CONFIG_HOME=" + (dir / "config").string(),
                       "XDG_PICTURES_DIR=" + (dir / "pictures").string(), GS_XVFB_RUN, "-a", "-s",
                       "-screen 0 1280x800x24", "/bin/sh", (dir / "keys.sh").string(),
                       GS_APP_BINARY, dir.path().string(), GS_XDOTOOL});
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
