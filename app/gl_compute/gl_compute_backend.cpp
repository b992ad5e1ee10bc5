#include "gl_compute_backend.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "arithmetic_probe.h"
#include "gl_compute_provider.h"
#include "gl_errors.h"
#include "gs/cell_update.h"

namespace gs::gl_compute {
namespace {

using app::gl_error_name;
using app::gl_string;

// The step and display shaders' work group (gs_step.comp, gs_display.comp). GS_LAPLACIAN takes
// the Laplacian enum's values (five-point 0, nine-point 1, course 2), as gs_step.comp reads them.
constexpr GLuint kGroupWidth = 32, kGroupHeight = 8;

// The binding points of the shaders' buffers.
enum Binding : GLuint { kUIn = 0, kVIn = 1, kUOut = 2, kVOut = 3, kStyleOrMapF = 4, kMapK = 5 };

constexpr GLbitfield kAfterTheLastStep =
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

GLuint groups(int cells, GLuint per_group) {
  return (GLuint(cells) + per_group - 1) / per_group;
}

std::string step_defines(const Params& p) {
  const int source = p.style.enabled ? 2 : (p.map.enabled ? 1 : 0);
  return "#define GS_LAPLACIAN " + std::to_string(int(p.laplacian)) + "\n#define GS_PERIODIC " +
         (p.boundary == Boundary::Periodic ? "1" : "0") + "\n#define GS_SOURCE " +
         std::to_string(source) + "\n";
}

// D as a factor of the stencil sum (cell_update.h's diffusion_rate_per_sum), on the host: the
// same float product the twin makes.
float diffusion_per_sum(const Params& p, float D) {
  switch (p.laplacian) {
    case Laplacian::FivePoint:
      return diffusion_rate_per_sum<Laplacian::FivePoint>(D);
    case Laplacian::NinePoint:
      return diffusion_rate_per_sum<Laplacian::NinePoint>(D);
    case Laplacian::Course:
      return diffusion_rate_per_sum<Laplacian::Course>(D);
  }
  return D;
}

void set_style_factors(GLuint program, const char* name, const StyleMixFactors& m) {
  glProgramUniform3f(program, uniform(program, name), m.a, m.a_part, m.b_part);
}

}  // namespace

Expected<std::unique_ptr<GlComputeBackend>> GlComputeBackend::create(std::shared_ptr<void> context,
                                                                     FmaPath fma) {
  if (!GLAD_GL_VERSION_4_3)
    return Error{"OpenGL 4.3 or newer is needed for compute shaders; this context has " +
                 gl_string(GL_VERSION)};
  bool rounds_once = false;
  std::string fma_text = "fma: the exact formulation (forced)";
  if (fma == FmaPath::Probe) {
    ComputePrograms driver(true);
    Expected<ArithmeticProbe> probe = probe_arithmetic(driver);
    if (!probe) return probe.status();
    rounds_once = probe->rounds_once;
    fma_text = rounds_once ? "fma: the driver's, rounding once"
                           : "fma: the exact formulation (the driver's rounds twice)";
  }
  return std::unique_ptr<GlComputeBackend>(
      new GlComputeBackend(std::move(context), rounds_once, fma_text));
}

GlComputeBackend::GlComputeBackend(std::shared_ptr<void> context, bool fma_rounds_once,
                                   std::string fma_text)
    : context_(std::move(context)),
      programs_(fma_rounds_once),
      fma_text_(std::move(fma_text)),
      renderer_(gl_string(GL_RENDERER) + ", OpenGL " + gl_string(GL_VERSION)),
      software_(is_software_renderer(gl_string(GL_RENDERER))) {}

BackendCapabilities GlComputeBackend::capabilities() const {
  BackendCapabilities can;
  can.writes_texture = true;
  return can;
}

std::string GlComputeBackend::description() const {
  // A software renderer is said so where the backend is named (the benchmark, the Timings).
  const char* software = software_ ? " (OpenGL in software: slower than the CPU twin)" : "";
  return "GL compute on " + renderer_ + software + "; " + fma_text_;
}

Status GlComputeBackend::configure(const BackendOptions&) {
  return Status::ok();  // nothing of the options is the GL backend's
}

Status GlComputeBackend::gl_status(const char* what) const {
  const GLenum error = glGetError();
  if (error == GL_NO_ERROR) return Status::ok();
  app::clear_gl_errors();
  return Error{std::string("gl backend: ") + what + " failed: " + gl_error_name(error)};
}

Status GlComputeBackend::require_state() const {
  if (size_.cells() == 0) return Error{"gl backend: no state copied in"};
  return Status::ok();
}

GLuint GlComputeBackend::field_buffer(DisplayField field) const {
  return field == DisplayField::U ? u_[std::size_t(current_)].id() : v_[std::size_t(current_)].id();
}

Status GlComputeBackend::copy_in(const Fields& fields) {
  if (fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells())
    return Error{"copy in: fields do not match their grid size " + to_string(fields.size)};
  if (!fields.style.empty() && fields.style.size() != fields.size.cells())
    return Error{"copy in: the style map does not match the grid size " + to_string(fields.size)};
  GLint64 largest = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &largest);
  const std::size_t bytes = fields.size.cells() * sizeof(float);
  if (largest > 0 && bytes > std::size_t(largest))
    return Error{"gl backend: the grid " + to_string(fields.size) + " needs buffers of " +
                 std::to_string(bytes >> 20) + " MiB; this OpenGL takes at most " +
                 std::to_string(largest >> 20) + " MiB in one"};
  Fields scratch;
  const Fields& floored = floored_state(fields, scratch);
  app::clear_gl_errors();
  const auto start = std::chrono::steady_clock::now();
  current_ = 0;
  u_[0].allocate(bytes, floored.u.data());
  v_[0].allocate(bytes, floored.v.data());
  if (u_[1].bytes() != bytes) {
    u_[1].allocate(bytes);
    v_[1].allocate(bytes);
  }
  // A byte a cell on the host, a uint a cell here: the style brush then writes whole words.
  has_style_ = !fields.style.empty() || params_.style.enabled;
  std::vector<GLuint> style(fields.size.cells(), 0u);
  for (std::size_t i = 0; i < fields.style.size(); ++i) style[i] = fields.style[i];
  if (has_style_) style_.allocate(style.size() * sizeof(GLuint), style.data());
  size_ = fields.size;
  fill_map_tables();
  GS_TRY(gl_status("copying the state in"));
  glFinish();
  timings_ = {
      0.0,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()};
  return Status::ok();
}

