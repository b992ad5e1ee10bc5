// What a backend says about itself (kind, capabilities, the CPU twin's loop) and how it takes
// its part of the whole options: the batch program's options refuse a setting for another
// backend, the app's keep it for when that backend runs.
#include <gtest/gtest.h>

#include <string>

#include "gs/backend_factory.h"

namespace gs::test {
namespace {

BackendOptions twin_and_launch_options(UnusedSettings unused) {
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  options.cpu_threads = 2;
  options.cpu_path = CpuTwinPath::Reference;
  options.cpu_steps_per_pass = 3;
  options.block = BlockShape{32, 8};
  options.variant = KernelVariant::Strided;
  options.unused_settings = unused;
  return options;
}

TEST(BackendCapabilities, TheTwinSaysWhatItIsAndWhatItCan) {
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  Expected<SelectedBackend> selected = create_backend(options);
  ASSERT_TRUE(selected) << selected.message();
  const Backend& twin = *selected->backend;
  EXPECT_EQ(twin.kind(), BackendKind::CpuTwin);
  EXPECT_EQ(twin.name(), "cpu");
  const BackendCapabilities can = twin.capabilities();
  EXPECT_TRUE(can.cpu_loop);
  EXPECT_FALSE(can.launch_shape);
  EXPECT_FALSE(can.device_memory);
  EXPECT_FALSE(can.interop);
  EXPECT_FALSE(can.gpu_measurements);
  ASSERT_TRUE(twin.cpu_loop());
  EXPECT_EQ(twin.cpu_loop()->path, CpuTwinPath::Fast);
  EXPECT_GE(twin.cpu_loop()->threads, 1);
  EXPECT_EQ(to_string(BackendKind::Cuda), "cuda");
}

TEST(BackendCapabilities, TheGpuMeasurementsAreRefusedByTheTwin) {
  Expected<SelectedBackend> selected =
      create_backend(twin_and_launch_options(UnusedSettings::Kept));
  ASSERT_TRUE(selected) << selected.message();
  Backend& twin = *selected->backend;
  ASSERT_TRUE(twin.copy_in(Fields(GridSize{16, 16})));
  Expected<DisplayPathTimes> paths = twin.measure_display_paths(1);
  ASSERT_FALSE(paths);
  EXPECT_NE(paths.message().find("GPU"), std::string::npos) << paths.message();
  EXPECT_FALSE(twin.measure_graph_costs(1));
}

TEST(BackendOptions, TheTwinTakesItsPartAndKeepsTheLaunchWhereAsked) {
  Expected<SelectedBackend> kept = create_backend(twin_and_launch_options(UnusedSettings::Kept));
  ASSERT_TRUE(kept) << kept.message();
  ASSERT_TRUE(kept->backend->cpu_loop());
  EXPECT_EQ(kept->backend->cpu_loop()->path, CpuTwinPath::Reference);
  EXPECT_EQ(kept->backend->cpu_loop()->steps_per_pass, 3);
  EXPECT_EQ(kept->backend->cpu_loop()->threads, 2);

  Expected<SelectedBackend> refused =
      create_backend(twin_and_launch_options(UnusedSettings::Refused));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("launch shape"), std::string::npos) << refused.message();
}

TEST(BackendOptions, AutoKeepingTheLaunchFallsBackWithoutAWordOnIt) {
  BackendOptions options = twin_and_launch_options(UnusedSettings::Kept);
  options.choice = BackendChoice::Auto;
  Expected<SelectedBackend> selected = create_backend(options);
  ASSERT_TRUE(selected) << selected.message();
  if (selected->backend->kind() != BackendKind::CpuTwin) GTEST_SKIP() << "a GPU answered";
  EXPECT_EQ(selected->reason.find("launch shape"), std::string::npos) << selected->reason;
  EXPECT_EQ(selected->backend->cpu_loop()->path, CpuTwinPath::Reference);
}

TEST(BackendOptions, AFailingConfigureChangesNothing) {
  BackendOptions options;
  options.choice = BackendChoice::Cpu;
  Expected<SelectedBackend> selected = create_backend(options);
  ASSERT_TRUE(selected) << selected.message();
  Backend& twin = *selected->backend;
  BackendOptions bad = twin_and_launch_options(UnusedSettings::Kept);
  bad.cpu_steps_per_pass = 1000;
  EXPECT_FALSE(twin.configure(bad));
  EXPECT_EQ(twin.cpu_loop()->path, CpuTwinPath::Fast) << "the path stays with the bad pass length";
}

}  // namespace
}  // namespace gs::test
