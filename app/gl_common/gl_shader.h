// A GLSL program built from files in the data folder's shaders/; a missing or broken shader is
// an error naming its path (and the first line of the compiler's log).
#pragma once

#include <glad/gl.h>

#include <filesystem>
#include <string>
#include <vector>

#include "gs/status.h"

namespace gs::app {

class ShaderProgram {
 public:
  static Expected<ShaderProgram> load(const std::filesystem::path& vertex,
                                      const std::filesystem::path& fragment);
  // A compute program from `prelude` (#version, defines) and the files, in order, as one source.
  static Expected<ShaderProgram> load_compute(const std::string& prelude,
                                              const std::vector<std::filesystem::path>& files);
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
