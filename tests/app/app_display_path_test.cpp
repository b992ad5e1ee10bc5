// The display path through the real app, headless on EGL (Mesa's llvmpipe here): a backend
// replaced by one of the same kind (`backend cpu` on the twin, as `backend cuda` on CUDA) gets a
// new path, so nothing of the old backend (a CUDA stream) is used after it is gone; and
// --stats-json says which EGL device and which CUDA device run.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

TEST(AppDisplayPath, ABackendReplacedByOneOfTheSameKindGetsANewPath) {
  ScratchDir dir;
  // The steps hold the script back: each backend runs its 10 before the next line replaces it.
  const ProgramResult app =
      run_app_headless(dir, "pause\nstep 10\nbackend cpu\nstep 10\nbackend cpu\nstep 10\nquit\n",
                       {"--backend", "cpu", "--width", "96", "--height", "64", "--stats-json",
                        (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_FALSE(stats.is_discarded());
  EXPECT_EQ(stats["backend"], "cpu");
  EXPECT_EQ(stats["transfer"], "upload");
  EXPECT_EQ(stats["steps"], 30) << "every backend stepped";
  ASSERT_TRUE(stats["transfer_builds"].is_number()) << stats.dump();
  EXPECT_EQ(stats["transfer_builds"].get<int>(), 3)
      << "one path at the start and one for each replacement, though the kind stayed the same";
}

TEST(AppDisplayPath, StatsNameTheEglDeviceAndTheCudaDevice) {
  ScratchDir dir;
  // The default backend (auto): a CUDA device is asked of EGL first, and Mesa has none to give.
  const ProgramResult app = run_app_headless(dir, "size 64 48\nrun-frames 2\nquit\n",
                                             {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_FALSE(stats.is_discarded());
  ASSERT_TRUE(stats["egl_device"].is_string()) << stats.dump();
  const std::string egl = stats["egl_device"];
  EXPECT_EQ(egl.rfind("EGL device ", 0), 0u) << egl;
  EXPECT_NE(stats["opengl"].get<std::string>().find("headless on " + egl + ")"), std::string::npos)
      << "the device the context runs on: " << stats["opengl"];
  if (stats["backend"] == "cpu") {
    EXPECT_TRUE(stats["cuda_device"].is_null()) << stats.dump();
    EXPECT_TRUE(stats["interop_gl_match"].is_null()) << stats.dump();
  } else {
    EXPECT_TRUE(stats["cuda_device"].is_number()) << stats.dump();
  }
  if (egl.find("(software)") != std::string::npos) {
    EXPECT_TRUE(stats["egl_device_cuda"].is_null()) << "Mesa's software device is no CUDA device";
  }
}

}  // namespace
}  // namespace gs::test
