// The GLFW window: context creation with the 4.5-then-3.3 fallback, sizes, fullscreen and the
// remembered placement, and ImGui's GLFW backend. GLFW calls stay in this file.
#include "glfw_window.h"

#include <glad/gl.h>
// glad first: it must define the GL types before GLFW's header looks for them.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>

#include <cstdlib>

namespace gs::app {
namespace {

std::string g_last_glfw_error;

void remember_glfw_error(int, const char* description) {
  g_last_glfw_error = description;
}

GLFWwindow* try_context(SurfaceSize size, const std::string& title, int major, int minor) {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  return glfwCreateWindow(size.width, size.height, title.c_str(), nullptr, nullptr);
}

constexpr const char* kNoWindowAdvice =
    "; for runs without one use --headless (with --script) or grayscott-batch";

}  // namespace

Expected<std::unique_ptr<GlfwWindow>> GlfwWindow::open(SurfaceSize size, const std::string& title) {
  glfwSetErrorCallback(remember_glfw_error);
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland))
    return Error{std::string("cannot open a window: no display (DISPLAY is not set)") +
                 kNoWindowAdvice};
  if (!glfwInit()) return Error{"cannot open a window: " + g_last_glfw_error + kNoWindowAdvice};
  GLFWwindow* window = try_context(size, title, 4, 5);
  if (!window) window = try_context(size, title, 3, 3);
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
  std::unique_ptr<GlfwWindow> result(new GlfwWindow(window));
  result->gl_version_ = std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                        std::to_string(GLAD_VERSION_MINOR(version)) + " (" +
                        reinterpret_cast<const char*>(glGetString(GL_RENDERER)) + ")";
  return result;
}

GlfwWindow::GlfwWindow(GLFWwindow* window) : window_(window) {}

GlfwWindow::~GlfwWindow() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwWindow::should_close() const {
  return glfwWindowShouldClose(window_);
}
void GlfwWindow::request_close() {
  glfwSetWindowShouldClose(window_, GLFW_TRUE);
}
void GlfwWindow::poll_events() {
  glfwPollEvents();
}
void GlfwWindow::present() {
  glfwSwapBuffers(window_);
}

SurfaceSize GlfwWindow::framebuffer_size() const {
  SurfaceSize size;
  glfwGetFramebufferSize(window_, &size.width, &size.height);
  return size;
}

SurfaceSize GlfwWindow::window_size() const {
  SurfaceSize size;
  glfwGetWindowSize(window_, &size.width, &size.height);
  return size;
}

float GlfwWindow::content_scale() const {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window_, &x, &y);
  return x;
}

double GlfwWindow::refresh_period_s() const {
  const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor());
  return mode && mode->refreshRate > 0 ? 1.0 / mode->refreshRate : 1.0 / 60.0;
}

void GlfwWindow::toggle_fullscreen() {
  if (glfwGetWindowMonitor(window_) != nullptr) {
    glfwSetWindowMonitor(window_, nullptr, windowed_.x, windowed_.y, windowed_.width,
                         windowed_.height, 0);
    return;
  }
  windowed_ = *placement();
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (mode)
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

unsigned GlfwWindow::frame_read_buffer() const {
  return GL_BACK;  // captures happen before the swap
}

std::optional<WindowPlacement> GlfwWindow::placement() const {
  if (glfwGetWindowMonitor(window_) != nullptr) return std::nullopt;  // not the fullscreen size
  WindowPlacement placement;
  glfwGetWindowPos(window_, &placement.x, &placement.y);
  glfwGetWindowSize(window_, &placement.width, &placement.height);
  return placement;
}

void GlfwWindow::set_placement(const WindowPlacement& placement) {
  glfwSetWindowSize(window_, placement.width, placement.height);
  glfwSetWindowPos(window_, placement.x, placement.y);
}

void GlfwWindow::start_imgui() {
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
}
void GlfwWindow::new_imgui_frame() {
  ImGui_ImplGlfw_NewFrame();
}
void GlfwWindow::stop_imgui() {
  ImGui_ImplGlfw_Shutdown();
}

}  // namespace gs::app
