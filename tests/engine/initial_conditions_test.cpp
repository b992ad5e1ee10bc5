#include <gtest/gtest.h>

#include <algorithm>

#include "gs/initial_conditions.h"

namespace gs {
namespace {

const InitPattern kPatterns[] = {InitPattern::Square, InitPattern::Spots, InitPattern::Noise};

TEST(InitialConditions, SameSeedSameBitsOtherSeedOtherBits) {
  for (InitPattern pattern : kPatterns) {
    const Fields a = make_initial_fields({120, 80}, pattern, 42);
    const Fields b = make_initial_fields({120, 80}, pattern, 42);
    const Fields c = make_initial_fields({120, 80}, pattern, 43);
    EXPECT_EQ(a.u, b.u) << to_string(pattern);
    EXPECT_EQ(a.v, b.v) << to_string(pattern);
    EXPECT_NE(a.v, c.v) << to_string(pattern);
  }
}

TEST(InitialConditions, SquareIsCentredAndSeedsPearsonsState) {
  const Fields f = make_initial_fields({200, 100}, InitPattern::Square, 1);
  const auto at = [&](int x, int y) { return std::size_t(y) * 200 + x; };
  // The square is 10 cells wide (a tenth of 100), centred: v near 0.25 inside, near 0 outside.
  EXPECT_NEAR(f.v[at(100, 50)], 0.25f, 0.011f);
  EXPECT_NEAR(f.u[at(100, 50)], 0.5f, 0.011f);
  EXPECT_NEAR(f.v[at(10, 10)], 0.0f, 0.011f);
  EXPECT_NEAR(f.u[at(10, 10)], 1.0f, 0.011f);
  EXPECT_NEAR(f.v[at(95, 45)], 0.25f, 0.011f);
  EXPECT_NEAR(f.v[at(94, 50)], 0.0f, 0.011f);
}

TEST(InitialConditions, EveryPatternStaysInRangeOnTinyGrids) {
  for (InitPattern pattern : kPatterns)
    for (GridSize size : {GridSize{1, 1}, GridSize{2, 3}, GridSize{1, 50}}) {
      const Fields f = make_initial_fields(size, pattern, 9);
      ASSERT_EQ(f.u.size(), size.cells());
      EXPECT_TRUE(std::all_of(f.u.begin(), f.u.end(), [](float x) { return x >= 0 && x <= 1; }));
      EXPECT_TRUE(std::all_of(f.v.begin(), f.v.end(), [](float x) { return x >= 0 && x <= 1; }));
    }
}

TEST(InitialConditions, SpotsSeedSeveralRegions) {
  const Fields f = make_initial_fields({300, 300}, InitPattern::Spots, 3);
  const auto seeded = std::count_if(f.v.begin(), f.v.end(), [](float x) { return x > 0.2f; });
  EXPECT_GT(seeded, 20);
  EXPECT_LT(seeded, long(f.v.size() / 2));
}

TEST(InitialConditions, NamesRoundTrip) {
  for (InitPattern pattern : kPatterns)
    EXPECT_EQ(parse_enum<InitPattern>(to_string(pattern)), pattern);
  EXPECT_FALSE(parse_enum<InitPattern>("stripes"));
}

}  // namespace
}  // namespace gs
