// A GLSL program built from files in the data folder's shaders/; a missing or broken shader is
// an error naming its path (and the compiler's log).
#pragma once

#include <glad/gl.h>

#include <filesystem>
#include <string>

#include "gs/status.h"

namespace gs::app {

class ShaderProgram {
 public:
  static Expected<ShaderProgram> load(const std::filesystem::path& vertex,
                                      const std::filesystem::path& fragment);
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  GLuint id() const { return program_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

 private:
  GLuint program_ = 0;
};

}  // namespace gs::app
