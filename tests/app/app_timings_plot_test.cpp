// The panel's Timings plot in the real grayscott (headless, the same drawing as in a window) on a
// lecture hall's screens at UI scales 1 and 2: drawn at a useful size (ten lines of text, at
// least 80 px at scale 1), across the panel, and no label of it or of any window clipped.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

TEST(AppTimingsPlot, ThePlotIsDrawnAtAUsefulSizeWithNothingClipped) {
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}})
    for (const float scale : {1.0f, 2.0f}) {
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + " at scale " +
                   std::to_string(scale));
      ScratchDir dir;
      // Running: paused, the Timings show no figures and no plot.
      const std::string script =
          "set ui-scale " + std::to_string(scale) + "\nset font-size 13\nrun-frames 30\nquit\n";
      const ProgramResult app =
          run_app_headless(dir, script,
                           {"--window-size", std::to_string(width) + "x" + std::to_string(height),
                            "--stats-json", (dir / "stats.json").string()});
      ASSERT_EQ(app.exit_code, 0) << app.err;
      const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
      EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
      const std::optional<app::ScreenRect> plot = rect_of(ui["timings_plot"]);
      const std::optional<app::ScreenRect> panel = rect_of(ui["panel"]);
      ASSERT_TRUE(plot) << ui.dump();
      ASSERT_TRUE(panel);
      EXPECT_GE(plot->height, 80.0f * scale) << ui.dump();
      EXPECT_LE(plot->height, 0.4f * float(height));
      EXPECT_NEAR(plot->height, 10.0f * ui["text_px"].get<float>(), 0.5f);
      EXPECT_GE(plot->x, panel->x);
      EXPECT_LE(plot->right(), panel->right());
      EXPECT_GT(plot->width, 0.8f * panel->width) << "across the panel";
    }
}

}  // namespace
}  // namespace gs::test
