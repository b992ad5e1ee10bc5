// Style maps (Params::style, Fields::style): every cell runs (1 - s) A + s B of F, k, Du and Dv,
// against the double-precision reference model; a cell of style 0 runs exactly set A and one of
// style 255 exactly set B; the map travels with the state; bad settings are refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>
#include <vector>

#include "cpu_twin/style_vectors.h"
#include "gs/cpu_twin_backend.h"
#include "gs/style_gradient.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class StyleMapMatchesReference : public ::testing::TestWithParam<StencilCase> {
 protected:
  Params params() const {
    Params p = stable_params(std::get<0>(GetParam()), std::get<1>(GetParam()));
    p.style = {true, p.F * 2.5f + 0.01f, p.k * 0.8f, p.Du / 2, p.Dv * 1.5f};
    return p;
  }
};

TEST_P(StyleMapMatchesReference, EveryParameterMixesByTheCellsStyle) {
  Fields start = random_fields({47, 31}, 41);
  start.style = random_style(start.size, 42);
  ReferenceFields expected = to_reference(start);
  for (int i = 0; i < 50; ++i) reference_step(expected, params());
  EXPECT_LE(relative_error(run_twin(start, params(), 50), expected), 1e-4);
  // The style matters: the same start with set A everywhere ends elsewhere.
  Params uniform = params();
  uniform.style.enabled = false;
  EXPECT_GT(relative_error(run_twin(start, uniform, 50), expected), 1e-3);
}

// Set A where the style is 0 and set B where it is 255, to the bit, on both of the twin's paths.
TEST_P(StyleMapMatchesReference, StyleZeroRunsSetAAndStyle255SetBExactly) {
  Fields start = random_fields({40, 24}, 43);
  Params a = params(), b = params();
  a.style.enabled = b.style.enabled = false;
  b.F = a.style.F, b.k = a.style.k, b.Du = a.style.Du, b.Dv = a.style.Dv;
  for (const CpuTwinPath path : {CpuTwinPath::Reference, CpuTwinPath::Fast}) {
    for (const auto& [byte, set] :
         {std::pair{std::uint8_t(0), a}, std::pair{std::uint8_t(255), b}}) {
      start.style.assign(start.size.cells(), byte);
      const Fields styled = run_twin(start, params(), 20, 0, path);
      const Fields uniform = run_twin(start, set, 20, 0, path);
      EXPECT_TRUE(styled.u == uniform.u && styled.v == uniform.v) << int(byte);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, StyleMapMatchesReference, all_stencil_cases(),
                         stencil_case_name);

TEST(StyleMap, TravelsWithTheStateAndRunsSetAWhereTheStateHasNone) {
  Params p;
  p.style = {true, 0.06f, 0.062f, 0.08f, 0.04f};
  Fields start = random_fields({30, 20}, 44);
  start.style = random_style(start.size, 45);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.set_params(p));
  ASSERT_TRUE(twin.copy_in(start));
  ASSERT_TRUE(twin.step(3));
  Fields out;
  ASSERT_TRUE(twin.copy_out(out));
  EXPECT_EQ(out.style, start.style) << "stepping never changes the style map";
  // A state without one runs set A everywhere: the uniform run's bits.
  start.style.clear();
  Params a = p;
  a.style.enabled = false;
  const Fields without = run_twin(start, p, 10), uniform = run_twin(start, a, 10);
  EXPECT_TRUE(without.u == uniform.u && without.v == uniform.v);
  EXPECT_EQ(without.style, StyleData(start.size.cells(), 0));
}

TEST(StyleMap, RefusesAMapOfAnotherSizeAndBadSets) {
  CpuTwinBackend twin;
  Fields start = random_fields({8, 8}, 46);
  start.style.assign(63, 0);
  const Status refused = twin.copy_in(start);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("style map does not match"), std::string::npos);

  Params p;
  p.style = {true, 0.06f, -0.01f, 0.1f, 0.05f};
  EXPECT_EQ(validate(p).message(), "style B's k must be a finite number, not negative");
  p.style.k = 0.06f;
  p.map.enabled = true;
  EXPECT_EQ(validate(p).message(), "a style map and the parameter map cannot be used together");
  p.map.enabled = false;
  p.style.Dv = 0.2f;  // stable for A (course: dt 12 Dv = 0.6) but not for B (2.4)
  const Status unstable = validate(p);
  ASSERT_FALSE(unstable);
  EXPECT_NE(unstable.message().find("max(Du, Dv of both style sets)"), std::string::npos)
      << unstable.message();
  p.style.enabled = false;
  EXPECT_TRUE(validate(p)) << "set B counts only in style-map mode";
}

