// The real grayscott-batch writing a frames file on CUDA, where the frames cross behind the steps
// (the overlapped readback: staged on the device, copied on a second stream, no call waited for),
// against the CPU twin's frames file: every frame the twin's, bit for bit; and a run that
// diverges stops at its first non-finite frame with one line and no file left behind (CTest
// label `gpu`; skipped where no CUDA device answers).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "bad_input_support.h"
#include "gs/cuda_backend.h"
#include "hdf5_test_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

class BatchFramesGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
  }
};

TEST_F(BatchFramesGpu, OverlappedFramesAreTheTwinsFrames) {
  ScratchDir dir;
  // An awkward grid, and calls that grow within each frame (7 steps: 1, 2, 4) before the frame.
  for (const std::string backend : {"cuda", "cpu"}) {
    const ProgramResult run =
        run_batch({"--backend", backend, "--width", "203", "--height", "157", "--frames", "9",
                   "--steps-per-frame", "7", "--preset", "course", "--frames-output",
                   (dir / (backend + ".h5")).string(), "--json"});
    ASSERT_EQ(run.exit_code, 0) << backend << ": " << run.err;
    EXPECT_NE(run.out.find("\"backend\": \"" + backend + "\""), std::string::npos) << run.out;
  }
  const DatasetContents gpu = read_dataset(dir / "cuda.h5", "frames");
  const DatasetContents cpu = read_dataset(dir / "cpu.h5", "frames");
  ASSERT_EQ(gpu.dims, (std::vector<std::size_t>{9, 157, 203}));
  EXPECT_TRUE(gpu.values == cpu.values) << "every frame bit for bit";
}

TEST_F(BatchFramesGpu, ADivergingRunStopsWithOneLineAndNoFile) {
  ScratchDir dir;
  write_overflowing_state(dir / "in.h5", {32, 24});
  const ProgramResult run = run_batch(
      in_folder({"--backend", "cuda", "--input", "@/in.h5", "--frames", "10", "--steps-per-frame",
                 "10", "--frames-output", "@/frames.h5", "--output", "@/out.h5"},
                dir));
  expect_one_line_error(run, {"diverged", "between step", "nothing written"});
  EXPECT_FALSE(std::filesystem::exists(dir / "frames.h5"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out.h5"));
}

}  // namespace
}  // namespace gs::test
