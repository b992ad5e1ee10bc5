// The frame readback a host backend uses (gs/frame_readback.h): each frame is the display field
// as the calls before it left it, with its finiteness, in the order queued; its bookkeeping
// refuses a frame past its depth and a collect with none queued.
#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <vector>

#include "gs/cpu_twin_backend.h"
#include "reference_model.h"

namespace gs::test {
namespace {

std::unique_ptr<FrameReadback> open_readback(Backend& backend, DisplayField field) {
  Expected<std::unique_ptr<FrameReadback>> opened = backend.open_frame_readback(field);
  EXPECT_TRUE(opened) << opened.message();
  return opened ? std::move(opened).value() : nullptr;
}

TEST(HostFrameReadback, GivesEachFrameAsTheCallsBeforeItLeftTheField) {
  const Fields start = random_fields({37, 23}, 4);
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.set_params(stable_params(Laplacian::NinePoint, Boundary::Periodic)));
  ASSERT_TRUE(twin.copy_in(start));
  std::unique_ptr<FrameReadback> readback = open_readback(twin, DisplayField::U);
  ASSERT_TRUE(readback);
  EXPECT_FALSE(readback->overlapped()) << "nothing runs behind a host backend";
  ASSERT_EQ(readback->depth(), 1);
  for (int frame = 0; frame < 3; ++frame) {
    ASSERT_TRUE(twin.step(2));
    Fields now;
    ASSERT_TRUE(twin.copy_out(now));
    ASSERT_TRUE(readback->queue(std::vector<float>(start.size.cells())));
    EXPECT_EQ(readback->queued(), 1);
    const Status past_depth = readback->queue(std::vector<float>(start.size.cells()));
    EXPECT_FALSE(past_depth) << "a second frame past a depth of one";
    ASSERT_TRUE(twin.step(1));  // after the queue: the frame must not see this step
    Expected<ReadbackFrame> got = readback->collect();
    ASSERT_TRUE(got) << got.message();
    EXPECT_TRUE(same_values(got->values, now.u)) << "frame " << frame;
    EXPECT_EQ(readback->queued(), 0);
  }
  const Expected<ReadbackFrame> none = readback->collect();
  ASSERT_FALSE(none);
  EXPECT_NE(none.message().find("none queued"), std::string::npos) << none.message();
}

// A host backend's frame is the field as it is, whatever it holds; its finiteness is the
// caller's to check (after each call), so the readback does not scan the state again.
TEST(HostFrameReadback, CopiesANonFiniteFieldAsItIsAndRefusesAWrongBuffer) {
  Fields start = random_fields({16, 9}, 2);
  start.v[100] = std::numeric_limits<float>::infinity();
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(start));
  std::unique_ptr<FrameReadback> readback = open_readback(twin, DisplayField::V);
  ASSERT_TRUE(readback);
  EXPECT_FALSE(readback->queue(std::vector<float>(start.size.cells() - 1)))
      << "a buffer one float short";
  EXPECT_EQ(readback->queued(), 0) << "a refused frame is not queued";
  ASSERT_TRUE(readback->queue(std::vector<float>(start.size.cells())));
  Expected<ReadbackFrame> got = readback->collect();
  ASSERT_TRUE(got) << got.message();
  EXPECT_FALSE(got->finite.has_value()) << "left to the caller";
  EXPECT_EQ(got->values[100], std::numeric_limits<float>::infinity());
}

}  // namespace
}  // namespace gs::test
