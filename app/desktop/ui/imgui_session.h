// ImGui's life beside the render surface: the context, the remembered panel layout (imgui.ini
// beside the settings; headless runs read it, never write it), the platform side (the surface's)
// and the OpenGL3 renderer, the UI scale, and each frame's begin and end.
#pragma once

#include <imgui.h>

#include <filesystem>
#include <memory>
#include <string>

#include "gs/status.h"
#include "render_surface.h"

namespace gs::app {

class ImGuiSession {
 public:
  static Expected<std::unique_ptr<ImGuiSession>> start(RenderSurface& surface,
                                                       const std::filesystem::path& config,
                                                       bool headless);
  ~ImGuiSession();
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

  // Projectors want big text; high-DPI screens report a content scale that multiplies it.
  void apply_scale(float ui_scale, float font_size);
  void begin_frame();
  void end_frame();  // draws what the frame built

 private:
  explicit ImGuiSession(RenderSurface& surface) : surface_(surface) {}

  RenderSurface& surface_;
  std::string ini_path_;  // ImGui keeps a pointer to it
  ImGuiStyle base_style_;
  bool platform_ready_ = false;
  bool renderer_ready_ = false;
};

}  // namespace gs::app
