// The GL compute backend's reductions (gs_field_reduce.comp) and its bandwidth ceiling: nothing
// but a few words crosses to the host.
#include <algorithm>
#include <chrono>
#include <cstring>

#include "gl_compute_backend.h"
#include "gl_errors.h"

namespace gs::gl_compute {
namespace {

constexpr GLuint kReduceGroups = 1024;
constexpr GLuint kResultBinding = 6;

// The floats of an ordered key (gs_field_reduce.comp's ordered_key, undone).
float from_ordered_key(GLuint key) {
  const GLuint bits = (key & 0x80000000u) ? key & 0x7fffffffu : ~key;
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

}  // namespace

Expected<std::array<GLuint, 3>> GlComputeBackend::reduce(DisplayField field) {
  GS_TRY(require_state());
  Expected<GLuint> program = programs_.get("gs_field_reduce.comp");
  if (!program) return program.status();
  std::array<GLuint, 3> result = {0xffffffffu, 0u, 0u};
  if (result_.bytes() != sizeof result) result_.allocate(sizeof result);
  glNamedBufferSubData(result_.id(), 0, sizeof result, result.data());
  glUseProgram(*program);
  glProgramUniform1ui(*program, uniform(*program, "cells"), GLuint(size_.cells()));
  glProgramUniform1i(*program, uniform(*program, "field"), field == DisplayField::U ? 0 : 1);
  u_[std::size_t(current_)].bind(0);
  v_[std::size_t(current_)].bind(1);
  result_.bind(kResultBinding);
  glDispatchCompute(kReduceGroups, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glGetNamedBufferSubData(result_.id(), 0, sizeof result, result.data());
  GS_TRY(gl_status("reducing the fields"));
  return result;
}

Expected<bool> GlComputeBackend::fields_are_finite() {
  Expected<std::array<GLuint, 3>> result = reduce(DisplayField::V);
  if (!result) return result.status();
  return (*result)[2] == 0u;
}

Expected<ValueRange> GlComputeBackend::field_range(DisplayField field) {
  Expected<std::array<GLuint, 3>> result = reduce(field);
  if (!result) return result.status();
  const auto [low, high, not_finite] = *result;
  (void)not_finite;
  if (low > high) return ValueRange{0.0f, 0.0f};  // no cell is finite
  return ValueRange{from_ordered_key(low), from_ordered_key(high)};
}

Expected<double> GlComputeBackend::measure_copy_bandwidth(std::size_t bytes) {
  app::clear_gl_errors();
  GlBuffer from, to;
  from.allocate(bytes);
  to.allocate(bytes);
  GS_TRY(gl_status("allocating the bandwidth test's buffers"));
  GLuint query = 0;
  glGenQueries(1, &query);
  double best_ns = 0.0;
  for (int repeat = 0; repeat < 6; ++repeat) {  // the first warms up
    const auto start = std::chrono::steady_clock::now();
    glBeginQuery(GL_TIME_ELAPSED, query);
    glCopyNamedBufferSubData(from.id(), to.id(), 0, 0, GLsizeiptr(bytes));
    glEndQuery(GL_TIME_ELAPSED);
    const double host_ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    GLuint64 gpu_ns = 0;
    glGetQueryObjectui64v(query, GL_QUERY_RESULT, &gpu_ns);
    // As for the steps: a software renderer copies inside the call, and its timer reads next to
    // nothing; a GPU's call returns at once, and its timer is the time.
    const double ns = std::max(double(gpu_ns), host_ns);
    if (repeat > 0 && (best_ns == 0.0 || ns < best_ns)) best_ns = ns;
  }
  glDeleteQueries(1, &query);
  GS_TRY(gl_status("timing a buffer copy"));
  if (best_ns <= 0.0) return Error{"gl backend: the timer measured no time for a buffer copy"};
  return 2.0 * double(bytes) / best_ns;  // bytes per ns is GB/s
}

}  // namespace gs::gl_compute
