// One grid over several ranks on CUDA backends (CTest label `gpu`), the ranks simulated in one
// process as tests/batch/edge_strips_test.cpp does on the twin: each rank's block and the strips
// that step its sends ahead on GPUs of their own, the rows crossing through page-locked host
// memory. The own rows put back together must equal one twin's run, to the bit, for every
// Laplacian and boundary, with a style map too. MPI plays no part: this is what a GPU adds to a run
// over ranks. (Left out of compute-sanitizer's pass: its kernels and copies are the other tests',
// composed, and its dozens of backends would take the pass's time.)
#include <gtest/gtest.h>

#include <memory>
#include <utility>

#include "gs/cuda_backend.h"
#include "gs/initial_conditions.h"
#include "gs/style_gradient.h"
#include "ranks_in_process.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class CudaRanksMatchTwin : public ::testing::TestWithParam<StencilCase> {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
  }
};

std::unique_ptr<Backend> cuda_backend() {
  Expected<std::unique_ptr<CudaBackend>> created = CudaBackend::create();
  EXPECT_TRUE(created) << created.message();
  if (!created) return nullptr;
  return std::move(created).value();
}

TEST_P(CudaRanksMatchTwin, BlocksAndSendsAheadOnGpusGiveTheBitsOfOneTwin) {
  const auto [laplacian, boundary] = GetParam();
  const Params params = test::stable_params(laplacian, boundary);
  const Fields start = make_initial_fields({301, 199}, InitPattern::Spots, 5);
  const int steps = 45;
  const Fields single = run_twin(start, params, steps, 1);
  for (const auto& [ranks, halo] : {std::pair{2, 1}, std::pair{3, 8}}) {
    const Fields spread =
        run_with_sends_ahead(start, params, ranks, halo, steps, halo, cuda_backend);
    ASSERT_EQ(spread.size, single.size);
    EXPECT_TRUE(spread.u == single.u && spread.v == single.v) << ranks << " ranks, halo " << halo;
  }
}

// With a style map: each block and each stack of strips holds its rows of the map.
TEST_P(CudaRanksMatchTwin, WithAStyleMapToo) {
  const auto [laplacian, boundary] = GetParam();
  Params params = test::stable_params(laplacian, boundary);
  params.style = {true, params.F * 1.5f, params.k * 1.1f, params.Du * 0.5f, params.Dv};
  Fields start = make_initial_fields({301, 199}, InitPattern::Spots, 5);
  start.style = style_gradient(start.size, StyleGradient::Radial);
  const int steps = 45;
  const Fields single = run_twin(start, params, steps, 1);
  const Fields spread = run_with_sends_ahead(start, params, 3, 8, steps, 8, cuda_backend);
  ASSERT_EQ(spread.size, single.size);
  EXPECT_TRUE(spread.u == single.u && spread.v == single.v);
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, CudaRanksMatchTwin, all_stencil_cases(),
                         stencil_case_name);

}  // namespace
}  // namespace gs::test
