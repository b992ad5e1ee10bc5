#include "window.h"

#include <glad/gl.h>
// glad first: it must define the GL types before GLFW's header looks for them.
#include <GLFW/glfw3.h>

#include <cstdlib>

namespace gs::app {
namespace {

std::string g_last_glfw_error;

void remember_glfw_error(int, const char* description) {
  g_last_glfw_error = description;
}

GLFWwindow* try_context(int width, int height, const std::string& title, int major, int minor) {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  return glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
}

}  // namespace

Expected<std::unique_ptr<Window>> Window::open(int width, int height, const std::string& title) {
  glfwSetErrorCallback(remember_glfw_error);
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland))
    return Error{
        "cannot open a window: no display (DISPLAY is not set); for headless runs use "
        "grayscott-batch"};
  if (!glfwInit())
    return Error{"cannot open a window: " + g_last_glfw_error +
                 "; for headless runs use grayscott-batch"};
  GLFWwindow* window = try_context(width, height, title, 4, 5);
  if (!window) window = try_context(width, height, title, 3, 3);
  if (!window) {
    const std::string reason = g_last_glfw_error;
    glfwTerminate();
    return Error{"cannot create an OpenGL 3.3 or 4.5 core context: " + reason};
  }
  glfwMakeContextCurrent(window);
  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0) {
    glfwDestroyWindow(window);
    glfwTerminate();
    return Error{"cannot load the OpenGL functions"};
  }
  glfwSwapInterval(1);
  std::unique_ptr<Window> result(new Window(window));
  result->gl_version_ = std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                        std::to_string(GLAD_VERSION_MINOR(version)) + " (" +
                        reinterpret_cast<const char*>(glGetString(GL_RENDERER)) + ")";
  return result;
}

Window::Window(GLFWwindow* window) : window_(window) {}

Window::~Window() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::should_close() const {
  return glfwWindowShouldClose(window_);
}
void Window::request_close() {
  glfwSetWindowShouldClose(window_, GLFW_TRUE);
}
void Window::swap_buffers() {
  glfwSwapBuffers(window_);
}

void Window::toggle_fullscreen() {
  if (glfwGetWindowMonitor(window_) != nullptr) {
    glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3],
                         0);
    return;
  }
  glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
  glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (mode)
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

double Window::refresh_period_s() const {
  const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor());
  return mode && mode->refreshRate > 0 ? 1.0 / mode->refreshRate : 1.0 / 60.0;
}

void Window::framebuffer_size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
}

}  // namespace gs::app
