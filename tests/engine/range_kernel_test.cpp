// The range reduction's per-thread body (kernels/range_kernel_body.h), run on the CPU by the
// launch emulator over the backend's launch on several devices and over odd launches by hand,
// against the CPU twin's range; the launch's size from the device's multiprocessors; and the
// order-preserving encoding its atomics work on.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "gs/cpu_twin_backend.h"
#include "kernels/launch_emulator.h"
#include "kernels/range_kernel_body.h"
#include "reference_model.h"

namespace gs::test {
namespace {

ValueRange emulated_range(const FieldData& values, const LaunchShape& shape) {
  int slots[2] = {INT_MAX, INT_MIN};
  emulate_launch(shape, [&](Dim3 b, Dim3 t, Dim3 dim) {
    range_kernel_body(b, t, dim, shape.grid, values.data(), long(values.size()), slots);
  });
  if (slots[0] > slots[1]) return {0.0f, 0.0f};
  return {from_ordered_bits(slots[0]), from_ordered_bits(slots[1])};
}

// The launches the body must be right for: the backend's on an H200 (132 SMs), a one-SM and an
// odd-sized GPU, and odd grids by hand (one block; blocks of 64 and 96 threads; one block past
// a full H200), for fields with more and fewer cells than the launch has threads.
std::vector<LaunchShape> range_launches(long count) {
  return {range_launch_shape(count, 132, 2048),
          range_launch_shape(count, 1, 1024),
          range_launch_shape(count, 7, 1536),
          {{1, 1, 1}, {32, 1, 1}},
          {{3, 1, 1}, {64, 1, 1}},
          {{13, 1, 1}, {96, 1, 1}},
          {{1057, 1, 1}, {256, 1, 1}}};
}

std::string shape_name(const LaunchShape& shape) {
  return std::to_string(shape.grid.x) + " blocks of " + std::to_string(shape.block.x);
}

TEST(RangeKernel, EmulatedKernelAndTwinAgreeAndSkipNonFiniteCellsOnAnyLaunch) {
  for (const GridSize size : {GridSize{301, 223}, GridSize{17, 5}}) {
    Fields f = random_fields(size, 12);
    for (float& v : f.v) v = v * 4.0f - 1.5f;  // negative values too
    f.v[5] = std::numeric_limits<float>::quiet_NaN();
    f.v[77] = std::numeric_limits<float>::infinity();
    f.v[f.v.size() / 2] = -7.25f;
    f.v[f.v.size() - 1] = 3.5f;
    CpuTwinBackend twin;
    ASSERT_TRUE(twin.copy_in(f));
    const ValueRange twin_range = *twin.field_range(DisplayField::V);
    EXPECT_EQ(twin_range.low, -7.25f);
    EXPECT_EQ(twin_range.high, 3.5f);
    for (const LaunchShape& shape : range_launches(long(f.v.size()))) {
      SCOPED_TRACE(to_string(size) + ", " + shape_name(shape));
      const ValueRange kernel_range = emulated_range(f.v, shape);
      EXPECT_EQ(kernel_range.low, twin_range.low);
      EXPECT_EQ(kernel_range.high, twin_range.high);
    }
    const ValueRange u_range = *twin.field_range(DisplayField::U);
    EXPECT_EQ(u_range.low, *std::min_element(f.u.begin(), f.u.end()));
    // The twin has nothing running behind the host: its range without waiting is the range now.
    Expected<std::optional<ValueRange>> recent = twin.recent_field_range(DisplayField::V);
    ASSERT_TRUE(recent) << recent.message();
    ASSERT_TRUE(recent->has_value());
    EXPECT_EQ((*recent)->low, twin_range.low);
    EXPECT_EQ((*recent)->high, twin_range.high);
  }
}

// The launch fills the device (eight 256-thread blocks per SM of 2,048 threads) but never holds
// more blocks than the cells fill, and always whole warps.
TEST(RangeKernel, LaunchFillsEveryMultiprocessorButNoMoreThanTheCells) {
  const LaunchShape h200 = range_launch_shape(4096L * 4096, 132, 2048);
  EXPECT_EQ(h200.grid.x, 132u * 8);
  EXPECT_EQ(h200.block.x, 256u);
  EXPECT_EQ(range_launch_shape(4096L * 4096, 30, 1024).grid.x, 30u * 4);
  EXPECT_EQ(range_launch_shape(1000, 132, 2048).grid.x, 4u);
  EXPECT_EQ(range_launch_shape(0, 132, 2048).grid.x, 1u);
  EXPECT_EQ(range_launch_shape(1L << 20, 0, 0).grid.x, 1u) << "an unknown device still runs";
  for (const LaunchShape& shape : range_launches(1000))
    EXPECT_EQ(shape.block.x % 32, 0u) << shape_name(shape);
}

TEST(RangeKernel, OrderedBitsKeepTheOrderOfFloats) {
  const float values[] = {-1e30f, -2.5f, -1e-30f, -0.0f, 0.0f, 1e-30f, 0.75f, 3e38f};
  for (std::size_t i = 0; i + 1 < std::size(values); ++i) {
    EXPECT_LE(ordered_bits(values[i]), ordered_bits(values[i + 1])) << values[i];
    EXPECT_EQ(from_ordered_bits(ordered_bits(values[i])), values[i]);
  }
  FieldData all_nan(10, std::numeric_limits<float>::quiet_NaN());
  for (const LaunchShape& shape : range_launches(long(all_nan.size()))) {
    const ValueRange none = emulated_range(all_nan, shape);
    EXPECT_EQ(none.low, 0.0f) << shape_name(shape);
    EXPECT_EQ(none.high, 0.0f) << shape_name(shape);
  }
}

}  // namespace
}  // namespace gs::test
