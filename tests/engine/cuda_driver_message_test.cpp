// The message where the NVIDIA driver is older than the build's CUDA (gs/cuda_driver_message.h):
// on Debian 12's own driver (535, CUDA 12.2) with our CUDA 13 build it names both versions, the
// driver CUDA 13 needs and the other way out, a build with the user's own toolkit. Before, it said
// "update the driver, or build with a CUDA toolkit the driver runs", with no version to aim at.
#include <gtest/gtest.h>

#include "gs/cuda_driver_message.h"

namespace gs {
namespace {

TEST(CudaDriverMessage, NamesBothVersionsTheDriverNeededAndTheRebuild) {
  EXPECT_EQ(old_driver_message(12020, 13000),
            "the NVIDIA driver runs CUDA up to 12.2, older than the CUDA 13.0 this build was made "
            "with: update the driver to 580 or newer, or rebuild with your CUDA toolkit (11.8 or "
            "newer; Debian's own is 11.8): docs/gpu.md");
  EXPECT_EQ(cuda_version_text(11080), "11.8");
  EXPECT_EQ(minimum_driver_for(11080), 520);
  EXPECT_EQ(minimum_driver_for(12060), 525);
  EXPECT_EQ(minimum_driver_for(13000), 580);
}

}  // namespace
}  // namespace gs
