// The display field on the GPU side of GL: one pixel-unpack buffer (PBO) that the transfer paths
// fill, and the R32F texture it is copied into with glTexSubImage2D. Reallocated per grid size.
// Main (GL) thread only.
#pragma once

#include <glad/gl.h>

#include <vector>

#include "gs/fields.h"

namespace gs::app {

class FieldTexture {
 public:
  FieldTexture();
  ~FieldTexture();
  FieldTexture(const FieldTexture&) = delete;
  FieldTexture& operator=(const FieldTexture&) = delete;

  // Reallocates the buffer and texture for a new grid (contents undefined until filled).
  void resize(GridSize size);
  GridSize size() const { return size_; }
  GLuint pbo() const { return pbo_; }
  GLuint texture() const { return texture_; }
  std::size_t bytes() const { return size_.cells() * sizeof(float); }

  // Copies the PBO into the texture (with the PBO bound as the unpack source, offset 0).
  void upload_from_pbo();
  void set_linear_filtering(bool linear);
  // Reads the texture back (for screenshots): the field as last shown.
  std::vector<float> read_back() const;

 private:
  GridSize size_;
  GLuint pbo_ = 0;
  GLuint texture_ = 0;
};

}  // namespace gs::app
