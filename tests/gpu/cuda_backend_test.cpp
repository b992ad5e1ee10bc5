// The CUDA backend on a real GPU (CTest label `gpu`). Where no device answers, every test
// reports itself skipped with the reason; the CPU-side kernel tests (kernel_emulation_test)
// always run.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <tuple>

#include "gs/cpu_twin_backend.h"
#include "gs/cuda_backend.h"
#include "gs/initial_conditions.h"
#include "reference_model.h"

namespace gs::test {
namespace {

class CudaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
    Expected<std::unique_ptr<CudaBackend>> created = CudaBackend::create();
    ASSERT_TRUE(created) << created.message();
    cuda_ = std::move(created).value();
  }
  std::unique_ptr<CudaBackend> cuda_;
};

class CudaMatchesTwin : public CudaTest, public ::testing::WithParamInterface<StencilCase> {};

TEST_P(CudaMatchesTwin, After1And100And1000Steps) {
  const Params p = stable_params(std::get<0>(GetParam()), std::get<1>(GetParam()));
  for (GridSize size :
       {GridSize{1, 1}, GridSize{17, 5}, GridSize{1023, 1025}, GridSize{1920, 1080}}) {
    const Fields start = make_initial_fields(size, InitPattern::Spots, 3);
    for (int steps : {1, 100, 1000}) {
      CpuTwinBackend twin;
      const double error =
          relative_error(run_steps(*cuda_, start, p, steps), run_steps(twin, start, p, steps));
      // FMA contraction differs between nvcc and the host compiler: the fields agree to rounding.
      EXPECT_LE(error, steps == 1 ? 1e-6 : 1e-4)
          << to_string(size) << " after " << steps << " steps";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, CudaMatchesTwin, all_stencil_cases(),
                         stencil_case_name);

TEST_F(CudaTest, StridedVariantAndOtherBlocksGiveTheSameResult) {
  const Fields start = make_initial_fields({300, 200}, InitPattern::Noise, 4);
  const Params p = stable_params(Laplacian::Course, Boundary::Periodic);
  const Fields reference = run_steps(*cuda_, start, p, 50);
  for (BlockShape block : {BlockShape{16, 16}, BlockShape{7, 3}, BlockShape{256, 1}})
    for (KernelVariant variant : {KernelVariant::Coalesced, KernelVariant::Strided}) {
      ASSERT_TRUE(cuda_->set_launch(block, variant));
      const Fields result = run_steps(*cuda_, start, p, 50);
      EXPECT_EQ(result.u, reference.u) << block.x << "x" << block.y << " " << to_string(variant);
      EXPECT_EQ(result.v, reference.v) << block.x << "x" << block.y << " " << to_string(variant);
    }
}

TEST_F(CudaTest, UploadDownloadRoundTripIsExact) {
  const Fields start = random_fields({777, 333}, 5);
  ASSERT_TRUE(cuda_->upload(start));
  EXPECT_GT(cuda_->last_timings().transfer_ms, 0.0);
  Fields back;
  ASSERT_TRUE(cuda_->download(back));
  EXPECT_EQ(back.u, start.u);
  EXPECT_EQ(back.v, start.v);
}

TEST_F(CudaTest, DisplayFieldGoesToDeviceAndHostTargets) {
  const Fields start = random_fields({200, 100}, 6);
  const Params p;
  ASSERT_TRUE(cuda_->set_params(p));
  ASSERT_TRUE(cuda_->upload(start));
  float* device_display = nullptr;
  ASSERT_EQ(cudaMalloc(&device_display, start.size.cells() * sizeof(float)), cudaSuccess);
  ASSERT_TRUE(cuda_->step_and_display(7, DisplayField::V,
                                      {device_display, start.size.cells(), MemorySpace::Device}));
  std::vector<float> fused(start.size.cells());
  ASSERT_EQ(cudaMemcpy(fused.data(), device_display, fused.size() * sizeof(float),
                       cudaMemcpyDeviceToHost),
            cudaSuccess);
  ASSERT_EQ(cudaFree(device_display), cudaSuccess);
  Fields state;
  ASSERT_TRUE(cuda_->download(state));
  EXPECT_TRUE(std::equal(fused.begin(), fused.end(), state.v.begin()));

  std::vector<float> host_display(start.size.cells());
  ASSERT_TRUE(cuda_->write_display(DisplayField::U,
                                   {host_display.data(), host_display.size(), MemorySpace::Host}));
  EXPECT_TRUE(std::equal(host_display.begin(), host_display.end(), state.u.begin()));
  EXPECT_FALSE(cuda_->write_display(DisplayField::U, {host_display.data(), 10, MemorySpace::Host}));
}

TEST_F(CudaTest, OutOfMemoryIsAClearErrorAndKeepsTheState) {
  const Fields small = random_fields({64, 64}, 7);
  ASSERT_TRUE(cuda_->upload(small));
  // Take nearly all free memory, then ask for a grid that cannot fit in what is left.
  std::size_t free_bytes = 0, total_bytes = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
  void* hog = nullptr;
  const std::size_t hog_bytes = free_bytes - (256u << 20);
  ASSERT_EQ(cudaMalloc(&hog, hog_bytes), cudaSuccess);
  const Status refused = cuda_->upload(Fields({4096, 4096}));  // 268 MB of device buffers
  ASSERT_EQ(cudaFree(hog), cudaSuccess);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("out of memory"), std::string::npos) << refused.message();
  EXPECT_EQ(cuda_->size(), small.size);
  Fields kept;
  ASSERT_TRUE(cuda_->download(kept));
  EXPECT_EQ(kept.u, small.u);
  ASSERT_TRUE(cuda_->step(10)) << "the backend still works after the refusal";
}

TEST_F(CudaTest, EventTimingsArePositiveAndKernelTimeIsBelowWallTime) {
  ASSERT_TRUE(cuda_->upload(make_initial_fields({1920, 1080}, InitPattern::Square, 1)));
  ASSERT_TRUE(cuda_->step(32));  // warm-up: graph capture
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(cuda_->step(32));
  const double wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const Timings t = cuda_->last_timings();
  EXPECT_GT(t.compute_ms, 0.0);
  EXPECT_LT(t.compute_ms, wall_ms);
  EXPECT_EQ(t.transfer_ms, 0.0) << "stepping moves no data across PCIe";
}

TEST_F(CudaTest, CopyBandwidthIsMeasured) {
  Expected<double> bandwidth = cuda_->measure_copy_bandwidth(256u << 20);
  ASSERT_TRUE(bandwidth) << bandwidth.message();
  EXPECT_GT(*bandwidth, 10.0);
}

TEST_F(CudaTest, FiniteCheckFindsADivergedCell) {
  Fields f = random_fields({100, 60}, 9);
  ASSERT_TRUE(cuda_->upload(f));
  Expected<bool> finite = cuda_->fields_are_finite();
  ASSERT_TRUE(finite) << finite.message();
  EXPECT_TRUE(*finite);
  f.u[1234] = std::numeric_limits<float>::infinity();
  ASSERT_TRUE(cuda_->upload(f));
  EXPECT_FALSE(*cuda_->fields_are_finite());
}

TEST_F(CudaTest, FieldRangeMatchesTheTwin) {
  Fields f = random_fields({1023, 517}, 13);
  f.v[99] = -3.0f;
  f.v[100] = std::numeric_limits<float>::quiet_NaN();
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.upload(f));
  ASSERT_TRUE(cuda_->upload(f));
  Expected<ValueRange> gpu = cuda_->field_range(DisplayField::V);
  ASSERT_TRUE(gpu) << gpu.message();
  EXPECT_EQ(gpu->low, twin.field_range(DisplayField::V)->low);
  EXPECT_EQ(gpu->high, twin.field_range(DisplayField::V)->high);
}

}  // namespace
}  // namespace gs::test
