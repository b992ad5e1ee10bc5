// The GLFW window: context creation with the 4.5-then-3.3 fallback, sizes, fullscreen and the
// remembered placement, and ImGui's GLFW backend. GLFW calls stay in this file.
#include "glfw_window.h"

#include <glad/gl.h>
// glad first: it must define the GL types before GLFW's header looks for them.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>

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

// The primary monitor's work area (the screen less panels and docks); nullopt when GLFW knows
// no monitor.
std::optional<WindowPlacement> work_area() {
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (!monitor) return std::nullopt;
  WindowPlacement area;
  glfwGetMonitorWorkarea(monitor, &area.x, &area.y, &area.width, &area.height);
  if (area.width <= 0 || area.height <= 0) return std::nullopt;
  return area;
}

// A size the screen can show: at most its work area, at least 320x240.
SurfaceSize fit_to_screen(SurfaceSize size) {
  const std::optional<WindowPlacement> area = work_area();
  const int max_width = area ? std::max(320, area->width) : 16384;
  const int max_height = area ? std::max(240, area->height) : 16384;
  return {std::clamp(size.width, 320, max_width), std::clamp(size.height, 240, max_height)};
}

// Every input and window callback notes that something arrived, so an idle loop draws again.
// ImGui's backend, started later, chains to these: its callbacks call what was set before them.
template <class... Args>
void note_event(GLFWwindow* window, Args...) {
  static_cast<WindowInput*>(glfwGetWindowUserPointer(window))->arrived = true;
}

// Each press (and auto-repeat) queued as it arrives: polled state would lose a press released
// before the next frame looks. ImGui's backend keeps its own key state from the same events.
void queue_key(GLFWwindow* window, int key, int, int action, int mods) {
  WindowInput& input = *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
  input.arrived = true;
  if (action == GLFW_PRESS || action == GLFW_REPEAT)
    input.keys.push({key, (mods & GLFW_MOD_CONTROL) != 0, action == GLFW_REPEAT});
}

// The pointer as the events place it, in their order: asking the window system instead
// (glfwGetCursorPos) answers where it is now, already further along a drag.
void follow_cursor(GLFWwindow* window, double x, double y) {
  WindowInput& input = *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
  input.arrived = true;
  input.cursor_x = float(x), input.cursor_y = float(y);
}

// Each button press and release with where the pointer was at that moment (window units).
void queue_button(GLFWwindow* window, int button, int action, int) {
  WindowInput& input = *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
  input.arrived = true;
  input.buttons.push({button, action == GLFW_PRESS, input.cursor_x, input.cursor_y});
}

// Files dropped onto the window, with the Shift key's state at the drop (GLFW's drop callback
// carries no modifiers): the frame turns them into commands (file_drop.h).
void queue_drop(GLFWwindow* window, int count, const char** paths) {
  WindowInput& input = *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
  input.arrived = true;
  FileDrop drop;
  for (int i = 0; i < count; ++i) drop.paths.emplace_back(paths[i]);
  drop.shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
               glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  input.drops.push(drop);
}

void note_events(GLFWwindow* window, WindowInput* input) {
  glfwSetWindowUserPointer(window, input);
  glfwSetCursorPosCallback(window, follow_cursor);
  glfwSetCursorEnterCallback(window, note_event<int>);
  glfwSetMouseButtonCallback(window, queue_button);
  glfwSetScrollCallback(window, note_event<double, double>);
  glfwSetKeyCallback(window, queue_key);
  glfwSetCharCallback(window, note_event<unsigned>);
  glfwSetDropCallback(window, queue_drop);
  glfwSetWindowFocusCallback(window, note_event<int>);
  glfwSetWindowSizeCallback(window, note_event<int, int>);
  glfwSetFramebufferSizeCallback(window, note_event<int, int>);
  glfwSetWindowRefreshCallback(window, note_event<>);
  glfwSetWindowIconifyCallback(window, note_event<int>);
  glfwSetWindowMaximizeCallback(window, note_event<int>);
  glfwSetWindowContentScaleCallback(window, note_event<float, float>);
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
  size = fit_to_screen(size);
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

GlfwWindow::GlfwWindow(GLFWwindow* window) : window_(window) {
  note_events(window_, &input_);
}

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
void GlfwWindow::wait_events(double timeout_s) {
  glfwWaitEventsTimeout(timeout_s);
}
bool GlfwWindow::take_events() {
  return std::exchange(input_.arrived, false);
}
std::vector<KeyPress> GlfwWindow::take_key_presses() {
  return input_.keys.take();
}
std::vector<ButtonEvent> GlfwWindow::take_button_events() {
  return input_.buttons.take();
}

std::vector<FileDrop> GlfwWindow::take_file_drops() {
  return input_.drops.take();
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
  // A remembered place from another screen layout: fit the size, and keep the window's top
  // left corner on the screen.
  const SurfaceSize size = fit_to_screen({placement.width, placement.height});
  glfwSetWindowSize(window_, size.width, size.height);
  int x = placement.x, y = placement.y;
  if (const std::optional<WindowPlacement> area = work_area()) {
    x = std::clamp(x, area->x, area->x + std::max(0, area->width - size.width));
    y = std::clamp(y, area->y, area->y + std::max(0, area->height - size.height));
  }
  glfwSetWindowPos(window_, x, y);
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
