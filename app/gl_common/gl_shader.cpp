#include "gl_shader.h"

#include <optional>
#include <utility>
#include <vector>

#include "gs/input_file.h"

namespace gs::app {
namespace {

// A shader is a few kilobytes; past this the data folder holds something else.
constexpr std::size_t kMaxShaderBytes = 1 << 20;

// Read without blocking and bounded: a FIFO under the data folder is a message, not a hang.
Expected<std::string> read_source(const std::filesystem::path& path) {
  Expected<std::optional<std::string>> text = read_regular_file(path, kMaxShaderBytes);
  if (!text) return Error{"shader: " + text.message()};
  if (!*text) return Error{"cannot read shader '" + path.string() + "': no such file"};
  return std::move(**text);
}

// One shader from `prelude` (#version and defines) and the files in order, as one source.
Expected<GLuint> compile(GLenum stage, const std::vector<std::filesystem::path>& paths,
                         const std::string& prelude = "") {
  std::vector<std::string> sources{prelude};
  for (const std::filesystem::path& path : paths) {
    Expected<std::string> source = read_source(path);
    if (!source) return source.status();
    sources.push_back(std::move(*source));
  }
  std::vector<const char*> texts;
  for (const std::string& source : sources) texts.push_back(source.c_str());
  const std::filesystem::path& path = paths.back();  // the shader's own file, for messages
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, GLsizei(texts.size()), texts.data(), nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    std::string first_line(log);
    first_line = first_line.substr(0, first_line.find('\n'));
    return Error{"shader '" + path.string() + "' does not compile: " + first_line};
  }
  return shader;
}

}  // namespace

Expected<ShaderProgram> ShaderProgram::load(const std::filesystem::path& vertex,
                                            const std::filesystem::path& fragment) {
  Expected<GLuint> vs = compile(GL_VERTEX_SHADER, {vertex});
  if (!vs) return vs.status();
  Expected<GLuint> fs = compile(GL_FRAGMENT_SHADER, {fragment});
  if (!fs) {
    glDeleteShader(*vs);
    return fs.status();
  }
  ShaderProgram program;
  program.program_ = glCreateProgram();
  glAttachShader(program.program_, *vs);
  glAttachShader(program.program_, *fs);
  glLinkProgram(program.program_);
  glDeleteShader(*vs);
  glDeleteShader(*fs);
  GLint ok = 0;
  glGetProgramiv(program.program_, GL_LINK_STATUS, &ok);
  if (!ok)
    return Error{"shaders '" + vertex.string() + "' and '" + fragment.string() + "' do not link"};
  return program;
}

Expected<ShaderProgram> ShaderProgram::load_compute(
    const std::string& prelude, const std::vector<std::filesystem::path>& files) {
  Expected<GLuint> cs = compile(GL_COMPUTE_SHADER, files, prelude);
  if (!cs) return cs.status();
  ShaderProgram program;
  program.program_ = glCreateProgram();
  glAttachShader(program.program_, *cs);
  glLinkProgram(program.program_);
  glDeleteShader(*cs);
  GLint ok = 0;
  glGetProgramiv(program.program_, GL_LINK_STATUS, &ok);
  if (!ok) return Error{"compute shader '" + files.back().string() + "' does not link"};
  return program;
}

ShaderProgram::~ShaderProgram() {
  if (program_) glDeleteProgram(program_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : program_(std::exchange(other.program_, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  if (this != &other) {
    if (program_) glDeleteProgram(program_);
    program_ = std::exchange(other.program_, 0);
  }
  return *this;
}

}  // namespace gs::app
