// The CUDA backend's overlapped frame readback: frames queued between step calls, never waited
// for until collected, are the twin's display fields bit for bit, in order, with the divergence
// check's answer and the steps' time; a grid change while frames are read back is refused.
#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "cuda_backend_fixture.h"
#include "gs/cpu_twin_backend.h"
#include "reference_model.h"

namespace gs::test {
namespace {

using OverlappedFrameReadbackGpu = CudaBackendTest;

TEST_F(OverlappedFrameReadbackGpu, FramesAreTheTwinsInOrderWithTheStepsTime) {
  const Fields start = random_fields({301, 177}, 21);
  const Params p = stable_params(Laplacian::Course, Boundary::Periodic);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.set_params(p));
  ASSERT_TRUE(twin.copy_in(start));
  ASSERT_TRUE(cuda_->set_params(p));
  ASSERT_TRUE(cuda_->copy_in(start));
  Expected<std::unique_ptr<FrameReadback>> opened = cuda_->open_frame_readback(DisplayField::V);
  ASSERT_TRUE(opened) << opened.message();
  FrameReadback& readback = **opened;
  ASSERT_TRUE(readback.overlapped());
  ASSERT_EQ(readback.depth(), 2);
  std::vector<FieldData> expected;
  double compute_ms = 0.0;
  constexpr int kFrames = 7;
  for (int frame = 0; frame < kFrames; ++frame) {
    ASSERT_TRUE(cuda_->step(frame + 1));  // calls of different lengths, never waited for
    ASSERT_TRUE(twin.step(frame + 1));
    Fields now;
    ASSERT_TRUE(twin.copy_out(now));
    expected.push_back(now.v);
    if (readback.queued() == readback.depth()) {
      Expected<ReadbackFrame> got = readback.collect();
      ASSERT_TRUE(got) << got.message();
      const std::size_t index = std::size_t(frame - readback.depth());
      EXPECT_TRUE(same_values(got->values, expected[index])) << "frame " << index;
      EXPECT_EQ(got->finite, std::optional<bool>(true));
      EXPECT_GT(got->transfer_ms, 0.0);
      compute_ms += got->compute_ms;
    }
    ASSERT_TRUE(readback.queue(std::vector<float>(start.size.cells())));
  }
  for (std::size_t index = kFrames - 2; index < kFrames; ++index) {
    Expected<ReadbackFrame> got = readback.collect();
    ASSERT_TRUE(got) << got.message();
    EXPECT_TRUE(same_values(got->values, expected[index])) << "frame " << index;
    compute_ms += got->compute_ms;
  }
  EXPECT_GT(compute_ms, 0.0) << "the frames carry the steps' time";
}

TEST_F(OverlappedFrameReadbackGpu, ANonFiniteStateShowsAndAGridChangeIsRefused) {
  Fields start = random_fields({64, 48}, 3);
  start.u[2000] = std::numeric_limits<float>::quiet_NaN();
  ASSERT_TRUE(cuda_->copy_in(start));
  Expected<std::unique_ptr<FrameReadback>> opened = cuda_->open_frame_readback(DisplayField::U);
  ASSERT_TRUE(opened) << opened.message();
  ASSERT_TRUE((*opened)->queue(std::vector<float>(start.size.cells())));
  Expected<ReadbackFrame> got = (*opened)->collect();
  ASSERT_TRUE(got) << got.message();
  EXPECT_EQ(got->finite, std::optional<bool>(false));
  ASSERT_TRUE(cuda_->copy_in(random_fields({32, 32}, 1)));
  const Status changed = (*opened)->queue(std::vector<float>(32 * 32));
  ASSERT_FALSE(changed);
  EXPECT_NE(changed.message().find("grid changed"), std::string::npos) << changed.message();
}

}  // namespace
}  // namespace gs::test
