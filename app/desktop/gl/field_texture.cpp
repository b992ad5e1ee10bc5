#include "field_texture.h"

#include "gl_errors.h"

namespace gs::app {
namespace {

// The CPU writes the PBO once a frame and GL reads it once: STREAM_DRAW. CUDA writes it on the
// device and GL reads it once a frame, the CPU never touching it: STREAM_COPY (COPY: no CPU
// writes, so the driver keeps it in video memory; STREAM: rewritten for each single use).
GLenum usage_hint(PboWriter writer) {
  return writer == PboWriter::Cuda ? GL_STREAM_COPY : GL_STREAM_DRAW;
}

}  // namespace

FieldTexture::FieldTexture() {
  glGenBuffers(1, &pbo_);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  set_linear_filtering(false);
}

FieldTexture::~FieldTexture() {
  glDeleteTextures(1, &texture_);
  glDeleteBuffers(1, &pbo_);
}

Status FieldTexture::allocate_pbo() {
  clear_gl_errors();
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo_);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(bytes()), nullptr, usage_hint(writer_));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR)
    return Error{"cannot make the " + to_string(size_) + " grid's pixel buffer (GL error " +
                 std::to_string(error) + ")"};
  return Status::ok();
}

Status FieldTexture::set_pbo_writer(PboWriter writer) {
  if (writer == writer_) return Status::ok();
  writer_ = writer;
  return allocate_pbo();
}

Status FieldTexture::resize(GridSize size) {
  clear_gl_errors();
  size_ = {};
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo_);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(size.cells() * sizeof(float)), nullptr,
               usage_hint(writer_));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, size.width, size.height, 0, GL_RED, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR)
    return Error{"cannot make a " + to_string(size) + " texture to show the grid (GL error " +
                 std::to_string(error) + ")"};
  size_ = size;
  return Status::ok();
}

void FieldTexture::upload_from_pbo() {
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // rows of floats are always 4-byte aligned
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, size_.width, size_.height, GL_RED, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
}

void FieldTexture::set_linear_filtering(bool linear) {
  const GLint filter = linear ? GL_LINEAR : GL_NEAREST;
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glBindTexture(GL_TEXTURE_2D, 0);
}

Expected<std::vector<float>> FieldTexture::read_back() const {
  std::vector<float> values;
  GS_TRY(read_back(values));
  return values;
}

Status FieldTexture::read_back(std::vector<float>& values) const {
  GLint width = 0, height = 0;
  glBindTexture(GL_TEXTURE_2D, texture_);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &height);
  if (size_.cells() == 0 || width != size_.width || height != size_.height) {
    glBindTexture(GL_TEXTURE_2D, 0);
    return Error{"the display holds a " + std::to_string(width) + "x" + std::to_string(height) +
                 " texture, not the " + to_string(size_) + " grid: nothing to capture"};
  }
  values.resize(std::size_t(width) * std::size_t(height));
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, values.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  return Status::ok();
}

}  // namespace gs::app
