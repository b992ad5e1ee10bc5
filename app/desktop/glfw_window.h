// The GLFW window and its OpenGL context: 4.5 core, or 3.3 core where 4.5 is missing; glad 2
// loads the functions. Owns GLFW's lifetime. Main thread only.
#pragma once

#include <memory>
#include <string>

#include "gs/status.h"

struct GLFWwindow;

namespace gs::app {

class Window {
 public:
  // Fails with a clear message when there is no display (pointing to grayscott-batch) or no
  // usable OpenGL.
  static Expected<std::unique_ptr<Window>> open(int width, int height, const std::string& title);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  std::string gl_version() const { return gl_version_; }
  bool should_close() const;
  void request_close();
  void swap_buffers();
  // Fullscreen on the primary monitor and back to the windowed size and place (F11).
  void toggle_fullscreen();
  double refresh_period_s() const;  // of the monitor, 1/60 s when unknown
  void framebuffer_size(int& width, int& height) const;

 private:
  explicit Window(GLFWwindow* window);
  GLFWwindow* window_;
  std::string gl_version_;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before going fullscreen
};

}  // namespace gs::app
