#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"
#include "gs/param_overrides.h"
#include "gs/presets.h"

namespace gs {
namespace {

const InitPattern kPatterns[] = {InitPattern::Square, InitPattern::Spots, InitPattern::Noise,
                                 InitPattern::GrownSpots};

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

// One rank's block of a generated grid, generated alone: the grid's rows to the bit, wrapping
// around it before its first row and past its last, and repeating where the block is taller
// than the grid.
TEST(InitialConditions, RowsAreTheWholeGridsRowsWrappingAround) {
  const GridSize grid{53, 41};
  for (InitPattern pattern : kPatterns) {
    const Fields whole = make_initial_fields(grid, pattern, 9);
    for (const auto& [first, count] : {std::pair{0, 41}, std::pair{10, 7}, std::pair{-6, 20},
                                       std::pair{35, 12}, std::pair{-3, 50}, std::pair{40, 1}}) {
      const Fields rows = make_initial_rows(grid, pattern, 9, first, count);
      ASSERT_EQ(rows.size, (GridSize{53, count}));
      bool same = true;
      for (int r = 0; r < count; ++r) {
        const int y = ((first + r) % 41 + 41) % 41;
        same = same &&
               std::equal(rows.u.begin() + r * 53, rows.u.begin() + (r + 1) * 53,
                          whole.u.begin() + y * 53) &&
               std::equal(rows.v.begin() + r * 53, rows.v.begin() + (r + 1) * 53,
                          whole.v.begin() + y * 53);
      }
      EXPECT_TRUE(same) << to_string(pattern) << ": rows " << first << " + " << count;
    }
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

// Where v has grown past the trivial state's neighbourhood (about where the app's colormap leaves
// its low end), over the whole field and in each of 8x8 blocks.
struct Structure {
  double covered = 0;      // fraction of cells
  double blocks_with = 0;  // fraction of blocks with at least 2% of their cells covered
};
Structure structure_of(const Fields& f) {
  constexpr int kBlocks = 8;
  std::vector<long> per_block(kBlocks * kBlocks, 0);
  long covered = 0;
  for (int y = 0; y < f.size.height; ++y)
    for (int x = 0; x < f.size.width; ++x)
      if (f.v[std::size_t(y) * f.size.width + x] > 0.05f) {
        ++covered;
        ++per_block[(y * kBlocks / f.size.height) * kBlocks + x * kBlocks / f.size.width];
      }
  const double block_cells = double(f.size.cells()) / (kBlocks * kBlocks);
  const auto with = std::count_if(per_block.begin(), per_block.end(),
                                  [&](long n) { return double(n) >= 0.02 * block_cells; });
  return {double(covered) / double(f.size.cells()), double(with) / (kBlocks * kBlocks)};
}

TEST(InitialConditions, GrownSpotsArePackedSpotsOfTheGrownShape) {
  const GridSize size{300, 200};
  const Fields f = make_initial_fields(size, InitPattern::GrownSpots, 4);
  // The centres hold the spot's peak exactly; they are at least 12 cells apart, wrapping.
  std::vector<std::pair<int, int>> centres;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      if (f.v[std::size_t(y) * size.width + x] == 0.33f) centres.emplace_back(x, y);
  EXPECT_GE(centres.size(), size.cells() / 256 * 9 / 10);
  EXPECT_LE(centres.size(), size.cells() / 256);
  for (std::size_t a = 0; a < centres.size(); ++a)
    for (std::size_t b = a + 1; b < centres.size(); ++b) {
      int dx = std::abs(centres[a].first - centres[b].first);
      int dy = std::abs(centres[a].second - centres[b].second);
      dx = std::min(dx, size.width - dx);
      dy = std::min(dy, size.height - dy);
      ASSERT_GE(dx * dx + dy * dy, 144) << centres[a].first << "," << centres[a].second;
    }
  EXPECT_FLOAT_EQ(*std::max_element(f.v.begin(), f.v.end()), 0.33f);
  EXPECT_FLOAT_EQ(*std::min_element(f.u.begin(), f.u.end()), 0.28f);
  EXPECT_FLOAT_EQ(*std::max_element(f.u.begin(), f.u.end()), 0.74f);
  const Structure s = structure_of(f);
  EXPECT_GT(s.covered, 0.45);
  EXPECT_EQ(s.blocks_with, 1.0);
}

// The app's first start: grown spots under pearson-epsilon show structure over the whole field
// after any number of steps, and keep changing (checked every 25 steps, as a slow machine's frames
// might land; the bits are the same on every machine).
TEST(InitialConditions, GrownSpotsUnderPearsonEpsilonKeepStructureAndKeepMoving) {
  Expected<PresetLibrary> library =
      load_presets(std::filesystem::path(GS_TEST_DATA_DIR) / "assets" / "presets.json");
  ASSERT_TRUE(library) << library.message();
  ParamLayers layers;
  layers.preset = (*library->require("pearson-epsilon"))->params;
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  Expected<SelectedBackend> twin = create_backend(options);
  ASSERT_TRUE(twin) << twin.message();
  Backend& backend = *twin->backend;
  ASSERT_TRUE(backend.set_params(layer_params(layers)));
  ASSERT_TRUE(backend.copy_in(make_initial_fields({256, 256}, InitPattern::GrownSpots, 1)));
  Fields previous, now;
  ASSERT_TRUE(backend.copy_out(previous));
  for (int step = 25; step <= 1500; step += 25) {
    ASSERT_TRUE(backend.step(25));
    ASSERT_TRUE(backend.copy_out(now));
    const Structure s = structure_of(now);
    EXPECT_GT(s.covered, 0.2) << "step " << step;
    EXPECT_GE(s.blocks_with, 0.95) << "step " << step;
    const auto changed =
        std::inner_product(now.v.begin(), now.v.end(), previous.v.begin(), 0L, std::plus<>(),
                           [](float a, float b) { return std::abs(a - b) > 0.02f ? 1L : 0L; });
    EXPECT_GT(double(changed) / double(now.size.cells()), 0.02) << "step " << step;
    previous = now;
  }
}

TEST(InitialConditions, NamesRoundTrip) {
  for (InitPattern pattern : kPatterns)
    EXPECT_EQ(parse_enum<InitPattern>(to_string(pattern)), pattern);
  EXPECT_FALSE(parse_enum<InitPattern>("stripes"));
}

}  // namespace
}  // namespace gs