void GlComputeBackend::fill_map_tables() {
  if (!params_.map.enabled || size_.cells() == 0) return;
  std::vector<float> F(std::size_t(size_.height)), k(std::size_t(size_.width));
  for (int y = 0; y < size_.height; ++y) F[std::size_t(y)] = map_F(params_, y, size_.height);
  for (int x = 0; x < size_.width; ++x) k[std::size_t(x)] = map_k(params_, x, size_.width);
  map_F_.allocate(F.size() * sizeof(float), F.data());
  map_k_.allocate(k.size() * sizeof(float), k.data());
}

Status GlComputeBackend::set_params(const Params& params) {
  GS_TRY(validate(params));
  params_ = params;
  if (params_.style.enabled && size_.cells() > 0) start_style_map();
  fill_map_tables();
  return gl_status("setting the parameters");
}

void GlComputeBackend::start_style_map() {
  if (has_style_) return;
  std::vector<GLuint> zeros(size_.cells(), 0u);  // set A everywhere, as the twin starts one
  style_.allocate(zeros.size() * sizeof(GLuint), zeros.data());
  has_style_ = true;
}

Status GlComputeBackend::run_steps(int count, DisplayField field, GLuint display_texture) {
  Expected<GLuint> found = programs_.get("gs_step.comp", step_defines(params_));
  if (!found) return found.status();
  const GLuint program = *found;
  const Params& p = params_;
  glUseProgram(program);
  glProgramUniform2i(program, uniform(program, "grid"), size_.width, size_.height);
  glProgramUniform1f(program, uniform(program, "F"), p.F);
  glProgramUniform1f(program, uniform(program, "k"), p.k);
  glProgramUniform1f(program, uniform(program, "Du"), diffusion_per_sum(p, p.Du));
  glProgramUniform1f(program, uniform(program, "Dv"), diffusion_per_sum(p, p.Dv));
  glProgramUniform1f(program, uniform(program, "dt"), p.dt);
  if (p.style.enabled) {
    const StyleSetFactors m = style_set_factors(p);
    set_style_factors(program, "style_F", m.F);
    set_style_factors(program, "style_k", m.k);
    set_style_factors(program, "style_Du", m.Du);
    set_style_factors(program, "style_Dv", m.Dv);
    glProgramUniform1f(program, uniform(program, "one_255th"), 1.0f / 255.0f);
    style_.bind(kStyleOrMapF);
  } else if (p.map.enabled) {
    map_F_.bind(kStyleOrMapF);
    map_k_.bind(kMapK);
  }
  const GLint display = uniform(program, "display_field");
  glProgramUniform1i(program, display, -1);
  if (display_texture)
    glBindImageTexture(0, display_texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  timings_.transfer_ms = 0.0;
  const auto start = std::chrono::steady_clock::now();
  step_timer_.begin(count);
  for (int step = 0; step < count; ++step) {
    const bool last = step + 1 == count;
    if (last && display_texture)
      glProgramUniform1i(program, display, field == DisplayField::U ? 0 : 1);
    u_[std::size_t(current_)].bind(kUIn);
    v_[std::size_t(current_)].bind(kVIn);
    u_[std::size_t(1 - current_)].bind(kUOut);
    v_[std::size_t(1 - current_)].bind(kVOut);
    glDispatchCompute(groups(size_.width, kGroupWidth), groups(size_.height, kGroupHeight), 1);
    // After the last step, what reads the results next: the renderer's sampler, a readback of
    // the texture (a screenshot) or of the buffers (a save, a frame).
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (last ? kAfterTheLastStep : 0));
    current_ = 1 - current_;
  }
  step_timer_.end();
  dispatch_ms_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  dispatch_steps_ = count;
  return gl_status("stepping");
}

