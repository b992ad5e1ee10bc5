// The brush along a segment (a drag's path between two frames), run through the CPU launch
// emulator over the CUDA launch's own shape: it paints exactly the cells within the radius of the
// segment, wrapped on a torus and stopped at walls; a zero-length segment is the disc, to the bit;
// and the CPU twin paints what the emulated kernel paints.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "gs/cpu_twin_backend.h"
#include "kernels/brush_kernel_body.h"
#include "kernels/launch_emulator.h"
#include "reference_model.h"

namespace gs::test {
namespace {

// The brush kernel as CudaBackend launches it, on host fields.
void emulated_paint(const Brush& brush, Fields& fields, Boundary boundary) {
  emulate_launch(brush_launch_shape(brush), [&](Dim3 block, Dim3 thread, Dim3 dim) {
    brush_kernel_body(block, thread, dim, brush, fields.u.data(), fields.v.data(),
                      fields.size.width, fields.size.height, boundary);
  });
}

// The distance from p to the segment from a to b, in doubles, by cases: past either end it is
// the distance to that end, between them the height of the triangle (a, b, p) over a-b.
double distance_by_cases(double px, double py, double ax, double ay, double bx, double by) {
  const double abx = bx - ax, aby = by - ay;
  if ((px - ax) * abx + (py - ay) * aby <= 0.0) return std::hypot(px - ax, py - ay);
  if ((px - bx) * -abx + (py - by) * -aby <= 0.0) return std::hypot(px - bx, py - by);
  return std::abs(abx * (py - ay) - aby * (px - ax)) / std::hypot(abx, aby);
}

enum class Cell { Outside, Inside, OnTheRim };

// Each cell of the grid: inside the capsule, outside, or within 1e-4 of its rim (where float and
// double may round either way; such cells are not judged). On a torus a cell is inside when any
// of its copies is.
std::vector<Cell> capsule_cells(const Brush& brush, GridSize size, Boundary boundary) {
  std::vector<Cell> cells(size.cells(), Cell::Outside);
  const double ax = double(brush.x) + brush.from_dx, ay = double(brush.y) + brush.from_dy;
  for (int y = -2 * size.height; y < 3 * size.height; ++y)
    for (int x = -2 * size.width; x < 3 * size.width; ++x) {
      const bool in_grid = x >= 0 && y >= 0 && x < size.width && y < size.height;
      if (boundary == Boundary::Neumann && !in_grid) continue;
      const double d = distance_by_cases(x + 0.5, y + 0.5, ax, ay, brush.x, brush.y);
      const std::size_t i =
          std::size_t((y % size.height + size.height) % size.height) * std::size_t(size.width) +
          std::size_t((x % size.width + size.width) % size.width);
      if (std::abs(d - brush.radius) < 1e-4) {
        if (cells[i] == Cell::Outside) cells[i] = Cell::OnTheRim;
      } else if (d < brush.radius) {
        cells[i] = Cell::Inside;
      }
    }
  return cells;
}

std::string describe(const Brush& b) {
  return "from (" + std::to_string(b.x + b.from_dx) + ", " + std::to_string(b.y + b.from_dy) +
         ") to (" + std::to_string(b.x) + ", " + std::to_string(b.y) + ") radius " +
         std::to_string(b.radius);
}

TEST(BrushSegment, PaintsExactlyTheCellsWithinTheRadiusOfTheSegment) {
  constexpr GridSize kSize{40, 30};
  const Brush strokes[] = {
      {20.3f, 12.6f, 2.7f, 0.875f, false, -14.45f, 3.15f},    // mostly along x
      {8.2f, 25.1f, 1.3f, 0.875f, false, 3.35f, -19.7f},      // mostly along y, thin
      {30.55f, 5.35f, 3.6f, 0.875f, false, -21.15f, 17.85f},  // diagonal
      {2.4f, 1.7f, 2.2f, 0.875f, false, -9.35f, -6.15f},      // across the left and top edges
      {37.6f, 28.3f, 1.9f, 0.875f, false, 8.45f, 5.05f},      // across the right and bottom edges
  };
  const Fields start = random_fields(kSize, 31);
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann})
    for (const Brush& stroke : strokes) {
      SCOPED_TRACE(describe(stroke) + " " + std::string(to_string(boundary)));
      Fields after = start;
      emulated_paint(stroke, after, boundary);
      EXPECT_EQ(after.u, start.u) << "painting v leaves u alone";
      const std::vector<Cell> expected = capsule_cells(stroke, kSize, boundary);
      int inside = 0, rim = 0;
      for (std::size_t i = 0; i < expected.size(); ++i) {
        const int x = int(i % std::size_t(kSize.width)), y = int(i / std::size_t(kSize.width));
        if (expected[i] == Cell::Inside) {
          EXPECT_EQ(after.v[i], 0.875f) << "missed " << x << "," << y;
          ++inside;
        } else if (expected[i] == Cell::Outside) {
          EXPECT_EQ(after.v[i], start.v[i]) << "painted " << x << "," << y;
        } else {
          ++rim;
        }
      }
      EXPECT_GT(inside, 10) << "cells to judge";
      EXPECT_LE(rim, 2) << "cells too close to the rim to judge";
    }
}

