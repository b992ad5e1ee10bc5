// H gives clean captures, in the real grayscott: once the UI is hidden, a window screenshot holds
// the field and its colour bar alone (no caption, Timings, toast or F1 help), and pictures
// exported with their overlays lose the caption and the Timings as the window does. Before,
// exports kept both and the F1 help stayed over the field after H.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "figure_layout.h"

namespace gs::test {
namespace {

// The window left of the colour bar (whose numbers are text that H keeps).
app::ScreenRect left_of_colour_bar(const nlohmann::json& ui, const Image& shot) {
  const std::optional<app::ScreenRect> bar = rect_of(ui["colour_bar"]);
  return {0, 0, bar ? bar->x : float(shot.width), float(shot.height)};
}

TEST(AppCleanCapturesTiming, AfterHExportsAndTheWindowShowNoCaptionTimingsOrToast) {
  ScratchDir dir;
  const auto shot = [&](const char* word, const char* name) {
    return std::string(word) + " " + (dir / name).string() + "\n";
  };
  const std::string script =
      "set presentation on\nset export-overlays on\nset range-min 0\nset range-max 1\n"
      "caption Watch the spots split in two\nrun-frames 20\n" +
      shot("screenshot", "shown.png") + "run-frames 2\n" +  // the toast names it
      shot("window-screenshot", "window-shown.png") + "set ui hidden\nrun-frames 2\n" +
      shot("screenshot", "hidden.png") + shot("window-screenshot", "window-hidden.png") + "quit\n";
  const ProgramResult app =
      run_app_headless(dir, script,
                       {"--width", "200", "--height", "150", "--window-size", "1280x720",
                        "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const app::ExportLayout layout = app::layout_export({200, 150}, true);
  const app::ExportLayout uncaptioned = app::layout_export({200, 150}, false);
  const app::ScreenRect timings{layout.field.x, layout.field.y, 0.6f * layout.field.width,
                                0.6f * layout.field.height};
  const Image shown = load_png(dir / "shown.png"), hidden = load_png(dir / "hidden.png");
  ASSERT_EQ(hidden.width, layout.canvas.width);
  ASSERT_EQ(shown.height, layout.canvas.height);
  EXPECT_EQ(hidden.height, uncaptioned.canvas.height) << "H: no caption, and no strip for one";
  // Shown, the export carries both (so the checks below can fail).
  EXPECT_GT(white_pixels(shown, layout.caption), 200) << "the caption, UI shown";
  EXPECT_GT(white_pixels(shown, timings), 100) << "the Timings, UI shown";
  EXPECT_EQ(white_pixels(hidden, timings), 0) << "H: no Timings in the export";
  EXPECT_GT(white_pixels(hidden, layout.parameters), 50) << "the parameter line stays";

  const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
  const Image window_shown = load_png(dir / "window-shown.png");
  const Image window_hidden = load_png(dir / "window-hidden.png");
  ASSERT_EQ(window_hidden.width, 1280);
  EXPECT_GT(white_pixels(window_shown, left_of_colour_bar(ui, window_shown)), 500);
  EXPECT_EQ(white_pixels(window_hidden, left_of_colour_bar(ui, window_hidden)), 0)
      << "H: the field and its colour bar alone";
}

// The F1 help, open when H is pressed, goes with the rest of the UI (keys from a real keyboard).
TEST(AppCleanCapturesTiming, HHidesTheHelpToo) {
  ScratchDir dir;
  const std::filesystem::path ready = dir / "ready.png";
  const std::string script = "run-frames 5\nscreenshot " + ready.string() +
                             "\nwait 4\nwindow-screenshot " + (dir / "after.png").string() +
                             "\nquit\n";
  const ProgramResult app = run_app_with_input(dir, script, ready, "press F1; press h",
                                               {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
  EXPECT_TRUE(ui["panel"].is_null()) << "H: the panel is hidden";
  const Image after = load_png(dir / "after.png");
  ASSERT_EQ(after.width, 1280);
  EXPECT_EQ(white_pixels(after, left_of_colour_bar(ui, after)), 0) << "H: no help over the field";
}

}  // namespace
}  // namespace gs::test
