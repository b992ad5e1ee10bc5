// The Timings overlay of presentation mode and of exported pictures: the course's story in large
// type (which backend and transfer path, kernel and transfer time, bytes over PCIe per frame,
// steps per second, the step reached), or "paused at step N", and under it which EGL and CUDA
// devices run. (The presentation bar holds controls only: a figure that grows would wrap it.) Drawn
// by timings_panel.cpp beside the panel's own Timings section, from the same figures.
#pragma once

#include <imgui.h>

#include <string>

#include "commands.h"
#include "frame_stats.h"
#include "screen_layout.h"
#include "simulation.h"
#include "ui_fonts.h"

namespace gs::app {

struct TimingsSummary {
  std::string path;     // "CPU twin, upload"
  std::string devices;  // devices_text(): "EGL device 1 (/dev/dri/card1) is CUDA 0; backend on..."
  bool paused = false;
  // No frame of the current configuration measured yet (a change a frame ago): no figures, as
  // the last configuration's would read as this one's.
  bool measuring = false;
  double kernel_ms = 0, transfer_ms = 0, pcie_mb = 0, steps_per_s = 0;
  // What the frame's bytes cross: "PCIe", or "copied" where OpenGL renders in software and the
  // texture is in CPU memory, so no bus is crossed (transfer_bus_label).
  std::string bus = "PCIe";
  long long step = 0;  // the simulation's total steps
};

// `gl_version` is the context's version and renderer ("4.5 (llvmpipe (LLVM 15.0.6, 256 bits))").
TimingsSummary summarize_timings(const Simulation& simulation, const FrameStats& stats,
                                 TransferPath transfer, const std::string& devices,
                                 const std::string& gl_version);

// "copied" for a software renderer (Mesa's llvmpipe or softpipe, SwiftShader), else "PCIe".
std::string transfer_bus_label(const std::string& gl_version);

// The overlay's size as draw_timings_overlay draws it: the figures in `fonts.numbers` (large,
// fixed digits), the devices line under them in the text font, wrapped to their width.
ImVec2 timings_overlay_size(const TimingsSummary& timings, const UiFonts& fonts);

// At the top left of `anchor` (the layout's Timings place), sized before it is drawn.
void draw_timings_overlay(const TimingsSummary& timings, const ScreenRect& anchor,
                          const UiFonts& fonts);

}  // namespace gs::app
