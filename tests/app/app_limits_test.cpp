// Grids the display cannot show (wider or taller than the GL texture limit) are refused with
// the limit in the message, by `size`, by `load` and on the command line, never shown stale or
// read past a buffer. Headless on Mesa, whose limit is 16384. And a state file on which libhdf5
// itself crashes is an error of its script line, not the end of the app.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

TEST(AppLimits, AGridPastTheTextureLimitIsRefusedWithTheLimit) {
  ScratchDir dir;
  const ProgramResult resized = run_app_headless(
      dir, "size 64 64\nsize 16385 16\nscreenshot " + (dir / "a.png").string() + "\nquit\n");
  EXPECT_EQ(resized.exit_code, 1);
  EXPECT_NE(resized.err.find("script.gs:2"), std::string::npos) << resized.err;
  EXPECT_NE(resized.err.find("16385x16"), std::string::npos) << resized.err;
  EXPECT_NE(resized.err.find("16384"), std::string::npos) << resized.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "a.png"));

  ASSERT_TRUE(write_state(dir / "long.h5", Fields({1048576, 1}), Params{}, 0));
  const ProgramResult loaded =
      run_app_headless(dir, "size 64 64\nload " + (dir / "long.h5").string() + "\nquit\n");
  EXPECT_EQ(loaded.exit_code, 1);
  EXPECT_NE(loaded.err.find("1048576x1"), std::string::npos) << loaded.err;
  EXPECT_NE(loaded.err.find("16384"), std::string::npos) << loaded.err;

  const ProgramResult started =
      run_app_headless(dir, "quit\n", {"--width", "20000", "--height", "200"});
  EXPECT_EQ(started.exit_code, 1);
  EXPECT_NE(started.err.find("20000x200"), std::string::npos) << started.err;
}

TEST(AppLimits, AStateFileThatCrashesLibHdf5IsAnErrorNotACrash) {
  ScratchDir dir;
  std::filesystem::copy_file(
      std::filesystem::path(GS_LIBHDF5_FAULTS_DIR) / "segv-in-H5F__accum_read.h5", dir / "in.h5");
  const ProgramResult loaded =
      run_app_headless(dir, "size 64 64\nload " + (dir / "in.h5").string() + "\nquit\n");
  EXPECT_EQ(loaded.exit_code, 1) << loaded.err;  // killed by SIGSEGV (139) before
  EXPECT_NE(loaded.err.find("script.gs:2"), std::string::npos) << loaded.err;
  EXPECT_NE(loaded.err.find("the HDF5 library crashed on it"), std::string::npos) << loaded.err;
}

// Unattended runs end with their script: headless always, windowed with --exit-after-script
// (a script without `quit` would otherwise leave the window open, as a demo may want).
TEST(AppLimits, AScriptWithoutQuitEndsUnattendedRuns) {
  ScratchDir dir;
  const std::string script = "size 64 64\nrun-frames 3\n";
  const ProgramResult headless = run_app_headless(dir, script);
  EXPECT_EQ(headless.exit_code, 0) << headless.err;
  const ProgramResult windowed = run_app(dir, script, {"--exit-after-script"});
  EXPECT_EQ(windowed.exit_code, 0) << windowed.err;
}

}  // namespace
}  // namespace gs::test
