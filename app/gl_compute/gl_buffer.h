// A GL buffer object owned for its lifetime (glCreateBuffers/glDeleteBuffers), the storage the
// GL compute backend keeps its fields in. Needs the owning context current; main thread only.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <utility>

namespace gs::gl_compute {

class GlBuffer {
 public:
  GlBuffer() = default;
  ~GlBuffer() { release(); }
  GlBuffer(GlBuffer&& other) noexcept
      : id_(std::exchange(other.id_, 0)), bytes_(std::exchange(other.bytes_, 0)) {}
  GlBuffer& operator=(GlBuffer&& other) noexcept {
    if (this != &other) {
      release();
      id_ = std::exchange(other.id_, 0);
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  // New storage of `bytes` (from `data` where given); the caller checks glGetError.
  void allocate(std::size_t bytes, const void* data = nullptr) {
    if (!id_) glCreateBuffers(1, &id_);
    glNamedBufferData(id_, GLsizeiptr(bytes), data, GL_DYNAMIC_COPY);
    bytes_ = bytes;
  }
  void release() {
    if (id_) glDeleteBuffers(1, &id_);
    id_ = 0;
    bytes_ = 0;
  }
  GLuint id() const { return id_; }
  std::size_t bytes() const { return bytes_; }
  void bind(GLuint binding) const { glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, id_); }

 private:
  GLuint id_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace gs::gl_compute
