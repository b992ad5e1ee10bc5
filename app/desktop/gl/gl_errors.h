// GL reports failures through flags that stay set until read: before calls whose failure is
// checked with glGetError, the flags earlier calls left are cleared, so they are not blamed on
// these.
#pragma once

#include <glad/gl.h>

namespace gs::app {

inline void clear_gl_errors() {
  while (glGetError() != GL_NO_ERROR) {
  }
}

}  // namespace gs::app
