// The Timings plot drawn by itself in an ImGui frame with no display: its height follows the text
// size, it takes the width it is given, and its label check sees labels that do not fit.
#include <gtest/gtest.h>

#include <imgui.h>

#include <cfloat>
#include <deque>

#include "frame_stats.h"
#include "panel_driver.h"
#include "timings_plot.h"

namespace gs::app {
namespace {

std::deque<FrameTiming> some_frames() {
  std::deque<FrameTiming> frames;
  for (int i = 0; i < 120; ++i) {
    FrameTiming frame;
    frame.kernel_ms = 8.0 + (i % 7);
    frame.transfer_ms = 2.5;
    frames.push_back(frame);
  }
  return frames;
}

DrawnPlot plot_in_window(test::PanelDriver& driver, float window_width) {
  DrawnPlot drawn;
  driver.frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(window_width, 600));
    ImGui::Begin("plot alone", nullptr, ImGuiWindowFlags_NoSavedSettings);
    drawn = draw_timings_plot(some_frames(), FrameStats::kHistory);
    ImGui::End();
  });
  return drawn;
}

TEST(TimingsPlot, TenLinesTallAsWideAsItsPlaceAndEveryLabelInside) {
  test::PanelDriver driver;
  const DrawnPlot drawn = plot_in_window(driver, 380);
  const float text_px = ImGui::GetFontSize();
  EXPECT_FLOAT_EQ(drawn.rect.height, timings_plot_height(text_px, ImGui::GetIO().DisplaySize.y));
  EXPECT_GE(drawn.rect.height, 80.0f);
  EXPECT_GT(drawn.rect.width, 300.0f);
  EXPECT_EQ(drawn.label_overflow_px, 0.0f);
}

TEST(TimingsPlot, ItsHeightScalesWithTheTextButKeepsToTheScreen) {
  EXPECT_FLOAT_EQ(timings_plot_height(13.0f, 720.0f), 130.0f);
  EXPECT_FLOAT_EQ(timings_plot_height(26.0f, 1080.0f), 260.0f);
  EXPECT_FLOAT_EQ(timings_plot_height(39.0f, 720.0f), 288.0f) << "at most 40% of the screen";
}

// The check can fail: in a window too narrow for the legend, a label passes the plot's edge.
TEST(TimingsPlot, TheLabelCheckSeesAPlotTooNarrowForItsLabels) {
  test::PanelDriver driver;
  EXPECT_GT(plot_in_window(driver, 60).label_overflow_px, 1.0f);
}

}  // namespace
}  // namespace gs::app
