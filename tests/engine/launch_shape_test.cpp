// The step kernels' launch shapes: which thread takes which cells, coalesced (four cells down a
// column each) or strided, every cell written once, and the grids CUDA cannot launch refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gs/launch_shape.h"
#include "kernels/launch_emulator.h"
#include "kernels/step_kernel_body.h"
#include "reference_model.h"

namespace gs::test {
namespace {

TEST(LaunchShape, CoversEveryCellWithTheFastIndexAlongRowsOrColumns) {
  static_assert(kCoalescedCellsPerThread == 4, "the counts below assume four cells a thread");
  const LaunchShape coalesced = launch_shape_for({1023, 1025}, {32, 8}, KernelVariant::Coalesced);
  EXPECT_EQ(coalesced.grid.x, 32u);  // ceil(1023 / 32)
  EXPECT_EQ(coalesced.grid.y, 33u);  // ceil(ceil(1025 / 4) / 8): four cells down a column each
  const LaunchShape strided = launch_shape_for({1023, 1025}, {32, 8}, KernelVariant::Strided);
  EXPECT_EQ(strided.grid.x, 33u);   // ceil(1025 / 32): threadIdx.x walks down a column
  EXPECT_EQ(strided.grid.y, 128u);  // ceil(1023 / 8)
  const LaunchShape single = cell_launch_shape({1023, 1025}, {32, 8});
  EXPECT_EQ(single.grid.x, 32u);
  EXPECT_EQ(single.grid.y, 129u);  // ceil(1025 / 8): one cell a thread
  // Consecutive threads of a warp: neighbours along a row (coalesced), along a column (strided).
  const auto first = [](unsigned thread_x, unsigned thread_y, KernelVariant variant) {
    return first_cell_of_thread({0, 0, 0}, {thread_x, thread_y, 0}, {32, 8, 1}, variant);
  };
  const CellIndex a = first(5, 0, KernelVariant::Coalesced),
                  b = first(6, 0, KernelVariant::Coalesced);
  EXPECT_EQ(b.x - a.x, 1);
  EXPECT_EQ(b.y, a.y);
  // The next thread down starts four rows lower: the three rows between are its neighbour's.
  EXPECT_EQ(first(5, 1, KernelVariant::Coalesced).y - a.y, kCoalescedCellsPerThread);
  const CellIndex c = first(5, 0, KernelVariant::Strided), d = first(6, 0, KernelVariant::Strided);
  EXPECT_EQ(d.y - c.y, 1);
  EXPECT_EQ(d.x, c.x);
}

// Each cell is written by exactly one thread, however the height divides into four-cell columns
// (a cell written twice would still compare equal; this counts).
TEST(LaunchShape, EveryCellIsWrittenOnceByTheStepKernels) {
  const Params p = stable_params(Laplacian::FivePoint, Boundary::Periodic);
  for (const GridSize size : {GridSize{1, 1}, GridSize{5, 2}, GridSize{9, 7}, GridSize{33, 13}})
    for (const KernelVariant variant : {KernelVariant::Coalesced, KernelVariant::Strided}) {
      SCOPED_TRACE(to_string(size) + " " + std::string(to_string(variant)));
      const Fields start = random_fields(size, 5);
      Fields out(size);
      std::vector<int> writes(size.cells(), 0);
      // Each thread's display writes, found as the cells it left other than NaN.
      std::vector<float> display(size.cells());
      const StepKernelArgs args{start.u.data(), start.v.data(), out.u.data(), out.v.data(), nullptr,
                                display.data(), true,           size.width,   size.height,  p};
      emulate_launch(launch_shape_for(size, {4, 2}, variant), [&](Dim3 b, Dim3 t, Dim3 dim) {
        std::fill(display.begin(), display.end(), std::nanf(""));
        step_kernel_body<Laplacian::FivePoint>(b, t, dim, variant, args);
        for (std::size_t i = 0; i < display.size(); ++i) writes[i] += !std::isnan(display[i]);
      });
      EXPECT_TRUE(std::all_of(writes.begin(), writes.end(), [](int n) { return n == 1; }));
    }
}

TEST(LaunchShape, RejectsBlocksCudaCannotLaunch) {
  EXPECT_TRUE(check_block_shape({32, 8}));
  EXPECT_TRUE(check_block_shape({1024, 1}));
  EXPECT_FALSE(check_block_shape({0, 8}));
  EXPECT_FALSE(check_block_shape({64, 32}));
}

TEST(LaunchShape, GridsPastCudasLimitsAreRefusedWithTheShape) {
  const GridSize tall{16, 1000000};
  // 1,000,000 rows in four-cell columns of 2-thread blocks: 125,000 blocks along y.
  const Status refused =
      check_launch_fits(launch_shape_for(tall, {32, 2}, KernelVariant::Coalesced), tall);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("65535"), std::string::npos) << refused.message();
  EXPECT_TRUE(check_launch_fits(launch_shape_for(tall, {32, 8}, KernelVariant::Coalesced), tall));
  const GridSize tallest{3, 1 << 20};  // the display and finite-check launches fit any grid
  EXPECT_TRUE(check_launch_fits(field_launch_shape(tallest), tallest));
  const GridSize wide{1 << 20, 1 << 10};
  EXPECT_TRUE(check_launch_fits(launch_shape_for(wide, {32, 8}, KernelVariant::Coalesced), wide));
}

}  // namespace
}  // namespace gs::test
