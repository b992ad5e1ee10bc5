// The overlays over the view (overlays.h).
#include "overlays.h"

#include <algorithm>
#include <cmath>

#include "caption_wrap.h"
#include "input.h"

namespace gs::app {
namespace {

// A caption too long for its strip even at this share of the large type's size is cut: a script
// that long wants several captions.
constexpr float kSmallestCaptionShare = 0.2f;

void divergence_banner(const std::string& message, const ScreenRect& field) {
  ImGui::SetNextWindowPos(ImVec2(field.x + 0.5f * field.width, field.y + ImGui::GetFontSize()),
                          ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.6f, 0.1f, 0.1f, 0.9f));
  ImGui::Begin("##divergence", nullptr, kOverlayFlags);
  ImGui::PushTextWrapPos(std::max(field.width * 0.8f, 10.0f * ImGui::GetFontSize()));
  ImGui::TextUnformatted(message.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
  ImGui::PopStyleColor();
}

void recording_badge(const VideoRecorder& recorder, const ScreenRect& field) {
  const float gap = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImVec2(field.right() - gap, field.y + gap), ImGuiCond_Always,
                          ImVec2(1.0f, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.5f, 0.05f, 0.05f, 0.85f));
  ImGui::Begin("##recording", nullptr, kOverlayFlags);
  ImGui::Text("REC  %lld frames  %.1f s  %.1f MB", recorder.frames_written(), recorder.duration_s(),
              double(recorder.bytes_written()) / 1e6);
  ImGui::End();
  ImGui::PopStyleColor();
}

void keyboard_help(bool& shown) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                 viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::Begin("Keys and mouse (F1)", &shown,
               ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoCollapse);
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    const auto row = [](const char* key, const char* action) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(key);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(action);
    };
    for (const KeyBinding& binding : key_bindings()) row(binding.key_name, binding.description);
    for (const MouseGesture& gesture : mouse_gestures()) row(gesture.gesture, gesture.description);
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace

CaptionBox lay_out_caption(const std::string& caption, float width, float height, ImFont* font) {
  CaptionBox box;
  if (caption.empty() || width <= 0 || !font) return box;
  // Whole pixels: ImGui floors a window's padding where it places the content.
  box.padding = ImVec2(std::round(0.4f * font->FontSize), std::round(0.15f * font->FontSize));
  // Wrapped at the strip's width less the window's padding; where the text would need more
  // height than the strip has, the type gets smaller until it fits (a caption is never cut).
  // ImGui keeps a window DisplaySafeAreaPadding in from the screen's edges, so a strip as wide
  // as the screen has that much less room.
  const float room =
      ImGui::GetIO().DisplaySize.x - 2.0f * ImGui::GetStyle().DisplaySafeAreaPadding.x;
  const float text_width = std::max(std::min(width, room) - 2.0f * box.padding.x, 1.0f);
  const float text_height = height - 2.0f * box.padding.y;
  // Its lines break at spaces, never inside a number or between a number and its unit.
  const auto lines_at = [&](float size) {
    return wrap_caption(caption, text_width, [font, size](std::string_view text) {
      return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
    });
  };
  box.size_px = font->FontSize;
  box.lines = lines_at(box.size_px);
  ImVec2 text = font->CalcTextSizeA(box.size_px, FLT_MAX, 0.0f, box.lines.c_str());
  while (box.size_px > kSmallestCaptionShare * font->FontSize && text.y > text_height) {
    box.lines = lines_at(box.size_px *= 0.95f);
    text = font->CalcTextSizeA(box.size_px, FLT_MAX, 0.0f, box.lines.c_str());
  }
  // Whole pixels, rounded up: ImGui floors a window's size, which would cut the last row.
  box.size =
      ImVec2(std::ceil(text.x + 2.0f * box.padding.x), std::ceil(text.y + 2.0f * box.padding.y));
  return box;
}

float caption_height(const std::string& caption, float width, ImFont* large) {
  return lay_out_caption(caption, width, FLT_MAX, large).size.y;
}

std::string draw_caption(const std::string& caption, const ScreenRect& strip, ImFont* large) {
  if (caption.empty() || strip.width <= 0) return "";
  ImFont* font = large ? large : ImGui::GetFont();
  const CaptionBox box = lay_out_caption(caption, strip.width, strip.height, font);
  // Sized here, not by ImGui from the last frame's contents: a new caption is drawn whole in the
  // frame that first shows it.
  ImGui::SetNextWindowPos(ImVec2(strip.x + 0.5f * strip.width, strip.bottom()), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSize(box.size, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, box.padding);
  ImGui::Begin("##caption", nullptr, kSizedOverlayFlags);
  ImGui::PushFont(font);
  ImGui::SetWindowFontScale(box.size_px / font->FontSize);
  ImGui::TextUnformatted(box.lines.c_str());
  ImGui::PopFont();
  ImGui::End();
  ImGui::PopStyleVar();
  return box.lines;
}

std::string draw_overlays(const Overlays& o, const ScreenLayout& layout, const UiFonts& fonts) {
  if (o.divergence) divergence_banner(*o.divergence, layout.field);
  if (o.recorder) recording_badge(*o.recorder, layout.field);
  if (o.help_shown) keyboard_help(o.help_shown);
  // Over the field, the caption keeps to its bottom part (smaller type where it needs more).
  const ScreenRect& field = layout.field;
  const ScreenRect strip = layout.caption ? *layout.caption
                                          : ScreenRect{field.x, field.y + 0.65f * field.height,
                                                       field.width, 0.35f * field.height};
  return draw_caption(o.caption, strip, fonts.large);
}

}  // namespace gs::app
