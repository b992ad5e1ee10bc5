// The GL compute backend's brush (gs_brush.comp): the box and the clamped centre and segment
// come from the twin's own functions (kernels/brush_kernel_body.h), the cells from the shader.
#include "gl_compute_backend.h"
#include "kernels/brush_kernel_body.h"
#include "kernels/style_brush_kernel_body.h"

namespace gs::gl_compute {

Status GlComputeBackend::paint(const Brush& brush) {
  if (size_.cells() == 0) return Error{"paint: no state copied in"};
  GS_TRY(check_brush(brush));
  const bool styled = brush.style != BrushStyle::None;
  if (styled) start_style_map();
  Expected<GLuint> found = programs_.get(
      "gs_brush.comp", styled ? "#define GS_STYLE_BRUSH 1\n" : "#define GS_STYLE_BRUSH 0\n");
  if (!found) return found.status();
  const GLuint program = *found;
  const BrushBox box = styled
                           ? style_brush_window(brush, size_.width, size_.height, params_.boundary)
                           : brush_box(brush);
  if (box.width <= 0 || box.height <= 0) return Status::ok();
  glUseProgram(program);
  glProgramUniform2i(program, uniform(program, "grid"), size_.width, size_.height);
  glProgramUniform4i(program, uniform(program, "box"), box.x0, box.y0, box.width, box.height);
  glProgramUniform2f(program, uniform(program, "centre"), brush_coordinate(brush.x),
                     brush_coordinate(brush.y));
  glProgramUniform2f(program, uniform(program, "segment"), brush_segment(brush.from_dx),
                     brush_segment(brush.from_dy));
  glProgramUniform1f(program, uniform(program, "radius"), brush.radius);
  glProgramUniform1f(program, uniform(program, "value"), floored_state_value(brush.value));
  glProgramUniform1i(program, uniform(program, "erase"), brush.erase ? 1 : 0);
  glProgramUniform1i(program, uniform(program, "periodic"),
                     params_.boundary == Boundary::Periodic ? 1 : 0);
  glProgramUniform1f(program, uniform(program, "style_target"),
                     brush.style == BrushStyle::TowardB ? 255.0f : 0.0f);
  u_[std::size_t(current_)].bind(0);
  v_[std::size_t(current_)].bind(1);
  if (has_style_) style_.bind(4);
  glDispatchCompute((GLuint(box.width) + 15) / 16, (GLuint(box.height) + 15) / 16, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  return gl_status("painting");
}

}  // namespace gs::gl_compute
