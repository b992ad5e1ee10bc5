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
#include "figure_layout.h"
#include "screen_layout.h"
#include "timings_overlay.h"
#include "ui_fonts.h"

namespace gs::app {

// What the overlays of an exported picture say.
struct ExportScene {
  const std::vector<Rgb>& colormap;
  ValueRange range;
  std::vector<std::string> parameters;  // figure_parameters(): the rates in effect, on top
  FigureAxes axes;
  std::string quantity;  // the colour bar's name: the field shown, "v" or "u"
  std::string caption;
  std::optional<TimingsSummary> timings;  // when presenting

  // A picture's layout: a caption strip only where there is a caption.
  ExportLayout still_layout(GridSize grid) const {
    return layout_export(grid, !caption.empty(), int(parameters.size()));
  }
};

// A video's layout: the caption strip and two parameter rows in every frame, so it keeps one
// size whatever changes while it records.
inline ExportLayout video_layout(GridSize grid) {
  return layout_export(grid, true, 2);
}

class OverlayExporter {
 public:
  OverlayExporter() = default;
  ~OverlayExporter();
  OverlayExporter(const OverlayExporter&) = delete;
  OverlayExporter& operator=(const OverlayExporter&) = delete;

  // The field of `texture` with the scene's overlays laid out by `layout` (for the texture's
  // grid), into `rgb` (the layout's canvas, rows top to bottom).
  Status render(const FieldTexture& texture, FieldRenderer& renderer, const ExportScene& scene,
                const ExportLayout& layout, std::vector<std::uint8_t>& rgb);

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
