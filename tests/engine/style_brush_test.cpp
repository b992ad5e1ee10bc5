// The style brush (BrushStyle::TowardA / TowardB), run through the CPU launch emulator over the
// CUDA launch's own shape: each cell's byte moves toward 0 or 255 by the soft edge's weight
// (1 - (d / r)^2)^2, d the distance to the stroke, against an independent computation in
// doubles; u and v stay; a grid without a map gets one; on a torus each cell is moved once, by
// its nearest copy, even for a brush wider than the grid; and the CPU twin paints, bit for bit,
// what the emulated kernel paints.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "kernels/launch_emulator.h"
#include "kernels/style_brush_kernel_body.h"

namespace gs::test {
namespace {

// The style brush kernel as CudaBackend launches it, on host bytes.
void emulated_style_paint(const Brush& brush, StyleData& style, GridSize size, Boundary boundary) {
  emulate_launch(style_brush_launch_shape(brush, size.width, size.height, boundary),
                 [&](Dim3 block, Dim3 thread, Dim3 dim) {
                   style_brush_kernel_body(block, thread, dim, brush, style.data(), size.width,
                                           size.height, boundary);
                 });
}

// The distance from p to the segment from a to b, in doubles.
double distance_to_segment(double px, double py, double ax, double ay, double bx, double by) {
  const double abx = bx - ax, aby = by - ay, length2 = abx * abx + aby * aby;
  double t = length2 > 0.0 ? ((px - ax) * abx + (py - ay) * aby) / length2 : 0.0;
  t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
  return std::hypot(px - ax - t * abx, py - ay - t * aby);
}

// The byte each cell should hold, in doubles: on a torus the nearest of the cell's copies.
double predicted_byte(const Brush& b, double before, int x, int y, GridSize size,
                      Boundary boundary) {
  const double ax = double(b.x) + b.from_dx, ay = double(b.y) + b.from_dy;
  double nearest = 1e30;
  const int copies = boundary == Boundary::Periodic ? 3 : 0;
  for (int cy = -copies; cy <= copies; ++cy)
    for (int cx = -copies; cx <= copies; ++cx)
      nearest =
          std::min(nearest, distance_to_segment(x + 0.5 + cx * size.width,
                                                y + 0.5 + cy * size.height, ax, ay, b.x, b.y));
  const double q = (nearest / b.radius) * (nearest / b.radius);
  const double weight = q < 1.0 ? (1.0 - q) * (1.0 - q) : 0.0;
  const double target = b.style == BrushStyle::TowardB ? 255.0 : 0.0;
  return before + weight * (target - before);
}

StyleData random_style(GridSize size, unsigned seed) {
  std::mt19937 random(seed);
  StyleData style(size.cells());
  for (auto& byte : style) byte = std::uint8_t(random() & 255);
  return style;
}

TEST(StyleBrush, MovesEachByteByTheSoftEdgesWeight) {
  const GridSize size{40, 30};
  const Brush strokes[] = {
      {20.5f, 15.5f, 9.0f, 0.0f, false, 0.0f, 0.0f, BrushStyle::TowardB},
      {12.25f, 8.75f, 6.5f, 0.0f, false, 14.0f, 9.5f, BrushStyle::TowardA},
      {1.5f, 2.5f, 7.0f, 0.0f, false, -4.0f, 3.0f, BrushStyle::TowardB},  // across two edges
  };
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann})
    for (const Brush& stroke : strokes) {
      const StyleData before = random_style(size, 7);
      StyleData after = before;
      emulated_style_paint(stroke, after, size, boundary);
      int moved = 0;
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
          const std::size_t i = std::size_t(y) * size.width + x;
          const double expected = predicted_byte(stroke, before[i], x, y, size, boundary);
          // Float against double: a byte may round the other way at a half.
          ASSERT_LE(std::abs(double(after[i]) - expected), 0.5 + 1e-3)
              << "cell (" << x << ", " << y << ") was " << int(before[i]);
          moved += after[i] != before[i];
        }
      EXPECT_GT(moved, 20) << "the stroke moved the bytes it covers";
    }
}

