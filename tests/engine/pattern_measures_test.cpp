// The measures behind PresetPatterns (and a sweep's statistics), on fields drawn by hand: each
// class, and motion.
#include "gs/pattern_measures.h"

#include <gtest/gtest.h>

namespace gs::testing {
namespace {

constexpr int kN = 64;

// u = 1, v = 0 everywhere, with v = 0.3 where `inside(x, y)` holds.
template <class Inside>
Fields draw(Inside inside) {
  Fields f(GridSize{kN, kN});
  for (int y = 0; y < kN; ++y)
    for (int x = 0; x < kN; ++x) {
      const bool in = inside(x, y);
      f.u[y * kN + x] = in ? 0.3f : 1.0f;
      f.v[y * kN + x] = in ? 0.3f : 0.0f;
    }
  return f;
}

TEST(PatternClassifier, TellsTheClassesApart) {
  EXPECT_EQ(classify_shape(measure_field(draw([](int, int) { return false; }))), "dead");
  EXPECT_EQ(classify_shape(measure_field(draw([](int, int) { return true; }))), "uniform");
  const auto spots = [](int x, int y) { return x % 16 < 4 && y % 16 < 4; };
  const FieldMeasures spot_measures = measure_field(draw(spots));
  EXPECT_EQ(classify_shape(spot_measures), "spots");
  EXPECT_EQ(spot_measures.active_parts, 16);
  EXPECT_EQ(classify_shape(measure_field(draw([](int x, int) { return x % 8 < 3; }))), "stripes");
  EXPECT_EQ(classify_shape(measure_field(draw([&](int x, int y) { return !spots(x, y); }))),
            "holes");
  // Stripes across the top half, spots in the bottom half.
  const auto mixed = [](int x, int y) { return y % 8 < 3 && (y < kN / 2 || x % 8 < 3); };
  EXPECT_EQ(classify_shape(measure_field(draw(mixed))), "mixed");
}

TEST(PatternClassifier, GroupsWrapAtTheEdgesAndMotionCountsChangedCells) {
  // One spot split by the edges of the torus is one group.
  const auto corner = [](int x, int y) { return (x < 2 || x >= kN - 2) && (y < 2 || y >= kN - 2); };
  EXPECT_EQ(measure_field(draw(corner)).active_parts, 1);
  const Fields a = draw([](int x, int) { return x < 8; });
  const Fields b = draw([](int x, int) { return x < 16; });
  EXPECT_DOUBLE_EQ(changed_fraction(a, a), 0.0);
  EXPECT_DOUBLE_EQ(changed_fraction(a, b), 8.0 / kN);
}

}  // namespace
}  // namespace gs::testing
