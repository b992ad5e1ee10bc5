#include "field_renderer.h"

#include <algorithm>

#include <cmath>
#include "gs/data_paths.h"

namespace gs::app {

Expected<std::unique_ptr<FieldRenderer>> FieldRenderer::create() {
  const std::filesystem::path shaders = data_directory() / "shaders";
  Expected<ShaderProgram> program =
      ShaderProgram::load(shaders / "field.vert", shaders / "field.frag");
  if (!program) return program.status();
  std::unique_ptr<FieldRenderer> renderer(new FieldRenderer());
  renderer->program_ = std::move(program).value();
  glGenVertexArrays(1, &renderer->vertex_array_);
  glGenTextures(1, &renderer->colormap_texture_);
  glGenTextures(1, &renderer->style_texture_);
  renderer->set_colormap(builtin_colormaps().front());
  return renderer;
}

FieldRenderer::~FieldRenderer() {
  glDeleteTextures(1, &style_texture_);
  glDeleteTextures(1, &colormap_texture_);
  glDeleteVertexArrays(1, &vertex_array_);
}

void FieldRenderer::set_colormap(const Colormap& colormap) {
  table_ = app::colormap_table(colormap);
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_1D, colormap_texture_);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGB8, GLsizei(table_.size()), 0, GL_RGB, GL_UNSIGNED_BYTE,
               table_.data());
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_1D, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
}

void FieldRenderer::set_style_map(const std::vector<std::uint8_t>& bytes, GridSize size) {
  style_ready_ = !bytes.empty() && bytes.size() == size.cells();
  if (!style_ready_) return;
  GLint alignment = 4, old_texture = 0;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &old_texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, style_texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, size.width, size.height, 0, GL_RED, GL_UNSIGNED_BYTE,
               bytes.data());
  // Linear: the tint and its contour stay smooth when the view zooms in.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, GLuint(old_texture));
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
}

void FieldRenderer::draw_frame(const FieldTexture& field, const ValueRange& range,
                               SurfaceSize framebuffer, SurfaceSize window,
                               const ScreenRect& field_rect, const GridRegion& shown) {
  clear_and_draw(field, range, framebuffer, window, field_rect, shown, true);
}

void FieldRenderer::draw_export(const FieldTexture& field, const ValueRange& range,
                                SurfaceSize canvas, const ScreenRect& field_rect) {
  clear_and_draw(field, range, canvas, canvas, field_rect, whole_grid(field.size()), false);
}

void FieldRenderer::fill(SurfaceSize framebuffer, float grey) {
  glViewport(0, 0, framebuffer.width, framebuffer.height);
  glClearColor(grey, grey, grey, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void FieldRenderer::clear_and_draw(const FieldTexture& field, const ValueRange& range,
                                   SurfaceSize framebuffer, SurfaceSize window,
                                   const ScreenRect& field_rect, const GridRegion& shown,
                                   bool timed) {
  glViewport(0, 0, framebuffer.width, framebuffer.height);
  glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (field.size().cells() == 0 || window.width <= 0 || window.height <= 0) return;
  // Window units to framebuffer pixels, rows counted from the bottom as GL does.
  const float sx = float(framebuffer.width) / float(window.width);
  const float sy = float(framebuffer.height) / float(window.height);
  const GLint x = GLint(std::lround(field_rect.x * sx));
  const GLint right = GLint(std::lround(field_rect.right() * sx));
  const GLint top = GLint(std::lround(field_rect.y * sy));
  const GLint bottom = GLint(std::lround(field_rect.bottom() * sy));
  if (right <= x || bottom <= top) return;
  glViewport(x, framebuffer.height - bottom, right - x, bottom - top);
  draw(field, range, shown, timed);
  glViewport(0, 0, framebuffer.width, framebuffer.height);
}

void FieldRenderer::draw(const FieldTexture& field, const ValueRange& range,
                         const GridRegion& shown, bool timed) {
  GLint old_program = 0, old_vertex_array = 0, old_active = 0, old_texture_2d = 0,
        old_texture_1d = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &old_program);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &old_vertex_array);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &old_active);

  if (timed) draw_timer_.begin();
  glUseProgram(program_.id());
  // The shown part of the grid as texture coordinates.
  const float width = float(field.size().width), height = float(field.size().height);
  glUniform4f(program_.uniform("u_view"), shown.x / width, shown.y / height, shown.width / width,
              shown.height / height);
  glUniform1f(program_.uniform("u_min"), range.low);
  glUniform1f(program_.uniform("u_max"), range.high);
  glUniform1i(program_.uniform("u_relief"), relief_ && timed);  // timed: the view, not an export
  glUniform1i(program_.uniform("u_field"), 0);
  glUniform1i(program_.uniform("u_colormap"), 1);
  // Like relief, the view's alone: an exported picture stays the field's own colours.
  const bool style_overlay = style_overlay_ && style_ready_ && timed;
  glUniform1i(program_.uniform("u_style_overlay"), style_overlay);
  glUniform1i(program_.uniform("u_style"), 2);
  GLint old_texture_style = 0;
  glActiveTexture(GL_TEXTURE2);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &old_texture_style);
  glBindTexture(GL_TEXTURE_2D, style_overlay ? style_texture_ : 0);
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &old_texture_2d);
  glBindTexture(GL_TEXTURE_2D, field.texture());
  glActiveTexture(GL_TEXTURE1);
  glGetIntegerv(GL_TEXTURE_BINDING_1D, &old_texture_1d);
  glBindTexture(GL_TEXTURE_1D, colormap_texture_);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  if (timed) draw_timer_.end();

  glBindTexture(GL_TEXTURE_1D, GLuint(old_texture_1d));
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, GLuint(old_texture_style));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, GLuint(old_texture_2d));
  glActiveTexture(GLenum(old_active));
  glBindVertexArray(GLuint(old_vertex_array));
  glUseProgram(GLuint(old_program));
}

}  // namespace gs::app
