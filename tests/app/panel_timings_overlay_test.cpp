// The Timings overlay says what the frame's bytes cross on this machine: PCIe where OpenGL runs on
// a graphics card, and "copied" where it renders in software (llvmpipe), whose texture is in CPU
// memory and where no bus is crossed. Before, a lecture PC without a GPU showed "8.3 MB/frame over
// PCIe" for bytes that crossed no bus.
#include <gtest/gtest.h>

#include "panel_driver.h"
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
      draw_timings_overlay(timings, ScreenRect{0, 0, 400, 300}, nullptr);
    });
    EXPECT_NE(text.find(bus), std::string::npos) << text;
    EXPECT_NE(text.find("8.3 MB/frame"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace gs::app
