// The Timings: where each frame's time goes, in the panel (with a plot of the last few hundred
// frames, timings_plot.h) and, when presenting, as an overlay in large type telling the course's
// story: kernel time, transfer time, bytes over PCIe per frame, steps per second; both say which
// EGL and CUDA devices run. Paused, they say so and show no rates: the last running figures would
// read as live. Both show averages over the current configuration only (frame_stats.h), and
// "measuring" in the frames after a change, before its first figure.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "control_panel.h"
#include "timings_configuration.h"
#include "timings_overlay.h"
#include "timings_plot.h"

namespace gs::app {
namespace {

// A label and its value in two columns (the value's text formatted by the caller).
void figure_row(const char* label, const char* format, double value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(label);
  ImGui::TableNextColumn();
  ImGui::Text(format, value);
}

bool paused(const PanelContext& c) {
  return !c.simulation.running() && c.simulation.pending_steps() == 0;
}

void paused_line(const PanelContext& c) {
  ImGui::Text("paused at step %lld: no figures until it runs", c.simulation.total_steps());
}

}  // namespace

void draw_timings(const PanelContext& c) {
  ImGui::TextWrapped("%s", c.devices.c_str());
  if (paused(c)) {
    paused_line(c);
    return;
  }
  if (c.stats.frames_in_average() == 0) {
    ImGui::TextUnformatted("measuring the new configuration...");
    return;
  }
  const FrameTiming average = c.stats.recent_average();
  const double per_step = average.steps > 0 ? average.kernel_ms / average.steps : 0.0;
  const double mcells = c.stats.mcells_per_s();
  ImGui::PushTextWrapPos(-1.0f);  // the table's columns fit their text: no wrapping inside
  if (ImGui::BeginTable("timings", 2, ImGuiTableFlags_SizingFixedFit)) {
    figure_row("kernel", "%.3f ms/frame", average.kernel_ms);
    figure_row("", "%.4f ms/step", per_step);
    figure_row("transfer", "%.3f ms/frame", average.transfer_ms);
    // The host's time in the transfer's calls: beside the interop's GPU-side time, a driver
    // that blocks in map or unmap shows here and not as transfer.
    figure_row("", "%.3f ms host calls", average.transfer_host_ms);
    figure_row("draw", "%.3f ms (GL)", average.draw_ms);
    figure_row("frame", "%.3f ms", average.frame_ms);
    figure_row("", "%.1f frames/s", c.stats.fps());
    figure_row("steps", "%.0f/frame", double(average.steps));
    figure_row("", "%.0f steps/s", c.stats.steps_per_s());
    figure_row("speed", "%.0f Mcells/s", mcells);
    figure_row("", "%.1f GB/s (16 B/cell)", mcells * 16.0 / 1e3);
    figure_row(transfer_bus_label(c.gl_version).c_str(), "%.1f MB/frame",
               double(average.pcie_bytes) / 1e6);
    ImGui::EndTable();
  }
  ImGui::PopTextWrapPos();
  // The steps asked beside the steps run, and why they differ.
  if (!c.pace.capped.empty())
    ImGui::Text("%d of %d steps asked: %s", c.pace.steps, c.pace.asked, c.pace.capped.c_str());
  if (transfer_bus_label(c.gl_version) == "PCIe")
    ImGui::Text("PCIe on the %s path", to_string(c.transfer).c_str());
  else  // the texture is in CPU memory: the bytes are copied, over no bus
    ImGui::Text("%s path: copied in memory (OpenGL renders in software)",
                to_string(c.transfer).c_str());
  // Which frames the figures are of: they restart with each change of configuration.
  const std::size_t frames = c.stats.frames_in_average();
  ImGui::TextWrapped("averages of the last %zu frame%s of: %s", frames, frames == 1 ? "" : "s",
                     c.stats.configuration().text.c_str());

  if (!c.stats.history().empty())
    c.state.timings_plot = draw_timings_plot(c.stats.history(), FrameStats::kHistory);
}

std::string transfer_bus_label(const std::string& gl_version) {
  for (const char* software : {"llvmpipe", "softpipe", "SwiftShader", "Software Rasterizer"})
    if (gl_version.find(software) != std::string::npos) return "copied";
  return "PCIe";
}

TimingsSummary summarize_timings(const Simulation& simulation, const FrameStats& stats,
                                 TransferPath transfer, const std::string& devices,
                                 const std::string& gl_version) {
  TimingsSummary summary;
  summary.bus = transfer_bus_label(gl_version);
  summary.devices = devices;
  const BackendKind kind = simulation.backend().kind();
  summary.path = std::string(kind == BackendKind::Cuda ? "GPU"
                             : kind == BackendKind::Gl ? "GL compute"
                                                       : "CPU twin") +
                 ", " + to_string(transfer);
  summary.paused = !simulation.running() && simulation.pending_steps() == 0;
  // The figures of another configuration (the frame a demo changed the grid) read as this one's.
  summary.measuring = stats.frames_in_average() == 0 ||
                      stats.configuration() != timings_configuration(simulation, transfer);
  const FrameTiming average = stats.recent_average();
  summary.kernel_ms = average.kernel_ms;
  summary.transfer_ms = average.transfer_ms;
  summary.pcie_mb = double(average.pcie_bytes) / 1e6;
  summary.steps_per_s = stats.steps_per_s();
  summary.step = simulation.total_steps();
  return summary;
}

namespace {

// The overlay's figures as lines of fixed-width text, their labels in a column.
std::string overlay_figures(const TimingsSummary& timings) {
  std::string text = timings.path + "\n";
  char line[96];
  if (timings.paused) {
    std::snprintf(line, sizeof line, "paused at step %lld", timings.step);
    return text + line;
  }
  if (timings.measuring) {
    std::snprintf(line, sizeof line, "step %lld: measuring...", timings.step);
    return text + line;
  }
  const auto row = [&](const char* label, const char* format, double value, bool last = false) {
    char figure[48];
    std::snprintf(figure, sizeof figure, format, value);
    std::snprintf(line, sizeof line, "%-9s%s%s", label, figure, last ? "" : "\n");
    text += line;
  };
  // Right-aligned in columns wide enough for the figures a lecture sees, so the overlay keeps its
  // width (and the field its place) as they change.
  row("kernel", "%6.2f ms", timings.kernel_ms);
  row("transfer", "%6.2f ms", timings.transfer_ms);
  row(timings.bus.c_str(), "%5.1f MB/frame", timings.pcie_mb);
  row("steps/s", "%8.0f", timings.steps_per_s);
  row("step", "%8.0f", double(timings.step), true);
  return text;
}

struct OverlayBox {
  std::string figures;
  ImVec2 figures_size, devices_size, size;
};

OverlayBox lay_out_overlay(const TimingsSummary& timings, const UiFonts& fonts) {
  OverlayBox box;
  box.figures = overlay_figures(timings);
  ImFont* numbers = fonts.numbers ? fonts.numbers : ImGui::GetFont();
  ImFont* text = fonts.text ? fonts.text : ImGui::GetFont();
  box.figures_size = numbers->CalcTextSizeA(numbers->FontSize, FLT_MAX, 0.0f, box.figures.c_str());
  // The devices line in the text font (a label, not a figure), wrapped to the figures' width.
  box.devices_size =
      text->CalcTextSizeA(text->FontSize, FLT_MAX, box.figures_size.x, timings.devices.c_str());
  const ImGuiStyle& style = ImGui::GetStyle();
  box.size = ImVec2(
      std::ceil(std::max(box.figures_size.x, box.devices_size.x) + 2.0f * style.WindowPadding.x),
      std::ceil(box.figures_size.y + style.ItemSpacing.y + box.devices_size.y +
                2.0f * style.WindowPadding.y));
  return box;
}

}  // namespace

ImVec2 timings_overlay_size(const TimingsSummary& timings, const UiFonts& fonts) {
  return lay_out_overlay(timings, fonts).size;
}

void draw_timings_overlay(const TimingsSummary& timings, const ScreenRect& anchor,
                          const UiFonts& fonts) {
  const OverlayBox box = lay_out_overlay(timings, fonts);
  // Sized here from what it will show, so a change of figures is drawn whole in its first frame.
  ImGui::SetNextWindowPos(ImVec2(anchor.x, anchor.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(box.size, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.7f);
  ImGui::Begin("##timings overlay", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs);
  if (fonts.numbers) ImGui::PushFont(fonts.numbers);
  ImGui::TextUnformatted(box.figures.c_str());
  if (fonts.numbers) ImGui::PopFont();
  if (fonts.text) ImGui::PushFont(fonts.text);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + box.figures_size.x);
  ImGui::TextUnformatted(timings.devices.c_str());
  ImGui::PopTextWrapPos();
  if (fonts.text) ImGui::PopFont();
  ImGui::End();
}

}  // namespace gs::app
