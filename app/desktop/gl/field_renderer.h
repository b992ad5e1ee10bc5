// Draws the field texture through a colormap into the window, aspect ratio kept, over a value
// range. Restores the GL state it changes, as ImGui's backends do. Main (GL) thread only.
#pragma once

#include <glad/gl.h>

#include "colormap.h"
#include "field_texture.h"
#include "field_view.h"
#include "gl_shader.h"
#include "gl_timer.h"
#include "gs/backend_types.h"
#include "gs/fields.h"
#include "gs/status.h"
#include "render_surface.h"
#include "screen_layout.h"

namespace gs::app {

class FieldRenderer {
 public:
  // Loads the shaders from the data folder; a missing one is an error naming its path.
  static Expected<std::unique_ptr<FieldRenderer>> create();
  ~FieldRenderer();
  FieldRenderer(const FieldRenderer&) = delete;
  FieldRenderer& operator=(const FieldRenderer&) = delete;

  void set_colormap(const Colormap& colormap);
  // Shaded relief in the view (draw_frame); exported pictures stay the colormap's colours.
  void set_relief(bool relief) { relief_ = relief; }
  // The style map as a tint over the view (draw_frame only, as relief): on while a map is given
  // and the overlay asked for. The bytes are uploaded when given (a byte per cell, row-major).
  void set_style_overlay(bool on) { style_overlay_ = on; }
  void set_style_map(const std::vector<std::uint8_t>& bytes, GridSize size);
  const std::vector<Rgb>& colormap_table() const { return table_; }
  // The whole frame: the framebuffer (width x height pixels) cleared to the background, then the
  // field drawn into `field`, a rectangle of the window's layout (window units; the framebuffer
  // may have more pixels per unit on a high-DPI screen).
  // `shown` is the part of the grid the view shows (zoom and pan; field_view.h).
  void draw_frame(const FieldTexture& field, const ValueRange& range, SurfaceSize framebuffer,
                  SurfaceSize window, const ScreenRect& field_rect, const GridRegion& shown);
  // The same into an exported picture's framebuffer (`canvas` pixels), untimed: the Timings'
  // draw time stays the view's.
  void draw_export(const FieldTexture& field, const ValueRange& range, SurfaceSize canvas,
                   const ScreenRect& field_rect);
  // The whole framebuffer in one grey level (0 black, 1 white), over whatever the frame drew: a
  // presenter's blanked screen.
  void fill(SurfaceSize framebuffer, float grey);
  // GPU time of the last draw that finished, from a timer query (0 until one has).
  double last_draw_ms() { return draw_timer_.last_ms(); }

 private:
  FieldRenderer() = default;
  void clear_and_draw(const FieldTexture& field, const ValueRange& range, SurfaceSize framebuffer,
                      SurfaceSize window, const ScreenRect& field_rect, const GridRegion& shown,
                      bool timed);
  // The `shown` part of the field filling the current viewport.
  void draw(const FieldTexture& field, const ValueRange& range, const GridRegion& shown,
            bool timed);
  ShaderProgram program_;
  GLuint vertex_array_ = 0;
  GLuint colormap_texture_ = 0;
  GlTimer draw_timer_;
  std::vector<Rgb> table_;
  bool relief_ = false;
  GLuint style_texture_ = 0;
  bool style_ready_ = false;
  bool style_overlay_ = false;
};

}  // namespace gs::app
