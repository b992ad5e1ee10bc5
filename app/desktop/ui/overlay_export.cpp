// Pictures with their overlays (overlay_export.h).
#include "overlay_export.h"

#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>

#include "colour_bar.h"
#include "overlays.h"

namespace gs::app {
namespace {

// The ImGui context made current for a scope, the previous one current again after it.
class CurrentContext {
 public:
  explicit CurrentContext(ImGuiContext* context) : previous_(ImGui::GetCurrentContext()) {
    ImGui::SetCurrentContext(context);
  }
  ~CurrentContext() { ImGui::SetCurrentContext(previous_); }
  CurrentContext(const CurrentContext&) = delete;
  CurrentContext& operator=(const CurrentContext&) = delete;

 private:
  ImGuiContext* previous_;
};

// The draw framebuffer and viewport, bound again when the export is done.
class BoundFramebuffer {
 public:
  explicit BoundFramebuffer(GLuint framebuffer) {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  }
  ~BoundFramebuffer() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  }
  BoundFramebuffer(const BoundFramebuffer&) = delete;
  BoundFramebuffer& operator=(const BoundFramebuffer&) = delete;

 private:
  GLint draw_ = 0, read_ = 0;
  GLint viewport_[4] = {};
};

constexpr ImU32 kFigureInk = IM_COL32(235, 235, 235, 255);

// The figure's axes (figure_layout.h): a frame round the field, ticks and their labels left of
// and under it, and each axis's name.
void draw_axes(const FigureAxes& axes, const ExportLayout& layout) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ScreenRect& field = layout.field;
  const float px = layout.text_px, tick = 0.4f * px, line = std::max(1.0f, 0.08f * px);
  draw->AddRect(ImVec2(field.x - line, field.y - line),
                ImVec2(field.right() + line, field.bottom() + line), IM_COL32(200, 200, 200, 200),
                0.0f, 0, line);
  for (const AxisTick& t : axes.x.ticks) {
    const float x = field.x + t.at * field.width;
    draw->AddLine(ImVec2(x, field.bottom() + line), ImVec2(x, field.bottom() + tick), kFigureInk,
                  line);
    const ImVec2 size = ImGui::CalcTextSize(t.label.c_str());
    draw->AddText(ImVec2(x - 0.5f * size.x, field.bottom() + tick + 0.1f * px), kFigureInk,
                  t.label.c_str());
  }
  const ImVec2 x_name = ImGui::CalcTextSize(axes.x.name.c_str());
  draw->AddText(
      ImVec2(field.x + 0.5f * (field.width - x_name.x), field.bottom() + tick + 1.4f * px),
      kFigureInk, axes.x.name.c_str());
  for (const AxisTick& t : axes.y.ticks) {
    const float y = field.y + t.at * field.height;
    draw->AddLine(ImVec2(field.x - tick, y), ImVec2(field.x - line, y), kFigureInk, line);
    const ImVec2 size = ImGui::CalcTextSize(t.label.c_str());
    draw->AddText(ImVec2(field.x - tick - 0.2f * px - size.x, y - 0.5f * size.y), kFigureInk,
                  t.label.c_str());
  }
  draw->AddText(ImVec2(layout.y_axis.x + 0.3f * px, field.y + 0.5f * field.height - 0.5f * px),
                kFigureInk, axes.y.name.c_str());
}

}  // namespace

OverlayExporter::~OverlayExporter() {
  if (context_) {
    const CurrentContext current(context_);
    if (renderer_ready_) ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(context_);
  }
  glDeleteTextures(1, &colour_);
  glDeleteFramebuffers(1, &framebuffer_);
}

Status OverlayExporter::prepare(const ExportLayout& layout) {
  if (!context_) {
    context_ = ImGui::CreateContext();
    const CurrentContext current(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    ImGui::StyleColorsDark();
    base_style_ = ImGui::GetStyle();
    if (!ImGui_ImplOpenGL3_Init("#version 330 core"))
      return Error{"exporting overlays: ImGui's OpenGL3 renderer found no OpenGL functions"};
    renderer_ready_ = true;
  }
  const CurrentContext current(context_);
  if (fonts_.text == nullptr || fonts_.text_px != layout.text_px) {
    fonts_ = build_ui_fonts(layout.text_px, base_style_);
    ImGui_ImplOpenGL3_DestroyFontsTexture();  // built again by the next frame
  }
  if (layout.canvas == canvas_ && framebuffer_ != 0) return Status::ok();
  if (framebuffer_ == 0) glGenFramebuffers(1, &framebuffer_);
  if (colour_ == 0) glGenTextures(1, &colour_);
  GLint texture = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
  glBindTexture(GL_TEXTURE_2D, colour_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, layout.canvas.width, layout.canvas.height, 0, GL_RGBA,
               GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, GLuint(texture));
  const BoundFramebuffer bound(framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    return Error{"exporting overlays: no " + to_string(layout.canvas) +
                 " framebuffer on this OpenGL"};
  canvas_ = layout.canvas;
  return Status::ok();
}

void OverlayExporter::draw_overlays(const ExportLayout& layout, const ExportScene& scene) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(float(layout.canvas.width), float(layout.canvas.height));
  io.DeltaTime = 1.0f / 60.0f;
  // Two frames, the first only measured: ImGui sizes a window to its content on the frame after
  // it first appears, and each picture is a frame of its own.
  for (int pass = 0; pass < 2; ++pass) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    for (std::size_t i = 0; i < scene.parameters.size(); ++i)
      draw->AddText(ImVec2(layout.parameters.x,
                           layout.parameters.y + (0.4f + 1.5f * float(i)) * layout.text_px),
                    kFigureInk, scene.parameters[i].c_str());
    draw_axes(scene.axes, layout);
    draw_colour_bar(scene.colormap, scene.range.low, scene.range.high, layout.colour_bar);
    const ScreenRect& strip = layout.colour_bar;
    const ImVec2 name = ImGui::CalcTextSize(scene.quantity.c_str());
    draw->AddText(ImVec2(strip.x + 0.5f * (strip.width - name.x), strip.y - 1.4f * layout.text_px),
                  kFigureInk, scene.quantity.c_str());
    draw_caption(scene.caption, layout.caption, fonts_.large);
    if (scene.timings) draw_timings_overlay(*scene.timings, layout.field, fonts_);
    ImGui::Render();
  }
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

Status OverlayExporter::render(const FieldTexture& texture, FieldRenderer& renderer,
                               const ExportScene& scene, const ExportLayout& layout,
                               std::vector<std::uint8_t>& rgb) {
  GS_TRY(prepare(layout));
  const BoundFramebuffer bound(framebuffer_);
  const SurfaceSize canvas{layout.canvas.width, layout.canvas.height};
  renderer.draw_export(texture, scene.range, canvas, layout.field);
  {
    const CurrentContext current(context_);
    draw_overlays(layout, scene);
  }
  // Read back bottom-up (GL's rows), then put the rows top to bottom as images are stored.
  const std::size_t row = std::size_t(canvas.width) * 3;
  rgb.resize(row * std::size_t(canvas.height));
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, canvas.width, canvas.height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  std::vector<std::uint8_t> swap(row);
  for (int y = 0; y < canvas.height / 2; ++y) {
    std::uint8_t* top = rgb.data() + std::size_t(y) * row;
    std::uint8_t* bottom = rgb.data() + std::size_t(canvas.height - 1 - y) * row;
    std::copy(top, top + row, swap.begin());
    std::copy(bottom, bottom + row, top);
    std::copy(swap.begin(), swap.end(), bottom);
  }
  return Status::ok();
}

}  // namespace gs::app
