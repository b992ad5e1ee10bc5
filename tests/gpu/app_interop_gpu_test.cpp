// The real grayscott, headless on the GPU's EGL, on the interop path (CTest label `gpu`; skipped
// where no CUDA device answers): a CUDA backend replaced by another (`backend cuda` while on CUDA,
// as the panel's backend list and the pcie-toll demo do) keeps stepping on interop, each frame
// mapped on the new backend's stream, and shows what the CPU twin shows for the same steps.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gs/cuda_backend.h"
#include "run_program.h"

namespace gs::test {
namespace {

// `pause` first: each backend runs exactly its `step 40` before the next line replaces it.
std::string replacing_script(const ScratchDir& dir, const std::string& backend) {
  std::string script = "pause\nset range-min 0\nset range-max 0.4\nstep 40\n";
  for (int shot = 1; shot <= 2; ++shot)
    script += "screenshot " + (dir / (std::to_string(shot) + ".png")).string() + "\nbackend " +
              backend + "\nstep 40\n";
  return script + "screenshot " + (dir / "3.png").string() + "\nquit\n";
}

ProgramResult run_headless(const ScratchDir& dir, const std::string& backend,
                           const std::vector<std::string>& extra) {
  const std::string script = (dir / "script.gs").string();
  std::ofstream(script) << replacing_script(dir, backend);
  std::vector<std::string> args = {"-u",
                                   "DISPLAY",
                                   "-u",
                                   "WAYLAND_DISPLAY",
                                   "XDG_CONFIG_HOME=" + (dir / "config").string(),
                                   GS_APP_BINARY,
                                   "--headless",
                                   "--script",
                                   script,
                                   "--backend",
                                   backend,
                                   "--width",
                                   "256",
                                   "--height",
                                   "128",
                                   "--stats-json",
                                   (dir / "stats.json").string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_program("/usr/bin/env", args);
}

TEST(AppInteropGpu, ACudaBackendReplacedByAnotherKeepsSteppingOnInterop) {
  if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
  ScratchDir gpu, twin;
  const ProgramResult app = run_headless(gpu, "cuda", {"--transfer", "interop"});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = nlohmann::json::parse(read_file(gpu / "stats.json"), nullptr, false);
  ASSERT_FALSE(stats.is_discarded()) << app.err;
  EXPECT_EQ(stats["backend"], "cuda");
  EXPECT_EQ(stats["transfer"], "interop") << "no fallback: " << stats["fallback_reason"];
  EXPECT_EQ(stats["fallback_reason"], "");
  EXPECT_EQ(stats["steps"], 120);
  EXPECT_EQ(stats["transfer_builds"], 3) << "a new interop path for each new backend";
  EXPECT_TRUE(stats["cuda_device"].is_number()) << stats.dump();
  EXPECT_TRUE(stats["interop_gl_match"].is_string()) << stats.dump();
  if (stats["egl_device_cuda"].is_number()) {
    EXPECT_EQ(stats["egl_device_cuda"], stats["cuda_device"]) << "EGL chose the backend's GPU";
  }

  // What interop brought to the texture is what the twin computes: the screenshots are the
  // texture, and a frame mapped on a dead stream would leave it stale (or fail over to host).
  const ProgramResult cpu = run_headless(twin, "cpu", {});
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  for (const char* shot : {"1.png", "2.png", "3.png"}) {
    const std::string shown = read_file(gpu / shot);
    ASSERT_FALSE(shown.empty()) << shot;
    EXPECT_TRUE(shown == read_file(twin / shot)) << shot << " differs from the twin's";
  }
  EXPECT_NE(read_file(gpu / "2.png"), read_file(gpu / "3.png")) << "the last backend stepped";
}

}  // namespace
}  // namespace gs::test
