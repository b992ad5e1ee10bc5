// The offscreen render surface for `grayscott --headless`: an EGL device-platform context
// (egl_context.h) drawing into a framebuffer object with an RGBA8 colour renderbuffer of a fixed
// size, and ImGui fed that size and the frame time by hand. No window system, no input.
#pragma once

#include <glad/gl.h>

#include <chrono>
#include <memory>

#include "egl_context.h"
#include "render_surface.h"

namespace gs::app {

class HeadlessSurface final : public RenderSurface {
 public:
  // On the EGL device that is `wanted_cuda_device` where EGL names one (egl_context.h).
  static Expected<std::unique_ptr<HeadlessSurface>> open(SurfaceSize size,
                                                         std::optional<int> wanted_cuda_device);
  ~HeadlessSurface() override;
  HeadlessSurface(const HeadlessSurface&) = delete;
  HeadlessSurface& operator=(const HeadlessSurface&) = delete;

  bool should_close() const override { return close_requested_; }
  void request_close() override { close_requested_ = true; }
  void poll_events() override {}
  // No input arrives: the wait is a sleep.
  void wait_events(double timeout_s) override;
  bool take_events() override { return false; }
  std::vector<KeyPress> take_key_presses() override { return {}; }
  std::vector<ButtonEvent> take_button_events() override { return {}; }
  void present() override;
  SurfaceSize framebuffer_size() const override { return size_; }
  SurfaceSize window_size() const override { return size_; }
  float content_scale() const override { return 1.0f; }
  double refresh_period_s() const override { return 1.0 / 60.0; }
  void toggle_fullscreen() override {}
  const std::string& gl_version() const override { return gl_version_; }
  std::optional<EglDevice> egl_device() const override { return context_->device(); }
  unsigned frame_read_buffer() const override { return GL_COLOR_ATTACHMENT0; }
  std::optional<WindowPlacement> placement() const override { return std::nullopt; }
  void set_placement(const WindowPlacement&) override {}
  void start_imgui() override;
  void new_imgui_frame() override;
  void stop_imgui() override;

 private:
  HeadlessSurface(std::unique_ptr<EglContext> context, SurfaceSize size);
  Status create_framebuffer();

  std::unique_ptr<EglContext> context_;
  SurfaceSize size_;
  std::string gl_version_;
  GLuint framebuffer_ = 0;
  GLuint colour_ = 0;
  bool close_requested_ = false;
  std::chrono::steady_clock::time_point last_frame_;
};

}  // namespace gs::app