TEST(BrushSegment, ErasesAlongTheSegmentAcrossATorusEdge) {
  constexpr GridSize kSize{24, 16};
  const Fields start = random_fields(kSize, 32);
  const Brush eraser{1.3f, 8.4f, 1.6f, 0.0f, true, -6.55f, 0.85f};  // from x = -5.25 to 1.3
  Fields after = start;
  emulated_paint(eraser, after, Boundary::Periodic);
  const std::vector<Cell> expected = capsule_cells(eraser, kSize, Boundary::Periodic);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] == Cell::Inside) {
      EXPECT_EQ(after.u[i], 1.0f) << i;
      EXPECT_EQ(after.v[i], 0.0f) << i;
    } else if (expected[i] == Cell::Outside) {
      EXPECT_EQ(after.u[i], start.u[i]) << i;
      EXPECT_EQ(after.v[i], start.v[i]) << i;
    }
  }
  EXPECT_EQ(after.v[8 * 24 + 20], 0.0f) << "x = -4 wraps to 20";
  EXPECT_EQ(after.v[8 * 24 + 1], 0.0f) << "the centre's end";
}

// The cells of the disc as the brush has always tested them: the centre offsets in floats,
// squared and summed against the radius squared.
bool in_disc(const Brush& b, int x, int y) {
  const float dx = float(x) + 0.5f - b.x, dy = float(y) + 0.5f - b.y;
  return dx * dx + dy * dy <= b.radius * b.radius;
}

TEST(BrushSegment, AZeroLengthSegmentIsTheDiscBitForBit) {
  constexpr GridSize kSize{40, 30};
  const Fields start = random_fields(kSize, 33);
  // Radii that put cell centres exactly on the rim (5 = 3-4-5 from a cell centre), where a
  // different arithmetic would round them the other way.
  for (const Brush disc :
       {Brush{10.5f, 10.5f, 5.0f, 0.625f, false}, Brush{-3.9f, 5.2f, 1.9f, 0.625f, false},
        Brush{20.25f, 14.75f, 7.3f, 0.625f, false}})
    for (const float tiny : {0.0f, 1e-30f, -1.0f / 2048.0f}) {
      SCOPED_TRACE(describe(disc) + " start offset " + std::to_string(tiny));
      Brush segment = disc;
      segment.from_dx = tiny;
      segment.from_dy = -tiny;
      Fields after = start;
      emulated_paint(segment, after, Boundary::Periodic);
      Fields expected = start;
      int painted = 0;
      for (int y = -12; y < kSize.height + 12; ++y)
        for (int x = -12; x < kSize.width + 12; ++x)
          if (in_disc(disc, x, y)) {
            expected.v[std::size_t((y + kSize.height) % kSize.height) * kSize.width +
                       std::size_t((x + kSize.width) % kSize.width)] = 0.625f;
            ++painted;
          }
      EXPECT_GT(painted, 8);
      EXPECT_EQ(after.v, expected.v);
      EXPECT_EQ(after.u, start.u);
      EXPECT_EQ(brush_box(segment).width, brush_box(disc).width) << "the disc's box too";
      EXPECT_EQ(brush_box(segment).x0, brush_box(disc).x0);
    }
}

