// The windowed render surface: a GLFW window with its OpenGL context (4.5 core, or 3.3 core where
// 4.5 is missing; glad 2 loads the functions) and ImGui's GLFW platform backend. Owns GLFW's
// lifetime. Main thread only.
#pragma once

#include <memory>
#include <string>

#include "render_surface.h"

struct GLFWwindow;

namespace gs::app {

// What the window's callbacks note between frames: that something arrived (so an idle loop draws
// again), and the key and mouse-button presses.
struct WindowInput {
  bool arrived = false;
  KeyPressQueue keys;
  ButtonEventQueue buttons;
  FileDropQueue drops;
  float cursor_x = 0.0f, cursor_y = 0.0f;  // the last pointer position the events gave
};

class GlfwWindow final : public RenderSurface {
 public:
  // Fails with a clear message when there is no display (pointing to --headless and
  // grayscott-batch) or no usable OpenGL.
  static Expected<std::unique_ptr<GlfwWindow>> open(SurfaceSize size, const std::string& title);
  ~GlfwWindow() override;
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;

  bool should_close() const override;
  void request_close() override;
  void poll_events() override;
  void wait_events(double timeout_s) override;
  bool take_events() override;
  std::vector<KeyPress> take_key_presses() override;
  std::vector<ButtonEvent> take_button_events() override;
  std::vector<FileDrop> take_file_drops() override;
  void present() override;
  SurfaceSize framebuffer_size() const override;
  SurfaceSize window_size() const override;
  float content_scale() const override;
  double refresh_period_s() const override;
  // Fullscreen on the primary monitor and back to the windowed size and place (F11).
  void toggle_fullscreen() override;
  const std::string& gl_version() const override { return gl_version_; }
  std::optional<EglDevice> egl_device() const override { return std::nullopt; }
  unsigned frame_read_buffer() const override;
  std::optional<WindowPlacement> placement() const override;
  void set_placement(const WindowPlacement& placement) override;
  void start_imgui() override;
  void new_imgui_frame() override;
  void stop_imgui() override;

 private:
  explicit GlfwWindow(GLFWwindow* window);
  GLFWwindow* window_;
  std::string gl_version_;
  WindowPlacement windowed_;  // the size and place before going fullscreen
  WindowInput input_;         // set by the window's callbacks, taken by the frame loop
};

}  // namespace gs::app
