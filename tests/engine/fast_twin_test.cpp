// The CPU twin's fast path (temporal blocking over row bands, explicit SIMD rows) against its
// reference path (one plain sweep per step): one truth, for every Laplacian and boundary, on
// awkward sizes, for any number of steps per call and any number of threads.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "gs/cpu_twin_backend.h"
#include "reference_model.h"

namespace gs::test {
namespace {

using Case = std::tuple<Laplacian, Boundary>;

class FastTwinEqualsReference : public ::testing::TestWithParam<Case> {
 protected:
  Params params() const { return stable_params(std::get<0>(GetParam()), std::get<1>(GetParam())); }
};

void expect_equal_paths(const Fields& start, const Params& params, int steps, int threads = 0) {
  const Fields fast = run_twin(start, params, steps, threads, CpuTwinPath::Fast);
  const Fields reference = run_twin(start, params, steps, threads, CpuTwinPath::Reference);
  const std::string where = to_string(start.size) + ", " + std::to_string(steps) + " steps, " +
                            std::to_string(threads) + " threads";
  EXPECT_LE(relative_error(fast, reference), 1e-6) << where;
  // Stronger, and what the design gives: both paths take the same arithmetic steps per cell
  // (gs/cell_update.h, no compiler fusing), so they agree to the bit.
  EXPECT_TRUE(fast.u == reference.u && fast.v == reference.v) << where;
}

TEST_P(FastTwinEqualsReference, AfterAThousandStepsOnAwkwardSizes) {
  for (GridSize size : {GridSize{1, 1}, GridSize{3, 1000}, GridSize{1023, 1025}})
    expect_equal_paths(random_fields(size, 21), params(), 1000);
}

// Tall enough for the longest passes; steps around one and two passes, and a width that ends
// in a partial vector.
TEST_P(FastTwinEqualsReference, ForAnyStepsPerCall) {
  for (GridSize size : {GridSize{64, 700}, GridSize{70, 700}})
    for (int steps : {1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 50})
      expect_equal_paths(random_fields(size, 22), params(), steps);
}

TEST_P(FastTwinEqualsReference, InParameterMapMode) {
  Params p = params();
  p.map.enabled = true;
  expect_equal_paths(random_fields({150, 130}, 23), p, 200);
}

TEST_P(FastTwinEqualsReference, GivesTheSameBitsOnOneTwoAndThreeThreads) {
  const Fields start = random_fields({301, 257}, 24);
  const Fields one = run_twin(start, params(), 100, 1);
  for (int threads : {2, 3}) {
    const Fields more = run_twin(start, params(), 100, threads);
    EXPECT_EQ(one.u, more.u) << threads << " threads";
    EXPECT_EQ(one.v, more.v) << threads << " threads";
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllLaplaciansAndBoundaries, FastTwinEqualsReference,
    ::testing::Combine(::testing::Values(Laplacian::FivePoint, Laplacian::NinePoint,
                                         Laplacian::Course),
                       ::testing::Values(Boundary::Periodic, Boundary::Neumann)),
    [](const ::testing::TestParamInfo<Case>& test) {
      return case_name(std::get<0>(test.param), std::get<1>(test.param));
    });

TEST(CpuTwinPath, NamesParseAndPrint) {
  EXPECT_EQ(parse_cpu_twin_path("fast"), CpuTwinPath::Fast);
  EXPECT_EQ(parse_cpu_twin_path("reference"), CpuTwinPath::Reference);
  EXPECT_FALSE(parse_cpu_twin_path("blocked"));
  EXPECT_EQ(to_string(CpuTwinPath::Reference), "reference");
  EXPECT_NE(CpuTwinBackend(1, CpuTwinPath::Fast).description().find("fast"), std::string::npos);
}

}  // namespace
}  // namespace gs::test