TEST(StyleBrush, TheCentreTakesTheSetAndTheEdgeIsSoft) {
  const GridSize size{32, 32};
  StyleData style(size.cells(), 0);
  const Brush brush{16.5f, 16.5f, 8.0f, 0.0f, false, 0.0f, 0.0f, BrushStyle::TowardB};
  emulated_style_paint(brush, style, size, Boundary::Periodic);
  EXPECT_EQ(style[16 * 32 + 16], 255) << "weight 1 at the centre";
  // Along the row through the centre: falling strictly from the centre to 0 at the radius.
  for (int x = 17; x < 24; ++x) EXPECT_LT(style[16 * 32 + x], style[16 * 32 + x - 1]) << x;
  EXPECT_GT(style[16 * 32 + 22], 0);
  EXPECT_LT(style[16 * 32 + 22], 128) << "6 of 8 cells out: (1 - 0.5625)^2 of the way";
  EXPECT_EQ(style[16 * 32 + 24], 0) << "at the radius the weight is 0";
}

TEST(StyleBrush, ABrushWiderThanATorusMovesEachCellOnceByItsNearestCopy) {
  const GridSize size{8, 6};
  const Brush brush{3.5f, 2.5f, 40.0f, 0.0f, false, 0.0f, 0.0f, BrushStyle::TowardB};
  StyleData style(size.cells(), 0);
  emulated_style_paint(brush, style, size, Boundary::Periodic);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const int dx = std::min(std::abs(x - 3), 8 - std::abs(x - 3));
      const int dy = std::min(std::abs(y - 2), 6 - std::abs(y - 2));
      const double q = (dx * dx + dy * dy) / 1600.0;
      EXPECT_EQ(style[std::size_t(y) * 8 + x], std::lround(255.0 * (1 - q) * (1 - q)))
          << "cell (" << x << ", " << y << "): moved once, by the nearest copy";
    }
}

TEST(StyleBrush, AStrokeAcrossTheEdgeIsTheSameStrokeMovedOnATorus) {
  // Centres a whole number of cells apart with exact binary fractions: the same arithmetic.
  const GridSize size{24, 20};
  const Brush inside{12.25f, 10.5f, 5.5f, 0.0f, false, -3.0f, 2.0f, BrushStyle::TowardB};
  Brush across = inside;
  across.x -= 12.0f, across.y -= 10.0f;
  StyleData a(size.cells(), 40), b(size.cells(), 40);
  emulated_style_paint(inside, a, size, Boundary::Periodic);
  emulated_style_paint(across, b, size, Boundary::Periodic);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      ASSERT_EQ(a[std::size_t(y) * 24 + x],
                b[std::size_t((y + 10) % 20) * 24 + std::size_t((x + 12) % 24)])
          << x << ", " << y;
}

TEST(StyleBrush, TheTwinPaintsWhatTheKernelPaintsAndLeavesUAndVAlone) {
  const GridSize size{50, 37};
  std::mt19937 random(11);
  std::uniform_real_distribution<float> along(-10.0f, 60.0f), radius(0.5f, 30.0f),
      offset(-20.0f, 20.0f);
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    CpuTwinBackend twin;
    Params params;
    params.boundary = boundary;
    ASSERT_TRUE(twin.set_params(params));
    const Fields start = make_initial_fields(size, InitPattern::Spots, 3);
    ASSERT_TRUE(start.style.empty());
    ASSERT_TRUE(twin.copy_in(start));
    StyleData expected(size.cells(), 0);  // no map yet: painting starts one, all set A
    for (int stroke = 0; stroke < 40; ++stroke) {
      const Brush brush{along(random),  along(random),
                        radius(random), 0.5f,
                        false,          stroke % 3 ? offset(random) : 0.0f,
                        offset(random), stroke % 2 ? BrushStyle::TowardA : BrushStyle::TowardB};
      ASSERT_TRUE(twin.paint(brush));
      emulated_style_paint(brush, expected, size, boundary);
    }
    Fields out;
    ASSERT_TRUE(twin.copy_out(out));
    EXPECT_EQ(out.style, expected) << "bit for bit with the emulated kernel";
    EXPECT_NE(out.style, StyleData(size.cells(), 0)) << "the strokes painted";
    EXPECT_TRUE(out.u == start.u && out.v == start.v) << "a style brush leaves u and v alone";
  }
}

TEST(StyleBrush, AnEmptyWindowLaunchesNothing) {
  const Brush off_grid{-500.0f, 10.0f, 3.0f, 0.0f, false, 0.0f, 0.0f, BrushStyle::TowardB};
  const LaunchShape shape = style_brush_launch_shape(off_grid, 32, 32, Boundary::Neumann);
  EXPECT_TRUE(shape.grid.x == 0 || shape.grid.y == 0);
}

}  // namespace
}  // namespace gs::test
