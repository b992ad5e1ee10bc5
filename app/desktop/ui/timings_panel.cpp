// The Timings section: where each frame's time goes, and a plot of the last few hundred frames.
#include <imgui.h>

#include <vector>

#include "control_panel.h"

namespace gs::app {

void draw_timings(const PanelContext& c) {
  const FrameTiming average = c.stats.recent_average();
  const double per_step = average.steps > 0 ? average.kernel_ms / average.steps : 0.0;
  ImGui::Text("kernel    %8.3f ms/frame  %8.4f ms/step", average.kernel_ms, per_step);
  ImGui::Text("transfer  %8.3f ms/frame", average.transfer_ms);
  ImGui::Text("draw      %8.3f ms (GL)", average.draw_ms);
  ImGui::Text("frame     %8.3f ms  %6.1f FPS", average.frame_ms, c.stats.fps());
  ImGui::Text("steps     %d/frame  %.0f steps/s", average.steps, c.stats.steps_per_s());
  // The steps asked beside the steps run, and why they differ.
  if (!c.pace.capped.empty())
    ImGui::TextWrapped("          %d of %d asked: %s", c.pace.steps, c.pace.asked,
                       c.pace.capped.c_str());
  const double mcells = c.stats.mcells_per_s();
  ImGui::Text("speed     %.0f Mcells/s  %.1f GB/s (16 B/cell)", mcells, mcells * 16.0 / 1e3);
  ImGui::Text("PCIe      %.1f MB/frame on %s", double(average.pcie_bytes) / 1e6,
              to_string(c.transfer).c_str());

  std::vector<float> kernel, transfer;
  for (const FrameTiming& frame : c.stats.history()) {
    kernel.push_back(float(frame.kernel_ms));
    transfer.push_back(float(frame.transfer_ms));
  }
  if (!kernel.empty()) {
    ImGui::PlotLines("kernel ms", kernel.data(), int(kernel.size()), 0, nullptr, 0.0f, FLT_MAX,
                     ImVec2(0, 60));
    ImGui::PlotLines("transfer ms", transfer.data(), int(transfer.size()), 0, nullptr, 0.0f,
                     FLT_MAX, ImVec2(0, 60));
  }
}

}  // namespace gs::app
