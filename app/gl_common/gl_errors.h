// GL reports failures through flags that stay set until read: before calls whose failure is
// checked with glGetError, the flags earlier calls left are cleared, so they are not blamed on
// these. And GL's words for messages: an error's name, a glGetString answer.
#pragma once

#include <glad/gl.h>

#include <cstdio>
#include <string>

namespace gs::app {

inline void clear_gl_errors() {
  while (glGetError() != GL_NO_ERROR) {
  }
}

inline std::string gl_error_name(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    default: {
      char text[32];
      std::snprintf(text, sizeof text, "GL error 0x%04X", unsigned(error));
      return text;
    }
  }
}

// glGetString(name) as text, "?" where GL gives none.
inline std::string gl_string(GLenum name) {
  const GLubyte* text = glGetString(name);
  return text ? reinterpret_cast<const char*>(text) : "?";
}

}  // namespace gs::app
