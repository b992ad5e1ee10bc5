// A figure's axes, parameter lines and layout (core/figure_layout.h): round ticks that reach the
// axes' ends, F growing upward in map mode and cells counted from the top otherwise, the rates in
// effect (the map's ranges, both sets of a style map), and a caption strip only where asked.
#include <gtest/gtest.h>

#include "figure_layout.h"

namespace gs::app {
namespace {

std::vector<std::string> labels(const FigureAxis& axis) {
  std::vector<std::string> out;
  for (const AxisTick& tick : axis.ticks) out.push_back(tick.label);
  return out;
}

TEST(FigureLayout, MapAxesRunOverTheMapsRangesWithFUpward) {
  Params params;
  params.map = {true, 0.0f, 0.08f, 0.03f, 0.07f};
  const FigureAxes axes = figure_axes({480, 270}, params);
  EXPECT_EQ(axes.x.name, "k");
  EXPECT_EQ(axes.y.name, "F");
  EXPECT_EQ(labels(axes.x), (std::vector<std::string>{"0.03", "0.04", "0.05", "0.06", "0.07"}));
  EXPECT_EQ(labels(axes.y), (std::vector<std::string>{"0.00", "0.02", "0.04", "0.06", "0.08"}));
  EXPECT_FLOAT_EQ(axes.y.ticks.front().at, 1.0f) << "F 0 at the bottom";
  EXPECT_FLOAT_EQ(axes.y.ticks.back().at, 0.0f) << "F 0.08 at the top";
  EXPECT_FLOAT_EQ(axes.x.ticks.back().at, 1.0f);
  EXPECT_TRUE(axes.y_grows_up);
}

TEST(FigureLayout, OtherwiseTheAxesCountCellsFromTheTopLeft) {
  const FigureAxes axes = figure_axes({256, 192}, Params{});
  EXPECT_EQ(axes.x.name, "x (cells)");
  EXPECT_EQ(labels(axes.x), (std::vector<std::string>{"0", "50", "100", "150", "200", "250"}));
  EXPECT_EQ(labels(axes.y).front(), "0");
  EXPECT_FLOAT_EQ(axes.y.ticks.front().at, 0.0f) << "row 0 at the top";
  EXPECT_FALSE(axes.y_grows_up);
}

TEST(FigureLayout, TheParametersAreThoseInEffect) {
  Params map;
  map.map = {true, 0.0f, 0.08f, 0.03f, 0.07f};
  const std::vector<std::string> map_lines =
      figure_parameters(map, "pearson-lambda", 5000, {480, 270});
  ASSERT_EQ(map_lines.size(), 2u);
  EXPECT_EQ(map_lines[0].rfind("parameter map: F 0 to 0.08 (up), k 0.03 to 0.07 (right)", 0), 0u);
  EXPECT_EQ(map_lines[0].find("pearson-lambda"), std::string::npos);
  EXPECT_NE(map_lines[1].find("step 5000, 480x270"), std::string::npos) << map_lines[1];
  Params style;
  style.style = {true, 0.03f, 0.062f, 0.2f, 0.1f};
  const std::vector<std::string> style_lines = figure_parameters(style, "mitosis", 1, {64, 64});
  EXPECT_NE(style_lines[0].find("set A F 0.014, k 0.054"), std::string::npos) << style_lines[0];
  EXPECT_NE(style_lines[0].find("set B F 0.03, k 0.062, Du 0.2, Dv 0.1"), std::string::npos)
      << style_lines[0];
  const std::vector<std::string> uniform = figure_parameters(Params{}, "custom", 1, {64, 64});
  ASSERT_EQ(uniform.size(), 1u);
  EXPECT_EQ(uniform[0].rfind("custom: F 0.014, k 0.054", 0), 0u) << uniform[0];
}

TEST(FigureLayout, TheCaptionStripOnlyWhereAsked) {
  const ExportLayout still = layout_export({200, 150}, false);
  const ExportLayout captioned = layout_export({200, 150}, true);
  EXPECT_EQ(still.caption.height, 0.0f);
  EXPECT_GT(captioned.canvas.height, still.canvas.height);
  EXPECT_EQ(still.canvas.width % 2, 0);
  EXPECT_EQ(still.canvas.height % 2, 0);
  EXPECT_GE(still.field.x, still.y_axis.right());
  EXPECT_GE(still.x_axis.y, still.field.bottom());
}

}  // namespace
}  // namespace gs::app
