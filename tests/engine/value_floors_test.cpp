// The floors of gs/value_floors.h: the cut itself (scalar and SIMD lanes alike, NaN kept), and
// every way a state enters the CPU twin (copy in, rows written, the brush) leaves it floored.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "cpu_twin/simd.h"
#include "gs/cpu_twin_backend.h"
#include "gs/value_floors.h"
#include "reference_model.h"

namespace gs::test {
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

// Values around the floor and beyond, each with what the cut makes of it.
struct Cut {
  float in, out;
};
const Cut kCuts[] = {
    {0.0f, 0.0f},
    {-0.0f, 0.0f},
    {kStateFloor, kStateFloor},
    {-kStateFloor, -kStateFloor},
    {std::nextafter(kStateFloor, 0.0f), 0.0f},
    {-std::nextafter(kStateFloor, 0.0f), 0.0f},
    {1e-30f, 0.0f},
    {std::numeric_limits<float>::denorm_min(), 0.0f},
    {0.25f, 0.25f},
    {-3.0f, -3.0f},
    {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::infinity()}};

TEST(ValueFloors, CutMagnitudesBelowTheFloorToPositiveZeroAndKeepNaN) {
  for (const Cut& c : kCuts) {
    const float got = floored_state_value(c.in);
    EXPECT_EQ(got, c.out) << c.in;
    EXPECT_FALSE(std::signbit(got) && got == 0.0f) << c.in << ": +0, as every backend writes";
  }
  EXPECT_TRUE(std::isnan(floored_state_value(kNaN))) << "the divergence check must still see it";
  EXPECT_EQ(zero_below(std::nextafter(kParameterFloor, 0.0f), kParameterFloor), 0.0f);
  EXPECT_EQ(zero_below(kParameterFloor, kParameterFloor), kParameterFloor);
}

#if GS_TWIN_SIMD
TEST(ValueFloors, SimdLanesCutAsTheScalarDoes) {
  std::vector<float> in;
  for (const Cut& c : kCuts) in.push_back(c.in);
  in.push_back(kNaN);
  while (in.size() % simd::kSimdWidth != 0) in.push_back(0.5f);
  std::vector<float> out(in.size());
  for (std::size_t i = 0; i < in.size(); i += simd::kSimdWidth)
    simd::store(out.data() + i, zero_below(simd::load(in.data() + i), kStateFloor));
  for (std::size_t i = 0; i < in.size(); ++i) {
    const float expected = floored_state_value(in[i]);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(out[i])) << i;
    } else {
      EXPECT_EQ(std::memcmp(&out[i], &expected, sizeof(float)), 0) << in[i] << ": the same bits";
    }
  }
}
#endif

// A state with values below the floor in u and v (and a NaN-free rest).
Fields state_with_values_below_the_floor() {
  Fields f = random_fields({24, 10}, 41);
  f.u[3] = 1e-9f;
  f.v[5] = -1e-12f;
  f.v[200] = std::numeric_limits<float>::denorm_min();
  f.v[201] = kStateFloor;
  return f;
}

TEST(ValueFloors, ATwinTakesStatesInFloored) {
  const Fields given = state_with_values_below_the_floor();
  Fields expected = given;
  floor_state_values(expected);
  EXPECT_EQ(expected.u[3], 0.0f);
  EXPECT_EQ(expected.v[5], 0.0f);
  EXPECT_EQ(expected.v[200], 0.0f);
  EXPECT_EQ(expected.v[201], kStateFloor);

  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(given));
  Fields got;
  ASSERT_TRUE(twin.copy_out(got));
  EXPECT_EQ(got.u, expected.u);
  EXPECT_EQ(got.v, expected.v);

  // Rows written in (a rank's halo, say) are floored too, and only they change.
  ASSERT_TRUE(twin.copy_in(random_fields({24, 10}, 42)));
  Fields before;
  ASSERT_TRUE(twin.copy_out(before));
  Fields rows({24, 2});
  std::fill(rows.u.begin(), rows.u.end(), 0.5f);
  std::fill(rows.v.begin(), rows.v.end(), 0.25f);
  rows.u[7] = -3e-9f;
  rows.v[30] = 1e-20f;
  ASSERT_TRUE(twin.write_rows(4, rows));
  ASSERT_TRUE(twin.copy_out(got));
  for (std::size_t i = 0; i < got.u.size(); ++i) {
    const bool written = i >= 4 * 24 && i < 6 * 24;
    const std::size_t r = i - 4 * 24;
    EXPECT_EQ(got.u[i], written ? (r == 7 ? 0.0f : 0.5f) : before.u[i]) << i;
    EXPECT_EQ(got.v[i], written ? (r == 30 ? 0.0f : 0.25f) : before.v[i]) << i;
  }
}

TEST(ValueFloors, ABrushPaintsAValueBelowTheFloorAsZero) {
  CpuTwinBackend twin;
  Fields start({16, 16});
  std::fill(start.u.begin(), start.u.end(), 0.5f);
  std::fill(start.v.begin(), start.v.end(), 0.25f);
  ASSERT_TRUE(twin.copy_in(start));
  ASSERT_TRUE(twin.paint({8.0f, 8.0f, 3.0f, 1e-9f, false}));
  Fields got;
  ASSERT_TRUE(twin.copy_out(got));
  EXPECT_EQ(got.v[8 * 16 + 8], 0.0f) << "painted at 1e-9, below the floor";
  EXPECT_EQ(got.v[0], 0.25f) << "outside the disc";
}

TEST(ValueFloors, AFlooredCopyIsMadeOnlyWhenNeeded) {
  const Fields clean = random_fields({8, 8}, 43);
  Fields scratch;
  EXPECT_EQ(&floored_state(clean, scratch), &clean) << "no copy of a state already floored";
  const Fields dirty = state_with_values_below_the_floor();
  const Fields& floored = floored_state(dirty, scratch);
  EXPECT_EQ(&floored, &scratch);
  Fields expected = dirty;
  floor_state_values(expected);
  EXPECT_EQ(floored.u, expected.u);
  EXPECT_EQ(floored.v, expected.v);
}

}  // namespace
}  // namespace gs::test
