// The CPU twin against the double-precision reference model, for every Laplacian and boundary.
#include <gtest/gtest.h>

#include <tuple>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class CpuTwinMatchesReference : public ::testing::TestWithParam<StencilCase> {
 protected:
  Params params() const { return stable_params(std::get<0>(GetParam()), std::get<1>(GetParam())); }
};

TEST_P(CpuTwinMatchesReference, OneStepOnRandomFields) {
  for (GridSize size : {GridSize{67, 45}, GridSize{1, 1}, GridSize{2, 3}, GridSize{40, 1}}) {
    const Fields start = random_fields(size, 11);
    ReferenceFields expected = to_reference(start);
    reference_step(expected, params());
    EXPECT_LE(relative_error(run_twin(start, params(), 1), expected), 1e-5) << to_string(size);
  }
}

TEST_P(CpuTwinMatchesReference, TwoHundredStepsOnRandomFields) {
  const Fields start = random_fields({53, 38}, 12);
  ReferenceFields expected = to_reference(start);
  for (int i = 0; i < 200; ++i) reference_step(expected, params());
  EXPECT_LE(relative_error(run_twin(start, params(), 200), expected), 1e-3);
}

TEST_P(CpuTwinMatchesReference, StepsInOneCallEqualStepsInManyCalls) {
  const Fields start = random_fields({33, 20}, 13);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.set_params(params()));
  ASSERT_TRUE(twin.copy_in(start));
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(twin.step(1));
  Fields stepwise;
  ASSERT_TRUE(twin.copy_out(stepwise));
  const Fields at_once = run_twin(start, params(), 10);
  EXPECT_EQ(stepwise.u, at_once.u);
  EXPECT_EQ(stepwise.v, at_once.v);
}

TEST_P(CpuTwinMatchesReference, SameBitsOnOneAndTwoThreads) {
  const Fields start = make_initial_fields({96, 70}, InitPattern::Noise, 5);
  const Fields one = run_twin(start, params(), 50, 1);
  const Fields two = run_twin(start, params(), 50, 2);
  EXPECT_EQ(one.u, two.u);
  EXPECT_EQ(one.v, two.v);
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, CpuTwinMatchesReference, all_stencil_cases(),
                         stencil_case_name);

TEST_P(CpuTwinMatchesReference, ParameterMapModeVariesFAlongYAndKAlongX) {
  Params p = params();
  p.map.enabled = true;
  const Fields start = random_fields({47, 31}, 16);
  ReferenceFields expected = to_reference(start);
  for (int i = 0; i < 50; ++i) reference_step(expected, p);
  EXPECT_LE(relative_error(run_twin(start, p, 50), expected), 1e-4);
  // The map matters: the same start in uniform mode ends elsewhere.
  EXPECT_GT(relative_error(run_twin(start, params(), 50), expected), 1e-3);
}

TEST(CpuTwin, StepZeroLeavesTheStateAlone) {
  const Fields start = random_fields({20, 10}, 3);
  const Fields result = run_twin(start, Params{}, 0);
  EXPECT_EQ(result.u, start.u);
  EXPECT_EQ(result.v, start.v);
}

TEST(CpuTwin, RejectsBadCallsWithMessages) {
  CpuTwinBackend twin;
  EXPECT_FALSE(twin.step(1)) << "no state copied in yet";
  Fields broken({4, 4});
  broken.v.resize(3);
  EXPECT_FALSE(twin.copy_in(broken));
  ASSERT_TRUE(twin.copy_in(Fields({4, 4})));
  EXPECT_FALSE(twin.step(-1));
  Params unstable;
  unstable.Du = 5.0f;
  const Status rejected = twin.set_params(unstable);
  ASSERT_FALSE(rejected);
  EXPECT_NE(rejected.message().find("limit"), std::string::npos);
}

TEST(CpuTwin, WritesTheChosenDisplayFieldIntoHostMemoryOnly) {
  const Fields start = random_fields({8, 5}, 4);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(start));
  std::vector<float> display(start.size.cells());
  ASSERT_TRUE(
      twin.write_display(DisplayField::V, {display.data(), display.size(), MemorySpace::Host}));
  EXPECT_TRUE(std::equal(display.begin(), display.end(), start.v.begin()));
  ASSERT_TRUE(
      twin.write_display(DisplayField::U, {display.data(), display.size(), MemorySpace::Host}));
  EXPECT_TRUE(std::equal(display.begin(), display.end(), start.u.begin()));
  EXPECT_FALSE(
      twin.write_display(DisplayField::U, {display.data(), display.size(), MemorySpace::Device}));
  EXPECT_FALSE(
      twin.write_display(DisplayField::U, {display.data(), display.size() - 1, MemorySpace::Host}));
}

TEST(CpuTwin, ReportsComputeTimeForStepsAndTransferTimeForCopies) {
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(random_fields({256, 256}, 1)));
  ASSERT_TRUE(twin.step(20));
  EXPECT_GT(twin.last_timings().compute_ms, 0.0);
  EXPECT_EQ(twin.last_timings().transfer_ms, 0.0);
  Fields out;
  ASSERT_TRUE(twin.copy_out(out));
  EXPECT_EQ(twin.last_timings().compute_ms, 0.0);
  EXPECT_GT(twin.last_timings().transfer_ms, 0.0);
}

TEST(CpuTwin, ReadsAndWritesRowsWithoutTheRestOfTheState) {
  CpuTwinBackend twin(2);
  check_row_access(twin);
}

// Between twins rows go through host memory (the interface's own copy); the twin's state is in
// host memory, so it names no device state for another backend to copy from.
TEST(CpuTwin, CopiesRowsFromAnotherBackend) {
  CpuTwinBackend source(2), target(1);
  check_rows_between(source, target);
  EXPECT_FALSE(source.device_state().has_value());
}

}  // namespace
}  // namespace gs::test
