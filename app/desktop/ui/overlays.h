// What is drawn over the view: the divergence banner, the recording badge, the keyboard help
// (F1) and the caption, placed by the window's layout.
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <string_view>

#include "screen_layout.h"
#include "ui_fonts.h"
#include "video_recorder.h"

namespace gs::app {

struct Overlays {
  const std::optional<std::string>& divergence;
  const VideoRecorder* recorder;  // null when not recording
  bool& help_shown;               // the help's close button clears it
  const std::string& caption;
  std::string_view notice = {};  // a short message that is no lesson (notice_banner.h)
};

// Returns the caption's lines as drawn ("" for none).
std::string draw_overlays(const Overlays& overlays, const ScreenLayout& layout,
                          const UiFonts& fonts);

// A caption laid out for a strip `width` wide and at most `height` high: its lines ('\n'
// between two), the type size they take (the font's, smaller where they would need more height),
// the window's padding and its whole size.
struct CaptionBox {
  std::string lines;
  float size_px = 0;
  ImVec2 padding, size;
};
CaptionBox lay_out_caption(const std::string& caption, float width, float height, ImFont* font);

// The height the caption needs in a strip `width` wide, in its full size (for the layout).
float caption_height(const std::string& caption, float width, ImFont* large);

// The caption in large type, wrapped to the width of `strip` and centred on its bottom edge,
// smaller where it would not fit the strip's height. Presenting, the strip is the layout's caption
// strip; otherwise the bottom part of the field. Its lines break at spaces only (caption_wrap.h);
// returns them as drawn, a '\n' between two.
std::string draw_caption(const std::string& caption, const ScreenRect& strip, ImFont* large);

// The flags of a window that only shows something: no title, no focus, no moving.
inline constexpr ImGuiWindowFlags kOverlayFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
// The same for a window whose size is set before it is drawn (its contents measured first).
inline constexpr ImGuiWindowFlags kSizedOverlayFlags =
    kOverlayFlags & ~ImGuiWindowFlags_AlwaysAutoResize;

}  // namespace gs::app
