// The display field on the GPU side of GL: one pixel-unpack buffer (PBO) that the transfer paths
// fill, and the R32F texture it is copied into with glTexSubImage2D. Reallocated per grid size,
// and per writer (its usage hint). Main (GL) thread only.
#pragma once

#include <glad/gl.h>

#include <vector>

#include "gs/fields.h"
#include "gs/status.h"

namespace gs::app {

// Who fills the PBO: the CPU (the upload and host paths) or CUDA on the GPU (interop).
enum class PboWriter { Cpu, Cuda };

class FieldTexture {
 public:
  FieldTexture();
  ~FieldTexture();
  FieldTexture(const FieldTexture&) = delete;
  FieldTexture& operator=(const FieldTexture&) = delete;

  // Reallocates the buffer and texture for a new grid (contents undefined until filled); fails
  // with GL's error (out of memory, past the texture limit) and then holds no grid.
  Status resize(GridSize size);
  GridSize size() const { return size_; }
  GLuint pbo() const { return pbo_; }
  GLuint texture() const { return texture_; }
  std::size_t bytes() const { return size_.cells() * sizeof(float); }
  // Gives the PBO the usage hint for its writer, reallocating it (contents undefined) when the
  // hint changes: before CUDA registers it, never while registered.
  Status set_pbo_writer(PboWriter writer);

  // Copies the PBO into the texture (with the PBO bound as the unpack source, offset 0).
  void upload_from_pbo();
  void set_linear_filtering(bool linear);
  // Reads the texture back (for screenshots): the field as last shown. Sized from what GL says
  // the texture holds, and refused when that is not the grid, so nothing stale or short is read.
  Expected<std::vector<float>> read_back() const;
  // The same into `values`, resized to the grid: a recording reuses one buffer for every frame.
  Status read_back(std::vector<float>& values) const;

 private:
  Status allocate_pbo();

  GridSize size_;
  PboWriter writer_ = PboWriter::Cpu;
  GLuint pbo_ = 0;
  GLuint texture_ = 0;
};

}  // namespace gs::app
