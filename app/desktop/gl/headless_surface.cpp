// The headless surface: GL loaded through eglGetProcAddress, the framebuffer object checked
// against the GL's size limits and kept bound for the whole run (nothing else in the app binds a
// framebuffer), and ImGui's display size and clock set each frame.
#include "headless_surface.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <thread>

#include "gl_errors.h"

namespace gs::app {
namespace {

std::string size_text(SurfaceSize size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

}  // namespace

Expected<std::unique_ptr<HeadlessSurface>> HeadlessSurface::open(
    SurfaceSize size, std::optional<int> wanted_cuda_device) {
  Expected<std::unique_ptr<EglContext>> context = EglContext::create(wanted_cuda_device);
  if (!context) return context.status();
  const int version = gladLoadGL(&EglContext::proc_address);
  if (version == 0)
    return Error{"cannot start headless OpenGL: eglGetProcAddress gave no OpenGL functions"};
  std::unique_ptr<HeadlessSurface> surface(new HeadlessSurface(std::move(context).value(), size));
  surface->gl_version_ = std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                         std::to_string(GLAD_VERSION_MINOR(version)) + " (" +
                         reinterpret_cast<const char*>(glGetString(GL_RENDERER)) +
                         ", headless on " + surface->context_->device().name + ")";
  GS_TRY(surface->create_framebuffer());
  return surface;
}

HeadlessSurface::HeadlessSurface(std::unique_ptr<EglContext> context, SurfaceSize size)
    : context_(std::move(context)), size_(size) {}

HeadlessSurface::~HeadlessSurface() {
  // While the context is still current (it goes with context_, after this body).
  glDeleteFramebuffers(1, &framebuffer_);
  glDeleteRenderbuffers(1, &colour_);
}

Status HeadlessSurface::create_framebuffer() {
  GLint max_renderbuffer = 0;
  GLint max_viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport);
  const int limit = std::min({max_renderbuffer, max_viewport[0], max_viewport[1]});
  if (size_.width > limit || size_.height > limit)
    return Error{"--window-size " + size_text(size_) +
                 " is more than this OpenGL draws offscreen (" + std::to_string(limit) +
                 " pixels a side)"};
  clear_gl_errors();
  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size_.width, size_.height);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", error);
    return Error{"cannot allocate a " + size_text(size_) + " offscreen framebuffer (GL error " +
                 code + ")"};
  }
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  if (const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
      status != GL_FRAMEBUFFER_COMPLETE) {
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", status);
    return Error{std::string("the offscreen framebuffer is incomplete (status ") + code + ")"};
  }
  glDrawBuffer(GL_COLOR_ATTACHMENT0);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glViewport(0, 0, size_.width, size_.height);
  return Status::ok();
}

void HeadlessSurface::wait_events(double timeout_s) {
  std::this_thread::sleep_for(std::chrono::duration<double>(timeout_s));
}

void HeadlessSurface::present() {
  glFlush();  // what a swap would do: send the frame's commands on their way
}

void HeadlessSurface::start_imgui() {
  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "grayscott_headless";
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no mouse
  last_frame_ = std::chrono::steady_clock::now();
}

void HeadlessSurface::new_imgui_frame() {
  ImGuiIO& io = ImGui::GetIO();
  const auto now = std::chrono::steady_clock::now();
  const float elapsed = std::chrono::duration<float>(now - last_frame_).count();
  last_frame_ = now;
  io.DisplaySize = ImVec2(float(size_.width), float(size_.height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  io.DeltaTime = elapsed > 0.0f ? elapsed : 1.0f / 60.0f;  // ImGui needs a positive step
}

void HeadlessSurface::stop_imgui() {
  ImGui::GetIO().BackendPlatformName = nullptr;
}

}  // namespace gs::app
