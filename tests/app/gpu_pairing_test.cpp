// Which GPU the GL context and the CUDA backend share (gpu_pairing.h): the EGL device tried first,
// when interop trusts the match, and what the Timings and --stats-json say; and the simulation's
// count of backend replacements that the display path follows.
#include "gpu_pairing.h"

#include <gtest/gtest.h>

#include <memory>

#include "simulation.h"

namespace gs::app {
namespace {

using Order = std::vector<std::size_t>;
using CudaOf = std::vector<std::optional<int>>;

TEST(EglDeviceOrder, TheWantedCudaDeviceFirstThenTheRestInEglsOrder) {
  // Four GPUs in EGL's order, CUDA_VISIBLE_DEVICES=2,0 (EGL device 0 hidden from CUDA), and Mesa.
  const CudaOf cuda_of = {std::nullopt, 1, std::nullopt, 0, std::nullopt};
  EXPECT_EQ(egl_device_order(cuda_of, 0, std::nullopt), (Order{3, 0, 1, 2, 4}));
  EXPECT_EQ(egl_device_order(cuda_of, 1, std::nullopt), (Order{1, 0, 2, 3, 4}));
}

TEST(EglDeviceOrder, NoMatchOrNoWishKeepsEglsOrder) {
  const CudaOf mesa_only = {std::nullopt};
  EXPECT_EQ(egl_device_order(mesa_only, 0, std::nullopt), (Order{0}));
  const CudaOf two = {1, 0};
  EXPECT_EQ(egl_device_order(two, std::nullopt, std::nullopt), (Order{0, 1}))
      << "no CUDA device wanted";
  EXPECT_EQ(egl_device_order(two, 5, std::nullopt), (Order{0, 1})) << "no EGL device is CUDA 5";
}

TEST(EglDeviceOrder, GsEglDeviceAllowsThatDeviceAlone) {
  const CudaOf two = {1, 0};
  EXPECT_EQ(egl_device_order(two, 0, std::size_t{0}), (Order{0}))
      << "the user's choice wins over the match";
}

const Expected<std::vector<int>> kCudaGlFailed =
    Error{"cudaGLGetDevices failed: unknown error (CUDA error 999)"};

TEST(MatchGlToCuda, CudaGlGetDevicesDecidesWhereItAnswers) {
  EXPECT_EQ(*match_gl_to_cuda(std::vector<int>{0}, std::nullopt, 0), GlCudaMatch::CudaGlGetDevices);
  EXPECT_EQ(*match_gl_to_cuda(std::vector<int>{1, 0}, 0, 0), GlCudaMatch::CudaGlGetDevices);
  const Expected<GlCudaMatch> other = match_gl_to_cuda(std::vector<int>{1}, std::nullopt, 0);
  ASSERT_FALSE(other);
  EXPECT_EQ(other.message(),
            "the OpenGL context runs on CUDA device 1, not on CUDA device 0, where the cuda "
            "backend runs");
  EXPECT_FALSE(match_gl_to_cuda(std::vector<int>{1}, 0, 0))
      << "a device list that leaves the backend's out is not overruled";
}

TEST(MatchGlToCuda, WhereCudaGlGetDevicesFailsTheEglMatchIsTrusted) {
  const Expected<GlCudaMatch> trusted = match_gl_to_cuda(kCudaGlFailed, 1, 1);
  ASSERT_TRUE(trusted) << trusted.message();
  EXPECT_EQ(*trusted, GlCudaMatch::EglCudaDevice);
  EXPECT_STREQ(to_string(*trusted), "EGL_CUDA_DEVICE_NV");
  EXPECT_EQ(*match_gl_to_cuda(std::vector<int>{}, 0, 0), GlCudaMatch::EglCudaDevice)
      << "an empty list says nothing either";

  const Expected<GlCudaMatch> mismatch = match_gl_to_cuda(kCudaGlFailed, 1, 0);
  ASSERT_FALSE(mismatch);
  EXPECT_EQ(mismatch.message(),
            "the OpenGL context's EGL device is CUDA device 1, not CUDA device 0, where the cuda "
            "backend runs");
  const Expected<GlCudaMatch> unknown = match_gl_to_cuda(kCudaGlFailed, std::nullopt, 0);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.message(), kCudaGlFailed.message()) << "CUDA's own reason";
  EXPECT_FALSE(match_gl_to_cuda(std::vector<int>{}, std::nullopt, 0));
}

TEST(CudaDeviceOfGl, CudaGlGetDevicesThenEgl) {
  EXPECT_EQ(cuda_device_of_gl(std::vector<int>{2, 0}, 1), 2);
  EXPECT_EQ(cuda_device_of_gl(kCudaGlFailed, 1), 1);
  EXPECT_EQ(cuda_device_of_gl(std::vector<int>{}, 0), 0);
  EXPECT_EQ(cuda_device_of_gl(kCudaGlFailed, std::nullopt), std::nullopt);
}

TEST(DevicesText, NamesTheEglAndTheCudaDevice) {
  EXPECT_EQ(devices_text({EglDevice{"EGL device 1 (/dev/dri/card1)", 0}, 0, std::nullopt}),
            "EGL device 1 (/dev/dri/card1) is CUDA 0; backend on CUDA 0");
  EXPECT_EQ(devices_text(
                {EglDevice{"EGL device 0 (software)", std::nullopt}, std::nullopt, std::nullopt}),
            "EGL device 0 (software); backend on the CPU");
  EXPECT_EQ(devices_text({std::nullopt, 1, GlCudaMatch::CudaGlGetDevices}), "backend on CUDA 1")
      << "a window's context has no EGL device";
  EXPECT_EQ(devices_text({EglDevice{"EGL device 1 (/dev/dri/renderD128)", std::nullopt},
                          std::nullopt, std::nullopt, true}),
            "EGL device 1 (/dev/dri/renderD128); backend in the OpenGL context");
}

TEST(BackendGeneration, EveryReplacementCountsAlsoOfTheSameKind) {
  SimulationSettings settings;
  settings.backend = BackendChoice::Cpu;
  settings.size = GridSize{32, 24};
  Expected<std::unique_ptr<Simulation>> sim = Simulation::create(settings);
  ASSERT_TRUE(sim) << sim.message();
  const Backend* first = &(*sim)->backend();
  EXPECT_EQ((*sim)->backend_generation(), 0);
  ASSERT_TRUE((*sim)->apply(command::SelectBackend{BackendChoice::Cpu}));
  EXPECT_EQ((*sim)->backend_generation(), 1);
  EXPECT_NE(&(*sim)->backend(), first) << "a new backend, of the same kind";
  EXPECT_EQ((*sim)->backend().kind(), BackendKind::CpuTwin);
  ASSERT_TRUE((*sim)->apply(command::SelectBackend{BackendChoice::Cpu}));
  EXPECT_EQ((*sim)->backend_generation(), 2);
  ASSERT_TRUE((*sim)->apply(command::Resize{40, 30}));
  EXPECT_EQ((*sim)->backend_generation(), 2) << "a new grid keeps the backend";
}

}  // namespace
}  // namespace gs::app
