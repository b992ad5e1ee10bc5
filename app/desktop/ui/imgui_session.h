// ImGui's life beside the render surface: the context, ImGui's own remembered state (imgui.ini
// beside the settings; headless runs read it, never write it; the panel itself is placed by the
// app's layout), the platform side (the surface's) and the OpenGL3 renderer, the fonts at the
// text size shown, and each frame's begin and end.
#pragma once

#include <imgui.h>

#include <filesystem>
#include <memory>
#include <string>

#include "gs/status.h"
#include "render_surface.h"
#include "ui_fonts.h"

namespace gs::app {

class ImGuiSession {
 public:
  static Expected<std::unique_ptr<ImGuiSession>> start(RenderSurface& surface,
                                                       const std::filesystem::path& config,
                                                       bool headless);
  ~ImGuiSession();
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

  // Text of `text_px` pixels (font size x UI scale x the monitor's content scale, fitted to the
  // window), and presenting what the audience reads at least `audience_px`: the fonts are built
  // again when either changes. Between frames only.
  void set_text_px(float text_px, float audience_px = 0.0f);
  const UiFonts& fonts() const { return fonts_; }
  void begin_frame();
  void end_frame();  // draws what the frame built

 private:
  explicit ImGuiSession(RenderSurface& surface) : surface_(surface) {}

  RenderSurface& surface_;
  std::string ini_path_;  // ImGui keeps a pointer to it
  ImGuiStyle base_style_;
  UiFonts fonts_;
  bool fonts_built_ = false;
  bool platform_ready_ = false;
  bool renderer_ready_ = false;
};

}  // namespace gs::app
