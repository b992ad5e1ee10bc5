// What the app draws into, with its OpenGL context and ImGui's platform side: a GLFW window
// (glfw_window.h) or an offscreen framebuffer on EGL with no window system (headless_surface.h).
// The app calls only this interface, never GLFW or EGL. Main (GL) thread only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu_pairing.h"
#include "gs/status.h"
#include "key_presses.h"
#include "settings.h"

namespace gs::app {

struct SurfaceSize {
  int width = 0;
  int height = 0;
};

// The window's size when neither --window-size nor the remembered placement says otherwise.
inline constexpr SurfaceSize kDefaultSurfaceSize{1400, 900};
// --window-size's limit per side; the GL implementation may allow less (then opening fails).
inline constexpr int kMaxSurfaceSide = 16384;

class RenderSurface {
 public:
  virtual ~RenderSurface() = default;

  // The frame loop: closing (the window's close button, or request_close), input, showing.
  virtual bool should_close() const = 0;
  virtual void request_close() = 0;
  virtual void poll_events() = 0;
  // Sleeps until an event arrives or `timeout_s` has passed, and handles what arrived
  // (offscreen, where nothing arrives, it sleeps the timeout).
  virtual void wait_events(double timeout_s) = 0;
  // Whether input or a window event (a resize, an exposed window) arrived since the last call.
  virtual bool take_events() = 0;
  // The key presses since the last call, each once, as the window system sent them (none
  // offscreen). Read as events, not state: a tap shorter than a frame still counts.
  virtual std::vector<KeyPress> take_key_presses() = 0;
  // The mouse-button presses and releases since the last call, each with where the pointer was
  // (none offscreen): a drag's ends, which a slow frame would otherwise miss.
  virtual std::vector<ButtonEvent> take_button_events() = 0;
  // The files dropped onto the window since the last call (none offscreen).
  virtual std::vector<FileDrop> take_file_drops() { return {}; }
  // Shows the frame just drawn (a buffer swap; a flush offscreen).
  virtual void present() = 0;

  // The framebuffer in pixels; the window in the units of mouse positions and ImGui's display
  // (they differ on high-DPI screens).
  virtual SurfaceSize framebuffer_size() const = 0;
  virtual SurfaceSize window_size() const = 0;
  virtual float content_scale() const = 0;      // 1 where there is no monitor
  virtual double refresh_period_s() const = 0;  // 1/60 s where unknown
  virtual void toggle_fullscreen() = 0;         // F11; nothing offscreen
  virtual const std::string& gl_version() const = 0;
  // The EGL device of a headless context, with its CUDA device where EGL says; none in a window.
  virtual std::optional<EglDevice> egl_device() const = 0;
  // The GL colour buffer that holds the frame just drawn, for window captures (glReadBuffer).
  virtual unsigned frame_read_buffer() const = 0;

  // The window's size and place, to remember between runs; none while fullscreen or offscreen.
  virtual std::optional<WindowPlacement> placement() const = 0;
  virtual void set_placement(const WindowPlacement& placement) = 0;

  // ImGui's platform side (display size, time, input) around the OpenGL3 renderer backend:
  // started once the ImGui context exists, new-framed before ImGui::NewFrame, stopped before the
  // context is destroyed.
  virtual void start_imgui() = 0;
  virtual void new_imgui_frame() = 0;
  virtual void stop_imgui() = 0;
};

// The surface a run asks for: offscreen (headless) at `size` or the default, on the EGL device
// that is `wanted_cuda_device` where one is; otherwise a window at `size`, else at the remembered
// placement, else the default size (the window system chooses its GPU).
Expected<std::unique_ptr<RenderSurface>> open_render_surface(
    bool headless, std::optional<SurfaceSize> size,
    const std::optional<WindowPlacement>& remembered, std::optional<int> wanted_cuda_device);

}  // namespace gs::app
