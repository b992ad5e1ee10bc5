// A parameter sweep's grids on a real GPU (CTest label `gpu`): CUDA's one launch per step over
// every grid gives, grid for grid, the bits of the CPU twin's batched stepper and of a single
// CUDA run with that grid's F and k. Where no device answers, each test says so and skips; the
// batched kernel's body always runs under the CPU launch emulator (batched_kernel_emulation_test).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gs/batched_stepper.h"
#include "gs/cuda_backend.h"
#include "gs/initial_conditions.h"
#include "gs/style_gradient.h"
#include "reference_model.h"

namespace gs::test {
namespace {

constexpr GridSize kGrid{45, 38};  // odd, and not a multiple of a block
constexpr long long kSteps = 301;
const std::vector<Rates> kRates{
    {0.018f, 0.051f}, {0.022f, 0.055f}, {0.030f, 0.057f}, {0.040f, 0.060f}, {0.046f, 0.063f}};

std::vector<float> swept(BackendChoice choice, const Params& params, const Fields& start,
                         const std::vector<Rates>& style_rates = {}) {
  BackendOptions options;
  options.choice = choice;
  options.cpu_threads = 2;
  Expected<SelectedBatchedStepper> created = create_batched_stepper(options);
  EXPECT_TRUE(created) << created.message();
  if (!created) return {};
  EXPECT_EQ(created->stepper->kind(),
            choice == BackendChoice::Cuda ? BackendKind::Cuda : BackendKind::CpuTwin);
  std::vector<float> v;
  EXPECT_TRUE(created->stepper->start(start, params, kRates, style_rates));
  EXPECT_TRUE(created->stepper->step(kSteps));
  EXPECT_TRUE(created->stepper->read_v(v));
  return v;
}

class CudaBatchedMatchesTwin : public ::testing::TestWithParam<StencilCase> {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
  }
};

TEST_P(CudaBatchedMatchesTwin, EveryGridBitForBitAndAsASingleRun) {
  const Params params = stable_params(std::get<0>(GetParam()), std::get<1>(GetParam()));
  const Fields start = make_initial_fields(kGrid, InitPattern::Spots, 3);
  const std::vector<float> gpu = swept(BackendChoice::Cuda, params, start);
  const std::vector<float> twin = swept(BackendChoice::Cpu, params, start);
  ASSERT_EQ(gpu.size(), kRates.size() * kGrid.cells());
  ASSERT_EQ(twin.size(), gpu.size());
  for (std::size_t g = 0; g < kRates.size(); ++g) {
    const auto first = gpu.begin() + long(g * kGrid.cells());
    EXPECT_TRUE(
        std::equal(first, first + long(kGrid.cells()), twin.begin() + (first - gpu.begin())))
        << "grid " << g << " (F " << kRates[g].F << ", k " << kRates[g].k << ")";
  }
  // The last grid as a single CUDA run with its F and k.
  Expected<std::unique_ptr<CudaBackend>> single = CudaBackend::create();
  ASSERT_TRUE(single) << single.message();
  Params alone = params;
  alone.F = kRates.back().F;
  alone.k = kRates.back().k;
  ASSERT_TRUE((*single)->set_params(alone));
  ASSERT_TRUE((*single)->copy_in(start));
  ASSERT_TRUE((*single)->step(int(kSteps)));
  Fields out(kGrid);
  ASSERT_TRUE((*single)->copy_out(out));
  const auto last = gpu.end() - long(kGrid.cells());
  EXPECT_TRUE(std::equal(out.v.begin(), out.v.end(), last)) << "the last grid against one run";
}

class CudaBatchedStepper : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
  }
};

// Many grids made on the device out of one sent there (a partial last doubling among them):
// every grid starts as the initial state, so after a step each is the twin's for its rates.
TEST_F(CudaBatchedStepper, ManyGridsAreCopiedOnTheDeviceFromOne) {
  const Params params = stable_params(Laplacian::FivePoint, Boundary::Periodic);
  const Fields start = make_initial_fields({19, 7}, InitPattern::Spots, 3);
  std::vector<Rates> rates(1003, kRates.front());
  rates.back() = kRates.back();
  BackendOptions options;
  options.choice = BackendChoice::Cuda;
  Expected<SelectedBatchedStepper> created = create_batched_stepper(options);
  ASSERT_TRUE(created) << created.message();
  BatchedStepper& stepper = *created->stepper;
  ASSERT_TRUE(stepper.start(start, params, rates));
  std::vector<float> v;
  ASSERT_TRUE(stepper.read_v(v));
  ASSERT_EQ(v.size(), rates.size() * start.size.cells());
  for (std::size_t g = 0; g < rates.size(); ++g)
    ASSERT_TRUE(
        std::equal(start.v.begin(), start.v.end(), v.begin() + long(g * start.size.cells())))
        << "grid " << g << " did not start as the initial state";
  ASSERT_TRUE(stepper.step(3));
  ASSERT_TRUE(stepper.read_v(v));
  for (std::size_t g : {std::size_t(0), std::size_t(511), rates.size() - 1}) {
    Params alone = params;
    alone.F = rates[g].F;
    alone.k = rates[g].k;
    const Fields expected = run_twin(start, alone, 3, 1);
    EXPECT_TRUE(
        std::equal(expected.v.begin(), expected.v.end(), v.begin() + long(g * start.size.cells())))
        << "grid " << g;
  }
}

// More grids than the GPU holds: a clear error with CUDA's text, and the refusal is not left
// behind as the thread's last error for the next start's launches to report as theirs.
TEST_F(CudaBatchedStepper, OutOfMemoryIsReportedAndNotLeftSticky) {
  const Params params = stable_params(Laplacian::Course, Boundary::Periodic);
  BackendOptions options;
  options.choice = BackendChoice::Cuda;
  Expected<SelectedBatchedStepper> created = create_batched_stepper(options);
  ASSERT_TRUE(created) << created.message();
  BatchedStepper& stepper = *created->stepper;
  // 2^20 grids of 256x256: 256 GiB a field, more than any one GPU has.
  const Status refused =
      stepper.start(Fields({256, 256}), params, std::vector<Rates>(1u << 20, kRates.front()));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("memory"), std::string::npos) << refused.message();
  EXPECT_FALSE(stepper.step(1)) << "stepped grids that a failed start did not make";
  const Fields start = make_initial_fields(kGrid, InitPattern::Spots, 3);
  ASSERT_TRUE(stepper.start(start, params, kRates));
  const Status stepped = stepper.step(5);
  EXPECT_TRUE(stepped) << stepped.message();
}

// A style map shared by every grid and each grid's own set B (a sweep of B's F and k): the
// twin's bits, grid for grid.
TEST_P(CudaBatchedMatchesTwin, EveryGridWithItsOwnSetB) {
  Params params = stable_params(std::get<0>(GetParam()), std::get<1>(GetParam()));
  params.style = {true, 0.03f, 0.06f, params.Du * 0.5f, params.Dv};
  Fields start = make_initial_fields(kGrid, InitPattern::Spots, 3);
  start.style = style_gradient(kGrid, StyleGradient::X);
  std::vector<Rates> style_rates(kRates.rbegin(), kRates.rend());
  const std::vector<float> gpu = swept(BackendChoice::Cuda, params, start, style_rates);
  const std::vector<float> twin = swept(BackendChoice::Cpu, params, start, style_rates);
  ASSERT_EQ(gpu.size(), kRates.size() * kGrid.cells());
  EXPECT_TRUE(gpu == twin);
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, CudaBatchedMatchesTwin, all_stencil_cases(),
                         stencil_case_name);

}  // namespace
}  // namespace gs::test