Status GlComputeBackend::step(int count) {
  if (count < 0) return Error{"step count must not be negative"};
  GS_TRY(require_state());
  if (count == 0) return Status::ok();
  return run_steps(count, DisplayField::V, 0);
}

Status GlComputeBackend::step_and_display(int count, DisplayField field,
                                          const DisplayTarget& target) {
  if (count < 0) return Error{"step count must not be negative"};
  GS_TRY(require_state());
  if (target.space == MemorySpace::Texture && count > 0)
    return run_steps(count, field, target.texture);  // written where it is drawn: no transfer
  GS_TRY(step(count));
  return write_display(field, target);
}

Status GlComputeBackend::display_into_texture(DisplayField field, GLuint texture) {
  Expected<GLuint> program = programs_.get("gs_display.comp");
  if (!program) return program.status();
  glUseProgram(*program);
  glProgramUniform2i(*program, uniform(*program, "grid"), size_.width, size_.height);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, field_buffer(field));
  glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
  glDispatchCompute(groups(size_.width, kGroupWidth), groups(size_.height, kGroupHeight), 1);
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
  return gl_status("writing the display texture");
}

Status GlComputeBackend::write_display(DisplayField field, const DisplayTarget& target) {
  GS_TRY(require_state());
  if (target.space == MemorySpace::Texture) {
    if (target.texture == 0) return Error{"gl backend: no display texture given"};
    timings_.transfer_ms = 0.0;
    return display_into_texture(field, target.texture);
  }
  if (target.space != MemorySpace::Host)
    return Error{"the gl backend writes the display field into a texture or host memory"};
  if (target.data == nullptr || target.count != size_.cells())
    return Error{"display target holds " + std::to_string(target.count) + " floats, the grid " +
                 to_string(size_) + " needs " + std::to_string(size_.cells())};
  const auto start = std::chrono::steady_clock::now();
  glGetNamedBufferSubData(field_buffer(field), 0, GLsizeiptr(target.count * sizeof(float)),
                          target.data);
  timings_.transfer_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return gl_status("reading the display field");
}

Status GlComputeBackend::copy_out(Fields& fields) {
  GS_TRY(require_state());
  fields = Fields(size_);
  const GLsizeiptr bytes = GLsizeiptr(size_.cells() * sizeof(float));
  glGetNamedBufferSubData(u_[std::size_t(current_)].id(), 0, bytes, fields.u.data());
  glGetNamedBufferSubData(v_[std::size_t(current_)].id(), 0, bytes, fields.v.data());
  if (has_style_) {
    std::vector<GLuint> style(size_.cells());
    glGetNamedBufferSubData(style_.id(), 0, GLsizeiptr(style.size() * sizeof(GLuint)),
                            style.data());
    fields.style.assign(style.begin(), style.end());
  }
  return gl_status("copying the state out");
}

Status GlComputeBackend::read_rows(int first, int count, Fields& rows) {
  GS_TRY(check_rows(size_, first, count));
  if (rows.size != GridSize{size_.width, count}) rows = Fields({size_.width, count});
  const GLintptr offset = GLintptr(std::size_t(first) * std::size_t(size_.width) * sizeof(float));
  const GLsizeiptr bytes = GLsizeiptr(rows.size.cells() * sizeof(float));
  glGetNamedBufferSubData(u_[std::size_t(current_)].id(), offset, bytes, rows.u.data());
  glGetNamedBufferSubData(v_[std::size_t(current_)].id(), offset, bytes, rows.v.data());
  return gl_status("reading rows");
}

Status GlComputeBackend::write_rows(int first, const Fields& rows) {
  GS_TRY(check_rows(size_, first, rows.size.height, &rows));
  Fields scratch;
  const Fields& floored = floored_state(rows, scratch);
  const GLintptr offset = GLintptr(std::size_t(first) * std::size_t(size_.width) * sizeof(float));
  const GLsizeiptr bytes = GLsizeiptr(rows.size.cells() * sizeof(float));
  glNamedBufferSubData(u_[std::size_t(current_)].id(), offset, bytes, floored.u.data());
  glNamedBufferSubData(v_[std::size_t(current_)].id(), offset, bytes, floored.v.data());
  return gl_status("writing rows");
}

Timings GlComputeBackend::last_timings() const {
  Timings timings = timings_;
  timings.compute_ms = step_timer_.last_ms();
  timings.steps = step_timer_.last_tag();
  // A software renderer (llvmpipe) runs compute inside the calls, and its timer reads next to
  // nothing for them: the host's time in the calls is then the longer, and the true one.
  if (timings.steps == dispatch_steps_ && dispatch_ms_ > timings.compute_ms)
    timings.compute_ms = dispatch_ms_;
  return timings;
}

Expected<Timings> GlComputeBackend::finish() {
  glFinish();
  step_timer_.wait();
  GS_TRY(gl_status("finishing"));
  return last_timings();
}

Status GlComputeBackend::set_launch(BlockShape, KernelVariant) {
  return Error{"the launch shape (block, kernel) applies to the cuda backend"};
}

}  // namespace gs::gl_compute
