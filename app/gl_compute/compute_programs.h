// The GL compute backend's programs: a shader of the data folder's shaders/ with
// gs_arithmetic.glsl in front, compiled once per set of defines and kept while the backend lives.
// `fma_rounds_once` picks gs_fma's formulation (the driver's fma(), or rounding to odd in double).
// A missing or broken shader is an error naming the file. Needs the backend's context current.
#pragma once

#include <glad/gl.h>

#include <map>
#include <string>

#include "gl_shader.h"
#include "gs/status.h"

namespace gs::gl_compute {

class ComputePrograms {
 public:
  explicit ComputePrograms(bool fma_rounds_once) : fma_rounds_once_(fma_rounds_once) {}

  // The program of `shader` (a file name in shaders/) with `defines` ("#define A 1\n...").
  Expected<GLuint> get(const std::string& shader, const std::string& defines = "");
  bool fma_rounds_once() const { return fma_rounds_once_; }

 private:
  bool fma_rounds_once_;
  std::map<std::string, app::ShaderProgram> programs_;
};

// The uniform `name` of `program`, set by the glProgramUniform* calls (-1: optimised away).
inline GLint uniform(GLuint program, const char* name) {
  return glGetUniformLocation(program, name);
}

}  // namespace gs::gl_compute