TEST(BrushSegment, TheBoxSpansBothEndsAndTheLaunchCoversIt) {
  const Brush stroke{10.5f, 4.25f, 2.5f, 0.5f, false, -30.0f, 12.5f};  // start (-19.5, 16.75)
  const BrushBox box = brush_box(stroke);
  EXPECT_EQ(box.x0, -20 - 3);
  EXPECT_EQ(box.y0, 4 - 3);
  EXPECT_EQ(box.x0 + box.width - 1, 10 + 3);
  EXPECT_EQ(box.y0 + box.height - 1, 16 + 3);
  const LaunchShape shape = brush_launch_shape(stroke);
  EXPECT_GE(shape.grid.x * shape.block.x, unsigned(box.width));
  EXPECT_GE(shape.grid.y * shape.block.y, unsigned(box.height));
  EXPECT_LT(shape.grid.y, shape.grid.x) << "a box, not a square";
}

TEST(BrushSegment, ASegmentTooLongOrNotFiniteIsRefused) {
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(random_fields({16, 16}, 34)));
  EXPECT_TRUE(twin.paint({4.0f, 4.0f, 2.0f, 0.5f, false, -kMaxBrushSegment, 0.0f}));
  for (const Brush bad : {Brush{4.0f, 4.0f, 2.0f, 0.5f, false, 16385.0f, 0.0f},
                          Brush{4.0f, 4.0f, 2.0f, 0.5f, false, 0.0f, std::nanf("")},
                          Brush{4.0f, 4.0f, 2.0f, 0.5f, false, -INFINITY, 0.0f}}) {
    const Status status = twin.paint(bad);
    ASSERT_FALSE(status);
    EXPECT_EQ(status.message(),
              "paint: the segment's start must be within 16384 cells of its end on each axis");
  }
  // Unchecked, the body clamps it: the box stays bounded.
  EXPECT_EQ(brush_box({4.0f, 4.0f, 2.0f, 0.5f, false, 1e30f, std::nanf("")}).width,
            16384 + 2 * 3 + 1);
}

TEST(BrushSegment, TheTwinPaintsWhatTheEmulatedKernelPaints) {
  constexpr GridSize kSize{53, 41};
  const Fields start = random_fields(kSize, 35);
  const Brush brushes[] = {{12.3f, 30.1f, 3.3f, 0.9f, false, 25.6f, -21.2f},
                           {-1.5f, 20.25f, 2.1f, 0.2f, false, 56.0f, 3.0f},
                           {26.0f, 20.0f, 4.0f, 0.0f, true, 0.0f, 0.0f},
                           {50.75f, 2.5f, 1.2f, 0.6f, true, -7.5f, 40.0f}};
  for (const Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    SCOPED_TRACE(to_string(boundary));
    CpuTwinBackend twin;
    Params params;
    params.boundary = boundary;
    ASSERT_TRUE(twin.set_params(params));
    ASSERT_TRUE(twin.copy_in(start));
    Fields emulated = start;
    for (const Brush& brush : brushes) {
      ASSERT_TRUE(twin.paint(brush));
      emulated_paint(brush, emulated, boundary);
    }
    Fields painted;
    ASSERT_TRUE(twin.copy_out(painted));
    EXPECT_EQ(painted.u, emulated.u);
    EXPECT_EQ(painted.v, emulated.v);
    EXPECT_NE(painted.v, start.v);
  }
}

}  // namespace
}  // namespace gs::test
