#include "compute_programs.h"

#include <cstdio>
#include <cstring>

#include "gs/data_paths.h"
#include "gs/value_floors.h"

namespace gs::gl_compute {
namespace {

// A float constant as GLSL reads it bit for bit.
std::string float_bits(float value) {
  unsigned bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  char text[48];
  std::snprintf(text, sizeof text, "uintBitsToFloat(0x%08xu)", bits);
  return text;
}

}  // namespace

Expected<GLuint> ComputePrograms::get(const std::string& shader, const std::string& defines) {
  const std::string key = shader + "\n" + defines;
  if (auto found = programs_.find(key); found != programs_.end()) return found->second.id();
  const std::string prelude =
      "#version 430 core\n#define GS_FMA_ROUNDS_ONCE " + std::string(fma_rounds_once_ ? "1" : "0") +
      "\n#define GS_STATE_FLOOR " + float_bits(kStateFloor) + "\n#define GS_PARAMETER_FLOOR " +
      float_bits(kParameterFloor) + "\n" + defines + "#line 1\n";
  const std::filesystem::path shaders = data_directory() / "shaders";
  Expected<app::ShaderProgram> program =
      app::ShaderProgram::load_compute(prelude, {shaders / "gs_arithmetic.glsl", shaders / shader});
  if (!program) return program.status();
  const GLuint id = program->id();
  programs_.emplace(key, std::move(program).value());
  return id;
}

}  // namespace gs::gl_compute
