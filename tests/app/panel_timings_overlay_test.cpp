// The Timings overlay says what the frame's bytes cross on this machine: PCIe where OpenGL runs on
// a graphics card, and "copied" where it renders in software (llvmpipe), whose texture is in CPU
// memory and where no bus is crossed. Before, a lecture PC without a GPU showed "8.3 MB/frame over
// PCIe" for bytes that crossed no bus.
#include <gtest/gtest.h>

#include "cpu_simulation.h"
#include "panel_driver.h"
#include "timings_configuration.h"
#include "timings_overlay.h"

namespace gs::app {
namespace {

TEST(PanelTimingsOverlay, TheBusIsPcieOnACardAndCopiedInSoftware) {
  EXPECT_EQ(transfer_bus_label("4.5 (llvmpipe (LLVM 15.0.6, 256 bits))"), "copied");
  EXPECT_EQ(transfer_bus_label("4.5 (softpipe)"), "copied");
  EXPECT_EQ(transfer_bus_label("4.6.0 NVIDIA 580.95.05 (NVIDIA H200/PCIe/SSE2)"), "PCIe");
  EXPECT_EQ(transfer_bus_label("4.6 (Mesa Intel(R) UHD Graphics 620 (KBL GT2))"), "PCIe");
  test::PanelDriver driver;
  for (const char* bus : {"copied", "PCIe"}) {
    TimingsSummary timings;
    timings.path = "CPU twin, upload";
    timings.pcie_mb = 8.3;
    timings.bus = bus;
    const std::string text = driver.text_of_frame([&] {
      draw_timings_overlay(timings, ScreenRect{0, 0, 400, 300}, app::UiFonts{});
    });
    EXPECT_NE(text.find(bus), std::string::npos) << text;
    EXPECT_NE(text.find("8.3 MB/frame"), std::string::npos) << text;
  }
}

// The frame a demo changes the grid, the figures in hand are the last grid's: the overlay says
// "measuring" until the new configuration has its own (the first frame of pearson-tour showed the
// map demo's 0.5 MB/frame).
TEST(PanelTimingsOverlay, AnotherConfigurationsFiguresAreNeverShownAsThisOnes) {
  const std::unique_ptr<Simulation> simulation = test::cpu_simulation({64, 48});
  ASSERT_TRUE(simulation);
  FrameTiming frame;
  frame.steps = 4;
  frame.kernel_ms = 1.0;
  frame.frame_ms = 10.0;
  frame.pcie_bytes = 518400;
  FrameStats stats;
  const TimingsConfiguration map_demo{"CPU twin fast, 480x270, upload, auto steps/frame", 0};
  for (int i = 0; i < 40; ++i) stats.add(frame, {480, 270}, map_demo);
  ASSERT_GT(stats.frames_in_average(), 0u);
  EXPECT_TRUE(summarize_timings(*simulation, stats, TransferPath::Upload, "", "").measuring);
  const TimingsConfiguration now = timings_configuration(*simulation, TransferPath::Upload);
  for (int i = 0; i < 40; ++i) stats.add(frame, {64, 48}, now);
  EXPECT_FALSE(summarize_timings(*simulation, stats, TransferPath::Upload, "", "").measuring);
}

}  // namespace
}  // namespace gs::app
