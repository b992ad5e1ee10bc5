// grayscott-batch --backend gl, the real binary on a headless EGL context (llvmpipe here): the
// state and frames files hold the twin's bits, --list-backends names the renderer, a GPU-only
// setting is refused in one line, and the quick benchmark measures it.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "bad_input_support.h"
#include "run_program.h"

namespace gs::test {
namespace {

#if GS_GL_BUILT

Args with(Args a, const Args& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The files of the same run on gl and on the twin, compared byte for byte (the state file
// records no backend: the same bits make the same file).
void expect_same_files(const Args& run, const std::string& name) {
  const ScratchDir dir;
  for (const char* backend : {"gl", "cpu"}) {
    const std::string output = (dir.path() / (std::string(backend) + ".h5")).string();
    const ProgramResult result = run_batch(with(run, {"--backend", backend, "--output", output}));
    ASSERT_EQ(result.exit_code, 0) << backend << ": " << result.err;
    if (std::string(backend) == "gl") {
      EXPECT_NE(result.out.find("backend   gl (GL compute on"), std::string::npos) << result.out;
    }
  }
  const std::string gl = read_file(dir.path() / "gl.h5"), twin = read_file(dir.path() / "cpu.h5");
  EXPECT_FALSE(gl.empty());
  EXPECT_TRUE(gl == twin) << name;
}

TEST(BatchGlBackend, WritesTheTwinsStateFiles) {
  const Args grid{"--width", "61", "--height", "47", "--init", "spots", "--seed", "5"};
  expect_same_files(
      with(grid, {"--steps", "300", "--laplacian", "nine-point", "--boundary", "neumann"}),
      "nine-point");
  expect_same_files(with(grid, {"--steps", "120", "--style-gradient", "radial", "--style-F", "0.03",
                                "--style-k", "0.06"}),
                    "style");
}

TEST(BatchGlBackend, ListsTheRendererAndRefusesCudaSettings) {
  const ProgramResult list = run_batch({"--list-backends"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  std::istringstream lines(list.out);
  std::string gl;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("gl ", 0) == 0) gl = line;
  EXPECT_NE(gl.find("compiled in"), std::string::npos) << list.out;
  EXPECT_NE(gl.find("OpenGL"), std::string::npos) << "the renderer and its version: " << gl;

  const ProgramResult refused =
      run_batch({"--backend", "gl", "--block", "32x8", "--width", "16", "--height", "16"});
  expect_one_line_error(refused, {"the launch shape (--block, --kernel) applies to the cuda"});
}

TEST(BatchGlBackend, ASweepSaysItRunsOnTheTwinOrCuda) {
  const ScratchDir dir;
  const ProgramResult result = run_batch(
      {"--backend", "gl", "--sweep-F", "0.02:0.04:2", "--sweep-k", "0.055:0.06:2", "--width", "16",
       "--height", "16", "--steps", "10", "--output", (dir.path() / "sweep.h5").string()});
  expect_one_line_error(result, {"--backend gl: many grids at once (a sweep) run on the CPU twin "
                                 "or CUDA; the gl backend runs one grid at a time"});
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "sweep.h5"));
}

TEST(BatchGlBackend, TheQuickBenchmarkMeasuresIt) {
  const ProgramResult result = run_batch({"--bench", "--backend", "gl", "--bench-steps", "8",
                                          "--width", "64", "--height", "64", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"gl\""), std::string::npos) << result.out;
}

#else

TEST(BatchGlBackend, WithoutGlTheBackendSaysSo) {
  const ProgramResult result = run_batch({"--backend", "gl", "--width", "8", "--height", "8"});
  expect_one_line_error(result, {"--backend gl: gl unavailable"});
}

#endif

}  // namespace
}  // namespace gs::test