// A parameter both sets share is that value in every cell, whatever the style: the fast rows
// then skip its mix (cpu_twin/style_vectors.h).
TEST(StyleMix, OfAParameterBothSetsShareIsThatValueInEveryCell) {
  std::mt19937 random(47);
  std::uniform_real_distribution<float> exponent(-20.0f, 3.0f);
  std::vector<float> values{0.0f, kParameterFloor, 0.014f, 0.054f, 0.16f, 0.08f, 1.0f};
  for (int i = 0; i < 2000; ++i) values.push_back(std::exp2(exponent(random)));
  for (const float a : values)
    for (int byte = 0; byte <= 255; ++byte)
      ASSERT_EQ(style_mix(a, a, style_fraction(float(byte))), a) << a << " at style " << byte;
}

// Where style_mix_clears_floor says so, no mix lies between 0 and the floor, so the fast rows
// may leave the floor out; just below its bound some mixes do.
TEST(StyleMix, ClearsTheFloorWhereTheFastRowsLeaveItOut) {
  const auto lowest_nonzero_mix = [](float a, float b) {
    float lowest = INFINITY;
    for (int byte = 0; byte <= 255; ++byte) {
      const float mixed = style_mix_unfloored(style_mix_factors(a, b), style_fraction(float(byte)));
      if (mixed != 0.0f) lowest = std::min(lowest, std::fabs(mixed));
    }
    return lowest;
  };
  const float clear = 512 * kParameterFloor;
  const float values[] = {0.0f, clear, std::nextafter(clear, 1.0f), 0.01f, 0.5f, 2.0f};
  for (const float a : values)
    for (const float b : values) {
      ASSERT_TRUE(twin::style_mix_clears_floor(a, b)) << a << ", " << b;
      EXPECT_GE(lowest_nonzero_mix(a, b), kParameterFloor) << a << ", " << b;
    }
  const float too_low = 128 * kParameterFloor;
  EXPECT_FALSE(twin::style_mix_clears_floor(0.0f, too_low));
  EXPECT_FALSE(twin::style_mix_clears_floor(too_low, 0.5f));
  EXPECT_FALSE(twin::style_mix_clears_floor(-0.5f, 0.5f));
  EXPECT_FALSE(twin::style_mix_clears_floor(NAN, 0.5f));
  EXPECT_LT(lowest_nonzero_mix(0.0f, too_low), kParameterFloor);
}

TEST(StyleGradient, RunsFromSetAToSetBAcrossTheGrid) {
  const GridSize grid{255, 101};
  const StyleData x = style_gradient(grid, StyleGradient::X);
  const StyleData y = style_gradient(grid, StyleGradient::Y);
  const StyleData radial = style_gradient(grid, StyleGradient::Radial);
  EXPECT_EQ(x[0], 1);  // cell centres: (0.5 / 255) of the way
  EXPECT_EQ(x[254], 255);
  EXPECT_EQ(x[127], 128);
  EXPECT_EQ(y[0], 1);
  EXPECT_EQ(y[std::size_t(100) * 255], 254);
  EXPECT_EQ(radial[std::size_t(50) * 255 + 127], 0);  // the centre
  EXPECT_GE(radial[0], 250);                          // a corner
  // A band with a halo row each side is the whole map's rows, wrapping.
  const StyleData band = style_gradient_rows(grid, StyleGradient::Radial, -1, grid.height + 2);
  for (int r = 0; r < grid.height + 2; ++r)
    for (int c = 0; c < grid.width; ++c)
      ASSERT_EQ(band[std::size_t(r) * 255 + c],
                radial[std::size_t((r - 1 + grid.height) % grid.height) * 255 + c]);
}

}  // namespace
}  // namespace gs::test
