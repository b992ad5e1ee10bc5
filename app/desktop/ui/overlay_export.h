// Pictures fit to show: the field with its overlays (the parameter line, the colour bar, the
// caption and, when presenting, the Timings) rendered offscreen into a framebuffer of the export
// layout's size (screen_layout.h) and read back, for screenshots and videos with export-overlays
// on. Its own Dear ImGui context (text sized for the picture, not the window) and OpenGL3
// renderer draw the same overlay code the window uses. Main (GL) thread, between the window's
// ImGui frames.
#pragma once

#include <glad/gl.h>
#include <imgui.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "colormap.h"
#include "field_renderer.h"
#include "field_texture.h"
#include "screen_layout.h"
#include "timings_overlay.h"
#include "ui_fonts.h"

namespace gs::app {

// What the overlays of an exported picture say.
struct ExportScene {
  const std::vector<Rgb>& colormap;
  ValueRange range;
  std::string parameters;  // "mitosis  F 0.0367  k 0.0649  step 1200  1024x1024"
  std::string caption;
  std::optional<TimingsSummary> timings;  // when presenting
};

class OverlayExporter {
 public:
  OverlayExporter() = default;
  ~OverlayExporter();
  OverlayExporter(const OverlayExporter&) = delete;
  OverlayExporter& operator=(const OverlayExporter&) = delete;

  // The field of `texture` with the scene's overlays, into `rgb` (the export layout's canvas for
  // the texture's grid, rows top to bottom).
  Status render(const FieldTexture& texture, FieldRenderer& renderer, const ExportScene& scene,
                std::vector<std::uint8_t>& rgb);

 private:
  Status prepare(const ExportLayout& layout);
  void draw_overlays(const ExportLayout& layout, const ExportScene& scene);

  ImGuiContext* context_ = nullptr;
  bool renderer_ready_ = false;
  ImGuiStyle base_style_;
  UiFonts fonts_;
  GLuint framebuffer_ = 0, colour_ = 0;
  GridSize canvas_;
};

}  // namespace gs::app
